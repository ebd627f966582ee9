import FilterRequests
@testable import MkfilterCLI
import Testing

/// The web page's designs (`QueryDesignRequest`, what `mkfilter serve` and its
/// API call) are the command line's: the same JSON and code, byte for byte.
@Suite struct QueryDesignTests {
    static let shakeWords = ["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3"]

    @Test func shakesBandPassGivesTheCommandLinesJSON() throws {
        let design = try QueryDesignRequest(query: QueryDesignRequest.shakeQuery).run()
        let cli = Mkfilter.run(arguments: Self.shakeWords + ["--emit", "json"])
        #expect(cli.exitCode == 0)
        #expect(try design.code(.json) == cli.standardOutput)
        #expect(design.commandLine.hasPrefix("mkfilter -Bu -Bp -o 3"))
    }

    @Test(arguments: ["json", "swift", "c", "cmsis", "vdsp", "js", "c-ansic", "c-xyc", "c-f"])
    func namedDesignsGiveTheCommandLinesCode(format: String) throws {
        let query = QueryDesignRequest.shakeQuery + "&name=Shake%20band%20pass&description=steps%20%3C%2Fscript%3E&tag=3"
        let design = try QueryDesignRequest(query: query).run()
        // gencode echoes the listing's command line: give the one the page shows.
        let words = format.hasPrefix("c-") ? design.commandLine.split(separator: " ").dropFirst().map(String.init) : Self.shakeWords
        let cli = Mkfilter.run(arguments: words + ["--emit", format, "--name", "Shake band pass",
                                                             "--description", "steps </script>", "--tag", "3"])
        #expect(cli.exitCode == 0, "\(cli.standardError)")
        #expect(try design.code(EmissionFormat(rawValue: format)!) == cli.standardOutput)
    }

    @Test func errorsNameTheirField() {
        for (query, field) in [("family=butterworth&band=lowPass&order=x&corners=5&sampleRate=60", "order"),
                               ("family=butterworth&band=lowPass&order=2&corners=31&sampleRate=60", "corners"),
                               ("family=bogus&band=lowPass&order=2&corners=5&sampleRate=60", "family"),
                               ("family=passThrough&sampleRate=60", "family"),
                               ("%ZZ=1&family=butterworth&band=lowPass&order=2&corners=5&sampleRate=60", "%ZZ"),
                               ("family=butterworth&band=bandPass&order=3&corners=49.99999999,49.999999999&sampleRate=100", "corners")] {
            #expect(throws: ApplicationError.self) { try QueryDesignRequest(query: query).run() }
            do { _ = try QueryDesignRequest(query: query).run() } catch { #expect(error.field == field, "\(query): \(error)") }
        }
    }

    @Test func theFilterSetEntryReadsBackAsTheSameDesign() throws {
        let design = try QueryDesignRequest(query: QueryDesignRequest.shakeQuery + "&name=shake").run()
        #expect(design.filterSetFile.contains("\"name\": \"shake\""))
        #expect(design.filterSetFile.contains("\"corners\": [0.5, 3.0]"))
        #expect(design.filterSetFile.contains("\"sampleRate\": 60.0"))
    }
}

import AnalysisRequests
import FilterDesign
import FilterRequests
import FilterSets
import FisherCompatibility
import Testing

/// `DesignCommandRequest`: a design command from its words to what it
/// prints, the one step the command line calls.
@Suite struct DesignCommandRequestTests {
    @Test func fishersWordsGiveHisReportAndListing() throws {
        let words = ["-Bu", "-Lp", "-o", "4", "-a", "0.1"]
        let report = try DesignCommandRequest(design: .fisher(words: words)).run()
        let design = try DesignRequest(fisherWords: words).run()
        #expect(report.text == design.report(commandLine: "mkfilter -Bu -Lp -o 4 -a 0.1"))
        #expect(report.text.hasPrefix("Command line: mkfilter -Bu -Lp -o 4 -a 0.1\n"))
        #expect(report.warnings.isEmpty)
        let listing = try DesignCommandRequest(design: .fisher(words: words + ["-l"])).run()
        #expect(listing.text == (try design.listing(commandLine: "mkfilter -Bu -Lp -o 4 -a 0.1 -l")))
    }

    @Test func codeIsTheEmissionRequestsForTheSameDesign() throws {
        var settings = EmissionSettings(format: .c)
        settings.name = "smooth"
        settings.precision = .float
        let words = ["-Bu", "-Lp", "-o", "4", "-a", "0.1"]
        let code = try DesignCommandRequest(design: .fisher(words: words), emission: settings).run()
        var request = EmissionRequest(design: try DesignRequest(fisherWords: words).run().design, format: .c,
                                      listingCommandLine: "mkfilter -Bu -Lp -o 4 -a 0.1 -l")
        request.name = "smooth"
        request.cPrecision = .float
        #expect(code.text == (try request.run()))
        #expect(code.text.contains("float"))

        let firWords = ["--taps", "15", "--cutoff", "0.1"]
        let fir = try DesignCommandRequest(design: .fir(method: .firwin, words: firWords), emission: EmissionSettings(format: .json)).run()
        let filter = try FIRFields(method: .firwin, optionWords: firWords).design().filter
        #expect(fir.text == (try EmissionRequest(fir: filter, commandLine: "mkfilter firwin --taps 15 --cutoff 0.1", format: .json).run()))
    }

    /// Refusals stay typed: the words' own error rides in `underlying`,
    /// which says whether the usage helps.
    @Test func refusalsKeepTheFormsError() throws {
        do {
            _ = try DesignCommandRequest(design: .fisher(words: ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "-q"])).run()
            Issue.record("an unknown option was accepted")
        } catch {
            #expect((error.underlying as? FisherCommandLineError)?.showsUsage == true, "\(error)")
        }
        do {
            _ = try DesignCommandRequest(design: .fir(method: .remez, words: ["--bands", "0", "0.2", "0.25", "0.5", "--desired", "1", "0"])).run()
            Issue.record("remez without taps was accepted")
        } catch {
            #expect(error.field == "--taps")
            #expect((error.underlying as? FIRFields.Mistake)?.showsUsage == true)
        }
        var tagged = EmissionSettings(format: .c)
        tagged.tag = 3
        // The tag is refused before anything is designed (the words here design nothing).
        #expect(throws: ApplicationError("--tag is the menu tag of an IIR DigitalFilterTemplate; a FIR filter has none: leave it out")) {
            try DesignCommandRequest(design: .fir(method: .remez, words: []), emission: tagged).run()
        }
        #expect(throws: ApplicationError.self) {
            try DesignCommandRequest(design: .fisher(words: ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "-l"]),
                                     emission: EmissionSettings(format: .swift)).run()
        }
        var precise = EmissionSettings(format: .swift)
        precise.precision = .float
        #expect(throws: ApplicationError.self) {
            try DesignCommandRequest(design: .fisher(words: ["-Bu", "-Lp", "-o", "4", "-a", "0.1"]), emission: precise).run()
        }
    }

    /// A resampler is written only as code, the emission request's for the
    /// same filter.
    @Test func aResamplerIsItsCode() throws {
        let code = try DesignCommandRequest(design: .resampler(up: 3, down: 2), emission: EmissionSettings(format: .json)).run()
        let filter = try ResamplingFilter(up: 3, down: 2)
        #expect(code.text == (try EmissionRequest(resampler: filter, commandLine: "mkfilter resample --up 3 --down 2", format: .json).run()))
        #expect(throws: ApplicationError.self) { try DesignCommandRequest(design: .resampler(up: 3, down: 2)).run() }
        var tagged = EmissionSettings(format: .swift)
        tagged.tag = 1
        #expect(throws: ApplicationError("--tag is the menu tag of an IIR DigitalFilterTemplate; a resampler has none: leave it out")) {
            try DesignCommandRequest(design: .resampler(up: 3, down: 2), emission: tagged).run()
        }
    }
}

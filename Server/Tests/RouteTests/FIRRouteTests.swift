import FilterDesign
import FilterRequests
import FilterServer
import FilterSets
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The FIR design page (`/fir`) and its API: the page shows every format
/// that writes taps, each the command line's text for the page's command
/// line; `/api/fir/code` answers each with its media type and file name;
/// the query and the command line are one form (`FIRFields`) of one reader, so
/// both designs are the same filter; bad queries are 4xx naming the field;
/// what the page reflects is escaped.
@Suite struct FIRRouteTests {
    static let query = "design=firwin&taps=63&cutoff=5,12&band=bandpass&sampleRate=60&window=blackman"

    @Test func thePageShowsEveryFormatOfTheDesign() async throws {
        let design = try FIRQueryRequest(query: Self.query).run()
        #expect(design.commandLine == "mkfilter firwin --taps 63 --cutoff 5 12 --band bandpass --sample-rate 60 --window blackman")
        try await withClient { client in
            let (status, body, _) = try await get(client, "/fir?\(Self.query)")
            #expect(status == .ok)
            #expect(body.contains("<h2>firwin 63 taps</h2>") && body.contains("id=\"plot-response\"") && body.contains("id=\"plot-impulse\""))
            for format in EmissionFormat.writing(.taps) {
                #expect(body.contains("id=\"code-\(format.rawValue)\""), "\(format.rawValue)")
                let (codeStatus, code, headers) = try await get(client, "/api/fir/code?\(design.canonicalQuery)&format=\(format.rawValue)&download=1")
                #expect(codeStatus == .ok, "\(format.rawValue): \(code)")
                let expected = try design.code(format)
                #expect(code == expected, "\(format.rawValue)")
                #expect(headers[.contentType] == format.declaration.mediaType)
                #expect(headers[.contentDisposition] == "attachment; filename=\"Firwin63Taps\(format.declaration.fileSuffix)\"")
                // The page's block is the same text, escaped.
                let escaped = code.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
                    .replacingOccurrences(of: "'", with: "&#39;")
                #expect(body.contains(escaped), "\(format.rawValue): the page's code differs from /api/fir/code")
            }
            for format in EmissionFormat.allCases where !format.declaration.writes.contains(.taps) {
                #expect(!body.contains("id=\"code-\(format.rawValue)\""), "\(format.rawValue) offered for a FIR filter")
            }
            let (json, document, _) = try await get(client, "/api/fir/design?\(Self.query)")
            let expectedJSON = try design.code(.json)
            #expect(json == .ok && document == expectedJSON)
            let (csv, response, _) = try await get(client, "/api/fir/response?\(Self.query)")
            #expect(csv == .ok && response.hasPrefix("alpha,frequency_hz,magnitude"))
            // Its entry in a filter set file: on the page, and as a download.
            #expect(body.contains("id=\"code-filterset\"") && body.contains("&quot;design&quot;: &quot;firwin&quot;"))
            let (fileStatus, file, fileHeaders) = try await get(client, "/api/fir/filters.json?\(design.canonicalQuery)&download=1")
            #expect(fileStatus == .ok && file == design.filterSetFile)
            #expect(fileHeaders[.contentDisposition] == "attachment; filename=\"Firwin63Taps.filters.json\"")
            // Shake!'s screen runs the taps: /live takes the FIR page's query, its
            // script is `--emit js`'s FIR code in LiveFilters, and it links back to /fir.
            #expect(body.contains("href=\"/live?\(design.canonicalQuery.replacingOccurrences(of: "&", with: "&amp;"))\" id=\"live-link\""))
            let (liveStatus, live, _) = try await get(client, "/live?\(design.canonicalQuery)")
            #expect(liveStatus == .ok && live.contains("Shake!'s screen: firwin 63 taps") && live.contains("href=\"/fir?"), "\(live)")
            #expect(live.contains("&quot;designPage&quot;") || live.contains("\"designPage\": \"/fir\""), "\(live)")
            let (scriptStatus, script, _) = try await get(client, "/live/filter.js?\(design.canonicalQuery)")
            #expect(scriptStatus == .ok && script.contains("const LiveFilters") && script.contains("create()"), "\(script)")
            // "Try on a recording", as the design page has it, with this design's query.
            #expect(body.contains("<section id=\"recording\" data-query=\"\(design.canonicalQuery.replacingOccurrences(of: "&", with: "&amp;"))\">"))
        }
    }

    /// The page's query and the command line's words give the same taps.
    /// `design=decimator`: the page shows the cascade (its plots, its report,
    /// every format it is written in, each `/api/fir/code`'s text), weighs
    /// as heavy work, and has no filter set entry (422).
    @Test func theDecimatorIsOnThePage() async throws {
        let query = "design=decimator&factor=8&sampleRate=800&passbandEdge=40&passbandLoss=0.1&stopbandAttenuation=80"
        let design = try DecimatorQueryRequest(query: query).run()
        #expect(design.commandLine == "mkfilter decimator --factor 8 --sample-rate 800 --passband-edge 40 --passband-loss 0.1 --stopband-attenuation 80")
        #expect(HeavyWork.isHeavyFIR(query: query))
        try await withClient { client in
            let (status, body, _) = try await get(client, "/fir?\(query)")
            #expect(status == .ok)
            #expect(body.contains("<h2>decimate by 8</h2>") && body.contains("id=\"plot-response\"") && body.contains("id=\"plot-impulse\"")
                    && body.contains("multistage decimator by 8: 3 stages (2 x 2 x 2)"))
            for format in MultistageDecimator.emissionFormats {
                #expect(body.contains("id=\"code-\(format.rawValue)\""), "\(format.rawValue)")
                let (codeStatus, code, _) = try await get(client, "/api/fir/code?\(design.canonicalQuery)&format=\(format.rawValue)")
                let expected = try design.code(format)
                #expect(codeStatus == .ok && code == expected, "\(format.rawValue)")
            }
            let (fileStatus, _, _) = try await get(client, "/api/fir/filters.json?\(query)")
            #expect(fileStatus == .unprocessableContent)
            let (csvStatus, csv, _) = try await get(client, "/api/fir/response?\(query)")
            #expect(csvStatus == .ok && csv.hasPrefix("alpha,frequency_hz,magnitude"))
        }
    }

    @Test func queryAndCommandLineAreOneReader() throws {
        for (query, words) in [
            ("design=remez&taps=31&bands=0,6,7.5,30&desired=1,0&sampleRate=60",
             ["--taps", "31", "--bands", "0", "6", "7.5", "30", "--desired", "1", "0", "--sample-rate", "60"]),
            ("design=firwin2&taps=51&frequencies=0,0.1,0.2,0.5&gains=1,1,0,0&antisymmetric=&window=hann",
             ["--taps", "51", "--frequencies", "0", "0.1", "0.2", "0.5", "--gains", "1", "1", "0", "0", "--window", "hann"]),
            ("design=firls&taps=41&bands=0,0.1,0.2,0.5&desired=1,1,0,0&weights=1,10&minimumPhase=homomorphic",
             ["--taps", "41", "--bands", "0", "0.1", "0.2", "0.5", "--desired", "1", "1", "0", "0", "--weights", "1", "10", "--minimum-phase", "homomorphic"]),
        ] {
            let page = try FIRQueryRequest(query: query).run()
            var fields = FIRFields(method: page.fields.method, spelling: .option)
            var k = 0
            while k < words.count {
                let name = fields.canonical(words[k])!
                var values: [String] = []
                k += 1
                while k < words.count, !words[k].hasPrefix("--") { values.append(words[k]); k += 1 }
                try fields.add(name, values)
            }
            let taps = try fields.recipe().design().taps
            #expect(taps == page.filter.taps, "\(query)")
        }
        let spec = try FIRQueryRequest(query: "design=fir&passbandEdge=5&stopbandEdge=8&passbandLoss=0.5&stopbandAttenuation=40&sampleRate=60").run()
        #expect(spec.filter.taps.count == 36 && spec.report.hasPrefix("specification: ripple 0.5 dB"))
    }

    @Test(arguments: [
        ("design=firwin&taps=abc&cutoff=0.1", "taps"),
        ("design=firwin&taps=0&cutoff=0.1", "taps"),
        ("design=firwin&taps=31", "cutoff"),
        ("design=firwin&taps=31&cutoff=0.7", ""),
        ("design=remez&taps=31&cutoff=0.1", "cutoff"),
        ("design=remez&taps=31&bands=0,0.2,0.25,0.5&desired=1,0&colour=red", "colour"),
        ("design=fir-ish&taps=31", "design"),
        ("design=firwin&taps=31&cutoff=0.1&taps=32", "taps"),
        ("design=firwin&taps=99999&cutoff=0.1", "taps"),
        ("design=firwin&taps=31&cutoff=0.1&window=hammer", "window"),
        ("design=fir&taps=31&passbandEdge=0.1&stopbandEdge=0.15&passbandLoss=0.5&stopbandAttenuation=60", "taps"),
        ("design=fir&passbandEdge=0.1&stopbandEdge=0.1001&passbandLoss=0.1&stopbandAttenuation=80", "stopbandEdge"),
        ("design=firwin&taps=31&cutoff=0.1&format=listing", "format"),
        // A design's own range checks name the field as the query spells it.
        ("design=fir&passbandEdge=0.1&stopbandEdge=0.15&passbandLoss=0.5&stopbandAttenuation=400", "stopbandAttenuation"),
        ("design=firwin&taps=31&cutoff=0.1&noScale=maybe", "noScale"),
        // A Kaiser beta whose I0 overflows: refused at once, not a hung slot.
        ("design=firwin&taps=31&cutoff=0.1&window=kaiser:3e307", ""),
        // The decimator's fields, its server bound and its design's rules.
        ("design=decimator&factor=128&passbandEdge=0.001&passbandLoss=0.1&stopbandAttenuation=80", "factor"),
        ("design=decimator&factor=8&passbandEdge=0.3&passbandLoss=0.1&stopbandAttenuation=80", "passbandEdge"),
        ("design=decimator&factor=8&passbandEdge=0.05&stopbandAttenuation=80", "passbandLoss"),
        ("design=decimator&factor=8&passbandEdge=0.05&passbandLoss=0.1&stopbandAttenuation=80&taps=31", "taps"),
        ("design=decimator&factor=8&passbandEdge=0.05&passbandLoss=0.1&stopbandAttenuation=80&format=vdsp", "format"),
    ])
    func badQueriesAreFourHundredsNamingTheField(query: String, field: String) async throws {
        try await withClient { client in
            let (status, body, _) = try await get(client, "/api/fir/code?\(query)")
            #expect(status.code >= 400 && status.code < 500, "\(query): \(status)")
            if field.isEmpty {
                #expect(status == .unprocessableContent, "\(query): \(body)")
            } else {
                #expect(body.contains("\"field\": \"\(field)\""), "\(query): \(body)")
            }
            let (page, html, _) = try await get(client, "/fir?\(query)")
            #expect(page.code >= 400 && page.code < 500 && html.contains("role=\"alert\""), "\(query)")
        }
    }

    /// A minimum-phase specification searches twice the attenuation: the
    /// server's bound holds for the search itself (a 4xx within seconds, not
    /// 8,000-tap designs), and a query over 4,096 bytes is a 413.
    @Test(.timeLimit(.minutes(1))) func theServersBoundsHold() async throws {
        try await withClient { client in
            let (status, body, _) = try await get(client, "/api/fir/design?design=fir&passbandEdge=0.1&stopbandEdge=0.10125&passbandLoss=0.1&stopbandAttenuation=80&minimumPhase=homomorphic")
            #expect(status.code >= 400 && status.code < 500 && body.contains("4095"), "\(status): \(body)")
            let long = "design=firwin&taps=31&cutoff=0.1&description=" + String(repeating: "a", count: 5000)
            let (tooLong, _, _) = try await get(client, "/api/fir/code?\(long)")
            #expect(tooLong == .contentTooLarge)
            let (page, _, _) = try await get(client, "/fir?\(long)")
            #expect(page == .contentTooLarge)
        }
    }

    @Test func whatThePageReflectsIsEscaped() async throws {
        let evil = "<script>alert(1)</script>\"'&"
        let encoded = evil.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await withClient { client in
            for uri in ["/fir?design=firwin&taps=31&cutoff=0.1&name=\(encoded)&description=\(encoded)",
                        "/fir?design=firwin&taps=\(encoded)&cutoff=0.1", "/fir?design=\(encoded)"] {
                let (_, body, _) = try await get(client, uri)
                #expect(!body.contains("<script>alert"), "\(uri) reflects a script")
            }
        }
    }
}

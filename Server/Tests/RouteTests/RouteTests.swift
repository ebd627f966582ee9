import FilterRequests
import FilterServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Shake!'s 3rd-order 0.5-3 Hz Butterworth band-pass at 60 Hz.
let shake = "family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60"

/// The application on the router test framework (no sockets).
func withClient(heavy: HeavyWork = HeavyWork(slots: 1, queue: 4),
                _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    let app = Application(responder: FilterRoutes.responder(heavy: heavy))
    try await app.test(.router, body)
}

/// A GET, its status and body.
func get(_ client: any TestClientProtocol, _ uri: String) async throws -> (HTTPResponse.Status, String, HTTPFields) {
    try await client.execute(uri: uri, method: .get) { response in
        (response.status, String(buffer: response.body), response.headers)
    }
}

/// The JSON error body's field.
func errorField(_ body: String) throws -> String? {
    let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
    #expect(object?["error"] is String, "no error message in \(body)")
    return object?["field"] as? String
}

@Suite struct DesignPageTests {
    @Test func theFirstPageIsShakesBandPass() async throws {
        try await withClient { client in
            let (status, body, headers) = try await get(client, "/")
            #expect(status == .ok)
            #expect(headers[.contentType] == "text/html; charset=utf-8")
            #expect(body.contains("<form method=\"get\" action=\"/\""))
            for field in ["family", "band", "order", "corners", "sampleRate", "ripple", "attenuation", "q", "transform",
                          "realization", "name", "description", "passband", "stopband", "passbandLoss", "stopbandAttenuation"] {
                #expect(body.contains("name=\"\(field)\""), "no form field \(field)")
            }
            #expect(body.contains("mkfilter -Bu -Bp -o 3"))
            #expect(body.contains("<svg"))
            for plot in ["magnitude", "phase", "delay", "impulse", "step", "polezero"] {
                #expect(body.contains("id=\"plot-\(plot)\""), "no plot \(plot)")
            }
            for format in EmissionFormat.allCases.map(\.rawValue) + ["filterset"] {
                #expect(body.contains("id=\"code-\(format)\""), "no code \(format)")
            }
            #expect(body.contains("FilterRuntime.DigitalFilterTemplate("))
        }
    }

    @Test func everyReflectedTextIsEscaped() async throws {
        let evil = "<script>alert(1)</script>\"'&"
        let encoded = evil.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await withClient { client in
            for uri in ["/?\(shake)&name=\(encoded)&description=\(encoded)",
                        "/?family=\(encoded)&sampleRate=60",
                        "/?\(shake)&order=\(encoded)",
                        "/live?\(shake)&name=\(encoded)",
                        "/live?family=\(encoded)"] {
                let (_, body, _) = try await get(client, uri)
                #expect(!body.contains("<script>alert"), "\(uri) reflects a script")
                #expect(!body.contains("\"'&<"), "\(uri) reflects raw text")
                #expect(!body.contains("alert(1)</script>\"'"), "\(uri) reflects raw text")
            }
            let (status, body, _) = try await get(client, "/?\(shake)&name=\(encoded)")
            #expect(status == .ok)
            #expect(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"))
        }
    }

    @Test func aBadFieldIsNamedOnThePage() async throws {
        try await withClient { client in
            let (status, body, _) = try await get(client, "/?family=butterworth&band=lowPass&order=999&corners=5&sampleRate=60")
            #expect(status == .badRequest)
            #expect(body.contains("class=\"field invalid\"><span>order</span>"))
            #expect(body.contains("role=\"alert\""))
        }
    }

    @Test func liveRunsTheEmittedJavaScript() async throws {
        try await withClient { client in
            let (status, body, _) = try await get(client, "/live?\(shake)")
            #expect(status == .ok)
            #expect(body.contains("id=\"live-x\""))
            // The filter's code and the chain are scripts of their own (the page's policy runs no inline script).
            let filter = try #require(body.firstMatch(of: /<script src="(\/live\/filter\.js\?[^"]*)"><\/script>/)?.1)
            let (filterStatus, code, filterHeaders) = try await get(client, String(filter).replacingOccurrences(of: "&amp;", with: "&"))
            #expect(filterStatus == .ok)
            #expect(filterHeaders[.contentType] == "text/javascript; charset=utf-8")
            #expect(code.contains("const LiveFilters = "))
            let live = try #require(body.firstMatch(of: /<script src="(\/static\/live\.js\?v=[0-9a-f]+)"><\/script>/)?.1)
            let (liveStatus, script, _) = try await get(client, String(live))
            #expect(liveStatus == .ok)
            #expect(script.contains("devicemotion"))
            #expect(script.contains("DeviceMotionEvent.requestPermission"))
        }
    }
}

@Suite struct APITests {
    @Test func designIsTheEmittedJSON() async throws {
        let design = try QueryDesignRequest(query: shake).run()
        try await withClient { client in
            let (status, body, headers) = try await get(client, "/api/design?\(shake)")
            #expect(status == .ok)
            #expect(headers[.contentType] == "application/json; charset=utf-8")
            #expect(body == (try design.code(.json)))
            #expect(body.contains("\"name\": \"butterworth bandPass order 3\""))
        }
    }

    @Test func responseIsTheCSV() async throws {
        try await withClient { client in
            let (status, body, _) = try await get(client, "/api/response?\(shake)&points=5")
            #expect(status == .ok)
            let lines = body.split(separator: "\n")
            #expect(lines.first == "alpha,frequency_hz,magnitude,magnitude_db,phase_rad,group_delay_samples")
            #expect(lines.count == 6)
            #expect(lines.last?.hasPrefix("0.5,30.0,") == true)
        }
    }

    @Test func codeAndFilterSetDownloads() async throws {
        try await withClient { client in
            let (status, body, headers) = try await get(client, "/api/code?\(shake)&format=js&download=1")
            #expect(status == .ok)
            #expect(body.contains("create()"))
            #expect(headers[.contentDisposition] == "attachment; filename=\"ButterworthBandPassOrder3.js\"")
            let (setStatus, set, _) = try await get(client, "/api/filters.json?\(shake)")
            #expect(setStatus == .ok)
            #expect(set.contains("\"corners\": [0.5, 3.0]"))
        }
    }

    /// `/api/code` answers every format `mkfilter --emit` takes (the one
    /// list, fixed point included), each exactly as the command line writes
    /// it, with the declared media type and download name.
    @Test func apiCodeAnswersEveryEmitFormat() async throws {
        let design = try QueryDesignRequest(query: shake).run()
        try await withClient { client in
            for format in EmissionFormat.allCases {
                let (status, body, headers) = try await get(client, "/api/code?\(shake)&format=\(format.rawValue)&download=1")
                #expect(status == .ok, "\(format.rawValue): \(body)")
                #expect(body == (try design.code(format)), "\(format.rawValue)")
                #expect(headers[.contentType] == format.declaration.mediaType)
                #expect(headers[.contentDisposition] == "attachment; filename=\"ButterworthBandPassOrder3\(format.declaration.fileSuffix)\"")
            }
            let (q15, body, _) = try await get(client, "/api/code?\(shake)&format=cmsis-q15")
            #expect(q15 == .ok && body.contains("arm_biquad_cascade_df1_q15"))
            let (bad, message, _) = try await get(client, "/api/code?\(shake)&format=vhdl")
            #expect(bad == .badRequest && message.contains("cmsis-q15") && message.contains("listing"))
        }
    }

    /// Every bad query is a 4xx naming the field, never a 5xx.
    @Test(arguments: [
        ("family=butterworth&band=lowPass&order=two&corners=5&sampleRate=60", "order"),
        ("family=butterworth&band=lowPass&order=2&corners=NaN&sampleRate=60", "corners"),
        ("family=butterworth&band=lowPass&order=0&corners=5&sampleRate=60", "order"),
        ("family=butterworth&band=lowPass&order=129&corners=5&sampleRate=60", "order"),
        ("family=butterworth&band=lowPass&order=2&corners=30&sampleRate=60", "corners"),
        ("family=butterworth&band=lowPass&order=2&corners=45&sampleRate=60", "corners"),
        ("family=butterwort&band=lowPass&order=2&corners=5&sampleRate=60", "family"),
        ("family=butterworth&band=lowPass&order=2&corners=5", "sampleRate"),
        ("family=butterworth&band=lowPass&order=2&corners=5&sampleRate=60&colour=red", "colour"),
        ("family=butterworth&band=lowPass&order=2&order=3&corners=5&sampleRate=60", "order"),
        ("family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60&points=99999999", "points"),
        ("family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60&points=1", "points"),
        ("family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60&points=x", "points"),
        // A field name that is not percent-encoding is named as written.
        ("%ZZ=1&family=butterworth&band=lowPass&order=2&corners=5&sampleRate=60", "%ZZ"),
        // Corners that collapse onto Nyquist in double precision: the corners are at fault.
        ("family=butterworth&band=bandPass&order=3&corners=49.99999999,49.999999999&sampleRate=100", "corners"),
        ("family=butterworth&band=lowPass&order=3&corners=0.0000000001&sampleRate=100", "corners"),
    ])
    func badQueries(query: String, field: String) async throws {
        try await withClient { client in
            let (status, body, _) = try await get(client, "/api/response?\(query)")
            #expect(status == .badRequest, "\(query): \(status) \(body)")
            #expect(try errorField(body) == field, "\(query): \(body)")
            let (designStatus, _, _) = try await get(client, "/api/design?\(query)")
            #expect((400..<500).contains(designStatus.code))
        }
    }

    @Test func anOversizedQueryIs413() async throws {
        try await withClient { client in
            let (status, body, _) = try await get(client, "/api/design?\(shake)&description=\(String(repeating: "a", count: 5000))")
            #expect(status == .contentTooLarge)
            #expect(try errorField(body) == nil)
        }
    }

    /// Random bytes in every field: never a 5xx.
    @Test func noQueryIsAServerError() async throws {
        let alphabet = Array("0123456789.,-+eE%&=;<>\"'abcdefghijklmnopqrstuvwxyzNaInf ")
        let fields = ["family", "band", "order", "corners", "sampleRate", "ripple", "attenuation", "q", "transform",
                      "realization", "name", "passband", "stopband", "passbandLoss", "stopbandAttenuation", "points", "format"]
        try await withClient { client in
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<200 {
                var query = shake
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let field = fields.randomElement(using: &generator)!
                    let value = String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
                    query += "&\(field)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
                }
                for path in ["/api/design", "/api/response", "/api/code", "/", "/live"] {
                    let (status, _, _) = try await get(client, "\(path)?\(query)")
                    #expect(status.code < 500, "\(path)?\(query): \(status)")
                }
            }
        }
    }
}

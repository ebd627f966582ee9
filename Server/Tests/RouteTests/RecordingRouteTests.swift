import FilterServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `POST /api/recording`: the design page's "Try on a recording".
@Suite struct RecordingRouteTests {
    /// The fixture recording of the root package (scripts/shake_recording.py:
    /// 60 Hz, 2 Hz shakes during 8-11, 20.5-23, 33-37 and 47.2-50 s).
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/recordings/shake-60Hz.csv")
    static let events: [(Double, Double)] = [(8.0, 11.0), (20.5, 23.0), (33.0, 37.0), (47.2, 50.0)]

    static func post(_ client: any TestClientProtocol, _ uri: String, _ body: [UInt8]) async throws -> (HTTPResponse.Status, [String: Any]) {
        try await client.execute(uri: uri, method: .post, headers: [.contentType: "text/csv"], body: ByteBuffer(bytes: body)) { response in
            let object = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            return (response.status, object ?? [:])
        }
    }

    /// The fixture through Shake!'s band-pass: the spectrum peaks at the
    /// shake's 2 Hz, the SVG is there with the filter's magnitude, and the
    /// trigger fires once per shake, inside each.
    @Test func goodRecording() async throws {
        let bytes = Array(try Data(contentsOf: Self.fixture))
        try await withClient { client in
            let (status, answer) = try await Self.post(client, "/api/recording?" + shake, bytes)
            #expect(status == .ok, "\(answer)")
            #expect(answer["samples"] as? Double == 3600 && answer["sampleRate"] as? Double == 60)
            let peak = try #require(answer["peakHz"] as? Double)
            #expect(abs(peak - 2) <= 60.0 / 256, "peak \(peak)")
            let svg = try #require(answer["spectrumSVG"] as? String)
            #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
            #expect(svg.contains("filter magnitude (dB)"))
            let onsets = try #require(answer["onsets"] as? [[String: Any]])
            #expect(onsets.count == 4)
            for (onset, event) in zip(onsets, Self.events) {
                let start = try #require(onset["start"] as? Double)
                #expect(start >= event.0 && start <= event.0 + 1, "\(onset)")
            }
            #expect((answer["summary"] as? String)?.contains("any axis: 4 onsets") == true)
        }
    }

    /// The FIR page's design (a remez band-pass around 2 Hz at 60 Hz) on the
    /// same recording: the trigger fires once per shake, the FIR filter's
    /// name in the answer; a bad FIR query is named by its field.
    @Test func firDesignOnARecording() async throws {
        let bytes = Array(try Data(contentsOf: Self.fixture))
        let fir = "design=remez&taps=121&bands=0,0.3,1,3,4,30&desired=0,1,0&sampleRate=60"
        try await withClient { client in
            let (status, answer) = try await Self.post(client, "/api/recording?" + fir, bytes)
            #expect(status == .ok, "\(answer)")
            let onsets = try #require(answer["onsets"] as? [[String: Any]])
            #expect(onsets.count == 4, "\(onsets)")
            #expect((answer["summary"] as? String)?.contains("any axis: 4 onsets") == true, "\(answer)")
            let (badStatus, bad) = try await Self.post(client, "/api/recording?design=remez&taps=x&bands=0,1&desired=1", bytes)
            #expect(badStatus == .badRequest && bad["field"] as? String == "taps", "\(bad)")
        }
    }

    /// A bad line: 400, the reader's message with its line number, field
    /// "recording"; an empty body too.
    @Test func badRecording() async throws {
        try await withClient { client in
            let (status, answer) = try await Self.post(client, "/api/recording?" + shake, Array("t,x,y,z\n0,0,0,1\n0.1,<script>,0,1\n".utf8))
            #expect(status == .badRequest)
            #expect(answer["field"] as? String == "recording")
            #expect((answer["error"] as? String)?.contains("recording:3: x '<script>' is not a number") == true, "\(answer)")
            let (emptyStatus, empty) = try await Self.post(client, "/api/recording?" + shake, [])
            #expect(emptyStatus == .badRequest && (empty["error"] as? String)?.contains("the input is empty") == true, "\(empty)")
            // A bad design is the query's fault, named as on every API route.
            let (designStatus, design) = try await Self.post(client, "/api/recording?family=butterworth&band=bandPass&order=x&corners=0.5,3&sampleRate=60",
                                                             Array("0,0,0,1\n".utf8))
            #expect(designStatus == .badRequest && design["field"] as? String == "order")
        }
    }

    /// The page cannot give a sample rate or a filter option: a recording
    /// whose rate its times cannot give is refused in the page's words,
    /// naming no command-line option (--sample-rate, --filter).
    @Test func uploadErrorsNameNoCommandLineOption() async throws {
        try await withClient { client in
            for body in ["t,x,y,z\n0,0,0,1\n", "t,x,y,z\n0,0,0,1\n1e-13,0,0,1\n2e-13,0,0,1\n"] {
                let (status, answer) = try await Self.post(client, "/api/recording?" + shake, Array(body.utf8))
                let error = answer["error"] as? String ?? ""
                #expect(status == .badRequest && error.contains("sample rate") && !error.contains("--"), "\(error)")
                #expect(answer["field"] as? String == "recording")
            }
            let bytes = Array(try Data(contentsOf: Self.fixture))
            let (_, good) = try await Self.post(client, "/api/recording?" + shake, bytes)
            let notes = (good["notes"] as? [String] ?? []).joined(separator: " ")
            #expect(notes.contains("from the times") && !notes.contains("--"), "\(notes)")
        }
    }

    /// Above 10 MB: 413 with a JSON error.
    @Test func tooLarge() async throws {
        let limit = 10 * 1024 * 1024
        let header = Array("t,x,y,z\n".utf8)
        let body = header + [UInt8](repeating: UInt8(ascii: "0"), count: limit + 1 - header.count)
        try await withClient { client in
            let (status, answer) = try await Self.post(client, "/api/recording?" + shake, body)
            #expect(status == .contentTooLarge)
            #expect((answer["error"] as? String)?.contains("larger than 10485760 bytes") == true, "\(answer)")
        }
    }

    /// Without a Content-Length, the body is refused as soon as it passes
    /// the limit, its remaining chunks never read.
    @Test func limitIsCheckedWhileReading() async throws {
        let chunk = ByteBuffer(bytes: [UInt8](repeating: 48, count: 1 << 20))
        let counter = Counter()
        let stream = AsyncStream<ByteBuffer> { continuation in
            for _ in 0..<20 { continuation.yield(chunk) }
            continuation.finish()
        }
        let counted = stream.map { buffer -> ByteBuffer in counter.add(); return buffer }
        let result = try await RecordingRoute.collect(counted, limit: 10 * 1024 * 1024)
        #expect(result == nil)
        #expect(counter.value == 11, "read \(counter.value) chunks of 1 MiB")
        let small = AsyncStream<ByteBuffer> { continuation in continuation.yield(ByteBuffer(string: "0,0,0,1\n")); continuation.finish() }
        #expect(try await RecordingRoute.collect(small, limit: 100) == Array("0,0,0,1\n".utf8))
    }

    /// The bytes of all uploads at once are bounded: a body stops being read
    /// as soon as the budget refuses it, and what it took goes back (the
    /// route then answers 503 with Retry-After).
    @Test func uploadsShareOneBudget() async throws {
        let budget = UploadBudget(capacity: 3 << 20)
        #expect(budget.reserve(2 << 20) && !budget.reserve(2 << 20) && budget.inUse == 2 << 20)
        budget.release(2 << 20)
        #expect(budget.inUse == 0)
        let chunk = ByteBuffer(bytes: [UInt8](repeating: 48, count: 1 << 20))
        let counter = Counter()
        let stream = AsyncStream<ByteBuffer> { continuation in
            for _ in 0..<8 { continuation.yield(chunk) }
            continuation.finish()
        }
        let counted = stream.map { buffer -> ByteBuffer in counter.add(); return buffer }
        let reservation = RecordingRoute.Reservation(budget: budget)
        let result = try await RecordingRoute.collect(counted, limit: 10 << 20, reserve: reservation.grow(to:))
        #expect(result == nil && reservation.refused && counter.value == 4, "read \(counter.value) chunks")
        #expect(budget.inUse == 3 << 20)
        reservation.releaseAll()
        #expect(budget.inUse == 0)
    }

    /// The design page offers it, and /live hands its recording over; the
    /// code of both is in the pages' external scripts (the policy runs no
    /// inline script), which the pages load.
    @Test func pagesOfferIt() async throws {
        try await withClient { client in
            let (_, page, _) = try await get(client, "/?" + shake)
            #expect(page.contains("<section id=\"recording\" data-query=\"") && page.contains("id=\"recording-file\""))
            #expect(!page.contains("fetch(\"/api/recording?\""), "the recording's script is inline")
            let design = try #require(page.firstMatch(of: /<script src="(\/static\/design\.js\?v=[0-9a-f]+)"><\/script>/)?.1)
            let (designStatus, designScript, _) = try await get(client, String(design))
            #expect(designStatus == .ok)
            #expect(designScript.contains("fetch(\"/api/recording?\""))
            #expect(designScript.contains("sessionStorage.getItem(\"mkfilter.recording\")"))
            #expect(designScript.contains("navigator.clipboard.writeText"), "the page's other enhancements are gone")
            let (_, live, _) = try await get(client, "/live?" + shake)
            #expect(live.contains("id=\"live-try\""))
            #expect(!live.contains("sessionStorage.setItem("), "the hand-over's script is inline")
            let liveURL = try #require(live.firstMatch(of: /<script src="(\/static\/live\.js\?v=[0-9a-f]+)"><\/script>/)?.1)
            let (liveStatus, liveScript, _) = try await get(client, String(liveURL))
            #expect(liveStatus == .ok)
            #expect(liveScript.contains("$(\"live-try\").addEventListener(\"click\"")
                    && liveScript.contains("sessionStorage.setItem(\"mkfilter.recording\""))
        }
    }

    /// Only POST: GET, HEAD and the rest are a 405 with `Allow: POST` and the
    /// JSON error (and POST elsewhere a 405 with `Allow: GET, HEAD`:
    /// `MethodTests`).
    @Test func otherMethodsAre405() async throws {
        try await withClient { client in
            for method in [HTTPRequest.Method.get, .head, .put, .delete, .patch, .options] {
                let (status, body, headers) = try await request(client, "/api/recording?" + shake, method)
                #expect(status == .methodNotAllowed, "\(method): \(status)")
                #expect(headers[.allow] == "POST", "\(method)")
                #expect(headers[.contentType] == "application/json; charset=utf-8")
                if method != .head {
                    #expect(try errorField(body) == nil)
                    #expect(body.contains("use POST"), "\(body)")
                }
            }
        }
    }

    /// A recording is heavy work whatever its query: while the bound is
    /// full it is a 503 with `Retry-After` (a cheap GET is still answered),
    /// and once a slot is free the same upload is answered; the 413 does not
    /// wait for a slot.
    @Test func aRecordingGoesThroughTheHeavyBound() async throws {
        let bytes = Array(try Data(contentsOf: Self.fixture))
        let heavy = HeavyWork(slots: 1, queue: 0)
        let gate = Gate()
        async let held = heavy.run { gate.wait(); return 0 }
        #expect(try await eventually { heavy.load == (1, 0) })
        try await withClient(heavy: heavy) { client in
            let (status, body, headers) = try await client.execute(uri: "/api/recording?" + shake, method: .post,
                                                                   headers: [.contentType: "text/csv"], body: ByteBuffer(bytes: bytes)) {
                ($0.status, String(buffer: $0.body), $0.headers)
            }
            #expect(status == .serviceUnavailable)
            #expect(headers[.retryAfter] == "\(HeavyWork.retryAfter)")
            #expect(try errorField(body) == nil)
            #expect(body.contains("a recording"), "\(body)")
            let (cheap, _, _) = try await get(client, "/api/design?\(shake)")
            #expect(cheap == .ok)
            let tooLarge = [UInt8](repeating: UInt8(ascii: "0"), count: 10 * 1024 * 1024 + 1)
            let (tooLargeStatus, _) = try await Self.post(client, "/api/recording?" + shake, tooLarge)
            #expect(tooLargeStatus == .contentTooLarge)
        }
        gate.open()
        _ = await held
        #expect(heavy.load == (0, 0))
        try await withClient(heavy: heavy) { client in
            let (status, answer) = try await Self.post(client, "/api/recording?" + shake, bytes)
            #expect(status == .ok, "\(answer)")
            #expect(answer["samples"] as? Double == 3600)
        }
    }
}

/// Counts from any thread.
final class Counter: @unchecked Sendable {  // `lock` guards `count`.
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

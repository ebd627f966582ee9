import FilterServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The heavy request: 65,537 points of an order-24 elliptic band-pass in direct form.
let heavyQuery = "family=elliptic&band=bandPass&order=24&corners=1,2&sampleRate=1000&ripple=0.1&attenuation=100&realization=direct&points=65537"

/// A gate a test opens: work on a pool thread waits for it.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func wait() { semaphore.wait() }
    func open(_ times: Int = 1) { for _ in 0..<times { semaphore.signal() } }
}

/// Polls `condition` for up to 5 s.
func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

@Suite struct HeavyWorkTests {
    @Test func whatIsHeavy() {
        #expect(HeavyWork.isHeavy(query: heavyQuery))
        #expect(HeavyWork.isHeavy(query: "family=butterworth&band=lowPass&order=25&corners=5&sampleRate=60"))
        #expect(HeavyWork.isHeavy(query: "passband=1,2&stopband=0.5,3&sampleRate=60&family=butterworth"))
        #expect(HeavyWork.isHeavy(query: "\(shake)&points=4098"))
        #expect(!HeavyWork.isHeavy(query: shake))
        #expect(!HeavyWork.isHeavy(query: "family=butterworth&band=lowPass&order=24&corners=5&sampleRate=60&points=4097"))
        #expect(!HeavyWork.isHeavy(query: "order=x&points=%ZZ"))
        // Heaviness from the recipe, whichever field carries it: Fisher's words too.
        #expect(HeavyWork.isHeavy(query: "mkfilter=--cheby2+40+-Bp+-o+128&corners=0.5,3&sampleRate=60"))
        #expect(HeavyWork.isHeavy(query: "mkfilter=-Bu+-Bp+-o+30&corners=0.5,3&sampleRate=60&format=c"))
        #expect(!HeavyWork.isHeavy(query: "mkfilter=-Bu+-Bp+-o+3&corners=0.5,3&sampleRate=60&format=c"))
    }

    /// One slot, one place in the queue: the third is refused at once, the
    /// second runs when the first ends.
    @Test func aFullBoundRefusesAtOnce() async throws {
        let heavy = HeavyWork(slots: 1, queue: 1)
        let gate = Gate()
        async let first = heavy.run { gate.wait(); return 1 }
        #expect(try await eventually { heavy.load == (1, 0) })
        async let second = heavy.run { 2 }
        #expect(try await eventually { heavy.load == (1, 1) })
        let third = await heavy.run { 3 }
        #expect(third == nil)
        gate.open()
        #expect(await first == 1)
        #expect(await second == 2)
        #expect(heavy.load == (0, 0))
    }

    /// While the bound is full, a heavy request is a 503 with Retry-After and
    /// the JSON error (the pages: an HTML page), and a cheap one is answered.
    @Test func aHeavyRequestBeyondTheBoundIs503() async throws {
        let heavy = HeavyWork(slots: 1, queue: 0)
        let gate = Gate()
        async let held = heavy.run { gate.wait(); return 0 }
        #expect(try await eventually { heavy.load == (1, 0) })
        try await withClient(heavy: heavy) { client in
            let (status, body, headers) = try await get(client, "/api/response?\(heavyQuery)")
            #expect(status == .serviceUnavailable)
            #expect(headers[.retryAfter] == "\(HeavyWork.retryAfter)")
            #expect(try errorField(body) == nil)
            #expect(body.contains("busy"))
            let (pageStatus, page, pageHeaders) = try await get(client, "/?family=butterworth&band=lowPass&order=100&corners=5&sampleRate=60")
            #expect(pageStatus == .serviceUnavailable)
            #expect(pageHeaders[.contentType] == "text/html; charset=utf-8")
            #expect(page.contains("role=\"alert\""))
            let (cheap, _, _) = try await get(client, "/api/design?\(shake)")
            #expect(cheap == .ok)
        }
        gate.open()
        _ = await held
        try await withClient(heavy: heavy) { client in
            let (status, body, _) = try await get(client, "/api/response?\(heavyQuery)")
            #expect(status == .ok)
            #expect(body.split(separator: "\n").count == 65_538)
        }
    }
}

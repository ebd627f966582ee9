import FilterDesign
import FilterRequests
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

/// FIR requests are weighed by the work they ask for, and every design runs
/// under its request's budget.
@Suite struct FIRWorkTests {
    @Test func whatIsHeavyAmongFIRRequests() {
        // The page's example (no query) and short designs are cheap.
        #expect(!HeavyWork.isHeavyFIR(query: ""))
        #expect(!HeavyWork.isHeavyFIR(query: FIRQueryRequest.exampleQuery))
        #expect(!HeavyWork.isHeavyFIR(query: "design=remez&taps=31&bands=0,0.2,0.25,0.5&desired=1,0&format=c"))
        #expect(!HeavyWork.isHeavyFIR(query: "design=firwin&taps=\(HeavyWork.cheapTaps)&cutoff=0.1&axis=log"))
        #expect(!HeavyWork.isHeavyFIR(query: "design=fir&passbandEdge=0.1&stopbandEdge=0.15&passbandLoss=0.5&stopbandAttenuation=60"))
        // Long designs, long searches and minimum phase are heavy.
        #expect(HeavyWork.isHeavyFIR(query: "design=firwin&taps=\(HeavyWork.cheapTaps + 2)&cutoff=0.1"))
        #expect(HeavyWork.isHeavyFIR(query: "design=remez&taps=1023&bands=0,0.2,0.25,0.5&desired=1,0&download=1"))
        #expect(HeavyWork.isHeavyFIR(query: "design=fir&passbandEdge=0.1&stopbandEdge=0.11&passbandLoss=0.5&stopbandAttenuation=60"))
        #expect(HeavyWork.isHeavyFIR(query: "design=fir&passbandEdge=0.1&stopbandEdge=0.3&passbandLoss=0.1&stopbandAttenuation=20&method=kaiser&minimumPhase=hilbert"))
        #expect(HeavyWork.isHeavyFIR(query: "design=remez&taps=31&bands=0,0.2,0.25,0.5&desired=1,0&minimumPhase=homomorphic"))
        // A query that does not read fails at once: cheap.
        #expect(!HeavyWork.isHeavyFIR(query: "design=remez&taps=x"))
        #expect(!HeavyWork.isHeavyFIR(query: "design=nonsense"))
    }

    /// With every heavy slot held, the FIR page's example and a 31-tap
    /// remez are still answered (they were 503 when every FIR request was heavy).
    @Test func cheapFIRRequestsAreAnsweredWhileTheHeavySlotIsHeld() async throws {
        let heavy = HeavyWork(slots: 1, queue: 0)
        let gate = Gate()
        async let held = heavy.run { gate.wait(); return 0 }
        #expect(try await eventually { heavy.load == (1, 0) })
        try await withClient(heavy: heavy) { client in
            let (page, _, _) = try await get(client, "/fir")
            #expect(page == .ok)
            let (remez, _, _) = try await get(client, "/api/fir/code?design=remez&taps=31&bands=0,0.2,0.25,0.5&desired=1,0&format=c")
            #expect(remez == .ok)
            let (long, _, _) = try await get(client, "/api/fir/design?design=remez&taps=1023&bands=0,0.2,0.25,0.5&desired=1,0")
            #expect(long == .serviceUnavailable)
        }
        gate.open()
        _ = await held
    }

    /// A design that runs past the request's budget stops at its next
    /// checkpoint and is a 422 naming the bound and the command line that
    /// designs it without one; the server then answers as before.
    @Test(.timeLimit(.minutes(1))) func aDesignPastItsBudgetIsStopped() async throws {
        let heavy = HeavyWork(slots: 1, queue: 4, designSeconds: 1)
        // A remez search about 3,600 taps long: several seconds of exchanges.
        let query = "design=fir&passbandEdge=0.2&stopbandEdge=0.201&passbandLoss=0.1&stopbandAttenuation=60"
        try await withClient(heavy: heavy) { client in
            let started = ContinuousClock.now
            let (status, body, _) = try await get(client, "/api/fir/design?\(query)")
            let took = ContinuousClock.now - started
            #expect(status == .unprocessableContent, "\(status): \(body)")
            #expect(body.contains("longer than the 1 s one request may compute here") && body.contains("mkfilter fir --passband-edge 0.2"), "\(body)")
            #expect(took < .seconds(3), "answered after \(took)")
            #expect(try errorField(body) == nil)
            let (after, _, _) = try await get(client, "/api/fir/design?design=remez&taps=31&bands=0,0.2,0.25,0.5&desired=1,0")
            #expect(after == .ok)
        }
    }

    /// The budget's checks: a time limit stops work at a checkpoint, a
    /// cancelled request stops at once; outside a budget a checkpoint never throws.
    @Test func aBudgetStopsItsWork() throws {
        #expect(throws: Never.self) { try DesignBudget.checkpoint() }
        let budget = RequestBudget(seconds: 1)
        let stopped = budget.run { () -> DesignStop? in
            let started = ContinuousClock.now
            while ContinuousClock.now - started < .seconds(5) {
                do throws(DesignStop) { try DesignBudget.checkpoint() } catch { return error }
            }
            return nil
        }
        #expect(stopped == .timeLimit(seconds: 1))
        let cancelled = RequestBudget(seconds: 60)
        cancelled.cancel()
        #expect(cancelled.run { () -> DesignStop? in
            do throws(DesignStop) { try DesignBudget.checkpoint() } catch { return error }
            return nil
        } == .cancelled)
    }
}

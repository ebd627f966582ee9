import FilterRuntime
import Foundation
import Testing

/// `ZeroPhase` against `scipy.signal.sosfiltfilt` (Tests/Fixtures/scipy/zero-phase.json,
/// written by scripts/zero_phase_reference.py) on the same sections.
@Suite struct ZeroPhaseTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            var name: String
            var filter: String
            var sampleRate: Double
            var sos: [[Double]]
            var input: [String: [Double]]
            var sosfiltfilt: [String: [Double]]
        }
        var scipy: String
        var cases: [Case]
    }

    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scipy/zero-phase.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    /// scipy's rows [b0, b1, b2, a0, a1, a2] (a0 = 1 here) as sections.
    static func sections(_ sos: [[Double]]) -> [Biquad] {
        sos.map { Biquad(b0: $0[0] / $0[3], b1: $0[1] / $0[3], b2: $0[2] / $0[3], a1: $0[4] / $0[3], a2: $0[5] / $0[3]) }
    }

    /// Every case, every axis, to 1e-9 g (the signals are about 1 g; the two
    /// differ only in the order of each section's three additions).
    @Test func agreesWithSosfiltfilt() throws {
        #expect(Self.fixture.cases.count >= 7)
        for c in Self.fixture.cases {
            let sections = Self.sections(c.sos)
            for axis in ["x", "y", "z"] {
                let got = try #require(ZeroPhase.filter(c.input[axis]!, sections: sections), "\(c.name)")
                let want = c.sosfiltfilt[axis]!
                #expect(got.count == want.count)
                let error = zip(got, want).map { abs($0 - $1) }.max()!
                #expect(error <= 1e-9, "\(c.name), \(axis): \(error)")
            }
        }
    }

    @Test func padLengthIsScipys() {
        let bandPass = Self.sections(Self.fixture.cases[0].sos)
        // 3 sections, every b2 and a2 non-zero: 3 (2 * 3 + 1) = 21.
        #expect(ZeroPhase.padLength(bandPass) == 21)
        // A first-order section has b2 = a2 = 0: 3 (2 + 1 - 1) = 6.
        #expect(ZeroPhase.padLength([Biquad(b0: 0.1, b1: 0, b2: 0, a1: -0.9, a2: 0)]) == 6)
        let shortest = Self.fixture.cases.last!
        #expect(shortest.input["x"]!.count == ZeroPhase.minimumLength(bandPass))
        #expect(ZeroPhase.filter(Array(shortest.input["x"]!.dropLast()), sections: bandPass) == nil)
    }

    /// No phase: a sine in the passband comes out where it went in (its
    /// peaks at the same samples), scaled by |H|^2.
    @Test func noDelay() {
        let bandPass = Self.sections(Self.fixture.cases[0].sos)
        let x = (0..<3000).map { sin(2 * Double.pi * 1.5 * Double($0) / 60) }
        let y = ZeroPhase.filter(x, sections: bandPass)!
        // Far from the ends (the slowest pole decays over about 40 samples),
        // y / x is the constant |H(1.5 Hz)|^2 wherever x is large.
        let ratios = (1200..<1800).filter { abs(x[$0]) > 0.5 }.map { y[$0] / x[$0] }
        #expect(ratios.max()! - ratios.min()! <= 1e-6)
    }

    @Test func integratorHasNoSteadyState() {
        #expect(ZeroPhase.filter(Array(repeating: 1, count: 50), sections: [Biquad(b0: 1, b1: 0, b2: 0, a1: -1, a2: 0)]) == nil)
        #expect(ZeroPhase.filter([1, 2, 3], sections: []) == [1, 2, 3])
    }
}

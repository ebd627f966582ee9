import FilterDesign
import Foundation
import Testing

/// Every window scipy's `firwin` takes, against scipy 1.17's own numbers
/// (`scripts/window_reference.py`): the window at 1, 2, 7, 8 and 51 points,
/// and firwin's taps for a 31- and 64-tap low-pass and a 51-tap band-pass.
@Suite struct ScipyWindowsTests {
    struct Document: Decodable {
        struct Case: Decodable {
            struct Window: Decodable { let length: Int; let values: [Double]?; let error: String? }
            struct Taps: Decodable { let design: String; let taps: [Double]?; let replicaTaps: [Double]?; let error: String? }
            let spec: String
            let windows: [Window]
            let firwin: [Taps]
        }
        struct Design: Decodable { let name: String; let numtaps: Int; let cutoff: [Double]; let passZero: Bool }
        let cases: [Case]
        let designs: [Design]
    }

    static let document = CatalogueDesignTests.fixture("scipy-windows.json", as: Document.self)

    /// Where we are stricter than scipy (COMPATIBILITY.md): tukey's alpha
    /// outside 0 ... 1, which scipy quietly turns into the boxcar or Hann's.
    static let refused: Set<String> = ["tukey:1.5"]

    /// The issue asks 1e-12 (1e-10 for dpss, chebwin and taylor, computed
    /// another way than scipy's: an eigenvector by inverse iteration, a
    /// transform as a sum); every window holds to 1e-14, measured 8.2e-16 at
    /// worst (dpss:3's taps).
    static func tolerance(_ spec: String) -> Double { 1e-14 }

    static func largestDifference(_ a: [Double], _ b: [Double]) -> Double {
        a.count == b.count ? zip(a, b).map { abs($0 - $1) }.max() ?? 0 : .infinity
    }

    @Test func everyScipyWindowIsCovered() {
        let names = Set(Self.document.cases.map { $0.spec.split(separator: ":")[0] })
        for name in FIRWindow.names.map({ $0.split(whereSeparator: { ":[".contains($0) })[0] }) {
            #expect(names.contains(name), "\(name) has no scipy case")
        }
        #expect(FIRWindow.names.count == 25)
    }

    @Test(arguments: document.cases.map(\.spec))
    func windowValues(_ spec: String) throws {
        let c = try #require(Self.document.cases.first { $0.spec == spec })
        if Self.refused.contains(spec) {
            #expect(throws: LinearPhaseError.self) { try FIRWindow(parsing: spec) }
            return
        }
        let window = try FIRWindow(parsing: spec)
        #expect(try FIRWindow(parsing: window.description) == window, "\(window.description) reads back")
        for w in c.windows {
            if let values = w.values {
                try window.check(count: w.length)
                let error = Self.largestDifference(window.coefficients(count: w.length), values)
                #expect(error <= Self.tolerance(spec), "\(spec) at \(w.length): \(error)")
            } else {
                #expect(throws: LinearPhaseError.self, "\(spec) at \(w.length): scipy says \(w.error ?? "")") {
                    try window.check(count: w.length)
                }
            }
        }
    }

    @Test(arguments: document.cases.map(\.spec))
    func firwinTaps(_ spec: String) throws {
        guard !Self.refused.contains(spec) else { return }
        let c = try #require(Self.document.cases.first { $0.spec == spec })
        let window = try FIRWindow(parsing: spec)
        for taps in c.firwin {
            let design = try #require(Self.document.designs.first { $0.name == taps.design })
            let run = { () throws(LinearPhaseError) -> [Double] in
                try firwin(taps: design.numtaps, cutoffs: design.cutoff.map { $0 / 1 }, passZero: design.passZero, window: window)
            }
            // scipy 1.17's firwin refuses general_cosine through a bug of its
            // own (get_window's xp argument); the fixture's replica is
            // firwin's arithmetic on get_window's values, checked by the
            // script against scipy's firwin on every other window.
            if let expected = taps.taps ?? taps.replicaTaps {
                let error = Self.largestDifference(try run(), expected)
                #expect(error <= Self.tolerance(spec), "\(spec) \(taps.design): \(error)")
            } else {
                #expect(throws: LinearPhaseError.self, "\(spec) \(taps.design): scipy says \(taps.error ?? "")") { try run() }
            }
        }
    }

    @Test func refusalsNameTheWindowAndTheParameter() {
        #expect(throws: LinearPhaseError.windowParameterInvalid(window: "tukey", parameter: "ALPHA", text: "1.5",
                                                                allowed: "in 0 ... 1 (0 is the boxcar, 1 Hann's window)")) {
            try FIRWindow(parsing: "tukey:1.5")
        }
        #expect(throws: LinearPhaseError.windowParameterCount(window: "gaussian", given: 0, expected: "gaussian:STD")) {
            try FIRWindow(parsing: "gaussian")
        }
        #expect(throws: LinearPhaseError.windowParameterCount(window: "hann", given: 1, expected: "hann")) {
            try FIRWindow(parsing: "hann:2")
        }
        #expect(throws: LinearPhaseError.windowParameterInvalid(window: "taylor", parameter: "NBAR", text: "4.5",
                                                                allowed: "a whole number in 1 ... 1000")) {
            try FIRWindow(parsing: "taylor:4.5")
        }
        #expect(throws: LinearPhaseError.windowNeedsEvenCount(window: "kaiser_bessel_derived", count: 31)) {
            try firwin(taps: 31, cutoffs: [0.2], window: .kaiserBesselDerived(beta: 4))
        }
        #expect(throws: LinearPhaseError.windowCountTooLarge(window: "chebwin", count: 20_003, limit: 20_001)) {
            try firwin(taps: 20_003, cutoffs: [0.2], window: .chebwin(attenuation: 100))
        }
        let message = LinearPhaseError.windowParameterInvalid(window: "gaussian", parameter: "STD", text: "-1", allowed: "a number above 0").description
        #expect(message == "window gaussian: STD '-1' is not allowed; it must be a number above 0")
    }

    /// The windows computed another way than closed form hold at lengths the
    /// fixture does not reach: dpss of 2,001 points is symmetric, peaks at 1
    /// and is positive; chebwin of 2,001 points is symmetric with its centre 1.
    @Test func longSlepianAndChebyshevWindows() {
        let slepian = FIRWindow.dpss(nw: 4).coefficients(count: 2001)
        #expect(abs((slepian.max() ?? 0) - 1) == 0)
        #expect(slepian.allSatisfy { $0 > 0 })
        #expect(Self.largestDifference(slepian, slepian.reversed()) < 1e-12)
        let chebyshev = FIRWindow.chebwin(attenuation: 100).coefficients(count: 2001)
        #expect(chebyshev[1000] == 1)
        #expect(Self.largestDifference(chebyshev, chebyshev.reversed()) < 1e-12)
    }
}

import ComplexModule
import FilterDesign
import Foundation
import RealModule
import Testing

/// scipy's own tests of `iirnotch`, `iirpeak`, `iircomb` and `gammatone`
/// (scipy/signal/tests/test_filter_design.py, 1.17: TestIIRNotch,
/// TestIIRPeak, TestIIRComb, TestGammatone), their numbers transcribed and
/// their tolerances kept. scipy's w0 without fs is a fraction of Nyquist:
/// alpha = w0 / 2.
@Suite struct CatalogueScipySuiteTests {
    static func design(_ name: FilterFamily.Name, alpha: Double? = nil, hertz: Double? = nil, fs: Double? = nil,
                       quality: Double? = nil, type: String? = nil, passZero: Bool = false) throws -> Design {
        var d = RecipeDraft()
        d.families = [name]
        d.quality = quality.map { .finite($0) }
        d.catalogueType = type
        d.passZero = passZero
        if let fs, let hertz { (d.cornersHertz, d.sampleRate) = ([hertz], .given(fs)) } else { d.alphas = alpha.map { [$0] } }
        return try RecipeReader.recipe(d).design()
    }

    /// b and a in powers of z^-1 (a0 = 1) of a design's normalised zeros, poles and gain.
    static func transferFunction(_ design: Design) throws -> (b: [Double], a: [Double]) {
        let zpk = try #require(design.normalized)
        let nonzero = zpk.zeros.filter { $0.length != 0 }
        let b = try PolynomialExpansion.expand(nonzero).reversed().map { $0.real * zpk.gain }
        let a = try PolynomialExpansion.expand(zpk.poles).reversed().map(\.real)
        return (b, a)
    }

    /// |H| at `w` (a fraction of Nyquist, as freqz's grid k / 1000).
    static func magnitude(_ design: Design, nyquistFraction w: Double) -> Double {
        design.normalized!.magnitude(at: Complex(length: 1, phase: Double.pi * w))
    }

    static func close(_ x: [Double], _ y: [Double], rtol: Double, atol: Double = 0) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= atol + rtol * abs($1) }
    }

    // TestIIRNotch, TestIIRPeak

    @Test func notchBaOutput() throws {
        let (b, a) = try Self.transferFunction(Self.design(.iirnotch, alpha: 0.03, quality: 30))
        #expect(Self.close(b, [9.9686824e-01, -1.9584219e+00, 9.9686824e-01], rtol: 1e-7))
        #expect(Self.close(a, [1.0000000e+00, -1.9584219e+00, 9.9373647e-01], rtol: 1e-7))
    }

    @Test func peakBaOutput() throws {
        let (b, a) = try Self.transferFunction(Self.design(.iirpeak, alpha: 0.03, quality: 30))
        #expect(Self.close(b, [3.131764229e-03, 0, -3.131764229e-03], rtol: 1e-8, atol: 1e-18))
        #expect(Self.close(a, [1.0000000e+00, -1.958421917e+00, 9.9373647e-01], rtol: 1e-8))
    }

    @Test(arguments: [(false, 0.15, nil as Double?), (true, 1500, 10000)])
    func notchFrequencyResponse(fs given: Bool, at f: Double, fs: Double?) throws {
        let d = try given ? Self.design(.iirnotch, hertz: f, fs: fs, quality: 30) : Self.design(.iirnotch, alpha: f, quality: 30)
        let h = [0.200, 0.295, 0.300, 0.305, 0.400].map { Self.magnitude(d, nyquistFraction: $0) }
        #expect(abs(h[0] - 1) <= 1e-2 && abs(h[4] - 1) <= 1e-2)
        #expect(abs(h[1] - 0.5.squareRoot()) <= 1e-2 * 0.5.squareRoot() && abs(h[3] - 0.5.squareRoot()) <= 1e-2 * 0.5.squareRoot())
        #expect(h[2] <= 1e-10)
    }

    @Test(arguments: [(false, 0.15, nil as Double?), (true, 1200, 8000)])
    func peakFrequencyResponse(fs given: Bool, at f: Double, fs: Double?) throws {
        let d = try given ? Self.design(.iirpeak, hertz: f, fs: fs, quality: 30) : Self.design(.iirpeak, alpha: f, quality: 30)
        let h = [0.030, 0.295, 0.300, 0.305, 0.800].map { Self.magnitude(d, nyquistFraction: $0) }
        #expect(h[0] <= 1e-2 && h[4] <= 1e-2)
        #expect(abs(h[1] - 0.5.squareRoot()) <= 1e-2 * 0.5.squareRoot() && abs(h[3] - 0.5.squareRoot()) <= 1e-2 * 0.5.squareRoot())
        #expect(abs(h[2] - 1) <= 1e-10)
    }

    @Test func notchAndPeakRefuseFrequenciesOutsideTheBand() {
        for name in [FilterFamily.Name.iirnotch, .iirpeak] {
            for alpha in [1.0, -0.5] { #expect(throws: RecipeReadingError.self) { try Self.design(name, alpha: alpha, quality: 30) } }
        }
    }

    // TestIIRComb

    @Test func combRefusesScipysInvalidInput() {
        for (f, q) in [(-1000.0, 30.0), (0, 35), (500, 40), (1000, 35), (120, 30), (157, 35)] {
            #expect(throws: RecipeReadingError.self) { try Self.design(.iircomb, hertz: f, fs: 1000, quality: q) }
        }
        #expect(throws: RecipeReadingError.self) { try Self.design(.iircomb, alpha: 49.999 / Double(44100 / 2) / 2, quality: 30) }
        #expect(throws: RecipeReadingError.self) { try Self.design(.iircomb, hertz: 49.999, fs: 44100, quality: 30) }
        for type in ["natch", "comb"] {
            #expect(throws: RecipeReadingError.self) { try Self.design(.iircomb, alpha: 0.1, quality: 30, type: type) }
        }
    }

    @Test(arguments: ["notch", "peak"])
    func combFirstNotchAtItsFrequency(_ type: String) throws {
        // freqz's 1000 points at fs 10000: the first local minimum of |H| is at 1000 Hz.
        let d = try Self.design(.iircomb, hertz: 1000, fs: 10000, quality: 30, type: type)
        let h = (0..<1000).map { Self.magnitude(d, nyquistFraction: Double($0) / 1000) }
        let first = try #require((1..<999).first { h[$0] < h[$0 - 1] && h[$0] < h[$0 + 1] })
        #expect(abs(Double(first) * 5 - 1000) <= 1e-7 * 1000)
    }

    @Test(arguments: [("peak", true, 123.45, 61.725), ("peak", false, 61.725, 123.45), ("notch", true, 123.45, 61.725),
                      ("notch", false, 61.725, 123.45)])
    func combPassZero(_ type: String, passZero: Bool, peak: Double, notch: Double) throws {
        let d = try Self.design(.iircomb, hertz: 123.45, fs: 1234.5, quality: 30, type: type, passZero: passZero)
        #expect(Self.magnitude(d, nyquistFraction: peak / 617.25) > 0.99)
        #expect(Self.magnitude(d, nyquistFraction: notch / 617.25) < 1e-10)
    }

    @Test func combBaOutput() throws {
        let (bn, an) = try Self.transferFunction(Self.design(.iircomb, hertz: 60, fs: 600, quality: 35, type: "notch"))
        let zeros = [Double](repeating: 0, count: 9)
        #expect(Self.close(bn, [0.957020174408697] + zeros + [-0.957020174408697], rtol: 1e-7, atol: 1e-14))
        #expect(Self.close(an, [1.0] + zeros + [-0.914040348817395], rtol: 1e-7, atol: 1e-14))
        let (bp, ap) = try Self.transferFunction(Self.design(.iircomb, hertz: 60, fs: 600, quality: 35, type: "peak"))
        #expect(Self.close(bp, [0.0429798255913026] + zeros + [-0.0429798255913026], rtol: 1e-7, atol: 1e-14))
        #expect(Self.close(ap, [1.0] + zeros + [0.914040348817395], rtol: 1e-7, atol: 1e-14))
    }

    @Test func combNearestDivisor() throws {
        let d = try Self.design(.iircomb, alpha: 50 / Double(44100 / 2) / 2, quality: 50, type: "notch")
        #expect(Self.magnitude(d, nyquistFraction: 22000 / 22050) < 1e-10)
    }

    // TestGammatone

    @Test func gammatoneRefusesFrequenciesOutsideTheBand() {
        for f in [-16000.0, 0, 8000, 16000] {
            #expect(throws: RecipeReadingError.self) { try Self.design(.gammatone, hertz: f, fs: 16000) }
        }
        for type in ["fie", "it"] {
            #expect(throws: RecipeReadingError.self) { try Self.design(.gammatone, hertz: 440, fs: 16000, type: type) }
        }
    }

    @Test func gammatoneFrequencyResponsePeaksAtOneAtItsFrequency() throws {
        let d = try Self.design(.gammatone, hertz: 1000, fs: 16000)
        // freqz's default 512 points over 0 ... Nyquist.
        let h = (0..<512).map { Self.magnitude(d, nyquistFraction: Double($0) / 512) }
        let k = h.indices.max { h[$0] < h[$1] }!
        #expect(abs(h[k] - 1) <= 1e-2)
        #expect(abs(Double(k) / 512 * 8000 - 1000) <= 1e-2 * 1000)
        let fir = Gammatone.taps(frequency: 1000, sampleRate: 16000, count: Gammatone.defaultTaps(sampleRate: 16000))
        let firPeak = (0..<512).map { k -> Double in
            let w = Double.pi * Double(k) / 512
            var re = 0.0, im = 0.0
            for (n, t) in fir.enumerated() { re += t * Double.cos(w * Double(n)); im -= t * Double.sin(w * Double(n)) }
            return (re * re + im * im).squareRoot()
        }
        let kf = firPeak.indices.max { firPeak[$0] < firPeak[$1] }!
        #expect(abs(firPeak[kf] - 1) <= 1e-2)
        #expect(abs(Double(kf) / 512 * 8000 - 1000) <= 1e-2 * 1000)
    }

    @Test func gammatoneIIRSymmetry() throws {
        let zpk = try #require(Self.design(.gammatone, hertz: 440, fs: 24000).normalized)
        for set in [zpk.zeros, zpk.poles] {
            // Every root's conjugate is a root, exactly.
            #expect(set.allSatisfy { z in set.filter { $0 == z.conjugate }.count == set.filter { $0 == z }.count })
        }
    }

    @Test func gammatoneFIRBaOutput() {
        let b = Gammatone.taps(frequency: 15, sampleRate: 1000, count: Gammatone.defaultTaps(sampleRate: 1000))
        let b2 = [0.0, 2.2608075649884e-04, 1.5077903981357e-03, 4.2033687753998e-03, 8.1508962726503e-03,
                  1.2890059089154e-02, 1.7833890391666e-02, 2.2392613558564e-02, 2.6055195863104e-02,
                  2.8435872863284e-02, 2.9293319149544e-02, 2.852976858014e-02, 2.6176557156294e-02,
                  2.2371510270395e-02, 1.7332485267759e-02]
        #expect(Self.close(b, b2, rtol: 1e-7))
    }

    @Test func gammatoneIIRBaOutput() throws {
        let (b, a) = try Self.transferFunction(Self.design(.gammatone, hertz: 440, fs: 16000))
        let b2 = [1.31494461367464e-06, -5.03391196645395e-06, 7.00649426000897e-06, -4.18951968419854e-06, 9.02614910412011e-07]
        let a2 = [1.0, -7.65646235454218, 25.7584699322366, -49.7319214483238, 60.2667361289181, -46.9399590980486,
                  22.9474798808461, -6.43799381299034, 0.793651554625368]
        #expect(Self.close(b, b2, rtol: 5e-5, atol: 1e-10))
        #expect(Self.close(a, a2, rtol: 5e-5, atol: 1e-10))
    }
}

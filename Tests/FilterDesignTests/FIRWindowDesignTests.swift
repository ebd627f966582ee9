import FilterDesign
import RealModule
import Testing

/// Responses of FIR taps for the linear-phase tests: frequencies are
/// fractions of the sample rate (scipy's Nyquist units are twice these).
enum LinearPhaseResponse {
    /// |sum_n h_n exp(-2 pi i f n)|.
    static func magnitude(_ h: [Double], at f: Double) -> Double {
        var (re, im) = (0.0, 0.0)
        for (n, x) in h.enumerated() {
            let t = 2 * Double.pi * f * Double(n)
            re += x * Double.cos(t)
            im -= x * Double.sin(t)
        }
        return (re * re + im * im).squareRoot()
    }

    /// scipy's freqz grid: f_k = k / (2 count), k < count (worN = count).
    static func freqzGrid(_ count: Int) -> [Double] { (0..<count).map { Double($0) / Double(2 * count) } }

    /// The largest |a_i - b_i|.
    static func largestDifference(_ a: [Double], _ b: [Double]) -> Double {
        precondition(a.count == b.count, "lengths \(a.count) and \(b.count)")
        return zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    /// The largest |a_i|.
    static func largest(_ a: [Double]) -> Double { a.map { abs($0) }.max() ?? 0 }
}

/// `besselI0`, `FIRWindow`, Kaiser's formulas, `firwin`, `firwin2` and the
/// order estimates against scipy 1.17.1: the numbers of scipy's own tests
/// (`scipy/signal/tests/test_fir_filter_design.py`, frequencies halved from
/// Nyquist units to fractions of fs), and outputs of scipy computed for this
/// file (shortest round-trip literals in `LinearPhaseScipyValues`).
@Suite struct FIRWindowDesignTests {
    typealias R = LinearPhaseResponse

    // MARK: Bessel I0

    /// Against mpmath at 50 digits rounded to double: within 2 ulps (the
    /// series in double-double is within half an ulp; above 30 exp's ulp and
    /// three roundings), and within 4 ulps of scipy.special.i0 (Cephes' own
    /// error is up to 2 ulps here: it is 1 ulp off at x = 1 and 50).
    @Test func besselI0AgainstMpmathAndScipy() {
        for (i, x) in LinearPhaseScipyValues.i0Arguments.enumerated() {
            let ours = besselI0(x)
            let (exact, scipy) = (LinearPhaseScipyValues.i0Exact[i], LinearPhaseScipyValues.i0Scipy[i])
            #expect(abs(ours - exact) <= 2 * exact.ulp, "I0(\(x)) = \(ours), exact \(exact)")
            // scipy overflows at 713 (Cephes forms e^x whole); I0 is finite to 713.98.
            #expect(!scipy.isFinite || abs(ours - scipy) <= 4 * exact.ulp, "I0(\(x)) = \(ours), scipy \(scipy)")
            #expect(besselI0(-x) == ours)
        }
        #expect(besselI0(714) == .infinity)
        // Near the largest double the asymptotic series' 8 k x overflows: the
        // answer is infinity at once, not an endless loop (a Kaiser beta of
        // 3e307 on the FIR page would have held a server slot forever).
        #expect(besselI0(3e307) == .infinity && besselI0(.greatestFiniteMagnitude) == .infinity)
        #expect(besselI0(.nan).isNaN)
    }

    // MARK: Windows

    /// scipy.signal.get_window(w, N, fftbins=False) for N = 7 and 8: the same
    /// formulas and operation order, so within 2 ulps of 1 (4.5e-16; numpy's
    /// and libm's cos may differ by an ulp).
    @Test func windowsMatchScipy() {
        let windows: [(FIRWindow, [Double], [Double])] = [
            (.boxcar, LinearPhaseScipyValues.windowboxcar7, LinearPhaseScipyValues.windowboxcar8),
            (.hamming, LinearPhaseScipyValues.windowhamming7, LinearPhaseScipyValues.windowhamming8),
            (.hann, LinearPhaseScipyValues.windowhann7, LinearPhaseScipyValues.windowhann8),
            (.blackman, LinearPhaseScipyValues.windowblackman7, LinearPhaseScipyValues.windowblackman8),
            (.nuttall, LinearPhaseScipyValues.windownuttall7, LinearPhaseScipyValues.windownuttall8),
            (.blackmanharris, LinearPhaseScipyValues.windowblackmanharris7, LinearPhaseScipyValues.windowblackmanharris8),
            (.bartlett, LinearPhaseScipyValues.windowbartlett7, LinearPhaseScipyValues.windowbartlett8),
            (.kaiser(beta: 8.6), LinearPhaseScipyValues.windowkaiser867, LinearPhaseScipyValues.windowkaiser868),
        ]
        for (window, seven, eight) in windows {
            #expect(R.largestDifference(window.coefficients(count: 7), seven) <= 4.5e-16, "\(window)")
            #expect(R.largestDifference(window.coefficients(count: 8), eight) <= 4.5e-16, "\(window)")
            #expect(window.coefficients(count: 1) == [1])
            #expect(window.coefficients(count: 0) == [])
        }
        #expect(R.largestDifference(FIRWindow.kaiser(beta: 14).coefficients(count: 51), LinearPhaseScipyValues.kaiser14Window51) <= 4.5e-16)
        #expect(FIRWindow.kaiser(beta: 0).coefficients(count: 9) == [Double](repeating: 1, count: 9))
    }

    @Test func windowNamesParse() throws {
        #expect(try FIRWindow(parsing: "hamming") == .hamming)
        #expect(try FIRWindow(parsing: "Blackman") == .blackman)
        #expect(try FIRWindow(parsing: "hanning") == .hann)
        #expect(try FIRWindow(parsing: "kaiser:8.6") == .kaiser(beta: 8.6))
        #expect(try FIRWindow(parsing: "kaiser:0") == .kaiser(beta: 0))
        for window in [FIRWindow.boxcar, .hamming, .hann, .blackman, .nuttall, .blackmanharris, .bartlett, .kaiser(beta: 5.5)] {
            #expect(try FIRWindow(parsing: window.description) == window)
        }
        #expect(throws: LinearPhaseError.unknownWindow("hammer")) { try FIRWindow(parsing: "hammer") }
        #expect(throws: LinearPhaseError.kaiserBetaInvalid("x")) { try FIRWindow(parsing: "kaiser:x") }
        #expect(throws: LinearPhaseError.kaiserBetaInvalid("-1")) { try FIRWindow(parsing: "kaiser:-1") }
        #expect(throws: LinearPhaseError.kaiserBetaInvalid("nan")) { try FIRWindow(parsing: "kaiser:nan") }
        #expect(throws: LinearPhaseError.kaiserBetaInvalid("")) { try FIRWindow(parsing: "kaiser") }
        let message = LinearPhaseError.unknownWindow("hammer").description
        #expect(message.contains("'hammer'") && message.contains("blackmanharris") && message.contains("kaiser:BETA"))
    }

    // MARK: Kaiser's formulas (scipy's test_kaiser_beta, test_kaiser_atten, test_kaiserord)

    @Test func kaiserFormulas() throws {
        #expect(abs(kaiserBeta(attenuation: 58.7) - 0.1102 * 50.0) < 1.5e-7)
        #expect(abs(kaiserBeta(attenuation: 22.0) - (0.5842 + 0.07886)) < 1.5e-7)
        #expect(kaiserBeta(attenuation: 21.0) == 0)
        #expect(kaiserBeta(attenuation: 10.0) == 0)
        // scipy's widths 1.0 and 1/pi in Nyquist units.
        #expect(kaiserAttenuation(taps: 1, width: 0.5) == 7.95)
        #expect(kaiserAttenuation(taps: 2, width: 1 / (2 * Double.pi)) == 2.285 + 7.95)
        #expect(throws: LinearPhaseError.attenuationTooSmall(1.0)) { try kaiserOrder(attenuation: 1.0, width: 0.5) }
        let order = try kaiserOrder(attenuation: 2.285 + 7.95 - 0.001, width: 1 / (2 * Double.pi))
        #expect(order.taps == 2 && order.beta == 0)
        // scipy's docstrings: kaiser_beta(65), kaiser_atten(211, 0.0375), kaiserord(65, 24/500).
        #expect(kaiserBeta(attenuation: 65) == 6.20426)
        #expect(kaiserAttenuation(taps: 211, width: 0.01875) == 64.48099630593983)
        let doc = try kaiserOrder(attenuation: 65, width: 0.024)
        #expect(doc.taps == 167 && doc.beta == 6.20426)
        #expect(throws: LinearPhaseError.widthOutOfRange(0)) { try kaiserOrder(attenuation: 60, width: 0) }
    }

    // MARK: firwin

    /// scipy's check_response: |H| at the listed frequencies within sqrt(tol)
    /// of the expected gain (mse = |actual - expected|^2 < tol).
    static func checkResponse(_ h: [Double], _ expected: [(Double, Double)], tolerance: Double = 0.05) {
        for (f, gain) in expected {
            let error = R.magnitude(h, at: f) - gain
            #expect(error * error < tolerance, "f = \(f): |H| = \(R.magnitude(h, at: f)), expected \(gain)")
        }
    }

    /// scipy's TestFirwin.test_response (cutoffs and frequencies halved).
    @Test func firwinResponses() throws {
        let n = 51
        Self.checkResponse(try firwin(taps: n, cutoffs: [0.25]), [(0.125, 1), (0.375, 0)])
        Self.checkResponse(try firwin(taps: n + 1, cutoffs: [0.25], window: .nuttall), [(0.125, 1), (0.375, 0)])
        Self.checkResponse(try firwin(taps: n + 2, cutoffs: [0.25], passZero: false), [(0.125, 0), (0.375, 1)])
        let (f1, f2, f3, f4) = (0.1, 0.2, 0.3, 0.4)
        Self.checkResponse(try firwin(taps: n + 3, cutoffs: [f1, f2], passZero: false), [(0.05, 0), (0.15, 1), (0.25, 0)])
        Self.checkResponse(try firwin(taps: n + 4, cutoffs: [f1, f2]), [(0.05, 1), (0.15, 0), (0.25, 1)])
        Self.checkResponse(try firwin(taps: n + 5, cutoffs: [f1, f2, f3, f4], passZero: false, scale: false),
                           [(0.05, 0), (0.15, 1), (0.25, 0), (0.35, 1), (0.45, 0)])
        Self.checkResponse(try firwin(taps: n + 6, cutoffs: [f1, f2, f3, f4]), [(0.05, 1), (0.15, 0), (0.25, 1), (0.35, 0), (0.45, 1)])
        Self.checkResponse(try firwin(taps: n + 7, cutoffs: [0.05], width: 0.015), [(0.025, 1), (0.375, 0)])
        Self.checkResponse(try firwin(taps: n + 8, cutoffs: [0.05], passZero: false), [(0.025, 0), (0.375, 1)])
    }

    /// scipy's TestFirwin.test_scaling: with a boxcar window the unscaled taps
    /// have the smaller mean squared error (on freqz's 1024 points), and the
    /// scaled response is 1 at dc, at the band's centre, at Nyquist (1e-12).
    @Test func firwinScaling() throws {
        let cases: [([Double], Bool, Double, (Double, Double))] = [
            ([0.25], true, 0, (0, 0.25)), ([0.1, 0.3], false, 0.2, (0.1, 0.3)), ([0.25], false, 0.5, (0.25, 0.5)),
        ]
        func mse(_ h: [Double], _ band: (Double, Double)) -> Double {
            let grid = R.freqzGrid(1024)
            return grid.map { f in
                let ideal: Double = f >= band.0 && f < band.1 ? 1 : 0
                let d = R.magnitude(h, at: f) - ideal
                return d * d
            }.reduce(0, +) / Double(grid.count)
        }
        for (cutoffs, passZero, centre, band) in cases {
            let plain = try firwin(taps: 11, cutoffs: cutoffs, passZero: passZero, window: .boxcar, scale: false)
            let scaled = try firwin(taps: 11, cutoffs: cutoffs, passZero: passZero, window: .boxcar, scale: true)
            #expect(mse(plain, band) < mse(scaled, band))
            Self.checkResponse(scaled, [(centre, 1)], tolerance: 1e-12)
        }
    }

    /// scipy's TestFirWinMore (lowpass, highpass, bandpass, bandstop_multi):
    /// kaiserord(120, 0.04 Nyquist) and |H| at the band edges +- width/2 within
    /// 1.5e-5 of 0 or 1 (decimal=5); the taps symmetric.
    @Test func firwinKaiserDesigns() throws {
        let (taps, beta) = try kaiserOrder(attenuation: 120, width: 0.02)
        let window = FIRWindow.kaiser(beta: beta)
        let w = 0.01
        let designs: [(Int, [Double], FIRBand, [(Double, Double)])] = [
            (taps, [0.25], .lowpass, [(0, 1), (0.125, 1), (0.25 - w, 1), (0.25 + w, 0), (0.375, 0), (0.5, 0)]),
            (taps | 1, [0.25], .highpass, [(0, 0), (0.125, 0), (0.25 - w, 0), (0.25 + w, 1), (0.375, 1), (0.5, 1)]),
            (taps, [0.15, 0.35], .bandpass, [(0, 0), (0.1, 0), (0.15 - w, 0), (0.15 + w, 1), (0.25, 1), (0.35 - w, 1),
                                             (0.35 + w, 0), (0.4, 0), (0.5, 0)]),
            (taps, [0.1, 0.25, 0.4], .bandstop, [(0, 1), (0.05, 1), (0.1 - w, 1), (0.1 + w, 0), (0.175, 0), (0.25 - w, 0),
                                                 (0.25 + w, 1), (0.325, 1), (0.4 - w, 1), (0.4 + w, 0), (0.45, 0), (0.5, 0)]),
        ]
        for (n, cutoffs, band, expected) in designs {
            let h = try firwin(taps: n, cutoffs: cutoffs, band: band, window: window, scale: false)
            #expect(h == (try firwin(taps: n, cutoffs: cutoffs, passZero: band.passesZero, window: window, scale: false)))
            #expect(R.largestDifference(h, h.reversed()) < 1.5e-6)
            for (f, gain) in expected {
                #expect(abs(R.magnitude(h, at: f) - gain) < 1.5e-5, "\(band) at \(f)")
            }
        }
        // test_array_cutoff: scipy 1.5.2's value, atol 1e-8.
        let h = try firwin(taps: 3, cutoffs: [0.05, 0.1])
        #expect(R.largestDifference(h, [-0.00801395, 1.0160279, -0.00801395]) <= 1e-8)
    }

    /// scipy's test_bad_cutoff, test_even_highpass_raises_value_error and
    /// test_bad_pass_zero as typed errors.
    @Test func firwinErrors() {
        #expect(throws: LinearPhaseError.cutoffOutOfRange(index: 0, value: -0.25)) { try firwin(taps: 99, cutoffs: [-0.25]) }
        #expect(throws: LinearPhaseError.cutoffOutOfRange(index: 0, value: 0.75)) { try firwin(taps: 99, cutoffs: [0.75]) }
        #expect(throws: LinearPhaseError.cutoffOutOfRange(index: 0, value: 0)) { try firwin(taps: 99, cutoffs: [0, 0.25]) }
        #expect(throws: LinearPhaseError.cutoffOutOfRange(index: 1, value: 0.5)) { try firwin(taps: 99, cutoffs: [0.25, 0.5]) }
        #expect(throws: LinearPhaseError.cutoffsNotIncreasing(index: 2, cutoffs: [0.05, 0.25, 0.1])) {
            try firwin(taps: 99, cutoffs: [0.05, 0.25, 0.1])
        }
        #expect(throws: LinearPhaseError.cutoffsNotIncreasing(index: 2, cutoffs: [0.05, 0.25, 0.25])) {
            try firwin(taps: 99, cutoffs: [0.05, 0.25, 0.25])
        }
        #expect(throws: LinearPhaseError.noCutoffs) { try firwin(taps: 99, cutoffs: []) }
        #expect(throws: LinearPhaseError.cutoffOutOfRange(index: 0, value: .infinity)) { try firwin(taps: 99, cutoffs: [.infinity]) }
        #expect(throws: LinearPhaseError.evenTapsPassNyquist(taps: 40)) { try firwin(taps: 40, cutoffs: [0.25], passZero: false) }
        #expect(throws: LinearPhaseError.evenTapsPassNyquist(taps: 40)) { try firwin(taps: 40, cutoffs: [0.125, 0.25]) }
        for band in [FIRBand.lowpass, .highpass] {
            #expect(throws: LinearPhaseError.bandNeedsOneCutoff(band, given: 2)) { try firwin(taps: 41, cutoffs: [0.25, 0.3], band: band) }
        }
        for band in [FIRBand.bandpass, .bandstop] {
            #expect(throws: LinearPhaseError.bandNeedsTwoCutoffs(band, given: 1)) { try firwin(taps: 41, cutoffs: [0.25], band: band) }
        }
        #expect(throws: LinearPhaseError.tapsOutOfRange(0, allowed: LinearPhaseTaps.firwin)) { try firwin(taps: 0, cutoffs: [0.25]) }
        #expect(throws: LinearPhaseError.tapsOutOfRange(1_000_002, allowed: 1...1_000_001)) { try firwin(taps: 1_000_002, cutoffs: [0.25]) }
        #expect(throws: LinearPhaseError.widthOutOfRange(-1)) { try firwin(taps: 41, cutoffs: [0.25], width: -1) }
    }

    /// Against scipy.signal.firwin(..., fs=1): the same sums in the same order,
    /// so within 4 ulps of the largest tap (libm's and numpy's sin and cos may
    /// differ by an ulp). The 1,001-tap Kaiser design is checked at five taps,
    /// within 16 ulps of the largest (measured 11): its window's I0 differs
    /// from Cephes' by up to 3 ulps, and its scale is a sum of 1,001 terms.
    @Test func firwinMatchesScipy() throws {
        let cases: [([Double], [Double])] = [
            (try firwin(taps: 51, cutoffs: [0.25]), LinearPhaseScipyValues.firwin51),
            (try firwin(taps: 52, cutoffs: [0.25], window: .nuttall), LinearPhaseScipyValues.firwin52Nuttall),
            (try firwin(taps: 53, cutoffs: [0.25], passZero: false), LinearPhaseScipyValues.firwin53High),
            (try firwin(taps: 55, cutoffs: [0.1, 0.2, 0.3, 0.4], passZero: false, scale: false), LinearPhaseScipyValues.firwin55Multi),
            (try firwin(taps: 58, cutoffs: [0.05], width: 0.015), LinearPhaseScipyValues.firwin58Width),
            (try firwin(taps: 11, cutoffs: [0.1, 0.3], passZero: false, window: .boxcar), LinearPhaseScipyValues.firwin11Boxcar),
        ]
        for (ours, scipy) in cases {
            #expect(R.largestDifference(ours, scipy) <= 4 * R.largest(scipy).ulp, "\(R.largestDifference(ours, scipy))")
        }
        let long = try firwin(taps: 1001, cutoffs: [0.1], window: .kaiser(beta: 8.6))
        let picked = [0, 1, 250, 499, 500].map { long[$0] }
        #expect(R.largestDifference(picked, LinearPhaseScipyValues.firwin1001Selected) <= 16 * R.largest(long).ulp)
    }

    // MARK: firwin2

    /// scipy's TestFirwin2.test_invalid_args as typed errors (frequencies halved).
    @Test func firwin2Errors() {
        #expect(throws: LinearPhaseError.frequencyGainCount(frequencies: 3, gains: 2)) {
            try firwin2(taps: 50, frequencies: [0, 0.25, 0.5], gains: [0, 1])
        }
        #expect(throws: LinearPhaseError.gridTooSmall(gridPoints: 33, taps: 50)) {
            try firwin2(taps: 50, frequencies: [0, 0.25, 0.5], gains: [0, 1, 1], gridPoints: 33)
        }
        #expect(throws: LinearPhaseError.frequenciesDecreasing(index: 2, frequencies: [0, 0.25, 0.2, 0.5])) {
            try firwin2(taps: 50, frequencies: [0, 0.25, 0.2, 0.5], gains: [0, 0.25, 0.5, 1])
        }
        #expect(throws: LinearPhaseError.frequencyRepeatedTwice(0.05)) {
            try firwin2(taps: 50, frequencies: [0, 0.05, 0.05, 0.05, 0.5], gains: [0, 0.5, 0.75, 1, 1])
        }
        #expect(throws: LinearPhaseError.frequencyEnds(first: 0.25, last: 0.5)) {
            try firwin2(taps: 50, frequencies: [0.25, 0.5], gains: [0, 1])
        }
        #expect(throws: LinearPhaseError.frequencyEnds(first: 0, last: 0.25)) {
            try firwin2(taps: 50, frequencies: [0, 0.25], gains: [0, 1])
        }
        #expect(throws: LinearPhaseError.zeroFrequencyRepeated) {
            try firwin2(taps: 50, frequencies: [0, 0, 0.25, 0.5], gains: [1, 1, 0, 0])
        }
        #expect(throws: LinearPhaseError.halfFrequencyRepeated) {
            try firwin2(taps: 50, frequencies: [0, 0.25, 0.5, 0.5], gains: [1, 1, 0, 0])
        }
        // scipy: 0.5 - eps/2 beside a step at 0.5 (Nyquist units), here 0.25 - eps/4 beside 0.25.
        let close = 0.25 - 0x1p-54
        #expect(throws: LinearPhaseError.frequencyTooCloseToStep(close)) {
            try firwin2(taps: 50, frequencies: [0, close, 0.25, 0.25, 0.5], gains: [1, 1, 1, 0, 0])
        }
        #expect(throws: LinearPhaseError.gainForcedToZero(type: 2, frequency: 0.5, gain: 1)) {
            try firwin2(taps: 16, frequencies: [0, 0.25, 0.5], gains: [0, 1, 1])
        }
        #expect(throws: LinearPhaseError.gainForcedToZero(type: 3, frequency: 0.5, gain: 1)) {
            try firwin2(taps: 17, frequencies: [0, 0.25, 0.5], gains: [0, 1, 1], antisymmetric: true)
        }
        #expect(throws: LinearPhaseError.gainForcedToZero(type: 3, frequency: 0, gain: 1)) {
            try firwin2(taps: 17, frequencies: [0, 0.25, 0.5], gains: [1, 1, 0], antisymmetric: true)
        }
        #expect(throws: LinearPhaseError.gainForcedToZero(type: 3, frequency: 0.5, gain: 1)) {
            try firwin2(taps: 17, frequencies: [0, 0.25, 0.5], gains: [1, 1, 1], antisymmetric: true)
        }
        #expect(throws: LinearPhaseError.gainForcedToZero(type: 4, frequency: 0, gain: 1)) {
            try firwin2(taps: 16, frequencies: [0, 0.25, 0.5], gains: [1, 1, 0], antisymmetric: true)
        }
    }

    /// scipy's TestFirwin2 test01-test03: |H| within 1.5e-5 (decimal=5).
    @Test func firwin2KaiserDesigns() throws {
        let w = 0.02
        let h1 = try firwin2(taps: 400, frequencies: [0, 0.25, 0.5], gains: [1, 1, 0], window: .kaiser(beta: 12))
        for (f, gain): (Double, Double) in [(0, 1), (0.125, 1), (0.25 - w / 2, 1), (0.25 + w / 2, 1 - 2 * w), (0.375, 0.5), (0.5 - w / 2, 2 * w)] {
            #expect(abs(R.magnitude(h1, at: f) - gain) < 1.5e-5, "test01 at \(f)")
        }
        let h2 = try firwin2(taps: 401, frequencies: [0, 0.25, 0.25, 0.5], gains: [0, 0, 1, 1], window: .kaiser(beta: 12))
        for (f, gain): (Double, Double) in [(0, 0), (0.125, 0), (0.25 - w, 0), (0.25 + w, 1), (0.375, 1), (0.5, 1)] {
            #expect(abs(R.magnitude(h2, at: f) - gain) < 1.5e-5, "test02 at \(f)")
        }
        let (taps, beta) = try kaiserOrder(attenuation: 120, width: 0.01)
        let h3 = try firwin2(taps: taps | 1, frequencies: [0, 0.2, 0.2, 0.25, 0.25, 0.5], gains: [1, 1, 0, 0, 1, 1],
                             window: .kaiser(beta: beta))
        let w3 = 0.01
        for (f, gain): (Double, Double) in [(0, 1), (0.2 - w3, 1), (0.2 + w3, 0), (0.225, 0), (0.25 - w3, 0), (0.25 + w3, 1), (0.375, 1), (0.5, 1)] {
            #expect(abs(R.magnitude(h3, at: f) - gain) < 1.5e-5, "test03 at \(f)")
        }
    }

    /// scipy's test04 (no window: the ideal low-pass 0.5 sinc(0.5 m), decimal
    /// 6), test05 (type IV: |H| = 2f, decimal 4) and test06 (type III, decimal
    /// 3), on every 16th of freqz's 2,048 points to stay fast.
    @Test func firwin2UnwindowedTypes() throws {
        let h4 = try firwin2(taps: 5, frequencies: [0, 0.25, 0.25, 0.5], gains: [1, 1, 0, 0], gridPoints: 8193, window: nil)
        let ideal = (0..<5).map { n -> Double in
            let m = Double(n) - 2
            return m == 0 ? 0.5 : 0.5 * Double.sin(Double.pi * 0.5 * m) / (Double.pi * 0.5 * m)
        }
        #expect(R.largestDifference(h4, ideal) < 1.5e-6)

        let h5 = try firwin2(taps: 1500, frequencies: [0, 0.5], gains: [0, 1], window: nil, antisymmetric: true)
        #expect(R.largestDifference(Array(h5[..<750]), h5[750...].reversed().map { -$0 }) < 1.5e-6)
        for f in stride(from: 0, to: 2048, by: 16).map({ Double($0) / 4096 }) {
            #expect(abs(R.magnitude(h5, at: f) - 2 * f) < 1.5e-4, "type IV at \(f)")
        }

        let h6 = try firwin2(taps: 1501, frequencies: [0, 0.25, 0.275, 0.5], gains: [0, 0.5, 0, 0], window: nil,
                             antisymmetric: true)
        #expect(h6[750] == 0)
        #expect(R.largestDifference(Array(h6[..<750]), h6[751...].reversed().map { -$0 }) < 1.5e-6)
        for f in stride(from: 0, to: 2048, by: 16).map({ Double($0) / 4096 }) {
            let gain = f <= 0.25 ? 2 * f : f <= 0.275 ? 0.5 * (0.275 - f) / 0.025 : 0
            #expect(abs(R.magnitude(h6, at: f) - gain) < 1.5e-3, "type III at \(f)")
        }
    }

    /// Against scipy.signal.firwin2(..., fs=1), types I-IV and a grid whose
    /// inverse DFT is not a power of two (2 x 99 points, the direct sum):
    /// within 1e-15 of the largest tap (the FFTs differ by rounding, about
    /// 1e-16 log2 L; the direct sum by L roundings). Ours are exactly
    /// (anti)symmetric, each mirrored pair its mean; scipy's two mirrored taps
    /// differ by its rounding (up to 3e-15 here), so the comparison is with
    /// scipy's taps made (anti)symmetric the same way (docs/command-line.md).
    @Test func firwin2MatchesScipy() throws {
        func symmetrised(_ h: [Double], antisymmetric: Bool = false) -> [Double] {
            let n = h.count
            return h.indices.map { k in
                let j = min(k, n - 1 - k), mirror = n - 1 - j
                if antisymmetric && j == mirror { return 0 }
                let mean = antisymmetric ? (h[j] - h[mirror]) / 2 : (h[j] + h[mirror]) / 2
                return k == j || !antisymmetric ? mean : -mean
            }
        }
        let cases: [([Double], [Double])] = [
            (try firwin2(taps: 31, frequencies: [0, 0.25, 0.5], gains: [1, 1, 0]), symmetrised(LinearPhaseScipyValues.firwin2TypeI)),
            (try firwin2(taps: 30, frequencies: [0, 0.2, 0.2, 0.5], gains: [1, 1, 0, 0]), symmetrised(LinearPhaseScipyValues.firwin2TypeII)),
            (try firwin2(taps: 31, frequencies: [0, 0.25, 0.5], gains: [0, 1, 0], antisymmetric: true),
             symmetrised(LinearPhaseScipyValues.firwin2TypeIII, antisymmetric: true)),
            (try firwin2(taps: 30, frequencies: [0, 0.5], gains: [0, 1], window: nil, antisymmetric: true),
             symmetrised(LinearPhaseScipyValues.firwin2TypeIV, antisymmetric: true)),
            (try firwin2(taps: 25, frequencies: [0, 0.1, 0.3, 0.5], gains: [1, 0.5, 0.2, 0], gridPoints: 100,
                         window: .kaiser(beta: 5)), symmetrised(LinearPhaseScipyValues.firwin2Grid100)),
        ]
        for (ours, scipy) in cases {
            #expect(ours.indices.allSatisfy { ours[$0].magnitude == ours[ours.count - 1 - $0].magnitude }, "exactly (anti)symmetric")
            #expect(R.largestDifference(ours, scipy) <= 1e-15 * R.largest(scipy), "\(R.largestDifference(ours, scipy))")
        }
        // scipy's docstring example, taps[72:78] of firwin2(150, [0, 0.5, 1], [1, 1, 0]).
        let doc = try firwin2(taps: 150, frequencies: [0, 0.25, 0.5], gains: [1, 1, 0])
        #expect(R.largestDifference(Array(doc[72..<78]), symmetrised(LinearPhaseScipyValues.firwin2Doc)) <= 1e-15)
        #expect(R.largestDifference(Array(doc[72..<78]), [-0.02286961, -0.06362756, 0.57310236, 0.57310236, -0.06362756, -0.02286961]) < 5e-9)
    }

    // MARK: Order estimates

    /// Ichige et al.: pm-remez's tests (fp, df as fractions of fs) and the
    /// low-pass rows of the paper's tables II and III as GNU Octave's
    /// firpmord tests them (edges / 100 Hz).
    @Test func ichigeEstimates() throws {
        let cases: [(Double, Double, Double, Double, Int)] = [
            (0.1, 0.15, 0.01, 0.001, 54), (0.05, 0.1, 0.01, 0.001, 55), (0.025, 0.075, 0.01, 0.001, 57),
            (0.1, 0.2, 0.01, 0.001, 28), (0.01, 0.02, 0.01, 0.001, 271),
            (0.15, 0.2, 0.1, 0.001, 38), (0.17, 0.2, 0.01, 1e-4, 107), (0.21, 0.25, 0.01, 1e-4, 81), (0.2, 0.25, 0.01, 1e-4, 65),
        ]
        for (fp, fs, dp, ds, taps) in cases {
            #expect(try ichigeOrder(passbandEdge: fp, stopbandEdge: fs, passbandDeviation: dp, stopbandDeviation: ds) == taps,
                    "ichige(\(fp), \(fs), \(dp), \(ds))")
        }
    }

    /// Herrmann-Rabiner-Chan as MATLAB's firpmord (ceil(L) taps; values from
    /// the formula evaluated in Python for this file), and Kaiser's estimate.
    @Test func herrmannAndKaiserEstimates() throws {
        let cases: [(Double, Double, Double, Double, Int)] = LinearPhaseScipyValues.herrmannCases
        for (fp, fs, dp, ds, taps) in cases {
            #expect(try herrmannOrder(passbandEdge: fp, stopbandEdge: fs, passbandDeviation: dp, stopbandDeviation: ds) == taps,
                    "herrmann(\(fp), \(fs), \(dp), \(ds))")
        }
        // Kaiser: A = -20 log10(0.001) = 60 dB over 0.05 of fs: scipy's kaiserord(60, 0.1) = (74, 5.65326).
        let kaiser = try kaiserOrder(passbandEdge: 0.1, stopbandEdge: 0.15, passbandDeviation: 0.01, stopbandDeviation: 0.001)
        #expect(kaiser.taps == LinearPhaseScipyValues.kaiserEstimateTaps && kaiser.beta == LinearPhaseScipyValues.kaiserEstimateBeta)
        #expect(throws: LinearPhaseError.orderEdges(passband: 0.2, stopband: 0.1)) {
            try herrmannOrder(passbandEdge: 0.2, stopbandEdge: 0.1, passbandDeviation: 0.01, stopbandDeviation: 0.001)
        }
        #expect(throws: LinearPhaseError.deviationOutOfRange(0)) {
            try ichigeOrder(passbandEdge: 0.1, stopbandEdge: 0.2, passbandDeviation: 0.01, stopbandDeviation: 0)
        }
    }

    /// Each method's bound on the taps (`LinearPhaseTaps`, chosen from the
    /// measured cost) is where the design refuses, naming that range.
    @Test func tapBoundsPerMethod() throws {
        #expect(LinearPhaseTaps.firwin == 1...1_000_001)
        #expect(LinearPhaseTaps.firwin2 == 1...1_000_001)
        #expect(LinearPhaseTaps.firls == 1...10_001)
        #expect(throws: LinearPhaseError.tapsOutOfRange(1_000_003, allowed: 1...1_000_001)) {
            try firwin2(taps: 1_000_003, frequencies: [0, 0.2, 0.5], gains: [1, 1, 0])
        }
        #expect(throws: LinearPhaseError.tapsOutOfRange(10_003, allowed: 1...10_001)) {
            try firls(taps: 10_003, bands: [0, 0.2, 0.25, 0.5], desired: [1, 1, 0, 0])
        }
        #expect(throws: LinearPhaseError.tapsOutOfRange(0, allowed: 1...10_001)) {
            try firls(taps: 0, bands: [0, 0.2, 0.25, 0.5], desired: [1, 1, 0, 0])
        }
        #expect(LinearPhaseError.tapsOutOfRange(10_003, allowed: LinearPhaseTaps.firls).description
                == "number of taps 10003 is out of range; it must be in 1 ... 10001")
        #expect(FIRMethodName.firls.tapsRange == LinearPhaseTaps.firls)
        #expect(FIRMethodName.remez.tapsRange == EquirippleDesign.tapsRange)
        #expect(FIRMethodName.fir.tapsRange == nil)
    }
}

/// scipy 1.17.1's outputs for these tests (and mpmath's I0), as the shortest
/// literals that round-trip: `python3` with scipy.signal and scipy.special,
/// frequencies as fractions of fs (`fs=1`) unless a name says otherwise.
// Reference values, one table each: data, left as computed.
enum LinearPhaseScipyValues {
    static let i0Arguments: [Double] = [
        0.0, 1e-10, 0.5, 1.0,
        2.5, 5.0, 7.9, 8.0,
        8.6, 10.0, 15.0, 20.0,
        29.9, 30.0, 30.1, 40.0,
        50.0, 100.0, 300.0, 700.0,
        713.0,
    ]
    static let i0Exact: [Double] = [
        1.0, 1.0, 1.0634833707413236, 1.2660658777520084,
        3.289839144050123, 27.239871823604446, 389.406283282158, 427.5641157218048,
        750.4611595631661, 2815.7166284662544, 339649.3732979139, 43558282.559553534,
        708478330489.0145, 781672297823.9775, 862432920031.7792, 1.48947747934199e+16,
        2.9325537838493362e+20, 1.0737517071310738e+42, 4.475847367935052e+128, 1.5295933476718737e+302,
        6.705128263670996e+307,
    ]
    static let i0Scipy: [Double] = [
        1.0, 0.9999999999999998, 1.0634833707413234, 1.2660658777520082,
        3.289839144050123, 27.239871823604442, 389.406283282158, 427.56411572180474,
        750.4611595631659, 2815.716628466254, 339649.3732979138, 43558282.559553534,
        708478330489.0146, 781672297823.9775, 862432920031.7792, 1.48947747934199e+16,
        2.9325537838493355e+20, 1.0737517071310738e+42, 4.475847367935052e+128, 1.5295933476718735e+302,
        .infinity,
    ]
    static let windowboxcar7: [Double] = [
        1.0, 1.0, 1.0, 1.0,
        1.0, 1.0, 1.0,
    ]
    static let windowhamming7: [Double] = [
        0.08000000000000007, 0.30999999999999994, 0.77, 1.0,
        0.7700000000000002, 0.31000000000000033, 0.08000000000000007,
    ]
    static let windowhann7: [Double] = [
        0.0, 0.2499999999999999, 0.75, 1.0,
        0.7500000000000002, 0.25000000000000033, 0.0,
    ]
    static let windowblackman7: [Double] = [
        -1.3877787807814457e-17, 0.1299999999999999, 0.6299999999999999, 0.9999999999999999,
        0.6300000000000002, 0.1300000000000002, -1.3877787807814457e-17,
    ]
    static let windownuttall7: [Double] = [
        0.0003628000000000381, 0.06133449999999996, 0.5292298, 1.0,
        0.5292298000000003, 0.06133450000000015, 0.0003628000000000381,
    ]
    static let windowblackmanharris7: [Double] = [
        6.0000000000001025e-05, 0.05564499999999996, 0.5205749999999999, 1.0,
        0.5205750000000002, 0.05564500000000015, 6.0000000000001025e-05,
    ]
    static let windowbartlett7: [Double] = [
        0.0, 0.3333333333333333, 0.6666666666666666, 1.0,
        0.6666666666666667, 0.33333333333333326, 0.0,
    ]
    static let windowkaiser867: [Double] = [
        0.0013325139979024198, 0.13040194654166437, 0.6304119273359405, 1.0,
        0.6304119273359405, 0.13040194654166437, 0.0013325139979024198,
    ]
    static let windowboxcar8: [Double] = [
        1.0, 1.0, 1.0, 1.0,
        1.0, 1.0, 1.0, 1.0,
    ]
    static let windowhamming8: [Double] = [
        0.08000000000000007, 0.25319469114498266, 0.6423596296199047, 0.9544456792351128,
        0.9544456792351128, 0.6423596296199047, 0.25319469114498266, 0.08000000000000007,
    ]
    static let windowhann8: [Double] = [
        0.0, 0.18825509907063326, 0.6112604669781572, 0.9504844339512095,
        0.9504844339512095, 0.6112604669781572, 0.18825509907063326, 0.0,
    ]
    static let windowblackman8: [Double] = [
        -1.3877787807814457e-17, 0.09045342435412808, 0.45918295754596367, 0.9203636180999082,
        0.9203636180999082, 0.45918295754596367, 0.09045342435412808, -1.3877787807814457e-17,
    ]
    static let windownuttall8: [Double] = [
        0.0003628000000000381, 0.03777576895352028, 0.34272761996881956, 0.8918518610776603,
        0.8918518610776603, 0.34272761996881956, 0.03777576895352028, 0.0003628000000000381,
    ]
    static let windowblackmanharris8: [Double] = [
        6.0000000000001025e-05, 0.0333917234781512, 0.33283350429856506, 0.8893697722232838,
        0.8893697722232838, 0.33283350429856506, 0.0333917234781512, 6.0000000000001025e-05,
    ]
    static let windowbartlett8: [Double] = [
        0.0, 0.2857142857142857, 0.5714285714285714, 0.8571428571428571,
        0.8571428571428572, 0.5714285714285714, 0.2857142857142858, 0.0,
    ]
    static let windowkaiser868: [Double] = [
        0.0013325139979024198, 0.09113651292826536, 0.45964377459338085, 0.9204615832581574,
        0.9204615832581574, 0.45964377459338085, 0.09113651292826536, 0.0013325139979024198,
    ]
    static let kaiser14Window51: [Double] = [
        7.726866835270368e-06, 8.150948456727312e-05, 0.00032600076740669175, 0.0009425887506662767,
        0.002266248466391737, 0.0048056791412168075, 0.00927621458545023, 0.01661643007392611,
        0.027978965679194313, 0.044687350007222106, 0.06815374319396057, 0.09975740118942189,
        0.14068980496716194, 0.19177896985813342, 0.25331138714876045, 0.32487421778447284,
        0.40524175565528453, 0.4923281434670698, 0.5832226995029494, 0.6743154327037104,
        0.7615093990873935, 0.8405049538342629, 0.9071303903483532, 0.9576856052548601,
        0.989261639090822, 1.0, 0.989261639090822, 0.9576856052548601,
        0.9071303903483532, 0.8405049538342629, 0.7615093990873935, 0.6743154327037104,
        0.5832226995029494, 0.4923281434670698, 0.40524175565528453, 0.32487421778447284,
        0.25331138714876045, 0.19177896985813342, 0.14068980496716194, 0.09975740118942189,
        0.06815374319396057, 0.044687350007222106, 0.027978965679194313, 0.01661643007392611,
        0.00927621458545023, 0.0048056791412168075, 0.002266248466391737, 0.0009425887506662767,
        0.00032600076740669175, 8.150948456727312e-05, 7.726866835270368e-06,
    ]
    static let firwin51: [Double] = [
        0.0010175926971811044, -1.628368188615887e-18, -0.0013058886799502411, 7.95376131217936e-18,
        0.0020730260200910026, -3.2683747906576163e-18, -0.0034255790572079265, 4.805333746370694e-18,
        0.005490505092950141, -6.701035817740124e-18, -0.008434405740804745, 8.836367071717246e-18,
        0.012502602797600649, -1.107715679241566e-17, -0.01810260996706492, 1.3282607920635769e-17,
        0.026000146160530365, -1.5314143850909622e-17, -0.037851497102093665, 1.7044115709271607e-17,
        0.05801218485928863, -1.8363823001469402e-17, -0.1025751653146947, 1.9190343664790308e-17,
        0.31684426465520726, 0.499509647157934, 0.3168442646552072, 1.9190343664790305e-17,
        -0.10257516531469468, -1.83638230014694e-17, 0.05801218485928862, 1.7044115709271604e-17,
        -0.03785149710209366, -1.5314143850909616e-17, 0.02600014616053035, 1.3282607920635765e-17,
        -0.018102609967064916, -1.1077156792415657e-17, 0.012502602797600643, 8.836367071717238e-18,
        -0.008434405740804745, -6.701035817740124e-18, 0.005490505092950138, 4.8053337463706885e-18,
        -0.0034255790572079218, -3.268374790657612e-18, 0.0020730260200910026, 7.953761312179356e-18,
        -0.0013058886799502405, -1.628368188615886e-18, 0.0010175926971811044,
    ]
    static let firwin52Nuttall: [Double] = [
        3.2022880620081784e-06, 6.094219615922828e-06, -1.5908874378826085e-05, -3.643833033108793e-05,
        7.413445074443743e-05, 0.00013865152712979248, -0.00024345226885383534, -0.0004064556823111792,
        0.0006507040005185563, 0.0010050359245646718, -0.0015047800039894633, -0.002192531743560354,
        0.003119161667943795, 0.004345338522539601, -0.005944080489012637, -0.008005248255559573,
        0.010643643872247772, 0.014013888676395763, -0.018338539158776174, -0.023963705124812978,
        0.03147699615972317, 0.04198431339793382, -0.05786237058315658, -0.08531761819050547,
        0.14717899577924382, 0.44919096821858506, 0.44919096821858506, 0.14717899577924382,
        -0.08531761819050547, -0.05786237058315658, 0.041984313397933834, 0.03147699615972317,
        -0.023963705124812978, -0.018338539158776174, 0.014013888676395771, 0.010643643872247767,
        -0.008005248255559577, -0.005944080489012641, 0.004345338522539601, 0.003119161667943796,
        -0.0021925317435603523, -0.0015047800039894633, 0.0010050359245646733, 0.0006507040005185563,
        -0.0004064556823111792, -0.0002434522688538346, 0.00013865152712979248, 7.413445074443762e-05,
        -3.643833033108793e-05, -1.5908874378826085e-05, 6.094219615923273e-06, 3.2022880620081784e-06,
    ]
    static let firwin53High: [Double] = [
        5.755544901005782e-18, -0.001060301629980372, -1.8180950424823997e-18, 0.001519440679059477,
        -2.8194313071935954e-17, -0.0024445641323326563, -3.810499740291458e-18, 0.003932695889960518,
        -1.628048181364863e-17, -0.0061025992946451765, -7.338873230721042e-18, 0.009114535718841039,
        -2.830654937293146e-17, -0.013209726542511247, -1.1594907668623836e-17, 0.018794077665698,
        -4.107465268663986e-17, -0.026634300232924853, -1.5603596855051452e-17, 0.03839023831372036,
        -5.16597731579286e-17, -0.05842340866526117, -1.844659840733505e-17, 0.10283525149564139,
        -5.763698725135579e-17, -0.31694534935578245, 0.49953197981896624, -0.31694534935578245,
        -5.763698725135579e-17, 0.10283525149564139, -1.844659840733505e-17, -0.05842340866526117,
        -5.1659773157928615e-17, 0.03839023831372037, -1.5603596855051452e-17, -0.026634300232924856,
        -4.1074652686639863e-17, 0.018794077665697996, -1.1594907668623841e-17, -0.013209726542511247,
        -2.8306549372931486e-17, 0.00911453571884104, -7.338873230721042e-18, -0.00610259929464518,
        -1.628048181364863e-17, 0.003932695889960524, -3.81049974029146e-18, -0.0024445641323326563,
        -2.8194313071935966e-17, 0.001519440679059477, -1.818095042482401e-18, -0.001060301629980372,
        5.755544901005782e-18,
    ]
    static let firwin55Multi: [Double] = [
        4.232725281383413e-18, 0.0031315249804684804, -1.1383415567682606e-17, -0.004397900901696056,
        7.156996409475896e-18, -0.0016364737910838775, 6.509360972644866e-19, -3.4978895638448344e-18,
        9.20468728379526e-18, 0.003982908750727311, 2.4827591900560548e-17, 0.024985573366082103,
        -3.5872679789673415e-17, -0.03591516533644643, 1.3764081364566376e-17, -0.011946378168030966,
        -4.429325050450312e-17, -1.1260987215066516e-17, 1.6028844918025698e-17, 0.023551313867467713,
        1.4843528375531624e-17, 0.14570447241937412, -7.20635062775504e-17, -0.23293086715241548,
        1.0119598966728239e-16, -0.11419906160725547, 5.533849182011684e-17, 0.4,
        5.533849182011684e-17, -0.11419906160725547, 1.0119598966728239e-16, -0.23293086715241548,
        -7.20635062775504e-17, 0.14570447241937412, 1.4843528375531624e-17, 0.023551313867467713,
        1.60288449180257e-17, -1.1260987215066514e-17, -4.4293250504503125e-17, -0.011946378168030965,
        1.376408136456638e-17, -0.035915165336446425, -3.587267978967343e-17, 0.024985573366082096,
        2.482759190056055e-17, 0.003982908750727311, 9.20468728379526e-18, -3.497889563844833e-18,
        6.509360972644866e-19, -0.0016364737910838758, 7.156996409475896e-18, -0.0043979009016960535,
        -1.1383415567682606e-17, 0.0031315249804684804, 4.232725281383413e-18,
    ]
    static let firwin58Width: [Double] = [
        0.004769604515480099, 0.007698972588004822, 0.010067357131388774, 0.011597388655638826,
        0.0120707514579098, 0.011352551658800109, 0.009409855385339212, 0.006322499008892229,
        0.0022848571093639996, -0.002402029268818544, -0.007347769118442326, -0.012098385495436135,
        -0.016168785695866827, -0.019079574885083234, -0.02039540763577863, -0.019761849183837228,
        -0.016937739693610586, -0.01182032423401592, -0.004460911499234453, 0.004930481130732824,
        0.015992203375433278, 0.028229566156017644, 0.04104384061258502, 0.05376971103978002,
        0.0657185357152867, 0.07622427542337216, 0.08468869846805292, 0.09062248579412198,
        0.0936791414839236, 0.0936791414839236, 0.09062248579412198, 0.08468869846805292,
        0.07622427542337216, 0.0657185357152867, 0.05376971103978002, 0.04104384061258502,
        0.028229566156017644, 0.015992203375433278, 0.004930481130732824, -0.004460911499234453,
        -0.01182032423401592, -0.016937739693610586, -0.019761849183837228, -0.02039540763577863,
        -0.019079574885083234, -0.016168785695866827, -0.012098385495436135, -0.007347769118442326,
        -0.002402029268818544, 0.0022848571093639996, 0.006322499008892229, 0.009409855385339212,
        0.011352551658800109, 0.0120707514579098, 0.011597388655638826, 0.010067357131388774,
        0.007698972588004822, 0.004769604515480099,
    ]
    static let firwin11Boxcar: [Double] = [
        1.356124874000577e-17, 0.025142004079597748, -0.14200431782900425, -0.21300647674350628,
        0.10056801631839102, 0.3478874026761714, 0.10056801631839102, -0.21300647674350628,
        -0.14200431782900425, 0.025142004079597748, 1.356124874000577e-17,
    ]
    static let firwin1001Selected: [Double] = [
        1.6664029221008036e-21, -5.372241206774717e-07, 4.2568628021298016e-19, 0.18709531679932517,
        0.2000005182155274,
    ]
    static let firwin2TypeI: [Double] = [
        8.661472794343251e-05, -0.00021851273475338625, 0.00016480129102629178, 5.241188189313428e-17,
        0.0004289752849105833, -0.0013623496781364933, 0.0010626925196637836, -2.8268871400633416e-17,
        0.0025300719972196034, -0.007905517658189377, 0.006368234897250316, -4.004778355549867e-17,
        0.02068686247533455, -0.0976049110503848, 0.20076658721223758, 0.75,
        0.200766587212235, -0.09760491105038445, 0.020686862475334484, 0.0,
        0.006368234897250311, -0.007905517658189509, 0.002530071997219632, 2.5208170010220134e-17,
        0.0010626925196637429, -0.0013623496781364078, 0.00042897528491057983, -4.2518960582895006e-17,
        0.00016480129102631127, -0.0002185127347533812, 8.661472794344269e-05,
    ]
    static let firwin2TypeII: [Double] = [
        -0.001665116286781785, -0.0017452813936323646, 0.0011964881363853025, 0.005074346328045879,
        0.0024084094283296663, -0.008891142416788464, -0.01358182568400404, 0.004899787755039823,
        0.030375084323356512, 0.018708243397250166, -0.03924798515436653, -0.07302256698092814,
        0.008771785704492698, 0.19977536020607034, 0.3656191134319028, 0.3656191134319028,
        0.19977536020607017, 0.008771785704492654, -0.07302256698092813, -0.03924798515436654,
        0.01870824339725012, 0.030375084323356453, 0.004899787755039823, -0.013581825684003956,
        -0.00889114241678841, 0.0024084094283296545, 0.005074346328045832, 0.0011964881363852773,
        -0.001745281393632366, -0.0016651162867817718,
    ]
    static let firwin2TypeIII: [Double] = [
        -0.00017322945588687388, -4.164451643945885e-18, 0.00032960258205262384, 1.1510773705313777e-17,
        -0.0008579505698212278, 3.3613730903952894e-17, 0.0021253850393275187, -1.979365600098153e-17,
        -0.005060143994439197, 3.7255886953669876e-17, 0.012736469794500537, 5.687124478882681e-17,
        -0.04137372495066919, 5.168883966908516e-16, 0.40153317442447295, 0.0,
        -0.4015331744244723, 5.217528947901512e-16, 0.04137372495066888, 5.150443207166882e-17,
        -0.012736469794500709, 3.505627806477472e-17, 0.005060143994439293, -1.3354028432611276e-17,
        -0.0021253850393275282, 2.939213858720536e-17, 0.0008579505698211044, 1.1891682839068368e-17,
        -0.00032960258205258486, -4.849728981176741e-18, 0.00017322945588687982,
    ]
    static let firwin2TypeIV: [Double] = [
        0.0005722473794998861, -0.000645004578529421, 0.0007363501410705339, -0.0008529750975091975,
        0.0010049063750920844, -0.0012077180559559547, 0.0014866633059597689, -0.0018849001010680818,
        0.0024811988673845175, -0.0034320410449418986, 0.005085695813361426, -0.008352979924600436,
        0.016293015292554607, -0.04511310569983971, 0.405366124583193, -0.4053661245831931,
        0.04511310569984012, -0.016293015292555144, 0.00835297992460117, -0.0050856958133619345,
        0.00343204104494186, -0.0024811988673842465, 0.0018849001010680243, -0.0014866633059596546,
        0.0012077180559557884, -0.0010049063750921495, 0.0008529750975093575, -0.0007363501410707026,
        0.0006450045785296424, -0.0005722473794998201,
    ]
    static let firwin2Grid100: [Double] = [
        4.355032590323068e-05, 0.00011841011827867326, 2.5837538105217898e-06, 0.00048476683341416486,
        0.0008683376939776718, 0.0030311011858787495, 0.0052043991828734535, 0.013550848452851576,
        0.01640538174366342, 0.03264746918928326, 0.03955422354284664, 0.1657722013867804,
        0.33001734516886033, 0.16577220138678073, 0.03955422354284668, 0.032647469189283296,
        0.016405381743663423, 0.01355084845285155, 0.005204399182873477, 0.0030311011858787733,
        0.0008683376939776617, 0.00048476683341416236, 2.5837538105160985e-06, 0.000118410118278673,
        4.355032590323299e-05,
    ]
    static let firwin2Doc: [Double] = [
        -0.022869610335767964, -0.06362756379800678, 0.5731023640981742, 0.573102364098171,
        -0.06362756379800823, -0.02286961033576681,
    ]
    static let firls31: [Double] = [
        0.005704035858066603, 0.0035610319796575488, -0.007972059243269321, -0.01059006255214965,
        0.006870570087818164, 0.019473556503890946, -0.0011723615044707172, -0.02958470857853732,
        -0.01157140131694539, 0.039703221996188344, 0.03603656471723104, -0.04837112225605437,
        -0.08801266354344676, 0.054222321420556066, 0.3120108257181693, 0.44371086239896684,
        0.3120108257181693, 0.054222321420556066, -0.08801266354344676, -0.04837112225605437,
        0.03603656471723104, 0.039703221996188344, -0.01157140131694539, -0.02958470857853732,
        -0.0011723615044707172, 0.019473556503890946, 0.006870570087818164, -0.01059006255214965,
        -0.007972059243269321, 0.0035610319796575488, 0.005704035858066603,
    ]
    static let firls25: [Double] = [
        -0.010435012666264912, -0.017359441629793054, -0.011569548789173711, -0.01693398526045631,
        0.003734897655148849, 0.04849145046156715, 0.03762741665624955, 0.020698956784993613,
        0.014280297598949868, -0.12056466740734231, -0.19693066040420987, 0.0762229325459753,
        0.30828379715618504, 0.0762229325459753, -0.19693066040420987, -0.12056466740734231,
        0.014280297598949868, 0.020698956784993613, 0.03762741665624955, 0.04849145046156715,
        0.003734897655148849, -0.01693398526045631, -0.011569548789173711, -0.017359441629793054,
        -0.010435012666264912,
    ]
    static let remez12: [Double] = [
        0.024590270518439778, -0.041314581814657705, -0.07594380375671114, -0.003530911231040334,
        0.1931402969549755, 0.37340075348493934, 0.37340075348493934, 0.1931402969549755,
        -0.003530911231040334, -0.07594380375671114, -0.041314581814657705, 0.024590270518439778,
    ]
    static let minimumHomomorphic12: [Double] = [
        0.37850710877474913, 0.4134013644014276, 0.2859621527774594, 0.03642466906315374,
        -0.10960972261365987, -0.07229273133096283,
    ]
    static let minimumHomomorphicFull12: [Double] = [
        0.14326535046238656, 0.3129517458135706, 0.38737758092561797, 0.2640083789126735,
        0.028915171624176294, -0.12452186752679476, -0.10938074551991094, -0.010578748169670006,
        0.04229123264183372, 0.02553149974450248, -0.02338012425688214, 0.004198190236999959,
    ]
    static let minimumHilbert12: [Double] = [
        0.3495811412531943, 0.3735494812662742, 0.3260886174299211, 0.07715586078815934,
        -0.12994575850016868, -0.05935693036096259,
    ]
    static let remez21: [Double] = [
        -0.038976016082298615, 0.018704846485491092, -0.014644062687875091, 0.0028791525564193622,
        0.016849978528150157, -0.04327670613824826, 0.0736412982455791, -0.10390815857863463,
        0.12977090680107536, -0.14716344729712438, 0.153302248456347, -0.14716344729712438,
        0.12977090680107536, -0.10390815857863463, 0.0736412982455791, -0.04327670613824826,
        0.016849978528150157, 0.0028791525564193622, -0.014644062687875091, 0.018704846485491092,
        -0.038976016082298615,
    ]
    static let minimumHilbert21: [Double] = [
        0.23248825888816083, -0.13355478919747107, 0.15187380314243337, -0.15795789868777485,
        0.15173784463402756, -0.12929023903649073, 0.10078473982681241, -0.06583064404488821,
        0.035361091621338554, -0.01497841755079729, -0.15841514955438557,
    ]
    static let random11: [Double] = [
        1.764052345967664, 0.4001572083672233, 0.9787379841057392, 2.240893199201458,
        1.8675579901499675, -0.977277879876411, 0.9500884175255894, -0.1513572082976979,
        -0.10321885179355784, 0.41059850193837233, 0.144043571160878,
    ]
    static let minimumRandom: [Double] = [
        3.1123811515023663, 0.815980855287684, 0.7433264932508031, 1.4201910167090364,
        0.9698412144130109, -0.5951531199126738, 0.7342417862200497, 0.05215844080173694,
        -0.04017097688050081, 0.22983662452226833, 0.08164180004279076,
    ]
    static let minimumRandomFull: [Double] = [
        9.686916432227196, 5.079286867968336, 5.292855490208321, 10.053431879317944,
        8.907262667919227, -0.010611761694876064, 7.057973350306964, 3.3928617750448975,
        0.17675829225087486, 2.3737814904284757, 2.7501180929409657, -0.4119790936306065,
        1.173304389853346, 0.8021135420261618, -0.17148671999954043, 0.23614205239538905,
        0.14547918951924357, -0.009948905470994546, 0.04626561224778769, 0.03752855148351432,
        0.006665383514227302,
    ]
    static let herrmannCases: [(Double, Double, Double, Double, Int)] = [
        (0.1, 0.15, 0.01, 0.001, 52), // L = 51.2476095
        (0.2, 0.25, 0.01, 0.0001, 64), // L = 63.16486750000001
        (0.25, 0.3, 0.17099735734684515, 0.01, 23), // L = 22.045794831753426
        (0.05, 0.06, 0.001, 1e-05, 455), // L = 454.80512950000025
        (0.3, 0.32, 0.05, 0.05, 55), // L = 54.21902378467734
        (0.01, 0.4, 0.1, 0.1, 1), // L = -1.48558988974359, at least 1 tap
    ]
    static let kaiserEstimateTaps = 74
    static let kaiserEstimateBeta = 5.65326
    static let firls601Selected: [Double] = [
        -0.0009512441767206337, -0.0008354607027908609, -0.00043991445758107824, -0.0003834771295642551,
        -0.0003699481707364259, 0.3026162063237394, 0.3996301796999408,
    ]
    static let firls21RankDeficient: [Double] = [
        0.00012171154580458341, 0.00032990752217239554, -0.0011071978002944842, -0.003509307736053329,
        0.004632179012585433, 0.018460009110085617, -0.011730315042088268, -0.06887313483375039,
        0.019904217533361013, 0.3035925267903339, 0.4763588108296492, 0.3035925267903339,
        0.019904217533361013, -0.06887313483375039, -0.011730315042088268, 0.018460009110085617,
        0.004632179012585433, -0.003509307736053329, -0.0011071978002944842, 0.00032990752217239554,
        0.00012171154580458341,
    ]
}

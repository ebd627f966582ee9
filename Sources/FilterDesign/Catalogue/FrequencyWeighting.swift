import ComplexModule
import RealModule

/// IEC 61672-1 frequency weightings A and C as digital IIR filters.
///
/// The analog curves are those of IEC 61672-1:2013 Annex E:
///
///     C(f) = 20 lg[ f4² f² / ((f² + f1²)(f² + f4²)) ] − C1000,              C1000 = −0.062 dB
///     A(f) = 20 lg[ f4² f⁴ / ((f² + f1²) √(f² + f2²) √(f² + f3²) (f² + f4²)) ] − A1000,   A1000 = −2.000 dB
///
/// with the pole frequencies computed, as Annex E gives them, from
/// fr = 1000 Hz, fL = 10^1.5 Hz, fH = 10^3.9 Hz, D² = 1/2, fA = 10^2.45 Hz:
///
///     c  = fL² fH²
///     b  = (1 / (1 − D)) [fr² + fL² fH² / fr² − D (fL² + fH²)]
///     f1 = ((−b − √(b² − 4c)) / 2)^½ = 20.598997…,   f4 = ((−b + √(b² − 4c)) / 2)^½ = 12194.217…
///     f2 = ((3 − √5) / 2) fA = 107.65265…,             f3 = ((3 + √5) / 2) fA = 737.86223…
///
/// With A1000 and C1000 as printed (rounded), A(1 kHz) = +0.00034 dB and
/// C(1 kHz) = +0.00010 dB, not exactly 0.
///
/// The digital filter H(z) = k ∏(z − zᵢ) / ∏(z − pⱼ) is
///
/// 1. the low part by the bilinear transform (K = 2 fs): the analog zeros at
///    s = 0 go to z = 1 (four for A, two for C) and each low pole
///    s = −2π f (f1, f1, f2, f3 for A; f1, f1 for C) to (K − 2π f) / (K + 2π f);
/// 2. times a fitted high section of three poles and three zeros,
///
///        H_hi(z) = (1 + b1 z⁻¹ + b2 z⁻²)(1 + b3 z⁻¹) / ((1 + a1 z⁻¹ + a2 z⁻²)(1 + a3 z⁻¹)),
///
///    which replaces the double pole at f4 and absorbs the bilinear warping
///    of the low part. Its dB response relative to 1 kHz is fitted to the
///    analytic curve minus the low part's, relative to 1 kHz, on 200
///    frequencies log-spaced from 10 Hz to 0.45 fs, by 60 Levenberg-Marquardt
///    iterations on Σ |rᵢ|^p with p = 2 (20 iterations), 4 (10), 8 (10) and
///    16 (20), which ends close to minimax, each from the start
///    b1 = b2 = 0, a1 = −2q, a2 = q² (q = e^(−2π f4 / fs), the matched-z
///    image of the f4 poles) and b3 = a3 = s for s in −0.5, 0, 0.5, 0.8;
///    the start with the smallest largest error wins. Steps that would
///    put a pole on or outside the unit circle are refused.
/// 3. Zeros of the high section outside the unit circle are reflected to
///    1 / z̄ (minimum phase; the shape is unchanged), and the high section's
///    zeros and poles are listed by real part ascending, then imaginary
///    part descending;
/// 4. k makes |H| at 1 kHz equal to the analytic curve there (A(1 kHz),
///    C(1 kHz) above).
///
/// The result has 7 zeros and 7 poles for A, 5 and 5 for C. Largest error
/// against the analytic curve from 10 Hz to min(20 kHz, 0.45 fs): A 0.0039 dB,
/// C 0.0016 dB at 48 kHz; A 0.0045 dB, C 0.0019 dB at 44.1 kHz; from 10 Hz
/// to 0.45 fs below 0.01 dB at every rate tried from 2.001 kHz to 1 MHz
/// (0.011 dB up to 10 MHz).
public enum FrequencyWeighting {
    // MARK: Annex E

    /// Annex E's pole frequencies f1, f2, f3, f4 in Hz, from its closed form
    /// (see the type's documentation); f1 is evaluated as fL fH / f4, which
    /// equals ((−b − √(b² − 4c)) / 2)^½ since f1² f4² = c.
    public static let poleFrequencies: (f1: Double, f2: Double, f3: Double, f4: Double) = {
        let fr = 1000.0, fL = Double.pow(10, 1.5), fH = Double.pow(10, 3.9), fA = Double.pow(10, 2.45)
        let d = (0.5).squareRoot()
        let lh = fL * fH
        let c = lh * lh
        let b = (fr * fr + c / (fr * fr) - d * (fL * fL + fH * fH)) / (1 - d)
        let f4 = ((-b + (b * b - 4 * c).squareRoot()) / 2).squareRoot()
        // f1² f4² = c (the roots of y² + b y + c): fL fH / f4 is Annex E's f1 without the
        // cancellation in −b − √(b² − 4c).
        let f1 = lh / f4
        let s5 = (5.0).squareRoot()
        return (f1, (3 - s5) / 2 * fA, (3 + s5) / 2 * fA, f4)
    }()

    /// The normalisation constant of Annex E in dB: A1000 = −2.000, C1000 = −0.062.
    public static func normalization(curve: WeightingCurve) -> Double {
        curve == .a ? -2.0 : -0.062
    }

    /// The analytic weighting of IEC 61672-1 Annex E in dB at `frequency` Hz:
    ///
    ///     A(f) = 20 lg[ f4² f⁴ / ((f² + f1²) √(f² + f2²) √(f² + f3²) (f² + f4²)) ] + 2.000
    ///     C(f) = 20 lg[ f4² f² / ((f² + f1²)(f² + f4²)) ] + 0.062
    public static func analyticDecibels(curve: WeightingCurve, frequency: Double) -> Double {
        let p = poleFrequencies
        let ff = frequency * frequency
        let r: Double
        switch curve {
        case .a:
            r = p.f4 * p.f4 * ff * ff
                / ((ff + p.f1 * p.f1) * (ff + p.f2 * p.f2).squareRoot() * (ff + p.f3 * p.f3).squareRoot()
                    * (ff + p.f4 * p.f4))
        case .c:
            r = p.f4 * p.f4 * ff / ((ff + p.f1 * p.f1) * (ff + p.f4 * p.f4))
        }
        return 20 * Double.log10(r) - normalization(curve: curve)
    }

    // MARK: Digital filter

    /// The digital weighting filter at `sampleRate` Hz (which must exceed
    /// 2 kHz, so that 1 kHz is below Nyquist) as zeros, poles and gain of
    /// H(z) = gain ∏(z − zeros) / ∏(z − poles). Deterministic; every pole is
    /// inside the unit circle and every zero on or inside it. The method is
    /// in the type's documentation.
    public static func zPlane(curve: WeightingCurve, sampleRate fs: Double) -> ZeroPoleGain {
        precondition(fs.isFinite && fs > 2 * referenceFrequency, "the sample rate must exceed 2 kHz")
        var best: (x: [Double], error: Double)? = nil
        for start in starts {
            let fit = fitHighSection(curve: curve, sampleRate: fs, start: start)
            if best == nil || fit.error < best!.error { best = fit }
        }
        let x = best!.x
        let low = lowPart(curve: curve, sampleRate: fs)
        // The high section's roots in a canonical order (real part ascending, then imaginary
        // descending), so that the same filter reached from another start lists the same.
        func canonical(_ u: Complex<Double>, _ v: Complex<Double>) -> Bool {
            u.real != v.real ? u.real < v.real : u.imaginary > v.imaginary
        }
        var highZeros: [Complex<Double>] = []
        for z in quadraticRoots(x[0], x[1]) + [Complex(-x[2], 0)] {
            let m = z.lengthSquared
            highZeros.append(m > 1 ? Complex(z.real / m, z.imaginary / m) : z)   // 1 / conj(z)
        }
        let highPoles = quadraticRoots(x[3], x[4]) + [Complex(-x[5], 0)]
        let zeros = [Complex<Double>](repeating: Complex(1, 0), count: low.ones) + highZeros.sorted(by: canonical)
        let poles = low.poles.map { Complex<Double>($0, 0) } + highPoles.sorted(by: canonical)
        let theta = 2 * Double.pi * referenceFrequency / fs
        let unit = decibels(zeros: zeros, poles: poles, cos: Double.cos(theta), sin: Double.sin(theta))
        let gain = Double.pow(10, (analyticDecibels(curve: curve, frequency: referenceFrequency) - unit) / 20)
        return ZeroPoleGain(zeros: zeros, poles: poles, gain: gain)
    }

    /// 20 lg |H(e^{j2πf/fs})| of a zero-pole-gain filter.
    public static func decibels(
        zeros: [Complex<Double>], poles: [Complex<Double>], gain: Double, frequency: Double, sampleRate: Double
    ) -> Double {
        let theta = 2 * Double.pi * frequency / sampleRate
        return 20 * Double.log10(abs(gain))
            + decibels(zeros: zeros, poles: poles, cos: Double.cos(theta), sin: Double.sin(theta))
    }
}

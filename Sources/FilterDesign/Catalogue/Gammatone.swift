import ComplexModule
import RealModule

/// scipy's `gammatone` (Slaney, "An efficient implementation of the
/// Patterson-Holdsworth auditory filter bank", Apple TR 35, 1993): a
/// gammatone filter centred at f, its bandwidth from the ERB scale,
///
///     ERB(f) = f / 9.26449 + 24.7 Hz,   b = 2 pi 1.019 ERB(f)
///
/// IIR (`zPlane`): with T = 1 / fs, r = exp(-b T) and w = r exp(j 2 pi f T),
/// the denominator is (1 - 2 r cos(2 pi f T) z^-1 + r^2 z^-2)^4, four poles
/// at w and four at conj(w), and the numerator is
/// b_k = (T^4 / g) C(4, k) (-1)^k Re(w^k), k = 0 ... 4, whose zeros are
/// real: z_m = (w - u_m conj(w)) / (1 - u_m) with u_m = exp(j pi (2m + 1) / 4)
/// (from ((z - w) / (z - conj(w)))^4 = -1), and four zeros at z = 0 for the
/// four poles more. g is Slaney's gain, which puts |H| = 1 at f: here that
/// |H| is measured on the product form, which does not cancel.
///
/// FIR (`taps`): h[n] = s t^(N-1) exp(-2 pi b' t) cos(2 pi f t), t = n / fs,
/// b' = 1.019 ERB(f), s = 2 (2 pi b')^N / ((N - 1)! fs), N the order.
public enum Gammatone {
    /// The equivalent rectangular bandwidth of the ear at `f` Hz (Glasberg and Moore).
    public static func equivalentRectangularBandwidth(_ f: Double) -> Double { f / 9.26449 + 24.7 }

    /// The IIR gammatone's zeros, poles and gain at `alpha` = f / fs.
    public static func zPlane(alpha: Double, sampleRate fs: Double) -> ZeroPoleGain {
        let f = alpha * fs
        let t = 1 / fs
        let bw = 2 * Double.pi * 1.019 * equivalentRectangularBandwidth(f)
        let fr = 2 * Double.pi * alpha
        let r = Double.exp(-bw * t)
        let w = Complex(r * Double.cos(fr), r * Double.sin(fr))
        var zeros = [Complex<Double>](repeating: Complex(0, 0), count: 4)
        for m in 0..<4 {
            let u = Complex(length: 1, phase: Double.pi * Double(2 * m + 1) / 4)
            zeros[m] = Complex(((w - u * w.conjugate) / (Complex(1, 0) - u)).real, 0)
        }
        let poles = Array(repeating: [w, w.conjugate], count: 4).flatMap { $0 }
        // Slaney's g is |H| at the centre before it is divided out, and his
        // steps for it cancel (2.7e-9 of it at 5 Hz and 192 kHz): |H| is
        // taken from the product form at z = exp(j 2 pi alpha) instead.
        var unit = ZeroPoleGain(zeros: zeros + Array(repeating: Complex(0, 0), count: 4), poles: poles, gain: 1)
        unit.gain = 1 / unit.magnitude(at: Complex(Double.cos(fr), Double.sin(fr)))
        return unit
    }

    /// The orders the FIR gammatone takes (scipy: 1 ... 24).
    public static let orderRange: ClosedRange<Int> = 1...24

    /// The numbers of taps the FIR gammatone takes: its cost is O(N), so
    /// the bound is the output's size, as firwin's (`LinearPhaseTaps.firwin`).
    public static let tapsRange: ClosedRange<Int> = 1...1_000_001

    /// scipy's default number of taps: max(floor(0.015 fs), 15).
    public static func defaultTaps(sampleRate fs: Double) -> Int { max(Int(fs * 0.015), 15) }

    /// The FIR gammatone's taps at `frequency` Hz.
    public static func taps(frequency f: Double, sampleRate fs: Double, order n: Int = 4, count: Int) -> [Double] {
        let bw = 1.019 * equivalentRectangularBandwidth(f)
        var scale = 2 * Double.pow(2 * Double.pi * bw, Double(n))
        for k in 1..<max(n, 1) { scale /= Double(k) }
        scale /= fs
        return (0..<count).map { k in
            let t = Double(k) / fs
            // The Int power: pow(0, 0) is 1 (order 1's first tap), where
            // RealModule's real power makes it NaN.
            return Double.pow(t, n - 1) * Double.exp(-2 * Double.pi * bw * t) * Double.cos(2 * Double.pi * f * t) * scale
        }
    }
}

import RealModule

/// Which bands pass in a `firwin` design, as scipy's `pass_zero` strings.
public enum FIRBand: String, Sendable, Hashable, CaseIterable {
    /// Passes 0 ... c (one cutoff).
    case lowpass
    /// Passes c ... fs/2 (one cutoff; an odd number of taps).
    case highpass
    /// Passes c1 ... c2 (and c3 ... c4, ...): at least two cutoffs, 0 in a stopband.
    case bandpass
    /// Stops c1 ... c2 (and c3 ... c4, ...): at least two cutoffs, 0 in a passband.
    case bandstop

    /// Whether 0 lies in a passband (scipy's `pass_zero` as a Bool).
    public var passesZero: Bool { self == .lowpass || self == .bandstop }
}

/// A linear-phase FIR filter by the window method: scipy.signal.firwin with
/// frequencies as fractions of the sample rate (scipy's `fs=1`).
///
/// The cutoffs c_1 < ... < c_k (in (0, 0.5), the -6 dB points) split 0 ... 0.5
/// into bands that alternately pass and stop, starting with a passband when
/// `passZero`. With the passbands [l_j, r_j] in Nyquist units
/// (twice ours; l = 0 or r = 1 at the ends), alpha = (taps - 1) / 2 and
/// m = n - alpha, the ideal response truncated to the taps is
///
///     h_n = sum_j (r_j sinc(r_j m) - l_j sinc(l_j m)),   sinc(x) = sin(pi x) / (pi x),
///
/// multiplied by the window (or, with `width`, a Kaiser window whose beta is
/// `kaiserBeta(attenuation: kaiserAttenuation(taps:width:))`, replacing
/// `window`). With `scale`, h is divided by its response
/// sum_n h_n cos(pi m f) at f = 0 if the first passband starts at 0, at
/// Nyquist if it ends there, else at its centre, so that the gain there is
/// exactly 1. Type I for odd `taps`, type II for even.
///
/// The same formulas in the same order as scipy 1.17, so the taps agree with
/// scipy's to a few ulps of the largest tap (at most 1.5e-15 of it on 240
/// random designs; libm's and numpy's sin and cos differ by an ulp at times,
/// and I0 here is within an ulp where Cephes' is within 2).
///
/// - Throws: `LinearPhaseError.tapsOutOfRange` (outside
///   `LinearPhaseTaps.firwin`), `.noCutoffs`,
///   `.cutoffOutOfRange`, `.cutoffsNotIncreasing`, `.widthOutOfRange`, and
///   `.evenTapsPassNyquist` when `taps` is even and a passband reaches fs/2.
public func firwin(taps: Int, cutoffs: [Double], passZero: Bool = true, window: FIRWindow = .hamming,
                   width: Double? = nil, scale: Bool = true) throws(LinearPhaseError) -> [Double] {
    guard LinearPhaseTaps.firwin.contains(taps) else { throw .tapsOutOfRange(taps, allowed: LinearPhaseTaps.firwin) }
    guard !cutoffs.isEmpty else { throw .noCutoffs }
    for (i, c) in cutoffs.enumerated() where !(c > 0 && c < 0.5) { throw .cutoffOutOfRange(index: i, value: c) }
    for i in cutoffs.indices.dropFirst() where !(cutoffs[i] > cutoffs[i - 1]) {
        throw .cutoffsNotIncreasing(index: i, cutoffs: cutoffs)
    }
    var window = window
    if let width {
        guard width.isFinite, width > 0, width <= 0.5 else { throw .widthOutOfRange(width) }
        window = .kaiser(beta: kaiserBeta(attenuation: kaiserAttenuation(taps: taps, width: width)))
    }
    let passNyquist = (cutoffs.count % 2 == 0) == passZero
    if passNyquist && taps % 2 == 0 { throw .evenTapsPassNyquist(taps: taps) }
    try window.check(count: taps)
    // Band edges in Nyquist units (x2 is exact), padded to passband pairs.
    let edges = (passZero ? [0.0] : []) + cutoffs.map { 2 * $0 } + (passNyquist ? [1.0] : [])
    let alpha = 0.5 * Double(taps - 1)
    let m = (0..<taps).map { Double($0) - alpha }
    var h = [Double](repeating: 0, count: taps)
    for j in stride(from: 0, to: edges.count, by: 2) {
        let (left, right) = (edges[j], edges[j + 1])
        for n in 0..<taps {
            h[n] += right * numpySinc(right * m[n])
            h[n] -= left * numpySinc(left * m[n])
        }
    }
    let w = window.coefficients(count: taps)
    for n in 0..<taps { h[n] *= w[n] }
    if scale {
        let (left, right) = (edges[0], edges[1])
        let f = left == 0 ? 0.0 : right == 1 ? 1.0 : 0.5 * (left + right)
        var s = 0.0
        for n in 0..<taps { s += h[n] * Double.cos(Double.pi * m[n] * f) }
        for n in 0..<taps { h[n] /= s }
    }
    makeExactlySymmetric(&h, antisymmetric: false)
    return h
}

/// `firwin` with the band named as scipy's `pass_zero` strings: `.lowpass`
/// and `.highpass` take exactly one cutoff, `.bandpass` and `.bandstop` at
/// least two.
///
/// - Throws: `LinearPhaseError.bandNeedsOneCutoff`, `.bandNeedsTwoCutoffs`,
///   and the errors of `firwin(taps:cutoffs:passZero:window:width:scale:)`.
public func firwin(taps: Int, cutoffs: [Double], band: FIRBand, window: FIRWindow = .hamming,
                   width: Double? = nil, scale: Bool = true) throws(LinearPhaseError) -> [Double] {
    guard !cutoffs.isEmpty else { throw .noCutoffs }
    switch band {
    case .lowpass, .highpass:
        guard cutoffs.count == 1 else { throw .bandNeedsOneCutoff(band, given: cutoffs.count) }
    case .bandpass, .bandstop:
        guard cutoffs.count >= 2 else { throw .bandNeedsTwoCutoffs(band, given: cutoffs.count) }
    }
    return try firwin(taps: taps, cutoffs: cutoffs, passZero: band.passesZero, window: window, width: width, scale: scale)
}

/// The numbers of taps the window-method and least-squares designs accept,
/// each bounded by its cost so that a design command finishes within a few
/// seconds in a release build and its memory stays modest (as
/// `EquirippleDesign.tapsRange` bounds `remez`).
///
/// Measured on this project's 2-core machine, release build, while other
/// builds ran (load 6-7, so wall times are about twice the CPU times);
/// the design alone in-process, then `mkfilter ...` (report) and
/// `mkfilter ... --emit json` end to end (wall / user CPU, peak resident
/// memory):
///
/// - firwin (low-pass 0.1): 100,001 taps 0.013 s in-process, 0.13 s
///   (0.05 s CPU) and 30 MB as a report, 0.15 s and 41 MB with JSON;
///   1,000,001 taps 0.16 s, 0.98 s (0.45 s CPU) and 104 MB, 1.43 s and
///   196 MB; 3,000,001 taps 0.43 s in-process; 10^7 taps took 1.6 GB with
///   JSON before this bound.
/// - firwin2 (gains 1 1 0 0 at 0 0.1 0.2 0.5): 100,001 taps 0.063 s,
///   0.10 s and 34 MB, 0.18 s and 42 MB; 1,000,001 taps 0.56 s, 1.29 s
///   (0.58 s CPU) and 125 MB, 1.72 s and 208 MB; 3,000,001 taps 2.0 s and
///   402 MB in-process.
/// - firls (refined on double-double residuals, `LeastSquares.swift`):
///   `mkfilter firls --emit json` in release, another build running: 2,001
///   taps 0.4 s, 3,999 taps 1.8-2.0 s, 10,001 taps 4.8-6.4 s (three narrow
///   transitions, weights 10/1/5/1; a low-pass 0.2/0.3), random designs of
///   6,893-9,585 taps 6.2-6.8 s (scipy 1.17: 31-40 s).
///
/// The report's band measures (`FIRFilter.bandMeasures`, O(N) a frequency
/// on a grid that grows with N), which every output computes, cost firls's
/// command a second or two more. So firls stops at 10,001 taps, firwin and
/// firwin2 at 1,000,001
/// (under 1 s of CPU, about 200 MB with `--emit json`, which keeps every
/// tap's text).
public enum LinearPhaseTaps {
    /// `firwin`: 1 ... 1,000,001. Its cost is O(N) (sinc terms, the window,
    /// the scaling sum), so the bound is the output's size, not the design.
    public static let firwin: ClosedRange<Int> = 1...1_000_001
    /// `firwin2`: 1 ... 1,000,001. O(P log P) for its interpolation grid
    /// of P >= N + 1 points (a power of two above N by default).
    public static let firwin2: ClosedRange<Int> = 1...1_000_001
    /// `firls`: 1 ... 10,001 (odd counts only). Dense solves up to 511
    /// taps; beyond, at most min(30, max(4, 10^9 / N^2)) refinement steps,
    /// each an O(N^2) solve (Cholesky's factor, made once, up to 3,999 taps;
    /// beyond, preconditioned conjugate gradients with Levinson's O(N^2)
    /// preconditioner).
    public static let firls: ClosedRange<Int> = 1...10_001
}

/// numpy's sinc: sin(pi x) / (pi x), 1 at 0 (the same two roundings, pi x
/// and the quotient, as numpy).
@inline(__always)
func numpySinc(_ x: Double) -> Double {
    if x == 0 { return 1 }
    let y = Double.pi * x
    return Double.sin(y) / y
}

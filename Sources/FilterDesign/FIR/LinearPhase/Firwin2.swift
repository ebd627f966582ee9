import RealModule

/// A linear-phase FIR filter by frequency sampling and a window:
/// scipy.signal.firwin2 with frequencies as fractions of the sample rate.
///
/// The gain is interpolated linearly through (f_i, g_i) (f from 0 to 0.5,
/// nondecreasing; a frequency given twice is a step, its two copies moved
/// eps/2 apart as scipy does) on the grid x_k = k 0.5 / (P - 1), k < P,
/// P = `gridPoints` (default 1 + 2^ceil(log2 taps)); each sample gets the
/// linear phase of the filter's delay,
///
///     X_k = G(x_k) exp(-i pi (taps - 1) x_k / 0.5)   (times i for types III, IV),
///
/// the inverse real DFT of length 2 (P - 1) gives the impulse response, and its
/// first `taps` values times the window (none for nil) are the taps; the
/// centre tap of a type III filter is set to 0. The type is I for odd `taps`,
/// II for even, III and IV when `antisymmetric` (odd and even taps).
///
/// The inverse DFT is a radix-2 real FFT when 2 (P - 1) is a power of two
/// (always with the default grid), else a direct cosine sum; the taps agree
/// with scipy's within about 1e-15 of the largest.
///
/// - Throws: `LinearPhaseError.tapsOutOfRange` (outside
///   `LinearPhaseTaps.firwin2`), `.frequencyGainCount`,
///   `.gridTooSmall` (P <= taps), `.frequencyEnds`, `.frequenciesDecreasing`,
///   `.frequencyRepeatedTwice`, `.zeroFrequencyRepeated`,
///   `.halfFrequencyRepeated`, `.frequencyTooCloseToStep`, `.gainNotFinite`,
///   and `.gainForcedToZero` when the type's zeros (type II at 0.5, III at 0
///   and 0.5, IV at 0) meet a nonzero gain.
public func firwin2(taps: Int, frequencies: [Double], gains: [Double], gridPoints: Int? = nil,
                    window: FIRWindow? = .hamming, antisymmetric: Bool = false) throws(LinearPhaseError) -> [Double] {
    let type = try firwin2Type(taps: taps, frequencies: frequencies, gains: gains, gridPoints: gridPoints,
                               antisymmetric: antisymmetric)
    try window?.check(count: taps)

    // scipy: 1 + 2 ** int(ceil(log(numtaps, 2))), Python's log(x, 2) being
    // log(x) / log(2) (3.0000000000000004 for 2^29: a grid twice as fine).
    let points = gridPoints ?? 1 + (1 << Int((Double.log(Double(taps)) / Double.log(2.0)).rounded(.up)))
    // Widen each step to (f - eps/2, f + eps/2), eps/2 = 2^-52 * 0.5.
    var f = frequencies
    let nudge = 0x1p-52 * 0.5
    for k in 0..<(f.count - 1) where f[k] == f[k + 1] {
        f[k] -= nudge
        f[k + 1] += nudge
    }
    for k in 0..<(f.count - 1) where !(f[k + 1] > f[k]) { throw .frequencyTooCloseToStep(f[k]) }

    // The grid (numpy's linspace: k * step, the last point 0.5) and the
    // interpolated gains (numpy's interp).
    let step = 0.5 / Double(points - 1)
    let x = (0..<points).map { $0 == points - 1 ? 0.5 : Double($0) * step }
    let gain = interpolatedGains(at: x, frequencies: f, gains: gains)
    // X_k = gain exp(i theta_k), theta_k = (-(taps - 1) / 2) pi x_k / 0.5 (x 1/0.5 = 2, exact).
    let a = -Double(taps - 1) / 2 * Double.pi
    var re = [Double](repeating: 0, count: points), im = re
    for k in 0..<points {
        let theta = a * x[k] * 2
        var (c, s) = (Double.cos(theta), Double.sin(theta))
        if type > 2 { (c, s) = (-s, c) }
        (re[k], im[k]) = (gain[k] * c, gain[k] * s)
    }
    let length = 2 * (points - 1)
    var h = inverseRealDFT(re, im, length: length, keeping: taps)
    if let window {
        let w = window.coefficients(count: taps)
        for n in 0..<taps { h[n] *= w[n] }
    }
    makeExactlySymmetric(&h, antisymmetric: type > 2)
    return h
}

/// firwin2's arguments checked as scipy checks them, and the filter's type:
/// I (odd, symmetric), II (even, symmetric), III (odd, antisymmetric) or
/// IV (even, antisymmetric); types II and III need gain 0 at 0.5, III and
/// IV at 0.
private func firwin2Type(taps: Int, frequencies: [Double], gains: [Double], gridPoints: Int?,
                         antisymmetric: Bool) throws(LinearPhaseError) -> Int {
    guard LinearPhaseTaps.firwin2.contains(taps) else { throw .tapsOutOfRange(taps, allowed: LinearPhaseTaps.firwin2) }
    guard frequencies.count == gains.count else { throw .frequencyGainCount(frequencies: frequencies.count, gains: gains.count) }
    if let gridPoints, taps >= gridPoints { throw .gridTooSmall(gridPoints: gridPoints, taps: taps) }
    guard let first = frequencies.first, let last = frequencies.last, first == 0, last == 0.5 else {
        throw .frequencyEnds(first: frequencies.first ?? .nan, last: frequencies.last ?? .nan)
    }
    for i in frequencies.indices.dropFirst() where !(frequencies[i] >= frequencies[i - 1]) {
        throw .frequenciesDecreasing(index: i, frequencies: frequencies)
    }
    for i in frequencies.indices.dropFirst().dropLast() where frequencies[i - 1] == frequencies[i + 1] {
        throw .frequencyRepeatedTwice(frequencies[i])
    }
    if frequencies[1] == 0 { throw .zeroFrequencyRepeated }
    if frequencies[frequencies.count - 2] == 0.5 { throw .halfFrequencyRepeated }
    for (i, g) in gains.enumerated() where !g.isFinite { throw .gainNotFinite(index: i, value: g) }
    let type = antisymmetric ? (taps % 2 == 0 ? 4 : 3) : (taps % 2 == 0 ? 2 : 1)
    if (type == 2 || type == 3) && gains[gains.count - 1] != 0 {
        throw .gainForcedToZero(type: type, frequency: 0.5, gain: gains[gains.count - 1])
    }
    if (type == 3 || type == 4) && gains[0] != 0 { throw .gainForcedToZero(type: type, frequency: 0, gain: gains[0]) }
    return type
}

/// The gains at the grid points x, linearly interpolated between the given
/// (frequency, gain) points as numpy's interp does:
/// g(x) = (g_{j+1} - g_j) / (f_{j+1} - f_j) · (x - f_j) + g_j, f_j <= x < f_{j+1}.
private func interpolatedGains(at x: [Double], frequencies f: [Double], gains: [Double]) -> [Double] {
    var gain = [Double](repeating: 0, count: x.count)
    var j = 0
    for k in 0..<x.count {
        while j + 1 < f.count && f[j + 1] <= x[k] { j += 1 }
        if j == f.count - 1 || x[k] == f[j] {
            gain[k] = gains[j]
        } else {
            let slope = (gains[j + 1] - gains[j]) / (f[j + 1] - f[j])
            gain[k] = slope * (x[k] - f[j]) + gains[j]
        }
    }
    return gain
}

/// The first `keep` samples of the real inverse DFT of length L whose
/// spectrum has X_0 ... X_(L/2) (numpy's irfft; the imaginary parts of X_0 and
/// X_(L/2) are ignored): by `RadixTwoRealFFT` when L is a power of two, else by
///
///     x_n = (1/L) (Re X_0 + (-1)^n Re X_(L/2) + 2 sum_(0<k<L/2) Re(X_k exp(2 pi i k n / L))),
///
/// the exponentials from a table of the L-th roots of unity (index k n mod L).
/// Short lengths (L < keep) repeat the period.
func inverseRealDFT(_ re: [Double], _ im: [Double], length: Int, keeping keep: Int) -> [Double] {
    let h = length / 2
    if length >= 2 && length & (length - 1) == 0 {
        let x = RadixTwoRealFFT(count: length).inverse(re, im)
        return (0..<keep).map { x[$0 % length] }
    }
    precondition(length >= 1)
    var c = [Double](repeating: 1, count: length), s = [Double](repeating: 0, count: length)
    for j in 1..<max(length, 1) {
        let t = 2 * Double.pi * Double(j) / Double(length)
        (c[j], s[j]) = (Double.cos(t), Double.sin(t))
    }
    return (0..<keep).map { n in
        var sum = 0.0
        for k in 1..<max(h, 1) where h > 1 {
            let index = (k * n) % length
            sum += re[k] * c[index] - im[k] * s[index]
        }
        var total = re[0] + 2 * sum
        if length % 2 == 0 && h > 0 { total += (n % 2 == 0 ? 1 : -1) * re[h] }
        return total / Double(length)
    }
}

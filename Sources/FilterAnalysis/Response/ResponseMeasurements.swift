import ComplexModule
import FilterDesign
import RealModule

/// Figures read off a filter's response: -3 dB frequencies, passband ripple,
/// attenuation, group delay, step overshoot and settling time.
///
/// Frequencies are alpha = f / fs. Magnitudes are taken from the pole-zero
/// product (`PoleZeroForm.response`), which can be evaluated at any frequency,
/// so crossings are found to full precision by bisection rather than read off
/// a grid.
public struct ResponseMeasurements: Sendable {
    /// The filter measured.
    public let form: PoleZeroForm

    /// Measures `form`.
    public init(_ form: PoleZeroForm) { self.form = form }

    /// |H(e^{j 2 pi alpha})|.
    public func magnitude(atAlpha alpha: Double) -> Double { form.response(atAlpha: alpha).length }

    /// The largest |H| over [0, 0.5] and where it is: the best of `scanPoints` + 1
    /// evenly spaced frequencies, refined by golden-section search between its
    /// neighbours.
    public func peak(scanPoints: Int = 8192) -> (alpha: Double, magnitude: Double) {
        var best = (alpha: 0.0, magnitude: magnitude(atAlpha: 0))
        for k in 1...scanPoints {
            let alpha = 0.5 * Double(k) / Double(scanPoints)
            let m = magnitude(atAlpha: alpha)
            if m > best.magnitude { best = (alpha, m) }
        }
        let step = 0.5 / Double(scanPoints)
        var (a, b) = (max(0, best.alpha - step), min(0.5, best.alpha + step))
        let ratio = (5.0.squareRoot() - 1) / 2
        for _ in 0..<80 where b - a > 1e-15 {
            let c = b - ratio * (b - a), d = a + ratio * (b - a)
            if magnitude(atAlpha: c) > magnitude(atAlpha: d) { b = d } else { a = c }
        }
        let refined = magnitude(atAlpha: 0.5 * (a + b))
        return refined > best.magnitude ? (0.5 * (a + b), refined) : best
    }

    /// The frequencies in (0, 0.5) where |H| crosses `reference` / sqrt(2) (the
    /// -3 dB points relative to `reference`), found by scanning `scanPoints`
    /// intervals and bisecting each sign change to 1e-15.
    public func halfPowerFrequencies(reference: Double, scanPoints: Int = 8192) -> [Double] {
        crossings(of: reference / 2.0.squareRoot(), scanPoints: scanPoints)
    }

    /// The frequencies in (0, 0.5) where |H| crosses `level`.
    public func crossings(of level: Double, scanPoints: Int = 8192) -> [Double] {
        func f(_ alpha: Double) -> Double { magnitude(atAlpha: alpha) - level }
        var result: [Double] = []
        var previousAlpha = 0.0, previous = f(0)
        for k in 1...scanPoints {
            let alpha = 0.5 * Double(k) / Double(scanPoints)
            let value = f(alpha)
            if value == 0 {
                result.append(alpha)
            } else if previous != 0 && (previous < 0) != (value < 0) {
                var (lo, hi, fLo) = (previousAlpha, alpha, previous)
                for _ in 0..<80 where hi - lo > 1e-15 {
                    let mid = 0.5 * (lo + hi)
                    let fMid = f(mid)
                    if (fMid < 0) == (fLo < 0) { (lo, fLo) = (mid, fMid) } else { hi = mid }
                }
                result.append(0.5 * (lo + hi))
            }
            (previousAlpha, previous) = (alpha, value)
        }
        return result
    }

    /// The smallest and largest |H| in dB over [from, to]: sampled at `points`
    /// evenly spaced frequencies, ends included, and 256 more crowding
    /// geometrically toward each end (a Chebyshev filter's ripples bunch up
    /// at its band edge, within 1e-4 of it at alpha = 0.001), then the largest
    /// and the smallest refined by golden-section search between their
    /// neighbours (`ExtremeSearch`).
    public func decibelRange(from: Double, to: Double, points: Int = 4096) -> (minimum: Double, maximum: Double) {
        ExtremeSearch.range(of: { 20 * Double.log10(magnitude(atAlpha: $0)) }, from: from, to: to, points: points)
    }

    /// The passband ripple in dB over [from, to]: the largest minus the smallest
    /// |H| in dB there.
    public func ripple(from: Double, to: Double, points: Int = 4096) -> Double {
        let range = decibelRange(from: from, to: to, points: points)
        return range.maximum - range.minimum
    }

    /// Attenuation at `alpha` relative to `reference`, in dB (positive when the
    /// filter attenuates): -20 Double.log10(|H(alpha)| / reference).
    public func attenuation(atAlpha alpha: Double, reference: Double) -> Double {
        -20 * Double.log10(magnitude(atAlpha: alpha) / reference)
    }

    /// The group delay at `alpha` in samples (see `PoleZeroForm.groupDelay`).
    public func groupDelay(atAlpha alpha: Double) -> Double { form.groupDelay(atAlpha: alpha) }
}

/// Overshoot and settling of a step response.
public struct StepMeasurements: Sendable, Hashable {
    /// The value the step response settles to, H(1) (the dc gain).
    public let finalValue: Double
    /// (max s[n] - final) / |final|, as a fraction; nil when the final value is 0
    /// (high-pass, band-pass: there is nothing to overshoot relative to).
    public let overshoot: Double?
    /// The first n from which |s[k] - final| <= `band` |final| for every later k
    /// in the response; nil when the final value is 0 or it never settles.
    public let settlingSamples: Int?
    /// The settling band used, as a fraction of the final value.
    public let band: Double

    /// Measures `step`, a step response long enough to have settled, whose final
    /// value is `finalValue` (2 % band unless given).
    public init(step: [Double], finalValue: Double, band: Double = 0.02) {
        self.finalValue = finalValue
        self.band = band
        guard finalValue != 0, let peak = step.max() else {
            overshoot = nil
            settlingSamples = nil
            return
        }
        let sign = finalValue < 0 ? -1.0 : 1.0
        overshoot = max(0, sign * ((sign > 0 ? peak : step.min()!) - finalValue) / abs(finalValue))
        let tolerance = band * abs(finalValue)
        if let last = step.lastIndex(where: { abs($0 - finalValue) > tolerance }) {
            settlingSamples = last + 1 < step.count ? last + 1 : nil
        } else {
            settlingSamples = 0
        }
    }
}

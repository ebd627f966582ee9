import RealModule

/// Why `remez(taps:bands:desired:weights:type:)` gave no filter. Bands are
/// numbered from 1 in the messages, as a person counts them, and from 0 in
/// the associated values.
public enum RemezError: Error, Sendable, Equatable, CustomStringConvertible {
    /// N outside `remezTapsRange`, or too few for the type (a type III
    /// filter needs 3 taps).
    case tapsOutOfRange(Int, allowed: ClosedRange<Int>)
    /// The band edges are not pairs: an odd count, or none.
    case bandEdgeCount(Int)
    /// One desired value per band is needed.
    case desiredCount(given: Int, bands: Int)
    /// One weight per band is needed.
    case weightCount(given: Int, bands: Int)
    /// An edge outside [0, 0.5] (fractions of the sample rate) or not finite.
    case bandEdgeOutOfRange(index: Int, value: Double)
    /// Edges must increase: a band's upper edge is not below its lower
    /// edge (equal edges make a band of one point), and bands neither
    /// overlap nor touch (between bands the edges increase strictly).
    case bandEdgesNotIncreasing(index: Int, edges: [Double])
    /// A desired value that is not finite.
    case desiredNotFinite(band: Int, value: Double)
    /// A weight that is not a finite number above 0.
    case weightNotPositive(band: Int, value: Double)
    /// The band asks for a nonzero response at 0 or fs/2, where this
    /// linear-phase type is zero (scipy's rules: a type II filter, N even
    /// and symmetric, cannot pass fs/2; types III and IV cannot pass 0; type
    /// III cannot pass fs/2).
    case responseForcedToZero(band: Int, frequency: Double, taps: Int, type: RemezFilterType)
    /// The exchange did not reach a certified optimum: the best filter's
    /// largest weighted error (in `band`) stays more than 1 % above the
    /// certificate's lower bound. The band named is where the error peaks.
    case noConvergence(band: Int, edges: [Double], iterations: Int, maximumError: Double, lowerBound: Double)
    /// Beyond double precision: the optimal weighted error is below what
    /// double resolves (the bands ask too little of N taps, or one is too
    /// narrow for them: `band` is the narrowest), or the response between
    /// and beyond the bands grows so large (`outsideResponse`, relative to
    /// the desired values; 0 if unknown) that the taps cannot hold the
    /// in-band response to the accuracy of its error.
    case beyondDoublePrecision(band: Int, edges: [Double], taps: Int, maximumError: Double, outsideResponse: Double)

    public var description: String { description(.alphas) }

    /// The message, its frequencies said as `wording` says them (in Hz for a
    /// design given in Hz).
    public func description(_ wording: FrequencyWording) -> String {
        let f = wording.frequency
        switch self {
        case let .tapsOutOfRange(n, allowed):
            return "taps = \(n) is out of range; it must be in \(allowed.lowerBound) ... \(allowed.upperBound) for this type"
        case let .bandEdgeCount(n):
            return "bands has \(n) edges; it needs an even number (two edges a band), at least 2"
        case let .desiredCount(given, bands):
            return "desired has \(given) values for \(bands) band\(bands == 1 ? "" : "s"); it needs one a band"
        case let .weightCount(given, bands):
            return "weights has \(given) values for \(bands) band\(bands == 1 ? "" : "s"); it needs one a band"
        case let .bandEdgeOutOfRange(index, value):
            return "band edge \(index + 1) = \(f(value)) is out of range; "
                + (wording.sampleRate == nil ? "edges are fractions of the sample rate in 0 ... 0.5" : "edges must be in 0 ... \(wording.nyquist) (half the sample rate)")
        case let .bandEdgesNotIncreasing(index, edges):
            let (a, b) = (f(edges[index]), f(edges[index + 1]))
            if index % 2 == 0 {
                return "band \(index / 2 + 1) has edges \(a) and \(b); its upper edge must be above its lower edge"
            }
            return "bands \(index / 2 + 1) and \(index / 2 + 2) overlap or touch (edges \(a) and \(b)); leave a transition band between them"
        case let .desiredNotFinite(band, value):
            return "desired value \(messageNumber(value)) of band \(band + 1) is not a finite number"
        case let .weightNotPositive(band, value):
            return "weight \(messageNumber(value)) of band \(band + 1) must be a finite number above 0"
        case let .responseForcedToZero(band, frequency, taps, type):
            let phase = EquirippleDesign.LinearPhaseType(taps: taps, type: type)
            let parity = taps % 2 == 0 ? "even" : "odd"
            let symmetry = phase.isAntisymmetric ? "antisymmetric" : "symmetric"
            let place = frequency == 0 ? "0" : "fs/2"
            var fix: String
            switch (phase, frequency == 0) {
            case (.two, false): fix = "use an odd number of taps (type I), or end the band below \(wording.nyquist)"
            case (.three, false): fix = "use an even number of taps (type IV), or end the band below \(wording.nyquist)"
            default: fix = "start the band above 0 (no antisymmetric filter passes 0)"
            }
            if type == .differentiator && frequency != 0 { fix = "use an even number of taps (type IV), or end the band below \(wording.nyquist)" }
            return "band \(band + 1) asks for a nonzero response at \(place), but a type \(phase) filter (\(taps) taps, \(parity), \(symmetry)) is zero there: \(fix)"
        case let .noConvergence(band, edges, iterations, maximumError, lowerBound):
            let gap = maximumError > 0 ? 100 * (1 - lowerBound / maximumError) : 100
            return "the equiripple design did not converge in \(iterations) iterations: its largest weighted error, \(approximateNumber(maximumError)) in band \(band + 1) (\(f(edges[0])) ... \(f(edges[1]))), is \(approximateNumber(gap)) % above the certified lower bound \(approximateNumber(lowerBound)) (at most 1 % is accepted); use more taps, a wider transition band next to band \(band + 1), or a lower weight on band \(band + 1)"
        case let .beyondDoublePrecision(band, edges, taps, maximumError, outside):
            let uncertified = maximumError > 0 ? " (its weighted error, about \(approximateNumber(maximumError)), cannot be certified)" : ""
            if outside > 1e6 {
                return "the \(taps)-tap equiripple design is beyond double precision\(uncertified): its response between or beyond the bands grows to about \(approximateNumber(outside)) times the desired values, so the taps cannot hold the response inside them; leave less of 0 ... \(wording.nyquist) unspecified (narrower gaps between the bands, the first band from 0 or the last to \(wording.nyquist)), or use fewer taps"
            }
            return "the \(taps)-tap equiripple design is beyond double precision\(uncertified): the bands ask too little of \(taps) taps, or are too narrow or too close for them (the narrowest is band \(band + 1), \(f(edges[0])) ... \(f(edges[1]))); use fewer taps, or widen the bands"
        }
    }
}

/// A number for a message, to about four significant digits (an error or a
/// percentage, not an input to read back).
func approximateNumber(_ x: Double) -> String {
    guard x.isFinite, x != 0 else { return messageNumber(x) }
    var exponent = 0
    var m = abs(x)
    while m >= 10 { m /= 10; exponent += 1 }
    while m < 1 { m *= 10; exponent -= 1 }
    var digits = Int((m * 1000).rounded())
    if digits >= 10_000 { digits /= 10; exponent += 1 }
    let sign = x < 0 ? "-" : ""
    var mantissa = "\(digits / 1000)"
    var fraction = String(digits % 1000)
    while fraction.count < 3 { fraction = "0" + fraction }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    if !fraction.isEmpty { mantissa += "." + fraction }
    if (-3...4).contains(exponent) {
        // Plain decimal: shift the point.
        let scaled = Double(digits) / 1000 * Double.pow(10, Double(exponent))
        return sign + messageNumber(scaled.rounded(toPlaces: max(0, 3 - exponent)))
    }
    return sign + mantissa + "e" + String(exponent)
}

private extension Double {
    /// Rounded to `places` decimal places (for printing only).
    func rounded(toPlaces places: Int) -> Double {
        let scale = Double.pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}

import ComplexModule
import RealModule

/// mkshape's symmetric FIR filters.
public enum PulseShape: Sendable, Hashable {
    /// Raised cosine (`-c`): flat to (1 - beta) alpha, a half-cosine roll-off to
    /// (1 + beta) alpha, zero above; alpha = symbol rate / (2 fs) in Fisher's
    /// terms, beta the roll-off factor.
    case raisedCosine(alpha: Double, beta: Double)
    /// Root raised cosine (`-r`): the square root of that spectrum.
    case rootRaisedCosine(alpha: Double, beta: Double)
    /// Hilbert transformer (`-h`): taps 2/(pi n)-shaped, +1/n before the centre
    /// and -1/n after it for odd n, 0 for even n (Fisher's scaling, without 2/pi).
    case hilbertTransformer
    /// Identity (`-i`): a flat spectrum, so a unit centre tap (up to rounding).
    case identity
}

/// A specification for mkshape, validated when built.
public struct PulseShapeSpecification: Sendable, Hashable {
    /// Fisher's largest length: MAXPZ + 1 taps.
    public static let lengthRange = 1...513

    /// The shape.
    public let shape: PulseShape
    /// The number of taps L (odd).
    public let length: Int
    /// `-w`: multiply the taps by a Hamming window 0.54 - 0.46 cos(2 pi n / (L - 1)).
    public let hammingWindow: Bool
    /// `-x`: multiply the spectrum by x / sin(x), x = pi f, to compensate a
    /// zero-order hold.
    public let sincCompensation: Bool
    /// `-b n`: quantise the taps to n bits, the reference tap scaled to (2^(n-1) - 1) / 2^(n-1).
    public let truncationBits: Int?

    /// Builds and validates a specification.
    public init(shape: PulseShape, length: Int, hammingWindow: Bool = false,
                sincCompensation: Bool = false, truncationBits: Int? = nil) throws(FIRSpecificationError) {
        guard length & 1 == 1 else { throw .lengthNotOdd(length) }
        guard Self.lengthRange.contains(length) else { throw .lengthOutOfRange(length, allowed: Self.lengthRange) }
        switch shape {
        case let .raisedCosine(alpha, beta), let .rootRaisedCosine(alpha, beta):
            guard alpha.isFinite, alpha > 0, alpha < 0.5 else { throw .alphaOutOfRange(alpha) }
            guard beta.isFinite, beta >= 0, beta <= 1 else { throw .betaOutOfRange(beta) }
        case .hilbertTransformer:
            if sincCompensation { throw .compensationNotAllowedForHilbert }
        case .identity:
            break
        }
        if let bits = truncationBits, !(1...52).contains(bits) { throw .truncationBitsOutOfRange(bits) }
        self.shape = shape
        self.length = length
        self.hammingWindow = hammingWindow
        self.sincCompensation = sincCompensation
        self.truncationBits = truncationBits
    }

    /// Computes the taps and gain as Fisher's mkshape 4.6 does.
    ///
    /// The shaped filters are sampled on 1025 frequencies, mirrored, and
    /// inverse-transformed with a 2048-point FFT; the L taps around time 0 are kept.
    public func design() throws(FIRSpecificationError) -> FIRDesign {
        var x: [Double]
        switch shape {
        case .hilbertTransformer: x = hilbertTaps()
        default: x = spectralTaps()
        }
        let h = (length - 1) / 2
        if hammingWindow && h > 0 {
            for i in 1...h {
                let w = 0.54 - 0.46 * Double.cos((2.0 * Double.pi * Double(h + i)) / Double(length - 1))
                x[h + i] *= w
                x[h - i] *= w
            }
        }
        if let bits = truncationBits {
            let fac = Double.pow(2.0, Double(bits - 1))
            let reference = shape == .hilbertTransformer ? (h >= 1 ? x[h - 1] : 0) : x[h]
            guard reference != 0 else { throw .truncationOfZeroFilter }
            let scale = (fac - 1.0) / (fac * reference)
            x = x.map { tap in
                let scaled = tap * scale * fac
                return (scaled >= 0.0 ? (0.5 + scaled).rounded(.down) : -(0.5 - scaled).rounded(.down)) / fac
            }
        }
        return FIRDesign(coefficients: x, gain: gain(x))
    }

    private func spectralTaps() -> [Double] {
        let n = FisherFFT.length
        let identity = shape == .identity
        let (alpha, beta): (Double, Double)
        switch shape {
        case let .raisedCosine(a, b), let .rootRaisedCosine(a, b): (alpha, beta) = (a, b)
        default: (alpha, beta) = (0, 0)
        }
        let f1 = identity ? 0.5 : (1.0 - beta) * alpha
        let f2 = identity ? 0.5 : (1.0 + beta) * alpha
        let tau = identity ? 1.0 : 0.5 / alpha
        var spectrum = [Double](repeating: 0, count: n / 2 + 1)
        for i in 0...(n / 2) {
            let f = Double(i) / Double(n)
            spectrum[i] = f <= f1 ? 1.0 : f <= f2 ? 0.5 * (1.0 + Double.cos((Double.pi * tau / beta) * (f - f1))) : 0.0
        }
        if case .rootRaisedCosine = shape {
            for i in 0...(n / 2) { spectrum[i] = spectrum[i].squareRoot() }
        }
        if sincCompensation {
            for i in 1...(n / 2) {
                let x = Double.pi * Double(i) / Double(n)
                spectrum[i] *= (x / Double.sin(x))
            }
        }
        for i in 0...(n / 2) { spectrum[i] *= tau }
        var vec = [Complex<Double>](repeating: Complex(0, 0), count: n)
        for i in 0...(n / 2) { vec[i] = Complex(spectrum[i], 0.0) }
        for i in 1..<(n / 2) { vec[n - i] = vec[i] }
        FisherFFT().transform(&vec)
        let h = (length - 1) / 2
        return (0..<length).map { i in vec[(n - h + i) % n].real / Double(n) }
    }

    private func hilbertTaps() -> [Double] {
        let h = (length - 1) / 2
        var x = [Double](repeating: 0, count: length)
        if h > 0 {
            for i in 1...h {
                let value = i & 1 == 1 ? 1.0 / Double(i) : 0.0
                x[h + i] = -value
                x[h - i] = +value
            }
        }
        return x
    }

    private func gain(_ x: [Double]) -> Double {
        guard shape == .hilbertTransformer else { return x.reduce(0.0, +) }
        var gain = 0.0
        var odd = false
        var i = ((length - 1) / 2) & 1 == 1 ? 0 : 1
        while i < length && x[i] > 0.0 {
            if odd { gain += x[i] } else { gain -= x[i] }
            odd.toggle()
            i += 2
        }
        if odd { gain = -gain }
        return gain * 2.0
    }
}

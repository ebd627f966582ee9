import RealModule

/// A window for the window method of FIR design (`firwin`, `firwin2`): the
/// symmetric windows of scipy.signal.get_window(name, N, fftbins=False).
///
/// With x_n = -pi + n (2 pi / (N - 1)) for n = 0 ... N-1 (numpy's linspace,
/// the last point exactly pi), the cosine-sum windows are
///
///     w_n = a_0 + a_1 cos(x_n) + a_2 cos(2 x_n) + a_3 cos(3 x_n)
///
/// (summed in that order), with the coefficients below; N = 1 gives [1] and
/// N = 0 an empty window.
public enum FIRWindow: Sendable, Hashable, CustomStringConvertible {
    /// w_n = 1: plain truncation of the ideal response.
    case boxcar
    /// a = (0.54, 0.46) (Hamming).
    case hamming
    /// a = (0.5, 0.5) (Hann, "hanning").
    case hann
    /// a = (0.42, 0.5, 0.08) (Blackman).
    case blackman
    /// a = (0.3635819, 0.4891775, 0.1365995, 0.0106411): Nuttall's minimum
    /// four-term Blackman-Harris window (Nuttall 1981, IEEE TASSP 29(1)).
    case nuttall
    /// a = (0.35875, 0.48829, 0.14128, 0.01168): Harris's minimum four-term
    /// Blackman-Harris window (Harris 1978, Proc. IEEE 66(1)).
    case blackmanharris
    /// Triangle with zero end points: w_n = 2n / (N - 1) for n <= (N - 1) / 2,
    /// else 2 - 2n / (N - 1).
    case bartlett
    /// Kaiser's window
    ///
    ///     w_n = I0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / I0(beta),  alpha = (N - 1) / 2,
    ///
    /// I0 from `besselI0(_:)`. beta 0 is the boxcar; `kaiserBeta(attenuation:)`
    /// gives beta for a stopband attenuation.
    case kaiser(beta: Double)

    /// The names `init(parsing:)` accepts, as an error message lists them.
    public static let names = ["boxcar", "hamming", "hann", "blackman", "nuttall", "blackmanharris", "bartlett", "kaiser:BETA"]

    /// Reads a window name: one of `names`, case-insensitive (also scipy's
    /// aliases "rectangular" and "ones" for boxcar, "hanning" for hann), or
    /// `kaiser:BETA` with BETA a finite number at least 0 ("kaiser:8.6").
    ///
    /// - Throws: `LinearPhaseError.unknownWindow` naming the text, or
    ///   `.kaiserBetaInvalid` naming BETA's text.
    public init(parsing text: String) throws(LinearPhaseError) {
        let lower = text.lowercased()
        if lower.hasPrefix("kaiser:") {
            let betaText = String(text.dropFirst("kaiser:".count))
            guard let beta = Double(betaText), beta.isFinite, beta >= 0 else { throw .kaiserBetaInvalid(betaText) }
            self = .kaiser(beta: beta)
            return
        }
        switch lower {
        case "boxcar", "rectangular", "ones": self = .boxcar
        case "hamming": self = .hamming
        case "hann", "hanning": self = .hann
        case "blackman": self = .blackman
        case "nuttall": self = .nuttall
        case "blackmanharris": self = .blackmanharris
        case "bartlett": self = .bartlett
        case "kaiser": throw .kaiserBetaInvalid("")
        default: throw .unknownWindow(text)
        }
    }

    /// The window's name as `init(parsing:)` reads it ("kaiser:8.6").
    public var description: String {
        switch self {
        case .boxcar: return "boxcar"
        case .hamming: return "hamming"
        case .hann: return "hann"
        case .blackman: return "blackman"
        case .nuttall: return "nuttall"
        case .blackmanharris: return "blackmanharris"
        case .bartlett: return "bartlett"
        case let .kaiser(beta): return "kaiser:\(beta)"
        }
    }

    /// The cosine-sum coefficients a_0, a_1, ..., or nil for the other windows.
    var cosineSumCoefficients: [Double]? {
        switch self {
        case .hamming: return [0.54, 0.46]
        case .hann: return [0.5, 0.5]
        case .blackman: return [0.42, 0.50, 0.08]
        case .nuttall: return [0.3635819, 0.4891775, 0.1365995, 0.0106411]
        case .blackmanharris: return [0.35875, 0.48829, 0.14128, 0.01168]
        case .boxcar, .bartlett, .kaiser: return nil
        }
    }

    /// The `count` symmetric window values, as scipy's
    /// `get_window(w, count, fftbins=False)` (within about 2 ulps of the
    /// largest value: the same formulas and operation order, libm's cos and
    /// this module's `besselI0`). `count` must be at least 0.
    public func coefficients(count: Int) -> [Double] {
        precondition(count >= 0, "a window has at least 0 points")
        if count <= 1 { return [Double](repeating: 1, count: count) }
        let m = Double(count - 1)
        if let a = cosineSumCoefficients {
            let step = 2 * Double.pi / m
            return (0..<count).map { n in
                let x = n == count - 1 ? Double.pi : Double(n) * step - Double.pi
                var w = 0.0
                for (k, ak) in a.enumerated() { w += ak * Double.cos(Double(k) * x) }
                return w
            }
        }
        switch self {
        case .bartlett:
            return (0..<count).map { n in
                let t = 2 * Double(n) / m
                return Double(n) <= m / 2 ? t : 2 - t
            }
        case let .kaiser(beta):
            // Point N-1-n has t = -t_n exactly (both differences are exact),
            // so the window is computed on one half and mirrored.
            let alpha = m / 2
            let denominator = besselI0(beta)
            var w = [Double](repeating: 1, count: count)
            for n in 0..<((count + 1) / 2) {
                let t = (Double(n) - alpha) / alpha
                w[n] = besselI0(beta * (1 - t * t).squareRoot()) / denominator
                w[count - 1 - n] = w[n]
            }
            return w
        default:
            return [Double](repeating: 1, count: count)
        }
    }
}

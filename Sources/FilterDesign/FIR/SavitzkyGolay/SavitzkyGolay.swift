/// A Savitzky-Golay filter: the taps that fit a polynomial of degree P by
/// least squares to W samples and give its D-th derivative at one of them,
/// as scipy's `savgol_coeffs(W, P, deriv=D, delta=d, pos=p, use=...)`, but
/// exact: each tap within a double's rounding of the rational least-squares
/// solution (scipy solves a Vandermonde system in floating point, which is off
/// by 1e-11 to 1e-8 on ordinary cases and by 100 % on large ones: gh-20825).
///
/// With the samples at t_j = j - (W - 1) / 2 and the point of evaluation
/// t_0 = p - (W - 1) / 2, the fitted polynomial is the projection onto the
/// monic orthogonal polynomials p_k of `GramPolynomials`, so
///
///     c_j = (1 / d^D) sum_(k=0)^(P) p_k^(D)(t_0) p_k(t_j) / h_k,
///
/// and the filter's output at p is sum_j c_j x_j ("dot"); "conv" lists the
/// taps reversed, for a convolution. A derivative above P gives zero taps.
/// p defaults to the centre, (W - 1) / 2, a half-sample point for even W.
public struct SavitzkyGolay: Sendable, Hashable {
    /// How the taps are ordered.
    public enum Use: String, Sendable, Hashable, CaseIterable {
        /// Reversed, to convolve with the signal (scipy's default).
        case conv
        /// In the order of the samples, for a dot product with them.
        case dot
    }

    /// The window lengths W: 1 ... 1,000,001 (the cost is W (P + 1)
    /// double-double steps).
    public static let windowRange = 1...1_000_001
    /// The largest polynomial order P, below W as well: each tap holds to
    /// 1e-13 of the largest against exact rationals up to here (the tests
    /// measure it).
    public static let largestPolyorder = 100
    /// The largest derivative D.
    public static let largestDerivative = 100

    /// W, the number of samples fitted.
    public let window: Int
    /// P, the degree of the polynomial.
    public let polyorder: Int
    /// D, the derivative the filter gives (0 smooths).
    public let derivative: Int
    /// d, the sample spacing the derivative is per (1 by default).
    public let delta: Double
    /// p, the sample the fit is evaluated at (nil: the centre).
    public let position: Int?
    /// The taps' order.
    public let use: Use

    /// A filter after checking scipy's rules: 1 <= W, 0 <= P < W,
    /// 0 <= D, d > 0 and finite, 0 <= p < W.
    ///
    /// - Throws: `SavitzkyGolayError` naming the value at fault and what is allowed.
    public init(window: Int, polyorder: Int, derivative: Int = 0, delta: Double = 1, position: Int? = nil,
                use: Use = .conv) throws(SavitzkyGolayError) {
        guard Self.windowRange.contains(window) else { throw .windowOutOfRange(window) }
        guard polyorder >= 0 else { throw .polyorderNegative(polyorder) }
        guard polyorder < window else { throw .polyorderNotBelowWindow(polyorder: polyorder, window: window) }
        guard polyorder <= Self.largestPolyorder else { throw .polyorderTooLarge(polyorder) }
        guard (0...Self.largestDerivative).contains(derivative) else { throw .derivativeOutOfRange(derivative) }
        guard delta.isFinite, delta > 0 else { throw .deltaInvalid(delta) }
        if let position, !(0..<window).contains(position) { throw .positionOutOfRange(position, window: window) }
        (self.window, self.polyorder, self.derivative, self.delta, self.position, self.use) =
            (window, polyorder, derivative, delta, position, use)
    }

    /// t_0 - the centre's offset: p - (W - 1) / 2 (0 for the default).
    var evaluationPoint: Double {
        position.map { Double($0) - Double(window - 1) / 2 } ?? 0
    }

    /// The W taps (see the type's formula), `use` deciding their order.
    public func coefficients() -> [Double] {
        guard derivative <= polyorder else { return [Double](repeating: 0, count: window) }
        let gram = GramPolynomials(count: window, degree: polyorder)
        // Each term's weight p_k^(D)(t_0) / h_k, and 1 / d^D.
        let atPoint = gram.values(at: DoubleDouble(evaluationPoint), derivatives: derivative)[derivative]
        let weights = (0...polyorder).map { atPoint[$0] / gram.squaredNorms[$0] }
        var scale = DoubleDouble(1)
        for _ in 0..<derivative { scale = scale / DoubleDouble(delta) }
        var taps = [Double](repeating: 0, count: window)
        for j in 0..<window {
            let p = gram.valuesAtPoint(j)
            var sum = DoubleDouble(0)
            for k in 0...polyorder { sum = sum + weights[k] * p[k] }
            taps[j] = (sum * scale).hi
        }
        return use == .conv ? taps.reversed() : taps
    }
}

/// Why a Savitzky-Golay filter cannot be made: each case names the value at
/// fault and what is allowed (scipy raises `ValueError` for the same).
public enum SavitzkyGolayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// W outside `SavitzkyGolay.windowRange`.
    case windowOutOfRange(Int)
    /// P below 0.
    case polyorderNegative(Int)
    /// P not below W: a polynomial of degree W-1 already passes through every sample.
    case polyorderNotBelowWindow(polyorder: Int, window: Int)
    /// P above `SavitzkyGolay.largestPolyorder`.
    case polyorderTooLarge(Int)
    /// D outside 0 ... `SavitzkyGolay.largestDerivative`.
    case derivativeOutOfRange(Int)
    /// d not a finite number above 0.
    case deltaInvalid(Double)
    /// p outside 0 ... W-1.
    case positionOutOfRange(Int, window: Int)
    /// A signal to filter shorter than the window (its ends fit W samples).
    case signalShorterThanWindow(samples: Int, window: Int)

    /// The field the message is about.
    public var field: RecipeField {
        switch self {
        case .windowOutOfRange: return .window
        case .polyorderNegative, .polyorderNotBelowWindow, .polyorderTooLarge: return .polyorder
        case .derivativeOutOfRange: return .derivative
        case .deltaInvalid: return .delta
        case .positionOutOfRange: return .position
        case .signalShorterThanWindow: return .window
        }
    }

    public var description: String {
        switch self {
        case let .windowOutOfRange(w):
            return "window length \(w) is out of range; it must be in \(SavitzkyGolay.windowRange.lowerBound) ... \(SavitzkyGolay.windowRange.upperBound)"
        case let .polyorderNegative(p): return "polyorder \(p) must be at least 0"
        case let .polyorderNotBelowWindow(p, w):
            return "polyorder \(p) must be less than the window length \(w)"
        case let .polyorderTooLarge(p):
            return "polyorder \(p) is out of range; it must be at most \(SavitzkyGolay.largestPolyorder)"
        case let .derivativeOutOfRange(d):
            return "derivative \(d) is out of range; it must be in 0 ... \(SavitzkyGolay.largestDerivative)"
        case let .deltaInvalid(d):
            return "delta \(messageNumber(d)) must be a finite number above 0 (the sample spacing)"
        case let .positionOutOfRange(p, w):
            return "position \(p) is out of range; it must be in 0 ... \(w - 1), a sample of the window of \(w)"
        case let .signalShorterThanWindow(n, w):
            return "the signal has \(n) samples, fewer than the window length \(w): its ends are fitted to \(w) samples (as scipy's savgol_filter with mode='interp')"
        }
    }
}

import ComplexModule
import FilterDesign
import RealModule

/// A transfer function factored into its poles and zeros,
///
///     H(z) = K z^-s prod_i (1 - z_i z^-1) / prod_j (1 - p_j z^-1),
///
/// found from the coefficients as stored (`PolynomialRoots.accurate`), so that
/// these are the poles and zeros the filter really has, rounding included.
///
/// Each root is kept as an anchor a (1, -1 or 0) and an offset w, r = a + w.
/// Roots crowded near z = 1 (a narrow low-pass, a band-pass near dc) are found
/// from their section about a = 1 (`init(sections:)`); written as one double,
/// 1 - 1e-6 + 1e-3 j would keep only 1e-16 / 1e-6 of its distance from the
/// unit circle, which is what sets the response. With the anchor, the factor
///
///     1 - r e^{-jw} = (1 - a e^{-jw}) - w e^{-jw},   1 -+ e^{-jw} from the half angle,
///
/// keeps its digits at every frequency (both terms are accurate relative to
/// themselves; they cancel only as much as the factor is small). And e^{-jw}
/// is that of the frequency asked for, not of a rounded angle near it: the
/// half angle's sine and cosine are taken in double-double and what the
/// point's angle misses w by is made good to first order (`CirclePoint`).
public struct PoleZeroForm: Sendable {
    /// The zeros z_i (roots of the numerator), in no particular order.
    public let zeros: [Complex<Double>]
    /// The poles p_j (roots of the denominator), in no particular order.
    public let poles: [Complex<Double>]
    /// K = b_s / (g a_0), with b_s the first non-zero feed-forward coefficient.
    public let scale: Double
    /// s, the number of leading zero feed-forward coefficients (a pure delay).
    public let delay: Int
    /// Each zero as anchor (1, -1 or 0) and offset: zeros[i] = anchor + offset.
    public let zeroParts: [(anchor: Double, offset: Complex<Double>)]
    /// Each pole as anchor (1, -1 or 0) and offset: poles[j] = anchor + offset.
    public let poleParts: [(anchor: Double, offset: Complex<Double>)]

    /// A factored form from its parts (every anchor 0).
    public init(zeros: [Complex<Double>], poles: [Complex<Double>], scale: Double, delay: Int) {
        self.init(zeroParts: zeros.map { (0, $0) }, poleParts: poles.map { (0, $0) }, scale: scale, delay: delay)
    }

    /// A factored form from anchored roots (see the type's summary).
    public init(zeroParts: [(anchor: Double, offset: Complex<Double>)], poleParts: [(anchor: Double, offset: Complex<Double>)],
                scale: Double, delay: Int) {
        self.zeroParts = zeroParts
        self.poleParts = poleParts
        self.zeros = zeroParts.map { Complex($0.anchor + $0.offset.real, $0.offset.imaginary) }
        self.poles = poleParts.map { Complex($0.anchor + $0.offset.real, $0.offset.imaginary) }
        self.scale = scale
        self.delay = delay
    }

    /// Factors `transfer`.
    public init(_ transfer: TransferFunction) {
        let b = transfer.trimmedNumerator, a = transfer.trimmedDenominator
        let s = b.firstIndex(where: { $0 != 0 })
        var zeros: [Complex<Double>] = []
        let scale: Double
        if let s {
            scale = b[s] / (transfer.gain * a[0])
            let shifted = Array(b[s...])
            zeros = shifted.count > 1 ? PolynomialRoots.accurate(shifted.reversed()) : []
        } else {
            scale = 0
        }
        let poles = a.count > 1 ? PolynomialRoots.accurate(a.reversed()) : []
        self.init(zeros: zeros, poles: poles, scale: scale, delay: s ?? 0)
    }

    /// The largest pole radius max |p_j| (0 for an FIR filter): the filter is
    /// stable when this is below 1.
    public var largestPoleRadius: Double { poles.map(\.length).max() ?? 0 }

    /// The smallest distance 1 - |p_j| of a pole from the unit circle, from
    /// the anchored parts (1 - |a + w| = -(2 a Re w + |w|^2) / (1 + |a + w|)
    /// without cancellation); infinity for an FIR filter.
    public var smallestPoleMargin: Double {
        poleParts.map { part in
            let (a, w) = part
            if a == 0 { return 1 - w.length }
            let r = Complex(a + w.real, w.imaginary).length
            return -(2 * a * w.real + w.lengthSquared) / (1 + r)
        }.min() ?? .infinity
    }

    /// The point on the unit circle for w = 2 pi alpha, from the half angle
    /// x = pi alpha: u = e^{-jw} and 1 - u, 1 + u, each without cancellation:
    ///
    ///     u = (c - s)(c + s) - j 2 s c,   1 - u = 2 s^2 + j 2 s c,   1 + u = 2 c^2 - j 2 s c
    ///
    /// with s = sin x, c = cos x rounded to doubles, and the angle the point
    /// misses w by.
    ///
    /// On the circle: rounded, s and c put that point off it, |u| = s^2 + c^2 =
    /// 1 + eps (an ulp or two), and near a pole a distance d inside the circle
    /// that alone moves the response by eps / d (2e-10 for d = 1e-6). So eps is
    /// found exactly (the squares with their rounding errors) and the point
    /// divided by 1 + eps: 1 - u/(1 + eps) = (1 + eps - u)/(1 + eps) =
    /// (2 s^2 + j 2 s c)/(1 + eps), and likewise 1 + u.
    ///
    /// At the angle: the same goes for the direction. With x = pi alpha and
    /// libm's sine and cosine of it, pi, the product and sin, cos each rounded,
    /// the point's angle was off w by up to 4.4e-16 (on a grid of 2^22), and
    /// near that pole the response moved by |d log H / dw| 4.4e-16 = 4.4e-16 / d
    /// relative. So `init(alpha:)` takes s + s_lo = sin x and c + c_lo = cos x
    /// in double-double (`DoubleDouble.sinCosPi`, about 1e-32), builds the
    /// point from s and c, and keeps what its angle misses w by, to first
    /// order (the angle of (c, s) moves by c ds - s dc):
    ///
    ///     delta w = 2 (x - atan2(s, c)) = 2 (c s_lo - s c_lo),
    ///
    /// below 1.6e-16 and known to about 1e-32. The responses evaluated at the
    /// point are then moved to w by H(w) = H(point) + delta w dH/dw
    /// (`PoleZeroForm.response(atAlpha:)`, `SectionResponse`; the next term,
    /// (delta w / d)^2, is below 1e-20 relative for d >= 1e-6). What is left
    /// is the rounding of u, its powers and the sums at the point, about an
    /// ulp over d.
    public struct CirclePoint: Sendable {
        /// u = e^{-jw}.
        public let u: Complex<Double>
        /// 1 - u.
        public let oneMinus: Complex<Double>
        /// 1 + u.
        public let onePlus: Complex<Double>
        /// delta w = w - (the angle of the point), first order: the frequency
        /// asked for minus the one evaluated at (0 when built from a sine and
        /// cosine alone).
        public let angleResidual: Double

        /// The point for `alpha` (any finite double; reduced exactly to
        /// r = alpha - round(alpha) in [-1/2, 1/2], which has the same u),
        /// with its angle residual. Not a number for an infinite or NaN alpha.
        public init(alpha: Double) {
            guard alpha.isFinite else {
                self.init(sine: .nan, cosine: .nan)
                return
            }
            let r = alpha - alpha.rounded()
            self.init(alpha: DoubleDouble(abs(r)), negative: r < 0)
        }

        /// The point for alpha = hi + lo in [0, 1/2] (`DoubleDouble.sinCosPi`),
        /// or for -alpha when `negative`; with its angle residual.
        package init(alpha: DoubleDouble, negative: Bool = false) {
            var (s, c) = DoubleDouble.sinCosPi(alpha)
            if negative { s = -s }
            self.init(sine: s, cosine: c)
        }

        /// The point whose half angle has the double-double sine `s` and
        /// cosine `c`: built from their high parts, with the angle residual
        /// 2 (c s_lo - s c_lo). Swapping them gives the point for pi/2 - x.
        package init(sine s: DoubleDouble, cosine c: DoubleDouble) {
            self.init(sine: s.hi, cosine: c.hi, angleResidual: 2 * (c.hi * s.lo - s.hi * c.lo))
        }

        /// The point whose half angle has the sine `s` and cosine `c` (as
        /// rounded), said to miss the frequency asked for by `angleResidual`.
        public init(sine s: Double, cosine c: Double, angleResidual: Double = 0) {
            let (ss, ssError) = DoubleDouble.twoProduct(s, s)
            let (cc, ccError) = DoubleDouble.twoProduct(c, c)
            // The larger square minus 1 is exact (it is at least 1/2), and so
            // is adding the smaller (they nearly cancel); the errors add.
            let excess = (ss > cc ? (ss - 1) + cc : (cc - 1) + ss) + (ssError + ccError)
            // x / (1 + eps) as x - x eps: 1 - eps itself would round eps away.
            func shrunk(_ x: Double) -> Double { x - x * excess }
            let sc = shrunk(2 * s * c)
            u = Complex(shrunk((c - s) * (c + s)), -sc)
            oneMinus = Complex(shrunk(2 * ss), sc)
            onePlus = Complex(shrunk(2 * cc), -sc)
            self.angleResidual = angleResidual
        }

        /// 1 - a u for an anchor a of 1, -1 or 0.
        @inline(__always)
        public func oneMinus(anchor a: Double) -> Complex<Double> {
            a > 0 ? oneMinus : a < 0 ? onePlus : Complex(1, 0)
        }
    }

    /// H(e^{j 2 pi alpha}) as the product of the factors, at w = 2 pi alpha
    /// itself (`CirclePoint`: the point's angle residual corrected to first
    /// order).
    public func response(atAlpha alpha: Double) -> Complex<Double> {
        response(at: CirclePoint(alpha: alpha), alpha: alpha)
    }

    /// H at `point`, the point for `alpha`: the delay z^-s from alpha.
    func response(at point: CirclePoint, alpha: Double) -> Complex<Double> {
        let h = response(at: point)
        return delay > 0 ? h * Complex(length: 1, phase: -2 * Double.pi * alpha * Double(delay)) : h
    }

    /// H without the delay z^-s, K prod (1 - z_i u) / prod (1 - p_j u), at the
    /// frequency `point` stands for: each factor moved by the point's angle
    /// residual delta w to first order,
    ///
    ///     f = (1 - a u) - w u = 1 - r u,   f + delta w df/dw = f + j delta w r u = f - r Delta,
    ///
    /// with Delta = -j delta w u (du/dw = -j u): the factor's value at the
    /// exact point u e^{-j delta w} to within (delta w r u / f)^2 relative.
    func response(at point: CirclePoint) -> Complex<Double> {
        let u = point.u
        let shift = Complex(u.imaginary, -u.real).multiplied(by: point.angleResidual)  // Delta = -j delta w u
        func factor(_ part: (anchor: Double, offset: Complex<Double>)) -> Complex<Double> {
            let (a, w) = part
            let r = Complex(a + w.real, w.imaginary)
            return (point.oneMinus(anchor: a) - w * u) - r * shift
        }
        // Zero and pole factors alternately, so that the running value stays
        // near the response: 228 pole factors of 1e-3 each (an order-114
        // narrow band-pass) would underflow as one product.
        var h = Complex<Double>(scale, 0)
        for i in 0..<max(zeroParts.count, poleParts.count) {
            if i < zeroParts.count { h *= factor(zeroParts[i]) }
            if i < poleParts.count { h /= factor(poleParts[i]) }
        }
        return h
    }

    /// The group delay -d(phase)/dw in samples at w = 2 pi alpha:
    ///
    ///     tau = s + sum_j Re(v_j / (1 - v_j)) - sum_i Re(v_i / (1 - v_i)),  v = c e^{-jw},
    ///
    /// where Re(v / (1 - v)) = (Re v - |v|^2) / |1 - v|^2. On the unit circle
    /// (|c| = 1, within 1e-12) that term is exactly -1/2 at every w: a zero on
    /// the circle adds half a sample, and evaluating it that way avoids the 0/0
    /// the formula meets at the zero's own frequency.
    public func groupDelay(atAlpha alpha: Double) -> Double {
        let u = Complex(length: 1, phase: -2 * Double.pi * alpha)
        func term(_ c: Complex<Double>) -> Double {
            if abs(c.length - 1) <= 1e-12 { return -0.5 }
            let v = c * u
            let d = (1 - v).lengthSquared
            return d == 0 ? -0.5 : (v.real - v.lengthSquared) / d
        }
        var tau = Double(delay)
        for p in poles { tau += term(p) }
        for z in zeros { tau -= term(z) }
        return tau
    }
}

import ComplexModule
import RealModule

/// Complex arithmetic done exactly as A.J. Fisher's `complex.C` (mkfilter 4.6) does it.
///
/// Implementation goals, in priority order:
/// 1. Bit-for-bit the same results as Fisher's C++ built by gcc on x86-64 without
///    FMA contraction: the same operations in the same order. 353 of the 983
///    reference reports print a negative zero somewhere, and its sign depends
///    on the last bit of a result.
/// 2. Storage in swift-numerics' `Complex<Double>`, so the rest of the package
///    (and its users) see the ordinary type.
///
/// Where Fisher writes `a op z` with a real `a`, C++ converts `a` to
/// `complex(a, 0.0)` and uses the complex operator; those mixed forms are kept
/// distinct here because `x * 0.0` and `0.0 - x` produce zeros whose signs
/// differ from a plain scaling or negation.
public enum FisherArithmetic {
    /// Fisher's `EPS`: the tolerance for "real" polynomial coefficients, for the
    /// resonator's phase search and for printing a gain's phase.
    public static let epsilon = 1e-10

    /// `complex(re, im)`.
    @inlinable
    public static func complex(_ re: Double, _ im: Double = 0.0) -> Complex<Double> {
        Complex(re, im)
    }

    /// Textbook product `(a.re b.re - a.im b.im, a.re b.im + a.im b.re)`.
    @inlinable
    public static func product(_ a: Complex<Double>, _ b: Complex<Double>) -> Complex<Double> {
        let re = a.real * b.real - a.imaginary * b.imaginary
        let im = a.real * b.imaginary + a.imaginary * b.real
        return Complex(re, im)
    }

    /// `z * z`.
    @inlinable
    public static func square(_ z: Complex<Double>) -> Complex<Double> { product(z, z) }

    /// Quotient without scaling: both parts of `a * conj(b)` divided by
    /// `b.re^2 + b.im^2`. A zero divisor gives NaN in both parts, as in Fisher's code.
    @inlinable
    public static func quotient(_ a: Complex<Double>, _ b: Complex<Double>) -> Complex<Double> {
        let mag = (b.real * b.real) + (b.imaginary * b.imaginary)
        let re = ((a.real * b.real) + (a.imaginary * b.imaginary)) / mag
        let im = ((a.imaginary * b.real) - (a.real * b.imaginary)) / mag
        return Complex(re, im)
    }

    /// `a * z` for a real `a`: each part scaled.
    @inlinable
    public static func scale(_ a: Double, _ z: Complex<Double>) -> Complex<Double> {
        Complex(z.real * a, z.imaginary * a)
    }

    /// `z / a` for a real `a`: each part divided.
    @inlinable
    public static func divide(_ z: Complex<Double>, by a: Double) -> Complex<Double> {
        Complex(z.real / a, z.imaginary / a)
    }

    /// Componentwise sum.
    @inlinable
    public static func sum(_ a: Complex<Double>, _ b: Complex<Double>) -> Complex<Double> {
        Complex(a.real + b.real, a.imaginary + b.imaginary)
    }

    /// Componentwise difference.
    @inlinable
    public static func difference(_ a: Complex<Double>, _ b: Complex<Double>) -> Complex<Double> {
        Complex(a.real - b.real, a.imaginary - b.imaginary)
    }

    /// Fisher's unary minus, `0.0 - z`: unlike a sign flip it turns `0` into `+0`.
    @inlinable
    public static func negation(_ z: Complex<Double>) -> Complex<Double> {
        difference(complex(0.0), z)
    }

    /// Complex conjugate: the imaginary part's sign flipped.
    @inlinable
    public static func conjugate(_ z: Complex<Double>) -> Complex<Double> {
        Complex(z.real, -z.imaginary)
    }

    /// `expj(theta) = (cos theta, sin theta)`.
    @inlinable
    public static func expj(_ theta: Double) -> Complex<Double> {
        Complex(Double.cos(theta), Double.sin(theta))
    }

    /// `cexp(z) = exp(z.re) * expj(z.im)`.
    @inlinable
    public static func exp(_ z: Complex<Double>) -> Complex<Double> {
        scale(Double.exp(z.real), expj(z.imaginary))
    }

    /// Principal square root: `(sqrt((r + re)/2), ±sqrt((r - re)/2))` with
    /// `r = hypot(z)`, a negative radicand taken as 0, the sign of the imaginary
    /// part that of `z.im`.
    @inlinable
    public static func squareRoot(_ z: Complex<Double>) -> Complex<Double> {
        let r = magnitude(z)
        let re = clampedSquareRoot(0.5 * (r + z.real))
        var im = clampedSquareRoot(0.5 * (r - z.real))
        if z.imaginary < 0.0 { im = -im }
        return Complex(re, im)
    }

    @usableFromInline
    static func clampedSquareRoot(_ x: Double) -> Double { x >= 0.0 ? x.squareRoot() : 0.0 }

    /// `hypot(z.im, z.re)`.
    @inlinable
    public static func magnitude(_ z: Complex<Double>) -> Double { Double.hypot(z.imaginary, z.real) }

    /// `atan2(z.im, z.re)`.
    @inlinable
    public static func argument(_ z: Complex<Double>) -> Double { Double.atan2(y: z.imaginary, x: z.real) }

    /// Fisher's `asinh(x) = log(x + sqrt(1 + x^2))` (his compilers had none).
    @inlinable
    public static func asinh(_ x: Double) -> Double { Double.log(x + (1.0 + x * x).squareRoot()) }

    /// Fisher's `==`: both parts compare equal (so `0.0 == -0.0`).
    @inlinable
    public static func equal(_ a: Complex<Double>, _ b: Complex<Double>) -> Bool {
        a.real == b.real && a.imaginary == b.imaginary
    }
}

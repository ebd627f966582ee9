import RealModule

/// An unevaluated sum hi + lo of two doubles (about 106 significant bits),
/// built from error-free transformations (Dekker, Knuth; `fma` for products).
///
/// Used only where double precision is not enough to get a double-precision
/// answer: polishing polynomial roots whose evaluation cancels heavily.
package struct DoubleDouble: Sendable {
    package var hi: Double
    package var lo: Double

    package init(_ hi: Double, _ lo: Double = 0) { (self.hi, self.lo) = (hi, lo) }

    /// a + b exactly, as (rounded sum, error): Knuth's 2Sum (`Augmented.sum`).
    @inline(__always)
    package static func twoSum(_ a: Double, _ b: Double) -> (Double, Double) {
        let (head, tail) = Augmented.sum(a, b)
        return (head, tail)
    }

    /// a * b exactly, as (rounded product, error): an FMA (`Augmented.product`).
    @inline(__always)
    package static func twoProduct(_ a: Double, _ b: Double) -> (Double, Double) {
        let (head, tail) = Augmented.product(a, b)
        return (head, tail)
    }

    private static func normalized(_ s: Double, _ e: Double) -> DoubleDouble {
        let hi = s + e
        return DoubleDouble(hi, e - (hi - s))
    }

    package static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let (s, e) = twoSum(a.hi, b.hi)
        return normalized(s, e + a.lo + b.lo)
    }

    package static prefix func - (a: DoubleDouble) -> DoubleDouble { DoubleDouble(-a.hi, -a.lo) }

    package static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + (-b) }

    package static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let (p, e) = twoProduct(a.hi, b.hi)
        return normalized(p, e + (a.hi * b.lo + a.lo * b.hi))
    }

    /// a * b for a double b (one product fewer than dd * dd).
    package static func product(_ a: DoubleDouble, _ b: Double) -> DoubleDouble {
        let (p, e) = twoProduct(a.hi, b)
        return normalized(p, e + a.lo * b)
    }

    package static func / (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let q1 = a.hi / b.hi
        let r = a - b * DoubleDouble(q1)
        let q2 = r.hi / b.hi
        let r2 = r - b * DoubleDouble(q2)
        return DoubleDouble(q1) + DoubleDouble(q2) + DoubleDouble(r2.hi / b.hi)
    }

    /// The nearest double.
    package var value: Double { hi + lo }
}

/// A complex number with double-double parts.
package struct ComplexDoubleDouble: Sendable {
    package var re: DoubleDouble
    package var im: DoubleDouble

    package init(re: DoubleDouble, im: DoubleDouble) { (self.re, self.im) = (re, im) }

    package static func + (a: ComplexDoubleDouble, b: ComplexDoubleDouble) -> ComplexDoubleDouble {
        ComplexDoubleDouble(re: a.re + b.re, im: a.im + b.im)
    }

    package static func - (a: ComplexDoubleDouble, b: ComplexDoubleDouble) -> ComplexDoubleDouble {
        ComplexDoubleDouble(re: a.re - b.re, im: a.im - b.im)
    }

    package static func * (a: ComplexDoubleDouble, b: ComplexDoubleDouble) -> ComplexDoubleDouble {
        ComplexDoubleDouble(re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re)
    }

    /// a / b as a conj(b) / |b|^2 (b is never near overflow or underflow here).
    package static func / (a: ComplexDoubleDouble, b: ComplexDoubleDouble) -> ComplexDoubleDouble {
        let norm = b.re * b.re + b.im * b.im
        return ComplexDoubleDouble(re: (a.re * b.re + a.im * b.im) / norm,
                                   im: (a.im * b.re - a.re * b.im) / norm)
    }

    package static let zero = ComplexDoubleDouble(re: DoubleDouble(0), im: DoubleDouble(0))
    package static let one = ComplexDoubleDouble(re: DoubleDouble(1), im: DoubleDouble(0))

    /// |z|^2 rounded to a double.
    package var squaredLength: Double { (re * re + im * im).value }

    /// Horner evaluation of sum_k c_k z^k with double-double coefficients.
    package static func evaluate(_ coefficients: [DoubleDouble], at z: ComplexDoubleDouble) -> ComplexDoubleDouble {
        var sum = ComplexDoubleDouble(re: DoubleDouble(0), im: DoubleDouble(0))
        for c in coefficients.reversed() {
            sum = sum * z + ComplexDoubleDouble(re: c, im: DoubleDouble(0))
        }
        return sum
    }
}

/// An unevaluated sum hi + lo of two doubles (about 106 significant bits),
/// built from error-free transformations (Dekker, Knuth; `fma` for products).
///
/// Used only where double precision is not enough to get a double-precision
/// answer: polishing polynomial roots whose evaluation cancels heavily.
struct DoubleDouble: Sendable {
    var hi: Double
    var lo: Double

    init(_ hi: Double, _ lo: Double = 0) { (self.hi, self.lo) = (hi, lo) }

    /// a + b exactly, as (rounded sum, error).
    static func twoSum(_ a: Double, _ b: Double) -> (Double, Double) {
        let s = a + b
        let bb = s - a
        return (s, (a - (s - bb)) + (b - bb))
    }

    /// a * b exactly, as (rounded product, error).
    static func twoProduct(_ a: Double, _ b: Double) -> (Double, Double) {
        let p = a * b
        return (p, (-p).addingProduct(a, b))
    }

    private static func normalized(_ s: Double, _ e: Double) -> DoubleDouble {
        let hi = s + e
        return DoubleDouble(hi, e - (hi - s))
    }

    static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let (s, e) = twoSum(a.hi, b.hi)
        return normalized(s, e + a.lo + b.lo)
    }

    static prefix func - (a: DoubleDouble) -> DoubleDouble { DoubleDouble(-a.hi, -a.lo) }

    static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + (-b) }

    static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let (p, e) = twoProduct(a.hi, b.hi)
        return normalized(p, e + (a.hi * b.lo + a.lo * b.hi))
    }

    static func / (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let q1 = a.hi / b.hi
        let r = a - b * DoubleDouble(q1)
        let q2 = r.hi / b.hi
        let r2 = r - b * DoubleDouble(q2)
        return DoubleDouble(q1) + DoubleDouble(q2) + DoubleDouble(r2.hi / b.hi)
    }

    /// The nearest double.
    var value: Double { hi + lo }
}

/// A complex number with double-double parts.
struct ComplexDoubleDouble: Sendable {
    var re: DoubleDouble
    var im: DoubleDouble

    static func + (a: ComplexDoubleDouble, b: ComplexDoubleDouble) -> ComplexDoubleDouble {
        ComplexDoubleDouble(re: a.re + b.re, im: a.im + b.im)
    }

    static func * (a: ComplexDoubleDouble, b: ComplexDoubleDouble) -> ComplexDoubleDouble {
        ComplexDoubleDouble(re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re)
    }

    /// Horner evaluation of sum_k c_k z^k with double-double coefficients.
    static func evaluate(_ coefficients: [DoubleDouble], at z: ComplexDoubleDouble) -> ComplexDoubleDouble {
        var sum = ComplexDoubleDouble(re: DoubleDouble(0), im: DoubleDouble(0))
        for c in coefficients.reversed() {
            sum = sum * z + ComplexDoubleDouble(re: c, im: DoubleDouble(0))
        }
        return sum
    }
}

/// A `Biquad` written about the nearest integers, the form in which Float
/// sections keep their accuracy near z = 1 and z = -1 (see `SectionCascade`).
///
/// Denominator: with m1 = -round(a1), m2 = -round(a2) and t = 1 when the
/// poles are near z = 1 (m1 = 2, m2 = -1), -1 near z = -1 (m1 = -2, m2 = -1),
/// else 0,
///
///     1 + a1 z^-1 + a2 z^-2 = (1 - m1 z^-1 - m2 z^-2) + c1 z^-1 (1 - t z^-1) + s z^-2,
///     c1 = a1 + m1,   s = (a2 + m2) + t c1.
///
/// At z = t the first two terms vanish and the denominator is s: the value
/// that fixes the gain there (the dc gain of a low-pass, tiny and decisive) is
/// stored as a number of its own, to Float's full relative precision, instead
/// of as the difference of two rounded ones. c1 sets the rest.
///
/// Numerator, likewise about b0: k1 = round(b1 / b0), k2 = round(b2 / b0),
/// d1 = b1 - k1 b0, tn as t for (k1, k2), u = (b2 - k2 b0) + tn d1:
///
///     b0 + b1 z^-1 + b2 z^-2 = b0 (1 + k1 z^-1 + k2 z^-2) + d1 z^-1 (1 - tn z^-1) + u z^-2.
///
/// Every number is computed in Double from the section, then rounded once to
/// the sample type; m, k and t are small integers, exact in any type.
public struct OffsetBiquad: Sendable, Hashable {
    /// b0 and the numerator's integers and remainders.
    public var b0: Double, k1: Double, k2: Double, d1: Double, u: Double, tn: Double
    /// The denominator's remainders and integers.
    public var c1: Double, s: Double, t: Double, m1: Double, m2: Double

    /// The section written about the nearest integers.
    public init(_ b: Biquad) {
        b0 = b.b0
        k1 = b.b0 == 0 ? 0 : (b.b1 / b.b0).rounded()
        k2 = b.b0 == 0 ? 0 : (b.b2 / b.b0).rounded()
        tn = Self.point(k1, k2)
        d1 = b.b1 - k1 * b.b0
        u = (b.b2 - k2 * b.b0) + tn * d1
        m1 = -b.a1.rounded()
        m2 = -b.a2.rounded()
        t = Self.point(-m1, -m2)
        c1 = b.a1 + m1
        s = (b.a2 + m2) + t * c1
    }

    /// 1 for a double root at z = 1 ((1, -2, 1)), -1 at z = -1 ((1, 2, 1)), else 0.
    static func point(_ first: Double, _ second: Double) -> Double {
        second == 1 && first == -2 ? 1 : second == 1 && first == 2 ? -1 : 0
    }

    /// The same numbers rounded to `Sample`, and the section they make, exactly,
    /// in Double: the section as it runs.
    public func asRun<Sample: BinaryFloatingPoint>(_: Sample.Type) -> (rounded: OffsetBiquad, section: Biquad) {
        func r(_ x: Double) -> Double { Double(Sample(x)) }
        let q = OffsetBiquad(b0: r(b0), k1: k1, k2: k2, d1: r(d1), u: r(u), tn: tn, c1: r(c1), s: r(s), t: t, m1: m1, m2: m2)
        let d2 = q.u - q.tn * q.d1, c2 = q.s - q.t * q.c1
        return (q, Biquad(b0: q.b0, b1: q.b0 * q.k1 + q.d1, b2: q.b0 * q.k2 + d2, a1: q.c1 - q.m1, a2: c2 - q.m2))
    }

    init(b0: Double, k1: Double, k2: Double, d1: Double, u: Double, tn: Double,
         c1: Double, s: Double, t: Double, m1: Double, m2: Double) {
        (self.b0, self.k1, self.k2, self.d1, self.u, self.tn) = (b0, k1, k2, d1, u, tn)
        (self.c1, self.s, self.t, self.m1, self.m2) = (c1, s, t, m1, m2)
    }

    /// The eleven numbers in `SectionCascade`'s order: b0 k1 k2 d1 u tn c1 s t m1 m2.
    public var numbers: [Double] { [b0, k1, k2, d1, u, tn, c1, s, t, m1, m2] }
}

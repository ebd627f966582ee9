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
/// Every number is computed in Double from the section, then stored in the
/// sample type: b0 rounded once, the remainders d1, u, c1, s as a high and a
/// low part (`numbers(as:)`); m, k and t are small integers, exact in any type.
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

    /// The same numbers as `Sample` stores them, and the section they make, in
    /// Double: the section as it runs (see `numbers(as:)`).
    public func asRun<Sample: BinaryFloatingPoint>(_: Sample.Type) -> (rounded: OffsetBiquad, section: Biquad) {
        let n = numbers(as: Sample.self).map { Double(Sample($0)) }
        let q = OffsetBiquad(b0: n[0], k1: n[1], k2: n[2], d1: n[3] + n[11], u: n[4] + n[12], tn: n[5],
                             c1: n[6] + n[13], s: n[7] + n[14], t: n[8], m1: n[9], m2: n[10])
        return (q, q.section)
    }

    /// The section these numbers make: b1 = b0 k1 + d1, b2 = b0 k2 + (u - tn d1),
    /// a1 = c1 - m1, a2 = (s - t c1) - m2.
    public var section: Biquad {
        let d2 = u - tn * d1, c2 = s - t * c1
        return Biquad(b0: b0, b1: b0 * k1 + d1, b2: b0 * k2 + d2, a1: c1 - m1, a2: c2 - m2)
    }

    @usableFromInline
    init(b0: Double, k1: Double, k2: Double, d1: Double, u: Double, tn: Double,
         c1: Double, s: Double, t: Double, m1: Double, m2: Double) {
        (self.b0, self.k1, self.k2, self.d1, self.u, self.tn) = (b0, k1, k2, d1, u, tn)
        (self.c1, self.s, self.t, self.m1, self.m2) = (c1, s, t, m1, m2)
    }

    /// The eleven numbers in `SectionCascade`'s order: b0 k1 k2 d1 u tn c1 s t m1 m2.
    public var numbers: [Double] { [b0, k1, k2, d1, u, tn, c1, s, t, m1, m2] }

    /// The fifteen numbers `SectionCascade<OffsetForm<Sample>>` stores, each exactly
    /// representable in `Sample`: the eleven of `numbers` rounded to `Sample`,
    /// then the low parts of the remainders d1, u, c1 and s,
    ///
    ///     low(x) = Sample(x - Double(Sample(x))),
    ///
    /// so that high + low holds each remainder to about twice `Sample`'s
    /// precision (2^-48 of it for Float). The remainders place the poles and
    /// zeros: rounded once to Float, a pole 3e-5 from the unit circle moves by
    /// up to 1e-4 of that distance, enough to move a narrow band-pass's edge
    /// gain by 5e-4 and its impulse response by 4e-3 of its peak; with the low
    /// parts the coefficients as run are the design's to about 1e-14. The
    /// integers are exact. b0 is a gain only if the numerator's remainders
    /// follow it: b0 is rounded, and d1 and u are those of the numerator
    /// scaled by g = Sample(b0) / b0 (b1 g = Sample(b0) k1 + d1 g, and so on),
    /// so the zeros stay where they were designed and the response moves by
    /// b0's rounding only, 6e-8 in Float. (Rounding b0 alone under remainders
    /// made for the unrounded b0 moves the zeros by that much of b0, and an
    /// elliptic low-pass whose transition is 1.6e-4 wide, its zeros hard by
    /// its passband, then peaked 1.1e-4 above 1 in Float.) For Double, g = 1
    /// and the low parts are 0.
    public func numbers<Sample: BinaryFloatingPoint>(as _: Sample.Type) -> [Double] {
        func high(_ x: Double) -> Double { Double(Sample(x)) }
        func low(_ x: Double) -> Double { Double(Sample(x - high(x))) }
        let g = b0 != 0 && b0.isFinite ? high(b0) / b0 : 1
        let (d1, u) = (self.d1 * g, self.u * g)
        let n = [b0, k1, k2, d1, u, tn, c1, s, t, m1, m2]
        return n.map(high) + [low(d1), low(u), low(c1), low(s)]
    }
}

extension OffsetBiquad {
    /// The cascade as the offset form runs it: each section's numerator
    /// divided by the significand g_k of |b0| (in [1, 2); 1 when b0 is 0), so
    /// that every b0 is a signed power of two and b0 times the integer
    /// combination is exact in any binary format, and the product of the
    /// g_k, which multiplies the output instead:
    ///
    ///     H = prod_k (b0_k N_k / A_k) = (prod_k g_k) prod_k ((b0_k / g_k) N_k / A_k).
    ///
    /// Why: the last section carries what makes the overall gain k, and its
    /// b0 times the sum x + k1 x1 + k2 x2 (of the size of x) rounds to an
    /// error of the size of x, which the section's poles then carry to the
    /// output; on the output, the gain's own rounding is only the output's
    /// last bit (figures in the "Why sections" article).
    public static func factoringOutputGain(_ sections: [Biquad]) -> (sections: [Biquad], outputGain: Double) {
        var gain = 1.0
        let scaled = sections.map { b -> Biquad in
            guard b.b0 != 0, b.b0.isFinite else { return b }
            let g = b.b0.magnitude.significand
            gain *= g
            return Biquad(b0: b.b0 / g, b1: b.b1 / g, b2: b.b2 / g, a1: b.a1, a2: b.a2)
        }
        return (scaled, gain)
    }
}

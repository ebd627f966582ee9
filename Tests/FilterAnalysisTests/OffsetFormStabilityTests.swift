@testable import FilterAnalysis
import FilterRuntime
import Foundation
import Testing

/// The **stable** check for sections in `SectionCascade`'s offset form
/// (Float): the margin kept with each section's remainders c1 and s off by 10
/// units of Float's rounding (`Verification.offsetFormMargin`), in place of
/// the 10-unit margin that coefficients a1, a2 rounded to Float need.
@Suite struct OffsetFormStabilityTests {
    /// 10 units of Float's rounding, relative.
    static let tenUnits = 10 * 0x1p-24

    /// The margin to first order, independently of the root finder: a
    /// change (da1, da2) moves the pole p of z^2 + a1 z + a2 by
    /// dp = -(da1 p + da2) / (2 p + a1), and its radius by Re(conj(p) dp) / |p|;
    /// in the offset form da1 = dc1 and da2 = ds - t dc1, with dc1 = +-e c1 and
    /// ds = +-e s. It agrees with the root finder's margin up to the second
    /// order, dp^2 / |p1 - p2|: within 1e-5 of the displacement here.
    static func firstOrderMargin(_ section: Biquad, relative e: Double) -> Double {
        let q = OffsetBiquad(section)
        let a1 = section.a1, a2 = section.a2
        let root = (a1 * a1 / 4 - a2) < 0
            ? (re: -a1 / 2, im: (a2 - a1 * a1 / 4).squareRoot())
            : (re: -a1 / 2 + (a1 * a1 / 4 - a2).squareRoot(), im: 0.0)
        let radius = (root.re * root.re + root.im * root.im).squareRoot()
        var worst = 0.0
        for (sc, ss) in [(1.0, 1.0), (1, -1), (-1, 1), (-1, -1)] {
            let dc1 = sc * e * q.c1, ds = ss * e * q.s
            let da1 = dc1, da2 = ds - q.t * dc1
            // dp = -(da1 p + da2) / (2 p + a1), complex.
            let nr = -(da1 * root.re + da2), ni = -da1 * root.im
            let dr = 2 * root.re + a1, di = 2 * root.im
            let d2 = dr * dr + di * di
            let (pr, pi) = ((nr * dr + ni * di) / d2, (ni * dr - nr * di) / d2)
            worst = max(worst, (root.re * pr + root.im * pi) / radius)
        }
        return (1 - radius) - worst
    }

    /// A complex pair 5e-7 inside the circle at 0.67 rad (an elliptic
    /// band-pass edge near alpha 0.107), which the plain rule (5.96e-7)
    /// would refuse: m1 = 2, m2 = -1, so t = 1 and c1 = a1 + 2 = 0.43, whose
    /// rounding moves a1 and a2 together (the change vanishes at z = 1) and
    /// the poles by about 0.4 u c1 each unit; 10 units leave them inside.
    @Test func complexPairNearTheCircleKeepsItsMargin() {
        let r = 1 - 5e-7, theta = 0.67
        let section = Biquad(b0: 1, b1: 0, b2: 0, a1: -2 * r * cos(theta), a2: r * r)
        let margin = Verification.offsetFormMargin([section], relative: Self.tenUnits)
        let expected = Self.firstOrderMargin(section, relative: Self.tenUnits)
        #expect(5e-7 < Self.tenUnits)
        #expect(margin > 0 && margin < 5e-7)
        #expect(Self.agree(margin, expected, unperturbed: 5e-7), "margin \(margin), first order \(expected)")
    }

    /// Whether the displacements `unperturbed - margin` agree within 1e-5 of themselves.
    static func agree(_ margin: Double, _ firstOrder: Double, unperturbed: Double) -> Bool {
        abs((unperturbed - margin) - (unperturbed - firstOrder)) <= 1e-5 * abs(unperturbed - firstOrder)
    }

    /// Two real poles, 1 - 5e-8 and 0.5: a1 = -1.5 is held as -2 + c1 with
    /// c1 = 0.5, and c1's rounding moves the pole near 1 by about
    /// u c1 / (p1 - p2) each unit, 6e-7 for 10 units: out of the circle. The
    /// check must fail it.
    @Test func realPoleThatRoundingPushesOutFails() {
        let (p1, p2) = (1 - 5e-8, 0.5)
        let section = Biquad(b0: 1, b1: 0, b2: 0, a1: -(p1 + p2), a2: p1 * p2)
        let margin = Verification.offsetFormMargin([section], relative: Self.tenUnits)
        let expected = Self.firstOrderMargin(section, relative: Self.tenUnits)
        #expect(margin < 0, "margin \(margin)")
        #expect(Self.agree(margin, expected, unperturbed: 5e-8), "margin \(margin), first order \(expected)")
        // Unperturbed, the pole is inside.
        #expect(abs(Verification.offsetFormMargin([section], relative: 0) - 5e-8) < 1e-14)
    }

    /// Poles near z = 1 (t = 1), as in a 20th-order Butterworth low-pass at
    /// alpha 0.001: c1 = 4.4e-4 is small, so 10 units move the margin of
    /// 2e-4 by about 1e-10 only.
    @Test func polesNearOneKeepTheirMargin() {
        let theta = 2 * Double.pi * 0.001, r = 1 - 2e-4
        let section = Biquad(b0: 1, b1: 2, b2: 1, a1: -2 * r * cos(theta), a2: r * r)
        let margin = Verification.offsetFormMargin([section], relative: Self.tenUnits)
        let expected = Self.firstOrderMargin(section, relative: Self.tenUnits)
        #expect(abs(margin - 2e-4) < 1e-9, "margin \(margin)")
        #expect(Self.agree(margin, expected, unperturbed: 2e-4), "margin \(margin), first order \(expected)")
    }
}

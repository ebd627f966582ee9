import Foundation
import Testing
@testable import FilterDesign

/// `DoubleDouble.sinCosPi` against mpmath at 50 digits rounded to
/// double-double (`Tests/Fixtures/mpmath/sin-cos-pi.json`, from
/// `scripts/sin_cos_pi_reference.py`): the sine and cosine of the half angle
/// that place each frequency of a response exactly on the unit circle.
@Suite struct SinCosPiTests {
    struct Reference: Decodable {
        let rows: [[Double]]
    }

    static let reference: Reference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mpmath/sin-cos-pi.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    /// |ours - exact| for double-doubles: the high parts' difference is exact
    /// (they are within an ulp of each other), the low parts' nearly so.
    static func error(_ x: DoubleDouble, _ hi: Double, _ lo: Double) -> Double {
        abs((x.hi - hi) + (x.lo - lo))
    }

    /// Within 1e-31 absolute at every alpha of the fixture (the table's nodes
    /// and the points where its reduction switches, tiny and random alphas,
    /// power-of-two and other FFT grids), and the high parts the doubles
    /// nearest sin and cos but for a near-tie.
    @Test func againstMpmath() {
        var worst = 0.0
        for row in Self.reference.rows {
            let alpha = DoubleDouble(row[0], row[1])
            let (s, c) = DoubleDouble.sinCosPi(alpha)
            let errors = (Self.error(s, row[2], row[3]), Self.error(c, row[4], row[5]))
            worst = max(worst, errors.0, errors.1)
            #expect(errors.0 <= 1e-31 && errors.1 <= 1e-31, "alpha \(row[0]) + \(row[1]): sin off by \(errors.0), cos by \(errors.1)")
            #expect(s.hi == row[2] || abs(row[3]) >= 0.49 * row[2].ulp, "alpha \(row[0]): sin \(s.hi), nearest \(row[2])")
            #expect(c.hi == row[4] || abs(row[5]) >= 0.49 * row[4].ulp, "alpha \(row[0]): cos \(c.hi), nearest \(row[4])")
        }
        print("sinCosPi against mpmath: worst \(worst) absolute over \(Self.reference.rows.count) alphas")
    }

    /// On a grid (`sinCosPi(numeratorsThrough:denominator:_:)`, by angle
    /// addition): every k once, in order, within 1e-31 of `sinCosPi` of the
    /// double-double k / m, and of mpmath at the fixture's grid points, for a
    /// power-of-two m and others.
    @Test func onAGrid() {
        var exact: [Double: [Double]] = [:]
        for row in Self.reference.rows { exact[row[0] + row[1]] = row }
        var worst = 0.0, checkedAgainstMpmath = 0
        for m in [2 * 999, 2 * 4098, 2 * 12344, 1 << 22] {
            let last = m / 2
            var expected = 0
            DoubleDouble.sinCosPi(numeratorsThrough: last, denominator: m) { k, s, c in
                #expect(k == expected)
                expected += 1
                let alpha = DoubleDouble.quotient(k, m)
                if m < 1 << 22 || k % 97 == 0 {
                    let (s1, c1) = DoubleDouble.sinCosPi(alpha)
                    let error = max(Self.error(s, s1.hi, s1.lo), Self.error(c, c1.hi, c1.lo))
                    worst = max(worst, error)
                    #expect(error <= 1e-31, "k \(k) / m \(m): \(error) from sinCosPi")
                }
                if let row = exact[alpha.hi + alpha.lo], row[0] == alpha.hi, row[1] == alpha.lo {
                    checkedAgainstMpmath += 1
                    let error = max(Self.error(s, row[2], row[3]), Self.error(c, row[4], row[5]))
                    #expect(error <= 1e-31, "k \(k) / m \(m): \(error) from mpmath")
                }
            }
            #expect(expected == last + 1)
        }
        #expect(checkedAgainstMpmath >= 100)
        print("sinCosPi on grids: worst \(worst) from the pointwise sinCosPi; \(checkedAgainstMpmath) grid points against mpmath")
    }

    /// The double alpha form is the double-double one with lo = 0, and the
    /// ends are exact: sin 0 = 0, cos 0 = 1, sin(pi/2) = 1, cos(pi/2) = 0.
    @Test func endsAndDoubleArgument() {
        let zero = DoubleDouble.sinCosPi(0.0), half = DoubleDouble.sinCosPi(0.5)
        #expect(zero.sin.hi == 0 && zero.sin.lo == 0 && zero.cos.hi == 1 && zero.cos.lo == 0)
        #expect(half.sin.hi == 1 && half.sin.lo == 0 && half.cos.hi == 0 && half.cos.lo == 0)
        let a = 0.123456789
        let (s1, c1) = DoubleDouble.sinCosPi(a), (s2, c2) = DoubleDouble.sinCosPi(DoubleDouble(a))
        #expect(s1.hi == s2.hi && s1.lo == s2.lo && c1.hi == c2.hi && c1.lo == c2.lo)
    }
}

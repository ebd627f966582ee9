import Foundation
import Testing
@testable import FilterDesign

/// The elliptic functions the elliptic prototype is built from, against
/// mpmath at 60 digits rounded once to Double
/// (`Tests/Fixtures/mpmath/elliptic-functions.json`, from
/// `scripts/elliptic_functions_reference.py`).
@Suite struct EllipticFunctionTests {
    struct Reference: Decodable {
        let ellipk: [[Double]]
        let ellipkm1: [[Double]]
        let ellipj: [[Double]]
        let ellipjEllipap: [[Double]]
        let ellipjQuarter: [[Double]]
        let arcJacSc1: [[Double]]
        let ellipdeg: [[Double]]
        let ellipdegEllipap: [[Double]]
    }

    static let reference: Reference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mpmath/elliptic-functions.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    /// |x - exact| in units of the last place of the exact value.
    static func ulps(_ x: Double, _ exact: Double) -> Double {
        if x == exact { return 0 }
        return abs(x - exact) / exact.ulp
    }

    /// K(m) and K(1 - p) by the AGM: within 4 ulp everywhere, m up to 1 - 1e-15 and p down to 1e-300.
    @Test func completeIntegral() {
        var worst = 0.0
        for row in Self.reference.ellipk {
            let u = Self.ulps(CompleteEllipticIntegral.k(row[0]), row[1])
            worst = max(worst, u)
            #expect(u <= 4, "K(\(row[0])) = \(CompleteEllipticIntegral.k(row[0])), mpmath \(row[1])")
        }
        var worstComplement = 0.0
        for row in Self.reference.ellipkm1 {
            let u = Self.ulps(CompleteEllipticIntegral.complementary(row[0]), row[1])
            worstComplement = max(worstComplement, u)
            #expect(u <= 4, "K(1 - \(row[0])) = \(CompleteEllipticIntegral.complementary(row[0])), mpmath \(row[1])")
        }
        print("K: worst \(worst) ulp over \(Self.reference.ellipk.count) m; K(1 - p): worst \(worstComplement) ulp over \(Self.reference.ellipkm1.count) p")
    }

    /// The allowed error of sn, cn or dn at u: 8 ulp of the value, plus what
    /// 4 roundings of the argument move it by (|u| eps |f'(u)| each; with
    /// sn' = cn dn, cn' = -sn dn, dn' = -m sn cn). Reducing u to a quarter
    /// period, x = u / K, and forming x pi / 2 round it; where f crosses zero
    /// (sn at 2K, cn at K) or falls like sech u (m near 1), that, not the
    /// value's own ulp, is what any method in Double can promise.
    static func allowance(_ exact: (sn: Double, cn: Double, dn: Double), u: Double, m: Double) -> (sn: Double, cn: Double, dn: Double) {
        let argument = 4 * Double.ulpOfOne * abs(u)
        return (8 * exact.sn.ulp + argument * abs(exact.cn * exact.dn),
                8 * exact.cn.ulp + argument * abs(exact.sn * exact.dn),
                8 * exact.dn.ulp + argument * abs(m * exact.sn * exact.cn))
    }

    /// sn, cn, dn at u given exactly (scipy's `ellipj` arguments, including m
    /// within 1e-15 of 1 and u up to 4 K, where Cephes' expansion fails),
    /// within `allowance`.
    @Test func jacobiFunctions() {
        func check(_ rows: [[Double]], label: String) {
            var worst = 0.0
            for row in rows {
                let (u, m) = (row[0], row[1])
                let f = JacobiElliptic(u, parameter: m)
                let allowed = Self.allowance((row[2], row[3], row[4]), u: u, m: m)
                for (ours, exact, bound, name) in [(f.sn, row[2], allowed.sn, "sn"), (f.cn, row[3], allowed.cn, "cn"), (f.dn, row[4], allowed.dn, "dn")] {
                    worst = max(worst, abs(ours - exact) / bound)
                    #expect(abs(ours - exact) <= bound, "\(label) \(name)(\(u) | \(m)) = \(ours), mpmath \(exact), allowed \(bound)")
                }
            }
            print("\(label): worst error \(worst) of the allowance over \(rows.count) arguments")
        }
        check(Self.reference.ellipj, label: "sn, cn, dn")
        check(Self.reference.ellipjEllipap, label: "sn, cn, dn at ellipap's arguments")
    }

    /// sn, cn, dn at u = x K(m), x in quarter periods given exactly, as the
    /// elliptic prototype evaluates them (x = j / N, m and 1 - m from the
    /// degree equation; and random x and m), within `allowance`; and in ulps
    /// of the value, printed.
    @Test func jacobiFunctionsInQuarterPeriods() {
        var worst = 0.0, worstUlps = 0.0
        for row in Self.reference.ellipjQuarter {
            let (x, m, mPrime) = (row[0], row[1], row[2])
            let f = JacobiElliptic(quarterPeriods: x, parameter: m, complement: mPrime)
            let u = x * CompleteEllipticIntegral.complementary(mPrime)
            let allowed = Self.allowance((row[3], row[4], row[5]), u: u, m: m)
            for (ours, exact, bound, name) in [(f.sn, row[3], allowed.sn, "sn"), (f.cn, row[4], allowed.cn, "cn"), (f.dn, row[5], allowed.dn, "dn")] {
                worst = max(worst, abs(ours - exact) / bound)
                worstUlps = max(worstUlps, Self.ulps(ours, exact))
                #expect(abs(ours - exact) <= bound, "\(name)(\(x) K | \(m), 1 - m = \(mPrime)) = \(ours), mpmath \(exact), allowed \(bound)")
            }
        }
        print("sn, cn, dn in quarter periods: worst error \(worst) of the allowance, \(worstUlps) ulp of the value, over \(Self.reference.ellipjQuarter.count) arguments")
    }

    /// The inverse sc with complementary parameter, as `ellipap` uses it.
    @Test func inverseSC() {
        var worst = 0.0
        for row in Self.reference.arcJacSc1 {
            let ours = InverseJacobi.arcSC(row[0], complementaryParameter: row[1])
            let u = Self.ulps(ours, row[2])
            worst = max(worst, u)
            #expect(u <= 4, "arcsc(\(row[0]); 1 - \(row[1])) = \(ours), mpmath \(row[2])")
        }
        print("arcsc: worst \(worst) ulp over \(Self.reference.arcJacSc1.count) arguments")
    }

    /// The degree equation: m and 1 - m each within 8 ulp plus the
    /// magnification of the nome (8 pi K'/(N K) ulp), also where scipy's
    /// 1 - m loses its digits.
    @Test func degreeEquation() {
        var worst = 0.0
        for row in Self.reference.ellipdeg + Self.reference.ellipdegEllipap {
            let (m, mPrime) = EllipticDegree.solve(order: Int(row[0]), discrimination: row[1])
            // q = exp(-pi K'(m1) / (N K(m1))) magnifies the few-ulp errors of
            // K and K' by pi K' / (N K); m is about 16 q, so as much again.
            let ratio = CompleteEllipticIntegral.complementary(row[1]) / (CompleteEllipticIntegral.k(row[1]) * row[0])
            let allowed = 8 + 8 * Double.pi * max(ratio, 1 / ratio)
            let e = max(Self.ulps(m, row[2]), Self.ulps(mPrime, row[3]))
            worst = max(worst, e / allowed)
            #expect(e <= allowed, "N = \(row[0]), m1 = \(row[1]): m = \(m), 1 - m = \(mPrime); mpmath \(row[2]), \(row[3]); \(e) ulp, allowed \(allowed)")
        }
        print("degree equation: worst error \(worst) of the allowance for m and 1 - m over \(Self.reference.ellipdeg.count + Self.reference.ellipdegEllipap.count) cases")
    }
}

import RealModule

/// The modified Bessel function of the first kind of order zero,
///
///     I0(x) = sum_{k >= 0} (x^2 / 4)^k / (k!)^2,
///
/// which the Kaiser window needs (scipy.special.i0, Cephes' Chebyshev
/// expansions, agrees within a few ulps; see the tests).
///
/// - |x| <= 30: the series above in double-double. Every term is positive, so
///   nothing cancels: the sum is within about 1e-30 relative before its one
///   final rounding (the result is the double nearest I0(x) but for near-ties).
/// - |x| > 30: Hankel's asymptotic expansion
///
///       I0(x) ~ e^x / sqrt(2 pi x) * sum_k a_k / x^k,   a_0 = 1,
///       a_k = a_(k-1) (2k - 1)^2 / (8k),
///
///   summed while its terms decrease (at x = 30 the smallest is 9e-28), the
///   sum and the quotient by sqrt(2 pi x) in double-double, so the error is
///   that of exp (libm's, within an ulp) and one rounding. Above 700, e^x is
///   taken as (e^(x/2))^2 around the product, so that I0 stays finite up to
///   x = 713.98, where it overflows (there the error is about 2 ulps).
///
/// I0 is even; I0(0) = 1; NaN gives NaN and +-infinity give +infinity.
public func besselI0(_ x: Double) -> Double {
    let a = abs(x)
    guard a.isFinite else { return a.isNaN ? .nan : .infinity }
    if a <= 30 { return besselI0Series(a) }
    // Beyond 714, e^x / sqrt(2 pi x) overflows; and for x near the largest
    // double, 8 k x would too (the series would never end).
    if a > 714 { return .infinity }
    var sum = DoubleDouble(1), term = DoubleDouble(1)
    var k = 1.0
    while true {
        let ratio = (2 * k - 1) * (2 * k - 1) / (8 * k * a)
        if ratio >= 1 { break }
        term = term * DoubleDouble((2 * k - 1) * (2 * k - 1)) / DoubleDouble(8 * k * a)
        if term.hi < 1e-33 * sum.hi { break }
        sum = sum + term
        k += 1
    }
    // sqrt(2 pi a) in double-double: s0 = sqrt(hi), then one Newton step.
    let square = DoubleDouble.product(DoubleDouble.pi, 2 * a)
    let s0 = square.hi.squareRoot()
    let root = DoubleDouble(s0) + DoubleDouble(((square - DoubleDouble(s0) * DoubleDouble(s0)).hi) / (2 * s0))
    let factor = (sum / root).value
    if a <= 700 { return Double.exp(a) * factor }
    let half = Double.exp(a / 2)
    return half * (half * factor)
}

/// sum_k (x^2/4)^k / (k!)^2 in double-double, for 0 <= x <= 30: term k is
/// term k-1 times (x^2 / 4) / k^2 (x^2 / 4 exact as a double-double; the
/// quotient by the double k^2 by one FMA remainder); stops when a term falls
/// below 1e-20 of the sum (k is then past 2 sqrt(x^2/4), where the terms
/// shrink at least fourfold a step, so the rest is below a third of the last
/// term: far under the final rounding).
private func besselI0Series(_ x: Double) -> Double {
    let (p, e) = DoubleDouble.twoProduct(x, x)
    let y = DoubleDouble(p / 4, e / 4)
    var sum = DoubleDouble(1), term = DoubleDouble(1)
    var k = 1.0
    while true {
        let product = term * y
        let divisor = k * k
        let q = product.hi / divisor
        let remainder = product.hi.addingProduct(-q, divisor) + product.lo
        let (hi, lo) = DoubleDouble.twoSum(q, remainder / divisor)
        term = DoubleDouble(hi, lo)
        sum = sum + term
        if term.hi < 1e-20 * sum.hi { break }
        k += 1
    }
    return sum.value
}

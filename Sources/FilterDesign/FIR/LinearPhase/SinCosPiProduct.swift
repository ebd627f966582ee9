/// sin(pi x n) and cos(pi x n) in double-double (about 1e-31 absolute) for a
/// double x and an integer n: x n = p + e exactly (an FMA), p reduced modulo 2
/// exactly (|p - 2 round(p / 2)| <= 1 is a multiple of ulp(p)), the reduced
/// argument a = (p mod 2) + e folded onto [0, 1/2] by the exact symmetries
/// sin(-a) = -sin a, sin(pi (1 - a)) = sin(pi a), cos(pi (1 - a)) = -cos(pi a)
/// (|a| may exceed 1 by an ulp, so 1 - a may be negative: folded again),
/// and handed to `DoubleDouble.sinCosPi`.
func sinCosPiProduct(_ x: Double, _ n: Int) -> (sin: DoubleDouble, cos: DoubleDouble) {
    let (p, e) = DoubleDouble.twoProduct(x, Double(n))
    let (s, t) = DoubleDouble.twoSum(p - 2 * (0.5 * p).rounded(), e)
    let negative = s < 0 || (s == 0 && t < 0)
    var a = negative ? DoubleDouble(-s, -t) : DoubleDouble(s, t)
    var cosineSign = 1.0
    if a.hi > 0.5 || (a.hi == 0.5 && a.lo > 0) {
        // 1 - a.hi is exact (Sterbenz); renormalised with -a.lo.
        let (h, l) = DoubleDouble.twoSum(1 - a.hi, -a.lo)
        a = DoubleDouble(h, l)
        cosineSign = -1
    }
    // |a| may exceed 1 by an ulp (p mod 2 = -1 and e < 0): then 1 - a < 0.
    var sineNegative = negative
    if a.hi < 0 {
        a = -a
        sineNegative.toggle()
    }
    let (sine, cosine) = DoubleDouble.sinCosPi(a)
    return (sineNegative ? -sine : sine, DoubleDouble.product(cosine, cosineSign))
}

extension DoubleDouble {
    /// pi = 3.141592653589793 + 1.2246467991473532e-16 (+ 3e-33).
    package static let pi = DoubleDouble(3.141592653589793, 1.2246467991473532e-16)

    /// sin(pi alpha) and cos(pi alpha) in double-double, for alpha = hi + lo
    /// with hi in [0, 1/2] (|lo| at most half an ulp of hi, or hi = 1/2 and
    /// lo <= 0): about 1e-32 absolute, 1e-31 at worst
    /// (`Tests/Fixtures/mpmath/sin-cos-pi.json`).
    ///
    /// Reduced by a table: alpha = j / 64 + r with j = round(64 hi) and
    /// r = (hi - j / 64) + lo, the subtraction exact (both are multiples of
    /// ulp(hi) and |hi - j/64| <= 1/128), so that |theta| = pi |r| <= pi / 128
    /// and
    ///
    ///     sin(pi alpha) = S_j cos theta + C_j sin theta,
    ///     cos(pi alpha) = C_j cos theta - S_j sin theta,
    ///
    /// with S_j = sin(pi j / 64), C_j = S_{32 - j} from `sinePiOver64`, and
    /// sin theta, cos theta by their Taylor series to theta^13 / 13! and
    /// theta^14 / 14! (the next terms are below 1e-36), summed by Horner's
    /// rule in t = theta^2: the terms from t^4 on (below 4e-18) in double,
    /// the rest in double-double.
    package static func sinCosPi(_ alpha: DoubleDouble) -> (sin: DoubleDouble, cos: DoubleDouble) {
        precondition(alpha.hi >= 0 && alpha.hi <= 0.5, "sinCosPi needs alpha in [0, 1/2]")
        let j = Int((64 * alpha.hi).rounded())
        let r = DoubleDouble(alpha.hi - Double(j) / 64) + DoubleDouble(alpha.lo)
        // theta = pi r (the product leaves out pi_lo r_lo, below 1e-48).
        let theta = pi * r
        let t = theta * theta, th = t.hi
        let f = inverseFactorials
        // sin theta = theta (1 - t/3! + t^2/5! - t^3/7! + t^4 (1/9! - t/11! + t^2/13!)),
        // cos theta = 1 - t/2! + t^2/4! - t^3/6! + t^4 (1/8! - t/10! + t^2/12! - t^3/14!).
        let sineTail = f[9].hi - th * (f[11].hi - th * f[13].hi)
        let cosineTail = f[8].hi - th * (f[10].hi - th * (f[12].hi - th * f[14].hi))
        var sine = -f[7] + product(t, sineTail), cosine = -f[6] + product(t, cosineTail)
        sine = f[1] + t * (-f[3] + t * (f[5] + t * sine))
        cosine = f[0] + t * (-f[2] + t * (f[4] + t * cosine))
        sine = theta * sine
        let (s, c) = (sinePiOver64[j], sinePiOver64[32 - j])
        return (s * cosine + c * sine, c * cosine - s * sine)
    }

    /// sin(pi alpha) and cos(pi alpha) in double-double for a double alpha
    /// in [0, 1/2] (`sinCosPi(_:)` with lo = 0).
    package static func sinCosPi(_ alpha: Double) -> (sin: DoubleDouble, cos: DoubleDouble) {
        sinCosPi(DoubleDouble(alpha))
    }

    /// k / m as a double-double: hi = k / m rounded and lo = (k - hi m) / m,
    /// the remainder k - hi m exact (one FMA). For k, m below 2^53.
    package static func quotient(_ k: Int, _ m: Int) -> DoubleDouble {
        let (k, m) = (Double(k), Double(m))
        let q = k / m
        return DoubleDouble(q, k.addingProduct(-q, m) / m)
    }

    /// sin(pi k / m) and cos(pi k / m) in double-double for k = 0 ... `last`
    /// (last / m at most 1/2), handed to `body` in order, at a fraction of
    /// `sinCosPi(_:)`'s cost per point: with k = a B + b, B the smallest power
    /// of two with B^2 >= last + 1, the B + last / B + 1 angles pi b / m and
    /// pi a B / m come from `sinCosPi(quotient(_:_:))` and each k from the
    /// angle-addition formulas
    ///
    ///     sin(x + y) = sin x cos y + cos x sin y,   cos(x + y) = cos x cos y - sin x sin y:
    ///
    /// four double-double products of terms at most 1, about 1e-31 absolute.
    package static func sinCosPi(numeratorsThrough last: Int, denominator m: Int,
                                 _ body: (Int, DoubleDouble, DoubleDouble) -> Void) {
        precondition(last >= 0 && 2 * last <= m, "sinCosPi needs k / m in [0, 1/2]")
        var step = 1
        while step * step < last + 1 { step *= 2 }
        let fine = (0..<min(step, last + 1)).map { sinCosPi(quotient($0, m)) }
        for a in 0...(last / step) {
            let (sa, ca) = sinCosPi(quotient(a * step, m))
            for b in 0..<min(step, last + 1 - a * step) {
                let (sb, cb) = fine[b]
                body(a * step + b, sa * cb + ca * sb, ca * cb - sa * sb)
            }
        }
    }

    /// 1 / k! for k = 0 ... 14, each the double-double quotient of 1 and k!
    /// (k! itself is exact in double).
    static let inverseFactorials: [DoubleDouble] = {
        var factorial = 1.0
        return (0...14).map { k in
            if k > 0 { factorial *= Double(k) }
            return DoubleDouble(1) / DoubleDouble(factorial)
        }
    }()

    /// sin(pi j / 64) for j = 0 ... 32 as the nearest double and the nearest
    /// double to the rest (mpmath at 50 digits:
    /// `python3 scripts/sin_cos_pi_reference.py --table`).
    // Reference values, one row each: rows alike by nature, left as a table.
    static let sinePiOver64: [DoubleDouble] = {
        let parts: [(hi: Double, lo: Double)] = [
            (0.0, 0.0),
            (0.049067674327418015, -6.79610372051828e-19),
            (0.0980171403295606, -1.634582362244256e-18),
            (0.14673047445536175, 3.726947147046568e-18),
            (0.19509032201612828, -7.991079068461731e-18),
            (0.2429801799032639, -8.751431529719663e-18),
            (0.2902846772544624, -1.892797870777425e-17),
            (0.33688985339222005, -4.200094003347509e-19),
            (0.3826834323650898, -1.0050772696461588e-17),
            (0.4275550934302821, 9.411189816295473e-18),
            (0.47139673682599764, 6.516678136069013e-18),
            (0.5141027441932218, -4.5712707523615624e-17),
            (0.5555702330196022, 4.709410940561677e-17),
            (0.5956993044924334, -1.3438641936579467e-17),
            (0.6343932841636455, 1.0420901929280035e-17),
            (0.6715589548470184, -4.048903774929669e-17),
            (0.7071067811865476, -4.833646656726457e-17),
            (0.7409511253549591, -1.4708616952297345e-17),
            (0.773010453362737, -3.256590703364977e-17),
            (0.8032075314806449, -3.306060980481491e-17),
            (0.8314696123025452, 1.4073856984728024e-18),
            (0.8577286100002721, -4.818344793633662e-17),
            (0.881921264348355, -1.9843248405890562e-17),
            (0.9039892931234433, -6.609754468748431e-18),
            (0.9238795325112867, 1.7645047084336677e-17),
            (0.9415440651830208, -2.789637954769834e-17),
            (0.9569403357322088, 4.05538698618757e-17),
            (0.970031253194544, 1.8365300348428844e-17),
            (0.9807852804032304, 1.8546939997825006e-17),
            (0.989176509964781, -4.098730993704711e-17),
            (0.9951847266721969, -4.248691367830441e-17),
            (0.9987954562051724, -1.2291693337075465e-17),
            (1.0, 0.0),
        ]
        return parts.map { DoubleDouble($0.hi, $0.lo) }
    }()
}

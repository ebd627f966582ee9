/// Writes a Double as the shortest decimal that reads back as the same Double,
/// the closest such to its exact value, laid out as Swift's `description`
/// lays it out ("0.5", "1.0", "1e-05", "1.8e+16", "-0.0", "5e-324"), straight
/// into a byte buffer, fast.
///
/// Implementation goals, in order: the text always reads back as the same
/// bits; it is Swift's own text (the shortest, closest digits), which holds
/// except when a shorter decimal lies exactly on the edge of the rounding
/// interval (then one more digit is written: still exact); speed (no
/// allocation).
///
/// The method is the interval search of Steele and White / Ryu, in 128-bit
/// fixed point: for v = m 2^E (m an integer of up to 53 bits), every decimal
/// strictly inside (v - ulp_low / 2, v + ulp / 2) reads back as v. With
/// `PowersOfTen` (10^q = (M + d) 2^e, 0 <= d < 1) the bounds (4m - 2 or
/// 4m - 1, 4m + 2) 2^(E-2) and v itself are scaled by 10^q so that v 10^q
/// lies in [10^17, 10^19): integer parts of 64 bits and 64-bit fractions,
/// each less than 2.1 units of 2^-64 below the exact value. The interval is then narrowed by
/// that error on both sides, so every integer D kept in it is strictly
/// inside the exact one; the largest j such that a multiple of 10^j is in it
/// gives the fewest digits, and of those multiples the one closest to v 10^q.
package struct DecimalFormatter: @unchecked Sendable {
    /// The most bytes `write` produces ("-2.2250738585072014e-308" is 24).
    package static let maximumLength = 32

    // The tables, read through stored pointers: a static's accessor would
    // cost a `swift_once` check on every number (measured: 5 % of the time).
    let table: PowersOfTen
    let tenPowers: UnsafePointer<UInt64>
    let pairs: UnsafePointer<UInt8>

    /// A formatter (cheap: it holds pointers to tables built once).
    package init() {
        table = PowersOfTen.table
        tenPowers = Self.powersOfTen
        pairs = Self.pairText.utf8Start
    }

    /// "00" "01" ... "99".
    static let pairText: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859606162636465666768697071727374757677787980\
        81828384858687888990919293949596979899
        """

    /// Writes `x` at `out` (room for `maximumLength` bytes); returns the
    /// number of bytes written. Infinities and NaN are written as Swift
    /// writes them ("inf", "-inf", "nan"), though callers should not print them.
    @inline(__always)
    package func write(_ x: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        if x.sign == .minus { out[0] = 45; n = 1 }  // '-'
        let bits = x.bitPattern & ~(1 << 63)
        let biased = Int(bits >> 52)
        let fraction = bits & ((1 << 52) - 1)
        if biased == 2047 {
            if fraction != 0 { out[0] = 110; out[1] = 97; out[2] = 110; return 3 }  // "nan"
            out[n] = 105; out[n + 1] = 110; out[n + 2] = 102; return n + 3         // "inf"
        }
        if bits == 0 {
            out[n] = 48; out[n + 1] = 46; out[n + 2] = 48; return n + 3            // "0.0"
        }
        let (digits, exponent) = shortest(biased: biased, fraction: fraction)
        return n &+ layOut(digits, exponent, magnitude: Double(bitPattern: bits), at: out + n)
    }

    /// A value scaled by 10^q in 64.64 fixed point: below the exact value by
    /// less than 2.1 units of 2^-64, or exactly it (`exact`).
    struct Scaled {
        var integer: UInt64, fraction: UInt64, exact: Bool
    }

    /// The digits D and exponent k of the shortest, closest decimal D 10^k
    /// that reads back as the positive finite Double with these fields.
    ///
    /// The fast path computes v 10^q and the half-widths 2M 2^-s in 64.64
    /// fixed point (each below the exact value by less than 2.1 and 1.1 units
    /// of 2^-64), the bounds from them, and decides on them when nothing lies
    /// within 4 units of an integer (or of the rounding midpoint); otherwise
    /// `shortestExact` decides.
    @inline(__always)
    func shortest(biased: Int, fraction: UInt64) -> (digits: UInt64, exponent: Int) {
        let m = biased == 0 ? fraction : fraction | (1 << 52)
        let e2 = biased == 0 ? -1074 : biased &- 1075
        let lowerIsCloser = fraction == 0 && biased > 1
        let bitLength = 64 &- m.leadingZeroBitCount
        let estimate = ((e2 &+ bitLength &- 1) &* 78913) >> 18
        let q = 17 &- estimate
        let (mHigh, mLow, e10) = table.entry(q)
        let s = 2 &- e2 &- e10
        let m4 = m << 2
        let (a1, a0) = m4.multipliedFullWidth(by: mHigh)
        let (b1, b0) = m4.multipliedFullWidth(by: mLow)
        // s is in 66 ... 126 (v 10^q < 2^64 has 57 to 64 bits; (4m) M has
        // bitLength(4m) + 127 or + 128, bitLength(4m) in 3 ... 55), so both
        // 64-bit fields straddle two words with a shift of 2 ... 62.
        let shift = UInt64(truncatingIfNeeded: s &- 64), back = 64 &- shift
        let (w0, w1, w2) = Self.add192((b0, b1, 0), (0, a0, a1))
        let vInteger = (w1 &>> shift) | (w2 &<< back), vFraction = (w0 &>> shift) | (w1 &<< back)
        let (t0, t1, t2) = (mLow &<< 1, (mHigh &<< 1) | (mLow &>> 63), mHigh &>> 63)
        let dInteger = (t1 &>> shift) | (t2 &<< back), dFraction = (t0 &>> shift) | (t1 &<< back)
        // b = v + d; a = v - d (or v - d / 2 when the lower bound is closer).
        let (bFraction, carry) = vFraction.addingReportingOverflow(dFraction)
        let bInteger = vInteger &+ dInteger &+ (carry ? 1 : 0)
        let lInteger = lowerIsCloser ? dInteger &>> 1 : dInteger
        let lFraction = lowerIsCloser ? (dFraction &>> 1) | (dInteger &<< 63) : dFraction
        let (aFraction, borrow) = vFraction.subtractingReportingOverflow(lFraction)
        let aInteger = vInteger &- lInteger &- (borrow ? 1 : 0)
        // a is within (a_c - 1.1, a_c + 2.1) units, b within [b_c, b_c + 3.2):
        // decided here unless a fraction lies within 4 units of an integer.
        guard aFraction &+ 4 > 8, bFraction &+ 4 > 8 else {
            return shortestExact(biased: biased, fraction: fraction)
        }
        let (lo, hi, j) = Self.fewestDigits(aInteger &+ 1, bInteger)
        guard var digits = nearestMultiple(vInteger, vFraction, j) else { return shortestExact(biased: biased, fraction: fraction) }
        digits = digits < lo ? lo : digits > hi ? hi : digits
        return Self.finish(digits, j &- q)
    }

    /// The fewest digits: the largest j with a multiple of 10^j in [lo, hi]
    /// (ceil(ceil(a / 10) / 10) = ceil(a / 100)), and the range of those
    /// multiples, [ceil(lo / 10^j), floor(hi / 10^j)]. j = 1, 2, 3 are tested
    /// at once, their divisions independent; then on by tens.
    @inline(__always)
    static func fewestDigits(_ low: UInt64, _ high: UInt64) -> (lo: UInt64, hi: UInt64, j: Int) {
        var lo = low, hi = high, j = 0
        let lo1 = (lo &+ 9) / 10, hi1 = hi / 10
        let lo2 = (lo &+ 99) / 100, hi2 = hi / 100
        let lo3 = (lo &+ 999) / 1000, hi3 = hi / 1000
        if lo1 <= hi1 {
            if lo2 > hi2 {
                (lo, hi, j) = (lo1, hi1, 1)
            } else if lo3 > hi3 {
                (lo, hi, j) = (lo2, hi2, 2)
            } else {
                (lo, hi, j) = (lo3, hi3, 3)
                while true {
                    let nextLo = (lo &+ 9) / 10, nextHi = hi / 10
                    if nextLo > nextHi { break }
                    lo = nextLo
                    hi = nextHi
                    j &+= 1
                }
            }
        }
        return (lo, hi, j)
    }

    /// The multiple of 10^j closest to v 10^q (its integer and 64-bit
    /// fraction parts), in units of 10^j; v is within [v_c, v_c + 2.1 units):
    /// nil when the midpoint is ambiguous, v_c exactly at it or just below it.
    @inline(__always)
    func nearestMultiple(_ vInteger: UInt64, _ vFraction: UInt64, _ j: Int) -> UInt64? {
        if j == 0 {
            guard vFraction &- ((1 << 63) &- 4) > 8 else { return nil }
            return vInteger &+ (vFraction > 1 << 63 ? 1 : 0)
        }
        let p = j == 1 ? 10 : j == 2 ? 100 : tenPowers[j]
        var digits = vInteger / p
        let remainder = vInteger &- digits &* p, half = p &>> 1
        if (remainder == half && vFraction == 0) || (remainder == half &- 1 && vFraction > UInt64.max &- 4) {
            return nil
        }
        if remainder >= half { digits &+= 1 }
        return digits
    }

    /// Drops trailing zeros (none, unless the clamp put the digits on a bound).
    @inline(__always)
    static func finish(_ digits: UInt64, _ exponent: Int) -> (digits: UInt64, exponent: Int) {
        var d = digits, e = exponent
        while d % 10 == 0 { d /= 10; e &+= 1 }
        return (d, e)
    }

    /// 10^0 ... 10^19 (a pointer written once: no reference counting).
    nonisolated(unsafe) static let powersOfTen: UnsafePointer<UInt64> = {
        let p = UnsafeMutablePointer<UInt64>.allocate(capacity: 20)
        p[0] = 1
        for k in 1 ..< 20 { p[k] = p[k - 1] * 10 }
        return UnsafePointer(p)
    }()

    /// The fewest digits: the largest j with a multiple of 10^j in
    /// [low, high], p = 10^j, and the range of those multiples,
    /// [ceil(low / 10^j), floor(high / 10^j)].
    static func fewestDigitsExact(_ low: UInt64, _ high: UInt64) -> (lo: UInt64, hi: UInt64, j: Int, p: UInt64) {
        var lo = low, hi = high, j = 0, p: UInt64 = 1
        while j < 19 {
            let nextLo = lo / 10 + (lo % 10 == 0 ? 0 : 1), nextHi = hi / 10
            if nextLo > nextHi { break }
            lo = nextLo
            hi = nextHi
            j += 1
            p *= 10
        }
        return (lo, hi, j, p)
    }

    /// The multiple of p = 10^j closest to v 10^q, in units of p, ties to
    /// even (a tie only when v is exact and its remainder is exactly p / 2).
    static func nearestMultipleExact(_ v: Scaled, j: Int, p: UInt64) -> UInt64 {
        var digits: UInt64
        if j == 0 {
            digits = v.integer
            if v.fraction > 1 << 63 || (v.fraction == 1 << 63 && (!v.exact || digits & 1 == 1)) { digits += 1 }
        } else {
            digits = v.integer / p
            let remainder = v.integer - digits * p, half = p / 2
            if remainder > half || (remainder == half && (v.fraction != 0 || !v.exact || digits & 1 == 1)) { digits += 1 }
        }
        return digits
    }

    /// `shortest` with every bound and tie decided exactly (the bounds'
    /// exactness found from the operands): the path for the rare values whose
    /// computed bounds or midpoint lie within a few units of 2^-64 of an
    /// integer (exact ties and exact bounds among them).
    @inline(never)
    func shortestExact(biased: Int, fraction: UInt64) -> (digits: UInt64, exponent: Int) {
        // v = m 2^E.
        let m = biased == 0 ? fraction : fraction | (1 << 52)
        let e2 = biased == 0 ? -1074 : biased - 1075
        // The lower bound is closer when v is a power of two (not the smallest normal).
        let lowerIsCloser = fraction == 0 && biased > 1
        // A decimal exactly on a bound reads back as v when m is even (ties to even).
        let boundsIncluded = m & 1 == 0
        // floor(log10 v) is estimate or estimate + 1 (log10(2) ~ 78913 / 2^18,
        // exact as a floor for |exponent| <= 1650).
        let bitLength = 64 - m.leadingZeroBitCount
        let estimate = ((e2 + bitLength - 1) * 78913) >> 18
        let q = 17 - estimate                       // v 10^q in [10^17, 10^19)
        let (mHigh, mLow, e10) = table.entry(q)
        // (4m) M as 192 bits.
        let m4 = m << 2
        let (a1, a0) = m4.multipliedFullWidth(by: mHigh)
        let (b1, b0) = m4.multipliedFullWidth(by: mLow)
        let center = Self.add192((b0, b1, 0), (0, a0, a1))
        // (4m +- 2) M = 4m M +- 2M, (4m - 1) M = 4m M - M.
        let twoM = (mLow << 1, (mHigh << 1) | (mLow >> 63), mHigh >> 63)
        let oneM = (mLow, mHigh, UInt64(0))
        // Each is scaled by 2^(E - 2 + e10): the binary point is s bits up.
        let s = -(e2 - 2 + e10)
        let scale = ScaleContext(q: q, e2: e2, s: s)
        let v = scale.fixedPoint(center, m4)
        let a = scale.fixedPoint(Self.subtract192(center, lowerIsCloser ? oneM : twoM), lowerIsCloser ? m4 - 1 : m4 - 2)
        let b = scale.fixedPoint(Self.add192(center, twoM), m4 + 2)
        // The integers inside the interval: strictly, or with a bound that is
        // exact when bounds are included. An inexact computed bound is below
        // the exact one by less than 2.1 units of 2^-64: under 1 from the
        // fraction's truncation, and (4m)(M_exact - M) 2^-s < 2^64 v 10^q / M
        // < 10^19 / 2^63 ~ 1.08 from the table's.
        let low: UInt64
        if a.exact {
            low = a.fraction == 0 && boundsIncluded ? a.integer : a.integer + 1
        } else {
            low = a.integer + (a.fraction > UInt64.max - 4 ? 2 : 1)
        }
        let high = b.exact && b.fraction == 0 && !boundsIncluded ? b.integer - 1 : b.integer
        let (lo, hi, j, p) = Self.fewestDigitsExact(low, high)
        // The multiple of 10^j closest to v 10^q (ties to even), kept in [lo, hi].
        var digits = Self.nearestMultipleExact(v, j: j, p: p)
        digits = min(max(digits, lo), hi)
        var exponent = j - q
        while digits % 10 == 0 { digits /= 10; exponent += 1 }
        return (digits, exponent)
    }

    /// How a 192-bit product X M becomes X 2^(E-2) 10^q in 64.64 fixed point,
    /// and whether that is exact.
    struct ScaleContext {
        let q: Int, e2: Int, s: Int

        /// `w` = X M; X is the integer it was computed from.
        @inline(__always)
        func fixedPoint(_ w: (UInt64, UInt64, UInt64), _ x: UInt64) -> Scaled {
            let (integer, fraction) = DecimalFormatter.fixedPoint(w, s)
            if q >= 0 {
                // M is exact for q <= 55 (5^55 < 2^128); then so is the
                // product, and the fixed point if no bit below it is set.
                guard q <= 55 else { return Scaled(integer: integer, fraction: fraction, exact: false) }
                return Scaled(integer: integer, fraction: fraction, exact: DecimalFormatter.bitsBelow(w, s - 64) == 0)
            }
            // q < 0: X 2^(E-2) / 10^|q| has a finite binary expansion only if
            // 5^|q| divides X (so |q| <= 23); then it is (X / 5^|q|) 2^(E-2-|q|), computed exactly.
            let k = -q
            guard k <= 23 else { return Scaled(integer: integer, fraction: fraction, exact: false) }
            var five: UInt64 = 1
            for _ in 0 ..< k { five *= 5 }
            guard x % five == 0 else { return Scaled(integer: integer, fraction: fraction, exact: false) }
            let y = x / five, shift = e2 - 2 - k
            if shift >= 0 {
                return Scaled(integer: y << UInt64(shift), fraction: 0, exact: true)
            }
            guard shift >= -64 else { return Scaled(integer: integer, fraction: fraction, exact: false) }
            let down = UInt64(-shift)
            let whole = down == 64 ? 0 : y >> down
            let rest = down == 64 ? y : y & ((1 << down) - 1)
            // y < 2^55: exact in 64 fraction bits only if rest's bits fit.
            return Scaled(integer: whole, fraction: rest << (64 - down), exact: true)
        }
    }

    /// Digits D (no trailing zero) times 10^k, as Swift lays them out:
    /// exponential ("1.5e-05", "1e+16") below 1e-4 or above 2^53, else
    /// decimal ("0.0001", "12.5", "100.0").
    @inline(__always)
    func layOut(_ digits: UInt64, _ exponent: Int, magnitude: Double, at out: UnsafeMutablePointer<UInt8>) -> Int {
        // How many digits: from the bit length, then one comparison.
        let bits = 64 &- digits.leadingZeroBitCount
        var count = (bits &* 1233) >> 12                // floor(bits log10 2)
        if digits >= tenPowers[count] { count &+= 1 }
        let scientific = exponent &+ count &- 1          // the exponent of the first digit
        let raw = UnsafeMutableRawPointer(out)
        if scientific < 0 && scientific >= -4 {
            // 0.ddd, 0.0ddd ... 0.000ddd: "0.000" first, then the digits over it.
            raw.storeBytes(of: 0x3030_302E_30, as: UInt64.self)   // "0.000" (and 3 bytes the digits overwrite)
            writeDigits(digits, count, at: out + (1 &- scientific))
            return 1 &- scientific &+ count
        }
        if scientific >= 0 && magnitude <= 0x1p53 {
            let integerDigits = scientific &+ 1
            if integerDigits >= count {
                // ddd000.0
                writeDigits(digits, count, at: out)
                var k = count
                while k < integerDigits { out[k] = 48; k &+= 1 }
                out[integerDigits] = 46
                out[integerDigits &+ 1] = 48
                return integerDigits &+ 2
            }
            // ddd.ddd: the digits one to the right, then the integer part moved back over the gap.
            writeDigits(digits, count, at: out + 1)
            var k = 0
            while k < integerDigits { out[k] = out[k &+ 1]; k &+= 1 }
            out[integerDigits] = 46
            return count &+ 1
        }
        // d.ddde+XX: the digits at out + 1, the first moved before the point.
        writeDigits(digits, count, at: out + 1)
        out[0] = out[1]
        var n = 1
        if count > 1 { out[1] = 46; n = count &+ 1 }
        out[n] = 101     // 'e'
        out[n &+ 1] = scientific < 0 ? 45 : 43
        n &+= 2
        var e = scientific < 0 ? 0 &- scientific : scientific
        if e >= 100 { out[n] = UInt8(truncatingIfNeeded: 48 &+ e / 100); n &+= 1; e = e % 100 }
        storePair(e, at: out + n)
        return n &+ 2
    }

    /// The `count` decimal digits of `value`, most significant first, at `out`:
    /// blocks of eight from the end (`writeEight`), then the rest by pairs.
    @inline(__always)
    func writeDigits(_ value: UInt64, _ count: Int, at out: UnsafeMutablePointer<UInt8>) {
        var v = value, end = count
        while end > 8 {
            let upper = v / 100_000_000
            writeEight(v &- upper &* 100_000_000, at: out + (end &- 8))
            v = upper
            end &-= 8
        }
        if end == 8 { writeEight(v, at: out); return }
        while end >= 2 {
            let upper = v / 100
            storePair(Int(truncatingIfNeeded: v &- upper &* 100), at: out + (end &- 2))
            v = upper
            end &-= 2
        }
        if end == 1 { out[0] = UInt8(truncatingIfNeeded: 48 &+ v) }
    }

    /// The eight digits of n < 10^8, leading zeros included, at `out`, by
    /// the fixed-point method (as in Dragonbox and jeaiii's itoa): y = n
    /// ceil(2^57 / 10^6) holds n / 10^6 above bit 57 and the rest of n, as a
    /// fraction of 10^6, below it, too large by less than n 0.15 2^-57 <
    /// 1.1e-10; each pair of digits is then the top of the fraction times
    /// 100, whose error stays below 1.1e-4 of a unit, less than the distance
    /// of every exact value from the next integer (checked for every n in
    /// the tests' round trips, and exhaustively when it was written).
    @inline(__always)
    func writeEight(_ n: UInt64, at out: UnsafeMutablePointer<UInt8>) {
        let mask: UInt64 = (1 << 57) - 1
        var y = n &* 144_115_188_076
        storePair(Int(truncatingIfNeeded: y &>> 57), at: out)
        y = (y & mask) &* 100
        storePair(Int(truncatingIfNeeded: y &>> 57), at: out + 2)
        y = (y & mask) &* 100
        storePair(Int(truncatingIfNeeded: y &>> 57), at: out + 4)
        y = (y & mask) &* 100
        storePair(Int(truncatingIfNeeded: y &>> 57), at: out + 6)
    }

    /// The two digits of k < 100 at `out`, in one store.
    @inline(__always)
    func storePair(_ k: Int, at out: UnsafeMutablePointer<UInt8>) {
        let pair = UnsafeRawPointer(pairs + 2 &* k).loadUnaligned(as: UInt16.self)
        UnsafeMutableRawPointer(out).storeBytes(of: pair, as: UInt16.self)
    }

    @inline(__always)
    static func add192(_ a: (UInt64, UInt64, UInt64), _ b: (UInt64, UInt64, UInt64)) -> (UInt64, UInt64, UInt64) {
        let (r0, c0) = a.0.addingReportingOverflow(b.0)
        let (t1, c1) = a.1.addingReportingOverflow(b.1)
        let (r1, c2) = t1.addingReportingOverflow(c0 ? 1 : 0)
        let r2 = a.2 &+ b.2 &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
        return (r0, r1, r2)
    }

    @inline(__always)
    static func subtract192(_ a: (UInt64, UInt64, UInt64), _ b: (UInt64, UInt64, UInt64)) -> (UInt64, UInt64, UInt64) {
        let (r0, c0) = a.0.subtractingReportingOverflow(b.0)
        let (t1, c1) = a.1.subtractingReportingOverflow(b.1)
        let (r1, c2) = t1.subtractingReportingOverflow(c0 ? 1 : 0)
        let r2 = a.2 &- b.2 &- (c1 ? 1 : 0) &- (c2 ? 1 : 0)
        return (r0, r1, r2)
    }

    /// The 64 bits above bit s (the integer part) and the 64 below it (the
    /// fraction) of a 192-bit number, 64 <= s <= 128.
    @inline(__always)
    static func fixedPoint(_ w: (UInt64, UInt64, UInt64), _ s: Int) -> (UInt64, UInt64) {
        func field(_ offset: Int) -> UInt64 {
            let word = offset >> 6, shift = UInt64(offset & 63)
            let lowWord = word == 0 ? w.0 : word == 1 ? w.1 : w.2
            let highWord = word == 0 ? w.1 : word == 1 ? w.2 : 0
            return shift == 0 ? lowWord : (lowWord >> shift) | (highWord << (64 - shift))
        }
        return (field(s), field(s - 64))
    }

    /// Whether any of the lowest `count` bits (0 <= count <= 128) of `w` is set: 0 if none.
    @inline(__always)
    static func bitsBelow(_ w: (UInt64, UInt64, UInt64), _ count: Int) -> UInt64 {
        if count <= 0 { return 0 }
        if count < 64 { return w.0 & ((1 << UInt64(count)) - 1) }
        if count == 64 { return w.0 }
        if count < 128 { return w.0 | (w.1 & ((1 << UInt64(count - 64)) - 1)) }
        return w.0 | w.1
    }

    /// `x` as `write` writes it (tests).
    package static func string(_ x: Double) -> String {
        let formatter = DecimalFormatter()
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let n = formatter.write(x, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: n), as: UTF8.self)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a decimal number into the nearest Double, as `strtod` does (round
/// half to even), fast.
///
/// Implementation goals, in order: the same bits as `strtod` for every input;
/// then speed on the numbers CSV holds (up to 19 significant digits).
///
/// Grammar: `[+-] digits [. digits] [(e|E) [+-] digits]` (digits on at least
/// one side of the point). Anything else is returned as nil, for the caller's
/// own checks and messages. The value w 10^q (w the significant digits as an
/// integer) is found by:
///
/// 1. Clinger's fast path: w < 2^53 and |q| <= 22, so that w and 10^|q| are
///    exact Doubles and one correctly rounded multiplication or division gives
///    the answer.
/// 2. Eisel and Lemire's method: w (<= 19 digits) normalised to 64 bits times
///    the 128-bit truncated mantissa M of 10^q (`PowersOfTen`) is a 192-bit
///    product P with P <= w M_exact < P + 2^64, so P's top 128 bits are right
///    or one too small. The 53-bit mantissa and its rounding are read from
///    them; when the rounding could depend on that last unit (the bits below
///    the mantissa are within one unit of the halfway point: about one input
///    in 2^73, and every exact tie), or the result is subnormal or overflows,
///    the answer is left to step 3.
/// 3. `strtod` on a copy of the text.
package struct DecimalParser: @unchecked Sendable {
    // The tables, read through stored pointers (no `swift_once` per number).
    let table: PowersOfTen
    let exactPowers: UnsafePointer<Double>

    /// A parser (cheap: it holds pointers to tables built once).
    package init() {
        table = PowersOfTen.table
        exactPowers = Self.exactPowerTable
    }

    /// The exact powers of ten 10^0 ... 10^22 as Doubles (a pointer, written
    /// once: reading it costs no reference counting).
    nonisolated(unsafe) static let exactPowerTable: UnsafePointer<Double> = {
        let p = UnsafeMutablePointer<Double>.allocate(capacity: 23)
        p[0] = 1
        for k in 1 ... 22 { p[k] = p[k - 1] * 10 }
        return UnsafePointer(p)
    }()

    /// The Double nearest to the decimal in `text` (+-infinity beyond the
    /// largest finite Double, as `strtod`), or nil when `text` is not a
    /// decimal in the grammar above.
    package func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = text.baseAddress, text.count > 0 else { return nil }
        let (value, next) = scan(base, from: 0, to: text.count)
        return next == text.count ? value : nil
    }

    /// Appends the decimal digits from `i` on (at most to `end`) to `w`,
    /// eight at a time while eight are there, and moves `i` past them.
    @inline(__always)
    static func gatherDigits(_ base: UnsafePointer<UInt8>, _ i: inout Int, end: Int, into w: inout UInt64) {
        while i + 8 <= end, let eight = eightDigits(base + i) {
            w = w &* 100_000_000 &+ eight
            i += 8
        }
        while i < end, base[i] &- 48 < 10 {
            w = w &* 10 &+ UInt64(base[i] &- 48)
            i += 1
        }
    }

    /// How many significant digits the mantissa in base[start ..< end] has
    /// (leading zeros and the point not counted), counted up to 20.
    private static func significantDigits(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var significant = 0, k = start, leading = true
        while k < end, significant <= 19 {
            let c = base[k]
            if c == 46 { k += 1; continue }
            if c &- 48 >= 10 { break }
            if c != 48 || !leading { leading = false; significant += 1 }
            k += 1
        }
        return significant
    }

    /// The decimal that starts at `base[start]`, read as far as the grammar
    /// goes (at most to `end`): its value (nil when no decimal starts there,
    /// or an exponent marker has no digits) and where it stopped. Readers of
    /// delimited fields check that the stop is their delimiter.
    ///
    /// The digits are gathered into w as they come, eight at a time when eight
    /// are there (Lemire's SWAR conversion); leading zeros add nothing to w,
    /// so w is exact whenever there are at most 19 significant digits.
    @inline(__always)
    package func scan(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (value: Double?, next: Int) {
        var i = start
        var negative = false
        if i < end, base[i] == 45 || base[i] == 43 { negative = base[i] == 45; i += 1 }  // '-' '+'
        let digitsStart = i
        var w: UInt64 = 0
        // Integer part ("0." directly: most accelerations are below 1 g).
        if i + 1 < end, base[i] == 48, base[i + 1] == 46 {
            i += 1
        } else {
            Self.gatherDigits(base, &i, end: end, into: &w)
        }
        let integerDigits = i - digitsStart
        var fractionDigits = 0
        if i < end, base[i] == 46 {  // '.'
            i += 1
            let fractionStart = i
            Self.gatherDigits(base, &i, end: end, into: &w)
            fractionDigits = i - fractionStart
        }
        guard integerDigits + fractionDigits > 0 else { return (nil, i) }
        var exponent = -fractionDigits
        if i < end, base[i] | 0x20 == 101 {  // 'e' 'E'
            i += 1
            var negativeExponent = false
            if i < end, base[i] == 45 || base[i] == 43 { negativeExponent = base[i] == 45; i += 1 }
            var e = 0
            let exponentStart = i
            while i < end, base[i] &- 48 < 10 {
                if e < 100_000 { e = e * 10 + Int(base[i] &- 48) }
                i += 1
            }
            guard i > exponentStart else { return (nil, i) }
            exponent += negativeExponent ? -e : e
        }

        // Beyond 19 significant digits, w has wrapped.
        if integerDigits + fractionDigits > 19, Self.significantDigits(base, from: digitsStart, to: i) > 19 {
            return (Self.viaStrtod(UnsafeBufferPointer(start: base + start, count: i - start)), i)
        }
        if w == 0 { return (negative ? -0.0 : 0.0, i) }
        if w < 1 << 53, exponent >= -22, exponent <= 22 {
            let value = exponent >= 0 ? Double(w) * exactPowers[exponent] : Double(w) / exactPowers[-exponent]
            return (negative ? -value : value, i)
        }
        if let value = eiselLemire(w, exponent) { return (negative ? -value : value, i) }
        return (Self.viaStrtod(UnsafeBufferPointer(start: base + start, count: i - start)), i)
    }

    /// The value of eight ASCII digits at `p` (the first most significant),
    /// or nil unless all eight are digits: Lemire's SWAR conversion (three
    /// multiplications instead of eight dependent ones).
    @inline(__always)
    static func eightDigits(_ p: UnsafePointer<UInt8>) -> UInt64? {
        let chunk = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        // Every byte in '0' ... '9': no byte's high bit set after adding 0x46
        // (bytes above '9' overflow into it) or after subtracting 0x30.
        guard ((chunk &+ 0x4646_4646_4646_4646) | (chunk &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080 == 0 else {
            return nil
        }
        var v = chunk &- 0x3030_3030_3030_3030
        v = (v &* 10) &+ (v >> 8)                       // pairs of digits in every other byte
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let multiplier1: UInt64 = 100 + (1_000_000 << 32)
        let multiplier2: UInt64 = 1 + (10_000 << 32)
        v = ((v & mask) &* multiplier1 &+ ((v >> 16) & mask) &* multiplier2) >> 32
        return v & 0xFFFF_FFFF
    }

    /// w 10^q (w > 0) correctly rounded, or nil when step 2 cannot be sure.
    @inline(__always)
    func eiselLemire(_ w: UInt64, _ q: Int) -> Double? {
        guard PowersOfTen.range.contains(q) else { return nil }
        let (mHigh, mLow, e) = table.entry(q)
        let shiftIn = w.leadingZeroBitCount
        let v = w << UInt64(shiftIn)
        // P = v (mHigh 2^64 + mLow): 192 bits; U = P >> 64 (128 bits: u1 u0).
        let (h1, l1) = v.multipliedFullWidth(by: mHigh)
        let (h0, _) = v.multipliedFullWidth(by: mLow)
        let (u0, carry) = l1.addingReportingOverflow(h0)
        let u1 = h1 &+ (carry ? 1 : 0)
        // U's top bit is bit 127 or 126; the mantissa is its top 53 bits.
        let top = u1 >> 63                       // 1 if bit 127 is set
        let shift = 74 + Int(top)                // bits of U below the mantissa
        // mantissa = U >> shift, remainder R = U mod 2^shift (shift > 64).
        let mantissa = u1 >> UInt64(shift - 64)
        let remainderHigh = u1 & ((1 << UInt64(shift - 64)) - 1)  // R's bits above 64
        let halfHigh: UInt64 = 1 << UInt64(shift - 65)            // 2^(shift-1) >> 64
        // R is compared with half = 2^(shift-1); ambiguous when R is half - 1 or half.
        let roundUp: Bool
        if remainderHigh > halfHigh || (remainderHigh == halfHigh && u0 != 0) {
            roundUp = true
        } else if remainderHigh < halfHigh - 1 || (remainderHigh == halfHigh - 1 && u0 != UInt64.max) {
            roundUp = false
        } else {
            return nil
        }
        var m = mantissa + (roundUp ? 1 : 0)
        // value = U 2^(64 + e - shiftIn) = m 2^(shift + 64 + e - shiftIn).
        var binary = shift + 64 + e - shiftIn
        if m == 1 << 53 { m >>= 1; binary += 1 }
        let biased = binary + 52 + 1023
        guard biased > 0, biased < 2047 else { return nil }
        return Double(bitPattern: UInt64(biased) << 52 | (m & ((1 << 52) - 1)))
    }

    /// `strtod` on a NUL-terminated copy.
    static func viaStrtod(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            for k in 0 ..< text.count { buffer[k] = CChar(bitPattern: text[k]) }
            buffer[text.count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    /// `parse` of a String (tests, arguments).
    package static func parse(_ text: String) -> Double? {
        var copy = text
        let parser = DecimalParser()
        return copy.withUTF8 { parser.parse($0) }
    }
}

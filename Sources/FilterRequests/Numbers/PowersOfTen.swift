/// 10^q for q in -348 ... 347 as a 128-bit mantissa and a binary exponent,
/// the table that fast decimal reading (`DecimalParser`) and writing
/// (`DecimalFormatter`) scale by:
///
///     10^q = (M + d) 2^e,   2^127 <= M < 2^128,   0 <= d < 1
///
/// that is, M is the top 128 bits of 10^q, truncated (exact for 0 <= q <= 55,
/// where 5^q < 2^128). The range covers every decimal exponent a finite
/// Double needs, subnormals included, as in Eisel and Lemire's table.
///
/// The table is computed once, at first use, in exact integer arithmetic
/// (no committed list of 1,392 magic numbers to get wrong): 10^q for q >= 0 by
/// repeated multiplication by 10; for q < 0, X_q = floor(2^K / 10^|q|) by
/// repeated division by 10 (floor(floor(a) / 10) = floor(a / 10)), with K large
/// enough that X_q keeps at least 128 bits; the top 128 bits of floor(y) are
/// the top 128 bits of y. About 700 multi-word multiplications and divisions
/// by 10: well under a millisecond.
package struct PowersOfTen: @unchecked Sendable {
    /// The smallest and largest q in the table.
    package static let range = -348 ... 347

    /// Per q = range.lowerBound + index, three words: M's high and low 64
    /// bits, and e. Allocated once and never freed or written after
    /// initialisation (hence `@unchecked Sendable`): reading it costs no
    /// reference counting, which an array in a static would.
    let words: UnsafeMutablePointer<UInt64>

    /// The table (computed once).
    package static let table = PowersOfTen()

    /// (M high, M low, e) of 10^q; q must lie in `range`.
    @inline(__always)
    package func entry(_ q: Int) -> (high: UInt64, low: UInt64, exponent: Int) {
        let p = words + 3 * (q - Self.range.lowerBound)
        return (p[0], p[1], Int(Int64(bitPattern: p[2])))
    }

    private init() {
        words = .allocate(capacity: 3 * Self.range.count)
        func store(_ q: Int, _ number: BigNatural, scale: Int) {
            let (h, l, shift) = number.top128()
            let p = words + 3 * (q - Self.range.lowerBound)
            p[0] = h
            p[1] = l
            p[2] = UInt64(bitPattern: Int64(shift - scale))
        }
        // q >= 0: exact powers.
        var power = BigNatural(1)
        for q in 0 ... Self.range.upperBound {
            store(q, power, scale: 0)
            power.multiply(by: 10)
        }
        // q < 0: floor(2^K / 10^|q|), K = 1344 (10^348 < 2^1157, so 2^K / 10^348 > 2^187).
        let k = 1344
        var reciprocal = BigNatural.powerOfTwo(k)
        for q in stride(from: -1, through: Self.range.lowerBound, by: -1) {
            reciprocal.divide(by: 10)
            store(q, reciprocal, scale: k)
        }
    }
}

/// A natural number as little-endian 32-bit words: just enough arithmetic to
/// build `PowersOfTen` exactly.
struct BigNatural {
    var words: [UInt32]

    init(_ value: UInt32) { words = [value] }

    static func powerOfTwo(_ n: Int) -> BigNatural {
        var b = BigNatural(0)
        b.words = [UInt32](repeating: 0, count: n / 32 + 1)
        b.words[n / 32] = 1 << UInt32(n % 32)
        return b
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in words.indices {
            let p = UInt64(words[i]) * UInt64(factor) + carry
            words[i] = UInt32(truncatingIfNeeded: p)
            carry = p >> 32
        }
        if carry != 0 { words.append(UInt32(carry)) }
    }

    /// self = floor(self / divisor).
    mutating func divide(by divisor: UInt32) {
        var remainder: UInt64 = 0
        for i in words.indices.reversed() {
            let current = (remainder << 32) | UInt64(words[i])
            words[i] = UInt32(current / UInt64(divisor))
            remainder = current % UInt64(divisor)
        }
        while words.count > 1 && words.last == 0 { words.removeLast() }
    }

    var bitLength: Int {
        guard let i = words.lastIndex(where: { $0 != 0 }) else { return 0 }
        return 32 * i + (32 - words[i].leadingZeroBitCount)
    }

    /// The top 128 bits, truncated, and the shift s with self = (top + d) 2^s, 0 <= d < 1.
    func top128() -> (high: UInt64, low: UInt64, shift: Int) {
        let shift = bitLength - 128
        func bit(_ n: Int) -> UInt64 {
            guard n >= 0, n / 32 < words.count else { return 0 }
            return UInt64((words[n / 32] >> UInt32(n % 32)) & 1)
        }
        var high: UInt64 = 0, low: UInt64 = 0
        for j in 0 ..< 64 {
            high |= bit(shift + 64 + j) << UInt64(j)
            low |= bit(shift + j) << UInt64(j)
        }
        return (high, low, shift)
    }
}

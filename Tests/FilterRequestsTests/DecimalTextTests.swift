@testable import FilterRequests
import Foundation
import Testing

/// The pipeline's number text: every Double written by `DecimalFormatter`
/// reads back as the same bits (checked with Swift's own `Double(String)`),
/// and is Swift's own shortest text; `DecimalParser` gives `strtod`'s bits.
@Suite struct DecimalTextTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    /// Doubles of every kind: any bit pattern, subnormals, huge, around 1,
    /// whole numbers, powers of two and their neighbours, and the edges.
    static func doubles(_ count: Int) -> [Double] {
        var g = Generator(state: 0x2545_F491_4F6C_DD1D)
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.5, 1.0 / 3, 1.0 / 60, 100, 1e15, 1e16, 9007199254740992, 9007199254740994,
                                1e23, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, Double.leastNormalMagnitude.nextDown,
                                Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 0.0001, 0.00001, 1e-4.nextDown,
                                0x1p53, 0x1p53.nextUp, 123456789012345680, 2.5e-7, 1e300, 1e-300]
        for e in -1074 ... 1023 {
            let p = Double(sign: .plus, exponent: e, significand: 1)
            values += [p, p.nextUp, p.nextDown]
        }
        for _ in 0 ..< count {
            let bits = g.next()
            let any = Double(bitPattern: bits)
            if any.isFinite { values.append(any) }
            values.append(Double(g.next() >> 11) * 0x1p-53 - 0.5)                  // like accelerations
            values.append(Double(bitPattern: g.next() & 0x000F_FFFF_FFFF_FFFF))      // subnormal
            values.append(Double(Int64(bitPattern: g.next()) >> 20))               // whole numbers
            values.append(Double(g.next() % 1_000_000) / 60)                       // times
            values.append(Double(g.next() % 2_000_001) / 1e6 - 1)                  // 6-digit data
        }
        return values
    }

    @Test func everyDoubleRoundTripsAsSwiftWritesIt() {
        var mismatches: [String] = [], failures: [String] = []
        for x in Self.doubles(200_000) {
            let text = DecimalFormatter.string(x)
            if Double(text)?.bitPattern != x.bitPattern { failures.append("\(x.bitPattern): \(text)") }
            if text != x.description { mismatches.append("\(x.bitPattern): \(text) vs \(x.description)") }
        }
        #expect(failures.isEmpty, "do not read back: \(failures.prefix(10))")
        #expect(mismatches.isEmpty, "differ from Swift's description: \(mismatches.prefix(10))")
    }

    @Test func parserGivesStrtodsBits() {
        var g = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var problems: [String] = []
        func check(_ text: String) {
            let ours = DecimalParser.parse(text)
            let theirs = strtod(text, nil)
            if ours?.bitPattern != theirs.bitPattern { problems.append("\(text): \(String(describing: ours)) vs \(theirs)") }
        }
        // Our own output, and Swift's, for every kind of Double.
        for x in Self.doubles(20_000) { check(DecimalFormatter.string(x)); check("\(x)") }
        // Random decimals: 1 to 25 digits, a point anywhere, exponents -400 ... 400.
        for _ in 0 ..< 300_000 {
            var s = g.next() & 1 == 0 ? "-" : (g.next() % 5 == 0 ? "+" : "")
            let digits = Int(g.next() % 25) + 1
            var body = ""
            for _ in 0 ..< digits { body += String(g.next() % 10) }
            let point = Int(g.next() % UInt64(digits + 2))
            if point <= digits { body.insert(".", at: body.index(body.startIndex, offsetBy: point)) }
            s += body
            if g.next() % 3 == 0 { s += (g.next() & 1 == 0 ? "e" : "E") + String(Int(g.next() % 801) - 400) }
            check(s)
        }
        // Halfway cases and neighbours, where rounding to even decides.
        for text in ["9007199254740993", "9007199254740995", "4.9406564584124654e-324", "2.4703282292062327e-324",
                     "2.4703282292062328e-324", "1.7976931348623158e308", "1.7976931348623157e308", "0.1", "1e23",
                     "8.98846567431158e307", "2.2250738585072011e-308", "2.2250738585072012e-308", "7.2057594037927933e16",
                     "00000000000000000000000001.5", "0.000000000000000000000000000000012345678901234567890123", "1.e5", ".5"] {
            check(text)
        }
        #expect(problems.isEmpty, "\(problems.count) differ: \(problems.prefix(10))")
    }

    @Test func grammarIsStrict() {
        for bad in ["", "-", "+", ".", "e5", "1e", "1e+", "1.2.3", "--1", "1 ", " 1", "0x10", "inf", "nan", "1,5", "١"] {
            #expect(DecimalParser.parse(bad) == nil, "\(bad)")
        }
        #expect(DecimalParser.parse("1e400") == .infinity)
        #expect(DecimalParser.parse("-1e400") == -.infinity)
        #expect(DecimalParser.parse("1e-400") == 0)
        #expect(DecimalParser.parse("-0")?.sign == .minus)
    }

    /// Table entries against values known independently: 10^0 = 2^127 2^-127,
    /// 10^-1 = 0xCCCC...CCCC 2^-131 (truncated), 10^22 exact, 10^27 exact.
    @Test func powersOfTenTable() {
        let table = PowersOfTen.table
        #expect(table.entry(0) == (1 << 63, 0, -127))
        #expect(table.entry(-1) == (0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCC, -131))
        // 10^22 = 0x21E19E0C9BAB2400000 (74 bits), shifted up by 54 bits: exact.
        let e22 = table.entry(22)
        #expect(e22.exponent == -54 && e22.high == 0x8786_7832_6EAC_9000 && e22.low == 0)
        // 10^q as M 2^e: M / 2^128 * 2^(e + 128) = 10^q, to Double precision.
        for q in PowersOfTen.range {
            let (h, l, e) = table.entry(q)
            #expect(h >> 63 == 1)
            let value = Double(sign: .plus, exponent: e + 128, significand: (Double(h) + Double(l) * 0x1p-64) * 0x1p-64)
            let want = pow(10.0, Double(q))
            if want.isNormal { #expect(abs(value - want) <= 4 * want.ulp, "q \(q)") }
        }
    }
}

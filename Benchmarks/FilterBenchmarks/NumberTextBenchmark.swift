import FilterRequests
import Foundation

/// The pipeline's number text against the C library and Swift's own, in the
/// same run: reading 10^6 full-precision decimals with `DecimalParser` and
/// `strtod`, writing them with `DecimalFormatter` and `description`.
func numberTextBenchmark(count: Int = 1_000_000, repeats: Int = 5) {
    var state: UInt64 = 2026
    let values = (0..<count).map { _ -> Double in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) * 0x1p-53 - 0.5
    }
    let formatter = DecimalFormatter(), parser = DecimalParser()
    let text = UnsafeMutablePointer<UInt8>.allocate(capacity: count * DecimalFormatter.maximumLength)
    let offsets = UnsafeMutablePointer<Int>.allocate(capacity: count + 1)
    defer { text.deallocate(); offsets.deallocate() }

    func best(_ body: () -> Void) -> Double {
        var fastest = Double.infinity
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
        }
        return fastest
    }
    var written = 0
    let ours = best {
        var o = 0
        values.withUnsafeBufferPointer { v in
            for i in 0..<count { offsets[i] = o; o += formatter.write(v[i], to: text + o) }
        }
        offsets[count] = o
        written = o
    }
    var characters = 0
    let swifts = best {
        var n = 0
        for v in values { n &+= v.description.utf8.count }
        characters = n
    }
    var sum = 0.0
    let parsed = best {
        for i in 0..<count { sum += parser.parse(UnsafeBufferPointer(start: text + offsets[i], count: offsets[i + 1] - offsets[i]))! }
    }
    let c = best {
        var scratch = [CChar](repeating: 0, count: 40)
        for i in 0..<count {
            let n = offsets[i + 1] - offsets[i]
            scratch.withUnsafeMutableBufferPointer { s in
                for k in 0..<n { s[k] = CChar(bitPattern: text[offsets[i] + k]) }
                s[n] = 0
                sum += strtod(s.baseAddress!, nil)
            }
        }
    }
    // The same text, byte count for byte count (DecimalTextTests checks it character for character).
    precondition(sum.isFinite && written > 0 && characters == written)
    print("")
    print("number text, \(count) doubles in [-0.5, 0.5) (16-17 digits), ns per number, best of \(repeats):")
    print(String(format: "  write: DecimalFormatter %6.1f   Swift's description %6.1f   (description / ours: %.1f)", ours, swifts, swifts / ours))
    print(String(format: "  read:  DecimalParser    %6.1f   strtod (on a copy)  %6.1f   (strtod / ours: %.1f)", parsed, c, c / parsed))
}

/// A sample type a FIR filter runs in (`Float`, `Double`): it provides the
/// inner product sum_{j=0}^{N-1} r[j] w[j] in the order every FIR realisation
/// of this package uses (the runtime, the emitted C and JavaScript), so that
/// they agree bit for bit:
///
/// - 32 partial sums: lane l = j mod 32 accumulates its products in
///   increasing j, a_l = ((0 + r[l] w[l]) + r[l+32] w[l+32]) + ...;
/// - then, for l = 0 ... 7, s_l = (a_l + a_{l+8}) + (a_{l+16} + a_{l+24});
/// - then ((s_0 + s_1) + (s_2 + s_3)) + ((s_4 + s_5) + (s_6 + s_7)).
///
/// Every product is rounded before it is added (no fused multiply-add).
/// Lanes start at +0, and a lane is never -0 (+0 + -0 = +0), so a product
/// +0 never changes one: the last, partial group of 32 runs as a whole one,
/// its missing taps zero and its missing samples masked to +0 bit by bit
/// (never multiplied: 0 * inf would be NaN).
///
/// The 32 lanes are four `SIMD8` accumulators: four independent chains of
/// N/32 additions, so one output costs about N/8 vector multiplies and adds
/// whether it is computed alone (`process(_:)`) or in a block. A plain
/// left-to-right sum would be one chain of N dependent additions.
public protocol FIRSample: BinaryFloatingPoint, Sendable {
    /// sum_{j<count} r[j] w[j] in the order above.
    ///
    /// - Parameters:
    ///   - r: `count` values rounded up to a multiple of 32, zeros past `count`.
    ///   - w: `count` values, and readable (any values) up to `r`'s length.
    ///   - count: N, the number of taps.
    ///   - mask: 32 lanes of all-one or all-zero bits for the last group of
    ///     32 (`firTailMask`): ones for the lanes below count mod 32.
    static func firDotProduct(_ r: UnsafePointer<Self>, _ w: UnsafePointer<Self>, count: Int,
                              mask: UnsafeRawPointer) -> Self
}

extension Float: FIRSample {
    /// The FIR inner product in `FIRSample`'s order, on `SIMD8<Float>`.
    @inlinable @inline(__always)
    public static func firDotProduct(_ r: UnsafePointer<Float>, _ w: UnsafePointer<Float>, count n: Int,
                                     mask: UnsafeRawPointer) -> Float {
        typealias V = SIMD8<Float>
        typealias Bits = SIMD8<UInt32>
        var a0 = V(), a1 = V(), a2 = V(), a3 = V()
        let rr = UnsafeRawPointer(r), ww = UnsafeRawPointer(w), size = MemoryLayout<Float>.stride
        var j = 0
        while j + 32 <= n {
            let b = j * size
            a0 += rr.loadUnaligned(fromByteOffset: b, as: V.self) * ww.loadUnaligned(fromByteOffset: b, as: V.self)
            a1 += rr.loadUnaligned(fromByteOffset: b + 8 * size, as: V.self) * ww.loadUnaligned(fromByteOffset: b + 8 * size, as: V.self)
            a2 += rr.loadUnaligned(fromByteOffset: b + 16 * size, as: V.self) * ww.loadUnaligned(fromByteOffset: b + 16 * size, as: V.self)
            a3 += rr.loadUnaligned(fromByteOffset: b + 24 * size, as: V.self) * ww.loadUnaligned(fromByteOffset: b + 24 * size, as: V.self)
            j += 32
        }
        if j < n {
            let b = j * size
            func masked(_ k: Int) -> V {
                unsafeBitCast(ww.loadUnaligned(fromByteOffset: b + k * size, as: Bits.self)
                              & mask.loadUnaligned(fromByteOffset: k * size, as: Bits.self), to: V.self)
            }
            a0 += rr.loadUnaligned(fromByteOffset: b, as: V.self) * masked(0)
            a1 += rr.loadUnaligned(fromByteOffset: b + 8 * size, as: V.self) * masked(8)
            a2 += rr.loadUnaligned(fromByteOffset: b + 16 * size, as: V.self) * masked(16)
            a3 += rr.loadUnaligned(fromByteOffset: b + 24 * size, as: V.self) * masked(24)
        }
        let s = (a0 + a1) + (a2 + a3)
        return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))
    }
}

extension Double: FIRSample {
    /// The FIR inner product in `FIRSample`'s order, on `SIMD8<Double>`.
    @inlinable @inline(__always)
    public static func firDotProduct(_ r: UnsafePointer<Double>, _ w: UnsafePointer<Double>, count n: Int,
                                     mask: UnsafeRawPointer) -> Double {
        typealias V = SIMD8<Double>
        typealias Bits = SIMD8<UInt64>
        var a0 = V(), a1 = V(), a2 = V(), a3 = V()
        let rr = UnsafeRawPointer(r), ww = UnsafeRawPointer(w), size = MemoryLayout<Double>.stride
        var j = 0
        while j + 32 <= n {
            let b = j * size
            a0 += rr.loadUnaligned(fromByteOffset: b, as: V.self) * ww.loadUnaligned(fromByteOffset: b, as: V.self)
            a1 += rr.loadUnaligned(fromByteOffset: b + 8 * size, as: V.self) * ww.loadUnaligned(fromByteOffset: b + 8 * size, as: V.self)
            a2 += rr.loadUnaligned(fromByteOffset: b + 16 * size, as: V.self) * ww.loadUnaligned(fromByteOffset: b + 16 * size, as: V.self)
            a3 += rr.loadUnaligned(fromByteOffset: b + 24 * size, as: V.self) * ww.loadUnaligned(fromByteOffset: b + 24 * size, as: V.self)
            j += 32
        }
        if j < n {
            let b = j * size
            func masked(_ k: Int) -> V {
                unsafeBitCast(ww.loadUnaligned(fromByteOffset: b + k * size, as: Bits.self)
                              & mask.loadUnaligned(fromByteOffset: k * size, as: Bits.self), to: V.self)
            }
            a0 += rr.loadUnaligned(fromByteOffset: b, as: V.self) * masked(0)
            a1 += rr.loadUnaligned(fromByteOffset: b + 8 * size, as: V.self) * masked(8)
            a2 += rr.loadUnaligned(fromByteOffset: b + 16 * size, as: V.self) * masked(16)
            a3 += rr.loadUnaligned(fromByteOffset: b + 24 * size, as: V.self) * masked(24)
        }
        let s = (a0 + a1) + (a2 + a3)
        return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))
    }
}

/// The number of zeros that pad `count` taps to a multiple of 32, the length
/// `FIRSample.firDotProduct` reads of them.
@inlinable
func firPadding(_ count: Int) -> Int { (32 - count % 32) % 32 }

/// The bits of `FIRSample.firDotProduct`'s mask for `count` taps of
/// `Sample`: 32 lanes of `MemoryLayout<Sample>.stride` bytes each, all ones
/// for the lanes below count mod 32, all zeros above.
@inlinable
func firTailMask<Sample>(_ count: Int, of: Sample.Type) -> [UInt8] {
    let size = MemoryLayout<Sample>.stride, rest = count % 32
    return (0..<32 * size).map { $0 / size < rest ? 0xFF : 0 }
}

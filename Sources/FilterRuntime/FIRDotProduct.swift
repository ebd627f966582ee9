/// A sample type a FIR filter runs in (`Float`, `Double`): it provides the
/// inner product sum_{j=0}^{N-1} r[j] w[j] in the order every FIR realization
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
/// N/32 additions, so one output alone (`process(_:)`) costs about N/8
/// vector multiplies and adds. A plain left-to-right sum would be one chain
/// of N dependent additions. A block computes a vector of outputs at once, one
/// per SIMD lane, in the same order (`firDotProducts`).
public protocol FIRSample: BinaryFloatingPoint, SIMDScalar, FIRSampleCoding, Sendable {
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

    /// How many consecutive outputs `firDotProducts(_:_:count:into:)`
    /// computes at once: one 32-byte vector of them (8 Float, 4 Double; two
    /// SSE registers, one AVX).
    static var firBlockLanes: Int { get }

    /// `firBlockLanes` consecutive outputs at once, each bit for bit what
    /// `firDotProduct` gives it (`firOutputsAtOnce`): lane o of `y` is
    /// sum_{j<count} r[j] w[o + j].
    ///
    /// - Parameters:
    ///   - r: the `count` reversed taps.
    ///   - w: the first window's samples, readable up to
    ///     w[count + firBlockLanes - 2].
    ///   - count: N, the number of taps.
    ///   - y: room for the `firBlockLanes` outputs.
    static func firDotProducts(_ r: UnsafePointer<Self>, _ w: UnsafePointer<Self>, count: Int,
                               into y: UnsafeMutablePointer<Self>)

    /// `vectors` times `firBlockLanes` consecutive outputs of a filter of at
    /// most 32 taps, a vector of them at a time (`firShortOutputs`), each bit
    /// for bit what `firDotProduct` gives it: output o of `y` is
    /// sum_{j<count} r[j] w[o + j].
    ///
    /// - Parameters:
    ///   - r: the `count` reversed taps.
    ///   - w: the first window's samples, readable up to
    ///     w[count + vectors firBlockLanes - 2].
    ///   - count: N, 1 ... 32.
    ///   - y: room for the outputs.
    ///   - vectors: how many vectors of outputs.
    static func firShortDotProducts(_ r: UnsafePointer<Self>, _ w: UnsafePointer<Self>, count: Int,
                                    into y: UnsafeMutablePointer<Self>, vectors: Int)

    /// `v` with its lane `lane` (0 ... 3) replaced by `x` (`firStep`'s
    /// newest sample). Written for each sample type: `SIMD4`'s generic
    /// comparison and `replace(with:where:)` run lane by lane, and made
    /// `process(_:)` 5 times slower.
    static func firInserting(_ x: Self, into v: SIMD4<Self>, lane: Int) -> SIMD4<Self>
}

extension Float: FIRSample {
    /// 8 outputs at once (`SIMD8<Float>`: one 32-byte vector). Measured
    /// with `filter-benchmarks --fir-runtime-only` on SSE2, 8 beat 16 and 4
    /// from 15 to 127 taps.
    @inlinable public static var firBlockLanes: Int { 8 }

    /// 8 outputs at once (`firOutputsAtOnce` on `SIMD8<Float>`).
    @inlinable @inline(__always)
    public static func firDotProducts(_ r: UnsafePointer<Float>, _ w: UnsafePointer<Float>, count n: Int,
                                      into y: UnsafeMutablePointer<Float>) {
        firOutputsAtOnce(r, w, count: n, into: y, as: SIMD8<Float>.self)
    }

    /// Vectors of 8 outputs of up to 32 taps (`firShortOutputs` on `SIMD8<Float>`).
    @inlinable
    public static func firShortDotProducts(_ r: UnsafePointer<Float>, _ w: UnsafePointer<Float>, count n: Int,
                                           into y: UnsafeMutablePointer<Float>, vectors: Int) {
        firShortOutputs(r, w, count: n, into: y, vectors: vectors, as: SIMD8<Float>.self)
    }

    /// `v` with lane `lane` replaced by `x`, on `SIMD4<Int32>` lane numbers.
    @inlinable @inline(__always)
    public static func firInserting(_ x: Float, into v: SIMD4<Float>, lane: Int) -> SIMD4<Float> {
        var w = v
        w.replace(with: x, where: SIMD4<Int32>(0, 1, 2, 3) .== SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: lane)))
        return w
    }

    /// The FIR inner product in `FIRSample`'s order, on `SIMD8<Float>`.
    /// Written out for each sample type (Double's below is the same code on
    /// `SIMD8<Double>`): a generic version over the SIMD type, tried, made
    /// `process(_:)` 2.5 times slower (`filter-benchmarks --fir-runtime-only`:
    /// 31 ns a sample against 12.5).
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
    /// 4 outputs at once (`SIMD4<Double>`: one 32-byte vector). Measured
    /// with `filter-benchmarks --fir-runtime-only` on SSE2, 4 beat 8 from
    /// 15 to 255 taps.
    @inlinable public static var firBlockLanes: Int { 4 }

    /// 4 outputs at once (`firOutputsAtOnce` on `SIMD4<Double>`).
    @inlinable @inline(__always)
    public static func firDotProducts(_ r: UnsafePointer<Double>, _ w: UnsafePointer<Double>, count n: Int,
                                      into y: UnsafeMutablePointer<Double>) {
        firOutputsAtOnce(r, w, count: n, into: y, as: SIMD4<Double>.self)
    }

    /// Vectors of 4 outputs of up to 32 taps (`firShortOutputs` on `SIMD4<Double>`).
    @inlinable
    public static func firShortDotProducts(_ r: UnsafePointer<Double>, _ w: UnsafePointer<Double>, count n: Int,
                                           into y: UnsafeMutablePointer<Double>, vectors: Int) {
        firShortOutputs(r, w, count: n, into: y, vectors: vectors, as: SIMD4<Double>.self)
    }

    /// `v` with lane `lane` replaced by `x`, on `SIMD4<Int64>` lane numbers.
    @inlinable @inline(__always)
    public static func firInserting(_ x: Double, into v: SIMD4<Double>, lane: Int) -> SIMD4<Double> {
        var w = v
        w.replace(with: x, where: SIMD4<Int64>(0, 1, 2, 3) .== SIMD4<Int64>(repeating: Int64(lane)))
        return w
    }

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

/// V.scalarCount consecutive outputs at once, each the inner product of
/// `firDotProduct` in its order, bit for bit: lane o of the result is
/// sum_{j<count} r[j] w[o + j]. The outputs are
/// SIMD lanes (a window's sample j is a vector load at w + j), so each
/// product r[j] w[o + j] and each addition is the one `firDotProduct`
/// performs for output o, in the same order:
///
/// - lane chain a_m, m = j mod 32: its products in increasing j;
/// - s_l = (a_l + a_{l+8}) + (a_{l+16} + a_{l+24});
/// - ((s_0 + s_1) + (s_2 + s_3)) + ((s_4 + s_5) + (s_6 + s_7)).
///
/// `firDotProduct` starts each chain at +0 and adds the padded lanes'
/// +0 products; here an empty chain is left out and a chain starts at
/// its first product. That changes only the sign of a zero: a sum's
/// value never depends on a zero operand's sign unless both operands are
/// zero, and `firDotProduct`'s nodes are never -0, so the two agree at
/// every node but for -0 against +0, and the final + 0 (which turns -0
/// into +0 and leaves every other value alone) makes them equal bit for
/// bit. Each output costs one lane of a vector multiply and add a tap, with
/// no masks and no horizontal sums (a 32-byte vector: one AVX
/// instruction, two with SSE2 or NEON).
///
/// - Parameters:
///   - r: the `count` reversed taps.
///   - w: the first window's samples, readable up to w[count + V.scalarCount - 2].
///   - y: the V.scalarCount outputs.
@inlinable @inline(__always)
func firOutputsAtOnce<V: SIMD>(_ r: UnsafePointer<V.Scalar>, _ w: UnsafePointer<V.Scalar>, count n: Int,
                               into y: UnsafeMutablePointer<V.Scalar>, as _: V.Type) where V.Scalar: FIRSample {
    let raw = UnsafeRawPointer(w)
    // ((s_0 + s_1) + (s_2 + s_3)) + ((s_4 + s_5) + (s_6 + s_7)), the empty
    // s_l (l >= n) left out.
    var left = firPartial(V.self, r, raw, 0, n)
    if 1 < n { left = left + firPartial(V.self, r, raw, 1, n) }
    if 2 < n {
        var pair = firPartial(V.self, r, raw, 2, n)
        if 3 < n { pair = pair + firPartial(V.self, r, raw, 3, n) }
        left = left + pair
    }
    if 4 < n {
        var right = firPartial(V.self, r, raw, 4, n)
        if 5 < n { right = right + firPartial(V.self, r, raw, 5, n) }
        if 6 < n {
            var pair = firPartial(V.self, r, raw, 6, n)
            if 7 < n { pair = pair + firPartial(V.self, r, raw, 7, n) }
            right = right + pair
        }
        left = left + right
    }
    UnsafeMutableRawPointer(y).storeBytes(of: left + V(), as: V.self)
}

/// `vectors` times V.scalarCount consecutive outputs of a filter of at most
/// 32 taps, V.scalarCount at a time, as `firOutputsAtOnce` computes them (and
/// so bit for bit `firDotProduct`'s): every partial sum a_m is one product at
/// most, so s_l = (a_l + a_{l+8}) + (a_{l+16} + a_{l+24}) is written out with
/// no loop (`firShortPartial`), and one call runs the whole block: measured,
/// 3.5 times faster than a call a vector at 15 taps (Float, SSE2). The tree of
/// s_l is `firOutputsAtOnce`'s, written out again: shared through a closure
/// for s_l, the block of 15 taps took 1.8 times as long.
///
/// - Parameters:
///   - r: the `count` reversed taps.
///   - w: the first window's samples, readable up to
///     w[count + vectors V.scalarCount - 2].
///   - n: N, 1 ... 32.
///   - y: the outputs.
@inlinable
func firShortOutputs<V: SIMD>(_ r: UnsafePointer<V.Scalar>, _ w: UnsafePointer<V.Scalar>, count n: Int,
                              into y: UnsafeMutablePointer<V.Scalar>, vectors: Int, as _: V.Type) where V.Scalar: FIRSample {
    for k in 0..<vectors {
        let o = k &* V.scalarCount, raw = UnsafeRawPointer(w + o)
        // ((s_0 + s_1) + (s_2 + s_3)) + ((s_4 + s_5) + (s_6 + s_7)), the empty
        // s_l (l >= n) left out.
        var left = firShortPartial(V.self, r, raw, 0, n)
        if 1 < n { left = left + firShortPartial(V.self, r, raw, 1, n) }
        if 2 < n {
            var pair = firShortPartial(V.self, r, raw, 2, n)
            if 3 < n { pair = pair + firShortPartial(V.self, r, raw, 3, n) }
            left = left + pair
        }
        if 4 < n {
            var right = firShortPartial(V.self, r, raw, 4, n)
            if 5 < n { right = right + firShortPartial(V.self, r, raw, 5, n) }
            if 6 < n {
                var pair = firShortPartial(V.self, r, raw, 6, n)
                if 7 < n { pair = pair + firShortPartial(V.self, r, raw, 7, n) }
                right = right + pair
            }
            left = left + right
        }
        UnsafeMutableRawPointer(y + o).storeBytes(of: left + V(), as: V.self)
    }
}

/// s_l = (a_l + a_{l+8}) + (a_{l+16} + a_{l+24}) for V.scalarCount outputs of
/// a filter of at most 32 taps, each a_m one product r[m] w[m], the empty
/// ones (m >= n) left out (`firShortOutputs`). l < n.
@inlinable @inline(__always)
func firShortPartial<V: SIMD>(_: V.Type, _ r: UnsafePointer<V.Scalar>, _ w: UnsafeRawPointer, _ l: Int, _ n: Int) -> V
where V.Scalar: FIRSample {
    var left = firProduct(V.self, r, w, l)
    if l &+ 8 < n { left = left + firProduct(V.self, r, w, l &+ 8) }
    guard l &+ 16 < n else { return left }
    var right = firProduct(V.self, r, w, l &+ 16)
    if l &+ 24 < n { right = right + firProduct(V.self, r, w, l &+ 24) }
    return left + right
}

/// r[j] times the V.scalarCount samples at w + j (`firOutputsAtOnce`).
@inlinable @inline(__always)
func firProduct<V: SIMD>(_: V.Type, _ r: UnsafePointer<V.Scalar>, _ w: UnsafeRawPointer, _ j: Int) -> V
where V.Scalar: FIRSample {
    V(repeating: r[j]) * w.loadUnaligned(fromByteOffset: j &* MemoryLayout<V.Scalar>.stride, as: V.self)
}

/// s_l = (a_l + a_{l+8}) + (a_{l+16} + a_{l+24}) for V.scalarCount outputs,
/// each chain a_m its products j = m, m + 32, ... < n in increasing j, the
/// empty chains left out (`firOutputsAtOnce`). l < n.
@inlinable @inline(__always)
func firPartial<V: SIMD>(_: V.Type, _ r: UnsafePointer<V.Scalar>, _ w: UnsafeRawPointer, _ l: Int, _ n: Int) -> V
where V.Scalar: FIRSample {
    let has1 = l &+ 8 < n, has2 = l &+ 16 < n, has3 = l &+ 24 < n
    var a0 = firProduct(V.self, r, w, l), a1 = V(), a2 = V(), a3 = V()
    if has1 { a1 = firProduct(V.self, r, w, l &+ 8) }
    if has2 { a2 = firProduct(V.self, r, w, l &+ 16) }
    if has3 { a3 = firProduct(V.self, r, w, l &+ 24) }
    var j = l &+ 32
    while j &+ 24 < n {
        a0 = a0 + firProduct(V.self, r, w, j)
        a1 = a1 + firProduct(V.self, r, w, j &+ 8)
        a2 = a2 + firProduct(V.self, r, w, j &+ 16)
        a3 = a3 + firProduct(V.self, r, w, j &+ 24)
        j &+= 32
    }
    if j < n { a0 = a0 + firProduct(V.self, r, w, j) }
    if j &+ 8 < n { a1 = a1 + firProduct(V.self, r, w, j &+ 8) }
    if j &+ 16 < n { a2 = a2 + firProduct(V.self, r, w, j &+ 16) }
    let low = has1 ? a0 + a1 : a0
    guard has2 else { return low }
    return low + (has3 ? a2 + a3 : a2)
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

#if hasFeature(Embedded)
/// What `FIRSample` asks beyond arithmetic: nothing more in Embedded Swift,
/// which has no `Codable`.
public typealias FIRSampleCoding = Sendable
#else
/// What `FIRSample` asks beyond arithmetic: `Codable`, which `SIMDScalar`'s
/// vectors need of their scalars outside Embedded Swift (the compiler warns
/// when a protocol refining `SIMDScalar` leaves it out).
public typealias FIRSampleCoding = Codable
#endif

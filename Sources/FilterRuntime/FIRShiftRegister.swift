/// One sample through `FIRDirectForm`'s window, one output:
///
///     y[n] = sum_{j<N} r[j] w[j],   w[j] = x[n-N+1+j],  r[j] = h[N-1-j],
///
/// in `FIRSample`'s order, bit for bit `firDotProduct`'s, its partial sums
/// kept as 8 `SIMD4` vectors: taps vector k (r[4k] ... r[4k+3]) and window
/// vector k go to a_{k mod 8}, in increasing k, from +0 (`FIRLaneSums`).
///
/// The window has two parts, split at a group of 32 taps, j = 32 G with
/// G = max(0, floor((ceil(N/4) - 4) / 8)):
///
/// - w[0] ... w[32G - 1] from the buffer of 2N, where x[n] is written at p
///   and p + N;
/// - the rest, 4 to 11 vectors, from a shift register of `SIMD4` vectors:
///   each sample moves it down one sample (W'[i] = (W[i][1], W[i][2], W[i][3],
///   W[i+1][0])), x put into its lane of the last vector in a register, and
///   each W'[i] is stored whole and multiplied as it goes.
///
/// Why two: a vector load of bytes still being written by a narrower store
/// waits for that store (a store-forwarding stall, some 8 ns a sample on this
/// machine whatever the length, `filter-benchmarks --fir-runtime-only`), and
/// every window read from a delay line written one sample at a time holds
/// the sample just written. The shift register's loads read only bytes stored
/// by one vector store of the same width, which the processor forwards; the
/// buffer's part ends 13 or more samples before x[n], whose stores have long
/// left. Shifting costs one shuffle and one store a vector, so only the
/// newest 13 to 44 samples shift.
///
/// - Parameters:
///   - x: the new input.
///   - n: N.
///   - history: the buffer of 2N (+ 32), slot p about to take x[n] (written
///     only when G > 0).
///   - p: the slot.
///   - register: the shift register (`FIRShiftRegister`).
///   - reversed: r, zeros up to a multiple of 32 (read when G > 0).
@inlinable @inline(__always)
func firStep<S: FIRSample>(_ x: S, taps n: Int, history: UnsafeMutablePointer<S>, at p: Int,
                           register: inout FIRShiftRegister<S>, reversed: UnsafeRawPointer) -> S {
    let vectors = (n &+ 3) >> 2, groups = firBufferGroups(taps: n)
    var sums = FIRLaneSums<S>()
    if groups > 0 {
        history[p] = x
        history[p &+ n] = x
        let w = UnsafeRawPointer(history + p + 1)
        var k = 0
        while k < groups &* 8 {
            sums.a0 += firVector(reversed, k) * firVector(w, k)
            sums.a1 += firVector(reversed, k &+ 1) * firVector(w, k &+ 1)
            sums.a2 += firVector(reversed, k &+ 2) * firVector(w, k &+ 2)
            sums.a3 += firVector(reversed, k &+ 3) * firVector(w, k &+ 3)
            sums.a4 += firVector(reversed, k &+ 4) * firVector(w, k &+ 4)
            sums.a5 += firVector(reversed, k &+ 5) * firVector(w, k &+ 5)
            sums.a6 += firVector(reversed, k &+ 6) * firVector(w, k &+ 6)
            sums.a7 += firVector(reversed, k &+ 7) * firVector(w, k &+ 7)
            k &+= 8
        }
    }
    register.shift(x, count: vectors &- groups &* 8, lane: (n &- 1) & 3, fresh: false, into: &sums)
    return sums.total(begun: 8)
}

/// `firStep` for a filter of up to 44 taps (G = 0): the shift register
/// (`FIRShiftRegister`) is the whole window.
@inlinable @inline(__always)
func firRegisterStep<S: FIRSample>(_ x: S, taps n: Int, register: inout FIRShiftRegister<S>) -> S {
    var sums = FIRLaneSums<S>()
    let lane = (n &- 1) & 3
    // A constant count in each case: straight code, no tests a vector.
    switch (n &+ 3) >> 2 {
    case 1: register.shift(x, count: 1, lane: lane, fresh: true, into: &sums)
    case 2: register.shift(x, count: 2, lane: lane, fresh: true, into: &sums)
    case 3: register.shift(x, count: 3, lane: lane, fresh: true, into: &sums)
    case 4: register.shift(x, count: 4, lane: lane, fresh: true, into: &sums)
    case 5: register.shift(x, count: 5, lane: lane, fresh: true, into: &sums)
    case 6: register.shift(x, count: 6, lane: lane, fresh: true, into: &sums)
    case 7: register.shift(x, count: 7, lane: lane, fresh: true, into: &sums)
    case 8: register.shift(x, count: 8, lane: lane, fresh: true, into: &sums)
    case 9: register.shift(x, count: 9, lane: lane, fresh: true, into: &sums)
    case 10: register.shift(x, count: 10, lane: lane, fresh: true, into: &sums)
    default: register.shift(x, count: 11, lane: lane, fresh: true, into: &sums)
    }
    return sums.total(begun: min((n &+ 3) >> 2, 8))
}

/// The 32 partial sums of `FIRSample`'s order as 8 `SIMD4` vectors: lane l
/// of a_i is the sum a_{4i+l}.
@frozen @usableFromInline
struct FIRLaneSums<S: FIRSample> {
    @usableFromInline var a0 = SIMD4<S>(), a1 = SIMD4<S>(), a2 = SIMD4<S>(), a3 = SIMD4<S>()
    @usableFromInline var a4 = SIMD4<S>(), a5 = SIMD4<S>(), a6 = SIMD4<S>(), a7 = SIMD4<S>()

    @inlinable @inline(__always) init() {}

    /// a_i += p, or a_i = p if `fresh` (the chain's first product: no +0
    /// before it, `total` makes up for that).
    @inlinable @inline(__always)
    mutating func add(_ p: SIMD4<S>, to i: Int, fresh: Bool) {
        switch i {
        case 0: a0 = fresh ? p : a0 + p
        case 1: a1 = fresh ? p : a1 + p
        case 2: a2 = fresh ? p : a2 + p
        case 3: a3 = fresh ? p : a3 + p
        case 4: a4 = fresh ? p : a4 + p
        case 5: a5 = fresh ? p : a5 + p
        case 6: a6 = fresh ? p : a6 + p
        default: a7 = fresh ? p : a7 + p
        }
    }

    /// s_l = (a_l + a_{l+8}) + (a_{l+16} + a_{l+24}) (lanes 0-3 from the
    /// even vectors, 4-7 from the odd), then
    /// ((s_0 + s_1) + (s_2 + s_3)) + ((s_4 + s_5) + (s_6 + s_7)), then + 0.
    /// The pairs are added as vectors, each addition the tree's own (a + b
    /// and b + a are the same number). Vectors from `begun` on were never
    /// begun and are left out of the sums, as `firOutputsAtOnce` leaves out
    /// its empty chains, and for the same reason the two agree bit for bit:
    /// leaving out a +0 (an empty chain, or the +0 a chain starts from in
    /// `firDotProduct`) can change only the sign of a zero node, no later
    /// node's value depends on a zero operand's sign unless both are zero,
    /// and the final + 0 turns a -0 into the +0 `firDotProduct` gives.
    @inlinable @inline(__always)
    func total(begun k: Int) -> S {
        var low = a0, high = a1
        if k > 2 { low = a0 + a2 }
        if k > 4 { low = low + (k > 6 ? a4 + a6 : a4) }
        if k > 3 { high = a1 + a3 }
        if k > 5 { high = high + (k > 7 ? a5 + a7 : a5) }
        // (s0 + s1, s2 + s3, s4 + s5, s6 + s7), then their two pairs.
        let pairs = SIMD4(lowHalf: SIMD2(low[0], low[2]), highHalf: SIMD2(high[0], high[2]))
            + SIMD4(lowHalf: SIMD2(low[1], low[3]), highHalf: SIMD2(high[1], high[3]))
        let halves = SIMD2(pairs[0], pairs[2]) + SIMD2(pairs[1], pairs[3])
        return (halves[0] + halves[1]) + 0
    }
}

/// The `SIMD4` vector at p + 4k samples, read unaligned. The offset is
/// written in samples, 4 k times the sample's stride: spelled as k times the
/// vector's stride, the optimizer (Swift 6.3) turned such reads into aligned
/// ones (an SSE multiply straight from memory, which faults on the window's
/// odd addresses).
@inlinable @inline(__always)
func firVector<S: FIRSample>(_ p: UnsafeRawPointer, _ k: Int) -> SIMD4<S> {
    p.loadUnaligned(fromByteOffset: (k &* 4) &* MemoryLayout<S>.stride, as: SIMD4<S>.self)
}

/// G: the groups of 32 taps `firStep` reads from the buffer of 2N, the rest
/// (4 to 11 vectors, or all of a filter of up to 16 taps) shifting.
@inlinable @inline(__always)
func firBufferGroups(taps n: Int) -> Int {
    let vectors = (n &+ 3) >> 2
    return vectors > 4 ? (vectors &- 4) >> 3 : 0
}

/// The newest part of a FIR filter's window as a shift register (`firStep`),
/// held in the filter itself with the taps it meets: vectors W_0 ... W_10
/// of samples, w[32G + 4i + l] at lane l of W_i (zeros from w[N] on), W_11
/// always zero, and their taps T_i (r[32G + 4i + l]). A filter of up to 44
/// taps reads nothing else one sample at a time: `process(_:)` touches no
/// array (no uniqueness check, no reference count), and a filter kept in a
/// local variable may stay in registers.
///
/// Plain samples (`Float`, `Double`), so sendable; the compiler cannot see
/// that through `SIMD4`'s generic storage, hence unchecked.
@frozen @usableFromInline
struct FIRShiftRegister<S: FIRSample>: @unchecked Sendable {
    /// The window's vectors W_0 ... W_11.
    @usableFromInline var w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11: SIMD4<S>
    /// The taps' vectors T_0 ... T_10.
    @usableFromInline var t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10: SIMD4<S>

    /// The register of a filter of reversed taps `reversed` (padded to a
    /// multiple of 32, N = `count`), at rest: T_i from r[32G + 4i].
    @usableFromInline init(reversed: [S], count n: Int) {
        let z = SIMD4<S>()
        (w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11) = (z, z, z, z, z, z, z, z, z, z, z, z)
        (t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10) = (z, z, z, z, z, z, z, z, z, z, z)
        let start = 32 * firBufferGroups(taps: n)
        for i in 0..<11 where start + 4 * i < reversed.count {
            let v = SIMD4(reversed[start + 4 * i], reversed[start + 4 * i + 1], reversed[start + 4 * i + 2], reversed[start + 4 * i + 3])
            set(i, v, taps: true)
        }
    }

    /// Sets the window's samples: w[32G + j] = `value(32G + j)` where
    /// 32G + j < N, zeros after.
    @usableFromInline mutating func fill(count n: Int, _ value: (Int) -> S) {
        let start = 32 * firBufferGroups(taps: n)
        for i in 0..<11 {
            var v = SIMD4<S>()
            for l in 0..<4 where start + 4 * i + l < n { v[l] = value(start + 4 * i + l) }
            set(i, v, taps: false)
        }
    }

    /// T_i = v if `taps`, else W_i = v (i < 11).
    mutating func set(_ i: Int, _ v: SIMD4<S>, taps: Bool) {
        switch i {
        case 0: if taps { t0 = v } else { w0 = v }
        case 1: if taps { t1 = v } else { w1 = v }
        case 2: if taps { t2 = v } else { w2 = v }
        case 3: if taps { t3 = v } else { w3 = v }
        case 4: if taps { t4 = v } else { w4 = v }
        case 5: if taps { t5 = v } else { w5 = v }
        case 6: if taps { t6 = v } else { w6 = v }
        case 7: if taps { t7 = v } else { w7 = v }
        case 8: if taps { t8 = v } else { w8 = v }
        case 9: if taps { t9 = v } else { w9 = v }
        default: if taps { t10 = v } else { w10 = v }
        }
    }

    /// One sample in: W_0 ... W_(count-1) move down one sample (count 1 ...
    /// 11), x into lane `lane` of the last; each new W_i times T_i added to
    /// a_(i mod 8) (the register starts at a group of 32 taps), or, if
    /// `fresh` (a_0 ... a_7 not yet begun), a_i begun with it. Written out a
    /// vector a line on purpose: each vector a stored property of its own is
    /// what lets the optimiser keep them in registers (an array would not).
    @inlinable @inline(__always)
    mutating func shift(_ x: S, count: Int, lane: Int, fresh: Bool, into sums: inout FIRLaneSums<S>) {
        let v0 = Self.shifted(w0, w1, x, lane, last: count == 1); w0 = v0; sums.add(v0 * t0, to: 0, fresh: fresh)
        guard count > 1 else { return }
        let v1 = Self.shifted(w1, w2, x, lane, last: count == 2); w1 = v1; sums.add(v1 * t1, to: 1, fresh: fresh)
        guard count > 2 else { return }
        let v2 = Self.shifted(w2, w3, x, lane, last: count == 3); w2 = v2; sums.add(v2 * t2, to: 2, fresh: fresh)
        guard count > 3 else { return }
        let v3 = Self.shifted(w3, w4, x, lane, last: count == 4); w3 = v3; sums.add(v3 * t3, to: 3, fresh: fresh)
        guard count > 4 else { return }
        let v4 = Self.shifted(w4, w5, x, lane, last: count == 5); w4 = v4; sums.add(v4 * t4, to: 4, fresh: fresh)
        guard count > 5 else { return }
        let v5 = Self.shifted(w5, w6, x, lane, last: count == 6); w5 = v5; sums.add(v5 * t5, to: 5, fresh: fresh)
        guard count > 6 else { return }
        let v6 = Self.shifted(w6, w7, x, lane, last: count == 7); w6 = v6; sums.add(v6 * t6, to: 6, fresh: fresh)
        guard count > 7 else { return }
        let v7 = Self.shifted(w7, w8, x, lane, last: count == 8); w7 = v7; sums.add(v7 * t7, to: 7, fresh: fresh)
        guard count > 8 else { return }
        let v8 = Self.shifted(w8, w9, x, lane, last: count == 9); w8 = v8; sums.a0 += v8 * t8
        guard count > 9 else { return }
        let v9 = Self.shifted(w9, w10, x, lane, last: count == 10); w9 = v9; sums.a1 += v9 * t9
        guard count > 10 else { return }
        let v10 = Self.shifted(w10, w11, x, lane, last: count == 11); w10 = v10; sums.a2 += v10 * t10
    }

    /// (W[1], W[2], W[3], next[0]), and x in lane `lane` if `last`.
    @inlinable @inline(__always)
    static func shifted(_ w: SIMD4<S>, _ next: SIMD4<S>, _ x: S, _ lane: Int, last: Bool) -> SIMD4<S> {
        let v = SIMD4(lowHalf: SIMD2(w[1], w[2]), highHalf: SIMD2(w[3], next[0]))
        return last ? S.firInserting(x, into: v, lane: lane) : v
    }
}

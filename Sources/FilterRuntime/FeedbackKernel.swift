/// The feedback recursion over one chunk:
///
///     y[np + n] = sums[n] + sum_{i < np} a_i y[n + i]
///
/// terms added oldest first (the newest, a_(np-1) y[np + n - 1], last), so the
/// result is bit for bit the plain recurrence's. The newest outputs (up to
/// four) stay in registers, so none of them waits for a store to reach memory
/// before the next sample uses it; for 4 ... 20 poles the kernel is specialised
/// for the count, which unrolls the loop and keeps the coefficients out of memory.
@inlinable
func feedback<Sample: BinaryFloatingPoint & SIMDScalar>(
    poles np: Int, a: UnsafePointer<Sample>, sums: UnsafePointer<Sample>, y: UnsafeMutablePointer<Sample>, count m: Int
) {
    switch np {
    case 1: feedbackOnePole(a: a, sums: sums, y: y, count: m)
    case 2, 3: feedbackFewPoles(poles: np, a: a, sums: sums, y: y, count: m)
    case 4: feedback(Poles4.self, a: a, sums: sums, y: y, count: m)
    case 5: feedback(Poles5.self, a: a, sums: sums, y: y, count: m)
    case 6: feedback(Poles6.self, a: a, sums: sums, y: y, count: m)
    case 7: feedback(Poles7.self, a: a, sums: sums, y: y, count: m)
    case 8: feedback(Poles8.self, a: a, sums: sums, y: y, count: m)
    case 9: feedback(Poles9.self, a: a, sums: sums, y: y, count: m)
    case 10: feedback(Poles10.self, a: a, sums: sums, y: y, count: m)
    case 11: feedback(Poles11.self, a: a, sums: sums, y: y, count: m)
    case 12: feedback(Poles12.self, a: a, sums: sums, y: y, count: m)
    case 13: feedback(Poles13.self, a: a, sums: sums, y: y, count: m)
    case 14: feedback(Poles14.self, a: a, sums: sums, y: y, count: m)
    case 15: feedback(Poles15.self, a: a, sums: sums, y: y, count: m)
    case 16: feedback(Poles16.self, a: a, sums: sums, y: y, count: m)
    case 17: feedback(Poles17.self, a: a, sums: sums, y: y, count: m)
    case 18: feedback(Poles18.self, a: a, sums: sums, y: y, count: m)
    case 19: feedback(Poles19.self, a: a, sums: sums, y: y, count: m)
    case 20: feedback(Poles20.self, a: a, sums: sums, y: y, count: m)
    default:
        // Longer recursions: the same arithmetic, unspecialised.
        feedbackLoop(poles: np, coefficient: { a[$0] }, sums: sums, y: y, count: m)
    }
}

/// The recursion for `np` >= 4 poles, the coefficient of y[n + i] being
/// `coefficient(i)`: the four newest outputs and their coefficients in
/// locals (registers), the older terms summed first, oldest first.
@inlinable @inline(__always)
func feedbackLoop<Sample: BinaryFloatingPoint>(
    poles np: Int, coefficient: (Int) -> Sample, sums: UnsafePointer<Sample>, y: UnsafeMutablePointer<Sample>, count m: Int
) {
    let a4 = coefficient(np - 4), a3 = coefficient(np - 3), a2 = coefficient(np - 2), a1 = coefficient(np - 1)
    var y4 = y[np - 4], y3 = y[np - 3], y2 = y[np - 2], y1 = y[np - 1]
    for n in 0..<m {
        let history = y + n
        var acc = sums[n]
        for i in 0..<(np - 4) { acc += coefficient(i) * history[i] }
        acc += a4 * y4
        acc += a3 * y3
        acc += a2 * y2
        acc += a1 * y1
        history[np] = acc
        y4 = y3; y3 = y2; y2 = y1; y1 = acc
    }
}

/// A pole count known at compile time.
@usableFromInline protocol PoleCount { static var count: Int { get } }
@usableFromInline enum Poles4: PoleCount { @inlinable static var count: Int { 4 } }
@usableFromInline enum Poles5: PoleCount { @inlinable static var count: Int { 5 } }
@usableFromInline enum Poles6: PoleCount { @inlinable static var count: Int { 6 } }
@usableFromInline enum Poles7: PoleCount { @inlinable static var count: Int { 7 } }
@usableFromInline enum Poles8: PoleCount { @inlinable static var count: Int { 8 } }
@usableFromInline enum Poles9: PoleCount { @inlinable static var count: Int { 9 } }
@usableFromInline enum Poles10: PoleCount { @inlinable static var count: Int { 10 } }
@usableFromInline enum Poles11: PoleCount { @inlinable static var count: Int { 11 } }
@usableFromInline enum Poles12: PoleCount { @inlinable static var count: Int { 12 } }
@usableFromInline enum Poles13: PoleCount { @inlinable static var count: Int { 13 } }
@usableFromInline enum Poles14: PoleCount { @inlinable static var count: Int { 14 } }
@usableFromInline enum Poles15: PoleCount { @inlinable static var count: Int { 15 } }
@usableFromInline enum Poles16: PoleCount { @inlinable static var count: Int { 16 } }
@usableFromInline enum Poles17: PoleCount { @inlinable static var count: Int { 17 } }
@usableFromInline enum Poles18: PoleCount { @inlinable static var count: Int { 18 } }
@usableFromInline enum Poles19: PoleCount { @inlinable static var count: Int { 19 } }
@usableFromInline enum Poles20: PoleCount { @inlinable static var count: Int { 20 } }

/// `feedback` for a compile-time pole count (4 ... 20): the coefficients are
/// copied to a local vector (which nothing else can alias, so they stay in
/// registers) and the loop over the older terms has a constant trip count.
/// Kept out of line so each specialisation is its own small loop.
@inlinable @inline(never)
func feedback<Sample: BinaryFloatingPoint & SIMDScalar, P: PoleCount>(
    _: P.Type, a: UnsafePointer<Sample>, sums: UnsafePointer<Sample>, y: UnsafeMutablePointer<Sample>, count m: Int
) {
    var c = SIMD32<Sample>(repeating: 0)
    for i in 0..<P.count { c[i] = a[i] }
    feedbackLoop(poles: P.count, coefficient: { c[$0] }, sums: sums, y: y, count: m)
}

/// The feed-forward sums of one chunk: sums[n] = sum_k taps[k] x[n + tapIndex[k]],
/// each sum accumulated tap by tap in ascending order (as the plain recurrence
/// does), eight samples at a time in SIMD registers.
@inlinable
func feedForward<Sample: BinaryFloatingPoint & SIMDScalar>(
    taps: UnsafePointer<Sample>, tapIndex: UnsafePointer<Int>, tapCount nt: Int,
    x: UnsafePointer<Sample>, sums: UnsafeMutablePointer<Sample>, count m: Int
) {
    let raw = UnsafeRawPointer(x)
    let stride = MemoryLayout<Sample>.stride
    var n = 0
    while n + 8 <= m {
        var low = SIMD4<Sample>(repeating: 0), high = SIMD4<Sample>(repeating: 0)
        for k in 0..<nt {
            let c = SIMD4<Sample>(repeating: taps[k])
            let offset = (n + tapIndex[k]) * stride
            low += c * raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<Sample>.self)
            high += c * raw.loadUnaligned(fromByteOffset: offset + 4 * stride, as: SIMD4<Sample>.self)
        }
        UnsafeMutableRawPointer(sums + n).storeBytes(of: low, as: SIMD4<Sample>.self)
        UnsafeMutableRawPointer(sums + n + 4).storeBytes(of: high, as: SIMD4<Sample>.self)
        n += 8
    }
    while n < m {
        var acc: Sample = 0
        for k in 0..<nt { acc += taps[k] * x[n + tapIndex[k]] }
        sums[n] = acc
        n += 1
    }
}

/// `feedback` for one pole.
@inlinable @inline(never)
func feedbackOnePole<Sample: BinaryFloatingPoint>(a: UnsafePointer<Sample>, sums: UnsafePointer<Sample>, y: UnsafeMutablePointer<Sample>, count m: Int) {
    let a0 = a[0]
    var y1 = y[0]
    for n in 0..<m {
        let acc = sums[n] + a0 * y1
        y[1 + n] = acc
        y1 = acc
    }
}

/// `feedback` for two or three poles: the two newest outputs in registers.
@inlinable @inline(never)
func feedbackFewPoles<Sample: BinaryFloatingPoint>(poles np: Int, a: UnsafePointer<Sample>, sums: UnsafePointer<Sample>, y: UnsafeMutablePointer<Sample>, count m: Int) {
    let newest = a[np - 1], second = a[np - 2]
    var last = y[np - 1], previous = y[np - 2]
    for n in 0..<m {
        let history = y + n
        var acc = sums[n]
        for i in 0..<(np - 2) { acc += a[i] * history[i] }
        acc += second * previous
        acc += newest * last
        history[np] = acc
        previous = last
        last = acc
    }
}

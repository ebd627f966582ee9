/// The inner product sum_{j=0}^{N-1} r[j] w[j] in the order every FIR
/// realisation of this package uses (the runtime, the emitted C and
/// JavaScript), so that they agree bit for bit: eight partial sums, lane
/// l = j mod 8 accumulating its products in increasing j,
///
///     a_l = (((0 + r[l] w[l]) + r[l+8] w[l+8]) + r[l+16] w[l+16]) + ...
///
/// then combined pairwise, ((a_0 + a_1) + (a_2 + a_3)) + ((a_4 + a_5) + (a_6 + a_7)).
/// Every product is rounded before it is added (no fused multiply-add).
///
/// The eight lanes are one `SIMD8` (two or four vector registers), so the
/// order that makes the sum reproducible is also the one that runs fast on
/// a processor without reassociating anything: a plain left-to-right sum is
/// one chain of dependent additions, N times the adder's latency.
@inlinable @inline(__always)
func firDotProduct<Sample: BinaryFloatingPoint & SIMDScalar>(
    _ r: UnsafePointer<Sample>, _ w: UnsafePointer<Sample>, count n: Int
) -> Sample {
    var lanes = SIMD8<Sample>(repeating: 0)
    let whole = n & ~7
    let stride = MemoryLayout<Sample>.stride
    let rr = UnsafeRawPointer(r), ww = UnsafeRawPointer(w)
    var j = 0
    while j < whole {
        let product = rr.loadUnaligned(fromByteOffset: j * stride, as: SIMD8<Sample>.self)
            * ww.loadUnaligned(fromByteOffset: j * stride, as: SIMD8<Sample>.self)
        lanes += product
        j += 8
    }
    while j < n {
        let product = r[j] * w[j]
        lanes[j & 7] += product
        j += 1
    }
    let a = lanes
    let low = (a[0] + a[1]) + (a[2] + a[3])
    let high = (a[4] + a[5]) + (a[6] + a[7])
    return low + high
}

/// The sum of `values` as numpy sums a contiguous array of doubles
/// (`pairwise_sum_DOUBLE` in numpy's `loops_utils.h.src`), so that a mean
/// taken here is numpy's to the last bit:
///
/// - fewer than 8 values: added in order;
/// - up to 128: eight running sums r[j] of the values j, j + 8, j + 16, ...
///   (over the largest multiple of 8), combined as
///   ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)), then the rest added
///   in order;
/// - more: the first n2 = floor(n / 2) rounded down to a multiple of 8, and
///   the remaining n - n2, each summed so, then added.
///
/// Its rounding error grows like log n rather than n. Matching numpy matters
/// where a segment's mean is subtracted (Welch's `detrend='constant'`): a
/// mean 1 ulp off leaves a constant times the window in the segment, which
/// changes the lowest bins of a recording with gravity on an axis by about
/// 1e-12 of their value.
public func pairwiseSum(_ values: UnsafeBufferPointer<Double>) -> Double {
    let n = values.count
    if n < 8 {
        var sum = 0.0
        for v in values { sum += v }
        return sum
    }
    if n <= 128 {
        var r0 = values[0], r1 = values[1], r2 = values[2], r3 = values[3]
        var r4 = values[4], r5 = values[5], r6 = values[6], r7 = values[7]
        var i = 8
        while i < n - n % 8 {
            r0 += values[i]; r1 += values[i + 1]; r2 += values[i + 2]; r3 += values[i + 3]
            r4 += values[i + 4]; r5 += values[i + 5]; r6 += values[i + 6]; r7 += values[i + 7]
            i += 8
        }
        var sum = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
        while i < n { sum += values[i]; i += 1 }
        return sum
    }
    var half = n / 2
    half -= half % 8
    return pairwiseSum(UnsafeBufferPointer(rebasing: values[0..<half]))
        + pairwiseSum(UnsafeBufferPointer(rebasing: values[half..<n]))
}

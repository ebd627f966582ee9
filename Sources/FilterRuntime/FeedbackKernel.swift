/// The feedback recursion over one chunk:
///
///     y[np + n] = sums[n] + sum_{i < np} a_i y[n + i]
///
/// terms added oldest first (the newest, a_(np-1) y[np + n - 1], last), so the
/// result is bit for bit the plain recurrence's. The two newest outputs stay
/// in registers: neither waits for a store to reach memory before the next
/// sample uses it, which is what bounds the speed of a direct-form recursion.
@inlinable
func feedback<Sample: BinaryFloatingPoint>(
    poles np: Int, a: UnsafePointer<Sample>, sums: UnsafePointer<Sample>, y: UnsafeMutablePointer<Sample>, count m: Int
) {
    let newest = a[np - 1]
    var last = y[np - 1]
    if np == 1 {
        for n in 0..<m {
            let acc = sums[n] + newest * last
            y[1 + n] = acc
            last = acc
        }
        return
    }
    let second = a[np - 2]
    var previous = y[np - 2]
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

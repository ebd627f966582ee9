import ComplexModule
import RealModule

/// The recursive radix-2 FFT of Fisher's mkshape, with his operation order, so
/// that mkshape's taps (some of which are rounding noise around 1e-11) come out
/// bit for bit the same.
///
/// X[k] = sum_n x[n] exp(+j 2 pi k n / N): the sign of an inverse transform,
/// without the 1/N.
struct FisherFFT {
    /// Fisher's sequence length, 2048.
    static let length = 2048

    private let circle: [Complex<Double>]

    init() {
        circle = (0..<(Self.length / 2)).map { i in
            FisherArithmetic.expj((2.0 * Double.pi * Double(i)) / Double(Self.length))
        }
    }

    /// Transforms `data` (of `FisherFFT.length` points) in place.
    func transform(_ data: inout [Complex<Double>]) {
        precondition(data.count == Self.length)
        var temp = [Complex<Double>](repeating: Complex(0, 0), count: Self.length)
        fft(&data, 0, &temp, 0, Self.length)
    }

    private func fft(_ data: inout [Complex<Double>], _ d: Int, _ temp: inout [Complex<Double>], _ t: Int, _ n: Int) {
        guard n > 1 else { return }
        let h = n / 2
        for i in 0..<h {
            temp[t + i] = data[d + 2 * i]
            temp[t + h + i] = data[d + 2 * i + 1]
        }
        fft(&temp, t, &data, d, h)
        fft(&temp, t + h, &data, d + h, h)
        var p = 0
        let step = Self.length / n
        for i in 0..<h {
            let wkt = FisherArithmetic.product(circle[p], temp[t + h + i])
            data[d + i] = FisherArithmetic.sum(temp[t + i], wkt)
            data[d + h + i] = FisherArithmetic.difference(temp[t + i], wkt)
            p += step
        }
    }
}

import CFFTW
import ComplexModule
import RealModule

/// A real-to-complex discrete Fourier transform of a fixed length n (any n >= 1),
/// computed by FFTW:
///
///     X[k] = sum_{m=0}^{n-1} x[m] e^{-2 pi i k m / n},   k = 0 ... n/2
///
/// (the other half is the complex conjugate, X[n-k] = conj(X[k])).
///
/// The plan is shared between all transforms of the same length and made once;
/// each `RealFFT` owns its own aligned input and output arrays, freed when it is
/// released. One instance is not meant to be used from two threads at once;
/// two instances are, even with the same length.
public final class RealFFT {
    /// The transform length n.
    public let length: Int
    /// The number of complex outputs, n/2 + 1.
    public var outputCount: Int { length / 2 + 1 }

    private let plan: RealToComplexPlan
    private let input: UnsafeMutablePointer<Double>
    private let output: UnsafeMutablePointer<fftw_complex>

    /// Prepares a transform of `length` points (`length >= 1`). In place, the
    /// input and the output share one array of n/2 + 1 complex values (half
    /// the memory: 64 MB instead of 128 MB for the 2^23 points of a
    /// 4,194,305-point response).
    public init(length: Int, inPlace: Bool = false) {
        precondition(length >= 1, "an FFT needs at least one point")
        self.length = length
        plan = RealToComplexPlan.shared(length: length, inPlace: inPlace)
        output = fftw_alloc_complex(length / 2 + 1)!
        input = inPlace ? UnsafeMutableRawPointer(output).assumingMemoryBound(to: Double.self) : fftw_alloc_real(length)!
    }

    deinit {
        if !plan.inPlace { fftw_free(input) }
        fftw_free(output)
    }

    /// The transform of `signal` zero-padded (or, when longer than n, wrapped:
    /// x[m] is added into m mod n, which leaves X[k] unchanged at these bins).
    /// In place, the input is overwritten by the output (it is rebuilt from
    /// `signal` on every call).
    public func transform(_ signal: [Double]) -> [Complex<Double>] {
        var result = [Complex<Double>](repeating: .zero, count: outputCount)
        transform(signal, into: &result)
        return result
    }

    /// The transform of `signal` (as `transform(_:)`) handed to `body` in
    /// this instance's own output buffer, valid only during the call: no
    /// array of n/2 + 1 values is made.
    public func withTransform<R>(_ signal: [Double], _ body: (UnsafeBufferPointer<Complex<Double>>) throws -> R) rethrows -> R {
        input.update(repeating: 0, count: length)
        for (m, value) in signal.enumerated() { input[m % length] += value }
        fftw_execute_dft_r2c(plan.plan, input, output)
        let count = outputCount
        return try UnsafeMutableRawPointer(output).withMemoryRebound(to: Complex<Double>.self, capacity: count) {
            try body(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// As `transform(_:)`, writing into `result` (which must hold n/2 + 1 values).
    public func transform(_ signal: [Double], into result: inout [Complex<Double>]) {
        precondition(result.count == outputCount, "result must hold n/2 + 1 values")
        input.update(repeating: 0, count: length)
        for (m, value) in signal.enumerated() { input[m % length] += value }
        fftw_execute_dft_r2c(plan.plan, input, output)
        for k in 0..<outputCount {
            result[k] = Complex(output[k].0, output[k].1)
        }
    }
}

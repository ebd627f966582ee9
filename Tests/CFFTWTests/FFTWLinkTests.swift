import Foundation
import CFFTW
import Testing

/// Proves libfftw3 is found, linked and callable: the real-to-complex transform
/// of a cosine at bin 3 has exactly one peak, N/2, at bin 3.
@Test func realToComplexTransformOfACosine() {
    let n = 64
    let input = fftw_alloc_real(n)!
    let output = fftw_alloc_complex(n / 2 + 1)!
    defer { fftw_free(input); fftw_free(output) }
    for i in 0..<n { input[i] = cos(2 * Double.pi * 3 * Double(i) / Double(n)) }
    let plan = fftw_plan_dft_r2c_1d(Int32(n), input, output, UInt32(FFTW_ESTIMATE))
    defer { fftw_destroy_plan(plan) }
    fftw_execute(plan)
    for k in 0...(n / 2) {
        let (re, im) = output[k]
        let expected = k == 3 ? Double(n) / 2 : 0
        #expect(abs(re - expected) < 1e-12 && abs(im) < 1e-12, "bin \(k): \(re) + \(im)i")
    }
}

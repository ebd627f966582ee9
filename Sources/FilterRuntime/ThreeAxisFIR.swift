/// One FIR filter run on three signals (an accelerometer's x, y and z), each
/// axis as a `FIRDirectForm` of its own would give it, bit for bit; the three
/// share the taps.
public struct ThreeAxisFIR<Sample: FIRSample & SIMDScalar>: Sendable {
    /// The filter of each axis.
    @usableFromInline var x, y, z: FIRDirectForm<Sample>

    /// Three filters of a design's `taps` (rounded to `Sample`), at rest.
    ///
    /// - Precondition: at least one tap.
    public init(_ taps: [Double]) {
        x = FIRDirectForm(taps)
        y = x
        z = x
    }

    /// Forgets all history.
    public mutating func reset() {
        x.reset()
        y.reset()
        z.reset()
    }

    /// Filters one sample of each axis (lanes 0, 1, 2; lane 3 is ignored and
    /// comes out 0).
    @inlinable
    public mutating func process(_ sample: SIMD4<Sample>) -> SIMD4<Sample> {
        SIMD4(x.process(sample[0]), y.process(sample[1]), z.process(sample[2]), 0)
    }
}

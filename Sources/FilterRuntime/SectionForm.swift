/// A realization of one second-order section: its coefficients, its memory,
/// and one `step`, generic over the lanes it runs on (as iir1 makes the state
/// a template parameter). `SectionCascade` and `ThreeAxisSections` run arrays
/// of one form; the block kernels (`SectionBlockKernels.swift`) run a group of
/// them with their memories in registers. The forms:
///
/// - `TransposedDirectFormII`: the fewest operations; Double's form, and
///   Float's where the hardware has Double (run in Double inside).
/// - `OffsetDirectFormI`: direct form I about the nearest integers with error
///   feedback; accurate in Float near z = +-1, for single-precision targets
///   (a Cortex-M4F) and the emitted float C.
public protocol SectionForm<Lanes> {
    /// The values the section runs on.
    associatedtype Lanes: SectionLanes

    /// The most sections of this form a block kernel runs together, their
    /// memories in registers (the processor overlaps their dependency chains).
    static var groupLimit: Int { get }

    /// The section `section` prepared in this form, at rest.
    init(_ section: Biquad)

    /// The output for input `x`, the memory moved on by one sample.
    mutating func step(_ x: Lanes) -> Lanes

    /// This section's coefficients with `other`'s memory. The block kernels
    /// rebuild each section every sample (`let` coefficients, a `var`
    /// memory), which tells the optimiser the coefficients do not change
    /// over the block. Kept in a section that is mutated, LLVM's SLP
    /// vectorizer packed them with the memory into SSE registers and
    /// shuffled them every sample: `OffsetDirectFormI` alone ran at 10.3 ns a
    /// sample, 7.1 rebuilt (`filter-benchmarks --forms-only`, x86-64
    /// baseline). By default `other` itself.
    func withMemory(of other: Self) -> Self

    /// Forgets all memory, as if no sample had been seen.
    mutating func reset()

    /// The memory a constant input settles in: input(lane) in, output(lane)
    /// out for ever (each a Double, computed from `section`).
    mutating func settle(input: (Int) -> Double, output: (Int) -> Double)

    /// The section as it runs: its coefficients as stored, in Double.
    var section: Biquad { get }
}

extension SectionForm {
    /// `other`: the form's coefficients need no rebuilding.
    @inlinable @inline(__always)
    public func withMemory(of other: Self) -> Self { other }
}

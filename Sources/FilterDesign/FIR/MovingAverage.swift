/// mkaverage's moving-average filter (`-Av n`): n unit taps, gain n, so the
/// output is the mean of the last n inputs.
public struct MovingAverage: Sendable, Hashable {
    /// Fisher's largest length: MAXPZ + 1 taps.
    public static let lengthRange = 1...513

    /// The number of samples averaged.
    public let length: Int

    /// - Throws: `FIRSpecificationError.lengthOutOfRange` outside 1 ... 513.
    public init(length: Int) throws(FIRSpecificationError) {
        guard Self.lengthRange.contains(length) else { throw .lengthOutOfRange(length, allowed: Self.lengthRange) }
        self.length = length
    }

    /// The taps (all 1) and the gain n.
    public func design() -> FIRDesign {
        FIRDesign(coefficients: Array(repeating: 1.0, count: length), gain: Double(length))
    }
}

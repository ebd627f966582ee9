/// The values one step of a second-order section works on: one signal
/// (`Float`, `Double`: `SectionSample`), or several at once, one per SIMD lane (`SIMD2`, `SIMD4`,
/// `SIMD8`: an accelerometer's three axes in a `SIMD4`). A section form's step
/// is written once, generic over its lanes, so every lane runs the same
/// operations in the same order and comes out bit for bit as a single signal
/// would (`ThreeAxisSections`).
///
/// Only what a section needs: sums, differences, negation, and a product by a
/// coefficient (a `Scalar`, shared by every lane).
public protocol SectionLanes {
    /// The arithmetic of each lane, which the coefficients are stored in.
    associatedtype Scalar: BinaryFloatingPoint
    /// Every lane 0.
    static var zero: Self { get }
    /// How many signals run side by side.
    static var laneCount: Int { get }
    /// Each lane `value(lane)`, rounded to `Scalar`.
    init(lanes value: (Int) -> Double)
    /// Lane `lane` in Double (exact).
    func lane(_ lane: Int) -> Double
    /// Lane by lane sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Lane by lane difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every lane negated.
    static prefix func - (operand: Self) -> Self
    /// Every lane times the coefficient `lhs`.
    static func * (lhs: Scalar, rhs: Self) -> Self
}

/// The sample types a cascade runs: `Float` and `Double`, each one lane of
/// its own arithmetic (`SectionLanes` whose `Scalar` is itself).
public protocol SectionSample: BinaryFloatingPoint, Sendable, SectionLanes where Scalar == Self {}

extension SectionSample {
    @inlinable
    public static var laneCount: Int { 1 }
    @inlinable
    public init(lanes value: (Int) -> Double) { self.init(value(0)) }
    @inlinable
    public func lane(_ lane: Int) -> Double { Double(self) }
}

extension Float: SectionSample { public typealias Scalar = Float }
extension Double: SectionSample { public typealias Scalar = Double }

/// SIMD vectors of floating-point lanes as `SectionLanes`: one definition
/// of `laneCount`, `init(lanes:)` and `lane(_:)` for every width (SIMD's own
/// operators are the rest).
public protocol SIMDSectionLanes: SIMD, SectionLanes where Scalar: BinaryFloatingPoint {}

extension SIMDSectionLanes {
    @inlinable
    public static var laneCount: Int { Self().scalarCount }
    @inlinable
    public init(lanes value: (Int) -> Double) {
        self.init()
        for i in 0..<scalarCount { self[i] = Scalar(value(i)) }
    }
    @inlinable
    public func lane(_ lane: Int) -> Double { Double(self[lane]) }
}

extension SIMD2: SectionLanes, SIMDSectionLanes where Scalar: BinaryFloatingPoint {}
extension SIMD4: SectionLanes, SIMDSectionLanes where Scalar: BinaryFloatingPoint {}
extension SIMD8: SectionLanes, SIMDSectionLanes where Scalar: BinaryFloatingPoint {}

/// Knuth's TwoSum: `a + b` rounded, and its rounding error exactly, so that
/// sum + error == a + b in exact arithmetic (six operations, no branch, any
/// magnitudes; Knuth, TAOCP vol. 2, 4.2.2, theorem B):
///
///     s = a + b,   b' = s - a,   error = (a - (s - b')) + (b - b')
@inlinable @inline(__always)
func twoSum<Lanes: SectionLanes>(_ a: Lanes, _ b: Lanes) -> (sum: Lanes, error: Lanes) {
    let sum = a + b
    let back = sum - a
    return (sum, (a - (sum - back)) + (b - back))
}

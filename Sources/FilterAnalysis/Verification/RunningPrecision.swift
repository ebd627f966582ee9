import RealModule
import FilterDesign
import FilterRuntime

/// The arithmetic a filter's coefficients and state will have when it runs.
public enum RunningPrecision: String, Sendable, Hashable, CaseIterable {
    /// `DigitalFilter<Double>`, or emitted C/Swift in double.
    case double
    /// Float arithmetic: `DigitalFilter<OffsetForm<Float>>` (sections in
    /// the offset form), or emitted C in float, bit for bit; coefficients and
    /// state rounded to Float32.
    case float
    /// Float samples, sections run in Double inside:
    /// `DigitalFilter<TransposedInDoubleForm<Float>>`, the runtime's
    /// default for Float where the hardware has Double. A template without
    /// sections runs its recurrence in Float.
    case floatInDouble = "float-in-double"
    /// Fisher's gencode C as he emits it: coefficients printed with 10 decimals
    /// (`%14.10f`, the gain `%15.9e`, from a listing printed `%.10e`), state in
    /// `float`, sums in double.
    case gencode

    /// The unit roundoff of the stored coefficients: 2^-53 for double (and
    /// Float run in Double inside), 2^-24 otherwise.
    public var unitRoundoff: Double { self == .double || self == .floatInDouble ? 0x1p-53 : 0x1p-24 }

    /// How close to 1 a normalised gain (or 1/sqrt 2 a corner) must come,
    /// relative: 1e-6 (9e-6 dB) in double (and Float run in Double inside),
    /// 1e-4 (9e-4 dB) in float.
    ///
    /// Not tighter in double because mkfilter's G is itself evaluated in double
    /// from the expanded polynomials, and for 20-pole band-passes that cancels:
    /// `-Bu -Bp -o 10 -a 0.1 0.2` normalises to 1 - 3e-9, which is the design as
    /// Fisher defines it (his printed G), not a fault worth failing.
    public var gainTolerance: Double { self == .double || self == .floatInDouble ? 1e-6 : 1e-4 }

    /// How much the ripple may exceed its specification (and the corners miss
    /// -ripple dB), in dB, for a relative gain tolerance: two of them,
    /// 2 * 20 Double.log10(1 + gainTolerance).
    public static func rippleToleranceDecibels(gainTolerance: Double) -> Double {
        40 * Double.log10(1 + gainTolerance)
    }

    /// How far the response as run (and its impulse and step responses) may
    /// stray from the design's, relative to the peak: 1e-9 in double, 1e-3
    /// (-60 dB, about what a plot shows) in float.
    /// For Float samples run in Double inside, 1e-6: only the output's
    /// rounding (6e-8 of the peak) separates it from Double.
    public var designTolerance: Double {
        switch self {
        case .double: 1e-9
        case .floatInDouble: 1e-6
        case .float, .gencode: 1e-3
        }
    }

    /// Whether the samples are Float (else Double).
    public var samplesAreFloat: Bool { self != .double }

    /// The cascade form the runtime runs at this precision, its samples
    /// Float exactly when `samplesAreFloat`: TDF-II in Double, the offset
    /// form in Float, TDF-II in Double inside for Float samples, and for
    /// gencode (whose templates have no sections) TDF-II in Float. For work
    /// per sample use `visitCascadeForm(_:)`, whose calls are specialised.
    public var cascadeForm: any CascadeForm.Type {
        switch self {
        case .double: TransposedForm<Double>.self
        case .gencode: TransposedForm<Float>.self
        case .float: OffsetForm<Float>.self
        case .floatInDouble: TransposedInDoubleForm<Float>.self
        }
    }

    /// `visitor.visit(_:)` with `cascadeForm`, each case a call with a
    /// concrete type, so the optimiser specialises the visitor's generic code
    /// for the form. (Opening `cascadeForm`'s existential instead runs the
    /// filter through unspecialised generics: verify over the grid's spec
    /// designs took 98 s against 40.)
    public func visitCascadeForm<Visitor: CascadeFormVisitor>(_ visitor: Visitor) -> Visitor.Result {
        switch self {
        case .double: visitor.visit(TransposedForm<Double>.self)
        case .gencode: visitor.visit(TransposedForm<Float>.self)
        case .float: visitor.visit(OffsetForm<Float>.self)
        case .floatInDouble: visitor.visit(TransposedInDoubleForm<Float>.self)
        }
    }

    /// What a report suggests when a filter fails at this precision.
    public var remedy: String {
        switch self {
        case .double: return ""
        case .float: return "; in Double it would run as designed (--precision double or float-in-double)"
        case .floatInDouble: return "; in Double it would run as designed (--precision double)"
        case .gencode: return "; mkfilter --emit c or swift keeps every digit"
        }
    }
}

/// Work generic over the cascade form that a `RunningPrecision` chooses
/// (`RunningPrecision.visitCascadeForm(_:)`).
public protocol CascadeFormVisitor {
    /// What the work gives.
    associatedtype Result
    /// The work, in the form `form`.
    func visit<Form: CascadeForm>(_ form: Form.Type) -> Result
}

/// The recurrence a_0 y[n] = sum_k b_k x[n-k] - sum_{k>=1} a_k y[n-k] (input
/// divided by g) with its history stored in `State` and each sum formed in
/// Double: the arithmetic of Fisher's gencode C, whose `xv`/`yv` arrays are
/// `float` and whose coefficient literals are double.
public enum StoredStateRecurrence {
    /// The first `count` outputs for the input 1, 0, 0, ...
    public static func impulse<State: BinaryFloatingPoint>(
        _ transfer: TransferFunction, state _: State.Type, count: Int
    ) -> [Double] {
        let b = transfer.numerator, a = transfer.denominator
        var x = [State](repeating: 0, count: b.count)   // x[n-k] at index k
        var y = [State](repeating: 0, count: a.count)   // y[n-k] at index k
        var out = [Double](repeating: 0, count: count)
        for n in 0..<count {
            x.removeLast(); x.insert(State(n == 0 ? 1 / transfer.gain : 0), at: 0)
            var sum = 0.0
            for k in 0..<b.count { sum += b[k] * Double(x[k]) }
            for k in 1..<max(a.count, 1) { sum -= a[k] * Double(y[k - 1]) }
            let value = State(sum / a[0])
            y.removeLast(); y.insert(value, at: 0)
            out[n] = Double(value)
        }
        return out
    }
}

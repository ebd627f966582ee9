import ComplexModule
import FilterRuntime
import RealModule

/// What double precision cannot carry, and the nearest corner it can: the
/// detail of `DesignError.beyondDoublePrecision`.
///
/// A corner very close to 0 (or to 0.5) puts the poles of the bilinear (or
/// matched z) transform within a rounding error of z = 1 (or -1): at
/// alpha = 1e-30 they are exactly 1, the filter is an integrator, and its
/// gain at dc is infinite. Such a design is refused with this, rather than
/// reported with "mag = infinite" or run as an unstable recursion.
public struct PrecisionLimit: Sendable, Equatable, CustomStringConvertible {
    /// Which way the corner is out of reach.
    public enum Problem: Sendable, Equatable {
        /// The corner is too close to 0: poles at z = 1.
        case tooSmall
        /// The corner is too close to 0.5: poles at z = -1.
        case tooLarge
        /// The band is too narrow: poles on the unit circle at its centre.
        case tooNarrow
        /// The order is too high for a one-corner filter: its poles crowd
        /// the unit circle (an elliptic filter's selectivity grows with the
        /// order until they round onto it).
        case orderTooHigh
    }

    /// The corner's name as the recipe's messages give it: "corner", "alpha1",
    /// "alpha2" (or "corner 1", "corner 2" in Hz).
    public var field: String
    /// The corner as alpha = f / fs.
    public var alpha: Double
    /// Both corners, for a band too narrow.
    public var band: (Double, Double)? {
        get { bandEdges.count == 2 ? (bandEdges[0], bandEdges[1]) : nil }
        set { bandEdges = newValue.map { [$0.0, $0.1] } ?? [] }
    }
    private var bandEdges: [Double] = []
    /// The sample rate, when the corners were given in Hz.
    public var sampleRate: Double?
    /// Which way it is out of reach.
    public var problem: Problem
    /// The nearest corner that designs (the smallest for `.tooSmall`, the
    /// largest for `.tooLarge`), with everything else kept, to two significant
    /// digits (of its distance from 0.5 for `.tooLarge`): in Hz when the
    /// corners were given in Hz, else as alpha. `nil` when none was found
    /// (e.g. both corners of a band are tiny).
    public var limit: Double?
    /// Whether the poles reach the unit circle (else only the gain overflows).
    public var polesOnCircle: Bool
    /// How the s-plane is mapped to z.
    public var discretization: Discretization
    /// The order of the design refused (`nil` for families without one).
    public var order: Int?
    /// The highest order that designs with everything else kept, for a band
    /// too narrow or an order too high; `nil` when not searched or none does.
    public var orderLimit: Int?

    /// Creates a limit; see the properties.
    public init(field: String, alpha: Double, band: (Double, Double)? = nil, sampleRate: Double?, problem: Problem,
                limit: Double?, polesOnCircle: Bool, discretization: Discretization, order: Int? = nil, orderLimit: Int? = nil) {
        self.field = field
        self.alpha = alpha
        self.sampleRate = sampleRate
        self.problem = problem
        self.limit = limit
        self.polesOnCircle = polesOnCircle
        self.discretization = discretization
        self.band = band
        self.order = order
        self.orderLimit = orderLimit
    }

    /// The message: the corner, what goes wrong, and the nearest corner that works.
    public var description: String {
        let transform = discretization == .matchedZ ? "the matched z-transform (-z)" : "the bilinear transform"
        func value(_ a: Double) -> String {
            guard let fs = sampleRate else { return "\(field) = \(messageNumber(a))" }
            return "\(field) \(messageNumber(a * fs)) Hz (at \(messageNumber(fs)) Hz)"
        }
        func corner(_ a: Double) -> String {
            guard let fs = sampleRate else { return "alpha = \(messageNumber(a))" }
            return "\(messageNumber(a * fs)) Hz"
        }
        func limitText(_ x: Double) -> String { sampleRate == nil ? "alpha = \(messageNumber(x))" : "\(messageNumber(x)) Hz" }
        switch problem {
        case .tooSmall:
            let what = polesOnCircle ? "its poles round onto the unit circle at z = 1" : "its gain at dc overflows a double"
            return "\(value(alpha)) is too small for \(transform) in double precision: \(what)"
                + (limit.map { "; the smallest this filter allows is \(limitText($0))" } ?? "; move the corners away from 0")
        case .tooLarge:
            let what = polesOnCircle ? "its poles round onto the unit circle at z = -1" : "its gain overflows a double"
            let nyquist = sampleRate.map { "Nyquist (\(messageNumber($0 / 2)) Hz)" } ?? "0.5 (Nyquist)"
            return "\(value(alpha)) is too close to \(nyquist) for \(transform) in double precision: \(what)"
                + (limit.map { "; the largest this filter allows is \(limitText($0))" } ?? "; move the corners away from 0.5")
        case .tooNarrow:
            let edges = band.map { "\(corner($0.0)) to \(corner($0.1))" } ?? corner(alpha)
            let what = polesOnCircle ? "its poles round onto the unit circle" : "its gain overflows a double"
            return "the band \(edges) is too narrow for \(transform) in double precision: \(what); widen it"
                + (orderLimit.map { " or lower the order to at most \($0)" } ?? "")
        case .orderTooHigh:
            let what = polesOnCircle ? "its poles round onto the unit circle" : "its gain overflows a double"
            return "order \(order.map { "\($0)" } ?? "?") at \(corner(alpha)) is too high for \(transform) in double precision: \(what)"
                + (orderLimit.map { "; the highest order this filter allows is \($0)" } ?? "")
        }
    }
}

/// Whether double precision carries a design, and if not, which corner is at
/// fault and how far it may go (`FilterRecipe.design()`).
enum PrecisionCheck {
    /// Poles must stay inside the unit circle by this much: 10 rounding units,
    /// the margin `mkfilter verify` requires of a filter as run.
    static let margin = 10 * 0x1p-53

    /// The families whose poles must lie strictly inside the unit circle: all
    /// but resonators (Q = Inf puts them on it) and PI (an integrator, z = 1).
    static func applies(to family: FilterFamily) -> Bool {
        switch family {
        case .resonator, .proportionalIntegral: return false
        default: return true
        }
    }

    /// Every pole inside the unit circle by `margin`, both as designed and
    /// as its second-order sections store it in Double, and every gain finite.
    static func isRepresentable(_ design: Design) -> Bool {
        guard applies(to: design.recipe.family) else { return true }
        return polesInside(design) && gainsFinite(design)
    }

    /// The z-plane poles, and the poles of the sections' denominators
    /// 1 + a1 z^-1 + a2 z^-2 as rounded to Double, inside by `margin`. (A
    /// conjugate pair at angle theta and radius 1 - d has 1 + a1 + a2 of about
    /// d^2 + theta^2: below 1e-16 it is 0, a pole at exactly z = 1 as run,
    /// although the pair itself is well inside.)
    static func polesInside(_ design: Design) -> Bool {
        guard design.zPlane.poles.allSatisfy({ $0.length <= 1 - margin }) else { return false }
        guard let zpk = design.normalized else { return true }  // gainsFinite refuses it
        for section in SectionPairing.sections(zpk) {
            guard section.poles.count == 2 else { continue }  // one pole: as designed, checked above
            let a = Biquad.monicPolynomial(section.poles)
            guard largestRootRadius(a1: a[1] / a[0], a2: a[2] / a[0]) <= 1 - margin else { return false }
        }
        return true
    }

    /// max |z| over the roots of z^2 + a1 z + a2, accurate for roots near
    /// z = 1 or -1: with z = s (1 - w), s the sign of -a1, the polynomial is
    /// w^2 - b w + c with b = 2 - |a1| and c = 1 - |a1| + a2, both formed
    /// without cancellation. (a1^2 - 4 a2 itself is noise when |a1| is near 2.)
    static func largestRootRadius(a1: Double, a2: Double) -> Double {
        let b = 2 - abs(a1), c = 1 - abs(a1) + a2
        let discriminant = b * b - 4 * c
        if discriminant < 0 { return a2.squareRoot() }  // a conjugate pair: |z|^2 = a2
        // Real roots: the larger w without cancellation, the other from the product c.
        let large = (b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
        let small = large != 0 ? c / large : 0
        return max(abs(1 - large), abs(1 - small))
    }

    static func gainsFinite(_ design: Design) -> Bool {
        guard design.normalized != nil else { return false }
        for gain in [design.gainAtDC, design.gainAtCentre, design.gainAtHF] {
            if case .infinite = gain { return false }
        }
        return true
    }

    /// The corner at fault in `design` (which is not representable), and the
    /// nearest one that designs, by bisection with everything else kept.
    static func limit(of design: Design) -> PrecisionLimit {
        let recipe = design.recipe
        let twoCorners = recipe.corners.alpha2 != nil
        let hertz = recipe.corners.sampleRate != nil
        let onCircle = !polesInside(design)
        // Where the worst pole is: near z = 1 (a corner near 0), near z = -1
        // (near 0.5), or elsewhere (a narrow band).
        let worst = design.zPlane.poles.max { $0.length < $1.length } ?? Complex(1, 0)
        let nearOne = (worst - Complex(1, 0)).length, nearMinusOne = (worst + Complex(1, 0)).length
        let (a1, a2) = (recipe.alpha1, recipe.corners.alpha2)
        let unit = recipe.corners.sampleRate ?? 1
        func field(_ second: Bool) -> String {
            guard twoCorners else { return "corner" }
            return hertz ? (second ? "corner 2" : "corner 1") : (second ? "alpha2" : "alpha1")
        }
        if nearOne <= nearMinusOne, nearOne < 0.5 {
            // Raise alpha1 towards alpha2 (or 0.25).
            let limit = search(from: a1, to: a2.map { ($0 + a1) / 2 } ?? 0.25, towards: .up, unit: unit) { variant(recipe, alpha1: $0, alpha2: a2) }
            return PrecisionLimit(field: field(false), alpha: a1, sampleRate: recipe.corners.sampleRate, problem: .tooSmall,
                                  limit: limit, polesOnCircle: onCircle, discretization: recipe.discretization)
        }
        if nearMinusOne < nearOne, nearMinusOne < 0.5 {
            let top = a2 ?? a1
            let limit = search(from: top, to: a2 == nil ? 0.25 : (a1 + top) / 2, towards: .down, unit: unit) {
                a2 == nil ? variant(recipe, alpha1: $0, alpha2: nil) : variant(recipe, alpha1: a1, alpha2: $0)
            }
            return PrecisionLimit(field: field(a2 != nil), alpha: top, sampleRate: recipe.corners.sampleRate, problem: .tooLarge,
                                  limit: limit, polesOnCircle: onCircle, discretization: recipe.discretization)
        }
        return PrecisionLimit(field: field(false), alpha: a1, band: a2.map { (a1, $0) }, sampleRate: recipe.corners.sampleRate,
                              problem: twoCorners ? .tooNarrow : .orderTooHigh, limit: nil, polesOnCircle: onCircle,
                              discretization: recipe.discretization, order: recipe.order, orderLimit: highestOrder(recipe))
    }

    /// The highest order below the recipe's that designs, everything else
    /// kept (by bisection: a higher order only crowds the poles closer to the
    /// unit circle); `nil` when even order 1 does not.
    static func highestOrder(_ recipe: FilterRecipe) -> Int? {
        guard let order = recipe.order, order > 1 else { return nil }
        func works(_ n: Int) -> Bool {
            guard let changed = try? FilterRecipe(
                family: recipe.family, band: recipe.band, order: n, corners: recipe.corners,
                discretization: recipe.discretization, poleSubset: recipe.poleSubset?.filter { $0 < n },
                extraZeroAlpha: recipe.extraZeroFrequency == nil ? recipe.extraZeroAlpha : nil,
                extraZeroFrequency: recipe.extraZeroFrequency,
                besselPoles: recipe.besselPoles, realization: recipe.realization),
                  let design = try? changed.unchecked() else { return false }
            return isRepresentable(design)
        }
        guard works(1) else { return nil }
        var (good, bad) = (1, order)
        while bad - good > 1 {
            let mid = (good + bad) / 2
            if works(mid) { good = mid } else { bad = mid }
        }
        return good
    }

    /// `recipe` with other corners (as alphas), designed unchecked; `nil` when
    /// the corners are not valid.
    static func variant(_ recipe: FilterRecipe, alpha1: Double, alpha2: Double?) -> Design? {
        let changed: FilterRecipe
        do {
            changed = try FilterRecipe(
                family: recipe.family, band: recipe.band, order: recipe.order, corners: .alpha(alpha1, alpha2),
                discretization: recipe.discretization, poleSubset: recipe.poleSubset, extraZeroAlpha: recipe.extraZeroAlpha,
                besselPoles: recipe.besselPoles, realization: recipe.realization)
        } catch { return nil }
        return try? changed.unchecked()
    }

    enum Direction { case up, down }

    /// The corner nearest `bad` that designs, between `bad` and `good`: by
    /// bisection of log(alpha) (`.up`, from a corner near 0) or of
    /// log(0.5 - alpha) (`.down`, near 0.5), then its distance from the edge,
    /// in `unit`s (the sample rate for Hz), rounded to two significant digits
    /// on the safe side. Returned in `unit`s (alpha times `unit`); `nil` when
    /// even `good` does not design.
    static func search(from bad: Double, to good: Double, towards direction: Direction, unit: Double,
                       design: (Double) -> Design?) -> Double? {
        func works(_ alpha: Double) -> Bool { design(alpha).map(isRepresentable) ?? false }
        guard works(good) else { return nil }
        // Work in the distance from the edge (0 or 0.5), geometrically.
        let toDistance: (Double) -> Double = direction == .up ? { $0 } : { 0.5 - $0 }
        let toAlpha: (Double) -> Double = direction == .up ? { $0 } : { 0.5 - $0 }
        var lo = max(toDistance(bad), .leastNormalMagnitude), hi = toDistance(good)
        for _ in 0..<200 where hi > lo * (1 + 1e-6) {
            let product = lo * hi
            let mid = product.isNormal ? product.squareRoot() : Double.exp((Double.log(lo) + Double.log(hi)) / 2)
            if works(toAlpha(mid)) { hi = mid } else { lo = mid }
        }
        // Two significant digits of the distance in units, away from the edge.
        let distance = hi * unit
        let step = Double.pow(10, Double.log10(distance).rounded(.down) - 1)
        let rounded = Double(formatC("%.1e", (distance / step).rounded(.up) * step)) ?? distance
        let edge = direction == .up ? 0 : 0.5 * unit
        let signed: (Double) -> Double = direction == .up ? { edge + $0 } : { edge - $0 }
        if rounded >= distance, rounded <= toDistance(good) * unit, works(toAlpha(rounded / unit)) { return signed(rounded) }
        return signed(distance)
    }
}

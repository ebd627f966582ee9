import FilterDesign
import FisherCompatibility

/// How one named filter is designed, as read from its fields (`RecipeFields`):
/// every field checked for its type and its words, but not yet for the ranges
/// that depend on the sample rate, which a filter set may give several of.
public enum FilterDefinition: Sendable {
    /// y = x.
    case passThrough
    /// Field by field; corners and extra zero in Hz.
    case fields(family: FilterFamily, band: FilterBand?, order: Int?, corners: [Double],
                transform: Discretization, poles: [Int]?, extraZero: Double?, realization: Realization)
    /// Fisher's options without corners (`"mkfilter": "-Bu -Bp -o 2"`), corners in Hz.
    case fisherWords(FisherCommandLine, corners: [Double])
    /// A family designed from a magnitude specification, edges in Hz.
    case specification(family: FilterFamily.Name, band: FilterBand?, passband: [Double], stopband: [Double],
                       passbandLoss: Double, stopbandAttenuation: Double, realization: Realization)

    /// The recipe at `sampleRate`; `nil` for a pass-through. Bessel filters
    /// are designed from computed poles (COMPATIBILITY.md §9).
    ///
    /// - Throws: `FieldError` naming the field that is out of range.
    public func recipe(sampleRate: Double) throws(FieldError) -> FilterRecipe? {
        switch self {
        case .passThrough:
            return nil
        case let .fisherWords(words, corners):
            var line = words
            line.sampleRate = sampleRate
            line.cornersHz = corners
            line.besselPoles = .computed
            let errors = line.combinationErrors()
            guard errors.isEmpty else { throw FieldError(field: "mkfilter", errors.joined(separator: "; ")) }
            do { return try line.checkedRecipe() } catch {
                let field = RecipeFields.field(of: error)
                throw FieldError(field: field == "corners" || field == "sampleRate" ? field : "mkfilter", error.description)
            }
        case let .specification(family, band, passband, stopband, loss, attenuation, realization):
            do {
                let spec = try MagnitudeSpecification(passbandHertz: passband, stopbandHertz: stopband, sampleRate: sampleRate,
                                                      passbandLoss: loss, stopbandAttenuation: attenuation)
                return try FilterRecipe(designing: family, to: spec, band: band, realization: realization)
            } catch {
                throw FieldError(field: RecipeFields.field(of: error), error.description)
            }
        case let .fields(family, band, order, corners, transform, poles, extraZero, realization):
            do {
                return try FilterRecipe(
                    family: family, band: band, order: order,
                    corners: .hertz(corners[0], corners.count > 1 ? corners[1] : nil, sampleRate: sampleRate),
                    discretization: transform, poleSubset: poles, extraZeroFrequency: extraZero, realization: realization)
            } catch {
                throw FieldError(field: RecipeFields.field(of: error), error.description)
            }
        }
    }
}

/// A problem with one field of a filter, or with the filter as a whole.
public struct FieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field at fault, when one is.
    public var field: String?
    /// What is wrong and what is allowed.
    public var message: String

    /// An error about `field`.
    public init(field: String?, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { message }
}

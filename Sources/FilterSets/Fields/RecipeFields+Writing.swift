import FilterDesign
import FilterJSON

// MARK: - Recipe to fields

extension RecipeFields {
    /// The fields of `recipe`, as a filter set file writes a filter (without
    /// its name, and without the sample rate, which the file gives once):
    /// corners and extra zero in Hz (alphas are Hz at a sample rate of 1).
    public static func fields(of recipe: FilterRecipe) -> [(key: String, value: JSONValue)] {
        let fs = recipe.corners.sampleRate ?? 1
        let hertz = recipe.corners.hertz ?? (recipe.alpha1, recipe.corners.alpha2)
        var fields: [(key: String, value: JSONValue)] = [("family", .string(recipe.family.name.rawValue))]
        if let spec = recipe.specification {
            let scale = spec.sampleRate ?? 1
            let hz = { (edges: [Double]) -> JSONValue in edges.count == 1 ? .number(edges[0]) : .array(edges.map { .number($0) }) }
            fields += [("band", .string(spec.band.rawValue)),
                       ("passband", hz(spec.passbandHertz ?? spec.passband.map { $0 * scale })),
                       ("stopband", hz(spec.stopbandHertz ?? spec.stopband.map { $0 * scale })),
                       ("passbandLoss", .number(spec.passbandLoss)), ("stopbandAttenuation", .number(spec.stopbandAttenuation))]
            if recipe.realization != .sections { fields.append(("realization", .string(recipe.realization.rawValue))) }
            return fields
        }
        if case .catalogue(let filter) = recipe.family { return fields + catalogueFields(of: recipe, filter) }
        switch recipe.family {
        case .chebyshev(let ripple): fields.append(("ripple", .number(ripple)))
        case .chebyshev2(let a): fields.append(("attenuation", .number(a)))
        case .elliptic(let r, let a): fields += [("ripple", .number(r)), ("attenuation", .number(a))]
        case .resonator(.finite(let q)): fields.append(("q", .number(q)))
        case .resonator(.infinite): fields.append(("q", .string("Inf")))
        default: break
        }
        if let band = recipe.band { fields.append(("band", .string(band.rawValue))) }
        if let order = recipe.order, recipe.family != .proportionalIntegral { fields.append(("order", .integer(order))) }
        fields.append(("corners", hertz.1.map { .array([.number(hertz.0), .number($0)]) } ?? .number(hertz.0)))
        if recipe.hasSPlane && recipe.discretization != .bilinear {
            fields.append(("transform", .string(recipe.discretization.rawValue)))
        }
        if let poles = recipe.poleSubset { fields.append(("poles", .array(poles.map { .integer($0) }))) }
        if let z = recipe.extraZeroFrequency ?? recipe.extraZeroAlpha.map({ $0 * fs }) { fields.append(("extraZero", .number(z))) }
        if recipe.realization != .sections { fields.append(("realization", .string(recipe.realization.rawValue))) }
        return fields
    }
}

import FilterDesign

/// What the verification's checks read from a recipe.
extension FilterRecipe {
    /// Whether the design is the textbook one the corners and ripple checks
    /// know: the bilinear transform, every pole, no extra zero, a band other
    /// than all-pass.
    var isStandardBilinear: Bool {
        discretization == .bilinear && poleSubset == nil && extraZeroAlpha == nil && band != nil && band != .allPass
    }

    /// The corner frequencies (alpha): both for a band with two, else the one.
    var cornerAlphas: [Double] { band?.hasTwoCorners == true ? [alpha1, alpha2] : [alpha1] }
}

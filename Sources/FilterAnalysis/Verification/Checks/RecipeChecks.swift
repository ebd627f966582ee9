import FilterDesign

extension VerificationRun {
    /// The checks against what the recipe promises, on the response of
    /// `form` (the filter as run): **normalised**, **corners** (Butterworth,
    /// Bessel) or **ripple** (Chebyshev), **passband** and **stopband** (a
    /// specification's or a Chebyshev II or elliptic design's bands), and
    /// the peak figures. Returns the measurements for the figures after them.
    mutating func checkAgainstRecipe(_ recipe: FilterRecipe, _ form: PoleZeroForm) -> ResponseMeasurements {
        let measure = ResponseMeasurements(form)
        checkNormalisation(recipe, measure)
        let peak = recordPeakFigures(measure)
        switch recipe.family {
        case .butterworth where recipe.isStandardBilinear, .bessel where recipe.isStandardBilinear:
            checkCorners(recipe, measure, peak: peak)
        case .chebyshev(let rippleDecibels) where recipe.isStandardBilinear:
            checkRipple(recipe, measure, rippleDecibels: rippleDecibels)
        default:
            break
        }
        if let requirements = recipe.bandRequirements {
            checkBandRequirements(requirements, measure)
        }
        return measure
    }
}

import FilterDesign
import FilterRuntime

/// What the **stable** check found: the poles of the coefficients as run.
struct Stability {
    /// The poles and zeros of the coefficients as stored.
    let form: PoleZeroForm
    /// The largest pole radius.
    let radius: Double
    /// Whether the check passed.
    let stable: Bool
}

extension VerificationRun {
    /// **stable**: every pole of the coefficients as run inside the unit circle
    /// by at least 10 units of their rounding (1 - r >= 10 u). For sections
    /// in the offset form (`VerificationSubject.runsInOffsetForm`) the
    /// stored numbers are not a1 and a2 but integers (exact) and the
    /// remainders c1 and s, held to about u^2 of themselves; what can move
    /// a pole as the filter runs is the rounding of their products, u of
    /// c1 and of s, which is far less than u near the unit circle
    /// (s = a2 - 1 there). So the same 10 units are applied to what this
    /// form rounds: every pole stays inside with c1 and s each off by 10 u
    /// relative, either way (`Verification.offsetFormMargin`). Records the
    /// largest pole radius as a figure.
    mutating func checkStability() -> Stability {
        let form = subject.asRun.poleZeroForm
        let radius = form.largestPoleRadius
        let margin = 1 - radius
        let stable: Bool
        if subject.runsInOffsetForm, case .sections(let sections) = subject.asRun {
            let perturbed = Verification.offsetFormMargin(sections, relative: 10 * precision.unitRoundoff)
            stable = margin > 0 && perturbed > 0
            record(VerificationCheck(
                name: "stable", passed: stable,
                detail: "largest pole radius " + format(radius) + ", margin " + format(margin)
                    + "; with each section's c1 and s off by 10 units of their rounding, margin "
                    + format(perturbed) + (stable ? "" : " (needs > 0)")))
        } else {
            stable = margin >= 10 * precision.unitRoundoff
            record(VerificationCheck(
                name: "stable", passed: stable,
                detail: "largest pole radius " + format(radius) + ", margin " + format(margin)
                    + (stable ? "" : " (needs >= " + format(10 * precision.unitRoundoff) + ")")))
        }
        figure("largest pole radius", radius, "")
        return Stability(form: form, radius: radius, stable: stable)
    }
}

extension Verification {
    /// The smallest distance 1 - |p| from the unit circle of any pole of
    /// `sections` written in the offset form (`OffsetBiquad`) with c1 and s
    /// each multiplied by 1 + e or 1 - e (all four ways): the margin the
    /// poles keep when the products c1 (y1 - t y2) and s y2 are rounded by
    /// e relative, as the offset form runs them. Negative when a pole leaves.
    static func offsetFormMargin(_ sections: [Biquad], relative e: Double) -> Double {
        var smallest = Double.infinity
        for section in sections {
            let q = OffsetBiquad(section)
            for (dc, ds) in [(1.0, 1.0), (1, -1), (-1, 1), (-1, -1)] {
                var moved = q
                moved.c1 *= 1 + dc * e
                moved.s *= 1 + ds * e
                let form = PoleZeroForm(sections: [moved.section])
                smallest = min(smallest, 1 - form.largestPoleRadius)
            }
        }
        return smallest
    }
}

extension VerificationRun {
    /// **finite** (a coefficient or the gain not finite ends the
    /// verification: nil), then **stable** on the coefficients as run.
    mutating func checkFiniteAndStable() -> Stability? {
        guard subject.asRun.isFinite else {
            record(VerificationCheck(name: "finite", passed: false,
                                     detail: "a coefficient or the gain is not a finite number"))
            return nil
        }
        return checkStability()
    }
}

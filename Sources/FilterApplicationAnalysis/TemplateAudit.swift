import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRuntime
import FisherCompatibility

/// Checks a `DigitalFilterTemplate` definition against a fresh design.
///
/// The redesign follows the template's provenance when it has one (our
/// generated Swift records the equivalent mkfilter command line); otherwise the
/// declared class, order, sample rate and corners, as Butterworth unless the
/// title or description says Bessel or Chebyshev. Counts must match exactly;
/// the gain and every coefficient must match the redesign to the precision they
/// were printed with (C: half a unit in the last printed digit, plus 1e-12
/// relative for the redesign's own rounding; our Swift: bit for bit).
enum TemplateAudit {
    static func audit(_ definition: TemplateDefinition, precision: RunningPrecision) -> VerificationItem {
        let t = definition.template
        let label = "\(definition.file):\(definition.line): \(definition.identifier) (\"\(t.name)\", \(definition.form.rawValue))"
        var checks: [VerificationCheck] = []
        func check(_ name: String, _ passed: Bool, _ detail: String) {
            checks.append(VerificationCheck(name: name, passed: passed, detail: detail))
        }

        if t.filterClass == .passThrough { return passThrough(definition, label: label) }

        // The redesign, from the recipe the template records.
        var recipe: FilterRecipe
        switch redesign(definition) {
        case .success(let r): recipe = r
        case .failure(let error):
            check("redesign", false, error.description)
            return VerificationItem(label: label, checks: checks, figures: [])
        }
        var design: Design
        do { design = try recipe.design() } catch {
            check("redesign", false, FisherCommandLine.commandLine(for: recipe) + ": " + error.description)
            return VerificationItem(label: label, checks: checks, figures: [])
        }
        // Bessel: mkfilter's command designs from Fisher's table, spec files and
        // the plugins from computed poles (COMPATIBILITY.md §5); a template that
        // does not record which may be either, so redesign with the source whose
        // gain it carries.
        if recipe.family == .bessel, t.provenance.besselPoles == nil,
           design.passbandGain.magnitude != definition.printedGain.value,
           let other = try? recipe.withBesselPoles(recipe.besselPoles == .computed ? .mkfilterTable : .computed),
           let otherDesign = try? other.design(), otherDesign.passbandGain.magnitude == definition.printedGain.value {
            (recipe, design) = (other, otherDesign)
        }
        check("redesign", true, FisherCommandLine.commandLine(for: recipe))
        let x = design.recurrence.xCoefficients
        let y = Array(design.recurrence.yCoefficients.dropLast())
        let gain = design.passbandGain.magnitude

        // Counts.
        var countsAgree = true
        func count(_ field: String, _ found: Int, _ expected: Int) {
            if found != expected {
                countsAgree = false
                check("count", false, "\(field) is \(found), the redesign has \(expected)")
            }
        }
        if let declared = definition.declaredCounts {
            count("number of zeros", declared.zeros, x.count - 1)
            count("number of x coefficients", declared.xCount, x.count)
            count("number of poles", declared.poles, y.count)
            count("number of y coefficients", declared.yCount, y.count)
            if declared.xCount != definition.printedX.count {
                countsAgree = false
                check("count", false, "x coefficients: \(definition.printedX.count) values where \(declared.xCount) are declared")
            }
            if declared.yCount != definition.printedY.count {
                countsAgree = false
                check("count", false, "y coefficients: \(definition.printedY.count) values where \(declared.yCount) are declared")
            }
        }
        count("x coefficients (values)", definition.printedX.count, x.count)
        count("y coefficients (values)", definition.printedY.count, y.count)
        if countsAgree { check("counts", true, "\(x.count) x and \(y.count) y coefficients, as redesigned") }

        // Gain and coefficients at their printed precision.
        // Our Swift prints every double with its shortest round-trip digits, so
        // there the values must be the redesign's bit for bit; C is compared to
        // half a unit in its last printed digit.
        func allowance(_ printed: PrintedNumber, _ expected: Double) -> Double {
            definition.form == .swift ? 0 : printed.halfUnit + 1e-12 * abs(expected)
        }
        func agrees(_ printed: PrintedNumber, _ expected: Double) -> Bool {
            abs(printed.value - expected) <= allowance(printed, expected)
        }
        func describe(_ printed: PrintedNumber, _ expected: Double) -> String {
            "printed " + printed.text + ", redesigned " + "\(expected)" + " (differs by "
                + Verification.format(abs(printed.value - expected))
                + (definition.form == .swift ? "; must be exact)" : "; printed to +-" + Verification.format(printed.halfUnit) + ")")
        }
        var mismatches = 0
        if !agrees(definition.printedGain, gain) {
            mismatches += 1
            check("gain", false, describe(definition.printedGain, gain))
        }
        for (field, printed, expected) in [("x", definition.printedX, x), ("y", definition.printedY, y)] {
            for i in 0..<min(printed.count, expected.count) where !agrees(printed[i], expected[i]) {
                mismatches += 1
                check("\(field)[\(i)]", false, describe(printed[i], expected[i]))
            }
        }
        // Sections (our Swift): exactly the redesign's.
        if !t.sections.isEmpty || recipe.realization == .sections {
            let expected = recipe.realization == .sections ? design.secondOrderSections() ?? [] : []
            if t.sections.count != expected.count {
                mismatches += 1
                check("sections", false, "\(t.sections.count) sections, the redesign has \(expected.count)")
            } else if let k = t.sections.indices.first(where: { t.sections[$0] != expected[$0] }) {
                mismatches += 1
                check("sections", false, "section \(k) is \(t.sections[k].coefficients), the redesign's \(expected[k].coefficients); must be exact")
            }
        }
        if mismatches == 0 {
            check("coefficients", true, "gain and every coefficient agree with the redesign to their printed precision")
        }

        // The template as it will run.
        guard countsAgree else { return VerificationItem(label: label, checks: checks, figures: []) }
        let run = VerificationRequest.runtime(t, inFloat: precision == .float)
        var subject = VerificationSubject(
            label: label, recipe: design.recipe, designed: nil, asRun: run.filter,
            precision: precision, sampleRate: t.designSampleRate, runImpulse: run.impulse)
        // Printed with fewer digits than a double holds (Shake's 10 decimals):
        // its gain and corners can only be as right as that printing.
        if definition.form == .c { subject.gainTolerance = max(subject.precision.gainTolerance, 1e-3) }
        let v = Verification.verify(subject)
        return VerificationItem(label: label, checks: checks + v.checks, figures: v.figures)
    }

    /// A pass-through must be exactly gain 1, x = [1], no y coefficients.
    static func passThrough(_ d: TemplateDefinition, label: String) -> VerificationItem {
        let exact = d.printedGain.value == 1 && d.printedX.map(\.value) == [1] && d.printedY.isEmpty
        return VerificationItem(label: label, checks: [VerificationCheck(
            name: "pass-through", passed: exact,
            detail: exact ? "gain 1, x = [1], no feedback: the output is the input"
                : "a pass-through must have gain 1, x coefficients [1] and no y coefficients")], figures: [])
    }

    struct RedesignError: Error, CustomStringConvertible { let description: String }

    /// The recipe a template records: its provenance (our Swift), or for a
    /// template without one (Shake!'s C) its class, order, sample rate and
    /// corners, as Butterworth unless its title or description says Bessel
    /// or Chebyshev.
    static func redesign(_ d: TemplateDefinition) -> Result<FilterRecipe, RedesignError> {
        let t = d.template
        if d.hasProvenance, t.provenance.family != "none" {
            do { return .success(try TemplateProvenance.recipe(of: t)) } catch {
                return .failure(RedesignError(description: error.description))
            }
        }
        let text = (t.name + " " + t.description).lowercased()
        if text.contains("chebyshev") {
            return .failure(RedesignError(description: "a Chebyshev filter whose ripple is not recorded: cannot redesign it"))
        }
        guard let band = t.filterClass.band, band != .allPass else {
            return .failure(RedesignError(description: "class \(t.filterClass.rawValue) cannot be redesigned from its fields"))
        }
        do {
            return .success(try FilterRecipe(
                family: text.contains("bessel") ? .bessel : .butterworth, band: band, order: t.order,
                corners: .hertz(t.cornerFrequency1, band.hasTwoCorners ? t.cornerFrequency2 : nil, sampleRate: t.designSampleRate),
                besselPoles: .mkfilterTable, realization: t.sections.isEmpty ? .direct : .sections))
        } catch {
            return .failure(RedesignError(description: error.description))
        }
    }
}

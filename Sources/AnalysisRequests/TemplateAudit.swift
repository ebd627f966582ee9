import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRuntime
import FisherCompatibility

/// Checks a `DigitalFilterTemplate` definition against a fresh design, and
/// judges it by what it does.
///
/// The redesign follows the template's provenance when it has one (our
/// generated Swift records the recipe); otherwise the declared class, order,
/// sample rate and corners, as Butterworth unless the title or description
/// says Bessel or Chebyshev. Defects: counts that differ from the redesign's
/// or from the declared ones, fields that differ from the provenance, a gain
/// or coefficient with the wrong sign, and (C) a response as written that is
/// further from the redesign's than `WrittenResponse` allows. Our Swift must
/// be the redesign bit for bit. A C value further from the redesign than half
/// a unit in its last printed digit, with the right sign, is reported as
/// rounding ("rounded"), not as a defect: Fisher's web page, where Shake!'s
/// numbers came from, printed values a few units off in the tenth decimal.
enum TemplateAudit {
    /// The item for `definition`, run in `precision`: the redesign, the
    /// fields, the counts, every value, the written response (C), and the
    /// template as it will run.
    static func audit(_ definition: TemplateDefinition, precision: RunningPrecision) -> VerificationItem {
        let t = definition.template
        let label = "\(definition.file):\(definition.line): \(definition.identifier) (\"\(t.name)\", \(definition.form.rawValue))"
        if t.filterClass == .passThrough { return passThrough(definition, label: label) }
        var audit = Audit(definition: definition)
        guard let (recipe, design) = audit.redesigned() else { return VerificationItem(label: label, checks: audit.checks, figures: []) }
        audit.checkFields(design)
        let x = design.recurrence.xCoefficients
        let y = Array(design.recurrence.yCoefficients.dropLast())
        let (gain, fisherConvention) = audit.gain(of: design)
        let countsAgree = audit.checkCounts(x: x, y: y)
        audit.checkValues(gain: gain, x: x, y: y, sections: recipe.realization == .sections ? design.secondOrderSections() ?? [] : [],
                          realization: recipe.realization)
        // The response of the filter as written (C: a short initializer list
        // is filled with zeros, as a C compiler fills it).
        if definition.form == .c, let written = Self.writtenTransfer(definition) {
            let comparison = WrittenResponse(
                written: written, designed: TransferFunction(numerator: x.reversed(), denominator: [1] + y.reversed().map { -$0 }, gain: gain),
                rounded: Self.roundedTransfer(definition, x: x, y: y, gain: gain), recipe: recipe)
            audit.check("response", comparison.passed, comparison.detail)
        }
        guard countsAgree else { return VerificationItem(label: label, checks: audit.checks, figures: []) }
        return audit.asRun(label: label, recipe: design.recipe, precision: precision, fisherConvention: fisherConvention)
    }

    /// One template's audit as it goes: the definition and the checks so far.
    struct Audit {
        let definition: TemplateDefinition
        var checks: [VerificationCheck] = []

        init(definition: TemplateDefinition) { self.definition = definition }

        mutating func check(_ name: String, _ passed: Bool, _ detail: String) {
            checks.append(VerificationCheck(name: name, passed: passed, detail: detail))
        }

        /// The redesign from the recipe the template records, or nil (a
        /// failed "redesign" check). Bessel: mkfilter's command designs from
        /// Fisher's table, spec files and the plugins from computed poles
        /// (COMPATIBILITY.md §5); a template that does not record which may be
        /// either, so it is redesigned with the source whose gain it carries.
        mutating func redesigned() -> (FilterRecipe, Design)? {
            let t = definition.template
            var recipe: FilterRecipe
            switch TemplateAudit.redesign(definition) {
            case .success(let r): recipe = r
            case .failure(let error):
                check("redesign", false, error.description)
                return nil
            }
            var design: Design
            do { design = try recipe.design() } catch {
                check("redesign", false, FisherCommandLine.commandLine(for: recipe) + ": " + error.description)
                return nil
            }
            let printed = definition.printedGain.value
            if recipe.family == .bessel, t.provenance.besselPoles == nil,
               design.passbandGain.magnitude != printed, design.fisherGain.magnitude != printed,
               let other = try? recipe.withBesselPoles(recipe.besselPoles == .computed ? .mkfilterTable : .computed),
               let otherDesign = try? other.design(),
               otherDesign.passbandGain.magnitude == printed || otherDesign.fisherGain.magnitude == printed {
                (recipe, design) = (other, otherDesign)
            }
            check("redesign", true, FisherCommandLine.commandLine(for: recipe))
            return (recipe, design)
        }

        /// Class, order, rate and corners: those a provenance redesigns from
        /// must be the ones the template declares.
        mutating func checkFields(_ design: Design) {
            let t = definition.template
            guard definition.hasProvenance,
                  let expected = try? TemplateBuilder.template(for: design, name: t.name, description: t.description, tag: t.tag,
                                                               sampleRate: t.designSampleRate) else { return }
            var differences: [String] = []
            if expected.filterClass != t.filterClass { differences.append("class \(t.filterClass.rawValue), the provenance's \(expected.filterClass.rawValue)") }
            if expected.order != t.order { differences.append("order \(t.order), the provenance's \(expected.order)") }
            if expected.cornerFrequency1 != t.cornerFrequency1 || expected.cornerFrequency2 != t.cornerFrequency2 {
                differences.append("corners \(t.cornerFrequency1), \(t.cornerFrequency2) Hz, the provenance's \(expected.cornerFrequency1), \(expected.cornerFrequency2) Hz")
            }
            check("fields", differences.isEmpty, differences.isEmpty
                  ? "class, order, sample rate and corners are the provenance's" : differences.joined(separator: "; "))
        }

        /// The gain: the scipy convention's (the passband maximum at 0 dB), or
        /// Fisher's G for a template written by his gencode or before the
        /// toolkit took scipy's convention (even-order and band-pass
        /// Chebyshev I, band-pass Butterworth and Bessel differ).
        mutating func gain(of design: Design) -> (gain: Double, fisherConvention: Bool) {
            let gain = design.passbandGain.magnitude, fisherGain = design.fisherGain.magnitude
            let printed = definition.printedGain.value
            guard fisherGain != gain, abs(printed - fisherGain) < abs(printed - gain) else { return (gain, false) }
            check("convention", true, "gain is Fisher's G (|H| = 1 at his normalisation point), not the passband maximum at 0 dB")
            return (fisherGain, true)
        }

        /// The declared and printed counts against the redesign's; whether all agree.
        mutating func checkCounts(x: [Double], y: [Double]) -> Bool {
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
            return countsAgree
        }

        /// Gain, coefficients and sections. Our Swift prints every double with
        /// its shortest round-trip digits, so there each value must be the
        /// redesign's bit for bit. C is read as printed: a value within half a
        /// unit of its last digit agrees; one with the wrong sign is a defect;
        /// any other difference is noted as rounding, and judged by what it
        /// does to the response.
        mutating func checkValues(gain: Double, x: [Double], y: [Double], sections expected: [Biquad], realization: Realization) {
            var tally = ValueTally()
            tally.compare("gain", definition.printedGain, gain, definition.form, into: &self)
            for (field, printed, redesigned) in [("x", definition.printedX, x), ("y", definition.printedY, y)] {
                for i in 0..<min(printed.count, redesigned.count) {
                    tally.compare("\(field)[\(i)]", printed[i], redesigned[i], definition.form, into: &self)
                }
            }
            // Sections (our Swift): exactly the redesign's.
            let t = definition.template
            if !t.sections.isEmpty || realization == .sections {
                if t.sections.count != expected.count {
                    tally.mismatches += 1
                    check("sections", false, "\(t.sections.count) sections, the redesign has \(expected.count)")
                } else if let k = t.sections.indices.first(where: { t.sections[$0] != expected[$0] }) {
                    tally.mismatches += 1
                    check("sections", false, "section \(k) is \(t.sections[k].coefficients), the redesign's \(expected[k].coefficients); must be exact")
                }
            }
            if tally.mismatches == 0 && tally.rounded.isEmpty {
                check("coefficients", true, definition.form == .swift
                      ? "gain and every coefficient are the redesign's, bit for bit"
                      : "gain and every coefficient agree with the redesign to their printed precision")
            } else if !tally.rounded.isEmpty {
                check("rounded", true, "\(tally.rounded.count) value\(tally.rounded.count == 1 ? " differs" : "s differ") from the redesign by more "
                      + "than their printing explains, judged by the response below: " + tally.rounded.joined(separator: "; "))
            }
        }

        /// The template as it will run: `Verification`'s checks and figures after the audit's.
        func asRun(label: String, recipe: FilterRecipe, precision: RunningPrecision, fisherConvention: Bool) -> VerificationItem {
            let t = definition.template
            let run = VerificationRequest.runtime(t, precision: precision)
            var subject = VerificationSubject(
                label: label, recipe: recipe, designed: nil, asRun: run.filter,
                precision: precision, sampleRate: t.designSampleRate, runImpulse: run.impulse)
            subject.runImpulseExtremes = run.extremes
            subject.runsInOffsetForm = run.offsetForm
            subject.normalizedAtFisherPoint = fisherConvention
            // Printed with fewer digits than a double holds (Shake's 10 decimals):
            // its gain and corners can only be as right as that printing.
            if definition.form == .c { subject.gainTolerance = max(subject.precision.gainTolerance, 1e-3) }
            let v = Verification.verify(subject)
            return VerificationItem(label: label, checks: checks + v.checks, figures: v.figures)
        }
    }

    /// The values that differ from the redesign: defects, and C's roundings.
    struct ValueTally {
        var mismatches = 0
        var rounded: [String] = []

        /// One printed value against its redesign.
        mutating func compare(_ field: String, _ printed: PrintedNumber, _ expected: Double, _ form: TemplateDefinition.Form,
                              into audit: inout Audit) {
            let difference = abs(printed.value - expected)
            // Every digit of a finite redesign; words for one that is not.
            let redesigned = expected.isFinite ? "\(expected)" : Verification.format(expected)
            if form == .swift {
                guard printed.value != expected else { return }
                mismatches += 1
                audit.check(field, false, "printed \(printed.text), redesigned \(redesigned) (differs by "
                            + Verification.format(difference) + "; must be exact)")
                return
            }
            let half = printed.halfUnit
            guard !(difference <= half + 1e-12 * abs(expected)) else { return }
            if (printed.value < 0) != (expected < 0), abs(expected) > half, printed.value != 0 {
                mismatches += 1
                audit.check("sign", false, "\(field) is printed \(printed.text), the redesign's is \(redesigned): the sign is wrong")
            } else {
                rounded.append("\(field) printed \(printed.text), redesigned \(redesigned) ("
                               + Verification.format(difference / (2 * half)) + " units of its last digit)")
            }
        }
    }

    /// The filter a C initializer defines: its printed gain and coefficients,
    /// the lists filled with zeros up to their declared counts; nil when a list
    /// has more values than declared (which does not compile) or the gain is 0.
    static func writtenTransfer(_ d: TemplateDefinition) -> TransferFunction? {
        var x = d.printedX.map(\.value), y = d.printedY.map(\.value)
        if let declared = d.declaredCounts {
            // (More than 2 x 24 + 1 values is no filter of ours: do not fill
            // a declared count of 1e18 with zeros.)
            guard x.count <= declared.xCount, y.count <= declared.yCount,
                  declared.xCount <= 1000, declared.yCount <= 1000 else { return nil }
            x += Array(repeating: 0, count: declared.xCount - x.count)
            y += Array(repeating: 0, count: declared.yCount - y.count)
        }
        guard d.printedGain.value != 0, d.printedGain.value.isFinite, (x + y).allSatisfy(\.isFinite) else { return nil }
        return TransferFunction(numerator: x.reversed(), denominator: [1] + y.reversed().map { -$0 }, gain: d.printedGain.value)
    }

    /// The redesign with each value rounded to the digits its printed
    /// counterpart has: the best a template printed that way can be.
    static func roundedTransfer(_ d: TemplateDefinition, x: [Double], y: [Double], gain: Double) -> TransferFunction {
        func rounded(_ value: Double, _ printed: PrintedNumber?) -> Double {
            guard let printed, printed.halfUnit > 0, printed.halfUnit.isFinite else { return value }
            let unit = 2 * printed.halfUnit
            let r = (value / unit).rounded() * unit
            return r.isFinite ? r : value
        }
        let rx = x.indices.map { rounded(x[$0], $0 < d.printedX.count ? d.printedX[$0] : nil) }
        let ry = y.indices.map { rounded(y[$0], $0 < d.printedY.count ? d.printedY[$0] : nil) }
        let g = rounded(gain, d.printedGain)
        return TransferFunction(numerator: rx.reversed(), denominator: [1] + ry.reversed().map { -$0 }, gain: g == 0 ? gain : g)
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

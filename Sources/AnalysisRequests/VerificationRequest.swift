import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRuntime
import FilterRequests
import FilterJSON
import Foundation

/// One verified item: a design or a template, with its checks and figures.
public struct VerificationItem: Sendable {
    /// What was verified (a command line, or file:line: identifier).
    public var label: String
    /// Every check, in the order made.
    public var checks: [VerificationCheck]
    /// The figures measured.
    public var figures: [VerificationFigure]
    /// Warnings that fail no check (a fixed-point SNR too low to be useful).
    public var notes: [String] = []
    /// Whether every check passed.
    public var passed: Bool { checks.allSatisfy(\.passed) }
}

/// A filter checked as it will run (`mkfilter verify`): an IIR design, a FIR
/// filter (`VerificationRequest+Taps.swift`), or every `DigitalFilterTemplate`
/// and `FIRTemplate` definition in Swift or C files audited against a
/// redesign.
public struct VerificationRequest: Sendable {
    /// What to verify.
    public enum Subject: Sendable {
        /// A design, with the command line that made it (Fisher's words).
        case design(Design, commandLine: String)
        /// A FIR filter, with the command line that made it (`remez ...`),
        /// run as its taps in Double, Float or `fixedPoint`.
        case taps(FIRFilter, commandLine: String)
        /// A multistage decimator (`mkfilter decimator ...`), run as its
        /// stages' taps in Double, Float or `fixedPoint`.
        case decimator(MultistageDecimator, commandLine: String)
        /// The template definitions in these files.
        case templateFiles([String])
    }

    /// What to verify.
    public var subject: Subject
    /// The arithmetic it runs in.
    public var precision: RunningPrecision
    /// CMSIS fixed point instead of `precision` (designs only).
    public var fixedPoint: FixedPointArithmetic?
    /// How a fixed-point cascade's gain is placed.
    public var fixedPointScaling = FixedPointScaling.l1

    /// A request; see the properties.
    public init(_ subject: Subject, precision: RunningPrecision = .double) {
        self.subject = subject
        self.precision = precision
    }

    /// Verifies every item.
    ///
    /// - Throws: `ApplicationError` for a file that cannot be read, a template
    ///   that does not parse, or a design without a finite gain.
    public func run() throws(ApplicationError) -> VerificationReport {
        switch subject {
        case let .design(design, commandLine):
            if let fixedPoint {
                let item = try FixedPointVerification.verify(design, commandLine: commandLine, arithmetic: fixedPoint, scaling: fixedPointScaling)
                var report = VerificationReport(items: [item], precision: precision)
                report.precisionName = fixedPoint.name
                return report
            }
            return VerificationReport(items: [try Self.verify(design, commandLine: commandLine, precision: precision)], precision: precision)
        case let .taps(filter, commandLine):
            let item = try Self.verify(filter, commandLine: commandLine, precision: precision, fixedPoint: fixedPoint)
            return VerificationReport(items: [item], precision: precision)
        case let .decimator(decimator, commandLine):
            let item = try Self.verify(decimator, commandLine: commandLine, precision: precision, fixedPoint: fixedPoint)
            var report = VerificationReport(items: [item], precision: precision)
            if let fixedPoint { report.precisionName = fixedPoint.name }
            return report
        case .templateFiles(let files):
            if let fixedPoint {
                throw ApplicationError("--precision \(fixedPoint.name) verifies a design; templates run in double or float")
            }
            guard precision != .gencode else {
                throw ApplicationError("--precision gencode describes a design's listing; templates run in double or float")
            }
            return VerificationReport(items: try Self.audit(files: files, precision: precision), precision: precision)
        }
    }

    // MARK: A design

    static func verify(_ design: Design, commandLine: String, precision: RunningPrecision) throws(ApplicationError) -> VerificationItem {
        // The reference: the design's own sections in Double (its zeros, poles
        // and gain to about 1e-14), else Fisher's recurrence with his G.
        guard let designed = FilterAsRun.designed(design, realization: .sections)
                ?? FilterAsRun.designed(design, realization: .direct), designed.isFinite else {
            throw ApplicationError("the design has no finite passband gain G (a Q = Inf resonator is an oscillator); there is nothing to normalise or verify")
        }
        let template: DigitalFilterTemplate
        do { template = try TemplateBuilder.template(for: design, name: "filter", description: "", tag: 0) }
        catch { throw ApplicationError(wrapping: error) }
        var subject: VerificationSubject
        switch precision {
        case .double, .float, .floatInDouble:
            let run = runtime(template, precision: precision)
            subject = VerificationSubject(label: commandLine, recipe: design.recipe, designed: designed, asRun: run.filter,
                                          precision: precision, sampleRate: design.recipe.corners.sampleRate, runImpulse: run.impulse)
            subject.runStep = run.step
            subject.runImpulseExtremes = run.extremes
            subject.runsInOffsetForm = run.offsetForm
        case .gencode:
            let printed = try GencodeArithmetic.transfer(design, commandLine: commandLine + " -l")
            subject = VerificationSubject(label: commandLine, recipe: design.recipe, designed: designed, asRun: .direct(printed),
                                          precision: precision, sampleRate: design.recipe.corners.sampleRate,
                                          runImpulse: { n in StoredStateRecurrence.impulse(printed, state: Float.self, count: n) })
        }
        let v = Verification.verify(subject)
        let form = precision == .gencode ? "" : template.sections.isEmpty ? ", direct form"
            : template.sections.count == 1 ? ", 1 section" : ", \(template.sections.count) sections"
        return VerificationItem(label: "\(commandLine) (as run in \(description(precision))\(form))", checks: v.checks, figures: v.figures)
    }

    /// Warnings for a design a command prints or emits: each check of
    /// `Verification.verifyResponse` (stable, normalised, corners or ripple,
    /// the bands) that its sections as stored in Double fail, so that a design
    /// accepted without a word passes `mkfilter verify`, or says why not.
    /// Designs of more than `designWarningPoles` poles are left to `mkfilter
    /// verify` (the measurements take seconds there, and every design command
    /// would pay them), and so are Fisher's integrator (`-Pi`) and oscillator
    /// (`-Re Inf`), whose poles are on the unit circle by definition: verify
    /// fails their **stable** check, as it must, and Fisher's outputs stay his.
    public static func designWarnings(_ design: Design) -> [String] {
        switch design.recipe.family {
        case .proportionalIntegral, .resonator(.infinite): return []
        default: break
        }
        // Few poles that all keep 1e-3 from the unit circle pass these checks
        // in Double: rounding moves |H| by about 1e-16/(1 - r)^2, far inside
        // verify's 1e-6 (every design of the 936-design section grid passes
        // verify); only the others are measured.
        let poles = design.zPlane.poles
        if poles.count > designWarningPoles {
            return ["note: \(poles.count) poles, more than the \(designWarningPoles) the design commands check as stored; "
                    + "mkfilter verify measures this design as it runs (long cascades can leave its 1e-9 in Double)"]
        }
        guard poles.count > 20 || poles.contains(where: { $0.length > 1 - 1e-3 }), let designed = FilterAsRun.designed(design, realization: .sections), designed.isFinite,
              let template = try? TemplateBuilder.template(for: design, name: "filter", description: "", tag: 0),
              !template.sections.isEmpty else { return [] }
        let run = runtime(template, precision: .double)
        let subject = VerificationSubject(label: "", recipe: design.recipe, designed: designed, asRun: run.filter,
                                          precision: .double, sampleRate: design.recipe.corners.sampleRate, runImpulse: run.impulse)
        return Verification.verifyResponse(subject).checks.filter { !$0.passed }.map {
            "warning: as stored in Double the sections fail verify's \($0.name) check: \($0.detail)"
        }
    }

    /// The most poles a design command checks (`designWarnings`).
    public static let designWarningPoles = 40

    static func description(_ p: RunningPrecision) -> String {
        switch p {
        case .double: return "Double"
        case .float: return "Float"
        case .floatInDouble: return "Float, sections in Double inside"
        case .gencode: return "Fisher's gencode C: 10 decimals, float state"
        }
    }

    /// The filter `DigitalFilter` runs for `template` at `precision` (Double;
    /// Float in the offset form; Float run in Double inside), that runtime's
    /// own impulse and step responses, and whether its sections run in the
    /// offset form.
    static func runtime(_ template: DigitalFilterTemplate, precision: RunningPrecision)
        -> (filter: FilterAsRun, impulse: @Sendable (Int) -> [Double], step: @Sendable (Int) -> [Double],
            extremes: @Sendable (Int) -> ImpulseExtremes, offsetForm: Bool) {
        precision.visitCascadeForm(RuntimeResponses(template: template))
    }

    /// `runtime(_:precision:)` in one form (`RunningPrecision.visitCascadeForm`).
    struct RuntimeResponses: CascadeFormVisitor {
        let template: DigitalFilterTemplate
        func visit<Form: CascadeForm>(_ form: Form.Type)
            -> (filter: FilterAsRun, impulse: @Sendable (Int) -> [Double], step: @Sendable (Int) -> [Double],
                extremes: @Sendable (Int) -> ImpulseExtremes, offsetForm: Bool) {
            let template = self.template
            return (.runtime(template, form: form),
                    { n in VerificationRequest.run(template, form, count: n, step: false) },
                    { n in VerificationRequest.run(template, form, count: n, step: true) },
                    { n in VerificationRequest.extremes(template, form, count: n) },
                    !template.sections.isEmpty && Form.Section.self is OffsetDirectFormI<Form.Sample>.Type)
        }
    }

    /// The extremes of the runtime's first `count` outputs for 1, 0, 0, ...,
    /// run in chunks of 2^16 samples and not stored.
    static func extremes<Form: CascadeForm>(_ template: DigitalFilterTemplate, _: Form.Type, count: Int) -> ImpulseExtremes {
        var filter = DigitalFilter<Form>(template)
        var accumulator = ImpulseExtremes.Accumulator(count: count)
        let chunk = 1 << 16
        var input = [Form.Sample](repeating: 0, count: chunk), output = [Form.Sample](repeating: 0, count: chunk)
        var done = 0
        while done < count {
            let m = min(chunk, count - done)
            if done == 0 { input[0] = 1 } else { input[0] = 0 }
            input.withUnsafeBufferPointer { i in
                output.withUnsafeMutableBufferPointer { o in
                    filter.process(UnsafeBufferPointer(rebasing: i[0..<m]), into: o)
                }
            }
            accumulator.add(output[0..<m].lazy.map { Double($0) })
            done += m
        }
        return accumulator.result
    }

    /// The runtime's own response: `DigitalFilter<Form>` fed 1, 0, 0, ...
    /// (or 1, 1, 1, ... for the step).
    static func run<Form: CascadeForm>(_ template: DigitalFilterTemplate, _: Form.Type, count: Int, step: Bool) -> [Double] {
        var filter = DigitalFilter<Form>(template)
        var input = [Form.Sample](repeating: step ? 1 : 0, count: count)
        if count > 0 { input[0] = 1 }
        return filter.process(input).map { Double($0) }
    }

    // MARK: Template files

    /// Audits every template in `files`, run at `precision`: each
    /// `DigitalFilterTemplate` (`TemplateAudit`), then each `FIRTemplate`
    /// (`audit(_:file:precision:)`).
    static func audit(files: [String], precision: RunningPrecision) throws(ApplicationError) -> [VerificationItem] {
        var items: [VerificationItem] = []
        for file in files {
            let text: String
            text = try FileOutput.readText(file, describedAs: quotedForMessage(file))
            let fir: [FIRTemplateDeclaration]
            do { fir = try TemplateSourceReader.firDeclarations(text, file: file) } catch { throw ApplicationError(wrapping: error) }
            var definitions: [TemplateDefinition] = []
            do { definitions = try TemplateSourceReader.read(text, file: file) } catch {
                // A file of FIR filters only has no DigitalFilterTemplate to read.
                if fir.isEmpty || !error.definesNoTemplates { throw ApplicationError(wrapping: error) }
            }
            for definition in definitions { items.append(TemplateAudit.audit(definition, precision: precision)) }
            for declaration in fir { items.append(audit(declaration, file: file, precision: precision)) }
        }
        return items
    }

}

/// The items of a verification, and their report as text or JSON.
public struct VerificationReport: Sendable {
    /// Every item verified.
    public var items: [VerificationItem]
    /// The precision they were verified at.
    public var precision: RunningPrecision
    /// The name of the arithmetic in the JSON report: `precision`'s, or a
    /// fixed-point one's (`q15`, ...).
    public var precisionName: String?
    /// Whether every check of every item passed.
    public var passed: Bool { items.allSatisfy(\.passed) }

    /// A report of `items`, verified at `precision` (named `precisionName`
    /// in the JSON when that is given).
    public init(items: [VerificationItem], precision: RunningPrecision, precisionName: String? = nil) {
        self.items = items
        self.precision = precision
        self.precisionName = precisionName
    }

    // MARK: Reports

    /// The report for a person: each item, its checks (`ok` or `FAIL`) and figures, and a summary line.
    public var text: String {
        var out = ""
        for item in items {
            out += item.label + "\n"
            for check in item.checks {
                out += (check.skipped ? "  skip  " : check.passed ? "  ok    " : "  FAIL  ") + check.name + ": " + check.detail + "\n"
            }
            for note in item.notes { out += "  note  " + note + "\n" }
            for figure in item.figures {
                out += "        " + figure.name + ": " + Verification.format(figure.value)
                    + (figure.unit.isEmpty ? "" : " " + figure.unit) + "\n"
            }
        }
        let failed = items.filter { !$0.passed }
        let skipped = items.reduce(0) { $0 + $1.checks.filter(\.skipped).count }
        out += failed.isEmpty
            ? "verified: \(items.count) of \(items.count) passed every check"
                + (skipped == 0 ? "\n" : " made (\(skipped) skipped, see above)\n")
            : "FAILED: \(failed.count) of \(items.count): " + failed.map(\.label).joined(separator: "; ") + "\n"
        return out
    }

    /// The report for a machine.
    public var json: String {
        let list: [JSONValue] = items.map { item in
            .object([
                ("label", .string(item.label)),
                ("passed", .bool(item.passed)),
                ("checks", .array(item.checks.map { .object([("name", .string($0.name)), ("passed", .bool($0.passed))]
                    + ($0.skipped ? [("skipped", .bool(true))] : []) + [
                                                             ("detail", .string($0.detail))]) })),
                ("notes", .array(item.notes.map { .string($0) })),
                ("figures", .array(item.figures.map { .object([("name", .string($0.name)), ("value", .number($0.value)),
                                                               ("unit", .string($0.unit))]) })),
            ])
        }
        return JSONValue.object([("passed", .bool(passed)), ("precision", .string(precisionName ?? precision.rawValue)), ("items", .array(list))]).text() + "\n"
    }
}

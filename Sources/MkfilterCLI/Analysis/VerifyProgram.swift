import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRuntime
import FilterSets
import Foundation

/// `mkfilter verify`: checks a design as it will run, or audits the
/// `DigitalFilterTemplate` definitions in Swift or C files against a redesign.
public enum VerifyProgram {
    /// One verified item: a design or a template, with its checks.
    struct Item {
        var label: String
        var checks: [VerificationCheck]
        var figures: [VerificationFigure]
        var passed: Bool { checks.allSatisfy(\.passed) }
    }

    /// Runs `mkfilter verify` on the words after `verify`. Exit status 0 when
    /// every check of every item passes, 2 when a check fails, 1 on a usage error.
    public static func run(arguments: [String]) -> InvocationResult {
        do throws(UsageError) {
            let args = try AnalysisArguments(arguments, command: "verify", accepted: ["--json", "--precision"])
            let items: [Item]
            if let first = args.designWords.first, !first.hasPrefix("-") {
                guard args.positional.count == args.designWords.count else {
                    throw UsageError("give either template files or design options, not both")
                }
                guard args.precision != .gencode else {
                    throw UsageError("--precision gencode describes a design's listing; templates run in double or float")
                }
                items = try audit(files: args.positional, precision: args.precision)
            } else {
                items = [try verifyDesign(args)]
            }
            let text = args.json ? json(items, precision: args.precision) : report(items)
            return InvocationResult(standardOutput: text, standardError: "",
                                    exitCode: items.allSatisfy(\.passed) ? 0 : 2)
        } catch {
            return .failure("mkfilter verify", error, usage: "Usage: mkfilter verify <design options> [--precision double|float|gencode] [--json]\n       mkfilter verify FILE... [--json]")
        }
    }

    // MARK: A design

    static func verifyDesign(_ args: AnalysisArguments) throws(UsageError) -> Item {
        let design = try args.design()
        let commandLine = (["mkfilter"] + args.designWords).joined(separator: " ")
        guard let designed = TransferFunction(design: design), designed.isFinite else {
            throw UsageError("the design has no finite passband gain G (a Q = Inf resonator is an oscillator); there is nothing to normalise or verify")
        }
        let template: DigitalFilterTemplate
        do { template = try TemplateBuilder.template(for: design, name: "filter", description: "", tag: 0) }
        catch { throw UsageError(error.description) }
        let asRun: TransferFunction
        let runImpulse: @Sendable (Int) -> [Double]
        switch args.precision {
        case .double, .float:
            (asRun, runImpulse) = runtime(template, inFloat: args.precision == .float)
        case .gencode:
            let printed = try GencodeArithmetic.transfer(design, commandLine: commandLine + " -l")
            asRun = printed
            runImpulse = { n in StoredStateRecurrence.impulse(printed, state: Float.self, count: n) }
        }
        let subject = VerificationSubject(
            label: commandLine, specification: design.specification, designed: designed, asRun: asRun,
            precision: args.precision, sampleRate: design.specification.corners.sampleRate, runImpulse: runImpulse)
        let v = Verification.verify(subject)
        return Item(label: "\(commandLine) (as run in \(description(args.precision)))", checks: v.checks, figures: v.figures)
    }

    static func description(_ p: RunningPrecision) -> String {
        switch p {
        case .double: return "Double"
        case .float: return "Float"
        case .gencode: return "Fisher's gencode C: 10 decimals, float state"
        }
    }

    /// The filter `DigitalFilter<Double>` (or `<Float>`) runs for `template`, and
    /// that runtime's own impulse response.
    static func runtime(_ template: DigitalFilterTemplate, inFloat: Bool)
        -> (TransferFunction, @Sendable (Int) -> [Double]) {
        inFloat
            ? (.runtime(template, as: Float.self), { n in runtimeImpulse(template, Float.self, count: n) })
            : (.runtime(template, as: Double.self), { n in runtimeImpulse(template, Double.self, count: n) })
    }

    /// The runtime's own impulse response: `DigitalFilter<Sample>` fed 1, 0, 0, ...
    static func runtimeImpulse<Sample: BinaryFloatingPoint & SIMDScalar & Sendable>(
        _ template: DigitalFilterTemplate, _: Sample.Type, count: Int
    ) -> [Double] {
        var filter = DigitalFilter<Sample>(template)
        var input = [Sample](repeating: 0, count: count)
        if count > 0 { input[0] = 1 }
        return filter.process(input).map { Double($0) }
    }

    // MARK: Template files

    /// Audits every template in `files`, run at `precision`.
    static func audit(files: [String], precision: RunningPrecision) throws(UsageError) -> [Item] {
        var items: [Item] = []
        for file in files {
            let text: String
            do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
                throw UsageError("\(ArgumentValues.quoted(file)): cannot read it (\(error.localizedDescription))")
            }
            let definitions: [TemplateDefinition]
            do { definitions = try TemplateSourceReader.read(text, file: file) } catch { throw UsageError(error.description) }
            for definition in definitions { items.append(TemplateAudit.audit(definition, precision: precision)) }
        }
        return items
    }

    // MARK: Reports

    static func report(_ items: [Item]) -> String {
        var out = ""
        for item in items {
            out += item.label + "\n"
            for check in item.checks {
                out += (check.passed ? "  ok    " : "  FAIL  ") + check.name + ": " + check.detail + "\n"
            }
            for figure in item.figures {
                out += "        " + figure.name + ": " + Verification.format(figure.value)
                    + (figure.unit.isEmpty ? "" : " " + figure.unit) + "\n"
            }
        }
        let failed = items.filter { !$0.passed }
        out += failed.isEmpty
            ? "verified: \(items.count) of \(items.count) passed every check\n"
            : "FAILED: \(failed.count) of \(items.count): " + failed.map(\.label).joined(separator: "; ") + "\n"
        return out
    }

    static func json(_ items: [Item], precision: RunningPrecision) -> String {
        typealias V = JSONEmitter.Value
        let list: [V] = items.map { item in
            .object([
                ("label", .string(item.label)),
                ("passed", .bool(item.passed)),
                ("checks", .array(item.checks.map { .object([("name", .string($0.name)), ("passed", .bool($0.passed)),
                                                             ("detail", .string($0.detail))]) })),
                ("figures", .array(item.figures.map { .object([("name", .string($0.name)), ("value", .number($0.value)),
                                                               ("unit", .string($0.unit))]) })),
            ])
        }
        return JSONEmitter.write(.object([("passed", .bool(items.allSatisfy(\.passed))),
                                          ("precision", .string(precision.rawValue)), ("items", .array(list))]),
                                 indent: "") + "\n"
    }
}

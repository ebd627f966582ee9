import EmissionTemplates
import FilterDesign
import FilterEmission
import FilterJSON
import FilterRuntime

extension EmissionRequest {
    /// The code of the FIR filter `fir` (designed by `commandLine`) in
    /// `format`, one of `EmissionFormat.writing(.taps)`: its taps as a
    /// `FIRTemplate` through `FIREmitter`, or its JSON (`FIRFilter.json`, with
    /// the name and description when given).
    func firCode(_ fir: FIRFilter, commandLine: String) throws(ApplicationError) -> (code: String, notes: [String]) {
        let filterName = name ?? Self.defaultName(fir)
        let template = FIRTemplate(name: filterName, description: description, designSampleRate: fir.recipe.sampleRate ?? 1,
                                   taps: fir.taps, mkfilterCommandLine: commandLine)
        do {
            var renderer = TemplateRenderer.embedded
            if let templateText { renderer = renderer.overriding(try templateName(), with: templateText) }
            switch format {
            case .json:
                guard case .object(let members) = fir.json else { return (fir.json.text() + "\n", []) }
                var named: [(key: String, value: JSONValue)] = []
                if let name { named.append(("name", .string(name))) }
                if !description.isEmpty { named.append(("description", .string(description))) }
                return (JSONValue.object(named + members).text() + "\n", [])
            case .c:
                return (try FIREmitter.c([template], prefix: namespace ?? "mkfilter", precision: cPrecision, renderer: renderer), [])
            case .cmsis:
                return (try FIREmitter.cmsis([template], prefix: namespace ?? "mkfilter", renderer: renderer), [])
            case .cmsisQ15, .cmsisQ31:
                guard fixedPointScaling == .l1 else {
                    throw ApplicationError("--fixed-point-scaling linf: a FIR filter is scaled by its taps' L1 norm, safe for any input; leave it out")
                }
                let fixed: FixedPointTaps
                do { fixed = try FixedPointTaps(fir.taps, arithmetic: FixedPointArithmetic(format == .cmsisQ15 ? .q15 : .q31)) } catch {
                    throw ApplicationError("--emit \(format.rawValue): \(error.description)", underlying: error)
                }
                let code = try FIREmitter.cmsisFixed([(template, fixed)], prefix: namespace ?? "mkfilter", renderer: renderer)
                return (code, [FixedPointNotes.summary(fixed)] + (FixedPointNotes.warning(fixed).map { ["warning: " + $0] } ?? []))
            case .swift:
                let swiftNamespace = namespace ?? SwiftSource.defaultNamespace(filterName: filterName, outputFile: outputFile)
                return (try FIREmitter.swift([template], namespace: swiftNamespace, renderer: renderer), [])
            case .vdsp:
                let swiftNamespace = namespace ?? SwiftSource.defaultNamespace(filterName: filterName, outputFile: outputFile)
                return (try FIREmitter.vdsp([template], namespace: swiftNamespace, renderer: renderer), [])
            case .js:
                let jsNamespace = namespace ?? SwiftSource.defaultNamespace(filterName: filterName, outputFile: outputFile)
                return (try FIREmitter.js([template], namespace: jsNamespace, renderer: renderer), [])
            default:
                throw ApplicationError("--emit \(format.rawValue) does not write a FIR filter; a FIR design is emitted as "
                                       + EmissionFormat.names(EmissionFormat.writing(.taps)))
            }
        } catch let error as ApplicationError {
            throw error
        } catch {
            throw ApplicationError(wrapping: error)
        }
    }

    /// "remez 31 taps" and the like.
    public static func defaultName(_ fir: FIRFilter) -> String {
        "\(fir.recipe.method.name) \(fir.taps.count) taps"
    }
}

import EmissionTemplates
import FilterDesign
import FilterEmission
import FilterJSON
import FilterRuntime

extension EmissionRequest {
    /// The code of the resampler `filter` (asked for by `commandLine`) in
    /// `format`, one of `EmissionFormat.writing(.resampler)`: Swift for
    /// `PolyphaseResampler`, CMSIS-DSP's decimator or interpolator (float32_t,
    /// q15, q31), or JSON (`method`, `up`, `down`, `taps`, `count`, `delay`).
    func resamplerCode(_ filter: ResamplingFilter, commandLine: String) throws(ApplicationError) -> (code: String, notes: [String]) {
        let filterName = name ?? "resample \(filter.ratio)"
        let template = FIRTemplate(name: filterName, description: description, designSampleRate: 1,
                                   taps: filter.taps, mkfilterCommandLine: commandLine)
        let resampler = ResamplerEmitter.Resampler(template: template, up: filter.up, down: filter.down)
        do {
            var renderer = TemplateRenderer.embedded
            if let templateText { renderer = renderer.overriding(try templateName(), with: templateText) }
            switch format {
            case .json:
                var members: [(key: String, value: JSONValue)] = []
                if let name { members.append(("name", .string(name))) }
                if !description.isEmpty { members.append(("description", .string(description))) }
                members += [
                    ("method", .string("resample_poly")), ("up", .integer(filter.up)), ("down", .integer(filter.down)),
                    ("taps", .array(filter.taps.map { .number($0) })), ("count", .integer(filter.taps.count)),
                    ("delay", .number(Double(filter.taps.count - 1) / 2)),
                ]
                return (JSONValue.object(members).text() + "\n", [])
            case .swift:
                let swiftNamespace = namespace ?? SwiftSource.defaultNamespace(filterName: filterName, outputFile: outputFile)
                return (try ResamplerEmitter.swift(resampler, namespace: swiftNamespace, renderer: renderer), [])
            case .cmsis:
                return (try ResamplerEmitter.cmsis(resampler, fixed: nil, prefix: namespace ?? "mkfilter", renderer: renderer), [])
            case .cmsisQ15, .cmsisQ31:
                guard fixedPointScaling == .l1 else {
                    throw ApplicationError("--fixed-point-scaling linf: a resampler's taps are scaled by their L1 norm, safe for any input; leave it out")
                }
                let structure = try ResamplerEmitter.cmsisStructure(resampler)
                let fixed: FixedPointTaps
                do {
                    fixed = try FixedPointTaps(filter.taps, arithmetic: FixedPointArithmetic(format == .cmsisQ15 ? .q15 : .q31),
                                               structure: structure)
                } catch {
                    throw ApplicationError("--emit \(format.rawValue): \(error.description)", underlying: error)
                }
                let code = try ResamplerEmitter.cmsis(resampler, fixed: fixed, prefix: namespace ?? "mkfilter", renderer: renderer)
                return (code, [FixedPointNotes.summary(fixed)] + (FixedPointNotes.warning(fixed).map { ["warning: " + $0] } ?? []))
            default:
                throw ApplicationError("--emit \(format.rawValue) does not write a resampler; a resampler is emitted as "
                                       + EmissionFormat.names(EmissionFormat.writing(.resampler)))
            }
        } catch let error as ApplicationError {
            throw error
        } catch let error as EmissionError {
            throw ApplicationError("--emit \(format.rawValue): \(error.description)", underlying: error)
        } catch {
            throw ApplicationError(wrapping: error)
        }
    }
}

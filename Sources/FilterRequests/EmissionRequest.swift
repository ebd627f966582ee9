import EmissionTemplates
import FilterDesign
import FilterEmission
import FilterJSON
import FisherCompatibility

/// Code for a designed filter, IIR or FIR, in one of the formats of
/// `EmissionFormat` (which says what each writes).
public struct EmissionRequest: Sendable {
    /// What is emitted.
    public enum Source: Sendable {
        /// An IIR design: its sections or Fisher's recurrence.
        case design(Design)
        /// A FIR design's taps, with the command line that designs it.
        case fir(FIRFilter, commandLine: String)
        /// A resampler's polyphase filter (`mkfilter resample --emit`), with
        /// the command line that asks for it.
        case resampler(ResamplingFilter, commandLine: String)
    }

    /// What is emitted.
    public var source: Source
    /// The format.
    public var format: EmissionFormat
    /// The filter's name (its identifier in Swift and C); default: family, band and order.
    public var name: String?
    /// A description for the doc comment.
    public var description: String = ""
    /// Shake!'s menu tag.
    public var tag: Int = 0
    /// Swift: the enum holding the filter (default: from `outputFile`, else
    /// from the filter's name; see `SwiftSource.defaultNamespace`); C: the
    /// identifier prefix (default `mkfilter`).
    public var namespace: String?
    /// The file the code is written to, if any: its name without the
    /// extension is the Swift enum when no namespace is given
    /// (`LowPass.swift` -> `LowPass`), so two emitted files do not collide.
    public var outputFile: String?
    /// C: `float` or `double` (the default).
    public var cPrecision: CEmitter.Precision = .double
    /// CMSIS fixed point: how the gain is placed (default L1, safe for any input).
    public var fixedPointScaling: FixedPointScaling = .l1
    /// A mustache template to use instead of the built-in one for `format`.
    public var templateText: String?
    /// The first line of the listing that gencode's formats echo (Fisher's
    /// command line with `-l`).
    public var listingCommandLine: String
    /// The filter already built from `design` with this name, description and
    /// tag, if any (building it is most of the work: a page emitting ten
    /// formats of one design builds it once).
    public var designedFilter: DesignedFilter?

    /// A request for `design` in `format`; see the properties for the rest.
    public init(design: Design, format: EmissionFormat, listingCommandLine: String) {
        self.source = .design(design)
        self.format = format
        self.listingCommandLine = listingCommandLine
    }

    /// A request for the FIR filter `fir` (designed by `commandLine`) in
    /// `format`; see the properties for the rest.
    public init(fir: FIRFilter, commandLine: String, format: EmissionFormat) {
        self.source = .fir(fir, commandLine: commandLine)
        self.format = format
        self.listingCommandLine = commandLine
    }

    /// A request for the resampler `filter` (asked for by `commandLine`) in
    /// `format`; see the properties for the rest.
    public init(resampler filter: ResamplingFilter, commandLine: String, format: EmissionFormat) {
        self.source = .resampler(filter, commandLine: commandLine)
        self.format = format
        self.listingCommandLine = commandLine
    }

    /// What the source offers, best first: an IIR design its sections (unless
    /// realized directly) and its recurrence, a FIR design its taps.
    var offered: [StructureKind] {
        switch source {
        case .design(let design): return design.recipe.realization == .sections ? [.sections, .recurrence] : [.recurrence]
        case .fir: return [.taps]
        case .resampler: return [.resampler]
        }
    }

    /// The realization `format` writes of this source.
    ///
    /// - Throws: `ApplicationError` naming the formats that do write the
    ///   source, when `format` writes none of what it offers.
    public func structureKind() throws(ApplicationError) -> StructureKind {
        let writes = format.declaration.writes
        if let chosen = offered.first(where: { writes.contains($0) }) { return chosen }
        switch source {
        case .fir:
            throw ApplicationError("--emit \(format.rawValue) does not write a FIR filter; a FIR design is emitted as "
                                   + EmissionFormat.names(EmissionFormat.writing(.taps)))
        case .resampler:
            throw ApplicationError("--emit \(format.rawValue) does not write a resampler; a resampler is emitted as "
                                   + EmissionFormat.names(EmissionFormat.writing(.resampler)))
        case .design:
            throw ApplicationError("--emit \(format.rawValue) writes second-order sections; drop --realization direct"
                                   + " (or emit the recurrence as " + EmissionFormat.names(EmissionFormat.writing(.recurrence)) + ")")
        }
    }

    /// The code.
    ///
    /// - Throws: `ApplicationError` for a name that makes no identifier, a
    ///   template that does not fit, or a filter that cannot be normalised.
    public func run() throws(ApplicationError) -> String { try runWithNotes().code }

    /// The code, and what a person should be told about it on standard
    /// error: for the fixed-point formats the scaling, post-shift and
    /// predicted SNR, and a warning when the SNR is not useful.
    ///
    /// The source becomes one `EmittedFilter` (`realized(_:)`: sections, a
    /// recurrence, taps, or their fixed-point forms), which the format's
    /// emitter writes; Fisher's listing and gencode read the design itself,
    /// and the Swift and JSON of an IIR design its Shake! template.
    ///
    /// - Throws: as `run()`, and for a design that cannot be realized in the
    ///   fixed-point format.
    public func runWithNotes() throws(ApplicationError) -> (code: String, notes: [String]) {
        let kind = try structureKind()
        do {
            var renderer = TemplateRenderer.embedded
            if let templateText { renderer = renderer.overriding(try templateName(), with: templateText) }
            if case .design(let design) = source, let fisher = try fisherCode(design, renderer: renderer) { return (fisher, []) }
            // An IIR design's template, built once for what follows.
            var request = self
            if case .design = source, designedFilter == nil { request.designedFilter = try designed() }
            let (filter, notes) = try request.emitted(kind)
            let prefix = namespace ?? "mkfilter"
            let swiftNamespace = namespace ?? SwiftSource.defaultNamespace(filterName: filter.name, outputFile: outputFile)
            let code: String
            switch format {
            case .c: code = try CEmitter.header([filter], prefix: prefix, precision: cPrecision, renderer: renderer)
            case .cmsis: code = try CMSISEmitter.header([filter], prefix: prefix, renderer: renderer)
            case .cmsisQ15, .cmsisQ31: code = try CMSISFixedPointEmitter.header([filter], prefix: prefix, renderer: renderer)
            case .vdsp: code = try VDSPEmitter.source([filter], namespace: swiftNamespace, renderer: renderer)
            case .js: code = try JSEmitter.source([filter], namespace: swiftNamespace, renderer: renderer)
            case .swift:
                if let fir = filter.firTemplate {
                    code = try FIREmitter.swift([fir], namespace: swiftNamespace, renderer: renderer)
                } else if let resampler = filter.resampler {
                    code = try ResamplerEmitter.swift(resampler.resampler, namespace: swiftNamespace, renderer: renderer)
                } else {
                    code = try SwiftEmitter.source([try request.designed().template], namespace: swiftNamespace, renderer: renderer)
                }
            case .json:
                code = try request.jsonCode()
            default:
                throw ApplicationError("internal: --emit \(format.rawValue) reached the emitters")
            }
            return (code, notes)
        } catch let error as ApplicationError {
            throw error
        } catch let error as EmissionError {
            // A resampler's refusals name the format (`--emit cmsis: resampling by 3/2: ...`).
            guard case .resampler = source else { throw ApplicationError(wrapping: error) }
            throw ApplicationError("--emit \(format.rawValue): \(error.description)", underlying: error)
        } catch {
            throw ApplicationError(wrapping: error)
        }
    }

    /// What the source became, as `realization` (for a fixed-point format,
    /// its q15 or q31 form), named; and the notes a fixed-point form brings.
    ///
    /// - Throws: `ApplicationError` for a design that cannot be normalised or
    ///   realized in the fixed-point format, a fixed-point scaling other than
    ///   L1 for taps, or a resampler CMSIS has no structure for.
    public func emitted(_ kind: StructureKind) throws(ApplicationError) -> (filter: EmittedFilter, notes: [String]) {
        let arithmetic = fixedPointArithmetic
        switch source {
        case .design(let design):
            let filter: DesignedFilter
            do { filter = try designed() } catch { throw ApplicationError(wrapping: error) }
            var emitted = EmittedFilter(filter)
            if let arithmetic {
                let fixed: FixedPointSections
                do { fixed = try design.fixedPointSections(arithmetic, scaling: fixedPointScaling) } catch {
                    throw ApplicationError("--emit \(format.rawValue): \(error.description)", underlying: error)
                }
                emitted.structure = .fixedPointSections(fixed)
                return (emitted, [FixedPointNotes.summary(fixed)] + (FixedPointNotes.warning(fixed).map { ["warning: " + $0] } ?? []))
            }
            if kind == .recurrence, case .sections = emitted.structure {
                let t = filter.template
                emitted.structure = .recurrence(gain: t.gain, x: t.xCoefficients, y: t.yCoefficients)
            }
            return (emitted, [])
        case .fir(let fir, let commandLine):
            let emitted = EmittedFilter(.taps(fir.taps), name: name ?? Self.defaultName(fir), description: description, tag: tag,
                                          sampleRate: fir.recipe.sampleRate, commandLine: commandLine)
            guard let arithmetic else { return (emitted, []) }
            guard fixedPointScaling == .l1 else {
                throw ApplicationError("--fixed-point-scaling linf: a FIR filter is scaled by its taps' L1 norm, safe for any input; leave it out")
            }
            let fixed: FixedPointTaps
            do { fixed = try FixedPointTaps(fir.taps, arithmetic: arithmetic) } catch {
                throw ApplicationError("--emit \(format.rawValue): \(error.description)", underlying: error)
            }
            var fixedFilter = emitted
            fixedFilter.structure = .fixedPointTaps(fixed)
            return (fixedFilter, [FixedPointNotes.summary(fixed)] + (FixedPointNotes.warning(fixed).map { ["warning: " + $0] } ?? []))
        case .resampler(let resampling, let commandLine):
            return try emittedResampler(resampling, commandLine: commandLine, arithmetic: arithmetic)
        }
    }

    /// A resampler as emitted: its polyphase taps, named, or (for a
    /// fixed-point format) its taps in q15 or q31 for CMSIS's decimator or
    /// interpolator, scaled by their L1 norm, with the notes that brings.
    private func emittedResampler(_ resampling: ResamplingFilter, commandLine: String, arithmetic: FixedPointArithmetic?)
        throws(ApplicationError) -> (filter: EmittedFilter, notes: [String]) {
        var emitted = EmittedFilter(.polyphase(taps: resampling.taps, up: resampling.up, down: resampling.down),
                                      name: name ?? "resample \(resampling.ratio)", description: description, tag: tag,
                                      sampleRate: nil, commandLine: commandLine)
        emitted.resamplerOrigin = resampling.origin
        guard let arithmetic, let resampler = emitted.resampler else { return (emitted, []) }
        guard fixedPointScaling == .l1 else {
            throw ApplicationError("--fixed-point-scaling linf: a resampler's taps are scaled by their L1 norm, safe for any input; leave it out")
        }
        let structure: FixedPointTaps.Structure, fixed: FixedPointTaps
        do { structure = try ResamplerEmitter.cmsisStructure(resampler.resampler) } catch {
            throw ApplicationError("--emit \(format.rawValue): \(error.description)", underlying: error)
        }
        do { fixed = try FixedPointTaps(resampling.taps, arithmetic: arithmetic, structure: structure) } catch {
            throw ApplicationError("--emit \(format.rawValue): \(error.description)", underlying: error)
        }
        var fixedFilter = emitted
        fixedFilter.structure = .fixedPointTaps(fixed)
        return (fixedFilter, [FixedPointNotes.summary(fixed)] + (FixedPointNotes.warning(fixed).map { ["warning: " + $0] } ?? []))
    }

    /// The IIR design's Shake! template and zeros, poles and gain, built
    /// once (`designedFilter` when the caller built it already).
    func designed() throws(EmissionError) -> DesignedFilter {
        if let designedFilter { return designedFilter }
        guard case .design(let design) = source else { throw EmissionError("internal: not an IIR design") }
        return try DesignedFilter(design, name: name ?? Self.defaultName(design.recipe), description: description, tag: tag)
    }

    /// The fixed-point arithmetic of the CMSIS q15/q31 formats.
    var fixedPointArithmetic: FixedPointArithmetic? {
        switch format {
        case .cmsisQ15: return FixedPointArithmetic(.q15)
        case .cmsisQ31: return FixedPointArithmetic(.q31)
        default: return nil
        }
    }

    /// Fisher's listing or gencode's C or Fortran of `design`, nil for the other formats.
    func fisherCode(_ design: Design, renderer: TemplateRenderer) throws(ApplicationError) -> String? {
        guard format == .listing || format.gencodeLanguage != nil else { return nil }
        let listing: String
        do { listing = try FisherListing(design, commandLine: listingCommandLine).text } catch {
            throw ApplicationError(error.description + " for a listing", underlying: error)
        }
        guard let language = format.gencodeLanguage else { return listing }
        // gencode reads the listing as printed (10 digits), as Fisher's pipe does.
        do { return try Gencode.render(try FisherListing(parsing: listing), as: language, templates: renderer) } catch {
            throw ApplicationError(wrapping: error)
        }
    }

    /// The JSON document: an IIR design's template with its zeros, poles and
    /// gain; a FIR design's taps and recipe (`FIRFilter.json`); a
    /// resampler's method, factors, taps and delay; named when a name or
    /// description was given.
    func jsonCode() throws(ApplicationError) -> String {
        switch source {
        case .resampler(let filter, _):
            var members: [(key: String, value: JSONValue)] = []
            if let name { members.append(("name", .string(name))) }
            if !description.isEmpty { members.append(("description", .string(description))) }
            members += [
                ("method", .string("resample_poly")), ("up", .integer(filter.up)), ("down", .integer(filter.down)),
                ("taps", .array(filter.taps.map { .number($0) })), ("count", .integer(filter.taps.count)),
                ("delay", .number(Double(filter.taps.count - 1) / 2)),
            ]
            return JSONValue.object(members).text() + "\n"
        case .fir(let fir, _):
            guard case .object(let members) = fir.json else { return fir.json.text() + "\n" }
            var named: [(key: String, value: JSONValue)] = []
            if let name { named.append(("name", .string(name))) }
            if !description.isEmpty { named.append(("description", .string(description))) }
            return JSONValue.object(named + members).text() + "\n"
        default:
            do { return try JSONEmitter.document([try designed()]) } catch { throw ApplicationError(wrapping: error) }
        }
    }

    /// The built-in template that `templateText` replaces: the format's
    /// template for what it writes of the source.
    func templateName() throws(ApplicationError) -> String {
        let kind = try structureKind()
        guard let name = format.declaration.templates[kind] else {
            throw ApplicationError("--emit \(format.rawValue) is not template-driven; --template does not apply")
        }
        // Fisher's gencode -ansic writes a FIR recurrence (mkaverage's, all
        // feedback zero) with a template of its own.
        if format == .cAnsic, case .design(let design) = source,
           design.recurrence.yCoefficients.dropLast().allSatisfy({ $0 == 0 }) {
            return "c/gencode-ansic-fir.mustache"
        }
        return name
    }

    /// "butterworth lowPass order 2" and the like.
    public static func defaultName(_ recipe: FilterRecipe) -> String {
        var words = [recipe.family.name.rawValue]
        if let band = recipe.band { words.append(band.rawValue) }
        if let order = recipe.order { words.append("order \(order)") }
        return words.joined(separator: " ")
    }
}

extension EmissionRequest {
    /// "remez 31 taps" and the like.
    public static func defaultName(_ fir: FIRFilter) -> String {
        "\(fir.recipe.method.name) \(fir.taps.count) taps"
    }
}

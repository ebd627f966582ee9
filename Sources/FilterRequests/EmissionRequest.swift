import EmissionTemplates
import FilterDesign
import FilterEmission
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
    /// realised directly) and its recurrence, a FIR design its taps.
    var offered: [Realisation] {
        switch source {
        case .design(let design): return design.recipe.realization == .sections ? [.sections, .recurrence] : [.recurrence]
        case .fir: return [.taps]
        case .resampler: return [.resampler]
        }
    }

    /// The realisation `format` writes of this source.
    ///
    /// - Throws: `ApplicationError` naming the formats that do write the
    ///   source, when `format` writes none of what it offers.
    public func realisation() throws(ApplicationError) -> Realisation {
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
    /// - Throws: as `run()`, and for a design that cannot be realised in the
    ///   fixed-point format.
    public func runWithNotes() throws(ApplicationError) -> (code: String, notes: [String]) {
        let realisation = try realisation()
        let design: Design
        switch source {
        case .design(let d): design = d
        case .fir(let fir, let commandLine): return try firCode(fir, commandLine: commandLine)
        case .resampler(let filter, let commandLine): return try resamplerCode(filter, commandLine: commandLine)
        }
        if let arithmetic = fixedPointArithmetic {
            let fixed: FixedPointSections
            do { fixed = try design.fixedPointSections(arithmetic, scaling: fixedPointScaling) } catch {
                throw ApplicationError("--emit \(format.rawValue): \(error.description)", underlying: error)
            }
            do {
                let filterName = name ?? Self.defaultName(design.recipe)
                let filter = try designedFilter ?? DesignedFilter(design, name: filterName, description: description, tag: tag)
                var renderer = TemplateRenderer.embedded
                if let templateText { renderer = renderer.overriding(try templateName(), with: templateText) }
                let code = try CMSISFixedPointEmitter.header(
                    [.init(template: filter.template, sections: fixed, sampleRate: design.recipe.corners.sampleRate)],
                    prefix: namespace ?? "mkfilter", renderer: renderer)
                return (code, [FixedPointNotes.summary(fixed)] + (FixedPointNotes.warning(fixed).map { ["warning: " + $0] } ?? []))
            } catch let error as ApplicationError {
                throw error
            } catch {
                throw ApplicationError(wrapping: error)
            }
        }
        return (try code(design, realisation), [])
    }

    /// The fixed-point arithmetic of the CMSIS q15/q31 formats.
    var fixedPointArithmetic: FixedPointArithmetic? {
        switch format {
        case .cmsisQ15: return FixedPointArithmetic(.q15)
        case .cmsisQ31: return FixedPointArithmetic(.q31)
        default: return nil
        }
    }

    func code(_ design: Design, _ realisation: Realisation) throws(ApplicationError) -> String {
        do {
            var renderer = TemplateRenderer.embedded
            if let templateText { renderer = renderer.overriding(try templateName(), with: templateText) }
            if format == .listing {
                do { return try FisherListing(design, commandLine: listingCommandLine).text } catch {
                    throw ApplicationError(error.description + " for a listing", underlying: error)
                }
            }
            if let language = format.gencodeLanguage {
                // gencode reads the listing as printed (10 digits), as Fisher's pipe does.
                let printed: String
                do { printed = try FisherListing(design, commandLine: listingCommandLine).text } catch {
                    throw ApplicationError(error.description + " for a listing", underlying: error)
                }
                return try Gencode.render(try FisherListing(parsing: printed), as: language, templates: renderer)
            }
            let filterName = name ?? Self.defaultName(design.recipe)
            let filter = try designedFilter ?? DesignedFilter(design, name: filterName, description: description, tag: tag)
            let template = filter.template
            let swiftNamespace = namespace ?? SwiftSource.defaultNamespace(filterName: filterName, outputFile: outputFile)
            switch format {
            case .swift: return try SwiftEmitter.source([template], namespace: swiftNamespace, renderer: renderer)
            case .c: return try CEmitter.header([template], prefix: namespace ?? "mkfilter", precision: cPrecision, renderer: renderer)
            case .cmsis: return try CMSISEmitter.header([template], prefix: namespace ?? "mkfilter", renderer: renderer)
            case .vdsp: return try VDSPEmitter.source([template], namespace: swiftNamespace, renderer: renderer)
            case .js: return try JSEmitter.source([template], namespace: swiftNamespace, renderer: renderer)
            case .json: return try JSONEmitter.document([filter])
            default: throw ApplicationError("internal: --emit \(format.rawValue) reached the IIR emitters")
            }
        } catch let error as ApplicationError {
            throw error
        } catch {
            throw ApplicationError(wrapping: error)
        }
    }

    /// The built-in template that `templateText` replaces: the format's
    /// template for what it writes of the source.
    func templateName() throws(ApplicationError) -> String {
        let realisation = try realisation()
        guard let name = format.declaration.templates[realisation] else {
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

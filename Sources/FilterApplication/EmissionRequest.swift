import EmissionTemplates
import FilterDesign
import FilterEmission
import FisherCompatibility

/// The code formats a design can be emitted in.
public enum EmissionFormat: String, Sendable, CaseIterable {
    /// `DigitalFilterTemplate` constants (Templates/swift/filters.mustache).
    case swift
    /// A C header: state struct, init and step function (Templates/c/filters.h.mustache).
    case c
    /// Fisher's gencode `-ansic`, `-xyc` and `-f`, exactly as he prints them.
    case cAnsic = "c-ansic", cXyc = "c-xyc", cF = "c-f"
    /// Every template field, the provenance, the zeros, poles and gain, and the sections as JSON.
    case json
    /// A C header for CMSIS-DSP's biquad cascades (sections, float32_t).
    case cmsis
    /// A C header for CMSIS-DSP's fixed-point biquad cascades in Q15
    /// (`arm_biquad_cascade_df1_q15`), scaled so that nothing overflows.
    case cmsisQ15 = "cmsis-q15"
    /// The same in Q31 (`arm_biquad_cascade_df1_q31`).
    case cmsisQ31 = "cmsis-q31"
    /// Swift for Accelerate's `vDSP.Biquad` (sections).
    case vdsp
    /// JavaScript: sections, a step function and state, for the browser and node.
    case js

    /// Fisher's gencode language, for the gencode formats.
    var gencodeLanguage: Gencode.Language? {
        switch self {
        case .cAnsic: return .ansic
        case .cXyc: return .xyc
        case .cF: return .f
        default: return nil
        }
    }
}

/// Code for a designed filter.
public struct EmissionRequest: Sendable {
    /// The filter.
    public var design: Design
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
        self.design = design
        self.format = format
        self.listingCommandLine = listingCommandLine
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
        if let arithmetic = fixedPointArithmetic {
            guard design.recipe.realization == .sections else {
                throw ApplicationError("--emit \(format.rawValue): CMSIS-DSP's biquads are second-order sections; drop --realization direct")
            }
            let fixed: FixedPointSections
            do { fixed = try design.fixedPointSections(arithmetic, scaling: fixedPointScaling) } catch {
                throw ApplicationError("--emit \(format.rawValue): \(error.description)")
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
                throw ApplicationError("\(error)")
            }
        }
        return (try code(), [])
    }

    /// The fixed-point arithmetic of the CMSIS q15/q31 formats.
    var fixedPointArithmetic: FixedPointArithmetic? {
        switch format {
        case .cmsisQ15: return FixedPointArithmetic(.q15)
        case .cmsisQ31: return FixedPointArithmetic(.q31)
        default: return nil
        }
    }

    func code() throws(ApplicationError) -> String {
        do {
            var renderer = TemplateRenderer.embedded
            if let templateText { renderer = renderer.overriding(try templateName(), with: templateText) }
            if let language = format.gencodeLanguage {
                // gencode reads the listing as printed (10 digits), as Fisher's pipe does.
                let printed: String
                do { printed = try FisherListing(design, commandLine: listingCommandLine).text } catch {
                    throw ApplicationError(error.description + " for a listing")
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
            default: return try JSONEmitter.document([filter])
            }
        } catch let error as ApplicationError {
            throw error
        } catch {
            throw ApplicationError("\(error)")
        }
    }

    /// The built-in template that `templateText` replaces.
    func templateName() throws(ApplicationError) -> String {
        switch format {
        case .swift: return "swift/filters.mustache"
        case .c: return "c/filters.h.mustache"
        case .cmsis: return "c/cmsis.h.mustache"
        case .cmsisQ15, .cmsisQ31: return "c/cmsis-fixed.h.mustache"
        case .vdsp: return "swift/vdsp.mustache"
        case .js: return "js/filters.mustache"
        case .cXyc: return "c/gencode-xyc.mustache"
        case .cF: return "c/gencode-f.mustache"
        case .cAnsic:
            return design.recurrence.yCoefficients.dropLast().allSatisfy({ $0 == 0 })
                ? "c/gencode-ansic-fir.mustache" : "c/gencode-ansic-iir.mustache"
        case .json: throw ApplicationError("--emit json is not template-driven; --template does not apply")
        }
    }

    /// "butterworth lowPass order 2" and the like.
    public static func defaultName(_ recipe: FilterRecipe) -> String {
        var words = [recipe.family.name.rawValue]
        if let band = recipe.band { words.append(band.rawValue) }
        if let order = recipe.order { words.append("order \(order)") }
        return words.joined(separator: " ")
    }
}

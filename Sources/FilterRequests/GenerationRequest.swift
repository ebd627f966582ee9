import EmissionTemplates
import FilterDesign
import FilterEmission
import FilterRuntime
import FilterSets

/// The filters of a filter set file (`*.filters.json`) as source code: what
/// `mkfilter generate`, the build plugin's tool and the command plugin do.
public struct GenerationRequest: Sendable {
    /// The formats a filter set is written in: those of `EmissionFormat`
    /// declared `writesFilterSets`.
    public static var formats: [EmissionFormat] { EmissionFormat.allCases.filter(\.declaration.writesFilterSets) }

    /// Where the source goes.
    public enum Destination: Sendable, Equatable {
        /// Returned as text: every namespace in one file.
        case text
        /// One file holding every namespace (the build plugin).
        case file(String)
        /// `<Namespace>.swift` per namespace in a directory (the command plugin, `Generated/`).
        case directory(String)
    }

    /// The spec file.
    public var specPath: String
    /// Overrides the spec's sample rate(s).
    public var sampleRate: Double?
    /// Overrides the spec's namespace.
    public var namespace: String?
    /// Swift (default), C or JSON.
    public var format: EmissionFormat = .swift
    /// Where the source goes.
    public var destination: Destination = .text
    /// Compare with the files at the destination instead of writing them.
    public var check = false

    /// A request to generate `specPath`; see the properties for the rest.
    public init(specPath: String) { self.specPath = specPath }

    /// Generates (or checks). Nothing is written unless every filter designs;
    /// files are written whole, each through a temporary file and a rename.
    ///
    /// - Returns: the source for `.text`, else one line per file written or checked.
    /// - Throws: `ApplicationError` with one line per problem, each naming the
    ///   file, the filter and the field.
    public func run() throws(ApplicationError) -> String {
        guard format.declaration.writesFilterSets else {
            throw ApplicationError("--emit \(format.rawValue) does not write a filter set; use " + EmissionFormat.names(Self.formats))
        }
        if check && destination == .text { throw ApplicationError("--check compares with files: give --output or --output-directory") }
        if !check, case .file(let path) = destination {
            try FileOutput.refuseOverwriting(input: specPath, describedAs: "the filter set file", with: [("--output", path)])
        }
        let spec: FilterSetSpec
        do { spec = try FilterSetGeneration.load(specPath, sampleRate: sampleRate, namespace: namespace) } catch {
            throw ApplicationError(messages: error.errors.map(\.description))
        }
        if format == .swift { return try swiftSource(spec) }
        let text = try oneRateSource(spec)
        if case .file(let path) = destination {
            if let reason = FileOutput.write(text, to: path) {
                throw ApplicationError("--output \(quotedForMessage(path)): cannot write it (\(reason))")
            }
            return ""
        }
        return text
    }

    /// The Swift: one file (or the text), or one per namespace; with
    /// `check`, the files compared instead of written.
    func swiftSource(_ spec: FilterSetSpec) throws(ApplicationError) -> String {
        do {
            switch destination {
            case .text: return try FilterSetSource.singleFile(spec)
            case .file(let path):
                let lines = try FilterSetGeneration.run(spec, to: .file(path), check: check)
                return check ? lines.map { $0 + "\n" }.joined() : ""
            case .directory(let path):
                let lines = try FilterSetGeneration.run(spec, to: .directory(path), check: check)
                return check ? lines.map { $0 + "\n" }.joined() : ""
            }
        } catch {
            throw ApplicationError(messages: error.errors.map(\.description))
        }
    }

    /// C, CMSIS, vDSP or JSON: one sample rate, one file; a file of IIR
    /// filters or one of FIR filters (JSON: both).
    func oneRateSource(_ spec: FilterSetSpec) throws(ApplicationError) -> String {
        guard spec.sampleRates.count == 1 else {
            throw ApplicationError("--emit \(format.rawValue) writes one sample rate; the spec lists \(spec.sampleRates.count): choose one with --sample-rate")
        }
        if case .directory = destination { throw ApplicationError("--output-directory and --check apply to --emit swift") }
        guard !check else { throw ApplicationError("--output-directory and --check apply to --emit swift") }
        let filters: [SetFilter]
        do { filters = try spec.designs(sampleRate: spec.sampleRates[0]) } catch {
            throw ApplicationError(messages: error.errors.map(\.description))
        }
        var designed: [DesignedFilter] = [], fir: [FIRTemplate] = []
        for filter in filters {
            switch filter {
            case .iir(let filter): designed.append(filter)
            case .fir(let template): fir.append(template)
            }
        }
        let firNames = fir.map(\.name)
        // Pass-throughs have no CMSIS or vDSP code, nor a place in a file of FIR filters.
        let running = format == .c && firNames.isEmpty ? filters : filters.filter {
            if case .iir(let designed) = $0 { return designed.template.filterClass != .passThrough }
            return true
        }
        if !firNames.isEmpty {
            let named = "FIR: " + firNames.map(quotedForMessage).joined(separator: ", ")
            if format != .json, running.count > firNames.count {
                throw ApplicationError("\(specPath): --emit \(format.rawValue) writes one file of IIR filters or one of FIR filters, and this set has both (\(named)); give the FIR filters a spec file of their own, or use --emit swift or json, which write both")
            }
        }
        let emit: () throws(EmissionError) -> String
        switch format {
        case .c: emit = { () throws(EmissionError) in try CEmitter.header(running.map(\.emitted), prefix: spec.namespace, precision: .double) }
        case .cmsis: emit = { () throws(EmissionError) in try CMSISEmitter.header(running.map(\.emitted), prefix: spec.namespace) }
        case .vdsp: emit = { () throws(EmissionError) in try VDSPEmitter.source(running.map(\.emitted), namespace: spec.namespace) }
        case .json: emit = { () throws(EmissionError) in try JSONEmitter.document(designed, fir: fir) }
        default:
            throw ApplicationError("\(specPath): --emit \(format.rawValue) does not write a filter set; use " + EmissionFormat.names(Self.formats))
        }
        do throws(EmissionError) { return try emit() } catch { throw ApplicationError("\(specPath): \(error.description)", underlying: error) }
    }
}

import FilterDesign
import FilterEmission
import FilterRequests
import FilterSets
import FisherCompatibility

/// One design command, from its words to what it prints: Fisher's report or
/// listing, a FIR design's report, or the code of either in a format. The
/// one application step behind `mkfilter`'s design commands (Fisher's
/// options; remez, firls, firwin, firwin2, fir): the command line splits
/// the words, calls `run()`, and prints or writes what it returns.
public struct DesignCommandRequest: Sendable {
    /// The design, in the command line's words.
    public enum Design: Sendable {
        /// Fisher's options, and ours beside them (`-Bu -Lp -o 2 -a 0.1`).
        case fisher(words: [String])
        /// A FIR design command's options (`remez`, `--taps 31 --bands ...`),
        /// read by `FIRFields`.
        case fir(method: FIRMethodName, words: [String])
        /// `resample --up L --down M`: scipy's `resample_poly` filter
        /// (`ResamplingFilter`), written only as code.
        case resampler(up: Int, down: Int)
    }

    /// What `run()` returns: the text, and the warnings and notes for
    /// standard error (each one line, without the program's name).
    public struct Output: Sendable, Equatable {
        /// The report, listing or code.
        public var text: String
        /// One line each.
        public var warnings: [String]
    }

    /// The design.
    public var design: Design
    /// The code asked for; nil: the report (Fisher's listing with `-l`).
    public var emission: EmissionSettings?

    /// A request for `design`, printed as `emission` asks (the report when nil).
    public init(design: Design, emission: EmissionSettings? = nil) {
        self.design = design
        self.emission = emission
    }

    /// The command line that designs it: `mkfilter` and the design's words.
    public var commandLine: String {
        switch design {
        case .fisher(let words): return (["mkfilter"] + words).joined(separator: " ")
        case let .fir(method, words): return (["mkfilter", method.rawValue] + words).joined(separator: " ")
        case let .resampler(up, down): return "mkfilter resample --up \(up) --down \(down)"
        }
    }

    /// Reads the words, designs the filter and writes what is asked for.
    ///
    /// - Throws: `ApplicationError` with the words' problems (the reader's,
    ///   its `underlying` the form's error, which says whether the usage
    ///   helps), the design's failure, or the emitter's refusal.
    public func run() throws(ApplicationError) -> Output {
        switch design {
        case .fisher(let words): return try fisher(words)
        case let .fir(method, words): return try fir(method, words)
        case let .resampler(up, down): return try resampler(up: up, down: down)
        }
    }

    /// Fisher's words: his report or listing, or the code; the design's
    /// warnings (a resonator that did not converge, sections that fail
    /// verify's checks as stored) and the emitter's notes.
    func fisher(_ words: [String]) throws(ApplicationError) -> Output {
        let line: FisherCommandLine
        do { line = try FisherCommandLine(words) } catch {
            var failure = ApplicationError(messages: error.messages)
            failure.underlying = error
            throw failure
        }
        let result = try DesignRequest(line).run()
        let warnings = result.warnings + VerificationRequest.designWarnings(result.design)
        guard let emission else {
            if line.wantsListing { return Output(text: try result.listing(commandLine: commandLine), warnings: warnings) }
            return Output(text: result.report(commandLine: commandLine), warnings: warnings)
        }
        if line.wantsListing, ![.cAnsic, .cXyc, .cF, .listing].contains(emission.format) {
            throw ApplicationError("-l asks for Fisher's listing, which --emit \(emission.format.rawValue) does not print: leave it out (gencode's c-ansic, c-xyc and c-f are made from the listing)")
        }
        // The listing gencode would have read: the design's own command line, with -l.
        var request = EmissionRequest(design: result.design, format: emission.format,
                                      listingCommandLine: commandLine + (line.wantsListing ? "" : " -l"))
        try emission.apply(to: &request)
        let (code, notes) = try request.runWithNotes()
        return Output(text: code, warnings: warnings + notes)
    }

    /// A FIR command's words: the report (for `fir` with the specification
    /// and the counts tried), or the code and the emitter's notes.
    func fir(_ method: FIRMethodName, _ words: [String]) throws(ApplicationError) -> Output {
        if emission?.tag != nil {
            throw ApplicationError("--tag is the menu tag of an IIR DigitalFilterTemplate; a FIR filter has none: leave it out")
        }
        let designed: (filter: FIRFilter, specification: FIRSpecification?, tried: [(taps: Int, meets: Bool)])
        do { designed = try FIRFields(method: method, optionWords: words).design() } catch {
            throw ApplicationError(error.description, field: error.field, underlying: error)
        }
        guard let emission else {
            guard let specification = designed.specification else { return Output(text: designed.filter.report, warnings: []) }
            return Output(text: FIRSpecificationReport.text(specification, filter: designed.filter, tried: designed.tried), warnings: [])
        }
        var request = EmissionRequest(fir: designed.filter, commandLine: commandLine, format: emission.format)
        try emission.apply(to: &request)
        let (code, notes) = try request.runWithNotes()
        return Output(text: code, warnings: notes)
    }

    /// The resampler's code and the emitter's notes (it has no report).
    func resampler(up: Int, down: Int) throws(ApplicationError) -> Output {
        guard let emission else {
            throw ApplicationError("a resampler is written as code: give --emit (\(EmissionFormat.names(EmissionFormat.allCases)))")
        }
        if emission.tag != nil {
            throw ApplicationError("--tag is the menu tag of an IIR DigitalFilterTemplate; a resampler has none: leave it out")
        }
        let filter: ResamplingFilter
        do { filter = try ResamplingFilter(up: up, down: down) } catch {
            throw ApplicationError(error.description, underlying: error)
        }
        var request = EmissionRequest(resampler: filter, commandLine: commandLine, format: emission.format)
        try emission.apply(to: &request)
        let (code, notes) = try request.runWithNotes()
        return Output(text: code, warnings: notes)
    }
}

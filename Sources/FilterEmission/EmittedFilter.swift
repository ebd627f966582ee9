import EmissionTemplates
import FilterDesign
import FilterRuntime

/// What a design became, as every format writes it: the structure that
/// runs, with the names and the record of how it was designed. The one input
/// of the C, CMSIS-DSP (float and fixed point), vDSP and JavaScript emitters,
/// for IIR and FIR filters alike; each writes the structures it can
/// (`EmissionFormat`'s declaration says which) and refuses the others by
/// name. Shake!'s `DigitalFilterTemplate`, with its direct-form fields and
/// menu tag, is what the Swift emitter writes of an IIR design, not what the
/// other emitters read.
public struct EmittedFilter: Sendable {
    /// What runs.
    public enum Structure: Sendable {
        /// Second-order sections in cascade order, the gain in them (`SectionCascade`).
        case sections([Biquad])
        /// Fisher's recurrence: the input divided by `gain`, then
        /// y[n] = sum_i x_i v[n - NZ + i] + sum_i y_i y[n - NP + i], x and y
        /// oldest first (`DigitalFilterTemplate`'s direct form).
        case recurrence(gain: Double, x: [Double], y: [Double])
        /// A FIR filter's taps h[0] ... h[N-1]: y[n] = sum_k h[k] x[n - k].
        case taps([Double])
        /// CMSIS-DSP's q15 or q31 biquad cascade, scaled and proven (`FixedPointSections`).
        case fixedPointSections(FixedPointSections)
        /// A rational resampler's filter (`mkfilter resample --emit`): the
        /// taps h at L times the input rate, upsampling by L and
        /// downsampling by M (`PolyphaseResampler`; CMSIS's decimator or
        /// interpolator when L or M is 1).
        case polyphase(taps: [Double], up: Int, down: Int)
        /// CMSIS-DSP's q15 or q31 FIR taps, scaled and proven
        /// (`FixedPointTaps`), for `arm_fir`, or for the decimator or
        /// interpolator its structure names.
        case fixedPointTaps(FixedPointTaps)
    }

    /// What runs.
    public var structure: Structure
    /// The filter's name, which its identifiers are made from.
    public var name: String
    /// What it is for.
    public var description: String
    /// Shake!'s menu tag (the JavaScript records it; 0 when none was given).
    public var tag: Int
    /// The sample rate in Hz its frequencies were given against; nil when
    /// they were alphas (f / fs). A Shake! template or a `FIRTemplate`
    /// records 1 for alphas, so `init(_:)` of one gives 1 there: a caller
    /// that knows the frequencies were alphas sets nil (the fixed-point
    /// header then says "alpha" where it would say Hz).
    public var sampleRate: Double?
    /// The mkfilter command line that designs it.
    public var commandLine: String
    /// A resampler's taps' origin, as its CMSIS header says.
    public var resamplerOrigin = "scipy's resample_poly filter"

    /// A filter from its parts.
    public init(_ structure: Structure, name: String, description: String, tag: Int = 0, sampleRate: Double?,
                commandLine: String) {
        (self.structure, self.name, self.description) = (structure, name, description)
        (self.tag, self.sampleRate, self.commandLine) = (tag, sampleRate, commandLine)
    }

    /// A designed filter: its template's sections, or without them its
    /// recurrence, at the filter's own sample rate (nil for alphas).
    public init(_ designed: DesignedFilter) {
        self.init(designed.template)
        sampleRate = designed.sampleRate
    }

    /// What a Shake! template holds: its sections, or without them its
    /// recurrence; its rate is the template's `designSampleRate` (a template
    /// read from a file does not say whether 1 Hz stands for alphas).
    public init(_ template: DigitalFilterTemplate) {
        let structure: Structure = template.sections.isEmpty
            ? .recurrence(gain: template.gain, x: template.xCoefficients, y: template.yCoefficients)
            : .sections(template.sections)
        self.init(structure, name: template.name, description: template.description, tag: template.tag,
                  sampleRate: template.designSampleRate, commandLine: template.provenance.mkfilterCommandLine)
    }

    /// A FIR template's taps.
    public init(_ template: FIRTemplate) {
        self.init(.taps(template.taps), name: template.name, description: template.description,
                  sampleRate: template.designSampleRate, commandLine: template.mkfilterCommandLine)
    }

    /// The sample rate the Swift and JavaScript code records: 1 for alphas.
    public var designSampleRate: Double { sampleRate ?? 1 }

    /// The sections, when the structure is sections.
    public var sections: [Biquad]? {
        if case .sections(let s) = structure { return s }
        return nil
    }

    /// The taps, when the structure is taps.
    public var taps: [Double]? {
        if case .taps(let h) = structure { return h }
        return nil
    }

    /// The resampler this filter is, for `ResamplerEmitter`: its taps and
    /// factors, as a polyphase filter or CMSIS's fixed-point decimator or
    /// interpolator (with its taps in `fixed`); nil for any other structure.
    public var resampler: (resampler: ResamplerEmitter.Resampler, fixed: FixedPointTaps?)? {
        func made(_ taps: [Double], _ up: Int, _ down: Int) -> ResamplerEmitter.Resampler {
            ResamplerEmitter.Resampler(template: FIRTemplate(name: name, description: description, designSampleRate: designSampleRate,
                                                             taps: taps, mkfilterCommandLine: commandLine), up: up, down: down,
                                       origin: resamplerOrigin)
        }
        switch structure {
        case let .polyphase(taps, up, down): return (made(taps, up, down), nil)
        case .fixedPointTaps(let fixed):
            switch fixed.structure {
            case .decimator(let m): return (made(fixed.taps, 1, m), fixed)
            case .interpolator(let l): return (made(fixed.taps, l, 1), fixed)
            case .filter: return nil
            }
        default: return nil
        }
    }

    /// The filter as the `FIRTemplate` the Swift emitter writes, when it is taps.
    public var firTemplate: FIRTemplate? {
        taps.map { FIRTemplate(name: name, description: description, designSampleRate: designSampleRate, taps: $0, mkfilterCommandLine: commandLine) }
    }

    /// The filter named in a message: `filter "name"`.
    var quotedName: String { "filter \(SwiftSource.stringLiteral(name))" }

    /// Every number of the structure.
    var numbers: [Double] {
        switch structure {
        case .sections(let s): return s.flatMap(\.coefficients)
        case let .recurrence(gain, x, y): return [gain] + x + y
        case .taps(let h), .polyphase(let h, _, _): return h
        case .fixedPointSections(let s): return [s.outputScale]
        case .fixedPointTaps(let t): return [t.outputScale]
        }
    }

    /// The kind of structure, for messages: "second-order sections".
    var structureName: String {
        switch structure {
        case .sections: return "second-order sections"
        case .recurrence: return "a direct-form recurrence"
        case .taps: return "FIR taps"
        case .polyphase: return "a resampler's polyphase filter"
        case .fixedPointSections: return "fixed-point sections"
        case .fixedPointTaps: return "fixed-point FIR taps"
        }
    }
}

extension Array where Element == EmittedFilter {
    /// The FIR templates of filters that are all taps, nil when none is;
    /// an error when some are and some are not (one file holds one kind).
    ///
    /// - Parameter format: the format's name, for the message.
    func firTemplates(for format: String) throws(EmissionError) -> [FIRTemplate]? {
        let templates = compactMap(\.firTemplate)
        if templates.isEmpty { return nil }
        guard templates.count == count else {
            throw EmissionError("one \(format) file holds IIR filters or FIR filters, not both; emit them apart")
        }
        return templates
    }
}

extension Array where Element == DigitalFilterTemplate {
    /// Each template's realized filter (`EmittedFilter(_:)`): what the C,
    /// CMSIS, vDSP and JavaScript emitters take of a filter set's templates.
    public var emitted: [EmittedFilter] { map(EmittedFilter.init) }
}

import FisherCompatibility

/// What a design became: what an output format writes.
public enum StructureKind: String, Sendable, CaseIterable {
    /// Second-order sections: an IIR design's default (`--realization sections`).
    case sections
    /// Fisher's recurrence: an IIR design with `--realization direct`; every
    /// IIR design has one (gencode writes it whatever the realization).
    case recurrence
    /// A FIR filter's taps (`remez`, `firls`, `firwin`, `firwin2`, `fir`).
    case taps
    /// A resampler's polyphase filter (`mkfilter resample --emit`): L, M
    /// and the taps at the upsampled rate; CMSIS's decimator (L = 1) or
    /// interpolator (M = 1).
    case resampler
}

/// The output formats: every front end (`--emit`, `--help`, spec files, the
/// plugins, the server's page and `/api/code`) reads this one list.
///
/// Each format is declared once, in `declaration`: its title, what it is in
/// a line, the file name it is saved as, its media type, the built-in
/// template per realization it writes, and whether it is fixed point or
/// writes a whole filter set.
public enum EmissionFormat: String, Sendable, CaseIterable {
    case swift
    case c
    case cmsis
    case cmsisQ15 = "cmsis-q15"
    case cmsisQ31 = "cmsis-q31"
    case vdsp
    case js
    case json
    case listing
    case cAnsic = "c-ansic"
    case cXyc = "c-xyc"
    case cF = "c-f"

    /// One format's facts.
    public struct Declaration: Sendable {
        /// The heading on the page ("C header").
        public let title: String
        /// What it is, in a line of `--help` (at most 52 columns).
        public let summary: String
        /// Appended to the filter's type name for a download ("CMSIS.h").
        public let fileSuffix: String
        /// The media type it is served as.
        public let mediaType: String
        /// The built-in template for each realization it writes (empty: not
        /// template-driven, `--template` does not apply).
        public let templates: [StructureKind: String]
        /// The realizations it writes.
        public let writes: Set<StructureKind>
        /// CMSIS's fixed point (q15, q31): the gain is placed and proven.
        public let isFixedPoint: Bool
        /// Whether `mkfilter generate` writes a filter set file in it.
        public let writesFilterSets: Bool
    }

    static let text = "text/plain; charset=utf-8"

    /// This format's facts: the one place they are declared.
    public var declaration: Declaration {
        switch self {
        case .swift:
            return Declaration(title: "Swift (DigitalFilterTemplate)", summary: "Swift constants (DigitalFilterTemplate, FIRTemplate)",
                               fileSuffix: ".swift", mediaType: Self.text,
                               templates: [.sections: "swift/filters.mustache", .recurrence: "swift/filters.mustache",
                                           .taps: "swift/fir.mustache", .resampler: "swift/resampler.mustache"],
                               writes: [.sections, .recurrence, .taps, .resampler], isFixedPoint: false, writesFilterSets: true)
        case .c:
            return Declaration(title: "C header", summary: "a C header (--precision float|double)",
                               fileSuffix: ".h", mediaType: Self.text,
                               templates: [.sections: "c/filters.h.mustache", .recurrence: "c/filters.h.mustache",
                                           .taps: "c/fir.h.mustache"],
                               writes: [.sections, .recurrence, .taps], isFixedPoint: false, writesFilterSets: true)
        case .cmsis:
            return Declaration(title: "C for CMSIS-DSP", summary: "C for CMSIS-DSP, float32_t (biquads or FIR)",
                               fileSuffix: "CMSIS.h", mediaType: Self.text,
                               templates: [.sections: "c/cmsis.h.mustache", .taps: "c/cmsis-fir.h.mustache",
                                           .resampler: "c/cmsis-resampler.h.mustache"],
                               writes: [.sections, .taps, .resampler], isFixedPoint: false, writesFilterSets: true)
        case .cmsisQ15:
            return Declaration(title: "C for CMSIS-DSP, q15", summary: "CMSIS-DSP q15 biquads or FIR, never overflowing",
                               fileSuffix: "CMSISQ15.h", mediaType: Self.text,
                               templates: [.sections: "c/cmsis-fixed.h.mustache", .taps: "c/cmsis-fir-fixed.h.mustache",
                                           .resampler: "c/cmsis-resampler.h.mustache"],
                               writes: [.sections, .taps, .resampler], isFixedPoint: true, writesFilterSets: false)
        case .cmsisQ31:
            return Declaration(title: "C for CMSIS-DSP, q31", summary: "CMSIS-DSP q31 biquads or FIR, never overflowing",
                               fileSuffix: "CMSISQ31.h", mediaType: Self.text,
                               templates: [.sections: "c/cmsis-fixed.h.mustache", .taps: "c/cmsis-fir-fixed.h.mustache",
                                           .resampler: "c/cmsis-resampler.h.mustache"],
                               writes: [.sections, .taps, .resampler], isFixedPoint: true, writesFilterSets: false)
        case .vdsp:
            return Declaration(title: "Swift for vDSP", summary: "Swift for Accelerate's vDSP.Biquad or vDSP_conv",
                               fileSuffix: "VDSP.swift", mediaType: Self.text,
                               templates: [.sections: "swift/vdsp.mustache", .taps: "swift/vdsp-fir.mustache"],
                               writes: [.sections, .taps], isFixedPoint: false, writesFilterSets: true)
        case .js:
            return Declaration(title: "JavaScript", summary: "JavaScript, for the browser and node",
                               fileSuffix: ".js", mediaType: "text/javascript; charset=utf-8",
                               templates: [.sections: "js/filters.mustache", .taps: "js/fir.mustache"],
                               writes: [.sections, .taps], isFixedPoint: false, writesFilterSets: false)
        case .json:
            return Declaration(title: "JSON", summary: "JSON: every coefficient, exact",
                               fileSuffix: ".json", mediaType: "application/json; charset=utf-8",
                               templates: [:], writes: [.sections, .recurrence, .taps, .resampler],
                               isFixedPoint: false, writesFilterSets: true)
        case .listing:
            return Declaration(title: "Fisher's listing (-l)", summary: "Fisher's listing, as -l prints it",
                               fileSuffix: ".listing.txt", mediaType: Self.text,
                               templates: [:], writes: [.recurrence], isFixedPoint: false, writesFilterSets: false)
        case .cAnsic:
            return Declaration(title: "Fisher's gencode -ansic", summary: "Fisher's gencode -ansic",
                               fileSuffix: ".ansic.c", mediaType: Self.text,
                               templates: [.recurrence: "c/gencode-ansic-iir.mustache"],
                               writes: [.recurrence], isFixedPoint: false, writesFilterSets: false)
        case .cXyc:
            return Declaration(title: "Fisher's gencode -xyc", summary: "Fisher's gencode -xyc",
                               fileSuffix: ".xyc.txt", mediaType: Self.text,
                               templates: [.recurrence: "c/gencode-xyc.mustache"],
                               writes: [.recurrence], isFixedPoint: false, writesFilterSets: false)
        case .cF:
            return Declaration(title: "Fisher's gencode -f", summary: "Fisher's gencode -f",
                               fileSuffix: ".f.c", mediaType: Self.text,
                               templates: [.recurrence: "c/gencode-f.mustache"],
                               writes: [.recurrence], isFixedPoint: false, writesFilterSets: false)
        }
    }

    /// The formats that write `realization`, in the list's order.
    public static func writing(_ kind: StructureKind) -> [EmissionFormat] {
        allCases.filter { $0.declaration.writes.contains(kind) }
    }

    /// The names of `formats`: "swift, c, cmsis or json".
    public static func names(_ formats: [EmissionFormat]) -> String {
        let names = formats.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// `--help`'s lines for `--emit`, one per format: its name and summary,
    /// indented by `indent` columns.
    public static func helpLines(indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        let width = allCases.map(\.rawValue.count).max()! + 2
        return allCases.map { format in
            pad + format.rawValue + String(repeating: " ", count: width - format.rawValue.count) + format.declaration.summary
        }.joined(separator: "\n")
    }

    /// Fisher's gencode language, for the gencode formats.
    var gencodeLanguage: Gencode.Language? {
        switch self {
        case .cAnsic: return .ansic
        case .cXyc: return .xyc
        case .cF: return .f
        default: return nil
        }
    }

    /// The file a download of a filter whose type name is `typeName` is saved as.
    public func fileName(typeName: String) -> String {
        (typeName.isEmpty ? "Filter" : typeName) + declaration.fileSuffix
    }
}

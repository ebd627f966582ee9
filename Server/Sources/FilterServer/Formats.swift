import FilterApplication
import FilterEmission

/// The code a page offers: every emitter's format and Fisher's listing, with
/// a heading, a download file name and a media type each.
public enum CodeFormat: String, CaseIterable, Sendable {
    case swift, c, cmsis, vdsp, js, json, listing
    case cAnsic = "c-ansic", cXyc = "c-xyc", cF = "c-f"

    /// The heading on the page.
    var title: String {
        switch self {
        case .swift: return "Swift (DigitalFilterTemplate)"
        case .c: return "C header"
        case .cmsis: return "C for CMSIS-DSP"
        case .vdsp: return "Swift for vDSP.Biquad"
        case .js: return "JavaScript"
        case .json: return "JSON"
        case .listing: return "Fisher's listing (-l)"
        case .cAnsic: return "Fisher's gencode -ansic"
        case .cXyc: return "Fisher's gencode -xyc"
        case .cF: return "Fisher's gencode -f"
        }
    }

    /// The emitter's format; nil for the listing.
    var emission: EmissionFormat? { EmissionFormat(rawValue: rawValue) }

    /// The file a download is saved as, from the filter's name.
    func fileName(filterName: String) -> String {
        let base = SwiftSource.typeName(filterName).isEmpty ? "Filter" : SwiftSource.typeName(filterName)
        switch self {
        case .swift: return base + ".swift"
        case .c: return base + ".h"
        case .cmsis: return base + "CMSIS.h"
        case .vdsp: return base + "VDSP.swift"
        case .js: return base + ".js"
        case .json: return base + ".json"
        case .listing: return base + ".listing.txt"
        case .cAnsic: return base + ".ansic.c"
        case .cXyc: return base + ".xyc.txt"
        case .cF: return base + ".f.c"
        }
    }

    /// The media type it is served as.
    var contentType: String {
        switch self {
        case .json: return "application/json; charset=utf-8"
        case .js: return "text/javascript; charset=utf-8"
        default: return "text/plain; charset=utf-8"
        }
    }

    /// The text for `design`.
    func text(_ design: QueryDesign) throws(ApplicationError) -> String {
        guard let emission else { return try design.result.listing(commandLine: design.commandLine + " -l") }
        return try design.code(emission)
    }
}

import FilterDesign
import FilterEmission

/// What code is asked for, apart from the filter it is for: the format, the
/// code's names, its file, the options of its format, and a template to use
/// instead of the built-in one. The command line's `--emit` and its
/// companions (`--name`, `--description`, `--tag`, `--namespace`,
/// `--output`, `--precision`, `--fixed-point-scaling`, `--template`), typed.
public struct EmissionSettings: Sendable, Equatable {
    /// C's scalar type.
    public typealias Precision = CEmitter.Precision

    /// The format.
    public var format: EmissionFormat
    /// The filter's name, which becomes its identifier; nil: the design's own.
    public var name: String?
    /// A description for the code.
    public var description: String?
    /// An IIR template's menu tag.
    public var tag: Int?
    /// The Swift enum holding the filter, or the C identifier prefix.
    public var namespace: String?
    /// The file the code will be written to (C's include guard is named after it).
    public var outputFile: String?
    /// C's scalar: float or double (`--emit c` only).
    public var precision: Precision?
    /// How fixed-point formats scale the filter (CMSIS q15 and q31 only).
    public var fixedPointScaling: FixedPointScaling?
    /// The text of a mustache template to render instead of the built-in one.
    public var templateText: String?
    /// A mustache template file to render instead of the built-in one, read
    /// by `apply(to:)` after the other settings are checked (`--template`).
    public var templateFile: String?

    /// Settings for `format`, everything else its default.
    public init(format: EmissionFormat) { self.format = format }

    /// These settings on `request`, each checked against what the format is
    /// (`EmissionFormat.declaration`).
    ///
    /// - Throws: `ApplicationError` for a precision asked of a format other
    ///   than C, a fixed-point scaling of a format that is not fixed point, or
    ///   a template file that cannot be read.
    public func apply(to request: inout EmissionRequest) throws(ApplicationError) {
        request.name = name
        request.description = description ?? ""
        request.tag = tag ?? 0
        request.namespace = namespace
        request.outputFile = outputFile
        request.cPrecision = precision ?? .double
        if let precision, format != .c {
            throw ApplicationError("--precision \(precision.rawValue) goes with --emit c (the C header's scalar); --emit \(format.rawValue) has its own arithmetic: leave it out")
        }
        if let fixedPointScaling {
            guard format.declaration.isFixedPoint else {
                throw ApplicationError("--fixed-point-scaling goes with --emit "
                                       + EmissionFormat.names(EmissionFormat.allCases.filter(\.declaration.isFixedPoint)))
            }
            request.fixedPointScaling = fixedPointScaling
        }
        request.templateText = templateText
        if let templateFile {
            request.templateText = try FileOutput.readText(templateFile, describedAs: "--template \(quotedForMessage(templateFile))")
        }
    }
}

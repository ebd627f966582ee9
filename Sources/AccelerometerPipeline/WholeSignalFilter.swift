/// A filter that needs a whole recording at once, not one sample at a time:
/// a smoother whose output at each sample reads samples after it and whose
/// ends are fitted (Savitzky-Golay as scipy's `savgol_filter` runs it, with
/// `mode='interp'`). `mkfilter pipeline` then reads the recording whole, as
/// for `--zero-phase`, and gives each axis its filter over all of it.
///
/// The filter is a function of the axis' samples; two are equal when their
/// names are (the text that made them).
public struct WholeSignalFilter: Sendable, Equatable {
    /// The filter as the user wrote it (`savgol 11 3`).
    public let name: String
    /// The filtered samples, as many as given; or why not (a recording
    /// shorter than the filter's window).
    public let apply: @Sendable ([Double]) throws(PipelineError) -> [Double]

    /// A filter named `name` that maps a whole axis with `apply`.
    public init(name: String, apply: @escaping @Sendable ([Double]) throws(PipelineError) -> [Double]) {
        self.name = name
        self.apply = apply
    }

    public static func == (a: WholeSignalFilter, b: WholeSignalFilter) -> Bool { a.name == b.name }
}

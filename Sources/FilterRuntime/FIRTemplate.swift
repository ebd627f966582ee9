/// A FIR filter as generated code declares it (`mkfilter remez ... --emit
/// swift`): its taps h[0] ... h[N-1] as the design's exact Doubles, and what
/// it is. `FIRDirectForm(template)` runs it.
public struct FIRTemplate: Sendable, Hashable {
    /// The filter's name.
    public let name: String
    /// What it is for.
    public let description: String
    /// The sample rate in Hz its frequencies were given against (1: alphas).
    public let designSampleRate: Double
    /// The taps: y[n] = sum_k h[k] x[n-k].
    public let taps: [Double]
    /// The command that designs it.
    public let mkfilterCommandLine: String

    /// A template from its parts.
    public init(name: String, description: String, designSampleRate: Double, taps: [Double], mkfilterCommandLine: String) {
        self.name = name
        self.description = description
        self.designSampleRate = designSampleRate
        self.taps = taps
        self.mkfilterCommandLine = mkfilterCommandLine
    }
}

extension FIRDirectForm {
    /// `template`'s filter, its taps rounded to `Sample`, at rest.
    public init(_ template: FIRTemplate) {
        self.init(template.taps)
    }
}

extension ThreeAxisFIR {
    /// `template`'s filter on three axes, its taps rounded to `Sample`, at rest.
    public init(_ template: FIRTemplate) {
        self.init(template.taps)
    }
}

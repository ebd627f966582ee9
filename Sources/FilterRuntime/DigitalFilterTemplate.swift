/// A filter definition in the shape of Shake!'s `DigitalFilterTemplate`, with
/// the provenance needed to redesign it.
///
/// The filter it describes divides each input by `gain` and runs
///
///     y[n] = sum_{i=0}^{NZ} x_i * v[n - NZ + i] + sum_{i=0}^{NP-1} y_i * y[n - NP + i]
///
/// where v = input / gain, `xCoefficients` = x_0 ... x_NZ (oldest input
/// first, as Fisher's listing orders them) and `yCoefficients` = y_0 ... y_(NP-1)
/// (oldest output first, without Fisher's trailing -1). When every y
/// coefficient is zero it is an FIR filter.
///
/// `sections`, when present, are the same filter as a cascade of second-order
/// sections (gain included): what `DigitalFilter` runs then, accurate at any
/// order and in Float. The direct-form fields stay for Shake!'s layout.
public struct DigitalFilterTemplate: Sendable, Hashable {
    /// Shake!'s menu tag.
    public var tag: Int
    /// The title shown to a user.
    public var name: String
    /// A longer description.
    public var description: String
    /// What the filter passes.
    public var filterClass: FilterClass
    /// The sample rate the coefficients were designed for, in Hz.
    public var designSampleRate: Double
    /// First corner (or centre) frequency in Hz.
    public var cornerFrequency1: Double
    /// Second corner frequency in Hz (0 when there is none).
    public var cornerFrequency2: Double
    /// Shake!'s third frequency field, in Hz (the extra `-Z` zero, or 0).
    public var frequency3: Double
    /// The design order (0 for a pass-through).
    public var order: Int
    /// The passband gain G by which the input is divided.
    public var gain: Double
    /// x_0 ... x_NZ.
    public var xCoefficients: [Double]
    /// y_0 ... y_(NP-1).
    public var yCoefficients: [Double]
    /// The filter as second-order sections, in cascade order, gain included;
    /// empty when the template is direct form only.
    public var sections: [Biquad]
    /// How it was designed.
    public var provenance: FilterProvenance

    /// Creates a template; the coefficient counts follow from the arrays.
    public init(tag: Int, name: String, description: String, filterClass: FilterClass,
                designSampleRate: Double, cornerFrequency1: Double, cornerFrequency2: Double = 0,
                frequency3: Double = 0, order: Int, gain: Double,
                xCoefficients: [Double], yCoefficients: [Double], sections: [Biquad] = [],
                provenance: FilterProvenance) {
        self.tag = tag
        self.name = name
        self.description = description
        self.filterClass = filterClass
        self.designSampleRate = designSampleRate
        self.cornerFrequency1 = cornerFrequency1
        self.cornerFrequency2 = cornerFrequency2
        self.frequency3 = frequency3
        self.order = order
        self.gain = gain
        self.xCoefficients = xCoefficients
        self.yCoefficients = yCoefficients
        self.sections = sections
        self.provenance = provenance
    }

    /// Shake!'s "number of z-transform zeroes", NZ.
    public var zeroCount: Int { xCoefficients.count - 1 }
    /// Shake!'s "number of x coefficients", NZ + 1.
    public var xCoefficientCount: Int { xCoefficients.count }
    /// Shake!'s "number of z-transform poles", NP.
    public var poleCount: Int { yCoefficients.count }
    /// Shake!'s "number of y coefficients", NP.
    public var yCoefficientCount: Int { yCoefficients.count }
    /// Whether the filter has no feedback (every y coefficient is 0).
    public var isFIR: Bool { yCoefficients.allSatisfy { $0 == 0 } }
}

/// Generated files name this type; a runtime with another template layout
/// does not have it, so the mismatch fails at compile time. Layout 2 added
/// `sections`.
public enum DigitalFilterTemplateLayout2 {}

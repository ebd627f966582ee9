import FilterRuntime

/// Three axes of acceleration in g.
public struct Acceleration: Sendable, Equatable {
    /// The components in g.
    public var x: Double, y: Double, z: Double
    /// Creates a vector.
    public init(x: Double, y: Double, z: Double) { (self.x, self.y, self.z) = (x, y, z) }
    /// Component 0, 1 or 2.
    public subscript(axis: Int) -> Double {
        get { axis == 0 ? x : axis == 1 ? y : z }
        set { if axis == 0 { x = newValue } else if axis == 1 { y = newValue } else { z = newValue } }
    }
    /// sqrt(x^2 + y^2 + z^2), as Apple's `Norm`.
    public var norm: Double { (x * x + y * y + z * z).squareRoot() }
}

/// Apple's first-order accelerometer filters (the AccelerometerGraph sample),
/// exactly as Apple wrote them, adaptive variant included.
///
/// With dt = 1 / sampleRate and RC = 1 / cutoff (Apple's choice; an RC circuit
/// would have 1 / (2 pi cutoff), so "cutoff 5" is not a 5 Hz corner:
/// docs/recordings-and-pipeline.md measures where it really is):
///
/// - low-pass:  a = dt / (dt + RC);  y = x a + y (1 - a)
/// - high-pass: a = RC / (dt + RC);  y = a (y + x - x_prev)
///
/// Adaptive: d = clamp(|norm(y) - norm(x)| / 0.02 - 1, 0, 1), from the three
/// axes of the previous output y and the new input x; then the low-pass uses
/// a' = (1 - d) a / 3 + d a and the high-pass a' = d a / 3 + (1 - d) a: small
/// changes (noise) are filtered three times harder. This is why the filter
/// works on the three axes together. State starts at 0.
public struct AppleFirstOrderFilter: Sendable, Equatable {
    /// Low-pass or high-pass.
    public enum Kind: String, Sendable, CaseIterable { case lowPass, highPass }

    /// Apple's `kAccelerometerMinStep`: a change in the norm below 0.02 g counts as noise.
    public static let minimumStep = 0.02
    /// Apple's `kAccelerometerNoiseAttenuation`.
    public static let noiseAttenuation = 3.0

    /// Low-pass or high-pass.
    public let kind: Kind
    /// Samples per second (dt = 1 / sampleRate).
    public let sampleRate: Double
    /// Apple's cutoff (RC = 1 / cutoff): not the -3 dB frequency.
    public let cutoff: Double
    /// Whether the filter constant adapts to the size of each change (see above).
    public let adaptive: Bool
    /// Apple's `filterConstant`.
    public let filterConstant: Double

    /// The last output (Apple's x, y, z).
    public private(set) var output = Acceleration(x: 0, y: 0, z: 0)
    /// The last input (the high-pass's lastX, lastY, lastZ).
    public private(set) var lastInput = Acceleration(x: 0, y: 0, z: 0)

    /// - Throws: `PipelineError` unless sampleRate and cutoff are finite and above 0.
    public init(_ kind: Kind, sampleRate: Double, cutoff: Double, adaptive: Bool = false) throws(PipelineError) {
        guard sampleRate.isFinite, sampleRate > 0 else {
            throw PipelineError("sample rate \(formatted(sampleRate)) Hz must be a finite number above 0")
        }
        guard cutoff.isFinite, cutoff > 0 else {
            throw PipelineError("Apple filter cutoff \(formatted(cutoff)) must be a finite number above 0")
        }
        self.kind = kind
        self.sampleRate = sampleRate
        self.cutoff = cutoff
        self.adaptive = adaptive
        let dt = 1.0 / sampleRate, rc = 1.0 / cutoff
        filterConstant = kind == .lowPass ? dt / (dt + rc) : rc / (dt + rc)
    }

    /// Filters one three-axis sample.
    public mutating func process(_ input: Acceleration) -> Acceleration {
        var alpha = filterConstant
        if adaptive {
            let change = abs(output.norm - input.norm) / Self.minimumStep - 1.0
            let d = min(max(change, 0.0), 1.0)
            alpha = kind == .lowPass
                ? (1.0 - d) * filterConstant / Self.noiseAttenuation + d * filterConstant
                : d * filterConstant / Self.noiseAttenuation + (1.0 - d) * filterConstant
        }
        switch kind {
        case .lowPass:
            output.x = input.x * alpha + output.x * (1.0 - alpha)
            output.y = input.y * alpha + output.y * (1.0 - alpha)
            output.z = input.z * alpha + output.z * (1.0 - alpha)
        case .highPass:
            output.x = alpha * (output.x + input.x - lastInput.x)
            output.y = alpha * (output.y + input.y - lastInput.y)
            output.z = alpha * (output.z + input.z - lastInput.z)
            lastInput = input
        }
        return output
    }

    /// The state a constant input settles in: the low-pass's output equals
    /// it, the high-pass's is 0 with `input` as its last input.
    public mutating func reset(toSteadyStateFor input: Acceleration) {
        output = kind == .lowPass ? input : Acceleration(x: 0, y: 0, z: 0)
        lastInput = input
    }

    /// Back to the initial state (all zero).
    public mutating func reset() {
        output = Acceleration(x: 0, y: 0, z: 0)
        lastInput = output
    }

    /// The non-adaptive filter as a `DigitalFilterTemplate` (for analysis):
    /// low-pass y[n] = a x[n] + (1 - a) y[n-1]; high-pass y[n] = a x[n] - a x[n-1] + a y[n-1].
    public func template() -> DigitalFilterTemplate {
        let a = filterConstant
        let name = "Apple \(kind == .lowPass ? "low" : "high")-pass, cutoff \(formatted(cutoff))"
        let provenance = FilterProvenance(family: "appleFirstOrder", transform: "none", mkfilterCommandLine: "")
        switch kind {
        case .lowPass:
            return DigitalFilterTemplate(tag: 0, name: name, description: "a = dt / (dt + RC), RC = 1 / cutoff",
                                         filterClass: .lowPass, designSampleRate: sampleRate, cornerFrequency1: cutoff,
                                         order: 1, gain: 1 / a, xCoefficients: [0, 1], yCoefficients: [1 - a], provenance: provenance)
        case .highPass:
            return DigitalFilterTemplate(tag: 0, name: name, description: "a = RC / (dt + RC), RC = 1 / cutoff",
                                         filterClass: .highPass, designSampleRate: sampleRate, cornerFrequency1: cutoff,
                                         order: 1, gain: 1 / a, xCoefficients: [-1, 1], yCoefficients: [a], provenance: provenance)
        }
    }
}

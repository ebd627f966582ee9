/// What a filter must do, as an engineer states it: band edges, the most
/// loss allowed in the passband and the least attenuation required in the
/// stopband (scipy's `buttord`/`cheb1ord`/`cheb2ord`/`ellipord` arguments
/// wp, ws, gpass, gstop). The band follows from the edges:
///
/// | edges | band |
/// |---|---|
/// | passband p < stopband s | low-pass |
/// | stopband s < passband p | high-pass |
/// | s1 < p1 < p2 < s2 | band-pass |
/// | p1 < s1 < s2 < p2 | band-stop |
///
/// Loss and attenuation are measured from the passband's maximum: the
/// passband stays within R dB below it, the stopband at least A dB below it.
public struct MagnitudeSpecification: Sendable, Hashable {
    /// The passband edge(s), as alpha = f / fs, increasing.
    public let passband: [Double]
    /// The stopband edge(s), as alpha = f / fs, increasing.
    public let stopband: [Double]
    /// The most loss allowed in the passband, R dB (> 0).
    public let passbandLoss: Double
    /// The least attenuation required in the stopband, A dB (> R).
    public let stopbandAttenuation: Double
    /// The sample rate in Hz when the edges were given in Hz.
    public let sampleRate: Double?
    /// The passband edges in Hz exactly as given, when given in Hz.
    public let passbandHertz: [Double]?
    /// The stopband edges in Hz exactly as given, when given in Hz.
    public let stopbandHertz: [Double]?
    /// The band the edges describe.
    public let band: FilterBand

    /// A specification with edges as alphas (f / fs).
    ///
    /// - Throws: `SpecificationError` naming the edge, loss or attenuation
    ///   that is out of range or inconsistent.
    public init(passband: [Double], stopband: [Double], passbandLoss: Double,
                stopbandAttenuation: Double) throws(SpecificationError) {
        try self.init(passband: passband, stopband: stopband, passbandLoss: passbandLoss,
                      stopbandAttenuation: stopbandAttenuation, sampleRate: nil, passbandHertz: nil, stopbandHertz: nil)
    }

    /// A specification with edges in Hz at `sampleRate`.
    public init(passbandHertz: [Double], stopbandHertz: [Double], sampleRate: Double, passbandLoss: Double,
                stopbandAttenuation: Double) throws(SpecificationError) {
        guard sampleRate.isFinite, sampleRate > 0 else { throw .sampleRateOutOfRange(sampleRate) }
        try self.init(passband: passbandHertz.map { $0 / sampleRate }, stopband: stopbandHertz.map { $0 / sampleRate },
                      passbandLoss: passbandLoss, stopbandAttenuation: stopbandAttenuation, sampleRate: sampleRate,
                      passbandHertz: passbandHertz, stopbandHertz: stopbandHertz)
    }

    private init(passband: [Double], stopband: [Double], passbandLoss: Double, stopbandAttenuation: Double,
                 sampleRate: Double?, passbandHertz: [Double]?, stopbandHertz: [Double]?) throws(SpecificationError) {
        (self.passband, self.stopband) = (passband, stopband)
        (self.passbandLoss, self.stopbandAttenuation) = (passbandLoss, stopbandAttenuation)
        (self.sampleRate, self.passbandHertz, self.stopbandHertz) = (sampleRate, passbandHertz, stopbandHertz)
        self.band = try Self.validate(passband: passband, stopband: stopband, loss: passbandLoss,
                                      attenuation: stopbandAttenuation, sampleRate: sampleRate,
                                      passbandHertz: passbandHertz, stopbandHertz: stopbandHertz)
    }

    /// The same specification at another sample rate, its edges kept in Hz.
    public func atSampleRate(_ sampleRate: Double) throws(SpecificationError) -> MagnitudeSpecification {
        guard let fs = self.sampleRate else { throw .retargetNeedsHertz }
        return try MagnitudeSpecification(
            passbandHertz: passbandHertz ?? passband.map { $0 * fs }, stopbandHertz: stopbandHertz ?? stopband.map { $0 * fs },
            sampleRate: sampleRate, passbandLoss: passbandLoss, stopbandAttenuation: stopbandAttenuation)
    }

    /// The passband as closed intervals of alpha in [0, 0.5].
    public var passbandIntervals: [ClosedRange<Double>] { Self.intervals(band: band, edges: passband, inner: true) }

    /// The stopband as closed intervals of alpha in [0, 0.5].
    public var stopbandIntervals: [ClosedRange<Double>] { Self.intervals(band: band, edges: stopband, inner: false) }

    /// The intervals a band's edges bound: the passband (`inner`) or the
    /// stopband of a low-pass is [0, edge] or [edge, 0.5], and so on.
    public static func intervals(band: FilterBand, edges: [Double], inner: Bool) -> [ClosedRange<Double>] {
        switch (band, inner) {
        case (.lowPass, true), (.highPass, false): return [0...edges[0]]
        case (.lowPass, false), (.highPass, true): return [edges[0]...0.5]
        case (.bandPass, true), (.bandStop, false): return [edges[0]...edges[1]]
        case (.bandPass, false), (.bandStop, true): return [0...edges[0], edges[1]...0.5]
        case (.allPass, _): return []
        }
    }

    private static func validate(passband: [Double], stopband: [Double], loss: Double, attenuation: Double,
                                 sampleRate: Double?, passbandHertz: [Double]?, stopbandHertz: [Double]?) throws(SpecificationError) -> FilterBand {
        guard (1...2).contains(passband.count) else { throw .specificationEdgeCount(field: .passband, given: passband.count) }
        guard stopband.count == passband.count else {
            throw .specificationEdgeCount(field: .stopband, given: stopband.count, passbandEdges: passband.count)
        }
        for (field, edges, hertz) in [(SpecificationField.passband, passband, passbandHertz), (.stopband, stopband, stopbandHertz)] {
            for (i, alpha) in edges.enumerated() where !(alpha.isFinite && alpha > 0 && alpha < 0.5) {
                if let fs = sampleRate, let hz = hertz?[i] {
                    throw .cornerOutOfRange(field: field.edgeName, hertz: hz, sampleRate: fs)
                }
                throw .alphaOutOfRange(field: field.edgeName, value: alpha)
            }
            if edges.count == 2, !(edges[0] < edges[1]) {
                throw .specificationEdgesNotIncreasing(field: field, edges: hertz ?? edges, hertz: hertz != nil)
            }
        }
        guard loss.isFinite, loss >= FilterRecipe.minimumRippleDecibels else {
            throw .specificationLossOutOfRange(field: .passbandLoss, value: loss)
        }
        guard attenuation.isFinite, attenuation > loss, attenuation <= FilterRecipe.maximumAttenuationDecibels else {
            throw .specificationLossOutOfRange(field: .stopbandAttenuation, value: attenuation, passbandLoss: loss)
        }
        let (p, s) = (passband, stopband)
        let shown = { (edges: [Double], hz: [Double]?) in hz ?? edges }
        if p.count == 1 {
            if p[0] < s[0] { return .lowPass }
            if s[0] < p[0] { return .highPass }
            throw .specificationBandsOverlap(passband: shown(p, passbandHertz), stopband: shown(s, stopbandHertz), hertz: sampleRate != nil)
        }
        if s[0] < p[0] && p[1] < s[1] { return .bandPass }
        if p[0] < s[0] && s[1] < p[1] { return .bandStop }
        throw .specificationBandsOverlap(passband: shown(p, passbandHertz), stopband: shown(s, stopbandHertz), hertz: sampleRate != nil)
    }
}

/// The fields of a magnitude specification, named as filter set files and
/// URL queries name them.
public enum SpecificationField: String, Sendable, Hashable {
    case passband, stopband, passbandLoss, stopbandAttenuation

    /// "passband edge", "stopband edge", ... for messages.
    public var edgeName: String {
        switch self {
        case .passband: return "passband edge"
        case .stopband: return "stopband edge"
        case .passbandLoss: return "passband loss"
        case .stopbandAttenuation: return "stopband attenuation"
        }
    }
}

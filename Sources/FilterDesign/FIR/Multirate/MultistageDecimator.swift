import RealModule

/// The cheapest cascade of decimating FIR stages (`DecimatorStage`) that
/// reduces the rate by M, keeps 0 ... p within R dB peak to peak and
/// attenuates by A dB everything that aliases onto 0 ... p.
///
/// Every ordered factorisation of M into factors of at least 2 (at most
/// `maximumStages` of them) is a candidate; each stage gets R / K of the
/// ripple (the stages' dB ripples add) and all of A (a component that folds
/// onto the passband at a stage meets only that stage's stopband). The
/// candidates are ranked by Herrmann's estimate of their taps; the best
/// `designedCandidates` of them, the chain of half-bands where M is a power
/// of 2, and the single stage are designed (each stage the fewest taps that
/// meet its bands), and the one of fewest multiplies per input sample wins.
public struct MultistageDecimator: Sendable, Hashable {
    /// The request.
    public struct Specification: Sendable, Hashable {
        /// M.
        public var factor: Int
        /// p, the passband edge, a fraction of the input's rate (below 1 / (2M)).
        public var passbandEdge: Double
        /// R, dB peak to peak over the passband.
        public var passbandLoss: Double
        /// A, dB, over everything that aliases onto the passband.
        public var stopbandAttenuation: Double
        /// The input's rate in Hz, when p was given in Hz.
        public var sampleRate: Double?

        /// A specification from its parts.
        public init(factor: Int, passbandEdge: Double, passbandLoss: Double, stopbandAttenuation: Double, sampleRate: Double? = nil) {
            (self.factor, self.passbandEdge, self.passbandLoss, self.stopbandAttenuation, self.sampleRate) =
                (factor, passbandEdge, passbandLoss, stopbandAttenuation, sampleRate)
        }

        /// 1 +- dp in the passband for a ripple of R dB: dp = (10^(R/20) - 1) / (10^(R/20) + 1).
        static func deviation(loss r: Double) -> Double {
            let g = Double.pow(10, r / 20)
            return (g - 1) / (g + 1)
        }

        /// ds = 10^(-A/20).
        var stopbandDeviation: Double { Double.pow(10, -stopbandAttenuation / 20) }
    }

    /// The factors allowed: 2 ... 128, what a release build designs in
    /// seconds (M = 128: 4.2 s, the single-stage baseline 2,253 taps; 256
    /// took 18 s, and the search grows quickly beyond).
    public static let factorRange = 2...128
    /// The most stages.
    public static let maximumStages = 6
    /// How many estimated candidates are designed.
    public static let designedCandidates = 6
    /// The most taps of one stage.
    public static let tapsLimit = 8001

    /// The specification.
    public let specification: Specification
    /// The stages, input first.
    public let stages: [DecimatorStage]
    /// The single stage of factor M that meets the same specification (the
    /// baseline), nil when it needs more than `tapsLimit` taps.
    public let singleStage: DecimatorStage?
    /// The candidates designed: their factors and multiplies per input sample.
    public let designed: [(factors: [Int], multiplies: Double)]

    public static func == (a: MultistageDecimator, b: MultistageDecimator) -> Bool {
        a.specification == b.specification && a.stages == b.stages && a.singleStage == b.singleStage
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(specification); hasher.combine(stages) }

    /// Multiplies per input sample of the cascade.
    public var multipliesPerInputSample: Double { stages.map(\.multipliesPerInputSample).reduce(0, +) }

    /// The cascade's cost over the single stage's (nil without a baseline).
    public var costRatio: Double? { singleStage.map { multipliesPerInputSample / $0.multipliesPerInputSample } }

    /// Designs the cheapest cascade.
    ///
    /// - Throws: `DecimatorError` for a value out of range, when no
    ///   cascade meets the specification within `tapsLimit` taps a stage, or
    ///   when the `DesignBudget` it runs under stops it.
    public static func design(_ spec: Specification) throws(DecimatorError) -> MultistageDecimator {
        guard factorRange.contains(spec.factor) else { throw .factor(spec.factor) }
        let m = spec.factor
        guard spec.passbandEdge.isFinite, spec.passbandEdge > 0, spec.passbandEdge < 0.5 / Double(m) else {
            throw .passbandEdge(spec.passbandEdge, limit: 0.5 / Double(m), sampleRate: spec.sampleRate)
        }
        guard spec.passbandLoss.isFinite, spec.passbandLoss > 0, spec.passbandLoss < 10 else { throw .passbandLoss(spec.passbandLoss) }
        guard spec.stopbandAttenuation.isFinite, spec.stopbandAttenuation >= 10, spec.stopbandAttenuation <= 250 else {
            throw .stopbandAttenuation(spec.stopbandAttenuation)
        }
        let ds = spec.stopbandDeviation
        var cache: [[Int]: DecimatorStage?] = [:]
        func stage(_ factor: Int, after divisor: Int, stages k: Int) -> DecimatorStage? {
            let key = [factor, divisor, k]
            if let done = cache[key] { return done }
            let dp = Specification.deviation(loss: spec.passbandLoss / Double(k))
            let made = DecimatorStage.design(factor: factor, inputDivisor: divisor, passbandEdge: spec.passbandEdge,
                                             passbandDeviation: dp, stopbandDeviation: ds, tapsLimit: tapsLimit)
            cache[key] = made
            return made
        }
        func cascade(_ factors: [Int]) -> [DecimatorStage]? {
            var divisor = 1, stages: [DecimatorStage] = []
            for f in factors {
                guard let s = stage(f, after: divisor, stages: factors.count) else { return nil }
                stages.append(s)
                divisor *= f
            }
            return stages
        }
        let candidates = factorisations(m, maximumParts: maximumStages).filter { $0.count > 1 }
        let ranked = candidates.map { ($0, estimatedMultiplies($0, spec)) }.sorted { $0.1 < $1.1 }.map(\.0)
        var chosen = Array(ranked.prefix(designedCandidates))
        if m & (m - 1) == 0, m > 2, m.trailingZeroBitCount <= maximumStages {
            let halfBands = [Int](repeating: 2, count: m.trailingZeroBitCount)
            if !chosen.contains(halfBands) { chosen.append(halfBands) }
        }
        let single = stage(m, after: 1, stages: 1)
        var designed: [(factors: [Int], multiplies: Double)] = []
        var best: [DecimatorStage]? = single.map { [$0] }
        if let single { designed.append(([m], single.multipliesPerInputSample)) }
        for factors in chosen where DesignBudget.stop == nil {
            guard let stages = cascade(factors) else { continue }
            let cost = stages.map(\.multipliesPerInputSample).reduce(0, +)
            designed.append((factors, cost))
            if cost < best.map({ $0.map(\.multipliesPerInputSample).reduce(0, +) }) ?? .infinity { best = stages }
        }
        // Stopped, the cheapest may not have been designed: no answer rather than another.
        if let stop = DesignBudget.stop { throw .stopped(stop) }
        guard let best else { throw .noDesign(factor: m) }
        return MultistageDecimator(specification: spec, stages: best, singleStage: single, designed: designed)
    }

    /// Every ordered factorisation of n into factors >= 2, at most `maximumParts` of them.
    static func factorisations(_ n: Int, maximumParts: Int) -> [[Int]] {
        if n == 1 { return [[]] }
        guard maximumParts > 0 else { return [] }
        var result: [[Int]] = []
        for f in 2...n where n % f == 0 {
            for rest in factorisations(n / f, maximumParts: maximumParts - 1) { result.append([f] + rest) }
        }
        return result
    }

    /// Herrmann's estimate of a cascade's multiplies per input sample (a
    /// half-band counted at half its taps).
    static func estimatedMultiplies(_ factors: [Int], _ spec: Specification) -> Double {
        let k = factors.count
        let dp = Specification.deviation(loss: spec.passbandLoss / Double(k))
        let ds = spec.stopbandDeviation
        var divisor = 1, total = 0.0
        for f in factors {
            let bands = DecimatorStage.bands(factor: f, inputDivisor: divisor, passbandEdge: spec.passbandEdge)
            let taps = (try? herrmannOrder(passbandEdge: bands[1], stopbandEdge: bands[2],
                                           passbandDeviation: f == 2 ? min(dp, ds) : dp,
                                           stopbandDeviation: f == 2 ? min(dp, ds) : ds)) ?? Int.max / 4
            total += Double(f == 2 ? taps / 2 + 2 : taps) / Double(divisor * f)
            divisor *= f
        }
        return total
    }
}

/// Why a multistage decimator cannot be designed.
public enum DecimatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// M outside `MultistageDecimator.factorRange`.
    case factor(Int)
    /// p outside (0, 1/(2M)).
    case passbandEdge(Double, limit: Double, sampleRate: Double?)
    /// R outside (0, 10) dB.
    case passbandLoss(Double)
    /// A outside 10 ... 250 dB.
    case stopbandAttenuation(Double)
    /// No cascade within the taps limit.
    case noDesign(factor: Int)
    /// The `DesignBudget` the design ran under stopped it.
    case stopped(DesignStop)

    public var description: String {
        switch self {
        case let .factor(m):
            return "factor \(m) is out of range; it must be a whole number in \(MultistageDecimator.factorRange.lowerBound) ... \(MultistageDecimator.factorRange.upperBound)"
        case let .passbandEdge(p, limit, fs):
            let wording = FrequencyWording(sampleRate: fs)
            return "passband edge \(wording.frequency(p)) is out of range; it must be above 0 and below \(wording.frequency(limit)), half the output rate"
        case let .passbandLoss(r):
            return "passband loss \(messageNumber(r)) dB is out of range; it must be above 0 and below 10 (dB peak to peak)"
        case let .stopbandAttenuation(a):
            return "stopband attenuation \(messageNumber(a)) dB is out of range; it must be in 10 ... 250"
        case .stopped(let stop):
            return stop.description
        case let .noDesign(m):
            return "no cascade decimating by \(m) meets the specification within \(MultistageDecimator.tapsLimit) taps a stage (or in double precision); ask for less attenuation, more ripple or a lower passband edge"
        }
    }
}

import RealModule

/// A FIR filter asked for by what it must do: band edges, the passband's
/// ripple and the stopband's attenuation; `design()` finds the fewest taps
/// whose filter meets them on the continuum (`FIRFilter.bandMeasures`), not
/// only on a grid.
///
/// The band is read from the edges' order, as the IIR specification reads
/// it: one passband and one stopband edge, p < s a low-pass and p > s a
/// high-pass; two of each, s1 < p1 < p2 < s2 a band-pass and p1 < s1 < s2 < p2
/// a band-stop. The ripple R is peak to peak: the gain stays within 1 +- dp
/// with R = 20 log10((1 + dp)/(1 - dp)); the stopband's gain is at most
/// ds = 10^(-A/20).
public struct FIRSpecification: Sendable, Hashable {
    /// How each candidate is designed.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// Parks-McClellan with weights ds/dp (fewest taps).
        case remez
        /// `firwin` with Kaiser's window (beta from the attenuation), the
        /// cutoffs at the transitions' centres.
        case kaiser
        /// Least squares with weights (dp/ds)^2 on the stopbands.
        case firls
    }

    /// Passband edges, alphas (one or two).
    public var passbandEdges: [Double]
    /// Stopband edges, alphas (as many as passband edges).
    public var stopbandEdges: [Double]
    /// R, dB peak to peak, above 0.
    public var passbandRipple: Double
    /// A, dB, above 0.
    public var stopbandAttenuation: Double
    /// The method.
    public var method: Method
    /// The sample rate the edges were given against, for the report.
    public var sampleRate: Double?
    /// Minimum phase: the linear-phase candidate is designed for the squared
    /// tolerances (|H_min| = |H_lin|^(1/2)), and the minimum-phase filter is
    /// what is measured.
    public var minimumPhase: MinimumPhaseMethod?

    /// A bound of the caller's on the linear-phase taps tried (a server's
    /// work per request); nil: the method's own.
    public var tapLimit: Int?

    /// The most taps tried: remez's limit, else 10^5, and at most `tapLimit`.
    public var maximumTaps: Int { min(method == .remez ? 20_001 : 100_000, tapLimit ?? .max) }

    /// A specification from its parts.
    public init(passbandEdges: [Double], stopbandEdges: [Double], passbandRipple: Double, stopbandAttenuation: Double,
                method: Method = .remez, sampleRate: Double? = nil, minimumPhase: MinimumPhaseMethod? = nil) {
        self.passbandEdges = passbandEdges
        self.stopbandEdges = stopbandEdges
        self.passbandRipple = passbandRipple
        self.stopbandAttenuation = stopbandAttenuation
        self.method = method
        self.sampleRate = sampleRate
        self.minimumPhase = minimumPhase
    }

    /// dp from R: (10^(R/20) - 1)/(10^(R/20) + 1).
    public var passbandDeviation: Double {
        let g = Double.pow(10, passbandRipple / 20)
        return (g - 1) / (g + 1)
    }

    /// ds = 10^(-A/20).
    public var stopbandDeviation: Double { Double.pow(10, -stopbandAttenuation / 20) }

    /// The bands in order from 0 to 0.5, each passing (true) or stopping.
    ///
    /// - Throws: `FIRDesignError` naming the edges when they make no band.
    public func bands() throws(FIRDesignError) -> (edges: [Double], passes: [Bool]) {
        let p = passbandEdges, s = stopbandEdges
        let wording = FrequencyWording(sampleRate: sampleRate)
        for (name, edges) in [("--passband-edge", p), ("--stopband-edge", s)] {
            for e in edges where !(e > 0 && e < 0.5) {
                throw FIRDesignError("\(name) \(wording.frequency(e)) is out of range; an edge must be above 0 and below "
                                     + (sampleRate == nil ? "half the sample rate" : "\(wording.nyquist) (half the sample rate)"))
            }
        }
        switch (p.count, s.count) {
        case (1, 1) where p[0] < s[0]: return ([0, p[0], s[0], 0.5], [true, false])
        case (1, 1) where p[0] > s[0]: return ([0, s[0], p[0], 0.5], [false, true])
        case (2, 2) where s[0] < p[0] && p[0] < p[1] && p[1] < s[1]:
            return ([0, s[0], p[0], p[1], s[1], 0.5], [false, true, false])
        case (2, 2) where p[0] < s[0] && s[0] < s[1] && s[1] < p[1]:
            return ([0, p[0], s[0], s[1], p[1], 0.5], [true, false, true])
        default:
            throw FIRDesignError("--passband-edge \(p.map(wording.frequency).joined(separator: " ")) and --stopband-edge "
                                 + "\(s.map(wording.frequency).joined(separator: " ")) make no band: give one of each (p < s "
                                 + "low-pass, p > s high-pass) or two of each (s1 < p1 < p2 < s2 band-pass, p1 < s1 < s2 < p2 band-stop)")
        }
    }

    /// The fewest taps that meet the specification, and how many were tried.
    ///
    /// Starts from Kaiser's estimate for the narrowest transition (usually
    /// high for remez, close for Kaiser's window); steps down while the
    /// filter meets it, or up while it does not, each step twice the last;
    /// bisects between the two; then tries the four counts below the answer,
    /// since meeting need not be monotone in N. High-pass
    /// and band-stop filters (a passband at Nyquist) and least squares take
    /// odd taps only.
    ///
    /// - Throws: `FIRDesignError` for bad edges, ripple or attenuation, and
    ///   for a specification that `maximumTaps` taps cannot meet (naming the
    ///   transition and what to change).
    public func design() throws(FIRDesignError) -> (filter: FIRFilter, tried: [(taps: Int, meets: Bool)]) {
        guard passbandRipple > 0, passbandRipple.isFinite, passbandRipple < 60 else {
            throw FIRDesignError("--passband-loss \(messageNumber(passbandRipple)) is out of range; the ripple must be above 0 and below 60 dB")
        }
        guard stopbandAttenuation > 0, stopbandAttenuation <= 300 else {
            throw FIRDesignError("--stopband-attenuation \(messageNumber(stopbandAttenuation)) is out of range; it must be above 0 and at most 300 dB")
        }
        let (edges, passes) = try bands()
        let dp = passbandDeviation, ds = stopbandDeviation
        // What the linear-phase filter must meet: squared for minimum phase.
        let (lp, ls) = minimumPhase == nil ? (dp, ds) : (min(Double.pow(1 + dp, 2) - 1, 1 - Double.pow(1 - dp, 2)), ds * ds)
        let transitions = stride(from: 1, to: edges.count - 1, by: 2).map { edges[$0 + 1] - edges[$0] }
        let narrowest = transitions.min()!
        let oddOnly = passes.last! || method == .firls
        let attenuation = -20 * Double.log10(min(lp, ls))
        let estimate: Int
        do {
            estimate = try kaiserOrder(attenuation: max(attenuation, 8), width: narrowest).taps
        } catch { throw FIRDesignError(error.description(FrequencyWording(sampleRate: sampleRate))) }
        func allowed(_ n: Int) -> Int { oddOnly && n % 2 == 0 ? n + 1 : n }
        let step = oddOnly ? 2 : 1

        var tried: [(taps: Int, meets: Bool)] = []
        var designed: [Int: FIRFilter] = [:]
        func meets(_ n: Int) -> Bool {
            if let known = tried.first(where: { $0.taps == n }) { return known.meets }
            var ok = false
            if let filter = candidate(n, edges: edges, passes: passes, lp: lp, ls: ls) {
                let measures = filter.bandMeasures
                ok = zip(measures, passes).allSatisfy { m, pass in m.maximumDeviation <= (pass ? dp : ds) }
                if ok { designed[n] = filter }
            }
            tried.append((n, ok))
            return ok
        }

        let cap = oddOnly && maximumTaps % 2 == 0 ? maximumTaps - 1 : maximumTaps
        // A count that meets it (high) and one below that does not (low),
        // the distance between them doubling from the estimate; then bisection.
        // Kaiser's estimate is within a factor of two of what remez needs:
        // beyond twice the limit, no design is tried.
        guard estimate <= 2 * cap else { throw tooLong(estimate: estimate, narrowest: narrowest) }
        var high = min(allowed(max(estimate, 3)), cap)
        var low = 0
        var grow = max(step, high / 8)
        if meets(high) {
            while true {
                let n = high - grow
                guard n >= 1 else { break }
                let candidate = allowed(n) < high ? allowed(n) : n - 1
                if candidate < 1 { break }
                if meets(candidate) { high = candidate; grow *= 2 } else { low = candidate; break }
            }
        } else {
            low = high
            while true {
                guard low < cap else { throw tooLong(estimate: estimate, narrowest: narrowest) }
                let n = min(allowed(low + grow), cap)
                if meets(n) { high = n; break }
                low = n
                grow *= 2
            }
        }
        while high - low > step {
            let mid = allowed(low + (high - low) / 2)
            guard mid > low, mid < high else { break }
            if meets(mid) { high = mid } else { low = mid }
        }
        // Meeting need not be monotone in N: look a few below the answer.
        var n = high - step
        while n >= max(1, high - 4 * step) { if meets(n) { high = n }; n -= step }
        return (designed[high]!, tried)
    }

    /// The candidate of `n` taps for `bands()`, the linear-phase filter
    /// designed for deviations `lp` and `ls`, or nil when the method cannot make one
    /// (an equiripple design that does not converge counts as not meeting).
    public func candidate(_ n: Int, edges: [Double], passes: [Bool], lp: Double, ls: Double) -> FIRFilter? {
        let desired = passes.map { $0 ? 1.0 : 0.0 }
        let method: FIRRecipe.Method
        switch self.method {
        case .remez:
            method = .remez(taps: n, bands: edges, desired: desired, weights: passes.map { $0 ? 1 : lp / ls }, type: .bandpass)
        case .firls:
            method = .firls(taps: n, bands: edges, desired: desired.flatMap { [$0, $0] },
                            weights: passes.map { $0 ? 1 : (lp / ls) * (lp / ls) })
        case .kaiser:
            let beta = kaiserBeta(attenuation: -20 * Double.log10(min(lp, ls)))
            let cutoffs = stride(from: 1, to: edges.count - 1, by: 2).map { (edges[$0] + edges[$0 + 1]) / 2 }
            method = .firwin(taps: n, cutoffs: cutoffs, band: passes[0] ? (cutoffs.count == 1 ? .lowpass : .bandstop)
                                                                          : (cutoffs.count == 1 ? .highpass : .bandpass),
                             window: .kaiser(beta: beta), width: nil, scale: true)
        }
        let recipe = FIRRecipe(method: method, sampleRate: sampleRate, minimumPhase: minimumPhase)
        guard var filter = try? recipe.design() else { return nil }
        // Judged against the specification's bands whatever the method.
        filter.judgedBands = FIRFilter.JudgedBands(edges: edges, passes: passes,
                                                   allowed: passes.map { $0 ? passbandDeviation : stopbandDeviation })
        return filter
    }

    func tooLong(estimate: Int, narrowest: Double) -> FIRDesignError {
        FIRDesignError("no FIR filter of up to \(maximumTaps) taps (\(method.rawValue)) meets this specification: "
                       + "the narrowest transition, \(formatC("%.6g", narrowest)) of the sample rate, needs about \(estimate) taps "
                       + "(Kaiser's estimate); widen the transition, or ask for less attenuation or more ripple")
    }
}

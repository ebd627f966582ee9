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
    /// Minimum phase: the linear-phase candidate is designed for about the
    /// squared tolerances (|H_min| = |H_lin|^(1/2); see
    /// `minimumPhaseTolerances`), and the minimum-phase filter is what is
    /// measured.
    public var minimumPhase: MinimumPhaseMethod?

    /// A bound of the caller's on the linear-phase taps tried (a server's
    /// work per request); nil: the method's own.
    public var tapLimit: Int?

    /// The most taps tried: the method's own limit (remez's
    /// `EquirippleDesign.tapsRange`, firls's `LinearPhaseTaps.firls`; 10^5
    /// for Kaiser's window), at most `minimumPhaseTapLimit` linear-phase taps
    /// with `minimumPhase`, and at most `tapLimit`.
    public var maximumTaps: Int {
        let own: Int
        switch method {
        case .remez: own = EquirippleDesign.tapsRange.upperBound
        case .firls: own = LinearPhaseTaps.firls.upperBound
        case .kaiser: own = 100_000
        }
        return min(own, minimumPhase != nil ? Self.minimumPhaseTapLimit : .max, tapLimit ?? .max)
    }

    /// The most linear-phase taps a minimum-phase design takes: 20,001, for
    /// the minimum-phase step's cost. Its FFT has 2^ceil(log2(200 (N - 1)))
    /// points (`minimumPhase(taps:)`): 2^22 at 20,001 taps, five arrays of
    /// 32 MB and about a second; 10^5 taps would take 2^25 points and 2 GB.
    public static let minimumPhaseTapLimit = 20_001

    /// How many times the linear-phase tolerances are tightened after a
    /// minimum-phase search that found nothing (`minimumPhaseDesign`).
    public static let minimumPhaseRetries = 3

    /// The smallest linear-phase tolerance a minimum-phase design asks for:
    /// 1e-16 (320 dB), about the rounding of a gain near 1 in double
    /// precision (2^-53 = 1.1e-16). Below it the linear-phase filter's
    /// stopband is rounding, and the minimum-phase filter's (its square
    /// root, and the FFTs' rounding through log and exp) stays near 3e-8
    /// (150 dB) however the design is asked: measured here with Kaiser's
    /// window through both methods, asked 150 to 250 dB (the closest
    /// designs' stopbands 2.5e-8 to 4e-8).
    public static let minimumPhaseToleranceFloor = 1e-16

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
        for (field, edges) in [(RecipeField.passband, p), (.stopband, s)] {
            for e in edges where !(e > 0 && e < 0.5) {
                throw FIRDesignError(field: field, [
                    .field(field), .text(" \(wording.frequency(e)) is out of range; an edge must be above 0 and below "
                                         + (sampleRate == nil ? "half the sample rate" : "\(wording.nyquist) (half the sample rate)")),
                ])
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
            throw FIRDesignError(field: .passband, [
                .field(.passband), .text(" \(p.map(wording.frequency).joined(separator: " ")) and "), .field(.stopband),
                .text(" \(s.map(wording.frequency).joined(separator: " ")) make no band: give one of each (p < s "
                      + "low-pass, p > s high-pass) or two of each (s1 < p1 < p2 < s2 band-pass, p1 < s1 < s2 < p2 band-stop)"),
            ])
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
    /// odd taps only. With `minimumPhase` the search is
    /// `minimumPhaseDesign`'s, over the linear-phase taps.
    ///
    /// Each candidate first looks at the `DesignBudget` the search runs
    /// under: once it is spent no more are designed, and the search ends
    /// with the stop.
    ///
    /// - Throws: `FIRDesignError` for bad edges, ripple or attenuation, and
    ///   for a specification that `maximumTaps` taps cannot meet (naming the
    ///   transition and what to change); or the budget's stop.
    public func design() throws(FIRDesignError) -> (filter: FIRFilter, tried: [(taps: Int, meets: Bool)]) {
        do throws(FIRDesignError) {
            let result = try searchedDesign()
            if let stop = DesignBudget.stop { throw FIRDesignError(stop: stop) }
            return result
        } catch {
            // Candidates its budget stopped count as not meeting: say the stop instead.
            if let stop = DesignBudget.stop { throw FIRDesignError(stop: stop) }
            throw error
        }
    }

    /// `design()`'s search.
    func searchedDesign() throws(FIRDesignError) -> (filter: FIRFilter, tried: [(taps: Int, meets: Bool)]) {
        guard passbandRipple > 0, passbandRipple.isFinite, passbandRipple < 60 else {
            throw FIRDesignError(field: .passbandLoss, [
                .field(.passbandLoss), .text(" \(messageNumber(passbandRipple)) is out of range; the ripple must be above 0 and below 60 dB"),
            ])
        }
        guard stopbandAttenuation > 0, stopbandAttenuation <= 300 else {
            throw FIRDesignError(field: .stopbandAttenuation, [
                .field(.stopbandAttenuation),
                .text(" \(messageNumber(stopbandAttenuation)) is out of range; it must be above 0 and at most 300 dB"),
            ])
        }
        let (edges, passes) = try bands()
        if let minimumPhase { return try minimumPhaseDesign(minimumPhase, edges: edges, passes: passes) }
        let dp = passbandDeviation, ds = stopbandDeviation
        // What the linear-phase filter must meet: the specification itself.
        let (lp, ls) = (dp, ds)
        let narrowest = narrowestTransition(edges)
        let oddOnly = passes.last! || method == .firls
        let attenuation = -20 * Double.log10(min(lp, ls))
        let estimate = try kaiserEstimate(attenuation: attenuation, width: narrowest)

        var tried: [(taps: Int, meets: Bool)] = []
        var designed: [Int: FIRFilter] = [:]
        func meets(_ n: Int) -> Bool {
            if let known = tried.first(where: { $0.taps == n }) { return known.meets }
            if DesignBudget.stop != nil { return false }
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
        // Kaiser's estimate is within a factor of two of what remez needs:
        // beyond twice the limit, no design is tried.
        guard estimate <= 2 * cap else { throw tooLong(estimate: estimate, narrowest: narrowest) }
        guard let high = Self.fewest(estimate: estimate, cap: cap, oddOnly: oddOnly, belowEstimate: false, meets: meets) else {
            throw tooLong(estimate: estimate, narrowest: narrowest)
        }
        return (designed[high]!, tried)
    }

    /// The fewest taps `meets`, searched from Kaiser's `estimate`: a count
    /// that meets (high) and one below it that does not (low), the distance
    /// between them doubling from the estimate (up to `cap`, or down while
    /// the estimate meets); then bisection; then the four counts below the
    /// answer, since meeting need not be monotone in N. With `belowEstimate`,
    /// when nothing from the estimate up to `cap` meets, counts below the
    /// estimate are tried the same way (an equiripple design for a large
    /// weight ratio can stop converging above some length: more taps do not
    /// help, fewer may). Nil when nothing tried meets.
    static func fewest(estimate: Int, cap: Int, oddOnly: Bool, belowEstimate: Bool, meets: (Int) -> Bool) -> Int? {
        func allowed(_ n: Int) -> Int { oddOnly && n % 2 == 0 ? n + 1 : n }
        let step = oddOnly ? 2 : 1
        let start = min(allowed(max(estimate, 3)), cap)
        var high = start
        var low = 0
        var grow = max(step, high / 8)
        // Down from a count that meets, each step twice the last, to one that does not.
        func descend() {
            while true {
                let n = high - grow
                guard n >= 1 else { break }
                let candidate = allowed(n) < high ? allowed(n) : n - 1
                if candidate < 1 { break }
                if meets(candidate) { high = candidate; grow *= 2 } else { low = candidate; break }
            }
        }
        if meets(high) {
            descend()
        } else {
            low = high
            while true {
                guard low < cap else {
                    guard belowEstimate else { return nil }
                    // Below the estimate, the same doubling steps down from it.
                    var n = start
                    grow = max(step, start / 8)
                    while true {
                        let next = allowed(n - grow) < n ? allowed(n - grow) : n - grow - 1
                        guard next >= 1 else { return nil }
                        n = next
                        if meets(n) { break }
                        grow *= 2
                    }
                    high = n
                    low = 0
                    grow = max(step, high / 8)
                    descend()
                    break
                }
                let n = min(allowed(low + grow), cap)
                if meets(n) { high = n; break }
                low = n
                grow *= 2
            }
        }
        return bisected(low: low, high: high, step: step, allowed: allowed, meets: meets)
    }

    /// The fewest count in (low, high] that meets, by bisection between a
    /// count that fails (`low`) and one that meets (`high`), mid = low + (high − low) / 2
    /// (made allowed); then, since meeting need not be monotone in N, the
    /// lowest of the four counts below it that meets.
    private static func bisected(low: Int, high: Int, step: Int, allowed: (Int) -> Int, meets: (Int) -> Bool) -> Int {
        var (low, high) = (low, high)
        while high - low > step {
            let mid = allowed(low + (high - low) / 2)
            guard mid > low, mid < high else { break }
            if meets(mid) { high = mid } else { low = mid }
        }
        // Meeting need not be monotone in N: look a few below the answer.
        var n = high - step
        while n >= max(1, high - 4 * step) { if meets(n) { high = n }; n -= step }
        return high
    }

    /// The narrowest transition of `bands()`'s edges.
    func narrowestTransition(_ edges: [Double]) -> Double {
        stride(from: 1, to: edges.count - 1, by: 2).map { edges[$0 + 1] - edges[$0] }.min()!
    }

    /// Kaiser's estimate of the taps for `attenuation` dB (at least 8) across `width`.
    func kaiserEstimate(attenuation: Double, width: Double) throws(FIRDesignError) -> Int {
        do {
            return try kaiserOrder(attenuation: max(attenuation, 8), width: width).taps
        } catch { throw FIRDesignError(error.description(FrequencyWording(sampleRate: sampleRate))) }
    }

    /// The tolerances (lp, ls) the linear-phase filter of a minimum-phase
    /// design is first designed for, from dp and ds: its magnitude is about
    /// the square of the minimum-phase filter's.
    ///
    /// - Passband: (1 +- dp)^2 = 1 +- lp, lp = min((1 + dp)^2 - 1, 1 - (1 - dp)^2)
    ///   = 2 dp - dp^2.
    /// - Stopband, `.homomorphic`: sqrt(|H|) <= ds for |H| <= ls = ds^2.
    /// - Stopband, `.hilbert`: the zero-phase amplitude A (between -ls and ls
    ///   in the stopband) is first lifted by its own ls so that it is never
    ///   negative, and M = sqrt((A + ls) S) with S about 1 reaches
    ///   sqrt(2 ls) where A = ls: ls = ds^2 / 2. (With ds^2 the stopband
    ///   stays near sqrt(2) ds however long the filter: a Kaiser window,
    ///   whose deviations are set by beta and not by N, never meets it.)
    public static func minimumPhaseTolerances(_ method: MinimumPhaseMethod, dp: Double, ds: Double) -> (lp: Double, ls: Double) {
        let lp = min(Double.pow(1 + dp, 2) - 1, 1 - Double.pow(1 - dp, 2))
        return (lp, method == .hilbert ? ds * ds / 2 : ds * ds)
    }

    /// The fewest linear-phase taps whose minimum-phase filter meets the
    /// specification, and the counts tried in the search that found it.
    ///
    /// The linear-phase taps are odd: a minimum-phase filter of M taps has
    /// |G|^2 the amplitude of a type I filter of 2M - 1 taps; an even-length
    /// (type II) filter has no such factor, and `.hilbert`, which reads its
    /// amplitude at a delay of floor(N/2) samples, leaves its passband
    /// ripple at several times dp however long it is.
    ///
    /// Each round searches as `design()` does (`fewest`), from Kaiser's
    /// estimate E for the tolerances (lp, ls) up to 2E + 1 taps (Kaiser's
    /// estimate is within a factor of two of what remez needs; more taps
    /// cannot help a miss that is not the transition's), then below E
    /// (an equiripple design for a weight ratio lp/ls near 10^8 stops
    /// converging above some length). When nothing met, the closest
    /// candidate (smallest worst ratio r = deviation / allowed over the
    /// bands) says how far the tolerances must move: a passband that missed
    /// by r takes lp * 0.8 / r (the minimum-phase ripple is about lp / 2), a
    /// stopband ls * 0.8 / r^2 (its gain is about sqrt(ls)); Kaiser's
    /// window, whose deviation is min(lp, ls) in every band, takes the
    /// smaller factor on both. At most `minimumPhaseRetries` rounds follow.
    ///
    /// - Throws: `FIRDesignError` when the estimate exceeds `maximumTaps`, or
    ///   when no round finds a design (naming the closest candidate and the
    ///   attenuation the linear-phase design had to reach).
    func minimumPhaseDesign(_ minimumPhase: MinimumPhaseMethod, edges: [Double], passes: [Bool])
        throws(FIRDesignError) -> (filter: FIRFilter, tried: [(taps: Int, meets: Bool)]) {
        let dp = passbandDeviation, ds = stopbandDeviation
        var (lp, ls) = Self.minimumPhaseTolerances(minimumPhase, dp: dp, ds: ds)
        let narrowest = narrowestTransition(edges)
        let cap = maximumTaps % 2 == 0 ? maximumTaps - 1 : maximumTaps
        var closest: (taps: Int, pass: Double, stop: Double)?
        var linearAttenuation = -20 * Double.log10(min(lp, ls))
        guard min(lp, ls) >= Self.minimumPhaseToleranceFloor else {
            throw minimumPhaseMissed(minimumPhase, closest: nil, linearAttenuation: linearAttenuation, beneathFloor: true)
        }
        var beneathFloor = false
        for round in 0...Self.minimumPhaseRetries {
            linearAttenuation = -20 * Double.log10(min(lp, ls))
            let estimate = try kaiserEstimate(attenuation: linearAttenuation, width: narrowest)
            guard estimate <= cap else { throw minimumPhaseTooLong(minimumPhase, estimate: estimate, narrowest: narrowest) }
            let bound = min(2 * estimate + 1, cap)
            var tried: [(taps: Int, meets: Bool)] = []
            var designed: [Int: FIRFilter] = [:]
            // Per count designed: the worst ratio of deviation to allowed, passbands and stopbands.
            var misses: [(taps: Int, pass: Double, stop: Double)] = []
            func meets(_ n: Int) -> Bool {
                if let known = tried.first(where: { $0.taps == n }) { return known.meets }
                if DesignBudget.stop != nil { return false }
                var ok = false
                if let filter = candidate(n, edges: edges, passes: passes, lp: lp, ls: ls) {
                    var pass = 0.0, stop = 0.0
                    for (m, passing) in zip(filter.bandMeasures, passes) {
                        if passing { pass = max(pass, m.maximumDeviation / dp) } else { stop = max(stop, m.maximumDeviation / ds) }
                    }
                    ok = pass <= 1 && stop <= 1
                    if ok { designed[n] = filter } else { misses.append((n, pass, stop)) }
                }
                tried.append((n, ok))
                return ok
            }
            if let high = Self.fewest(estimate: estimate, cap: bound, oddOnly: true, belowEstimate: true, meets: meets) {
                return (designed[high]!, tried)
            }
            guard let best = misses.min(by: { max($0.pass, $0.stop) < max($1.pass, $1.stop) }) else { break }
            closest = best
            guard round < Self.minimumPhaseRetries else { break }
            let next = tightenedTolerances(lp, ls, after: best)
            guard min(next.0, next.1) >= Self.minimumPhaseToleranceFloor else { beneathFloor = true; break }
            (lp, ls) = next
        }
        throw minimumPhaseMissed(minimumPhase, closest: closest, linearAttenuation: linearAttenuation, beneathFloor: beneathFloor)
    }

    /// The next round's linear-phase tolerances after a round whose closest
    /// candidate missed by the ratios `pass` and `stop` (deviation / allowed):
    /// lp × 0.8 / pass and ls × 0.8 / stop² where they missed (the stopband's
    /// squared, as minimum phase squares it); the Kaiser window, one β for
    /// both, takes the smaller factor for both.
    private func tightenedTolerances(_ lp: Double, _ ls: Double,
                                     after best: (taps: Int, pass: Double, stop: Double)) -> (Double, Double) {
        let passFactor = best.pass > 1 ? 0.8 / best.pass : 1
        let stopFactor = best.stop > 1 ? 0.8 / (best.stop * best.stop) : 1
        return method == .kaiser ? (lp * min(passFactor, stopFactor), ls * min(passFactor, stopFactor))
                                 : (lp * passFactor, ls * stopFactor)
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

    /// A minimum-phase design whose linear-phase estimate exceeds `maximumTaps`.
    func minimumPhaseTooLong(_ minimumPhase: MinimumPhaseMethod, estimate: Int, narrowest: Double) -> FIRDesignError {
        FIRDesignError("no minimum-phase FIR filter (\(minimumPhase.rawValue)) from up to \(maximumTaps) linear-phase taps (\(method.rawValue)) "
                       + "meets this specification: the narrowest transition, \(formatC("%.6g", narrowest)) of the sample rate, needs about "
                       + "\(estimate) linear-phase taps (Kaiser's estimate for the squared tolerances); widen the transition, or ask for "
                       + "less attenuation or more ripple")
    }

    /// A minimum-phase design that no round found: the closest candidate's
    /// miss, and the attenuation its linear-phase filter was designed for;
    /// or one whose tolerances fell `beneathFloor`, before any design or
    /// after the closest.
    func minimumPhaseMissed(_ minimumPhase: MinimumPhaseMethod, closest: (taps: Int, pass: Double, stop: Double)?,
                            linearAttenuation: Double, beneathFloor: Bool) -> FIRDesignError {
        var text = "no minimum-phase FIR filter (\(minimumPhase.rawValue)) from \(method.rawValue) designs meets this specification"
        if beneathFloor && closest == nil {
            return FIRDesignError(text + ": its linear-phase filter would have to reach about \(formatC("%.0f", linearAttenuation)) dB, "
                                  + "beneath double precision's rounding (about 320 dB); ask for less attenuation or more ripple")
        }
        if let closest {
            let dp = passbandDeviation, ds = stopbandDeviation
            let misses = [closest.pass > 1 ? "a passband gain within 1 +- \(formatC("%.4g", closest.pass * dp)) (asked \(formatC("%.4g", dp)))" : nil,
                          closest.stop > 1 ? "a stopband gain up to \(formatC("%.4g", closest.stop * ds)) (asked \(formatC("%.4g", ds)))" : nil]
            text += ": the closest, from \(closest.taps) linear-phase taps, has " + misses.compactMap { $0 }.joined(separator: " and ")
        } else {
            text += ": no candidate could be designed"
        }
        text += "; its linear-phase filter must reach about \(formatC("%.0f", linearAttenuation)) dB"
        if beneathFloor { text += ", and more would be beneath double precision's rounding (about 320 dB)" }
        text += "; ask for less attenuation or more ripple"
        guard method != .kaiser else { return FIRDesignError(text) }
        return FIRDesignError(field: nil, [.text(text + ", or try "), .field(.method), .text(" kaiser")])
    }

    func tooLong(estimate: Int, narrowest: Double) -> FIRDesignError {
        FIRDesignError("no FIR filter of up to \(maximumTaps) taps (\(method.rawValue)) meets this specification: "
                       + "the narrowest transition, \(formatC("%.6g", narrowest)) of the sample rate, needs about \(estimate) taps "
                       + "(Kaiser's estimate); widen the transition, or ask for less attenuation or more ripple")
    }
}

/// The exchange iteration of Parks and McClellan as Filip (2016) makes it
/// robust: a barycentric trial polynomial on the reference
/// (`TrialPolynomial`), its error's extrema on the continuum
/// (`ExtremaSearch`), the exchange (`ReferenceExchange`), repeated until
/// the trial filter's largest weighted error max |E| and the smallest |E|
/// L over its alternating extrema certify it,
///
///     1 - L / max |E| <= tolerance,
///
/// from the starting references of `RemezExchange+Starts.swift`.
struct RemezExchange {
    /// One iteration's trial filter and what its error showed.
    struct State {
        var reference: EquirippleReference
        var trial: TrialPolynomial
        var candidates: [ExtremumCandidate]
        var extrema: [ExtremumCandidate]
        var maximumError: Double
        var lowerBound: Double
        var iteration: Int
        var convergence: Double { maximumError > 0 ? 1 - lowerBound / maximumError : 0 }
        /// The next reference: the alternating extrema.
        var next: EquirippleReference {
            EquirippleReference(frequencies: extrema.map(\.frequency), bands: extrema.map(\.band))
        }
    }

    /// The best state of a run, its iterations, and those of the smaller
    /// designs before it.
    struct Outcome {
        var best: State?
        var iterations: Int
        var totalIterations: Int
        /// The final references of the certified designs of the chain,
        /// smallest first (this one last, if certified).
        var levels: [EquirippleReference] = []
    }

    /// Aim: stop when the certificate is this tight.
    static let targetTolerance = 1e-6
    /// Accept: a design whose certificate is at most this loose.
    static let acceptTolerance = 1e-2
    /// Iterations at most for one design.
    static let maximumIterations = 100
    /// Stop when the best certificate has not improved for this many iterations.
    static let patience = 6
    /// If the equilibrium start fails, designs with more basis functions
    /// than this try a smaller design's reference, one `scaleFactor`-th the size.
    static let scalingThreshold = 64
    static let scaleFactor = 2

    let problem: EquirippleProblem

    /// Runs the exchange to the target (or as near as double allows): from
    /// the equilibrium measure's reference; if that does not converge, from
    /// a smaller design's reference scaled up; then from the uniform one.
    /// Its `DesignBudget` spent, it tries no further start and has no best.
    func solve(tolerance: Double = targetTolerance, verify: Bool = true) -> Outcome {
        let n = problem.basisCount
        var outcome = Outcome(best: nil, iterations: 0, totalIterations: 0)
        var spent = 0
        func accepted() -> Bool { (outcome.best?.convergence ?? 1) <= Self.acceptTolerance }
        func attempt(_ start: EquirippleReference) {
            // Its budget spent, no further start is tried (the caller says why).
            guard DesignBudget.stop == nil else { return }
            let next = iterate(from: start, tolerance: tolerance, verify: verify)
            spent += next.iterations
            if outcome.best == nil || (next.best?.convergence ?? 1) < outcome.best!.convergence { outcome = next }
        }
        if DesignBudget.stop == nil, let (start, _) = equilibriumStart() { attempt(start) }
        var levels: [EquirippleReference] = []
        if !accepted(), n > Self.scalingThreshold, DesignBudget.stop == nil {
            let seed = RemezExchange(problem: problem.with(basisCount: n / Self.scaleFactor)).solve(tolerance: 1e-3, verify: false)
            spent += seed.totalIterations
            if let best = seed.best, best.convergence <= Self.acceptTolerance {
                levels = seed.levels
                attempt(scaledStart(levels).0)
            }
        }
        if !accepted() { attempt(InitialReference.uniform(problem, count: n + 1)) }
        outcome.totalIterations = spent
        // Stopped by its budget, the exchange has no answer (its caller says why).
        if DesignBudget.stop != nil { outcome.best = nil }
        if let best = outcome.best, best.convergence <= Self.acceptTolerance { levels.append(best.next) }
        outcome.levels = levels
        return outcome
    }

    /// Exchange iterations from `start`, until the certificate reaches
    /// `tolerance`, or has not improved for `patience` iterations once
    /// acceptable, or `maximumIterations`. The iterations sample E' once per
    /// piece between nodes, and while the certificate is above 5 % refine
    /// each extremum by one step only (the next reference need not be exact
    /// that far from the optimum); the state they stop at is checked with
    /// `verificationSamples` samples a piece (an extremum the sparse search
    /// missed would make max |E| too small), and if that changes the
    /// verdict the iterations go on from the checked state's extrema (at
    /// most three checks). Each iteration first looks at the
    /// `DesignBudget`, and ends the loop when it is spent (then without the
    /// final check: the caller discards a stopped design).
    func iterate(from start: EquirippleReference, tolerance: Double, verify: Bool = true) -> Outcome {
        var reference = start
        var best: State? = nil
        var verified = false
        var verifications = 0
        var iterations = 0
        var coarse = true
        while iterations < Self.maximumIterations {
            // Its budget spent (a server's time limit, a client gone): the
            // caller says why (`FIRRecipe.design` reads `DesignBudget.stop`).
            if DesignBudget.stop != nil { break }
            guard let state = step(reference, samples: 1, coarse: coarse, iteration: iterations + 1) else { break }
            // Refine the extrema fully once within 5 % (and always after a coarse step that seemed to converge).
            let wasCoarse = coarse
            coarse = state.convergence > 0.05
            if wasCoarse, state.convergence <= 0.05 {
                reference = state.next
                iterations += 1
                if best == nil { best = state }
                continue
            }
            iterations += 1
            if best == nil || state.convergence < best!.convergence { (best, verified) = (state, false) }
            let stalled = best!.convergence <= Self.acceptTolerance && iterations - best!.iteration >= Self.patience
            guard state.convergence <= tolerance || stalled || iterations == Self.maximumIterations else {
                reference = state.next
                continue
            }
            guard verify, !verified, let candidate = best else { break }
            best = step(candidate.reference, samples: Self.verificationSamples, iteration: candidate.iteration)
            verified = true
            verifications += 1
            guard let checked = best else { break }
            if checked.convergence <= max(tolerance, candidate.convergence) * (1 + 1e-9) || verifications == 3 { break }
            // The sparse search had missed an extremum, which the next reference now holds.
            reference = checked.next
        }
        if verify, !verified, DesignBudget.stop == nil, let candidate = best {
            best = step(candidate.reference, samples: Self.verificationSamples, iteration: candidate.iteration)
        }
        return Outcome(best: best, iterations: iterations, totalIterations: iterations)
    }

    /// Samples a piece in the final check.
    static let verificationSamples = 4

    /// One iteration on `reference`: the trial polynomial, its error's
    /// extrema, and the next reference (nil if the trial polynomial or the
    /// exchange fails).
    func step(_ reference: EquirippleReference, samples: Int, coarse: Bool = false, iteration: Int) -> State? {
        let size = problem.basisCount + 1
        guard reference.count == size,
              let trial = TrialPolynomial(problem: problem, reference: reference) else { return nil }
        var search = ExtremaSearch(problem: problem, trial: trial, reference: reference)
        search.samplesPerPiece = samples
        search.coarse = coarse
        let candidates = search.candidates()
        var maximum = abs(trial.delta)
        for c in candidates { maximum = max(maximum, abs(c.error)) }
        guard maximum.isFinite,
              let extrema = ReferenceExchange.select(candidates, delta: trial.delta, size: size) else { return nil }
        var lower = Double.infinity
        for e in extrema { lower = min(lower, abs(e.error)) }
        return State(reference: reference, trial: trial, candidates: candidates, extrema: extrema,
                     maximumError: maximum, lowerBound: lower, iteration: iteration)
    }
}

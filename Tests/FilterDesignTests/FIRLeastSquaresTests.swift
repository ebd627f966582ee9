import FilterDesign
import Testing

/// `firls` against scipy 1.17.1: scipy's TestFirls (its Octave and MATLAB
/// vectors, the rank-deficient designs, every bad argument as a typed error;
/// bands halved from Nyquist units to fractions of fs), and scipy's taps for
/// two designs computed for this file.
@Suite struct FIRLeastSquaresTests {
    typealias R = LinearPhaseResponse

    /// scipy's test_bad_args.
    @Test func badArguments() {
        #expect(throws: LinearPhaseError.tapsNotOdd(10)) { try firls(taps: 10, bands: [0.05, 0.1], desired: [0, 0]) }
        #expect(throws: LinearPhaseError.bandEdgeCount(3)) { try firls(taps: 11, bands: [0.05, 0.1, 0.2], desired: [0, 0, 0]) }
        #expect(throws: LinearPhaseError.desiredCount(given: 3, edges: 4)) {
            try firls(taps: 11, bands: [0.05, 0.1, 0.15, 0.2], desired: [0, 0, 0])
        }
        #expect(throws: LinearPhaseError.bandEdgesNotIncreasing(index: 1, edges: [0.1, 0.05])) {
            try firls(taps: 11, bands: [0.1, 0.05], desired: [0, 0])
        }
        #expect(throws: LinearPhaseError.bandEdgesNotIncreasing(index: 3, edges: [0.05, 0.1, 0.15, 0.15])) {
            try firls(taps: 11, bands: [0.05, 0.1, 0.15, 0.15], desired: [0, 0, 0, 0])
        }
        #expect(throws: LinearPhaseError.bandEdgesNotIncreasing(index: 2, edges: [0.15, 0.2, 0.05, 0.1])) {
            try firls(taps: 11, bands: [0.15, 0.2, 0.05, 0.1], desired: [0, 0, 0, 0])
        }
        #expect(throws: LinearPhaseError.bandEdgesNotIncreasing(index: 2, edges: [0.05, 0.15, 0.1, 0.2])) {
            try firls(taps: 11, bands: [0.05, 0.15, 0.1, 0.2], desired: [0, 0, 0, 0])
        }
        #expect(throws: LinearPhaseError.desiredInvalid(index: 0, value: -1)) { try firls(taps: 11, bands: [0.05, 0.1], desired: [-1, 1]) }
        #expect(throws: LinearPhaseError.weightCount(given: 2, bands: 1)) {
            try firls(taps: 11, bands: [0.05, 0.1], desired: [0, 0], weights: [1, 2])
        }
        #expect(throws: LinearPhaseError.weightInvalid(band: 0, value: -1)) {
            try firls(taps: 11, bands: [0.05, 0.1], desired: [0, 0], weights: [-1])
        }
        #expect(throws: LinearPhaseError.bandEdgeOutOfRange(index: 1, value: 0.6)) { try firls(taps: 11, bands: [0.1, 0.6], desired: [0, 0]) }
    }

    /// scipy's test_firls: an 11-tap half-band low-pass (scipy uses fs=1
    /// here): symmetric, centre tap 0.5 (1e-8), the other odd-offset taps 0
    /// (decimal 6), |H| within 1.5e-3 of 1 in the passband and of 0 in the
    /// stopband on freqz's 512 points.
    @Test func halfBand() throws {
        let a = 0.1
        let h = try firls(taps: 11, bands: [0, a, 0.5 - a, 0.5], desired: [1, 1, 0, 0])
        #expect(h.count == 11)
        #expect(R.largestDifference(h, h.reversed()) < 1.5e-6)
        #expect(abs(h[5] - 0.5) <= 1e-8)
        for n in [1, 3, 7, 9] { #expect(abs(h[n]) < 1.5e-6) }
        for f in R.freqzGrid(512) {
            if f > 0 && f < a { #expect(abs(R.magnitude(h, at: f) - 1) < 1.5e-3) }
            if f > 0.5 - a && f < 0.5 { #expect(R.magnitude(h, at: f) < 1.5e-3) }
        }
    }

    /// scipy's test_compare: Octave's and MATLAB's taps, rtol 1e-7 (scipy's
    /// default for float64); ours agree far closer (Cholesky on the same
    /// closed forms).
    @Test func octaveAndMatlab() throws {
        func close(_ ours: [Double], _ known: [Double]) -> Bool {
            zip(ours, known).allSatisfy { abs($0 - $1) <= 1e-7 * abs($1) }
        }
        // >> taps = firls(8, [0 0.5 0.55 1], [1 1 0 0], [1, 2]);  (Octave)
        let octave = [-6.26930101730182e-04, -1.03354450635036e-01, -9.81576747564301e-03, 3.17271686090449e-01,
                      5.11409425599933e-01, 3.17271686090449e-01, -9.81576747564301e-03, -1.03354450635036e-01,
                      -6.26930101730182e-04]
        #expect(close(try firls(taps: 9, bands: [0, 0.25, 0.275, 0.5], desired: [1, 1, 0, 0], weights: [1, 2]), octave))
        // >> taps = firls(10, [0 0.5 0.5 1], [1 1 0 0], [1, 2]);  (MATLAB)
        let matlab = [0.058545300496815, -0.014233383714318, -0.104688258464392, 0.012403323025279, 0.317930861136062,
                      0.488047220029700, 0.317930861136062, 0.012403323025279, -0.104688258464392, -0.014233383714318,
                      0.058545300496815]
        #expect(close(try firls(taps: 11, bands: [0, 0.25, 0.25, 0.5], desired: [1, 1, 0, 0], weights: [1, 2]), matlab))
        // >> taps = firls(6, [0, 0.1, 0.2, 0.3, 0.4, 0.5], [1, 0, 0, 1, 1, 0])  (scipy's fs=20, bands 0 ... 5)
        let linear = [1.156090832768218, -4.1385894727395849, 7.5288619164321826, -8.5530572592947856, 7.5288619164321826,
                      -4.1385894727395849, 1.156090832768218]
        #expect(close(try firls(taps: 7, bands: [0, 0.05, 0.1, 0.15, 0.2, 0.25], desired: [1, 0, 0, 1, 1, 0]), linear))
    }

    /// scipy's test_rank_deficient: the Gram matrix is numerically singular
    /// (scipy falls back to lstsq; here QR on the quadrature system): on freqz's 512
    /// points |H| within 1e-5 of 1 at the first two and 1e-6 of 0 at the last
    /// two (21 taps), and within 1e-4 of 1 below 0.005 and of 0 above 0.495
    /// (101 taps).
    @Test func rankDeficient() throws {
        let grid = R.freqzGrid(512)
        let x = try firls(taps: 21, bands: [0, 0.05, 0.45, 0.5], desired: [1, 1, 0, 0])
        for f in grid.prefix(2) { #expect(abs(R.magnitude(x, at: f) - 1) <= 1e-5) }
        for f in grid.suffix(2) { #expect(R.magnitude(x, at: f) <= 1e-6) }
        let y = try firls(taps: 101, bands: [0, 0.005, 0.495, 0.5], desired: [1, 1, 0, 0])
        let low = grid.filter { $0 < 0.005 }, high = grid.filter { $0 > 0.495 }
        #expect(low.count > 3 && high.count > 3)
        for f in low { #expect(abs(R.magnitude(y, at: f) - 1) <= 1e-4) }
        for f in high { #expect(R.magnitude(y, at: f) <= 1e-4) }
        #expect(R.largestDifference(y, y.reversed()) == 0)
    }

    /// Against scipy.signal.firls(..., fs=1) on two well-conditioned designs
    /// (weights 1 and 10; three bands with a sloped one): within 1e-13 of the
    /// largest tap (both solve the same closed forms by Cholesky; the
    /// difference is rounding, a few eps, times the matrices' condition
    /// numbers, 83 and 23).
    @Test func matchesScipy() throws {
        let a = try firls(taps: 31, bands: [0, 0.2, 0.25, 0.5], desired: [1, 1, 0, 0], weights: [1, 10])
        #expect(R.largestDifference(a, LinearPhaseScipyValues.firls31) <= 1e-13 * R.largest(a))
        let b = try firls(taps: 25, bands: [0, 0.1, 0.15, 0.3, 0.35, 0.5], desired: [0, 0, 1, 0.5, 0, 0], weights: [1, 2, 3])
        #expect(R.largestDifference(b, LinearPhaseScipyValues.firls25) <= 1e-13 * R.largest(b))
    }

    /// The refinement (601 taps, beyond the dense solver) on a
    /// well-conditioned design (no transition band, weights 1 and 3): it
    /// converges fully, so seven taps agree with scipy's (Cholesky)
    /// within 1e-12 of the largest; the optimum's error falls as taps are
    /// added and rises when a tap is nudged.
    @Test func iterativeMatchesScipy() throws {
        let bands = [0, 0.2, 0.2, 0.5], desired = [1.0, 1, 0, 0], weights = [1.0, 3]
        let large = try firls(taps: 601, bands: bands, desired: desired, weights: weights)
        let picked = [0, 1, 100, 200, 290, 299, 300].map { large[$0] }
        #expect(R.largestDifference(picked, LinearPhaseScipyValues.firls601Selected) <= 1e-12 * R.largest(large))
        let small = try firls(taps: 255, bands: bands, desired: desired, weights: weights)
        let e1 = try leastSquaresError(taps: small, bands: bands, desired: desired, weights: weights)
        let e2 = try leastSquaresError(taps: large, bands: bands, desired: desired, weights: weights)
        #expect(e2 < e1 && e2 > 0)
        var nudged = large
        nudged[300] += 1e-6
        #expect(try leastSquaresError(taps: nudged, bands: bands, desired: desired, weights: weights) > e2)
    }

    /// Where the Gram matrix is singular the taps are not unique: ours and
    /// scipy's differ, but both reach the least error (to 1e-14 of the zero
    /// filter's error, rounding in the closed forms).
    @Test func rankDeficientErrorEqualsScipys() throws {
        let bands = [0, 0.05, 0.45, 0.5], desired = [1.0, 1, 0, 0]
        let ours = try firls(taps: 21, bands: bands, desired: desired)
        let e = try leastSquaresError(taps: ours, bands: bands, desired: desired)
        let scipy = try leastSquaresError(taps: LinearPhaseScipyValues.firls21RankDeficient, bands: bands, desired: desired)
        let zero = try leastSquaresError(taps: [Double](repeating: 0, count: 21), bands: bands, desired: desired)
        #expect(abs(e - scipy) <= 1e-14 * zero)
    }

    /// A design whose Gram matrix is nearly singular beyond what 50 plain CG
    /// iterations resolve (801 taps, three narrow transitions, weights
    /// 10/1/5/1; the refined Cholesky solution, where conjugate gradients
    /// once needed Levinson's preconditioner): its error equals that of scipy's taps (9.218808383337773e-09 by
    /// scipy's closed forms in numpy) to 1e-6 relative, far below the
    /// 5e-4 that 50 plain iterations leave (numpy, the same iteration).
    @Test func preconditionedIterationReachesScipysError() throws {
        let bands = [0, 0.05, 0.055, 0.15, 0.155, 0.3, 0.305, 0.5], desired = [0.0, 0, 1, 1, 0, 0, 1, 0.5]
        let weights = [10.0, 1, 5, 1]
        let h = try firls(taps: 801, bands: bands, desired: desired, weights: weights)
        let e = try leastSquaresError(taps: h, bands: bands, desired: desired, weights: weights)
        let scipy = 9.218808383337773e-09
        #expect(abs(e - scipy) <= 1e-6 * scipy, "E = \(e)")
    }

    /// Two ill-conditioned designs (random edges, wide transitions) on which
    /// the normal equations stop short of the optimum (Cholesky passed its
    /// pivot test on the first, conjugate gradients stopped on the second):
    /// E, evaluated carefully (`leastSquaresErrorByQuadrature`), must be no
    /// worse than that of scipy 1.17.1's taps, and within 1e-4 of the exact
    /// optimum. Reference values in `leastSquaresError`'s units (nu = 2f),
    /// computed for this file in mpmath at 50 digits from the closed forms:
    /// scipy's E of its own double taps exactly, and the optimum by solving
    /// the normal equations at 60 digits. Before the QR solver ours were
    /// 7.267e-07 and 5.2e-16 (Swift); the first optimum's taps reach 2e6
    /// (huge excursions in the "don't care" band), scipy's 330.
    @Test(arguments: [
        (taps: 195, bands: [0, 0.1481023907034438, 0.24376859508313334, 0.5], desired: [0.0, 1, 0, 0], weights: [10.0, 10],
         scipy: 7.258281706803806e-07, optimum: 6.87816366514e-07),
        (taps: 191, bands: [0, 0.04371525189053888, 0.13061429186872203, 0.19656691905738388, 0.28346595903556704, 0.5],
         desired: [0.0, 0, 1, 1, 0, 0], weights: [10.0, 2, 1], scipy: 2.190511092331199e-18, optimum: 5.78165616664e-28),
    ])
    func illConditionedReachesTheOptimum(design: (taps: Int, bands: [Double], desired: [Double], weights: [Double],
                                                  scipy: Double, optimum: Double)) throws {
        let h = try firls(taps: design.taps, bands: design.bands, desired: design.desired, weights: design.weights)
        let e = try leastSquaresErrorByQuadrature(taps: h, bands: design.bands, desired: design.desired, weights: design.weights)
        #expect(e <= design.scipy, "E = \(e)")
        #expect(abs(e - design.optimum) <= 1e-4 * design.optimum, "E = \(e)")
        #expect(R.largestDifference(h, h.reversed()) == 0)
    }

    /// Three random designs beyond the dense solver (547-597 taps; the first
    /// two ill-conditioned, with wide "don't care" bands): E of our taps,
    /// evaluated carefully (`leastSquaresErrorByQuadrature`), is no worse
    /// than that of scipy 1.17.1's taps (E of scipy's double taps exactly,
    /// mpmath at 50 digits, in `leastSquaresError`'s units). The allowance
    /// 1e-3 covers the careful evaluation's rounding, about
    /// eps sum |h_n| / rms(A - D) <= 1e-5 here; ours were 1.1e-20, 1.1e-20
    /// and 1.32e-11 when these were written (refined Cholesky), where
    /// conjugate gradients alone stopped at 1.9e-16, 6.0e-16 and 1.6e-9.
    @Test(arguments: [
        (taps: 547, bands: [0.16358410396632783, 0.36102366646327694, 0.40175634956516415, 0.41194274450100715],
         desired: [0.0, 0, 0, 1], weights: [1.0, 2], scipy: 1.9151538047100168e-16),
        (taps: 597, bands: [0.21411012319474065, 0.26187005395524016, 0.3288803650192572, 0.4364046042823872],
         desired: [0.35541377702351207, 0.5190984864959901, 0.7652473832785226, 0.9091793139905502], weights: [10.0, 2],
         scipy: 6.350217845007502e-18),
        (taps: 579, bands: [0.21499843095058152, 0.5], desired: [0.6764711999985934, 0.717085904281123],
         weights: [9.718451013769643], scipy: 1.3295828022802008e-11),
    ])
    func largeDesignsNoWorseThanScipy(design: (taps: Int, bands: [Double], desired: [Double], weights: [Double],
                                               scipy: Double)) throws {
        let h = try firls(taps: design.taps, bands: design.bands, desired: design.desired, weights: design.weights)
        let e = try leastSquaresErrorByQuadrature(taps: h, bands: design.bands, desired: design.desired, weights: design.weights)
        #expect(e <= design.scipy * (1 + 1e-3), "E = \(e)")
        #expect(R.largestDifference(h, h.reversed()) == 0)
    }

    /// The careful evaluation agrees with the closed form where the closed
    /// form is accurate (a well-conditioned design, taps below 1, E = 1.9e-4),
    /// and gives the zero filter's error e0 = 0.4 (the passband's length in
    /// Nyquist units).
    @Test func quadratureErrorMatchesClosedForm() throws {
        let bands = [0, 0.2, 0.25, 0.5], desired = [1.0, 1, 0, 0], weights = [1.0, 10]
        let h = try firls(taps: 31, bands: bands, desired: desired, weights: weights)
        let closed = try leastSquaresError(taps: h, bands: bands, desired: desired, weights: weights)
        let careful = try leastSquaresErrorByQuadrature(taps: h, bands: bands, desired: desired, weights: weights)
        let zero = try leastSquaresErrorByQuadrature(taps: [Double](repeating: 0, count: 31), bands: bands, desired: desired, weights: weights)
        #expect(abs(zero - 0.4) <= 1e-15)
        // The closed form rounds to about eps e0 (e0 - 2 b'h + h'T h, each
        // term near e0): 1e-14 e0 is 2e-11 of this E.
        #expect(abs(careful - closed) <= 1e-14 * zero, "\(careful) vs \(closed)")
    }
}

import FilterDesign
import RealModule
import Testing

/// `minimumPhase` against scipy 1.17.1: scipy's TestMinimumPhase (bad
/// arguments as typed errors, the homomorphic magnitude checks, the Hilbert
/// method against MATLAB), and scipy's outputs computed for this file.
@Suite struct FIRMinimumPhaseTests {
    typealias R = LinearPhaseResponse
    typealias S = LinearPhaseScipyValues

    /// |DFT_k(h)|, k < h.count.
    static func dftMagnitudes(_ h: [Double]) -> [Double] {
        (0..<h.count).map { R.magnitude(h, at: Double($0) / Double(h.count)) }
    }

    /// scipy's test_bad_args (a method other than the two cannot be written;
    /// n_fft must here also be a power of two).
    @Test func badArguments() {
        #expect(throws: LinearPhaseError.tooFewTaps(1)) { try minimumPhase(taps: [1]) }
        #expect(throws: LinearPhaseError.tooFewTaps(2)) { try minimumPhase(taps: [1, 1]) }
        #expect(throws: LinearPhaseError.fftLength(8, taps: 10)) { try minimumPhase(taps: [Double](repeating: 1, count: 10), fftLength: 8) }
        #expect(throws: LinearPhaseError.fftLength(24, taps: 10)) { try minimumPhase(taps: [Double](repeating: 1, count: 10), fftLength: 24) }
        #expect(throws: LinearPhaseError.hilbertNeedsHalf) { try minimumPhase(taps: [1, 1, 1], method: .hilbert, half: false) }
        #expect(throws: LinearPhaseError.tapNotFinite(index: 1, value: .infinity)) { try minimumPhase(taps: [1, .infinity, 1]) }
    }

    /// scipy's test_homomorphic: [1, -1] recovered from its autocorrelation
    /// (rtol 0.05), and for a random 11-tap h (numpy's RandomState(0), pasted)
    /// |DFT| of the result equal to |DFT h| (rtol 1e-4), and with half = false
    /// to |DFT| of the autocorrelation.
    @Test func homomorphic() throws {
        let h = try minimumPhase(taps: [-1, 2, -1])
        #expect(h.count == 2 && abs(h[0] - 1) <= 0.05 && abs(h[1] + 1) <= 0.05)
        let random = S.random11
        let linear = (0..<21).map { k in
            (0..<11).reduce(0.0) { s, i in (0..<11).contains(k - i) ? s + random[i] * random[10 - (k - i)] : s }
        }
        let half = try minimumPhase(taps: linear)
        #expect(half.count == 11)
        for (a, b) in zip(Self.dftMagnitudes(half), Self.dftMagnitudes(random)) { #expect(abs(a - b) <= 1e-4 * b) }
        let full = try minimumPhase(taps: linear, half: false)
        #expect(full.count == 21)
        for (a, b) in zip(Self.dftMagnitudes(full), Self.dftMagnitudes(linear)) { #expect(abs(a - b) <= 1e-4 * b) }
        // Against scipy's own output for the same input: the FFTs differ by
        // rounding (1e-16 log2 n_fft relative) through log and exp; 1e-12 of
        // the largest tap.
        #expect(R.largestDifference(half, S.minimumRandom) <= 1e-12 * R.largest(half))
        #expect(R.largestDifference(full, S.minimumRandomFull) <= 1e-12 * R.largest(full))
    }

    /// scipy's test_hilbert: MATLAB's minimum-phase filters of remez(12, [0,
    /// 0.3, 0.5, 1], [1, 0]) (rtol 5e-3) and remez(21, [0, 0.8, 0.9, 1], [0,
    /// 1]) with n_fft = 2^19 (rtol 2e-3); scipy's remez taps pasted as input.
    /// And scipy's own outputs within 3e-5 of the largest tap: the method is
    /// ill-conditioned by design (the amplitude is shifted so that its
    /// minimum is exactly 0, and which of two mirror-image bins holds that 0
    /// is decided by rounding; sqrt and log of the other then move the
    /// result): scipy's own output moves by 5.9e-6 when the 12 taps are
    /// perturbed by 1e-16 relative.
    @Test func hilbertAgainstMatlab() throws {
        let k12 = [0.349585548646686, 0.373552164395447, 0.326082685363438, 0.077152207480935, -0.129943946349364,
                   -0.059355880509749]
        let m12 = try minimumPhase(taps: S.remez12, method: .hilbert)
        #expect(zip(m12, k12).allSatisfy { abs($0 - $1) <= 5e-3 * abs($1) })
        #expect(R.largestDifference(m12, S.minimumHilbert12) <= 3e-5 * R.largest(m12))
        let k21 = [0.232486803906329, -0.133551833687071, 0.151871456867244, -0.157957283165866, 0.151739294892963,
                   -0.129293146705090, 0.100787844523204, -0.065832656741252, 0.035361328741024, -0.014977068692269,
                   -0.158416139047557]
        let m21 = try minimumPhase(taps: S.remez21, method: .hilbert, fftLength: 1 << 19)
        #expect(zip(m21, k21).allSatisfy { abs($0 - $1) <= 2e-3 * abs($1) })
        #expect(R.largestDifference(m21, S.minimumHilbert21) <= 3e-5 * R.largest(m21))
    }

    /// The homomorphic method on the same remez taps against scipy (default
    /// and full length): within 1e-12 of the largest tap.
    @Test func homomorphicMatchesScipy() throws {
        let half = try minimumPhase(taps: S.remez12)
        #expect(R.largestDifference(half, S.minimumHomomorphic12) <= 1e-12 * R.largest(half))
        let full = try minimumPhase(taps: S.remez12, half: false)
        #expect(R.largestDifference(full, S.minimumHomomorphicFull12) <= 1e-12 * R.largest(full))
    }
}

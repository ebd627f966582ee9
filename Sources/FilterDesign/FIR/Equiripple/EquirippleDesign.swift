/// A linear-phase FIR filter whose weighted error is equiripple (minimax
/// optimal), with the certificate that proves it: `remez(taps:bands:desired:weights:type:)`'s answer.
///
/// **The certificate.** E(f) = W(f) (A(f) - D(f)) is the weighted error of
/// the amplitude A against the desired D over the bands. If E alternates
/// in sign at n + 1 frequencies (`extremalFrequencies`, n the number of
/// basis functions) with |E| >= L at each, no filter of the same type and
/// length has a smaller largest weighted error than L (de la Vallée
/// Poussin), so the optimum E* satisfies
///
///     lowerBound = L <= E* <= max |E| = maximumError,
///
/// and `convergence` = 1 - L / max |E| bounds how far these taps are from
/// the optimum, relatively. `remez` returns only designs with
/// `convergence` < 1e-2 (it aims at 1e-6).
///
/// **Signs.** For types III and IV the frequency response is
/// H(e^{2πif}) = i A(f) e^{-πi(N-1)f}, with A close to the desired value in
/// each band. A `hilbert` design with desired 1 therefore has
/// H = +i e^{-πi(N-1)f} for 0 < f < 1/2: the sign of scipy's `remez` and
/// MATLAB's `firpm` (the taps agree with theirs), which is the opposite
/// of the usual Hilbert transformer, -i sgn(f) (scipy issue 7588; its
/// ideal taps are h[c + k] = 2 / (πk) for odd k around the centre c, ours
/// are close to -2 / (πk)). Negate the taps for the usual sign. A
/// `differentiator` with desired d has H close to +i d f e^{-πi(N-1)f}, a
/// differentiator's usual sign (scipy's and MATLAB's too).
public struct EquirippleDesign: Sendable, Hashable {
    /// The N taps h[0] ... h[N-1] (h[k] = h[N-1-k] for types I and II,
    /// h[k] = -h[N-1-k] for III and IV).
    public let taps: [Double]
    /// What was approximated.
    public let filterType: RemezFilterType
    /// I ... IV, from the type and the parity of N.
    public let linearPhaseType: LinearPhaseType
    /// max |E| over the bands: the largest weighted error of these taps.
    public let maximumError: Double
    /// L = min |E| over the final alternating reference: a lower bound on
    /// the optimal largest weighted error (de la Vallée Poussin).
    public let lowerBound: Double
    /// The exchange iterations of the final design (the smaller designs
    /// that seed it by reference scaling are counted in `totalIterations`).
    public let iterations: Int
    /// Iterations over the final design and every smaller one that seeded it.
    public let totalIterations: Int
    /// The n + 1 frequencies (fractions of the sample rate) where E
    /// alternates with |E| >= `lowerBound`, increasing.
    public let extremalFrequencies: [Double]
    /// Each band's specification and what these taps achieve there.
    public let bands: [Band]

    /// 1 - L / max |E|: the relative gap between this filter's largest
    /// weighted error and the optimum's lower bound (0 when max |E| = 0).
    public var convergence: Double { maximumError > 0 ? 1 - lowerBound / maximumError : 0 }

    /// One band: the specification and the achieved deviation.
    public struct Band: Sendable, Hashable {
        /// The band's edges, fractions of the sample rate.
        public let lower: Double
        public let upper: Double
        /// The desired value d (the amplitude, or for a differentiator the
        /// slope: D(f) = d f).
        public let desired: Double
        /// The weight w (for a differentiator with d >= 1e-4, W = w / f).
        public let weight: Double
        /// max |A(f) - D(f)| over the band: the achieved deviation of the
        /// amplitude (unweighted), found at the weighted error's extrema
        /// and the band's edges. For a `differentiator` band weighted w / f
        /// the deviation's own maximum can lie between those points; it is
        /// at most `maximumWeightedError` × `upper` / w.
        public let maximumDeviation: Double
        /// max |E(f)| over the band.
        public let maximumWeightedError: Double
    }
}

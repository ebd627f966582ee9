import ComplexModule
import RealModule
import FilterRuntime

/// Why a design cannot be realized in fixed point.
public struct FixedPointError: Error, Sendable, CustomStringConvertible {
    /// The message, naming the cause and what to use instead.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A design realized as one of CMSIS-DSP's fixed-point biquad cascades, with
/// the proof that it cannot overflow and the noise it will add.
///
/// The design's poles and zeros are paired into sections as for Float
/// (`SectionPairing`); the order of the sections is chosen for the least
/// rounding noise at the output (rounding at one section's output is shaped
/// by the sections after it). Then the gain is placed (Jackson 1970): with
/// T_k the product of the first k monic sections, node k (section k's output,
/// the next section's stored input) gets the gain
///
///     G_k = c_k / ||t_k||_1          (l1: any input within full scale)
///     G_k = c_k / max_w |T_k(e^jw)|  (linf: full-scale sinusoids)
///
/// so section k's numerator is scaled by G_k / G_(k-1). c_k <= 1 leaves room
/// for the rounding errors that reach node k; it is lowered until, with the
/// coefficients as stored, every node provably stays within full scale:
///
///     ||h_k||_1 + sum_(j <= k) (|mu| |sum g_jk| + w ||g_jk||_1) <= 1 - 2^-F
///
/// for inputs within full scale, [-1, 1), where h_k is the stored filter's response from the input to node k, g_jk
/// the response from a rounding at node j (through section j's recursion and
/// the sections after it) to node k, mu its mean and w its half-width.
///
/// The filter then computes `outputScale` H (to the coefficients' rounding,
/// `responseDeviation`), where H is the design's normalised response.
public struct FixedPointSections: Sendable {
    /// The arithmetic the cascade runs in.
    public let arithmetic: FixedPointArithmetic
    /// How the gain was placed.
    public let scaling: FixedPointScaling
    /// CMSIS's post-shift: coefficients are stored as c 2^(F - postShift).
    public let postShift: Int
    /// Per stage b0, b1, b2, a1, a2 as stored integers, with scipy's sign for
    /// a1 and a2 (CMSIS stores them negated).
    public let stages: [[Int64]]
    /// The stored coefficients as real numbers (integer / 2^(F - postShift)):
    /// the filter as run, but for its rounding.
    public let sections: [Biquad]
    /// The gain the scaling applied, as the stored coefficients have it at
    /// the passband peak: the filter computes outputScale H(x), to the
    /// coefficients' rounding elsewhere (`FixedPointAnalysis.responseDeviation`).
    public let outputScale: Double
    /// The figures of the analysis.
    public let analysis: FixedPointAnalysis

    /// The stages in CMSIS's sign (a1, a2 negated), for `CMSISBiquadModel`
    /// and the emitted array.
    public var cmsisStages: [[Int64]] { stages.map { [$0[0], $0[1], $0[2], -$0[3], -$0[4]] } }

    /// The bit-exact model of this cascade, at rest.
    public var model: CMSISBiquadModel {
        CMSISBiquadModel(arithmetic: arithmetic, stages: cmsisStages, postShift: postShift)
    }

    /// The first `count` stages alone, with the same arithmetic and
    /// post-shift (and the whole cascade's analysis): to run an inner node
    /// at the output.
    public func prefix(_ count: Int) -> FixedPointSections {
        FixedPointSections(arithmetic: arithmetic, scaling: scaling, postShift: postShift,
                           stages: Array(stages.prefix(count)), sections: Array(sections.prefix(count)),
                           outputScale: outputScale, analysis: analysis)
    }

    /// The smallest SNR this toolkit calls useful: 40 dB, an error of 1 % of
    /// the output's RMS.
    public static let usefulSNR = 40.0
}

/// What the analysis of a fixed-point cascade found; levels are fractions of
/// full scale.
public struct FixedPointAnalysis: Sendable {
    /// Per node (section output): the bound on its magnitude, signal and
    /// rounding errors together, over the inputs the scaling covers.
    public let nodeBounds: [Double]
    /// The bound on the output's rounding error: |output as run - output of
    /// the stored coefficients in exact arithmetic|, for any input.
    public let outputErrorBound: Double
    /// The output rounding noise's predicted mean square (its mean included).
    public let noisePower: Double
    /// The passband peak's frequency, as alpha (f / fs).
    public let peakAlpha: Double
    /// The output amplitude for a full-scale sine at the passband peak.
    public let signalAmplitude: Double
    /// 10 log10(signal power / noise power) for a full-scale sine at the
    /// passband peak: the rounding noise alone.
    public let predictedSNR: Double
    /// The largest |H_stored - outputScale H| over frequency, relative to the
    /// peak of outputScale |H|: what rounding the coefficients did.
    public let responseDeviation: Double
    /// The same at the passband peak.
    public let peakDeviation: Double
    /// The SNR of the full-scale sine at the passband peak against the
    /// design's exact output: rounding noise and the coefficients' deviation.
    public let predictedAccuracy: Double
    /// The largest pole radius of the stored coefficients.
    public let largestPoleRadius: Double
    /// Samples the responses were followed for.
    public let horizon: Int
    /// The stored cascade's gain at the passband peak over the design's:
    /// `FixedPointSections.outputScale`.
    public let outputScale: Double
}

extension Design {
    /// The design as a CMSIS-DSP fixed-point cascade (see `FixedPointSections`).
    ///
    /// - Throws: `FixedPointError` for a design without sections or a finite
    ///   gain, one whose stored coefficients put a pole on or outside the unit
    ///   circle, or one whose gain rounds a section's numerator to zero.
    public func fixedPointSections(_ arithmetic: FixedPointArithmetic,
                                   scaling: FixedPointScaling = .l1) throws(FixedPointError) -> FixedPointSections {
        guard let zpk = normalized, zpk.gain.isFinite, zpk.gain != 0 else {
            throw FixedPointError("the design has no finite, non-zero gain to scale")
        }
        let roots = SectionPairing.sections(zpk)
        guard !roots.isEmpty else { throw FixedPointError("the design has no poles or zeros to make sections of") }
        let monic = roots.map { Biquad(zeros: $0.zeros, poles: $0.poles) }
        return try FixedPointRealization(monic: monic, gain: zpk.gain, poles: zpk.poles,
                                         arithmetic: arithmetic, scaling: scaling).realize()
    }
}

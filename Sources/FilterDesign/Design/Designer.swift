import ComplexModule
import RealModule

extension FilterRecipe {
    /// Designs the filter, as scipy's `iirfilter` does it with zeros, poles
    /// and gain, in Fisher's arithmetic and order:
    ///
    /// 1. s-plane: the prototype (`AnalogPrototype.zpk`, keeping the `-p`
    ///    subset) -> pre-warp (`Prewarp`) -> band transform (`BandTransform`);
    ///    for PI, a pole at 0 and a zero at -2 pi alpha1'.
    /// 2. z-plane: bilinear or matched z (`Bilinear`, `MatchedZ`); resonators
    ///    are placed in z directly (`Resonator`).
    /// 3. `-Z`: a zero pair at exp(+-j 2 pi alphaZ), poles at 0 for causality.
    /// 4. Normalisation: the gain k that puts the passband's maximum at
    ///    |H| = 1, scipy's convention (`normalized(_:)`), from the product form.
    /// 5. StructureKind: Fisher's recurrence and gains (`Recurrence`, `Gain`),
    ///    from the expanded polynomials, as his reports print them.
    ///
    /// - Throws: `DesignError.polynomialNotReal` when the poles or zeros do not
    ///   come in conjugate pairs; `DesignError.beyondDoublePrecision` when a
    ///   corner is so close to 0 or 0.5 (or a band so narrow) that the poles
    ///   round onto the unit circle or the gain overflows a Double, naming the
    ///   corner and the nearest one that designs.
    public func design() throws(DesignError) -> Design {
        let design = try unchecked()
        if !PrecisionCheck.isRepresentable(design) {
            if case .catalogue(let filter) = family {
                throw .catalogueBeyondDoublePrecision(family: filter.name, quality: filter.quality, alpha: alpha1, sampleRate: corners.sampleRate)
            }
            throw .beyondDoublePrecision(PrecisionCheck.limit(of: design))
        }
        return design
    }

    /// Fisher's `-Z`: the zero pair z = exp(±j 2π alphaZ) added to `zPlane`,
    /// and poles at z = 0 until there are as many poles as zeros (causality).
    private func addZeroPair(at alphaZ: Double, to zPlane: inout ZeroPoleGain) {
        let zz = FisherArithmetic.expj(2.0 * Double.pi * alphaZ)
        zPlane.zeros += [zz, FisherArithmetic.conjugate(zz)]
        while zPlane.poles.count < zPlane.zeros.count { zPlane.poles.append(FisherArithmetic.complex(0.0)) }
    }

    /// The design, whether or not double precision can carry it.
    func unchecked() throws(DesignError) -> Design {
        var sPlane: ZeroPoleGain? = nil
        var warped: (Double, Double)? = nil
        var zPlane: ZeroPoleGain
        var converged = true

        switch family {
        case .resonator(let quality):
            (zPlane, converged) = Resonator.zPlane(band: band!, alpha: alpha1, quality: quality)
        case .catalogue(let filter):
            zPlane = filter.zPlane(alpha: alpha1, sampleRate: corners.sampleRate)
        case .proportionalIntegral:
            let w = Prewarp.corners(alpha1, alpha2, discretization: discretization)
            warped = w
            let s = ZeroPoleGain(zeros: [FisherArithmetic.complex(-2.0 * Double.pi * w.0)],
                                 poles: [FisherArithmetic.complex(0.0)], gain: 1)
            sPlane = s
            zPlane = discretization == .matchedZ ? MatchedZ.map(s) : Bilinear.map(s)
        case .butterworth, .bessel, .chebyshev, .chebyshev2, .elliptic:
            let prototype = AnalogPrototype.zpk(family: family, order: order!, subset: poleSubset, bessel: besselPoles)
            let w = Prewarp.corners(alpha1, alpha2, discretization: discretization)
            warped = w
            let s = family.normalizesAtPassbandMaximum
                ? AccurateBandTransform.apply(prototype, band: band!, warped: w.0, w.1)
                : BandTransform.apply(prototype, band: band!, warped: w.0, w.1)
            sPlane = s
            zPlane = discretization == .matchedZ ? MatchedZ.map(s) : Bilinear.map(s)
        }

        if let alphaZ = extraZeroAlpha { addZeroPair(at: alphaZ, to: &zPlane) }

        // Fisher's realization: the expanded polynomials, their gains, the recurrence.
        let top = try PolynomialExpansion.expand(zPlane.zeros)
        let bottom = try PolynomialExpansion.expand(zPlane.poles)
        // Where Fisher's polynomials give no finite H (bottom(z) == 0), H is
        // taken from the product form. A pole "at" z within 1e-12 is on the unit
        // circle by design for a resonator (Q = Inf) or PI filter (its integrator);
        // the other families' poles are inside, however close (PrecisionCheck).
        let onCircle = PrecisionCheck.applies(to: family) ? 0 : 1e-12
        func gain(at z: Complex<Double>) -> Gain {
            Gain.evaluate(top: top, bottom: bottom, zPlane: zPlane, at: z, poleOnCircleTolerance: onCircle)
        }
        let centre = FisherArithmetic.expj(2.0 * Double.pi * 0.5 * (alpha1 + alpha2))
        return Design(recipe: self, warpedAlphas: warped, sPlane: sPlane, zPlane: zPlane,
                      normalized: normalized(zPlane),
                      gainAtDC: gain(at: FisherArithmetic.complex(1.0)), gainAtCentre: gain(at: centre),
                      gainAtHF: gain(at: FisherArithmetic.complex(-1.0)),
                      recurrence: Recurrence(numerator: top, denominator: bottom), resonatorConverged: converged)
    }

    /// `zPlane` with the gain k that puts the passband's maximum at |H| = 1
    /// (0 dB), scipy's and MATLAB's convention for every family:
    ///
    /// - Chebyshev II and elliptic keep the gain their prototype gives
    ///   (scipy's), carried through the transforms.
    /// - Butterworth, Bessel and Chebyshev I take k so that |H| equals the
    ///   prototype's |H(0)| where the band transform and the discretization
    ///   put s = 0: dc (low-pass), Nyquist (high-pass), both (band-stop, as
    ///   sqrt(|H(dc)| |H(Nyquist)|)), and for band-pass the centre
    ///   f0 = atan(pi sqrt(alpha1' alpha2')) / pi (bilinear; sqrt(alpha1 alpha2)
    ///   for matched z), the image of the analog centre sqrt(w1 w2). The
    ///   prototype's |H(0)| is 1, except 10^(-R/20) for Chebyshev I of even
    ///   order (dc is a ripple trough there). For the bilinear transform this
    ///   is exactly the passband's maximum at 1, scipy's `k`; at dc, Nyquist
    ///   and band-stop it is Fisher's point, so Butterworth, Bessel and
    ///   odd-order Chebyshev I keep his normalisation to the last bit there.
    ///   (With Fisher's `-p` subsets, `-Z` zeros or the matched z-transform,
    ///   which scipy has not, the same point is used.)
    /// - Resonators and PI, which have no prototype, are normalised at Fisher's
    ///   point (`NormalizationPoint`): a resonator's tuned frequency, PI's
    ///   Nyquist (its gain is unbounded at dc).
    /// - The catalogue keeps the gain its anchor gives (`CatalogueFilter`).
    func normalized(_ zPlane: ZeroPoleGain) -> ZeroPoleGain? {
        if case .catalogue = family {
            // The catalogue's own gain, its sign too (a cookbook all-pass with alpha > 1 has k < 0).
            return zPlane.gain.isFinite && zPlane.gain != 0 ? zPlane : nil
        }
        if family.normalizesAtPassbandMaximum {
            var carried = zPlane
            carried.gain = abs(zPlane.gain)
            return carried.gain.isFinite && carried.gain > 0 ? carried : nil
        }
        var unit = zPlane
        unit.gain = 1
        // Poles and zeros that coincide (a Q = Inf notch or all-pass, where H = 1)
        // cancel; what remains is evaluated.
        var remaining = ZeroPoleGain(zeros: zPlane.zeros, poles: [], gain: 1)
        for p in zPlane.poles {
            if let k = remaining.zeros.firstIndex(where: { ($0 - p).length <= 1e-9 }) {
                remaining.zeros.remove(at: k)
            } else {
                remaining.poles.append(p)
            }
        }
        let magnitude: Double
        var target = 1.0
        switch family {
        case .resonator, .proportionalIntegral:
            magnitude = NormalizationPoint(self).magnitude(of: remaining, alpha1: alpha1, alpha2: alpha2)
        default:
            if case .chebyshev(let ripple) = family, let order, order % 2 == 0 { target = Double.pow(10, -ripple / 20) }
            if band == .bandPass {
                magnitude = remaining.magnitude(at: Complex(length: 1, phase: 2 * Double.pi * passbandCentre))
            } else {
                magnitude = NormalizationPoint(self).magnitude(of: remaining, alpha1: alpha1, alpha2: alpha2)
            }
        }
        guard magnitude.isFinite, magnitude > 0 else { return nil }
        unit.gain = target / magnitude
        return unit.gain.isFinite && unit.gain > 0 ? unit : nil
    }

    /// A band-pass filter's centre as an alpha: the digital image of the
    /// analog centre sqrt(w1 w2), where its prototype's dc lands:
    /// atan(pi sqrt(alpha1' alpha2')) / pi for the bilinear transform
    /// (alpha' the pre-warped corners, or the raw ones without pre-warping),
    /// sqrt(alpha1 alpha2) for the matched z-transform.
    public var passbandCentre: Double {
        let w = Prewarp.corners(alpha1, alpha2, discretization: discretization)
        let c = (w.0 * w.1).squareRoot()
        return discretization == .matchedZ ? c : Double.atan(Double.pi * c) / Double.pi
    }

    /// Whether the scipy-convention normalisation (`normalized`) is taken at
    /// Fisher's point with |H| = 1 there, so that `Design.passbandGain` is
    /// Fisher's G to the last bit: resonators, PI, Chebyshev II and elliptic
    /// (whose G is 1 / k either way), and the low-pass, high-pass and
    /// band-stop Butterworth, Bessel and odd-order Chebyshev I.
    public var fisherPointIsNormalizationPoint: Bool {
        switch family {
        case .resonator, .proportionalIntegral, .chebyshev2, .elliptic, .catalogue: return true
        case .butterworth, .bessel: return band != .bandPass
        case .chebyshev: return band != .bandPass && (order ?? 1) % 2 == 1
        }
    }
}

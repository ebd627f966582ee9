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
    /// 4. Normalisation: the gain k that makes |H| = 1 at Fisher's point
    ///    (`NormalizationPoint`), from the product form.
    /// 5. Realisation: Fisher's recurrence and gains (`Recurrence`, `Gain`),
    ///    from the expanded polynomials, as his reports print them.
    ///
    /// - Throws: `DesignError.polynomialNotReal` when the poles or zeros do not
    ///   come in conjugate pairs; `DesignError.beyondDoublePrecision` when a
    ///   corner is so close to 0 or 0.5 (or a band so narrow) that the poles
    ///   round onto the unit circle or the gain overflows a Double, naming the
    ///   corner and the nearest one that designs.
    public func design() throws(DesignError) -> Design {
        let design = try unchecked()
        if !PrecisionCheck.isRepresentable(design) { throw .beyondDoublePrecision(PrecisionCheck.limit(of: design)) }
        return design
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

        if let alphaZ = extraZeroAlpha {
            let zz = FisherArithmetic.expj(2.0 * Double.pi * alphaZ)
            zPlane.zeros += [zz, FisherArithmetic.conjugate(zz)]
            while zPlane.poles.count < zPlane.zeros.count { zPlane.poles.append(FisherArithmetic.complex(0.0)) }
        }

        // Fisher's realisation: the expanded polynomials, their gains, the recurrence.
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

    /// `zPlane` with the gain k = 1 / |prod (z - zero) / prod (z - pole)| at the
    /// normalisation point: the filter Fisher's recurrence divided by G is.
    ///
    /// Chebyshev II and elliptic designs keep the gain their prototype gives
    /// (scipy's), carried through the transforms: their passband maximum is 1,
    /// where Fisher's point may lie on a ripple trough.
    func normalized(_ zPlane: ZeroPoleGain) -> ZeroPoleGain? {
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
        let magnitude = NormalizationPoint(self).magnitude(of: remaining, alpha1: alpha1, alpha2: alpha2)
        guard magnitude.isFinite, magnitude > 0 else { return nil }
        unit.gain = 1 / magnitude
        return unit
    }
}

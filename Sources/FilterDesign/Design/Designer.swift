import ComplexModule
import RealModule

extension FilterSpecification {
    /// Designs the filter: Fisher's mkfilter pipeline.
    ///
    /// 1. s-plane: prototype poles (keeping the `-p` subset) -> pre-warp ->
    ///    band transform; for PI, a pole at 0 and a zero at -2 pi alpha1'.
    /// 2. z-plane: bilinear or matched z; resonators are placed in z directly.
    /// 3. `-Z`: a zero pair at exp(+-j 2 pi alphaZ), poles at 0 for causality.
    /// 4. Numerator and denominator expanded; gains at dc, centre and hf;
    ///    recurrence coefficients normalised by the denominator's leading one.
    ///
    /// - Parameter besselPoles: `.computed` (exact) or `.mkfilterTable` to
    ///   reproduce mkfilter 4.6's Bessel designs bit for bit.
    /// - Throws: `DesignError.polynomialNotReal` when the poles or zeros do not
    ///   come in conjugate pairs.
    public func design(besselPoles: BesselPoleSource = .computed) throws(DesignError) -> Design {
        typealias F = FisherArithmetic
        var sPlane: PoleZeroSet? = nil
        var warped: (Double, Double)? = nil
        var zPlane: PoleZeroSet
        var converged = true

        switch family {
        case .resonator(let quality):
            (zPlane, converged) = Resonator.zPlane(band: band!, alpha: alpha1, quality: quality)
        case .proportionalIntegral:
            let w = Prewarp.corners(alpha1, alpha2, discretization: discretization)
            warped = w
            let s = PoleZeroSet(poles: [F.complex(0.0)], zeros: [F.complex(-2.0 * Double.pi * w.0)])
            sPlane = s
            zPlane = discretization == .matchedZ ? MatchedZ.map(s) : Bilinear.map(s)
        case .butterworth, .bessel, .chebyshev:
            let prototype = AnalogPrototype.selectedPoles(family: family, order: order!, subset: poleSubset, bessel: besselPoles)
            let w = Prewarp.corners(alpha1, alpha2, discretization: discretization)
            warped = w
            let s = BandTransform.apply(prototype: prototype, band: band!, warped: w.0, w.1)
            sPlane = s
            zPlane = discretization == .matchedZ ? MatchedZ.map(s) : Bilinear.map(s)
        }

        if let alphaZ = extraZeroAlpha {
            let zz = F.expj(2.0 * Double.pi * alphaZ)
            zPlane.zeros += [zz, F.conjugate(zz)]
            while zPlane.poles.count < zPlane.zeros.count { zPlane.poles.append(F.complex(0.0)) }
        }

        let top = try PolynomialExpansion.expand(zPlane.zeros)
        let bottom = try PolynomialExpansion.expand(zPlane.poles)
        let dc = Gain.evaluate(top: top, bottom: bottom, zPlane: zPlane, at: F.complex(1.0))
        let theta = 2.0 * Double.pi * 0.5 * (alpha1 + alpha2)
        let centre = Gain.evaluate(top: top, bottom: bottom, zPlane: zPlane, at: F.expj(theta))
        let hf = Gain.evaluate(top: top, bottom: bottom, zPlane: zPlane, at: F.complex(-1.0))
        let lead = bottom[zPlane.poles.count].real
        let recurrence = Recurrence(
            xCoefficients: top.map { $0.real / lead },
            yCoefficients: bottom.map { -($0.real / lead) }
        )
        return Design(specification: self, warpedAlphas: warped, sPlane: sPlane, zPlane: zPlane,
                      gainAtDC: dc, gainAtCentre: centre, gainAtHF: hf,
                      recurrence: recurrence, resonatorConverged: converged)
    }
}

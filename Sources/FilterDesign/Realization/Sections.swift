import ComplexModule
import FilterRuntime
import RealModule

extension Design {
    /// The design as a cascade of second-order sections, from its normalised
    /// zeros, poles and gain (`normalized`): the poles and zeros paired as
    /// scipy's `zpk2sos` pairs them (`SectionPairing`), then ordered and the
    /// gain spread for Float (`SectionOrdering`). `nil` when the gain cannot be
    /// normalised (a Q = Inf band-pass resonator).
    ///
    /// The product of the sections is k prod (z - zero) / prod (z - pole): its
    /// passband maximum is 1 (scipy's convention, `Design.normalized`) to the
    /// rounding of the coefficients to Double.
    /// A comb (`CatalogueFilter.comb`) keeps the pairing's order
    /// (`SectionOrdering.realizeInPairingOrder`): its sections are alike.
    public func secondOrderSections() -> [Biquad]? {
        guard let zpk = normalized else { return nil }
        if case .catalogue(.comb) = recipe.family {
            return SectionOrdering.realizeInPairingOrder(SectionPairing.sections(zpk), gain: zpk.gain)
        }
        return SectionOrdering.realize(SectionPairing.sections(zpk), gain: zpk.gain)
    }
}

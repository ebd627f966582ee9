/// The FIR design a recipe names: scipy's four methods by the number of taps,
/// or `fir`, a specification met with the fewest taps (`FIRSpecification`).
/// The command line's subcommand and the design page's `design=` name it.
public enum FIRMethodName: String, Sendable, Hashable, CaseIterable {
    /// Parks-McClellan equiripple (`scipy.signal.remez`).
    case remez
    /// Least squares (`scipy.signal.firls`).
    case firls
    /// A windowed ideal filter (`scipy.signal.firwin`).
    case firwin
    /// A windowed frequency-sampling design (`scipy.signal.firwin2`).
    case firwin2
    /// A specification: band edges, ripple and attenuation, the fewest taps
    /// that meet them.
    case fir
}

extension FIRMethodName {
    /// The numbers of taps the method designs, bounded by its cost
    /// (`EquirippleDesign.tapsRange`, `LinearPhaseTaps`); nil for `fir`,
    /// which finds the count itself.
    public var tapsRange: ClosedRange<Int>? {
        switch self {
        case .remez: return EquirippleDesign.tapsRange
        case .firls: return LinearPhaseTaps.firls
        case .firwin: return LinearPhaseTaps.firwin
        case .firwin2: return LinearPhaseTaps.firwin2
        case .fir: return nil
        }
    }
}

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
    /// A Savitzky-Golay smoother or differentiator (`scipy.signal.savgol_coeffs`),
    /// exact: its window length is its number of taps.
    case savgol
    /// An equiripple half-band low-pass (N = 4k + 3 taps, every other tap 0,
    /// the centre 1/2).
    case halfband
    /// scipy's FIR gammatone (`gammatone(f, 'fir', order, numtaps, fs)`):
    /// an auditory filter's impulse response, sampled. The command line
    /// names it `mkfilter gammatone --type fir`; without `--type fir`,
    /// `gammatone` is the IIR catalogue family (`FilterFamily.Name.gammatone`).
    case gammatone
}

extension FIRMethodName {
    /// The numbers of taps the method designs, bounded by its cost
    /// (`EquirippleDesign.tapsRange`, `LinearPhaseTaps`); nil for `fir`,
    /// which finds the count itself, and `savgol`, whose window length is
    /// `SavitzkyGolay.windowRange`.
    public var tapsRange: ClosedRange<Int>? {
        switch self {
        case .remez: return EquirippleDesign.tapsRange
        case .firls: return LinearPhaseTaps.firls
        case .firwin: return LinearPhaseTaps.firwin
        case .firwin2: return LinearPhaseTaps.firwin2
        case .fir, .savgol: return nil
        case .halfband: return HalfBand.tapsRange
        case .gammatone: return Gammatone.tapsRange
        }
    }
}

/// One FIR design as a typed value: the method and its parameters, every
/// frequency as a fraction of the sample rate (alpha, 0 ... 0.5), the sample
/// rate the user gave (frequencies in reports are then in Hz too), and
/// whether the linear-phase taps become minimum phase.
///
/// The methods are scipy's (`scipy.signal.remez`, `firls`, `firwin`,
/// `firwin2`) with fs = 1; `design()` calls the FilterDesign functions of
/// the same names.
public struct FIRRecipe: Sendable, Hashable {
    /// How the taps are found.
    public enum Method: Sendable, Hashable {
        /// Parks-McClellan equiripple: band edges in pairs, one desired value
        /// and one weight per band (`remez`).
        case remez(taps: Int, bands: [Double], desired: [Double], weights: [Double]?, type: RemezFilterType)
        /// Least squares: band edges in pairs, a desired value at each edge,
        /// one weight per band (`firls`).
        case firls(taps: Int, bands: [Double], desired: [Double], weights: [Double]?)
        /// A windowed ideal filter (`firwin`); `width`, when given, makes the
        /// window Kaiser's for that transition width.
        case firwin(taps: Int, cutoffs: [Double], band: FIRBand, window: FIRWindow, width: Double?, scale: Bool)
        /// A windowed frequency-sampling design (`firwin2`).
        case firwin2(taps: Int, frequencies: [Double], gains: [Double], window: FIRWindow, antisymmetric: Bool)
        /// A Savitzky-Golay filter (`savgol_coeffs`), exact: W taps.
        case savgol(window: Int, polyorder: Int, derivative: Int, delta: Double, position: Int?, use: SavitzkyGolay.Use)
        /// The equiripple half-band low-pass of N = 4k + 3 taps, passband 0 ... p.
        case halfband(taps: Int, passbandEdge: Double)
        /// scipy's FIR gammatone of `order` at `frequency` (alpha): its
        /// bandwidth is in Hz, so the recipe's sample rate is needed.
        case gammatone(taps: Int, frequency: Double, order: Int)

        /// The command's name: remez, firls, firwin, firwin2.
        public var name: String {
            switch self {
            case .remez: return "remez"
            case .firls: return "firls"
            case .firwin: return "firwin"
            case .firwin2: return "firwin2"
            case .savgol: return "savgol"
            case .halfband: return "halfband"
            case .gammatone: return "gammatone"
            }
        }

        /// The number of taps asked for.
        public var taps: Int {
            switch self {
            case let .remez(n, _, _, _, _), let .firls(n, _, _, _), let .firwin(n, _, _, _, _, _),
                 let .firwin2(n, _, _, _, _), let .savgol(n, _, _, _, _, _), let .halfband(n, _),
                 let .gammatone(n, _, _):
                return n
            }
        }
    }

    /// The method and its parameters.
    public var method: Method
    /// The sample rate in Hz the frequencies were given against, if any.
    public var sampleRate: Double?
    /// Converts the linear-phase design to minimum phase (scipy's
    /// `minimum_phase`, which halves the length: `(N + 1) / 2` taps).
    public var minimumPhase: MinimumPhaseMethod?

    /// A recipe from its parts.
    public init(method: Method, sampleRate: Double? = nil, minimumPhase: MinimumPhaseMethod? = nil) {
        self.method = method
        self.sampleRate = sampleRate
        self.minimumPhase = minimumPhase
    }

    /// The designed filter.
    ///
    /// - Throws: `FIRDesignError` wrapping the design function's own error
    ///   (`RemezError` or `LinearPhaseError`), whose text names the input at
    ///   fault, its frequencies in Hz when the recipe has a sample rate; or
    ///   the stop, when the `DesignBudget` it runs under stopped it.
    public func design() throws(FIRDesignError) -> FIRFilter {
        if let stop = DesignBudget.stop { throw FIRDesignError(stop: stop) }
        let (linearPhaseTaps, equiripple) = try linearPhaseDesign()
        if let stop = DesignBudget.stop { throw FIRDesignError(stop: stop) }
        var taps = linearPhaseTaps
        if let minimumPhase {
            do { taps = try FilterDesign.minimumPhase(taps: taps, method: minimumPhase) } catch {
                throw FIRDesignError(field: .minimumPhase, [.field(.minimumPhase), .text(" \(minimumPhase.rawValue): \(error.description)")])
            }
        }
        guard taps.allSatisfy(\.isFinite) else {
            throw FIRDesignError("the design gave a tap that is not a finite number; it is beyond double precision")
        }
        return FIRFilter(recipe: self, taps: taps, linearPhaseTaps: linearPhaseTaps, equiripple: equiripple)
    }

    /// The method's design function: the taps (and, for remez, the
    /// equiripple design). Its error (`RemezError`, `LinearPhaseError`) in
    /// the recipe's words (frequencies in Hz at its sample rate), or the
    /// stop when its budget ended an iteration.
    func linearPhaseDesign() throws(FIRDesignError) -> (taps: [Double], equiripple: EquirippleDesign?) {
        let wording = FrequencyWording(sampleRate: sampleRate)
        func failure(_ description: String) -> FIRDesignError {
            // An iteration its budget stopped ends as a failure of its own: say the stop.
            DesignBudget.stop.map { FIRDesignError(stop: $0) } ?? FIRDesignError(description)
        }
        func linearPhase(_ design: () throws(LinearPhaseError) -> [Double]) throws(FIRDesignError) -> ([Double], EquirippleDesign?) {
            do { return (try design(), nil) } catch { throw failure(error.description(wording)) }
        }
        switch method {
        case let .remez(n, bands, desired, weights, type):
            do throws(RemezError) {
                let design = try FilterDesign.remez(taps: n, bands: bands, desired: desired, weights: weights, type: type)
                return (design.taps, design)
            } catch { throw failure(error.description(wording)) }
        case let .firls(n, bands, desired, weights):
            return try linearPhase { () throws(LinearPhaseError) in
                try FilterDesign.firls(taps: n, bands: bands, desired: desired, weights: weights)
            }
        case let .firwin(n, cutoffs, band, window, width, scale):
            return try linearPhase { () throws(LinearPhaseError) in
                try FilterDesign.firwin(taps: n, cutoffs: cutoffs, band: band, window: window, width: width, scale: scale)
            }
        case let .firwin2(n, frequencies, gains, window, antisymmetric):
            return try linearPhase { () throws(LinearPhaseError) in
                try FilterDesign.firwin2(taps: n, frequencies: frequencies, gains: gains, window: window, antisymmetric: antisymmetric)
            }
        case let .savgol(window, polyorder, derivative, delta, position, use):
            do throws(SavitzkyGolayError) {
                let filter = try SavitzkyGolay(window: window, polyorder: polyorder, derivative: derivative, delta: delta,
                                               position: position, use: use)
                return (filter.coefficients(), nil)
            } catch { throw FIRDesignError(field: error.field, [.field(error.field), .text(": \(error.description)")]) }
        case let .halfband(n, p):
            do throws(HalfBandError) {
                let design = try HalfBand.design(taps: n, passbandEdge: p)
                return (design.taps, design)
            } catch {
                switch error {
                case .taps: throw FIRDesignError(field: .taps, [.field(.taps), .text(": \(error.description(wording))")])
                case .passbandEdge: throw FIRDesignError(field: .passband, [.field(.passband), .text(": \(error.description(wording))")])
                case .subFilter: throw failure(error.description(wording))
                }
            }
        case let .gammatone(n, alpha, order):
            return (try gammatoneTaps(taps: n, alpha: alpha, order: order, wording: wording), nil)
        }
    }
}

extension FIRRecipe {
    /// The FIR gammatone's taps (`Gammatone.taps`), its frequency checked
    /// against the sample rate (0 < f < fs/2, scipy's rule) and a number of
    /// taps taken from scipy's default (0.015 fs) against `Gammatone.tapsRange`.
    func gammatoneTaps(taps n: Int, alpha: Double, order: Int, wording: FrequencyWording) throws(FIRDesignError) -> [Double] {
        let fs = sampleRate ?? 1
        guard alpha > 0, alpha < 0.5 else {
            throw FIRDesignError(field: .corners, [.field(.corners), .text(" \(wording.frequency(alpha)) is not allowed; "
                + "it must be above 0 and below Nyquist (\(wording.frequency(0.5)))")])
        }
        guard Gammatone.tapsRange.contains(n) else {
            let bound = Gammatone.tapsRange.upperBound
            throw FIRDesignError(field: .taps, [.text("scipy's default number of taps, 0.015 fs, is \(n) at this sample rate, "
                + "more than \(bound); give "), .field(.taps), .text(" (1 ... \(bound))")])
        }
        return Gammatone.taps(frequency: alpha * fs, sampleRate: fs, order: order, count: n)
    }
}

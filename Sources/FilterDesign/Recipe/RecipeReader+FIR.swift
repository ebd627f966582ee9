extension RecipeReader {
    /// The fields every FIR method takes (`fir` refuses `.taps`: it finds
    /// the count itself).
    public static let firCommonFields: [RecipeField] = [.taps, .sampleRate, .minimumPhase]

    /// The fields `method` takes beyond `firCommonFields`.
    ///
    /// - Parameter method: the FIR design.
    /// - Returns: its own fields, in the order its help lists them.
    public static func firFields(of method: FIRMethodName) -> [RecipeField] {
        switch method {
        case .remez: return [.bands, .desired, .weights, .remezType]
        case .firls: return [.bands, .desired, .weights]
        case .firwin: return [.cutoffs, .band, .window, .width, .noScale]
        case .firwin2: return [.frequencies, .gains, .window, .antisymmetric]
        case .fir: return [.passband, .stopband, .passbandLoss, .stopbandAttenuation, .method]
        case .savgol: return [.window, .polyorder, .derivative, .delta, .position, .use]
        case .halfband: return [.passband]
        case .gammatone: return [.remezType, .corners, .order]
        }
    }

    /// Whether `method` finds or names its length itself and so refuses
    /// `.taps`: `fir` (the specification chooses it) and `savgol` (its
    /// window length is the number of taps).
    static func refusesTaps(_ method: FIRMethodName) -> Bool { method == .fir || method == .savgol }

    /// Whether `method` takes `field` (`.design`, which names the method,
    /// always).
    ///
    /// - Parameters:
    ///   - method: the FIR design.
    ///   - field: a recipe's field.
    /// The FIR gammatone (not linear phase) refuses `.minimumPhase`, whose
    /// conversion assumes linear-phase taps.
    public static func firMethod(_ method: FIRMethodName, takes field: RecipeField) -> Bool {
        field == .design
            || (firCommonFields.contains(field) && !(method == .savgol && field == .taps)
                && !(method == .gammatone && field == .minimumPhase))
            || firFields(of: method).contains(field)
    }

    /// The numbers of taps a FIR recipe of `method` may ask for: the
    /// method's own `FIRMethodName.tapsRange`; for `fir` (which refuses
    /// `taps`: it finds the count itself) the widest of the others', for the
    /// message on a count that is not a whole number.
    public static func tapsRange(for method: FIRMethodName) -> ClosedRange<Int> {
        if let range = method.tapsRange { return range }
        if method == .savgol { return SavitzkyGolay.windowRange }
        let ranges = FIRMethodName.allCases.compactMap(\.tapsRange)
        return (ranges.map(\.lowerBound).min() ?? 1)...(ranges.map(\.upperBound).max() ?? 1)
    }

    /// The fields `method` needs, in the order they are reported missing.
    static func firRequiredFields(of method: FIRMethodName) -> [RecipeField] {
        switch method {
        case .remez, .firls: return [.bands, .desired]
        case .firwin: return [.cutoffs]
        case .firwin2: return [.frequencies, .gains]
        case .fir: return [.passband, .stopband, .passbandLoss, .stopbandAttenuation]
        case .savgol: return [.window, .polyorder]
        case .halfband: return [.passband]
        case .gammatone: return [.corners, .sampleRate]
        }
    }

    /// Every rule a FIR draft breaks, in this order: each field `method`
    /// does not take (`taps` for `fir` is `.notWithSpecification`, since
    /// the specification chooses it); then for `fir` each of the
    /// specification's four fields missing; for the others the taps missing
    /// or out of `tapsRange(for: method)`, the method's own fields missing, and firwin
    /// given both a window and a transition width.
    ///
    /// - Parameters:
    ///   - d: the fields as a form gave them.
    ///   - method: the draft's FIR design.
    /// - Returns: the problems, each for its form to say.
    public static func firProblems(_ d: RecipeDraft, method: FIRMethodName) -> [RecipeProblem] {
        var problems: [RecipeProblem] = []
        for field in d.givenFields where !firMethod(method, takes: field) || (method == .fir && field == .taps) {
            problems.append(method == .fir && field == .taps ? .notWithSpecification(.taps) : .notForDesign(field, design: method))
        }
        let given = Set(d.givenFields)
        if method == .fir {
            problems += firRequiredFields(of: .fir).filter { !given.contains($0) }.map { .missingForSpecification($0) }
            return problems
        }
        if method == .savgol {
            // The window length is the design's to check (`SavitzkyGolayError`).
        } else if method == .gammatone, d.taps == nil {
            // scipy's default, from the sample rate: max(floor(0.015 fs), 15).
        } else if let taps = d.taps {
            if !tapsRange(for: method).contains(taps) { problems.append(.tapsOutOfRange(taps)) }
        } else {
            problems.append(.missingForDesign(.taps, design: method))
        }
        problems += firRequiredFields(of: method).filter { !given.contains($0) && !(d.sampleRate == .later && $0 == .sampleRate) }
            .map { .missingForDesign($0, design: method) }
        if method == .firwin && d.window != nil && d.width != nil { problems.append(.windowAndWidth) }
        return problems
    }

    /// The FIR filter `draft` asks for, every frequency in alphas (divided by
    /// the sample rate when there is one).
    ///
    /// Defaults: remez's type band-pass; firwin's band low-pass for one
    /// cutoff and band-pass for more, its window Hamming's (Kaiser's for the
    /// width when one is given), scaled; firwin2's window Hamming's; a
    /// specification designed by remez.
    ///
    /// - Parameters:
    ///   - draft: the fields as a form gave them, `firMethod` set.
    ///   - sampleRate: the sample rate of a draft whose rate comes later; ignored otherwise.
    /// - Throws: `RecipeReadingError.problems` with every rule broken (a
    ///   draft without `firMethod`: `.missingDesign`). The values' ranges
    ///   are the design's to check (`FIRDesignError`).
    public static func firDefinition(_ draft: RecipeDraft, sampleRate: Double? = nil) throws(RecipeReadingError) -> FIRDefinition {
        guard let method = draft.firMethod else { throw .problems([.missingDesign]) }
        let problems = firProblems(draft, method: method)
        guard problems.isEmpty else { throw .problems(problems) }
        let rate = try rate(of: draft, later: sampleRate)
        let toAlpha = { (values: [Double]) in values.map { $0 / (rate ?? 1) } }
        // Present: firProblems found none missing.
        let taps = draft.taps ?? 0
        let recipeMethod: FIRRecipe.Method
        switch method {
        case .fir:
            return .specification(FIRSpecification(
                passbandEdges: toAlpha(draft.passband ?? []), stopbandEdges: toAlpha(draft.stopband ?? []),
                passbandRipple: draft.passbandLoss ?? 0, stopbandAttenuation: draft.stopbandAttenuation ?? 0,
                method: draft.specificationMethod ?? .remez, sampleRate: rate, minimumPhase: draft.minimumPhase))
        case .remez:
            recipeMethod = .remez(taps: taps, bands: toAlpha(draft.bandEdges ?? []), desired: draft.desired ?? [],
                                  weights: draft.weights, type: draft.remezType ?? .bandpass)
        case .firls:
            recipeMethod = .firls(taps: taps, bands: toAlpha(draft.bandEdges ?? []), desired: draft.desired ?? [],
                                  weights: draft.weights)
        case .firwin:
            let cutoffs = toAlpha(draft.cutoffs ?? [])
            recipeMethod = .firwin(taps: taps, cutoffs: cutoffs, band: draft.firBand ?? (cutoffs.count == 1 ? .lowpass : .bandpass),
                                   window: draft.window ?? .hamming, width: draft.width.map { $0 / (rate ?? 1) },
                                   scale: !draft.noScale)
        case .firwin2:
            recipeMethod = .firwin2(taps: taps, frequencies: toAlpha(draft.frequencies ?? []), gains: draft.gains ?? [],
                                    window: draft.window ?? .hamming, antisymmetric: draft.antisymmetric)
        case .savgol:
            recipeMethod = .savgol(window: draft.savgolWindow ?? 0, polyorder: draft.polyorder ?? 0,
                                   derivative: draft.derivative ?? 0, delta: draft.delta ?? 1, position: draft.position,
                                   use: draft.savgolUse ?? .conv)
        case .halfband:
            recipeMethod = .halfband(taps: taps, passbandEdge: toAlpha(draft.passband ?? []).first ?? 0)
        case .gammatone:
            // A sample rate is there: firProblems found none missing.
            recipeMethod = .gammatone(taps: draft.taps ?? Gammatone.defaultTaps(sampleRate: rate ?? 1), frequency: toAlpha(draft.cornersHertz ?? []).first ?? 0,
                                      order: draft.order ?? 4)
        }
        return .recipe(FIRRecipe(method: recipeMethod, sampleRate: rate, minimumPhase: draft.minimumPhase))
    }
}

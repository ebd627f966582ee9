import EmissionTemplates
import FilterDesign
import FilterRuntime

/// A C header for CMSIS-DSP's fixed-point biquad cascades
/// (`arm_biquad_cascade_df1_q15`, `_q31` and their `_fast` variants;
/// Templates/c/cmsis-fixed.h.mustache): the stage count, the post-shift, the
/// state size, the output scale and one `q15_t` or `q31_t` array in CMSIS's
/// layout, {b0, 0, b1, b2, a1, a2} (q15) or {b0, b1, b2, a1, a2} (q31) per
/// stage, a1 and a2 negated because CMSIS adds the feedback terms.
///
/// The coefficients, post-shift and scale are `FixedPointSections`': scaled
/// so that no stage's output can overflow, with the predicted noise in the
/// comment, and a warning there when the SNR is not useful.
public enum CMSISFixedPointEmitter {
    /// One cascade's part of the header's view: its q15 or q31 stages as
    /// CMSIS stores them ({b0, 0, b1, b2, a1, a2} in q15, {b0, b1, b2, a1, a2}
    /// in q31), post-shift and output scale, and the analysis's figures
    /// (peak frequency, predicted SNR and accuracy, error bound).
    private static func cascadeView(_ t: EmittedFilter, _ s: FixedPointSections, id: String,
                                    arithmetic: FixedPointArithmetic) -> [String: Any] {
        let a = s.analysis
        let peak = t.sampleRate.map { formatC("%.6g", a.peakAlpha * $0) + " Hz" } ?? "alpha " + formatC("%.6g", a.peakAlpha)
        return [
            "id_upper": id.uppercased(),
            "formatUpper": arithmetic.format.rawValue.uppercased(),
            "format": arithmetic.format.rawValue,
            "ctype": arithmetic.cType,
            "function": s.arithmetic.cmsisFunction,
            "scaling": s.scaling == .l1 ? "L1" : "L-infinity",
            "stages": "\(s.stages.count)",
            "postShift": "\(s.postShift)",
            "outputScale": CEmitter.literal(s.outputScale, .float),
            "outputScaleText": formatC("%.17g", s.outputScale),
            "peakText": peak,
            "snr": formatC("%.1f", a.predictedSNR),
            "accuracy": formatC("%.1f", a.predictedAccuracy),
            "deviation": formatC("%.2g", a.responseDeviation),
            "errorBound": formatC("%.3g", a.outputErrorBound) + " of full scale",
            "warning": FixedPointNotes.warning(s).map(CComment.text) ?? false,
            "perStage": "\(arithmetic.coefficientsPerStage)",
            "stageLines": s.cmsisStages.map { c in
                let values = arithmetic.format == .q15 ? [c[0], 0, c[1], c[2], c[3], c[4]] : c
                return values.map { literal($0, arithmetic) + "," }.joined(separator: " ")
            },
        ]
    }

    /// The FIR filters among `filters`, each as a template of its taps and
    /// their q15 or q31 form.
    private static func fixedPointTaps(of filters: [EmittedFilter]) -> [(FIRTemplate, FixedPointTaps)] {
        filters.compactMap { f -> (FIRTemplate, FixedPointTaps)? in
            guard case .fixedPointTaps(let fixed) = f.structure else { return nil }
            return (FIRTemplate(name: f.name, description: f.description, designSampleRate: f.designSampleRate, taps: fixed.taps,
                                mkfilterCommandLine: f.commandLine), fixed)
        }
    }

    /// The header for `filters` (all in one format), identifiers prefixed
    /// by `prefix`: their fixed-point sections, or when they are FIR filters
    /// their fixed-point taps (`FIREmitter.cmsisFixed`), or for a resampler
    /// CMSIS's fixed-point decimator or interpolator (`ResamplerEmitter.cmsis`,
    /// one per header).
    ///
    /// - Throws: `EmissionError` for a filter not realized in fixed point,
    ///   filters of different formats, IIR and FIR filters in one header, a
    ///   name that makes no identifier, or two names that make the same macros.
    public static func header(_ filters: [EmittedFilter], prefix: String,
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        if filters.count == 1, let resampler = filters[0].resampler, let fixed = resampler.fixed {
            return try ResamplerEmitter.cmsis(resampler.resampler, fixed: fixed, prefix: prefix, renderer: renderer)
        }
        if filters.count > 1, filters.contains(where: { $0.resampler != nil }) {
            throw EmissionError("a resampler is written one to a CMSIS-DSP header; emit it alone")
        }
        let taps = fixedPointTaps(of: filters)
        if !taps.isEmpty {
            guard taps.count == filters.count else { throw EmissionError("one CMSIS-DSP file holds IIR filters or FIR filters, not both; emit them apart") }
            return try FIREmitter.cmsisFixed(taps.map { (template: $0.0, fixed: $0.1) }, prefix: prefix, renderer: renderer)
        }
        let cascades = try filters.map { f throws(EmissionError) -> FixedPointSections in
            guard case .fixedPointSections(let s) = f.structure else {
                throw EmissionError("\(f.quotedName) is \(f.structureName), not fixed point; --emit cmsis-q15 and cmsis-q31 write a design's sections scaled to q15 or q31")
            }
            return s
        }
        let base = try CEmitter.prefixIdentifier(prefix)
        guard let arithmetic = cascades.first?.arithmetic else { throw EmissionError("no filter to emit") }
        guard cascades.allSatisfy({ $0.arithmetic.format == arithmetic.format }) else {
            throw EmissionError("one CMSIS header holds filters of one format (q15 or q31)")
        }
        var names = EmittedNames()
        var views: [[String: Any]] = []
        var ids: [String] = []
        for (t, s) in zip(filters, cascades) {
            let id = try CEmitter.identifier(t.name, prefix: prefix)
            ids.append(id)
            try names.claimCMacros(id, for: t.name)
            views.append(CEmitter.commentView(t, id: id).merging(cascadeView(t, s, id: id, arithmetic: arithmetic)) { _, view in view })
        }
        let scalingText = cascades.allSatisfy({ $0.scaling == .l1 })
            ? "L1 scaling: for any input within full scale"
            : "L1 scaling covers any input within full scale; L-infinity only full-scale sinusoids in steady state"
        return try renderer.render("c/cmsis-fixed.h.mustache", [
            "guard": CEmitter.includeGuard(ids, base: base, suffix: "_CMSIS_" + arithmetic.format.rawValue.uppercased() + "_H"),
            "function": FixedPointArithmetic(arithmetic.format).cmsisFunction,
            "fastFunction": FixedPointArithmetic(arithmetic.format, fast: true).cmsisFunction,
            "ctype": arithmetic.cType,
            "format": arithmetic.format.rawValue.uppercased(),
            "fractionBits": "\(arithmetic.fractionBits)",
            "layout": arithmetic.format == .q15 ? "{b0, 0, b1, b2, a1, a2}" : "{b0, b1, b2, a1, a2}",
            "scalingText": scalingText,
            "filters": views,
        ])
    }

    /// A C integer literal for `value`; the most negative q31 value as
    /// (-2147483647 - 1), which C cannot write as one literal.
    static func literal(_ value: Int64, _ arithmetic: FixedPointArithmetic) -> String {
        value == -2_147_483_648 ? "(-2147483647 - 1)" : "\(value)"
    }
}

/// What a person should be told about a fixed-point cascade.
public enum FixedPointNotes {
    /// A one-line summary: format, scaling, post-shift, output scale, SNR.
    public static func summary(_ s: FixedPointSections) -> String {
        let a = s.analysis
        return "\(s.arithmetic.name): \(s.scaling == .l1 ? "L1" : "L-infinity") scaling, post-shift \(s.postShift), output scale "
            + formatC("%.6g", s.outputScale) + "; predicted SNR " + formatC("%.1f", a.predictedSNR)
            + " dB (rounding), " + formatC("%.1f", a.predictedAccuracy)
            + " dB against the design, for a full-scale sine at the passband peak"
            + (s.scaling == .linf ? "; L-infinity scaling keeps full-scale sinusoids in range, not every input: a full-scale"
                + " step or impulse can saturate (verify measures it; --fixed-point-scaling l1 is safe for any input)" : "")
    }

    /// A warning when the design's predicted accuracy is below
    /// `FixedPointSections.usefulSNR`, or when rounding the coefficients
    /// moves its response by more than 1 % of the peak (a stopband can rise,
    /// a zero move), with the numbers and what to use instead.
    public static func warning(_ s: FixedPointSections) -> String? {
        let a = s.analysis
        let instead = s.arithmetic.format == .q15 ? "use q31 or Float" : "use Float"
        if !(a.predictedAccuracy >= FixedPointSections.usefulSNR) {
            return "in \(s.arithmetic.format.rawValue) this design reaches only " + formatC("%.1f", a.predictedAccuracy)
                + " dB against its exact output (below the \(Int(FixedPointSections.usefulSNR)) dB of a 1 % error): \(instead)"
        }
        if !(a.responseDeviation <= 0.01) {
            return "in \(s.arithmetic.format.rawValue) rounding the coefficients moves the response by up to "
                + formatC("%.3g", a.responseDeviation) + " of its peak (more than 1 %): check it with mkfilter response --precision \(s.arithmetic.format.rawValue), or \(instead)"
        }
        return nil
    }
}

extension FixedPointNotes {
    /// A one-line summary of FIR taps in fixed point: format, output scale,
    /// the overflow proof, predicted SNR.
    public static func summary(_ t: FixedPointTaps) -> String {
        let a = t.analysis
        return "\(t.arithmetic.name): L1 scaling (\(t.structure.phases > 1 ? "the largest phase's sum |c|" : "sum |c|") \(t.l1Norm) <= \(t.arithmetic.largestInteger): no input within full scale overflows), "
            + "output scale " + formatC("%.6g", t.outputScale) + "; predicted SNR " + formatC("%.1f", a.predictedSNR)
            + " dB against the design, for a 0.9 full-scale sine at the passband peak"
    }

    /// A warning when the taps' predicted accuracy is below
    /// `FixedPointSections.usefulSNR`, or rounding them moves the response by
    /// more than 1 % of its peak.
    public static func warning(_ t: FixedPointTaps) -> String? {
        let a = t.analysis
        let instead = t.arithmetic.format == .q15 ? "use q31 or Float" : "use Float"
        if !(a.predictedSNR >= FixedPointSections.usefulSNR) {
            return "in \(t.arithmetic.format.rawValue) this filter reaches only " + formatC("%.1f", a.predictedSNR)
                + " dB against its exact output (below the \(Int(FixedPointSections.usefulSNR)) dB of a 1 % error): \(instead)"
        }
        if !(a.responseDeviation <= 0.01) {
            return "in \(t.arithmetic.format.rawValue) rounding the taps moves the response by up to "
                + formatC("%.3g", a.responseDeviation) + " of its peak (more than 1 %): check it with mkfilter response --precision \(t.arithmetic.format.rawValue), or \(instead)"
        }
        return nil
    }
}

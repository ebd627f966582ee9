import EmissionTemplates
import FilterDesign
import FilterRuntime

/// A rational resampler's filter (`mkfilter resample --emit`) as code:
/// Swift constants for `FilterRuntime.PolyphaseResampler`
/// (swift/resampler.mustache), or a C header for CMSIS-DSP's decimator
/// (L = 1: `arm_fir_decimate_f32|q15|q31`) or interpolator (M = 1:
/// `arm_fir_interpolate_f32|q15|q31`), c/cmsis-resampler.h.mustache.
///
/// CMSIS's rules are checked here or in the header itself: the factor is a
/// `uint8_t` (2 ... 255); an interpolator's taps are a multiple of L
/// (zeros appended, no delay added); a decimator's block size is a
/// multiple of M (the header stops the compiler otherwise, before
/// `arm_fir_decimate_init` would return ARM_MATH_LENGTH_ERROR at run time).
public enum ResamplerEmitter {
    /// A resampler to write: the filter as a `FIRTemplate` (name,
    /// description, taps at the upsampled rate), its factors, and for q15 or
    /// q31 its fixed-point taps.
    public struct Resampler: Sendable {
        /// Name, description, command line and taps (h, gain L).
        public var template: FIRTemplate
        /// L and M, without a common factor.
        public var up: Int, down: Int
        /// Where the taps come from, as the header's comment says.
        public var origin: String
        /// Creates one.
        ///
        /// - Parameters:
        ///   - template: name, description, command line and taps.
        ///   - up: L.
        ///   - down: M.
        ///   - origin: the taps' origin ("scipy's resample_poly filter").
        public init(template: FIRTemplate, up: Int, down: Int, origin: String = "scipy's resample_poly filter") {
            self.template = template
            self.up = up
            self.down = down
            self.origin = origin
        }
    }

    /// The CMSIS structure that runs `r`: a decimator (L = 1) or an
    /// interpolator (M = 1).
    ///
    /// - Throws: `EmissionError` for L and M both above 1 (CMSIS has no
    ///   rational resampler), both 1, or a factor above 255.
    public static func cmsisStructure(_ r: Resampler) throws(EmissionError) -> FixedPointTaps.Structure {
        let limit = FixedPointTaps.maximumFactor
        switch (r.up, r.down) {
        case (1, 1):
            throw EmissionError("resampling by 1/1 is the signal itself: there is no CMSIS-DSP filter to write")
        case (1, let m):
            guard m <= limit else { throw EmissionError("--down \(m): CMSIS-DSP's decimator takes a factor up to \(limit) (a uint8_t)") }
            return .decimator(m)
        case (let l, 1):
            guard l <= limit else { throw EmissionError("--up \(l): CMSIS-DSP's interpolator takes a factor up to \(limit) (a uint8_t)") }
            return .interpolator(l)
        default:
            throw EmissionError("resampling by \(r.up)/\(r.down): CMSIS-DSP has a decimator (--up 1) and an interpolator (--down 1), "
                                + "no rational resampler; resample in two stages, or emit swift or json for FilterRuntime's PolyphaseResampler")
        }
    }

    /// The template as arm_fir_interpolate takes it: an interpolator's N taps
    /// padded with (L − N mod L) mod L zeros to a multiple of its factor L, so
    /// that each of the L phases has N / L taps; a decimator's as they are.
    private static func phasePadded(_ t: FIRTemplate, for structure: FixedPointTaps.Structure) -> FIRTemplate {
        guard case .interpolator(let l) = structure else { return t }
        return FIRTemplate(name: t.name, description: t.description, designSampleRate: t.designSampleRate,
                           taps: t.taps + [Double](repeating: 0, count: (l - t.taps.count % l) % l),
                           mkfilterCommandLine: t.mkfilterCommandLine)
    }

    /// A C header for CMSIS-DSP's decimator or interpolator in float32_t
    /// (`fixed` nil) or in q15/q31 (`fixed` realized for `cmsisStructure(r)`).
    ///
    /// - Throws: as `cmsisStructure(_:)`, for a name or prefix that makes
    ///   no identifier, a tap that is not finite in float32_t, or taps
    ///   realized for another structure.
    public static func cmsis(_ r: Resampler, fixed: FixedPointTaps?, prefix: String,
                             renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        let structure = try cmsisStructure(r)
        let base = try CEmitter.prefixIdentifier(prefix)
        let template = phasePadded(r.template, for: structure)
        let made = try FIREmitter.cViews([template], prefix: prefix) { x throws(EmissionError) in
            guard Float(x).isFinite else { throw EmissionError("a tap (\(x)) is not finite in float32_t") }
            return CEmitter.literal(x, .float)
        }
        var view = made.views[0]
        let format: String, ctype: String
        if let fixed {
            guard fixed.structure == structure else { throw EmissionError("internal: fixed-point taps for another structure") }
            format = fixed.arithmetic.format.rawValue
            ctype = fixed.arithmetic.cType
            view["count"] = "\(fixed.coefficients.count)"
            view["tapLines"] = FIREmitter.lines(fixed.coefficients.reversed().map { CMSISFixedPointEmitter.literal($0, fixed.arithmetic) })
            view["fixed"] = [
                "outputScale": CEmitter.literal(fixed.outputScale, .double),
                "outputScaleText": formatC("%.6g", fixed.outputScale),
                "l1": "\(fixed.l1Norm)", "limit": "\(fixed.arithmetic.largestInteger)",
                "fractionBits": "\(fixed.arithmetic.fractionBits)",
            ] as [String: Any]
        } else {
            format = "f32"
            ctype = "float32_t"
        }
        let delay = (r.template.taps.count - 1) / 2
        switch structure {
        case .decimator(let m):
            view["decimator"] = ["factor": "\(m)", "factorMinusOne": "\(m - 1)", "blockSize": "\(m * ((32 + m - 1) / m))",
                                 "delay": "\(delay)"] as [String: Any]
        case .interpolator(let l):
            view["interpolator"] = ["factor": "\(l)", "factorMinusOne": "\(l - 1)", "blockSize": "32", "delay": "\(delay)",
                                    "phaseLength": "\((template.taps.count) / l)"] as [String: Any]
        case .filter:
            throw EmissionError("internal: a resampler is a decimator or an interpolator")
        }
        view["ratio"] = "\(r.up)/\(r.down)"
        view["origin"] = r.origin
        view["designTaps"] = "\(r.template.taps.count)"
        let guardName = CEmitter.includeGuard(made.ids, base: base, suffix: "_CMSIS_RESAMPLER_" + format.uppercased() + "_H")
        return try renderer.render("c/cmsis-resampler.h.mustache", [
            "guard": guardName, "filters": [view], "format": format, "ctype": ctype,
            "kind": structure.phases > 1 ? "interpolator" : "decimator",
            "function": (structure.phases > 1 ? "arm_fir_interpolate_" : "arm_fir_decimate_") + format,
        ])
    }

    /// Swift declaring `r` in `enum namespace`: L, M, the taps and
    /// `makeResampler()`, a `FilterRuntime.PolyphaseResampler` at rest.
    ///
    /// - Throws: `EmissionError` for a namespace that makes no type, or a
    ///   tap that is not finite.
    public static func swift(_ r: Resampler, namespace: String,
                             renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        if let problem = SwiftSource.namespaceProblem(namespace) { throw EmissionError(problem) }
        let t = r.template
        try FIREmitter.checkFinite(t)
        return try renderer.render("swift/resampler.mustache", [
            "namespace": SwiftSource.typeName(namespace),
            "commentName": SwiftSource.commentText(t.name),
            "commentDescription": SwiftSource.commentText(t.description),
            "hasDescription": t.description.contains { !$0.isWhitespace },
            "commentCommandLine": SwiftSource.commentText(t.mkfilterCommandLine),
            "nameLiteral": SwiftSource.stringLiteral(t.name),
            "up": "\(r.up)", "down": "\(r.down)", "count": "\(t.taps.count)",
            "tapLines": FIREmitter.lines(t.taps.map(SwiftSource.doubleLiteral)),
        ])
    }
}

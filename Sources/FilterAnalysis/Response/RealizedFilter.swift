import ComplexModule
import FilterDesign
import FilterRuntime
import RealModule

/// A filter as it runs: Fisher's direct-form recurrence, or a cascade of
/// second-order sections, with every coefficient exactly as it is stored at
/// the precision it runs in (`runtime(_:as:)`), or as designed (`designed(_:realization:)`).
/// Every analysis starts from one.
public enum RealizedFilter: Sendable, Hashable {
    /// The recurrence B(z) / (g A(z)).
    case direct(TransferFunction)
    /// The cascade, gain included.
    case sections([Biquad])

    /// The filter `DigitalFilter<Sample>` runs for `template`: its sections as
    /// `SectionCascade<Sample>` stores them, or its recurrence with 1/G folded
    /// in and every coefficient rounded to `Sample`.
    public static func runtime<Sample: BinaryFloatingPoint & SIMDScalar & Sendable>(
        _ template: DigitalFilterTemplate, as _: Sample.Type
    ) -> RealizedFilter {
        template.sections.isEmpty
            ? .direct(.runtime(template, as: Sample.self))
            : .sections(SectionCascade<Sample>(template.sections).sectionsAsRun)
    }

    /// The design in `realization`, coefficients in Double: the sections from
    /// its zeros, poles and gain, or Fisher's recurrence with his G; `nil`
    /// without a finite gain (a Q = Inf band-pass resonator).
    public static func designed(_ design: Design, realization: Realization) -> RealizedFilter? {
        switch realization {
        case .sections: return design.secondOrderSections().map(RealizedFilter.sections)
        case .direct: return TransferFunction(design: design).map(RealizedFilter.direct)
        }
    }

    /// Every coefficient (and the gain) is finite, and the gain is not zero.
    public var isFinite: Bool {
        switch self {
        case .direct(let t): return t.isFinite
        case .sections(let s): return s.allSatisfy { $0.coefficients.allSatisfy(\.isFinite) }
        }
    }

    /// The filter factored into its poles and zeros.
    public var poleZeroForm: PoleZeroForm {
        switch self {
        case .direct(let t): return PoleZeroForm(t)
        case .sections(let s): return PoleZeroForm(sections: s)
        }
    }

    /// The response on `grid`: from the coefficients (FFT, compensated) for the
    /// recurrence, the product of the sections for a cascade.
    public func response(grid: FrequencyGrid) -> FrequencyResponse {
        switch self {
        case .direct(let t): return FrequencyResponse.fromCoefficients(t, grid: grid)
        case .sections(let s): return SectionResponse.response(s, grid: grid)
        }
    }

    /// h[0 ..< count], computed in double-double (a reference for what runs).
    public func impulse(count: Int) -> [Double] {
        switch self {
        case .direct(let t): return TimeResponse.impulse(t, count: count)
        case .sections(let s): return TimeResponse.impulse(s, count: count)
        }
    }

    /// s[0 ..< count], computed in double-double.
    public func step(count: Int) -> [Double] {
        switch self {
        case .direct(let t): return TimeResponse.step(t, count: count)
        case .sections(let s): return TimeResponse.step(s, count: count)
        }
    }

    /// H(1), the dc gain, computed in double-double from the coefficients.
    public var dcGain: Double {
        switch self {
        case .direct(let t): return FrequencyResponse.evaluateExactly(t, atAlpha: 0).real
        case .sections(let s):
            return s.reduce(1.0) { gain, section in
                let denominator = (DoubleDouble(1) + DoubleDouble(section.a1) + DoubleDouble(section.a2)).value
                return gain * (DoubleDouble(section.b0) + DoubleDouble(section.b1) + DoubleDouble(section.b2)).value / denominator
            }
        }
    }
}

extension PoleZeroForm {
    /// The cascade factored: each section's numerator and denominator roots,
    /// found about z = 1 or z = -1 when a1 says its roots are near there (so
    /// that clustered poles keep their digits), and the product of the leading
    /// numerator coefficients.
    public init(sections: [Biquad]) {
        var zeros: [Complex<Double>] = [], poles: [Complex<Double>] = []
        var scale = 1.0, delay = 0
        for s in sections {
            var b = [s.b0, s.b1, s.b2]
            while b.count > 1 && b[0] == 0 { b.removeFirst(); delay += 1 }
            scale *= b[0]
            if b.count > 1 { zeros += Self.quadraticRoots(b[1] / b[0], b.count > 2 ? b[2] / b[0] : 0, degree: b.count - 1) }
            let degree = s.a2 != 0 ? 2 : s.a1 != 0 ? 1 : 0
            if degree > 0 { poles += Self.quadraticRoots(s.a1, s.a2, degree: degree) }
        }
        self.init(zeros: zeros, poles: poles, scale: scale, delay: delay)
    }

    /// The roots of z^2 + p z + q (degree 2) or z + p (degree 1), found in
    /// u = z - t for t = 1 (p < -1), -1 (p > 1) or 0: u^2 + (p + 2t) u + (1 + p t + q),
    /// whose coefficients are exact, by the stable quadratic formula.
    static func quadraticRoots(_ p: Double, _ q: Double, degree: Int) -> [Complex<Double>] {
        if degree == 1 { return [Complex(-p, 0)] }
        let t: Double = p < -1 ? 1 : p > 1 ? -1 : 0
        let pu = p + 2 * t, qu = t == 0 ? q : (1 + p * t) + q
        let discriminant = pu * pu - 4 * qu
        if discriminant >= 0 {
            let root = discriminant.squareRoot()
            let big = pu >= 0 ? (-pu - root) / 2 : (-pu + root) / 2
            let small = big != 0 ? qu / big : 0
            return [Complex(big + t, 0), Complex(small + t, 0)]
        }
        let re = -pu / 2, im = (-discriminant).squareRoot() / 2
        return [Complex(re + t, im), Complex(re + t, -im)]
    }
}

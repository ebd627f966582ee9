import ComplexModule
import FilterDesign
import FilterRuntime
import RealModule

/// A filter as it runs: Fisher's direct-form recurrence, or a cascade of
/// second-order sections, with every coefficient exactly as it is stored at
/// the precision it runs in (`runtime(_:precision:)`), or as designed (`designed(_:realization:)`).
/// Every analysis starts from one.
public enum FilterAsRun: Sendable, Hashable {
    /// The recurrence B(z) / (g A(z)).
    case direct(TransferFunction)
    /// The cascade, gain included.
    case sections([Biquad])

    /// The filter `DigitalFilter<Form>` runs for `template`: its sections as
    /// `SectionCascade<Form>` stores them, or its recurrence with 1/G folded
    /// in and every coefficient rounded to `Form.Sample`.
    public static func runtime<Form: CascadeForm>(_ template: DigitalFilterTemplate, form _: Form.Type) -> FilterAsRun {
        template.sections.isEmpty
            ? .direct(.runtime(template, as: Form.Sample.self))
            : .sections(SectionCascade<Form>(template.sections).sectionsAsRun)
    }

    /// The filter the runtime runs for `template` at `precision` (Fisher's
    /// gencode arithmetic is not the runtime's: as Double).
    public static func runtime(_ template: DigitalFilterTemplate, precision: RunningPrecision) -> FilterAsRun {
        precision == .gencode ? runtime(template, form: Double.self) : runtime(template, form: precision.cascadeForm)
    }

    /// The design in `realization`, coefficients in Double: the sections from
    /// its zeros, poles and gain, or Fisher's recurrence with his G; `nil`
    /// without a finite gain (a Q = Inf band-pass resonator).
    public static func designed(_ design: Design, realization: Realization) -> FilterAsRun? {
        switch realization {
        case .sections: return design.secondOrderSections().map(FilterAsRun.sections)
        case .direct: return TransferFunction(design: design).map(FilterAsRun.direct)
        }
    }

    /// Every coefficient (and the gain) is finite, and the gain is not zero.
    public var isFinite: Bool {
        realized(direct: \.isFinite, sections: { $0.allSatisfy { $0.coefficients.allSatisfy(\.isFinite) } })
    }

    /// The filter factored into its poles and zeros.
    public var poleZeroForm: PoleZeroForm {
        realized(direct: { PoleZeroForm($0) }, sections: { PoleZeroForm(sections: $0) })
    }

    /// The response on `grid`: from the coefficients (FFT, compensated) for the
    /// recurrence, the product of the sections for a cascade.
    public func response(grid: FrequencyGrid) -> FrequencyResponse {
        realized(direct: { FrequencyResponse.fromCoefficients($0, grid: grid) }, sections: { SectionResponse.response($0, grid: grid) })
    }

    /// h[0 ..< count], computed in double-double (a reference for what runs).
    public func impulse(count: Int) -> [Double] {
        realized(direct: { TimeResponse.impulse($0, count: count) }, sections: { TimeResponse.impulse($0, count: count) })
    }

    /// h[0 ..< count] as double-double values.
    public func exactImpulse(count: Int) -> ExactSequence {
        realized(direct: { TimeResponse.exactImpulse($0, count: count) }, sections: { TimeResponse.exactImpulse($0, count: count) })
    }

    /// s[0 ..< count], computed in double-double.
    public func step(count: Int) -> [Double] {
        realized(direct: { TimeResponse.step($0, count: count) }, sections: { TimeResponse.step($0, count: count) })
    }

    /// `direct` of the recurrence or `sections` of the cascade, whichever
    /// this is.
    func realized<T>(direct: (TransferFunction) -> T, sections: ([Biquad]) -> T) -> T {
        switch self {
        case .direct(let t): return direct(t)
        case .sections(let s): return sections(s)
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
    /// found about z = 1 or z = -1 when the section's middle coefficient says
    /// its roots are near there, and kept as that anchor and an offset (so that
    /// clustered roots keep their digits), and the product of the leading
    /// numerator coefficients.
    public init(sections: [Biquad]) {
        var zeros: [(anchor: Double, offset: Complex<Double>)] = [], poles: [(anchor: Double, offset: Complex<Double>)] = []
        var scale = 1.0, delay = 0
        for s in sections {
            var b = [s.b0, s.b1, s.b2]
            while b.count > 1 && b[0] == 0 { b.removeFirst(); delay += 1 }
            scale *= b[0]
            if b.count > 1 { zeros += Self.anchoredRoots(b[0], b[1], b.count > 2 ? b[2] : 0, degree: b.count - 1) }
            let degree = s.a2 != 0 ? 2 : s.a1 != 0 ? 1 : 0
            if degree > 0 { poles += Self.anchoredRoots(1, s.a1, s.a2, degree: degree) }
        }
        self.init(zeroParts: zeros, poleParts: poles, scale: scale, delay: delay)
    }

    /// The roots of c0 z^2 + c1 z + c2 (degree 2) or c0 z + c1 (degree 1) as
    /// an anchor t and offsets u = z - t, for t = 1 (c1 / c0 < -1), -1
    /// (c1 / c0 > 1) or 0: the roots of u^2 + P u + Q with
    ///
    ///     P = (c1 + 2 t c0) / c0,   Q = (t^2 c0 + t c1 + c2) / c0,
    ///
    /// the sums formed exactly (double-double) and divided once, so P and Q
    /// are good to an ulp relative to themselves however small, then the
    /// stable quadratic formula (its discriminant with the square's rounding
    /// error kept).
    static func anchoredRoots(_ c0: Double, _ c1: Double, _ c2: Double, degree: Int) -> [(anchor: Double, offset: Complex<Double>)] {
        if degree == 1 { return [(0, Complex(-c1 / c0, 0))] }
        let ratio = c1 / c0
        let t: Double = ratio < -1 ? 1 : ratio > 1 ? -1 : 0
        let p = ((DoubleDouble(c1) + DoubleDouble(2 * t * c0)) / DoubleDouble(c0)).value
        let q = ((DoubleDouble(t * t * c0) + DoubleDouble(t * c1) + DoubleDouble(c2)) / DoubleDouble(c0)).value
        let (square, squareError) = DoubleDouble.twoProduct(p, p)
        let discriminant = (square - 4 * q) + squareError
        if discriminant >= 0 {
            let root = discriminant.squareRoot()
            let big = p >= 0 ? (-p - root) / 2 : (-p + root) / 2
            let small = big != 0 ? q / big : 0
            return [(t, Complex(big, 0)), (t, Complex(small, 0))]
        }
        let re = -p / 2, im = (-discriminant).squareRoot() / 2
        return [(t, Complex(re, im)), (t, Complex(re, -im))]
    }
}

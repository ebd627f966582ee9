/// What an equiripple design approximates in each band, as scipy's
/// `remez(..., type=)` and MATLAB's `firpm` name it.
///
/// With the number of taps N it fixes the filter's linear-phase type:
///
/// | type             | N odd                  | N even                  |
/// |------------------|------------------------|-------------------------|
/// | `bandpass`       | I (symmetric)          | II (symmetric)          |
/// | `differentiator` | III (antisymmetric)    | IV (antisymmetric)      |
/// | `hilbert`        | III (antisymmetric)    | IV (antisymmetric)      |
public enum RemezFilterType: String, Sendable, Hashable, CaseIterable {
    /// A constant desired amplitude d and weight w in each band.
    case bandpass
    /// Desired amplitude d f (f in fractions of the sample rate, as scipy's
    /// fs = 1), and weight w / f wherever d >= 1e-4 (scipy's rule: the
    /// relative error is made equiripple), w elsewhere.
    case differentiator
    /// A constant desired amplitude d and weight w in each band, with odd
    /// symmetry. The sign is scipy's (see `EquirippleDesign`).
    case hilbert
}

extension EquirippleDesign {
    /// The four kinds of linear-phase FIR filter, by the symmetry of the taps
    /// h[k] = ±h[N-1-k] and the parity of N. The amplitude A(f), real, with
    /// H(e^{2πif}) = A(f) e^{-πi(N-1)f} for types I and II and
    /// H = i A(f) e^{-πi(N-1)f} for types III and IV, is
    ///
    ///     A(f) = Q(f) P(cos 2πf),  P a polynomial of degree n - 1,
    ///
    /// | type | symmetry      | N    | Q(f)       | n         | forced zeros  |
    /// |------|---------------|------|------------|-----------|---------------|
    /// | I    | symmetric     | odd  | 1          | (N + 1)/2 | none          |
    /// | II   | symmetric     | even | cos πf     | N/2       | fs/2          |
    /// | III  | antisymmetric | odd  | sin 2πf    | (N - 1)/2 | 0 and fs/2    |
    /// | IV   | antisymmetric | even | sin πf     | N/2       | 0             |
    public enum LinearPhaseType: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case one = 1, two, three, four

        /// The type of a filter of `taps` taps designed as `type`.
        public init(taps: Int, type: RemezFilterType) {
            let odd = taps % 2 != 0
            switch type {
            case .bandpass: self = odd ? .one : .two
            case .differentiator, .hilbert: self = odd ? .three : .four
            }
        }

        /// The number n of basis functions (the degree of P plus one): the
        /// equioscillation theorem's optimum alternates at n + 1 points.
        public func basisCount(taps: Int) -> Int {
            switch self {
            case .one: return (taps + 1) / 2
            case .two, .four: return taps / 2
            case .three: return (taps - 1) / 2
            }
        }

        /// The taps for n basis functions (the inverse of `basisCount`).
        func taps(basisCount n: Int) -> Int {
            switch self {
            case .one: return 2 * n - 1
            case .two, .four: return 2 * n
            case .three: return 2 * n + 1
            }
        }

        /// True for types III and IV (h[k] = -h[N-1-k]).
        public var isAntisymmetric: Bool { self == .three || self == .four }

        /// "I", "II", "III" or "IV".
        public var description: String { ["I", "II", "III", "IV"][rawValue - 1] }
    }
}

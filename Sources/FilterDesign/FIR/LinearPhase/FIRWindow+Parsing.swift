extension FIRWindow {
    /// Reads a window: a name of `names`, case-insensitive (scipy's aliases
    /// too: "rectangular" and "ones" for boxcar, "hanning" for hann,
    /// "poisson" for exponential, "halfcosine" for cosine, "sinc" for lanczos,
    /// "kbd" for kaiser_bessel_derived, "cheb" for chebwin), its parameters
    /// after colons: `kaiser:8.6`, `tukey:0.25`, `taylor:4:30`,
    /// `general_cosine:0.5:0.5`. exponential, tukey and taylor have scipy's
    /// defaults (tau 1; alpha 0.5; nbar 4, sll 30).
    ///
    /// Stricter than scipy where scipy returns NaN or quietly another window:
    /// tau, std, p, sigma and sll must be above 0, alpha of tukey in 0 ... 1,
    /// nbar a whole number at least 1, beta at least 0, NW above 0, chebwin's
    /// attenuation above 0.
    ///
    /// - Throws: `LinearPhaseError.unknownWindow` naming the text,
    ///   `.kaiserBetaInvalid` naming BETA's text, `.windowParameterCount`
    ///   or `.windowParameterInvalid` naming the window and the parameter.
    public init(parsing text: String) throws(LinearPhaseError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].lowercased()
        let words = Array(parts.dropFirst())
        if name == "kaiser" {
            guard words.count == 1, let beta = Double(words[0]), beta.isFinite, beta >= 0 else {
                throw .kaiserBetaInvalid(words.joined(separator: ":"))
            }
            self = .kaiser(beta: beta)
            return
        }
        guard let spec = Self.specification(of: name) else { throw .unknownWindow(text) }
        guard (spec.required...spec.maximum).contains(words.count) else {
            throw .windowParameterCount(window: spec.name, given: words.count, expected: spec.usage)
        }
        var values: [Double] = []
        for (i, word) in words.enumerated() {
            let meaning = spec.meanings[min(i, spec.meanings.count - 1)]
            guard let x = Double(word), x.isFinite, meaning.allows(x) else {
                throw .windowParameterInvalid(window: spec.name, parameter: meaning.name, text: word, allowed: meaning.allowed)
            }
            values.append(x)
        }
        self = spec.make(values)
    }

    /// What a parameter is and which values it takes.
    struct Parameter: Sendable {
        /// Its name in messages (BETA, ALPHA, ...).
        let name: String
        /// The values allowed, in words.
        let allowed: String
        /// Whether `x` is allowed.
        let allows: @Sendable (Double) -> Bool

        static func positive(_ name: String) -> Parameter {
            Parameter(name: name, allowed: "a number above 0") { $0 > 0 }
        }
    }

    /// How a window is read: its name, its parameters (at least `required`,
    /// at most `maximum`), and the window from their values.
    struct Specification: Sendable {
        let name: String
        let required: Int
        let maximum: Int
        let meanings: [Parameter]
        let make: @Sendable ([Double]) -> FIRWindow

        /// The parameters as `names` writes them.
        var usage: String { FIRWindow.names.first { $0.hasPrefix(name + ":") || $0.hasPrefix(name + "[") } ?? name }
    }

    /// The specification of `name` (lowercased), or nil for an unknown name.
    static func specification(of name: String) -> Specification? {
        if let window = plainWindow(name) {
            return Specification(name: window.name, required: 0, maximum: 0, meanings: [], make: { _ in window })
        }
        return parameterized(name)
    }

    /// The window without parameters `name` (or a scipy alias of it) names.
    static func plainWindow(_ name: String) -> FIRWindow? {
        switch name {
        case "boxcar", "rectangular", "ones", "rect", "box": return .boxcar
        case "triang", "triangle", "tri": return .triang
        case "blackman": return .blackman
        case "hamming": return .hamming
        case "hann", "hanning": return .hann
        case "bartlett": return .bartlett
        case "flattop": return .flattop
        case "parzen": return .parzen
        case "bohman": return .bohman
        case "blackmanharris": return .blackmanharris
        case "nuttall": return .nuttall
        case "barthann": return .barthann
        case "cosine", "halfcosine": return .cosine
        case "lanczos", "sinc": return .lanczos
        default: return nil
        }
    }

    /// How the windows with parameters are read (kaiser has its own reading).
    static func parameterized(_ name: String) -> Specification? {
        switch name {
        case "exponential", "poisson":
            return Specification(name: "exponential", required: 0, maximum: 1, meanings: [.positive("TAU")]) {
                .exponential(tau: $0.first ?? 1)
            }
        case "tukey":
            let alpha = Parameter(name: "ALPHA", allowed: "in 0 ... 1 (0 is the boxcar, 1 Hann's window)") { $0 >= 0 && $0 <= 1 }
            return Specification(name: "tukey", required: 0, maximum: 1, meanings: [alpha]) { .tukey(alpha: $0.first ?? 0.5) }
        case "taylor":
            let nbar = Parameter(name: "NBAR", allowed: "a whole number in 1 ... 1000") { $0 >= 1 && $0 <= 1000 && $0 == $0.rounded() }
            return Specification(name: "taylor", required: 0, maximum: 2, meanings: [nbar, .positive("SLL")]) {
                .taylor(nbar: $0.count > 0 ? Int($0[0]) : 4, sidelobeLevel: $0.count > 1 ? $0[1] : 30)
            }
        case "kaiser_bessel_derived", "kbd":
            let beta = Parameter(name: "BETA", allowed: "a number at least 0") { $0 >= 0 }
            return Specification(name: "kaiser_bessel_derived", required: 1, maximum: 1, meanings: [beta]) {
                .kaiserBesselDerived(beta: $0[0])
            }
        case "gaussian":
            return Specification(name: "gaussian", required: 1, maximum: 1, meanings: [.positive("STD")]) { .gaussian(std: $0[0]) }
        case "general_cosine":
            let a = Parameter(name: "A", allowed: "a finite number") { _ in true }
            return Specification(name: "general_cosine", required: 1, maximum: 64, meanings: [a]) { .generalCosine($0) }
        case "general_gaussian":
            return Specification(name: "general_gaussian", required: 2, maximum: 2, meanings: [.positive("P"), .positive("SIG")]) {
                .generalGaussian(p: $0[0], sigma: $0[1])
            }
        case "general_hamming":
            let alpha = Parameter(name: "ALPHA", allowed: "a finite number") { _ in true }
            return Specification(name: "general_hamming", required: 1, maximum: 1, meanings: [alpha]) { .generalHamming(alpha: $0[0]) }
        case "dpss":
            return Specification(name: "dpss", required: 1, maximum: 1, meanings: [.positive("NW")]) { .dpss(nw: $0[0]) }
        case "chebwin", "cheb":
            return Specification(name: "chebwin", required: 1, maximum: 1, meanings: [.positive("AT")]) { .chebwin(attenuation: $0[0]) }
        default: return nil
        }
    }
}

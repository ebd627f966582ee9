import FilterRuntime

/// scipy's `decimate(x, q, n, ftype, zero_phase)`: the anti-aliasing filter
/// it designs and how it runs it, for a signal then kept at every q-th
/// sample (from the first).
///
/// - `iir`: Chebyshev type I, order n (8 by default), 0.05 dB ripple, its
///   passband edge at 0.8 of the new Nyquist, 0.4 fs / q: scipy's
///   `cheby1(n, 0.05, 0.8 / q, output='sos')`. Zero phase runs it forward and
///   backward (`ZeroPhase`, scipy's `sosfiltfilt`), else forward from rest.
/// - `fir`: `firwin(n + 1, 1 / q, window='hamming')` (n = 20 q by default),
///   its cutoff at the new Nyquist. Zero phase centres it on each kept
///   sample (`resample_poly(x, 1, q, window=h)`), else it runs causally
///   (`upfirdn`).
///
/// ceil(N / q) samples come out of N, the first at the first input's time.
public struct Decimation: Sendable, Hashable {
    /// The two filters scipy offers.
    public enum FilterType: String, Sendable, Hashable, CaseIterable {
        /// Chebyshev type I sections.
        case iir
        /// A Hamming-windowed FIR filter.
        case fir
    }

    /// The factors q: 2 ... 1000.
    public static let factorRange = 2...1000
    /// The IIR orders: 1 ... 20 (scipy's default 8).
    public static let iirOrderRange = 1...20
    /// The FIR orders n (n + 1 taps): 1 ... 100,000.
    public static let firOrderRange = 1...100_000

    /// q.
    public let factor: Int
    /// The filter.
    public let type: FilterType
    /// n: the IIR order, or the FIR order (taps - 1).
    public let order: Int
    /// Forward and backward (IIR) or centred (FIR); else causal.
    public let zeroPhase: Bool

    /// A decimation after checking its values; `order` nil is scipy's
    /// default (8, or 20 q).
    ///
    /// - Throws: `DecimationError` naming the value and what is allowed.
    public init(factor: Int, type: FilterType = .iir, order: Int? = nil, zeroPhase: Bool = true) throws(DecimationError) {
        guard Self.factorRange.contains(factor) else { throw .factor(factor) }
        let range = type == .iir ? Self.iirOrderRange : Self.firOrderRange
        let n = order ?? (type == .iir ? 8 : 20 * factor)
        guard range.contains(n) else { throw .order(n, type: type, allowed: range) }
        (self.factor, self.type, self.order, self.zeroPhase) = (factor, type, n, zeroPhase)
    }

    /// The IIR filter's sections: Chebyshev I of `order`, 0.05 dB, low-pass
    /// at alpha 0.4 / q, through the one reader (`RecipeReader`).
    ///
    /// - Throws: `DecimationError.design` when the design fails (a factor
    ///   too large for the order in double precision).
    public func sections() throws(DecimationError) -> [Biquad] {
        var draft = RecipeDraft()
        draft.families = [.chebyshev]
        draft.ripple = 0.05
        draft.bands = [.lowPass]
        draft.order = order
        draft.alphas = [0.4 / Double(factor)]
        let recipe: FilterRecipe, design: Design
        do { recipe = try RecipeReader.recipe(draft) } catch {
            switch error {
            case .outOfRange(let problem): throw .design(problem.description)
            case .problems(let problems): throw .design("its Chebyshev recipe breaks \(problems.count) of the reader's rules")
            }
        }
        do { design = try recipe.design() } catch { throw .design(error.description) }
        guard let sections = design.secondOrderSections() else { throw .design("no sections") }
        return sections
    }

    /// The FIR filter's order + 1 taps: firwin with Hamming's window, cutoff 0.5 / q.
    public func taps() throws(DecimationError) -> [Double] {
        do { return try firwin(taps: order + 1, cutoffs: [0.5 / Double(factor)], window: .hamming) } catch {
            throw .design(error.description)
        }
    }

    /// The number of outputs of `inputs` samples: ceil(inputs / q).
    public func outputCount(inputs: Int) -> Int { (inputs + factor - 1) / factor }
}

/// Why a decimation cannot be made.
public enum DecimationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// q outside `Decimation.factorRange`.
    case factor(Int)
    /// n outside the type's range.
    case order(Int, type: Decimation.FilterType, allowed: ClosedRange<Int>)
    /// The filter's design failed (its message).
    case design(String)

    public var description: String {
        switch self {
        case let .factor(q):
            return "factor \(q) is out of range; it must be a whole number in \(Decimation.factorRange.lowerBound) ... \(Decimation.factorRange.upperBound)"
        case let .order(n, type, allowed):
            return "order \(n) is out of range for \(type.rawValue); it must be in \(allowed.lowerBound) ... \(allowed.upperBound)"
                + (type == .fir ? " (the filter has order + 1 taps)" : "")
        case let .design(message):
            return "the anti-aliasing filter cannot be designed: \(message)"
        }
    }
}

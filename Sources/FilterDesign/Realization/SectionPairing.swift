import ComplexModule
import RealModule

/// Pairs poles with zeros into second-order sections as scipy's `zpk2sos`
/// does by default (`pairing='nearest'`):
///
/// 1. The shorter of the pole and zero lists is padded with roots at the
///    origin, then both with one more when the count is odd.
/// 2. Conjugate pairs are found (`conjugatePairs`); each is kept once.
/// 3. Repeatedly, the remaining pole nearest the unit circle is taken with its
///    conjugate (or, when real, with the nearest other real pole), and with the
///    zero nearest it (and that zero's conjugate, or the next nearest real
///    zero); scipy's two special cases keep real and complex roots apart.
///
/// The sections come out in that order (nearest the circle first); their
/// order in the cascade is chosen afterwards (`SectionOrdering`).
enum SectionPairing {
    /// One section's roots: one or two zeros and poles (a conjugate pair is
    /// listed with both members).
    struct Roots {
        var zeros: [Complex<Double>]
        var poles: [Complex<Double>]
    }

    /// The sections of the zeros and poles of `zpk` (its gain is not used).
    static func sections(_ zpk: ZeroPoleGain) -> [Roots] {
        var p = zpk.poles, z = zpk.zeros
        if p.isEmpty && z.isEmpty { return [] }
        p += Array(repeating: .zero, count: max(z.count - p.count, 0))
        z += Array(repeating: .zero, count: max(p.count - z.count, 0))
        let count = (p.count + 1) / 2
        if p.count % 2 == 1 {
            p.append(.zero)
            z.append(.zero)
        }
        var poles = conjugatePairs(p), zeros = conjugatePairs(z)
        var sections: [Roots] = []
        for _ in 0..<count {
            // The next "worst" pole: nearest the unit circle.
            let i = poles.indices.min { abs(1 - poles[$0].length) < abs(1 - poles[$1].length) }!
            let p1 = poles.remove(at: i)
            let realPolesLeft = poles.filter(isReal).count
            if isReal(p1) && realPolesLeft == 0 {
                // The last real pole: a first-order section with the nearest real zero.
                let z1 = zeros.remove(at: nearest(zeros, to: p1, .real))
                sections.append(Roots(zeros: [z1, .zero], poles: [p1, .zero]))
            } else if poles.count + 1 == zeros.count && !isReal(p1) && realPolesLeft == 1 && zeros.filter(isReal).count == 1 {
                // One real pole and one real zero left: this pole must take a complex zero.
                let z1 = zeros.remove(at: nearest(zeros, to: p1, .complex))
                sections.append(Roots(zeros: [z1, z1.conjugate], poles: [p1, p1.conjugate]))
            } else {
                let p2: Complex<Double>
                if isReal(p1) {
                    let reals = poles.indices.filter { isReal(poles[$0]) }
                    p2 = poles.remove(at: reals.min { (poles[$0] - p1).length < (poles[$1] - p1).length }!)
                } else {
                    p2 = p1.conjugate
                }
                guard !zeros.isEmpty else {
                    sections.append(Roots(zeros: [], poles: [p1, p2]))
                    continue
                }
                let z1 = zeros.remove(at: nearest(zeros, to: p1, .any))
                if !isReal(z1) {
                    sections.append(Roots(zeros: [z1, z1.conjugate], poles: [p1, p2]))
                } else if !zeros.isEmpty {
                    let z2 = zeros.remove(at: nearest(zeros, to: p1, .real))
                    sections.append(Roots(zeros: [z1, z2], poles: [p1, p2]))
                } else {
                    sections.append(Roots(zeros: [z1], poles: [p1, p2]))
                }
            }
        }
        return sections
    }

    /// A root counts as real when its imaginary part is within 100 ulp of its
    /// magnitude (scipy's `_cplxreal` tolerance): the transforms leave such
    /// crumbs, 1.2e-16 for the pole of a first-order Butterworth prototype.
    static func isReal(_ x: Complex<Double>) -> Bool { x.imaginary == 0 }

    /// The upper member of every conjugate pair (the average of the pair, so
    /// the two are exact conjugates), then the real roots with their crumbs of
    /// imaginary part removed, as scipy's `_cplxreal`.
    static func conjugatePairs(_ roots: [Complex<Double>]) -> [Complex<Double>] {
        var reals: [Complex<Double>] = [], upper: [Complex<Double>] = [], lower: [Complex<Double>] = []
        for r in roots {
            let tolerance = 100 * Double.ulpOfOne * r.length
            if abs(r.imaginary) <= tolerance { reals.append(Complex(r.real, 0)) }
            else if r.imaginary > 0 { upper.append(r) } else { lower.append(r) }
        }
        // A root whose conjugate went to the reals (their imaginary parts are
        // crumbs on either side of the tolerance) is real too.
        while upper.count != lower.count {
            if upper.count > lower.count {
                let i = upper.indices.min { abs(upper[$0].imaginary) < abs(upper[$1].imaginary) }!
                reals.append(Complex(upper.remove(at: i).real, 0))
            } else {
                let i = lower.indices.min { abs(lower[$0].imaginary) < abs(lower[$1].imaginary) }!
                reals.append(Complex(lower.remove(at: i).real, 0))
            }
        }
        var pairs: [Complex<Double>] = []
        for u in upper.sorted(by: { $0.real < $1.real }) {
            let j = lower.indices.min { (lower[$0].conjugate - u).length < (lower[$1].conjugate - u).length }!
            let l = lower.remove(at: j)
            pairs.append(Complex((u.real + l.real) / 2, (u.imaginary - l.imaginary) / 2))
        }
        return pairs + reals.sorted { $0.real < $1.real }
    }

    enum Kind { case any, real, complex }

    /// The index of the root of `kind` nearest `target` (scipy's
    /// `_nearest_real_complex_idx`); of any kind when none is of that kind
    /// (scipy would stop there; a design with an extra zero pair can get there).
    static func nearest(_ roots: [Complex<Double>], to target: Complex<Double>, _ kind: Kind) -> Int {
        var candidates = roots.indices.filter {
            switch kind {
            case .any: return true
            case .real: return isReal(roots[$0])
            case .complex: return !isReal(roots[$0])
            }
        }
        if candidates.isEmpty { candidates = Array(roots.indices) }
        return candidates.min { (roots[$0] - target).length < (roots[$1] - target).length }!
    }
}

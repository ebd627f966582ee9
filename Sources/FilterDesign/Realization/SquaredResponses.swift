import ComplexModule
import FilterRuntime

/// What the ordering needs of each monic section on the grid of
/// `SectionOrdering.frequencies`: its squared magnitude |H_i|^2, normalised
/// to peak 1, and its poles' |1/A_i|^2 at every phase, and the trapezoid
/// weights of the grid. Every rule compares magnitudes only, so products of
/// responses are products of these (|a b|^2 = |a|^2 |b|^2), a
/// multiplication a point.
///
/// All of them, the grid's points and weights, and the working rows of the
/// rules are rows of one allocation (`GridRows`) rather than 3n + 8 arrays:
/// a large design's few megabytes are then one block, which glibc keeps for
/// the next design instead of returning it to the system and faulting it in
/// again. The loops over rows run four elements at a time (`Lanes`).
///
/// The rows are valid while this value is alive: a caller keeps it so
/// (`withExtendedLifetime`) while it uses them.
struct SquaredResponses {
    /// The number of sections.
    let count: Int
    /// The number of phases.
    let points: Int
    /// The rows: `count` squares, `count` normalised squares, `count` pole
    /// squares, `scratchRows` working rows, then the grid's points u and u^2
    /// (real and imaginary parts) and its weights.
    private let rows: GridRows
    /// The sections, for `poleSquares()`.
    private let monic: [Biquad]
    /// Whether the whole cascade's |H(1)| is below a tenth of its peak (and
    /// the peak is finite and positive): rule 4 applies.
    let wholeStopsDC: Bool

    /// Working rows after the sections' (the running products of the rules).
    static let scratchRows = 3

    /// |H_i(e^{j w_k})|^2 of section i.
    func square(_ i: Int) -> UnsafeMutableBufferPointer<Double> { rows[i] }
    /// |H_i|^2 over its peak (as it is, for a peak of 0 or infinity).
    func normalised(_ i: Int) -> UnsafeMutableBufferPointer<Double> { rows[count + i] }
    /// |1 / A_i(e^{j w_k})|^2 of section i, once `poleSquares()` has made them.
    func poles(_ i: Int) -> UnsafeMutableBufferPointer<Double> { rows[2 * count + i] }
    /// Working row `k` (0 ..< `scratchRows`).
    func scratch(_ k: Int) -> UnsafeMutableBufferPointer<Double> { rows[3 * count + k] }
    /// Re u, Im u, Re u^2, Im u^2 (k = 0 ... 3) at every phase, u = e^{-j w}.
    private func circle(_ k: Int) -> UnsafeBufferPointer<Double> { UnsafeBufferPointer(rows[3 * count + Self.scratchRows + k]) }
    /// Trapezoid weights over pi: (1/pi) int_0^pi f dw = sum_k weights[k] f_k.
    var weights: UnsafeBufferPointer<Double> { UnsafeBufferPointer(rows[3 * count + Self.scratchRows + 4]) }

    /// Makes the rows of `poles(_:)` (for the noise models of rule 1's tie and
    /// of rule 4: made when asked for).
    func poleSquares() {
        guard !rows.polesReady else { return }
        for (i, s) in monic.enumerated() {
            Self.evaluate(s, circle(0), circle(1), circle(2), circle(3), poles: true, into: poles(i))
        }
        rows.polesReady = true
    }

    init(_ monic: [Biquad], poles: [Complex<Double>]) {
        let phases = SectionOrdering.frequencies(poles: poles)
        (count, points) = (monic.count, phases.count)
        rows = GridRows(rows: 3 * monic.count + Self.scratchRows + 5, points: phases.count)
        self.monic = monic
        let first = 3 * monic.count + Self.scratchRows
        let (ur, ui, vr, vi, weights) = (rows[first], rows[first + 1], rows[first + 2], rows[first + 3], rows[first + 4])
        for (k, phase) in phases.enumerated() {
            // u = e^{-j w} and u^2 as swift-numerics makes them (`Biquad.response(atPhase:)`).
            let u = Complex<Double>(length: 1, phase: -phase), u2 = u * u
            (ur[k], ui[k], vr[k], vi[k]) = (u.real, u.imaginary, u2.real, u2.imaginary)
        }
        weights.update(repeating: 0)
        for k in 1..<phases.count {
            let half = 0.5 * (phases[k] - phases[k - 1]) / Double.pi
            weights[k - 1] += half
            weights[k] += half
        }
        for (i, s) in monic.enumerated() {
            Self.evaluate(s, UnsafeBufferPointer(ur), UnsafeBufferPointer(ui), UnsafeBufferPointer(vr), UnsafeBufferPointer(vi),
                          poles: false, into: rows[i])
            let r = rows[i], normalised = rows[count + i]
            let peak = Self.largest(UnsafeBufferPointer(r))
            if peak > 0 && peak.isFinite {
                for k in r.indices { normalised[k] = r[k] / peak }
            } else {
                _ = normalised.update(fromContentsOf: r)
            }
        }
        // The whole filter's |H|^2, renormalised as it is built (only its
        // value at dc against its peak matters).
        let whole = rows[3 * monic.count]
        whole.update(repeating: 1)
        for i in 0..<monic.count {
            let peak = Self.multiply(whole, by: UnsafeBufferPointer(rows[i]))
            if peak > 0 && peak.isFinite { Self.scale(whole, by: 1 / peak) }
        }
        let peak = Self.largest(UnsafeBufferPointer(whole))
        wholeStopsDC = peak > 0 && peak.isFinite && whole[0] < peak / 100
    }

    /// |H|^2 of `s` at u = (ur, ui), u^2 = (vr, vi) into `h`, the numerator
    /// and denominator summed as `Biquad.response(u:u2:)` sums them; with
    /// `poles`, |1/A|^2 instead.
    static func evaluate(_ s: Biquad, _ ur: UnsafeBufferPointer<Double>, _ ui: UnsafeBufferPointer<Double>,
                         _ vr: UnsafeBufferPointer<Double>, _ vi: UnsafeBufferPointer<Double>, poles: Bool,
                         into h: UnsafeMutableBufferPointer<Double>) {
        let (b0, b1, b2, a1, a2) = (s.b0, s.b1, s.b2, s.a1, s.a2)
        for k in h.indices {
            let dr = (1 + ur[k] * a1) + vr[k] * a2, di = ui[k] * a1 + vi[k] * a2
            let d = dr * dr + di * di
            if poles {
                h[k] = 1 / d
            } else {
                let nr = (b0 + ur[k] * b1) + vr[k] * b2, ni = ui[k] * b1 + vi[k] * b2
                h[k] = (nr * nr + ni * ni) / d
            }
        }
    }

    /// The largest element (0 for none; the elements are not NaN).
    static func largest(_ x: UnsafeBufferPointer<Double>) -> Double {
        var (m0, m1, m2, m3) = (0.0, 0.0, 0.0, 0.0)
        var k = 0
        while k + 4 <= x.count {
            m0 = Swift.max(m0, x[k]); m1 = Swift.max(m1, x[k + 1])
            m2 = Swift.max(m2, x[k + 2]); m3 = Swift.max(m3, x[k + 3])
            k += 4
        }
        while k < x.count { m0 = Swift.max(m0, x[k]); k += 1 }
        return Swift.max(Swift.max(m0, m1), Swift.max(m2, m3))
    }

    /// max_k a_k b_k, scanned from k = `start` on (wrapping round) a block
    /// of 256 at a time; nil as soon as a block's largest exceeds `bound`
    /// (or equals it, with `orEqual`).
    static func largestProduct(_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>, from start: Int,
                               above bound: Double, orEqual: Bool) -> Double? {
        let n = x.count, block = 256
        var m = 0.0, done = 0, k = start - start % block
        while done < n {
            let end = Swift.min(k + block, n)
            var (m0, m1) = (Lanes(repeating: m), Lanes(repeating: 0))
            var j = k
            while j + 8 <= end {
                let (p0, p1) = (lanes(x, j) * lanes(y, j), lanes(x, j + 4) * lanes(y, j + 4))
                m0.replace(with: p0, where: p0 .> m0)
                m1.replace(with: p1, where: p1 .> m1)
                j += 8
            }
            m = Swift.max(m0.max(), m1.max())
            while j < end { m = Swift.max(m, x[j] * y[j]); j += 1 }
            if m > bound || (orEqual && m == bound) { return nil }
            done += end - k
            k = end == n ? 0 : end
        }
        return m
    }

    /// Four elements side by side, for the loops of the rules: the same
    /// arithmetic as element by element, four at a time (a maximum is exact
    /// in any order).
    typealias Lanes = SIMD4<Double>

    /// The four elements of `x` from `k` on (k + 4 <= x.count).
    @inline(__always)
    static func lanes(_ x: UnsafeBufferPointer<Double>, _ k: Int) -> Lanes {
        UnsafeRawPointer(x.baseAddress! + k).loadUnaligned(as: Lanes.self)
    }

    /// The index of the largest element (the first of equal ones; 0 for none).
    static func indexOfLargest(_ a: UnsafeBufferPointer<Double>) -> Int {
        var best = 0
        for k in a.indices where a[k] > a[best] { best = k }
        return best
    }

    /// a_k = a_k (b_k c); the largest new a_k.
    @discardableResult
    static func multiply(_ x: UnsafeMutableBufferPointer<Double>, by y: UnsafeBufferPointer<Double>,
                         scale c: Double = 1) -> Double {
        var (m0, m1) = (Lanes(repeating: 0), Lanes(repeating: 0))
        var k = 0
        let out = UnsafeMutableRawPointer(x.baseAddress!)
        while k + 8 <= x.count {
            let p0 = lanes(UnsafeBufferPointer(x), k) * (lanes(y, k) * c)
            let p1 = lanes(UnsafeBufferPointer(x), k + 4) * (lanes(y, k + 4) * c)
            out.storeBytes(of: p0, toByteOffset: k * 8, as: Lanes.self)
            out.storeBytes(of: p1, toByteOffset: (k + 4) * 8, as: Lanes.self)
            m0.replace(with: p0, where: p0 .> m0)
            m1.replace(with: p1, where: p1 .> m1)
            k += 8
        }
        var m = Swift.max(m0.max(), m1.max())
        while k < x.count {
            x[k] = x[k] * (y[k] * c)
            m = Swift.max(m, x[k])
            k += 1
        }
        return m
    }

    /// a_k = a_k c.
    static func scale(_ x: UnsafeMutableBufferPointer<Double>, by c: Double) {
        for k in x.indices { x[k] *= c }
    }

    /// (1/pi) int_0^pi f dw for f = `squares` on the grid (trapezoids).
    func energy(_ squares: UnsafeBufferPointer<Double>) -> Double {
        var sum = 0.0
        for k in squares.indices { sum += weights[k] * squares[k] }
        return sum
    }

    /// (||T / A||_2, ||T||_2) for |T|^2 = `tail` and |1/A|^2 = `poles`
    /// (the square roots of sum_k weights_k f_k), and then tail_k times
    /// `squares`_k c, in one pass.
    func norms(_ t: UnsafeMutableBufferPointer<Double>, times a: UnsafeBufferPointer<Double>,
               thenBy r: UnsafeBufferPointer<Double>, scale c: Double) -> (Double, Double) {
        do {
            let w = weights
            var (c0, d0) = (Lanes(repeating: 0), Lanes(repeating: 0))
            let out = UnsafeMutableRawPointer(t.baseAddress!)
            var k = 0
            while k + 4 <= t.count {
                let tk = Self.lanes(UnsafeBufferPointer(t), k)
                let x = Self.lanes(w, k) * tk
                c0 += x * Self.lanes(a, k)
                d0 += x
                out.storeBytes(of: tk * (Self.lanes(r, k) * c), toByteOffset: k * 8, as: Lanes.self)
                k += 4
            }
            var (carried, through) = (c0.sum(), d0.sum())
            while k < t.count {
                let x = w[k] * t[k]
                carried += x * a[k]; through += x
                t[k] = t[k] * (r[k] * c)
                k += 1
            }
            return (carried.squareRoot(), through.squareRoot())
        }
    }
}

/// Rows of `points` Doubles in one allocation, freed with the last
/// reference; whether the pole rows are made yet.
final class GridRows {
    let points: Int
    private let base: UnsafeMutablePointer<Double>
    var polesReady = false

    init(rows: Int, points: Int) {
        self.points = points
        base = .allocate(capacity: Swift.max(1, rows * points))
    }

    deinit { base.deallocate() }

    /// Row `i`, uninitialised until written.
    subscript(i: Int) -> UnsafeMutableBufferPointer<Double> {
        UnsafeMutableBufferPointer(start: base + i * points, count: points)
    }
}

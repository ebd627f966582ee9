import RealModule

/// Taylor's window (T. T. Taylor, "Design of line-source antennas for narrow
/// beamwidth and low side lobes", IRE Trans. AP 3(1), 1955), as scipy's
/// `taylor(N, nbar, sll, norm=True)`:
///
///     B = 10^(sll/20),  A = acosh(B) / pi,  s^2 = nbar^2 / (A^2 + (nbar - 1/2)^2),
///     F_m = (-1)^(m+1) prod_(j=1)^(nbar-1) (1 - m^2 / s^2 / (A^2 + (j - 1/2)^2))
///           / (2 prod_(j != m) (1 - m^2 / j^2)),   m = 1 ... nbar - 1,
///     W(n) = 1 + 2 sum_m F_m cos(2 pi m (n - N/2 + 1/2) / N),
///
/// normalised by W((N-1)/2), so that the centre is 1.
enum TaylorWindow {
    static func values(count m: Int, nbar: Int, sidelobeLevel sll: Double) -> [Double] {
        let b = Double.pow(10, sll / 20)
        let a = Double.acosh(b) / Double.pi
        let a2 = a * a
        let nb = Double(nbar)
        let s2 = nb * nb / (a2 + (nb - 0.5) * (nb - 0.5))
        let ma = (1..<max(nbar, 1)).map(Double.init)
        var fm = [Double](repeating: 0, count: ma.count)
        for (mi, mm) in ma.enumerated() {
            let m2 = mm * mm
            var numerator = mi % 2 == 0 ? 1.0 : -1.0
            var product = 1.0
            for j in ma { product *= 1 - m2 / s2 / (a2 + (j - 0.5) * (j - 0.5)) }
            numerator *= product
            var before = 1.0, after = 1.0
            for j in ma[..<mi] { before *= 1 - m2 / (j * j) }
            for j in ma[(mi + 1)...] { after *= 1 - m2 / (j * j) }
            fm[mi] = numerator / (2 * before * after)
        }
        func w(_ n: Double) -> Double {
            var sum = 0.0
            for (mi, mm) in ma.enumerated() {
                sum += fm[mi] * Double.cos(2 * Double.pi * mm * (n - Double(m) / 2.0 + 0.5) / Double(m))
            }
            return 1 + 2 * sum
        }
        let scale = 1.0 / w(Double(m - 1) / 2)
        return (0..<m).map { w(Double($0)) * scale }
    }
}

import FilterRuntime
import Testing
@testable import FilterDesign

/// Rule 1's tie (`SectionOrdering`): at the first greedy step every
/// normalised peak is 1; of the two orders (the tie to the section of most
/// energy, or of least), the one of less modelled rounding noise for a
/// full-scale input is the one realized.
@Suite struct SectionOrderingTests {
    /// The two candidate orders of `recipe`'s sections, their modelled noise,
    /// each order's scaled sections, and the sections `realize` gives.
    static func candidates(_ recipe: FilterRecipe)
        throws -> (orders: [[Int]], noise: [Double], sections: [[Biquad]], realized: [Biquad]) {
        let zpk = try #require(try recipe.design().normalized)
        let roots = SectionPairing.sections(zpk)
        let monic = roots.map { Biquad(zeros: $0.zeros, poles: $0.poles) }
        let grid = SquaredResponses(monic, poles: roots.flatMap(\.poles))
        return withExtendedLifetime(grid) {
            let energy = (0..<grid.count).map { grid.energy(UnsafeBufferPointer(grid.normalised($0))) }
            let orders = [SectionOrdering.EnergyPreference.most, .least].map {
                SectionOrdering.greedyOrder(grid, energy: energy, preferring: $0)
            }
            grid.poleSquares()
            var noise: [Double] = [], sections: [[Biquad]] = []
            for order in orders {
                let scales = SectionOrdering.scales(order, grid: grid, gain: zpk.gain)
                let scaled = SectionOrdering.scaled(order, monic: monic, scales: scales)
                sections.append(scaled)
                noise.append(SectionOrdering.roundingNoise(scaled, order: order, scales: scales, grid: grid, input: .fullScale)!)
            }
            return (orders, noise, sections, SectionOrdering.realize(roots, gain: zpk.gain))
        }
    }

    /// Low-passes (no zero at z = 1, dc passed: rules 3 and 4 do not move
    /// anything) where the two orders differ: the quieter is realized.
    @Test(arguments: [
        (FilterFamily.chebyshev(rippleDecibels: 0.5), 8, 0.05),
        (FilterFamily.butterworth, 10, 0.2),
        (FilterFamily.bessel, 9, 0.01),
    ])
    func quieterOrderIsRealized(family: FilterFamily, order: Int, alpha: Double) throws {
        let recipe = try FilterRecipe(family: family, band: .lowPass, order: order, corners: .alpha(alpha))
        let c = try Self.candidates(recipe)
        #expect(c.orders[0] != c.orders[1], "the two tie rules give the same order: the test shows nothing here")
        #expect(c.noise[0] != c.noise[1])
        let quieter = c.noise[1] < c.noise[0] ? 1 : 0
        #expect(c.realized == c.sections[quieter], "noise \(c.noise), orders \(c.orders)")
        #expect(c.realized != c.sections[1 - quieter])
    }
}

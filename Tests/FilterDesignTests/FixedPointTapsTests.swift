import FilterDesign
import Testing

/// CMSIS's fixed-point FIR (`FixedPointTaps`): the L1 scaling's proof holds
/// (sum |c| at most 2^F - 1, and as close to it as rounding allows); the
/// input that drives the sum furthest (full scale with the taps' signs)
/// comes out in range, equal to floor(sum / 2^F) computed here by integer
/// division; every output of a random full-scale input is that floor too;
/// q15's length rules pad with zeros at the end (no delay); what CMSIS
/// cannot hold is refused by name.
struct FixedPointTapsTests {
    static func designs() throws -> [(String, [Double])] {
        [
            ("remez 31", try remez(taps: 31, bands: [0, 0.2, 0.25, 0.5], desired: [1, 0]).taps),
            ("firwin 101", try firwin(taps: 101, cutoffs: [0.1], band: .lowpass)),
            ("minimum phase 32", try minimumPhase(taps: firwin(taps: 63, cutoffs: [0.2], band: .lowpass))),
            ("hilbert 32", try remez(taps: 32, bands: [0.05, 0.45], desired: [1], type: .hilbert).taps),
            ("one tap", [0.75]), ("three taps", [0.25, 0.5, 0.25]), ("five taps", [1, -2, 3, -2, 1]),
        ]
    }

    /// floor(a / 2^f), by integer division (not a shift).
    static func floorDivide(_ a: Int64, _ f: Int) -> Int64 {
        let d = Int64(1) << Int64(f)
        return a >= 0 ? a / d : -((-a + d - 1) / d)
    }

    static func random(_ count: Int, _ a: FixedPointArithmetic, seed: UInt64) -> [Int64] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let span = UInt64(a.largestInteger - a.smallestInteger + 1)
            return a.smallestInteger + Int64((state >> 11) % span)
        }
    }

    @Test(arguments: [FixedPointArithmetic.Format.q15, .q31])
    func theProofHoldsAndTheModelIsTheFloorOfTheExactSum(format: FixedPointArithmetic.Format) throws {
        let a = FixedPointArithmetic(format)
        for (label, taps) in try Self.designs() {
            let t = try FixedPointTaps(taps, arithmetic: a)
            #expect(t.l1Norm <= a.largestInteger, "\(label)")
            #expect(t.l1Norm >= a.largestInteger - Int64(t.coefficients.count), "\(label): \(t.l1Norm) leaves headroom unused")
            // c_k / 2^F is the output scale times h_k, to half a quantum.
            for (c, h) in zip(t.coefficients, taps) {
                #expect(abs(Double(c) * a.quantum - t.outputScale * h) <= a.quantum / 2 * (1 + 1e-9), "\(label)")
            }
            let worst = t.coefficients.reversed().map { $0 < 0 ? a.smallestInteger : ($0 > 0 ? a.largestInteger : 0) }
            let sum = zip(t.coefficients, worst.reversed()).reduce(Int64(0)) { $0 + $1.0 * $1.1 }
            let reached = t.run(worst).last!
            #expect(reached == Self.floorDivide(sum, a.fractionBits), "\(label)")
            #expect(reached <= a.largestInteger && reached >= a.smallestInteger, "\(label)")
            let x = Self.random(300, a, seed: UInt64(taps.count))
            let y = t.run(x)
            for i in x.indices {
                var exact: Int64 = 0
                for k in 0..<min(t.coefficients.count, i + 1) { exact += t.coefficients[k] * x[i - k] }
                #expect(y[i] == Self.floorDivide(exact, a.fractionBits), "\(label), sample \(i)")
            }
        }
    }

    @Test func q15PadsToAnEvenCountOfAtLeastFourWithoutDelay() throws {
        for (count, padded) in [(1, 4), (3, 4), (4, 4), (5, 6), (31, 32), (32, 32)] {
            let taps = (0..<count).map { 1 / Double($0 + 2) }
            let q15 = try FixedPointTaps(taps, arithmetic: FixedPointArithmetic(.q15))
            #expect(q15.coefficients.count == padded && q15.padding == padded - count)
            #expect(q15.coefficients.suffix(padded - count).allSatisfy { $0 == 0 })
            #expect(q15.run([q15.arithmetic.largestInteger]) == [Self.floorDivide(q15.coefficients[0] * 32767, 15)])
            let q31 = try FixedPointTaps(taps, arithmetic: FixedPointArithmetic(.q31))
            #expect(q31.coefficients.count == count && q31.padding == 0)
        }
    }

    @Test func refusesWhatCMSISCannotHold() {
        #expect(throws: FixedPointError.self) { try FixedPointTaps([0.5, 0.5], arithmetic: FixedPointArithmetic(.q15, fast: true)) }
        #expect(throws: FixedPointError.self) { try FixedPointTaps([0, 0, 0], arithmetic: FixedPointArithmetic(.q31)) }
        #expect(throws: FixedPointError.self) { try FixedPointTaps([1, .nan], arithmetic: FixedPointArithmetic(.q31)) }
        #expect(throws: FixedPointError.self) { try FixedPointTaps([1e308, 1e308], arithmetic: FixedPointArithmetic(.q15)) }
        #expect(throws: FixedPointError.self) { try FixedPointTaps([.leastNonzeroMagnitude], arithmetic: FixedPointArithmetic(.q15)) }
        #expect(throws: FixedPointError.self) {
            try FixedPointTaps([Double](repeating: 1, count: 65_534), arithmetic: FixedPointArithmetic(.q15))
        }
        #expect(throws: FixedPointError.self) {
            try FixedPointTaps([Double](repeating: 0.001, count: FixedPointTaps.maximumTaps + 1), arithmetic: FixedPointArithmetic(.q15))
        }
    }

    /// A decimator is scaled as the whole filter (every output meets every
    /// tap); an interpolator by L by its largest phase (an output meets one
    /// phase), padded with zeros to a multiple of L; factors outside 2 ... 255
    /// are refused.
    @Test(arguments: [FixedPointArithmetic.Format.q15, .q31])
    func resamplersAreScaledByWhatOneOutputMeets(format: FixedPointArithmetic.Format) throws {
        let a = FixedPointArithmetic(format)
        for factor in [2, 3, 8] {
            let h = try ResamplingFilter(up: factor, down: 1).taps
            let up = try FixedPointTaps(h, arithmetic: a, structure: .interpolator(factor))
            #expect(up.coefficients.count % factor == 0 && up.coefficients.count - up.padding == h.count)
            #expect(up.coefficients.suffix(up.padding).allSatisfy { $0 == 0 })
            let phases = (0..<factor).map { p in stride(from: p, to: up.coefficients.count, by: factor).reduce(Int64(0)) { $0 + abs(up.coefficients[$1]) } }
            #expect(phases.max() == up.l1Norm && up.l1Norm <= a.largestInteger)
            // As close to the bound as rounding allows: within 0.1 % of it.
            #expect(Double(up.l1Norm) >= 0.999 * Double(a.largestInteger))
            #expect(up.cmsisFunction == "arm_fir_interpolate_\(format.rawValue)")
            let d = try ResamplingFilter(up: 1, down: factor).taps
            let down = try FixedPointTaps(d, arithmetic: a, structure: .decimator(factor))
            #expect(down.padding == 0 && down.coefficients.count == d.count)
            #expect(down.l1Norm == down.coefficients.reduce(0) { $0 + abs($1) } && down.l1Norm <= a.largestInteger)
            #expect(down.cmsisFunction == "arm_fir_decimate_\(format.rawValue)")
        }
        for bad in [FixedPointTaps.Structure.decimator(1), .interpolator(256), .decimator(0)] {
            #expect(throws: FixedPointError.self) { try FixedPointTaps([0.5, 0.5], arithmetic: a, structure: bad) }
        }
    }
}

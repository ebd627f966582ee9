import FilterRuntime
import Testing

/// The runtime's FIR filter: one sample at a time and in blocks of any
/// split give the same outputs bit for bit; both equal an inner product
/// written here independently in the documented order (32 lanes, j mod 32,
/// combined pairwise); Double's outputs are within the sum's rounding bound
/// of the exact convolution; the three axes are three filters.
struct FIRDirectFormTests {
    /// A reproducible sequence in [-1, 1) (a linear congruential generator).
    static func noise(_ count: Int, seed: UInt64) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
    }

    /// y[n] = sum_j r[j] w[j], r the reversed taps, w = x[n-N+1] ... x[n]
    /// (zeros before the start), in the documented lane order.
    static func reference<S: BinaryFloatingPoint>(_ taps: [S], _ x: [S]) -> [S] {
        let n = taps.count
        return x.indices.map { i in
            var a = [S](repeating: 0, count: 32)
            for j in 0..<n {
                let index = i - (n - 1) + j
                let w: S = index >= 0 ? x[index] : 0
                a[j % 32] += taps[n - 1 - j] * w
            }
            // s_l = (a_l + a_{l+8}) + (a_{l+16} + a_{l+24}), then the eight s_l pairwise.
            let s = (0..<8).map { (l: Int) -> S in
                let chains: [S] = [a[l], a[l + 8], a[l + 16], a[l + 24]]
                return pairwiseSum(chains)
            }
            return pairwiseSum(s)
        }
    }

    /// The sum of `x` (a power of two of them) as a balanced tree: the sums
    /// of its two halves added, e.g. (x_0 + x_1) + (x_2 + x_3).
    static func pairwiseSum<S: BinaryFloatingPoint>(_ x: [S]) -> S {
        guard x.count > 1 else { return x[0] }
        return pairwiseSum(Array(x[..<(x.count / 2)])) + pairwiseSum(Array(x[(x.count / 2)...]))
    }

    /// Around 32 lanes, and around where one sample's window moves from the
    /// shift register alone (up to 44 taps) to the buffer of 2N and the
    /// register (the register 4 to 11 vectors: 45-48, 76-80, 77).
    static let tapCounts = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 44, 45, 48, 49, 64, 76, 77, 80, 81, 101, 255]

    @Test(arguments: tapCounts)
    func samplesBlocksAndTheReferenceAgreeBitForBit(count: Int) {
        let taps = Self.noise(count, seed: UInt64(count))
        let input = Self.noise(700, seed: 99)
        let floatInput = input.map { Float($0) }
        let expected = Self.reference(taps.map { Float($0) }, floatInput)

        var one = FIRDirectForm<Float>(taps)
        let perSample = floatInput.map { one.process($0) }
        #expect(perSample == expected)

        // Blocks of uneven sizes, some shorter than the filter, some longer.
        var blocked = FIRDirectForm<Float>(taps)
        var output: [Float] = []
        var start = 0
        for size in [1, 3, count, 2 * count + 5, 0, 17, 256, 1000] where start < floatInput.count {
            let end = min(start + size, floatInput.count)
            output += blocked.process(Array(floatInput[start..<end]))
            start = end
        }
        #expect(output == expected)

        var double = FIRDirectForm<Double>(taps)
        #expect(double.process(input) == Self.reference(taps, input))
        var doubleOne = FIRDirectForm<Double>(taps)
        #expect(input.map { doubleOne.process($0) } == Self.reference(taps, input))
    }

    /// A vector of outputs at a time leaves out the empty lanes that one output at
    /// a time adds as +0: the signs of zero outputs agree too. Negative taps
    /// on an input that is zero after a while give products of -0 (a
    /// negative tap times +0 is -0): every output's bits equal the
    /// reference's, +0 where the sum is zero, for every tap count and block.
    @Test(arguments: tapCounts)
    func zeroOutputsHaveTheReferenceSign(count: Int) {
        let taps = Self.noise(count, seed: UInt64(count) + 7).map { -abs($0) }
        let input = Self.noise(700, seed: 5).enumerated().map { $0.offset < 40 ? $0.element : 0 }
        for sampleType in ["Float", "Double"] {
            if sampleType == "Float" {
                let x = input.map { Float($0) }
                let expected = Self.reference(taps.map { Float($0) }, x).map(\.bitPattern)
                var filter = FIRDirectForm<Float>(taps)
                #expect(filter.process(x).map(\.bitPattern) == expected)
                #expect(expected.suffix(100).allSatisfy { $0 == 0 })
                // One sample at a time (the newest sample from a register) too.
                var one = FIRDirectForm<Float>(taps)
                #expect(x.map { one.process($0) }.map(\.bitPattern) == expected)
            } else {
                let expected = Self.reference(taps, input).map(\.bitPattern)
                var filter = FIRDirectForm<Double>(taps)
                #expect(filter.process(input).map(\.bitPattern) == expected)
                var one = FIRDirectForm<Double>(taps)
                #expect(input.map { one.process($0) }.map(\.bitPattern) == expected)
            }
        }
    }

    /// One sample at a time and blocks, in turn on one filter, and a copy
    /// taken midway going on by itself: every output the reference's, bit for
    /// bit (the block leaves the shift register and the buffer of 2N where
    /// single samples expect them, and a copy has a state of its own).
    @Test(arguments: [3, 16, 17, 44, 45, 77, 130])
    func samplesAndBlocksInTurnAgree(count: Int) {
        let taps = Self.noise(count, seed: UInt64(count) + 11)
        let input = Self.noise(1200, seed: 21).map { Float($0) }
        let expected = Self.reference(taps.map { Float($0) }, input)
        var filter = FIRDirectForm<Float>(taps)
        var output: [Float] = []
        var start = 0, turn = 0, copy: FIRDirectForm<Float>?, copyStart = 0
        for size in [1, 2, count + 3, 1, 5, 2 * count + 40, 3, 1, 300, 7, 1200] where start < input.count {
            let end = min(start + size, input.count)
            if turn % 2 == 0 {
                output += input[start..<end].map { filter.process($0) }
            } else {
                output += filter.process(Array(input[start..<end]))
            }
            if turn == 4 { copy = filter; copyStart = end }
            start = end
            turn += 1
        }
        #expect(output == expected)
        var alone = copy!
        #expect(input[copyStart...].map { alone.process($0) } == Array(expected[copyStart...]))
    }

    /// An infinite or NaN input spoils the N outputs whose windows hold it
    /// and no more, one sample at a time and in blocks (a shift register
    /// or buffer that kept it, or met it with a zero tap, would not).
    @Test(arguments: [5, 16, 40, 77])
    func anInfinityLeavesTheWindow(count: Int) {
        let taps = Self.noise(count, seed: 3)
        for bad in [Float.infinity, -.infinity, .nan] {
            var input = Self.noise(400, seed: 9).map { Float($0) }
            input[100] = bad
            let expected = Self.reference(taps.map { Float($0) }, input)
            var one = FIRDirectForm<Float>(taps), block = FIRDirectForm<Float>(taps)
            let perSample = input.map { one.process($0) }
            let blocked = block.process(Array(input[..<150])) + block.process(Array(input[150...]))
            #expect(perSample.map(\.bitPattern) == expected.map(\.bitPattern))
            #expect(blocked.map(\.bitPattern) == expected.map(\.bitPattern))
            #expect(perSample[(100 + count)...].allSatisfy { $0.isFinite })
        }
    }

    /// In place (input and output one buffer, or overlapping by a sample) a
    /// block gives what it gives into a buffer of its own.
    @Test func inPlaceIsTheSame() {
        for count in [2, 15, 40, 101] {
            let taps = Self.noise(count, seed: UInt64(count) + 50)
            var input = Self.noise(500, seed: 77).map { Float($0) }
            var reference = FIRDirectForm<Float>(taps)
            let expected = reference.process(input)
            var filter = FIRDirectForm<Float>(taps)
            input.withUnsafeMutableBufferPointer { buffer in
                filter.process(UnsafeBufferPointer(buffer), into: buffer)
            }
            #expect(input == expected, "\(count) taps")
            // The output one sample ahead of the input in one array.
            var shared = [Float(0)] + Self.noise(500, seed: 77).map { Float($0) }
            var shifted = FIRDirectForm<Float>(taps)
            shared.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                shifted.process(UnsafeBufferPointer(start: base + 1, count: 500), into: UnsafeMutableBufferPointer(start: base, count: 500))
            }
            #expect(Array(shared.prefix(500)) == expected, "\(count) taps, overlapping")
        }
    }

    /// Double's output against the exact sum: |error| <= N u sum |h_k x_{n-k}|
    /// (the standard bound for any order of summation, u = 2^-53), with the
    /// exact sum taken in pairs of Doubles (a two-sum accumulator).
    @Test func doubleIsWithinTheSumsRoundingBound() {
        let taps = Self.noise(255, seed: 7), input = Self.noise(2000, seed: 8)
        var filter = FIRDirectForm<Double>(taps)
        let y = filter.process(input)
        for i in stride(from: 0, to: input.count, by: 37) {
            var (high, low, magnitude) = (0.0, 0.0, 0.0)
            for k in 0..<taps.count where i - k >= 0 {
                let p = taps[k] * input[i - k]
                let pError = taps[k].multipliedFullWidth(input[i - k], p)
                let s = high + p
                let bb = s - high
                low += (high - (s - bb)) + (p - bb) + pError
                high = s
                magnitude += abs(p)
            }
            let exact = high + low
            #expect(abs(y[i] - exact) <= Double(taps.count) * Double.ulpOfOne / 2 * magnitude + 1e-300)
        }
    }

    @Test func impulseIsTheTapsAndAConstantSettles() {
        let taps = Self.noise(33, seed: 3)
        var filter = FIRDirectForm<Double>(taps)
        let impulse = filter.process([1] + [Double](repeating: 0, count: 40))
        #expect(impulse == taps + [Double](repeating: 0, count: 8))
        filter.reset()
        #expect(filter.process([Double](repeating: 0, count: 5)) == [0, 0, 0, 0, 0])
        filter.reset(toSteadyStateFor: 2)
        let settled = filter.process(2)
        var step = FIRDirectForm<Double>(taps)
        let reached = (0..<taps.count).map { _ in step.process(2) }.last!
        #expect(settled == reached)
        #expect(filter.taps == taps && filter.count == 33)
        // Settled and reset filters of every window layout, one sample at a time.
        for count in [3, 17, 45, 77] {
            let taps = Self.noise(count, seed: UInt64(count))
            var settledFilter = FIRDirectForm<Float>(taps), walked = FIRDirectForm<Float>(taps)
            settledFilter.reset(toSteadyStateFor: -0.5)
            for _ in 0..<count { _ = walked.process(-0.5) }
            let tail = Self.noise(60, seed: 4).map { Float($0) }
            #expect(tail.map { settledFilter.process($0) } == tail.map { walked.process($0) }, "\(count) taps")
            settledFilter.reset()
            var fresh = FIRDirectForm<Float>(taps)
            #expect(tail.map { settledFilter.process($0) } == tail.map { fresh.process($0) }, "\(count) taps, reset")
        }
    }

    @Test func threeAxesAreThreeFilters() {
        let taps = Self.noise(21, seed: 5)
        let (x, y, z) = (Self.noise(300, seed: 1), Self.noise(300, seed: 2), Self.noise(300, seed: 3))
        var three = ThreeAxisFIR<Float>(taps)
        var (fx, fy, fz) = (FIRDirectForm<Float>(taps), FIRDirectForm<Float>(taps), FIRDirectForm<Float>(taps))
        for i in 0..<300 {
            let out = three.process(SIMD4(Float(x[i]), Float(y[i]), Float(z[i]), 9))
            #expect(out == SIMD4(fx.process(Float(x[i])), fy.process(Float(y[i])), fz.process(Float(z[i])), 0))
        }
    }
}

extension Double {
    /// The rounding error of the product p = fl(self * other), exactly
    /// (Dekker's split: self * other - p).
    fileprivate func multipliedFullWidth(_ other: Double, _ p: Double) -> Double {
        let split = { (a: Double) -> (Double, Double) in
            let c = 134217729.0 * a
            let high = c - (c - a)
            return (high, a - high)
        }
        let (ah, al) = split(self), (bh, bl) = split(other)
        return ((ah * bh - p) + ah * bl + al * bh) + al * bl
    }
}

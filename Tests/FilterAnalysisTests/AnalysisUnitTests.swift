import Foundation
import ComplexModule
import FilterAnalysis
import FilterDesign
import MkfilterCLI
import RealModule
import Testing

/// The transform against a plain O(n^2) DFT, for even, odd and prime lengths,
/// with zero-padding and with wrapping of a longer signal.
@Test(arguments: [1, 2, 7, 12, 131, 1000])
func realFFTMatchesTheDefinition(length: Int) {
    var seed: UInt64 = 12345
    func random() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53) - 0.5
    }
    for signalLength in [max(1, length / 2), length, 3 * length + 1] {
        let x = (0..<signalLength).map { _ in random() }
        let fft = RealFFT(length: length)
        let result = fft.transform(x)
        #expect(result.count == length / 2 + 1)
        // In place (one array for input and output; FFTW's in-place
        // algorithms round differently): the definition to the same
        // tolerance, the same numbers every time (the input is rebuilt).
        let inPlace = RealFFT(length: length, inPlace: true)
        let placed = inPlace.transform(x)
        #expect(inPlace.transform(x) == placed && inPlace.withTransform(x) { Array($0) } == placed)
        for k in 0..<result.count {
            var expected = Complex<Double>.zero
            for (m, value) in x.enumerated() {
                expected += Complex(length: value, phase: -2 * Double.pi * Double(k * (m % length)) / Double(length))
            }
            #expect((result[k] - expected).length <= 1e-12 * Double(signalLength), "n=\(length) k=\(k)")
            #expect((placed[k] - expected).length <= 1e-12 * Double(signalLength), "in place: n=\(length) k=\(k)")
        }
    }
}

/// Plans are made under one lock: many transforms of many lengths at once
/// from several threads give the same answers as one at a time. 40 lengths
/// overflow the plan cache (16), so plans are evicted and destroyed meanwhile.
@Test func realFFTIsSafeFromManyThreads() async {
    let lengths = Array(stride(from: 64, to: 64 + 40 * 37, by: 37))
    let reference = lengths.map { RealFFT(length: $0).transform((0..<$0).map { Double($0 % 7) }) }
    await withTaskGroup(of: (Int, [Complex<Double>]).self) { group in
        for round in 0..<4 {
            for (i, n) in lengths.enumerated() {
                group.addTask { (i, RealFFT(length: n + 0 * round).transform((0..<n).map { Double($0 % 7) })) }
            }
        }
        for await (i, result) in group { #expect(result == reference[i]) }
    }
}

/// Group delay from poles and zeros against closed forms: the two-tap average
/// (a zero on the unit circle: 1/2 sample everywhere, even at its own
/// frequency), a pure delay, and one pole, tau = (r cos w - r^2) / (1 - 2 r cos w + r^2).
@Test func groupDelayMatchesClosedForms() {
    let average = PoleZeroForm(TransferFunction(numerator: [1, 1], denominator: [1]))
    for alpha in [0, 0.1, 0.25, 0.4999, 0.5] {
        #expect(abs(average.groupDelay(atAlpha: alpha) - 0.5) < 1e-15, "alpha \(alpha)")
    }
    let delay = PoleZeroForm(TransferFunction(numerator: [0, 0, 0, 2], denominator: [1]))
    #expect(delay.delay == 3 && delay.groupDelay(atAlpha: 0.3) == 3)
    let r = 0.9
    let onePole = PoleZeroForm(TransferFunction(numerator: [1], denominator: [1, -r]))
    for alpha in stride(from: 0.0, through: 0.5, by: 0.05) {
        let w = 2 * Double.pi * alpha
        let expected = (r * cos(w) - r * r) / (1 - 2 * r * cos(w) + r * r)
        #expect(abs(onePole.groupDelay(atAlpha: alpha) - expected) < 1e-12)
    }
}

/// Roots the double-precision iteration gets wrong: a 10-fold root (found
/// exactly), and a complex pair 2e-8 apart that double rounding turns real.
@Test func accurateRootsHandleMultipleAndNearlyDoubleRoots() {
    let binomial: [Double] = [1, 10, 45, 120, 210, 252, 210, 120, 45, 10, 1]
    #expect(PolynomialRoots.accurate(binomial).allSatisfy { $0 == Complex(-1, 0) })
    let pair = PolynomialRoots.accurate([16.902024171711545, 8.222414285770705, 1])
    // mpmath, 50 digits: -4.11120714288535271663 +- 1.93779313122301898e-8 i
    for root in pair {
        #expect(abs(root.real + 4.1112071428853527) < 1e-15)
        #expect(abs(abs(root.imaginary) - 1.937793131223019e-8) < 1e-15)
    }
}

/// One pole at 1/2 with g = 2: h[n] = (1/2)^(n+1), s[n] = 1 - (1/2)^(n+1).
@Test func timeResponsesOfOnePole() {
    let transfer = TransferFunction(numerator: [1], denominator: [1, -0.5], gain: 2)
    let h = TimeResponse.impulse(transfer, count: 20)
    let s = TimeResponse.step(transfer, count: 20)
    for n in 0..<20 {
        #expect(h[n] == Double.pow(0.5, Double(n + 1)))
        #expect(abs(s[n] - (1 - Double.pow(0.5, Double(n + 1)))) < 1e-16)
    }
    #expect(TimeResponse.decayLength(largestPoleRadius: 0.5, poleCount: 1)! >= 57)
    #expect(TimeResponse.decayLength(largestPoleRadius: 1, poleCount: 2) == nil)
}

/// -3 dB exactly at the corner of a Butterworth low-pass; the peak of a
/// band-pass between its corners; overshoot and settling of a hand-made step.
@Test func measurements() throws {
    let lowPass = try #require(TransferFunction(design: Mkfilter.design(arguments: ["-Bu", "-Lp", "-o", "4", "-a", "0.1"])))
    let m = ResponseMeasurements(PoleZeroForm(lowPass))
    let corners = m.halfPowerFrequencies(reference: 1)
    #expect(corners.count == 1 && abs(corners[0] - 0.1) < 1e-13)
    #expect(abs(m.attenuation(atAlpha: 0.1, reference: 1) - 10 * log10(2)) < 1e-12)
    let bandPass = try #require(TransferFunction(design: Mkfilter.design(arguments: ["-Bu", "-Bp", "-o", "2", "-a", "0.1", "0.2"])))
    let peak = ResponseMeasurements(PoleZeroForm(bandPass)).peak()
    #expect(peak.alpha > 0.1 && peak.alpha < 0.2 && peak.magnitude >= 1)

    let step = StepMeasurements(step: [0, 0.5, 1.2, 0.9, 1.01, 1.0, 1.0], finalValue: 1)
    #expect(abs(step.overshoot! - 0.2) < 1e-15)
    #expect(step.settlingSamples == 4)
    #expect(StepMeasurements(step: [0, 0.3, -0.1, 0], finalValue: 0).overshoot == nil)
}

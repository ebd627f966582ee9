import FilterRequests
import FilterDesign
import FilterJSON
import Foundation
@testable import MkfilterCLI
import FilterRuntime
import Testing

/// `response`, `impulse`, `step` and `verify` of a FIR design: the rows are
/// the taps' own response (checked against a direct sum, independent of the
/// FFT the command uses), the time responses the direct form's as run, and
/// verify judges the design by what it was asked for, failing where Float's
/// taps cannot carry it.
@Suite struct FIRAnalysisTests {
    static let remezWords = ["remez", "--taps", "31", "--bands", "0", "0.2", "0.25", "0.5", "--desired", "1", "0"]

    static func taps(_ words: [String]) throws -> [Double] {
        let result = FIRProgram.run(words[0], arguments: Array(words.dropFirst()) + ["--emit", "json"])
        guard case .array(let values)? = try JSONValue.parse(result.standardOutput)["taps"] else { return [] }
        return values.compactMap { if case .number(let x) = $0 { return x } else { return nil } }
    }

    static func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// |H| and the group delay at every point equal a direct sum of the taps
    /// (to 1e-13 of the peak; the delay (N - 1)/2 to its conditioning: the
    /// delay is c + Re(G conj H)/|H|^2 with G = sum (k - c) h[k] z^-k and
    /// c = (N - 1)/2, so FFT errors of 64 eps sum|h| in H and
    /// 64 eps sum |k - c||h| in G move it by |G| dH/|H|^2 + dG/|H|),
    /// and the frequency column is alpha times the sample rate.
    @Test func responseIsTheTapsSpectrum() throws {
        let h = try Self.taps(Self.remezWords)
        let run = ResponseProgram.run(.response, arguments: Self.remezWords + ["--points", "257"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("alpha,frequency_hz,magnitude,magnitude_db,phase_rad,group_delay_samples\n"))
        let rows = Self.rows(run.standardOutput)
        #expect(rows.count == 257)
        var worst = 0.0
        let dH = 64 * Double.ulpOfOne * h.reduce(0) { $0 + abs($1) }
        let dG = 64 * Double.ulpOfOne * h.enumerated().reduce(0) { $0 + abs(Double($1.offset) - 15) * abs($1.element) }
        for row in rows {
            let alpha = Double(row[0])!, magnitude = Double(row[2])!
            var re = 0.0, im = 0.0, gRe = 0.0, gIm = 0.0
            for (k, tap) in h.enumerated() {
                re += tap * cos(2 * Double.pi * alpha * Double(k))
                im -= tap * sin(2 * Double.pi * alpha * Double(k))
                gRe += (Double(k) - 15) * tap * cos(2 * Double.pi * alpha * Double(k))
                gIm -= (Double(k) - 15) * tap * sin(2 * Double.pi * alpha * Double(k))
            }
            worst = max(worst, abs(magnitude - (re * re + im * im).squareRoot()))
            let g = (gRe * gRe + gIm * gIm).squareRoot()
            let bound = g * dH / (magnitude * magnitude) + dG / magnitude
            if magnitude > 0 { #expect(abs(Double(row[5])! - 15) <= bound, "delay at \(alpha): \(row[5]), |H| \(magnitude)") }
        }
        #expect(worst <= 1e-13, "\(worst)")
        let hz = ResponseProgram.run(.response, arguments: ["remez", "--taps", "31", "--sample-rate", "60", "--bands", "0", "12", "15", "30",
                                                            "--desired", "1", "0", "--points", "5"])
        #expect(Self.rows(hz.standardOutput).map { $0[1] } == ["0.0", "7.5", "15.0", "22.5", "30.0"])
        let coarse = Self.rows(hz.standardOutput).map { Double($0[2])! }
        let fine = rows.enumerated().filter { $0.offset % 64 == 0 }.map { Double($0.element[2])! }
        #expect(zip(coarse, fine).allSatisfy { abs($0 - $1) <= 1e-14 }, "\(coarse) \(fine)")
    }

    /// The impulse response is the taps (rounded to Float with --precision
    /// float) and then zeros; the step response is what the runtime's
    /// `FIRDirectForm<Float>` gives for a step, bit for bit (its closed form,
    /// the taps reached summed in the runtime's lane order), constant from
    /// N - 1 on, and within a few ulps of the plain running sum.
    @Test func timeResponsesAreTheDirectFormsAsRun() throws {
        let h = try Self.taps(Self.remezWords)
        let impulse = Self.rows(ResponseProgram.run(.impulse, arguments: Self.remezWords + ["--samples", "40"]).standardOutput)
        #expect(impulse.map { Double($0[1])! } == h + [Double](repeating: 0, count: 9))
        let floatImpulse = Self.rows(ResponseProgram.run(.impulse, arguments: Self.remezWords + ["--samples", "31", "--precision", "float"]).standardOutput)
        #expect(floatImpulse.map { Double($0[1])! } == h.map { Double(Float($0)) })
        let step = Self.rows(ResponseProgram.run(.step, arguments: Self.remezWords + ["--samples", "40", "--precision", "float"]).standardOutput)
        var runtime = FIRDirectForm<Float>(h)
        let expected = (0..<40).map { _ in Double(runtime.process(1)) }
        #expect(step.map { Double($0[1])! } == expected)
        var sum: Float = 0
        let running = (0..<40).map { n -> Double in
            if n < h.count { sum += Float(h[n]) }
            return Double(sum)
        }
        #expect(zip(expected, running).allSatisfy { abs($0 - $1) <= 8 * Double(Float.ulpOfOne) })
        #expect(expected[30...].allSatisfy { $0 == expected[30] })
        var doubleRuntime = FIRDirectForm<Double>(h)
        let doubleStep = Self.rows(ResponseProgram.run(.step, arguments: Self.remezWords + ["--samples", "40"]).standardOutput)
        #expect(doubleStep.map { Double($0[1])! } == (0..<40).map { _ in doubleRuntime.process(1) })
        // Longer than the runtime's 32 lanes: the closed form is still its sum.
        let long = ["firwin", "--taps", "101", "--cutoff", "0.1"]
        let longTaps = try Self.taps(long)
        let longStep = Self.rows(ResponseProgram.run(.step, arguments: long + ["--samples", "130", "--precision", "float"]).standardOutput)
        var longRuntime = FIRDirectForm<Float>(longTaps)
        #expect(longStep.map { Double($0[1])! } == (0..<130).map { _ in Double(longRuntime.process(1)) })
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("fir-step-\(UUID()).svg").path
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let plotted = ResponseProgram.run(.step, arguments: Self.remezWords + ["--svg", svg])
        #expect(plotted.exitCode == 0)
        let page = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(page.contains("Step response") && page.contains("mkfilter remez --taps 31"))
    }

    /// verify passes remez, a fir specification and the window designs in
    /// Double and Float, their taps exactly symmetric; and fails, exit 2,
    /// where Float's taps cannot carry a 159 dB equiripple design.
    @Test func verifyJudgesByWhatWasAskedFor() {
        let designs: [[String]] = [
            Self.remezWords,
            ["fir", "--passband-edge", "0.1", "--stopband-edge", "0.15", "--passband-loss", "0.5", "--stopband-attenuation", "60"],
            ["firwin", "--taps", "31", "--cutoff", "0.1"],
            ["firwin2", "--taps", "30", "--frequencies", "0", "0.1", "0.5", "--gains", "0", "1", "1", "--antisymmetric"],
            ["firls", "--taps", "31", "--bands", "0", "0.2", "0.25", "0.5", "--desired", "1", "1", "0", "0"],
            ["remez", "--taps", "31", "--bands", "0", "0.2", "0.25", "0.5", "--desired", "1", "0", "--minimum-phase", "homomorphic"],
        ]
        for words in designs {
            for precision in ["double", "float"] {
                let run = VerifyProgram.run(arguments: words + ["--precision", precision])
                #expect(run.exitCode == 0, "\(words) \(precision): \(run.standardOutput)\(run.standardError)")
                #expect(run.standardOutput.contains("verified: 1 of 1 passed every check"))
                if !words.contains("--minimum-phase") { #expect(run.standardOutput.contains("ok    linear phase: the taps are exactly")) }
            }
        }
        let deep = ["remez", "--taps", "101", "--bands", "0", "0.1", "0.2", "0.5", "--desired", "1", "0"]
        #expect(VerifyProgram.run(arguments: deep).exitCode == 0)
        let float = VerifyProgram.run(arguments: deep + ["--precision", "float", "--json"])
        #expect(float.exitCode == 2)
        #expect(float.standardOutput.contains("Float's taps cannot carry this design"))
        #expect(float.standardOutput.contains("\"passed\": false"))
    }

    /// What a FIR design cannot do here is one message, exit 1, nothing on
    /// standard output.
    @Test func refusalsNameWhatIsAllowed() {
        let cases: [(ResponseRequestKindOrVerify, [String], String)] = [
            (.response, ["kaiserord", "--attenuation", "60", "--width", "0.1"], "kaiserord estimates taps"),
            (.impulse, Self.remezWords + ["--precision", "q15-fast"], "CMSIS-DSP's FIR filters have no fast variant here; use q15"),
            (.verify, Self.remezWords + ["--precision", "gencode"], "a FIR filter runs in double, float, q15 or q31"),
            (.response, Self.remezWords + ["--precision", "q31", "--fixed-point-scaling", "l1"], "scaled by its taps' L1 norm"),
            (.verify, Self.remezWords + ["--emit", "json"], "--emit is not an option of mkfilter verify"),
            (.step, ["remez", "--taps", "31", "--bands", "0", "0.2"], "--desired is required"),
        ]
        for (command, words, message) in cases {
            let run = command.run(words)
            #expect(run.exitCode == 1 && run.standardOutput.isEmpty && run.standardError.contains(message), "\(words): \(run.standardError)")
        }
    }

    enum ResponseRequestKindOrVerify {
        case response, impulse, step, verify
        func run(_ words: [String]) -> InvocationResult {
            switch self {
            case .response: return ResponseProgram.run(.response, arguments: words)
            case .impulse: return ResponseProgram.run(.impulse, arguments: words)
            case .step: return ResponseProgram.run(.step, arguments: words)
            case .verify: return VerifyProgram.run(arguments: words)
            }
        }
    }

    /// `--precision q15|q31` runs CMSIS's arm_fir_q15|q31 (the bit-exact
    /// model of `FixedPointTaps`): the impulse is floor(c_k 0x7FFF / 2^15)
    /// of the header's coefficients (`--emit cmsis-q15`, time-reversed), the
    /// step constant from the last tap; verify proves no overflow and
    /// measures the accuracy, and passes remez's equiripple bound in q15 as
    /// the emitter wrote it without a warning (the 1 % of the certificate
    /// plus the taps' rounding bound; `FIRRoundingBoundTests` fails a tap off
    /// by more than its rounding); the notes say the scaling on standard error.
    @Test func fixedPointRunsCMSISArithmetic() throws {
        let header = FIRProgram.run("remez", arguments: Array(Self.remezWords.dropFirst()) + ["--emit", "cmsis-q15"])
        #expect(header.exitCode == 0 && header.standardError.contains("q15: L1 scaling"))
        let body = header.standardOutput.components(separatedBy: "_coefficients[")[1].components(separatedBy: "= {")[1]
            .components(separatedBy: "};")[0]
        let stored = body.split(whereSeparator: { ", \n".contains($0) }).map { Int64($0)! }.reversed().map { $0 }
        #expect(stored.count == 32)
        let impulse = ResponseProgram.run(.impulse, arguments: Self.remezWords + ["--samples", "40", "--precision", "q15"])
        #expect(impulse.exitCode == 0 && impulse.standardError.contains("q15: L1 scaling"))
        let expected = (0..<40).map { k -> Double in
            let product = k < stored.count ? stored[k] * 32767 : 0
            return Double(product >= 0 ? product >> 15 : -((-product + 32767) >> 15)) / 32768
        }
        #expect(Self.rows(impulse.standardOutput).map { Double($0[1])! } == expected)
        let step = Self.rows(ResponseProgram.run(.step, arguments: Self.remezWords + ["--samples", "40", "--precision", "q31"]).standardOutput)
            .map { Double($0[1])! }
        let sum = try Self.taps(Self.remezWords).reduce(0, +)
        #expect(step[30...].allSatisfy { $0 == step[30] } && abs(step[39] - 0.541693 * sum) < 1e-5, "\(step[39]) \(sum)")
        let q31 = VerifyProgram.run(arguments: Self.remezWords + ["--precision", "q31"])
        #expect(q31.exitCode == 0 && q31.standardOutput.contains("ok    no overflow") && q31.standardOutput.contains("ok    accuracy"))
        let q15 = VerifyProgram.run(arguments: Self.remezWords + ["--precision", "q15"])
        #expect(!header.standardError.contains("warning"))
        #expect(q15.exitCode == 0 && q15.standardOutput.contains("ok    equiripple") && q15.standardOutput.contains("rounding bound"))
        #expect(q15.standardOutput.contains("ok    accuracy"))
        let scaling = VerifyProgram.run(arguments: Self.remezWords + ["--precision", "q15", "--fixed-point-scaling", "linf"])
        #expect(scaling.exitCode == 1 && scaling.standardError.contains("L1 norm"))
    }
}

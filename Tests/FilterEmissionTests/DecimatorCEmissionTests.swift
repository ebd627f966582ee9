import EmissionTemplates
import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation
import Testing

/// `mkfilter decimator --emit c` (`DecimatorCEmitter`): the header compiles
/// with -Wall -Wextra -Werror under every compiler here and runs, one sample
/// at a time and in blocks, bit for bit as FilterRuntime's
/// `DecimatingCascade` in double, and as the same sums in Float in float.
@Suite struct DecimatorCEmissionTests {
    /// A designed cascade (2 x 2 x 2 half-bands), one with a stage of 3 and
    /// one of 1, and a single stage; a name that tries to end the comment.
    static func cascades() throws -> [(name: String, stages: [DecimatorCEmitter.Stage])] {
        let designed = try MultistageDecimator.design(.init(factor: 8, passbandEdge: 0.05, passbandLoss: 0.1, stopbandAttenuation: 80))
        let twelve = try MultistageDecimator.design(.init(factor: 12, passbandEdge: 0.03, passbandLoss: 0.5, stopbandAttenuation: 60))
        let stage = { (s: DecimatorStage) in DecimatorCEmitter.Stage(factor: s.factor, taps: s.taps, origin: "designed */ /*") }
        return [
            ("decimate by 8 */ \"x\"", designed.stages.map(stage)),
            ("by twelve", twelve.stages.map(stage)),
            ("odd", [.init(factor: 3, taps: [0.25, -0.5, 1, 0.125, 1e-300], origin: "made up"),
                     .init(factor: 1, taps: [2], origin: "a gain"), .init(factor: 2, taps: [0.5, 0.5], origin: "a mean")]),
            ("single", [.init(factor: 5, taps: (0..<23).map { Double($0 % 7) / 7 - 0.4 }, origin: "one stage")]),
        ]
    }

    /// The Float model of the C float header: each stage's sums in Float,
    /// in increasing k, the terms before the first input left out.
    static func floatModel(_ stages: [DecimatorCEmitter.Stage], _ input: [Float]) -> [Float] {
        var signal = input
        for s in stages {
            let h = s.taps.map { Float($0) }
            signal = stride(from: 0, to: signal.count, by: s.factor).map { n in
                var sum: Float = 0
                for k in 0..<min(h.count, n + 1) { sum += h[k] * signal[n - k] }
                return sum
            }
        }
        return signal
    }

    @Test(.timeLimit(.minutes(5))) func cCompilesAndMatchesTheCascadeBitForBit() throws {
        let compilers = CEmissionTests.compilers
        guard !compilers.isEmpty else { Issue.record("no C compiler"); return }
        let x = FIREmissionTests.input(600)
        let dir = try Support.temporaryDirectory("decimator-c-emission")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, stages) in try Self.cascades() {
            for precision in [CEmitter.Precision.double, .float] {
                let header = try DecimatorCEmitter.header(name: name, stages: stages, commandLine: "mkfilter decimator */ --factor 8",
                                                          precision: precision)
                #expect(header == (try DecimatorCEmitter.header(name: name, stages: stages, commandLine: "mkfilter decimator */ --factor 8",
                                                                precision: precision)), "deterministic")
                let id = try CEmitter.identifier(name, prefix: "mkfilter"), real = precision.rawValue
                var main = "#include <stdio.h>\n#include \"decimator.h\"\nstatic const \(real) x[\(x.count)] = {"
                main += x.map { formatC("%.17g", precision == .float ? Double(Float($0)) : $0) }.joined(separator: ", ") + "};\n"
                main += """
                    int main(void) {
                      \(real) y[\(x.count)];
                      size_t count = 0;
                      \(id)_state s;
                      \(id)_init(&s);
                      /* The first 101 one at a time, the rest as a block. */
                      for (int n = 0; n < 101; n++) count += (size_t)\(id)_step(&s, x[n], y + count);
                      count += \(id)_block(&s, x + 101, \(x.count - 101), y + count);
                      for (size_t n = 0; n < count; n++) printf("%.17g\\n", (double)y[n]);
                      return 0;
                    }

                    """
                for (label, cc, flags) in compilers {
                    guard let values = try Support.buildAndRunC(cc, flags, header: header, named: "decimator.h", main: main,
                                                                executable: "decimator", in: dir, label: "\(label), \(name), \(precision)")
                    else { continue }
                    let expected: [Double]
                    if precision == .double {
                        var cascade = DecimatingCascade(stages: stages.map { ($0.factor, $0.taps) })
                        expected = cascade.process(x)
                    } else {
                        expected = Self.floatModel(stages, x.map { Float($0) }).map(Double.init)
                    }
                    let factor = stages.reduce(1) { $0 * $1.factor }
                    #expect(values.count == (x.count + factor - 1) / factor && values.count == expected.count, "\(label), \(name), \(precision)")
                    let differing = zip(values, expected).filter { $0.bitPattern != $1.bitPattern }.count
                    #expect(differing == 0, "\(label), \(name), \(precision): \(differing) of \(expected.count) outputs differ")
                }
            }
        }
    }

    @Test func nothingUnsafeReachesTheComment() throws {
        let header = try DecimatorCEmitter.header(name: "a */ b", stages: [.init(factor: 2, taps: [0.5, 0.5], origin: "o */")],
                                                  commandLine: "x */ y", precision: .double)
        #expect(!header.contains("a */ b") && !header.contains("x */ y") && !header.contains("o */"))
        #expect(throws: EmissionError.self) {
            try DecimatorCEmitter.header(name: "*/", stages: [.init(factor: 2, taps: [1], origin: "")], commandLine: "", precision: .double)
        }
        #expect(throws: EmissionError.self) {
            try DecimatorCEmitter.header(name: "f", stages: [.init(factor: 2, taps: [1e300], origin: "")], commandLine: "", precision: .float)
        }
    }
}

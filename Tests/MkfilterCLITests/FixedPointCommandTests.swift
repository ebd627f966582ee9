import Foundation
import MkfilterCLI
import Testing

/// `--emit cmsis-q15|q31` and `--precision q15|q31` through the command line:
/// what a person sees, and the errors for what does not go together.
@Suite struct FixedPointCommandTests {
    let shake = ["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3"]

    /// The header goes to standard output, the summary to standard error.
    @Test func emitPrintsTheSummaryOnStandardError() {
        let r = Mkfilter.run(arguments: shake + ["--emit", "cmsis-q31"])
        #expect(r.exitCode == 0)
        #expect(r.standardOutput.contains("static const q31_t mkfilter_"))
        #expect(r.standardError.contains("mkfilter: q31: L1 scaling, post-shift 1"))
        #expect(r.standardError.contains("predicted SNR"))
    }

    /// impulse at q15: the first output is OUTPUT_SCALE-sized and every
    /// value is a multiple of 2^-15; the step holds 0x7FFF.
    @Test func impulseAndStepPrintIntegersAsFractions() {
        for r in [ResponseProgram.run(.impulse, arguments: shake + ["--precision", "q15", "--samples", "64"]),
                  ResponseProgram.run(.step, arguments: shake + ["--precision", "q15", "--samples", "64"])] {
            #expect(r.exitCode == 0, "\(r.standardError)")
            let values = r.standardOutput.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[1])! }
            #expect(values.count == 64)
            #expect(values.allSatisfy { ($0 * 32768).rounded() == $0 * 32768 && abs($0) < 1 })
            #expect(values.contains { $0 != 0 })
        }
    }

    /// verify passes in both formats and both scalings, and says what ran.
    @Test(arguments: ["q15", "q31"]) func verifyPasses(_ format: String) {
        for scaling in ["l1", "linf"] {
            let r = VerifyProgram.run(arguments: shake + ["--precision", format, "--fixed-point-scaling", scaling])
            #expect(r.exitCode == 0, "\(format) \(scaling): \(r.standardOutput)")
            #expect(r.standardOutput.contains("as run in CMSIS \(format)"))
            #expect(r.standardOutput.contains("ok    no-overflow"))
        }
    }

    /// Errors name the bad value and what is allowed; nothing is written.
    @Test func badInputIsNamed() {
        let q16 = ResponseProgram.run(.impulse, arguments: shake + ["--precision", "q16"])
        #expect(q16.exitCode != 0 && q16.standardError.contains("q16") && q16.standardError.contains("q15, q31"))
        let alone = ResponseProgram.run(.impulse, arguments: shake + ["--fixed-point-scaling", "l1"])
        #expect(alone.exitCode != 0 && alone.standardError.contains("goes with --precision q15"))
        let scaling = Mkfilter.run(arguments: shake + ["--emit", "cmsis-q15", "--fixed-point-scaling", "l2"])
        #expect(scaling.exitCode != 0 && scaling.standardError.contains("'l2'") && scaling.standardError.contains("l1"))
        let withC = Mkfilter.run(arguments: shake + ["--emit", "c", "--fixed-point-scaling", "l1"])
        #expect(withC.exitCode != 0 && withC.standardError.contains("goes with --emit cmsis-q15"))
        let direct = Mkfilter.run(arguments: shake + ["--realization", "direct", "--emit", "cmsis-q15"])
        #expect(direct.exitCode != 0 && direct.standardError.contains("drop --realization direct"))
        let unstable = Mkfilter.run(arguments: ["--cheby2", "40", "-Bs", "-o", "2", "-a", "0.005", "0.02", "--emit", "cmsis-q15"])
        #expect(unstable.exitCode != 0 && unstable.standardError.contains("use q31 or Float") && unstable.standardOutput.isEmpty)
        // A q31 refusal advises Float, never q31 itself.
        let unstable31 = Mkfilter.run(arguments: ["--cheby2", "40", "-Bs", "-o", "2", "-a", "0.00005", "0.0002", "--emit", "cmsis-q31"])
        #expect(unstable31.exitCode != 0 && unstable31.standardError.contains("unstable; use Float") && !unstable31.standardError.contains("use q31"),
                "\(unstable31.standardError)")
    }
}

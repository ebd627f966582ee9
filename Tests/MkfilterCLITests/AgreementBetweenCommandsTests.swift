import FilterAnalysis
@testable import MkfilterCLI
import Testing

/// A design the toolkit prints or emits passes its own `verify`, or carries
/// the warning that says why not: the design commands run verify's response
/// checks, `--fixed-point-scaling linf` says what it promises and verify
/// holds it to that, and a pole within 3e-8 of the unit circle is a decay
/// too long to run, not none.
@Suite struct AgreementBetweenCommandsTests {
    /// The narrow upper passband 0.4999-0.5 of an order-20 Chebyshev
    /// band-stop crowds its poles by z = -1: as stored in Double its sections
    /// peak 2.4e-5 above 1. The design command says so, naming the checks
    /// verify then fails; an ordinary design says nothing.
    @Test func designCommandsWarnWhereVerifyFails() {
        let crowded = ["-Ch", "-0.1", "-Bs", "-o", "20", "-a", "0.029", "0.4999"]
        let design = Mkfilter.run(arguments: crowded)
        #expect(design.exitCode == 0)
        #expect(design.standardError.contains("warning: as stored in Double the sections fail verify's normalised check"))
        #expect(design.standardError.contains("fail verify's ripple check: passband ripple 0.100247 dB"))
        let verify = VerifyProgram.run(arguments: crowded)
        #expect(verify.exitCode == 2)
        #expect(verify.standardOutput.contains("FAIL  normalised") && verify.standardOutput.contains("FAIL  ripple"))
        let emitted = Mkfilter.run(arguments: crowded + ["--emit", "c"])
        #expect(emitted.standardError.contains("fail verify's normalised check"))
        // Above 40 poles the design commands leave the measuring to verify,
        // and say so (this one's impulse as run leaves verify's 1e-9 in Double).
        let long = Mkfilter.run(arguments: ["-Bu", "-Bp", "-o", "128", "-a", "0.000207", "0.031"])
        #expect(long.exitCode == 0 && long.standardError.contains("note: 256 poles, more than the 40 the design commands check"),
                "\(long.standardError)")
        for ordinary in [["-Bu", "-Lp", "-o", "4", "-a", "0.1"], ["-Ch", "-0.5", "-Bp", "-o", "6", "-a", "0.1", "0.2"],
                         ["--elliptic", "0.5", "60", "-Lp", "-o", "8", "-a", "0.1"]] {
            let run = Mkfilter.run(arguments: ordinary)
            #expect(run.exitCode == 0 && run.standardError.isEmpty, "\(ordinary): \(run.standardError)")
        }
    }

    /// L-infinity scaling keeps full-scale sinusoids in range, not a step:
    /// the emitted code's note says so, and verify holds the (faded-in) sine
    /// to the bound and notes the step that leaves it, naming l1.
    @Test(arguments: ["q15", "q31"]) func linfPromisesSinusoids(_ format: String) {
        let design = ["-Be", "-Bs", "-o", "6", "-a", "0.375", "0.44"]
        let emitted = Mkfilter.run(arguments: design + ["--emit", "cmsis-\(format)", "--fixed-point-scaling", "linf"])
        #expect(emitted.exitCode == 0)
        #expect(emitted.standardError.contains("L-infinity scaling keeps full-scale sinusoids in range, not every input"))
        let verify = VerifyProgram.run(arguments: design + ["--precision", format, "--fixed-point-scaling", "linf"])
        #expect(verify.exitCode == 0, "\(verify.standardOutput)")
        #expect(verify.standardOutput.contains("ok    within-bound: 0.9 full-scale sine (what L-infinity scaling promises)"))
        #expect(verify.standardOutput.contains("note  L-infinity scaling: a full-scale step or impulse leaves the bound"))
        // L1 promises any input: the step is held to the bound there.
        let l1 = VerifyProgram.run(arguments: design + ["--precision", format])
        #expect(l1.exitCode == 0 && l1.standardOutput.contains("ok    within-bound: impulse, step and 0.9 full-scale sine"))
        #expect(!l1.standardOutput.contains("note  L-infinity"))
    }

    /// A resonator of Q 1e7 has its poles 3.1e-8 inside the unit circle:
    /// about 1.2e9 samples to decay, beyond the 2^24 verify runs, so decays
    /// is skipped saying so, as for Q 1e6, not failed after 4,096 samples.
    @Test func aDecayTooLongToRunIsSkipped() {
        let radius = 1 - Double.pi * 0.1 / 1e7
        #expect(TimeResponse.predictedDecayLength(largestPoleRadius: radius, poleCount: 2)! > 1_000_000_000)
        #expect(TimeResponse.predictedDecayLength(largestPoleRadius: 1.0.nextDown, poleCount: 2)! >= 1_000_000_000_000_000)
        #expect(TimeResponse.predictedDecayLength(largestPoleRadius: 1, poleCount: 2) == nil)
        // The length to run stays below 10^9 (nil beyond), as its callers allocate it.
        #expect(TimeResponse.decayLength(largestPoleRadius: radius, poleCount: 2) == nil)
        let verify = VerifyProgram.run(arguments: ["-Re", "1e7", "-Bp", "-a", "0.1"])
        let decays = verify.standardOutput.split(separator: "\n").first { $0.contains("decays: ") }.map(String.init) ?? ""
        #expect(decays.hasPrefix("  skip  decays: skipped: the poles") && decays.contains("beyond the 16777216 verify runs"), "\(decays)")
    }
}

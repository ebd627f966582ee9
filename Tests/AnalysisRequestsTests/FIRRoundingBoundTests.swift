@testable import AnalysisRequests
@testable import FilterDesign
import FilterAnalysis
import MkfilterCLI
import RealModule
import Testing

/// `mkfilter verify --precision q15|q31` of a FIR design against the taps'
/// rounding (`FIRRoundingBound`): what `--emit cmsis-q15|q31` writes without
/// a warning passes, a tap off by more than its rounding fails, and the bound
/// is sound and tight against a much denser direct evaluation of |E|.
@Suite struct FIRRoundingBoundTests {
    /// The 979-tap least-squares low-pass whose correctly rounded q15 header
    /// failed "as designed" under 3 standard deviations (0.00308 against 0.0025).
    static let firls979 = ["firls", "--taps", "979", "--bands", "0", "0.09155984881094541", "0.15259524459606866", "0.5",
                           "--desired", "1", "1", "0", "0"]

    /// The check named `name` of `item` passed.
    static func passed(_ item: VerificationItem, _ name: String) -> Bool? {
        item.checks.first { $0.name == name }.map(\.passed)
    }

    /// `filter` verified with `fixed`'s coefficients, the centre tap moved by `delta` quanta.
    static func verify(_ filter: FIRFilter, _ fixed: FixedPointTaps, centreMovedBy delta: Int64) -> VerificationItem {
        var c = fixed.coefficients
        c[filter.taps.count / 2] += delta
        return VerificationRequest.verify(filter, commandLine: "test", run: FIRAsRun(fixed: fixed.replacingCoefficients(c)))
    }

    @Test func emittedWithoutWarningVerifies() {
        for format in ["q15", "q31"] {
            let header = FIRProgram.run("firls", arguments: Array(Self.firls979.dropFirst()) + ["--emit", "cmsis-" + format])
            #expect(header.exitCode == 0 && !header.standardError.contains("warning"), "\(format): \(header.standardError)")
            let verified = VerifyProgram.run(arguments: Self.firls979 + ["--precision", format])
            #expect(verified.exitCode == 0 && verified.standardOutput.contains("ok    as designed"), "\(format): \(verified.standardOutput)")
        }
    }

    /// The centre tap (its own mirror: linear phase stays) off by a few
    /// quanta beyond its rounding moves |H| by that many q / s everywhere:
    /// where the band's worst deviation has the same sign it rises past the
    /// bound, so one of the two signs fails (both pass under a bound as loose
    /// as sum |e_k|, 7 times this one at 979 taps); the taps as rounded pass.
    @Test(arguments: [
        (Self.firls979, "q15", Int64(3), "as designed"),
        (Self.firls979, "q31", Int64(3 << 16), "as designed"),
        (["firwin", "--taps", "51", "--cutoff", "0.2"], "q15", Int64(3), "as designed"),
        (["remez", "--taps", "31", "--bands", "0", "0.2", "0.25", "0.5", "--desired", "1", "0"], "q15", Int64(8), "equiripple"),
    ])
    func aTapOffBeyondRoundingFails(words: [String], format: String, delta: Int64, check: String) throws {
        let filter = try FIRProgram.design(words)
        let arithmetic = FixedPointArithmetic(format == "q15" ? .q15 : .q31)
        let fixed = try FixedPointTaps(filter.taps, arithmetic: arithmetic)
        #expect(Self.passed(Self.verify(filter, fixed, centreMovedBy: 0), check) == true)
        let up = Self.verify(filter, fixed, centreMovedBy: delta), down = Self.verify(filter, fixed, centreMovedBy: -delta)
        #expect(Self.passed(up, "linear phase") != false && Self.passed(down, "linear phase") != false)
        #expect(Self.passed(up, check) == false || Self.passed(down, check) == false,
                "\(words[0]) \(format) \(delta): \(up.checks) \(down.checks)")
    }

    /// The bound over a band is at least the largest |E| on a grid 4 times
    /// denser than its own (by direct sum), and within 2 % of it (c S, about 0.5 % of the largest |E| squared over all frequencies, weighs more in a band whose own largest is lower).
    @Test(arguments: [
        ["firls", "--taps", "101", "--bands", "0", "0.1", "0.15", "0.5", "--desired", "1", "1", "0", "0"],
        ["remez", "--taps", "65", "--bands", "0", "0.2", "0.3", "0.5", "--desired", "0", "1"],
        ["firwin", "--taps", "77", "--cutoff", "0.1", "0.3", "--minimum-phase", "homomorphic"],
    ])
    func boundIsSoundAndTight(words: [String]) throws {
        let filter = try FIRProgram.design(words)
        for format in [FixedPointArithmetic.Format.q15, .q31] {
            let fixed = try FixedPointTaps(filter.taps, arithmetic: FixedPointArithmetic(format))
            let bound = FIRRoundingBound(fixed)
            let acting = fixed.storedTaps.prefix(filter.taps.count).map { $0 / fixed.outputScale }
            #expect(zip(acting, filter.taps).map { $0 - $1 } == bound.errors)
            for (lower, upper) in [(0.0, 0.5), (0.0, 0.1), (0.17, 0.42)] {
                let points = 4 * bound.gridLength
                var dense = 0.0
                for j in 0...points {
                    let alpha = lower + (upper - lower) * Double(j) / Double(points)
                    var re = 0.0, im = 0.0
                    for (k, e) in bound.errors.enumerated() {
                        re += e * Double.cos(-2 * Double.pi * alpha * Double(k))
                        im += e * Double.sin(-2 * Double.pi * alpha * Double(k))
                    }
                    dense = max(dense, (re * re + im * im).squareRoot())
                }
                let b = bound.bound(lower: lower, upper: upper)
                #expect(b >= dense && b <= 1.02 * dense, "\(words[0]) \(format) \(lower)-\(upper): \(b) against \(dense)")
            }
        }
    }
}

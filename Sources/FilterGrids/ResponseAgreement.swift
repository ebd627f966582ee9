import FilterAnalysis
import FilterRequests
import FilterDesign
import FisherCompatibility
import Foundation

/// Issue 4's acceptance over Fisher's corpus: for every stable design of the
/// reference fixtures (`Tests/Fixtures/mkfilter`, every mkfilter command line
/// our designer accepts), the response from the coefficients (FFT), from the
/// poles and zeros, and from the FFT of the impulse response agree to 1e-10
/// of the peak magnitude on 1,025 frequencies.
public enum ResponseAgreement {
    /// One design of the corpus.
    public struct Entry: Sendable {
        /// Fisher's words.
        public var arguments: [String]
        /// The design.
        public var design: Design
        /// `mkfilter` and the words.
        public var label: String { (["mkfilter"] + arguments).joined(separator: " ") }
    }

    /// `Tests/Fixtures/mkfilter` beside `Tests/Fixtures/scipy`.
    public static var directory: URL {
        GridFixtures.directory.deletingLastPathComponent().appendingPathComponent("mkfilter")
    }

    /// The corpus: the mkfilter command lines of Fisher's fixtures (JSON
    /// lines, `"tool": "mkfilter"`) that design, invalid ones left out.
    public static func corpus(in directory: URL = directory) throws -> [Entry] {
        var entries: [Entry] = []
        for file in ["mkfilter-4.6.jsonl", "mkfilter-4.6-random.jsonl"] {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      object["tool"] as? String == "mkfilter", let arguments = object["args"] as? [String],
                      let words = try? FisherCommandLine(arguments), let result = try? DesignRequest(words).run()
                else { continue }
                entries.append(Entry(arguments: arguments, design: result.design))
            }
        }
        return entries
    }

    /// The three computations compared for every stable design of `entries`.
    /// The unstable ones (Q = Inf resonators, designs rounding made unstable)
    /// are counted and left out; a design without a finite gain that is not a
    /// Q = Inf resonator is a failure, and so is a difference above
    /// `tolerance` (of the peak magnitude), and fewer than `minimumStable`
    /// stable designs compared.
    public static func check(_ entries: [Entry], tolerance: Double = 1e-10, minimumStable: Int = 0) async -> GridCheck {
        var check = GridCheck(name: "three response computations over Fisher's corpus")
        let results = await parallelMap(entries) { entry -> (difference: Double?, failure: String?) in
            guard let transfer = TransferFunction(design: entry.design), transfer.isFinite else {
                return (nil, entry.arguments.contains("Inf") ? nil : "\(entry.label): no finite gain")
            }
            let form = PoleZeroForm(transfer)
            guard let length = TimeResponse.decayLength(largestPoleRadius: form.largestPoleRadius,
                                                        poleCount: form.poles.count) else { return (nil, nil) }
            let grid = FrequencyGrid(count: 1025)
            let byCoefficients = FrequencyResponse.fromCoefficients(transfer, grid: grid)
            let byPolesAndZeros = FrequencyResponse.fromPolesAndZeros(form, grid: grid)
            let byImpulse = FrequencyResponse.fromImpulseResponse(TimeResponse.impulse(transfer, count: length), grid: grid)
            let difference = max(byCoefficients.largestDifference(from: byPolesAndZeros),
                                 byCoefficients.largestDifference(from: byImpulse),
                                 byPolesAndZeros.largestDifference(from: byImpulse))
            return (difference, difference <= tolerance ? nil : "\(entry.label): the three responses differ by \(difference) of the peak")
        }
        var worst = (difference: 0.0, label: "")
        for (entry, result) in zip(entries, results) {
            if let failure = result.failure { check.failures.append(failure) }
            if let d = result.difference, d > worst.difference { worst = (d, entry.label) }
        }
        let stable = results.filter { $0.difference != nil }.count
        if stable < minimumStable {
            check.failures.append("only \(stable) stable designs compared, fewer than \(minimumStable)")
        }
        check.summary.append("\(stable) stable designs of \(entries.count) agree within \(worst.difference) of the peak "
                             + "(worst: \(worst.label)); \(entries.count - stable) unstable left out")
        return check
    }
}

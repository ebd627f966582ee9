import AccelerometerPipeline
import FilterAnalysis
import FilterRequests
import FilterRuntime
import Foundation
import Testing

/// What the accelerometer articles' filters really do (docs/recordings-and-pipeline.md's table), at 60
/// and 100 Hz: the -3 dB frequency, the passband gain and the group delay,
/// measured by the verifier's measurements (`ResponseMeasurements`) on the
/// filters' sections as they run, and checked against closed forms.
@Suite struct ArticleFilterResponseTests {
    struct Row {
        var name: String
        var rate: Double
        var corners: [Double]          // Hz
        var passbandGain: Double
        var passbandWhere: String
        var delay: Double              // ms, in the passband
        var delaySamples: Double

        /// docs/recordings-and-pipeline.md's line.
        var line: String {
            let corner = corners.map { String(format: "%.3f", $0) }.joined(separator: " and ")
            return "| \(name) | \(String(format: "%.0f", rate)) Hz | \(corner) Hz | \(String(format: "%.3f", passbandGain)) \(passbandWhere) | "
                + "\(String(format: "%.1f", delay)) ms (\(String(format: "%.2f", delaySamples)) samples) |"
        }
    }

    /// The filter measured as it runs: its sections, the passband frequency
    /// (alpha) where gain and delay are read (nil: at the peak, for a band-pass).
    static func measure(_ name: String, _ sections: [Biquad], rate: Double, passbandAlpha: Double?, where label: String? = nil) -> Row {
        let m = ResponseMeasurements(PoleZeroForm(sections: sections))
        let peak = m.peak()
        let passbandAlpha = passbandAlpha ?? peak.alpha
        let label = label ?? "at \(String(format: "%.2f", peak.alpha * rate)) Hz (the peak)"
        let gain = m.magnitude(atAlpha: passbandAlpha)
        let corners = m.halfPowerFrequencies(reference: gain).map { $0 * rate }
        let delay = m.groupDelay(atAlpha: passbandAlpha)
        return Row(name: name, rate: rate, corners: corners, passbandGain: gain, passbandWhere: label,
                   delay: delay / rate * 1000, delaySamples: delay)
    }

    static func rows() throws -> [Row] {
        var rows: [Row] = []
        for rate in [60.0, 100.0] {
            let kalman = try KalmanSmoother()
            var settings = PipelineSettings()
            guard case .template(let bandPass) = try settings.resolve("butterworthBP3rd05To3Hz", sampleRate: rate) else {
                throw ApplicationError("no band-pass")
            }
            rows += [
                measure("FILTERFACTOR low-pass, f = 0.1", [try FilterFactorLowPass(factor: 0.1).section], rate: rate, passbandAlpha: 0, where: "at 0 Hz"),
                measure("FILTERFACTOR \"high-pass\" as written, f = 0.1", [try FilterFactorHighPass(factor: 0.1).section], rate: rate,
                        passbandAlpha: 0, where: "at 0 Hz"),
                measure("iBells high-pass, x - low-pass(x), f = 0.1", [try IBellsHighPass(factor: 0.1).section], rate: rate,
                        passbandAlpha: 0.5, where: "at Nyquist"),
                measure("Kalman smoother, q = r = p0 = 0.1, converged (FILTERFACTOR low-pass, f = 0.618)", [kalman.steadyStateSection],
                        rate: rate, passbandAlpha: 0, where: "at 0 Hz"),
                measure("Shake! band-pass, Butterworth 3rd order 0.5-3 Hz", bandPass.sections, rate: rate, passbandAlpha: nil),
            ]
        }
        return rows
    }

    @Test func agreeWithTheClosedForms() throws {
        let rows = try Self.rows()
        for row in rows {
            let fs = row.rate
            func hertz(_ cosine: Double) -> Double { acos(cosine) / (2 * .pi) * fs }
            let f = 0.1, c = 0.9
            switch row.name {
            case let name where name.hasPrefix("FILTERFACTOR low-pass"):
                // |H|^2 = f^2 / (1 - 2c cos w + c^2) = 1/2; dc gain 1; delay c / (1 - c) = 9 samples.
                #expect(abs(row.corners[0] - hertz((1 + c * c - 2 * f * f) / (2 * c))) <= 1e-9)
                #expect(abs(row.passbandGain - 1) <= 1e-14 && abs(row.delaySamples - 9) <= 1e-9)
            case let name where name.hasPrefix("FILTERFACTOR \"high-pass\""):
                // c / (1 - c z^-1): the same pole, dc gain c / f = 9 (+19 dB).
                #expect(abs(row.corners[0] - hertz((1 + c * c - 2 * f * f) / (2 * c))) <= 1e-9)
                #expect(abs(row.passbandGain - 9) <= 1e-13 && abs(row.delaySamples - 9) <= 1e-9)
            case let name where name.hasPrefix("iBells"):
                // c (1 - z^-1) / (1 - c z^-1): gain 2c / (1 + c) at Nyquist, -3 dB at cos w = 2c / (1 + c^2).
                #expect(abs(row.corners[0] - hertz(2 * c / (1 + c * c))) <= 1e-9)
                #expect(abs(row.passbandGain - 2 * c / (1 + c)) <= 1e-14)
            case let name where name.hasPrefix("Kalman"):
                // k* = (sqrt(5) - 1) / 2: -3 dB at cos w = 1/2, fs / 6; delay (1 - k*) / k* samples.
                let k = (5.0.squareRoot() - 1) / 2
                #expect(abs(row.corners[0] - fs / 6) <= 1e-9)
                #expect(abs(row.passbandGain - 1) <= 1e-14 && abs(row.delaySamples - (1 - k) / k) <= 1e-9)
            default:
                // Designed (pre-warped) for the data's rate: -3 dB from the peak at 0.5 and 3 Hz;
                // the peak is 1 (scipy's convention; Fisher's |H| = 1 at the arithmetic
                // centre, 1.75 Hz, put it at 1.00098).
                #expect(row.corners.count == 2)
                #expect(abs(row.corners[0] - 0.5) <= 1e-6 && abs(row.corners[1] - 3) <= 1e-6, "\(row.corners)")
                #expect(abs(row.passbandGain - 1) <= 1e-12, "\(row.passbandGain)")
            }
        }
    }

    /// The converged Kalman smoother is the low-pass measured: its running
    /// gain reaches k* on a recording.
    @Test func kalmanRowIsWhatTheSmootherBecomes() throws {
        var k = try KalmanSmoother()
        for n in 0..<50 { _ = k.process(sin(Double(n))) }
        #expect(abs(k.gain - k.steadyStateGain) <= 1e-15)
    }

    /// docs/recordings-and-pipeline.md prints these numbers: keep it true.
    @Test func readmeTableIsWhatIsMeasured() throws {
        let readme = try String(contentsOf: PackageRoot.url.appendingPathComponent("docs/recordings-and-pipeline.md"), encoding: .utf8)
        for row in try Self.rows() {
            #expect(readme.contains(row.line), "README lacks: \(row.line)")
        }
    }
}

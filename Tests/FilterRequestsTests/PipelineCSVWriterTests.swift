@testable import AccelerometerPipeline
@testable import AnalysisRequests
import Foundation
import Testing

/// The CSV writer's thread changes nothing: the same rows, in order, as when
/// it writes on the caller's thread, across batch boundaries; every number
/// reads back as the Double appended.
@Suite struct PipelineCSVWriterTests {
    static func rows(_ count: Int) -> [(Double, Acceleration, AccelerationPipeline.Output, Double, Double, Double)] {
        var state: UInt64 = 77
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) * 0x1p-53 - 0.5
        }
        return (0..<count).map { n in
            let raw = Acceleration(x: unit(), y: unit(), z: 1 + unit())
            let output = AccelerationPipeline.Output(raw: raw, filtered: Acceleration(x: unit(), y: unit(), z: unit()),
                                                     rms: Acceleration(x: abs(unit()), y: abs(unit()), z: abs(unit())),
                                                     triggers: UInt8(n % 8), onsets: 0, shaking: n % 3 == 0, shakeOnset: false)
            return (Double(n) / 60, raw, output, unit() * 6, unit(), unit())
        }
    }

    @Test func threadedEqualsInline() throws {
        let extras = PipelineCSVWriter.Extras(shake: true, orientation: true, yaw: true, yawSmoothed: true)
        let rows = Self.rows(3 * PipelineCSVWriter.Batch.capacity + 17)
        var texts: [String] = []
        for threaded in [true, false] {
            let sink = ByteSink(descriptor: nil)
            let writer = PipelineCSVWriter(sink: sink, extras: extras, threaded: threaded)
            for r in rows { writer.append(t: r.0, raw: r.1, output: r.2, angle: r.3, yaw: r.4, smoothed: r.5) }
            writer.finish()
            writer.finish()  // twice: nothing more
            texts.append(sink.text)
        }
        #expect(texts[0] == texts[1])
        let lines = texts[0].split(separator: "\n")
        #expect(lines.count == rows.count)
        for (line, r) in zip(lines, rows) {
            let f = line.split(separator: ",").map(String.init)
            #expect(f.count == 18)
            #expect(Double(f[0])! == r.0 && Double(f[1])! == r.1.x && Double(f[2])! == r.2.filtered.x && Double(f[3])! == r.2.rms.x)
            #expect(f[4] == (r.2.triggers & 1 != 0 ? "1" : "0") && f[12] == (r.2.triggers & 4 != 0 ? "1" : "0"))
            #expect(f[13] == (r.2.shaking ? "1" : "0"))
            #expect(Double(f[14])! == r.3 && f[15] == DeviceOrientation(angle: r.3).rawValue)
            #expect(Double(f[16])! == r.4 && Double(f[17])! == r.5)
        }
    }
}

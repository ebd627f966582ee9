import AccelerometerPipeline
import FilterRuntime
import Foundation
import GeneratedFilters

/// Shake!'s pipeline, 3 axes through a 3rd-order band-pass, a 30-sample moving
/// RMS and the detector: rows (three-axis samples) per second from the API,
/// against the filters alone in the same run, and from `mkfilter pipeline` end
/// to end (CSV in, CSV out to /dev/null; every value written at full
/// precision, so each row has 4 numbers of 16-17 digits to read and 10 to
/// write), with the ratio API / CLI.
func pipelineBenchmark(samples: Int, cliRows: Int) {
    let template = ShakeFilters60Hz.butterworthBP3rd05To3Hz
    let axis = AxisConfiguration(filter: .template(template), rmsWindow: 30, threshold: 0.2, count: 6)
    // A cycle of 65,536 noisy samples per axis (the signal is not what is measured).
    var state: UInt64 = 12345
    let cycle = (0..<3).map { _ in (0..<65_536).map { _ -> Double in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) * 0x1p-53 - 0.5
    } }

    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    var onsets = 0
    let api = seconds { onsets = runPipeline(PipelineConfiguration(all: axis), cycle, samples) }
    var sink = 0.0
    let bare = seconds { sink = runFilters(template, cycle, samples) }
    print("")
    print("Shake! pipeline, 3 axes x \(samples) samples, 3rd-order band-pass + RMS(30) + trigger(> 0.2 for 6):")
    print(String(format: "  AccelerationPipeline (API)      %6.2f s  %12.0f rows/s  (%.1f ns per sample per axis)",
                 api, Double(samples) / api, api / Double(samples) / 3 * 1e9))
    print(String(format: "  the three filters alone         %6.2f s  %12.0f rows/s  (pipeline / filters: %.2f)",
                 bare, Double(samples) / bare, api / bare))
    precondition(sink.isFinite && onsets >= 0)

    // The CLI, end to end.
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("mkfilter")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        print("  mkfilter pipeline: build it first (swift build -c release --product mkfilter) for the end-to-end figure")
        return
    }
    let csv = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-benchmark-\(getpid()).csv")
    defer { try? FileManager.default.removeItem(at: csv) }
    precondition(FileManager.default.createFile(atPath: csv.path, contents: nil))
    let handle = try! FileHandle(forWritingTo: csv)
    var text = "t,x,y,z\n"
    for n in 0..<cliRows {
        let k = n & 65_535
        text += "\(Double(n) / 60),\(cycle[0][k]),\(cycle[1][k]),\(cycle[2][k])\n"
        if text.utf8.count > 1 << 20 { handle.write(Data(text.utf8)); text = "" }
    }
    handle.write(Data(text.utf8))
    try! handle.close()
    let process = Process()
    process.executableURL = binary
    process.arguments = ["pipeline", csv.path, "--sample-rate", "60", "--filter", "butterworthBP3rd05To3Hz", "--rms-window", "30", "--threshold", "0.2", "--count", "6"]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    let cli = seconds {
        try! process.run()
        process.waitUntilExit()
    }
    precondition(process.terminationStatus == 0, "mkfilter pipeline failed")
    print(String(format: "  mkfilter pipeline (CSV in/out)  %6.2f s  %12.0f rows/s  (%d rows, process start included; CLI / API per row: %.1f)",
                 cli, Double(cliRows) / cli, cliRows, (cli / Double(cliRows)) / (api / Double(samples))))
}

/// The pipeline over `samples` three-axis samples; returns the onsets seen
/// (a function of its own, so nothing it mutates is captured by a closure).
@inline(never)
func runPipeline(_ configuration: PipelineConfiguration, _ cycle: [[Double]], _ samples: Int) -> Int {
    var pipeline = try! AccelerationPipeline(configuration, sampleRate: 60)
    var onsets = 0
    let x = cycle[0], y = cycle[1], z = cycle[2]
    for n in 0..<samples {
        let k = n & 65_535
        let out = pipeline.process(Acceleration(x: x[k], y: y[k], z: z[k]))
        onsets &+= Int(out.onsets)
    }
    return onsets
}

/// The three filters alone, one sample at a time: the baseline.
@inline(never)
func runFilters(_ template: DigitalFilterTemplate, _ cycle: [[Double]], _ samples: Int) -> Double {
    var fx = DigitalFilter<Double>(template), fy = fx, fz = fx
    var sink = 0.0
    let x = cycle[0], y = cycle[1], z = cycle[2]
    for n in 0..<samples {
        let k = n & 65_535
        sink += fx.process(x[k]) + fy.process(y[k]) + fz.process(z[k])
    }
    return sink
}

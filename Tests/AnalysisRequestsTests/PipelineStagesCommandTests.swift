import Foundation
import MkfilterCLI
import Testing

/// `mkfilter pipeline` with the accelerometer articles' stages: each new
/// filter, the shake detector and its debounce, tilt, orientation and yaw
/// recomputed here from the articles' formulas; zero-phase filtering against
/// scipy; and a recording with gravity on z that triggers only in its bursts.
@Suite struct PipelineStagesCommandTests {
    static func run(_ arguments: [String], input: String = "") -> InvocationResult {
        PipelineCommandTests.run(arguments, input: input)
    }

    /// Columns by header name.
    static func table(_ csv: String) -> (header: [String], rows: [[String]]) {
        let lines = csv.split(separator: "\n")
        return (lines[0].split(separator: ",").map(String.init),
                lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) })
    }

    static func column(_ csv: String, _ name: String) -> [String] {
        let (header, rows) = table(csv)
        let k = header.firstIndex(of: name)!
        return rows.map { $0[k] }
    }

    struct Generator {
        var state: UInt64
        mutating func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) * 0x1p-53
        }
    }

    /// 60 Hz, full-precision values: gravity on z, noise, and bursts.
    static func recording(_ count: Int, seed: UInt64 = 3) -> (csv: String, t: [Double], x: [Double], y: [Double], z: [Double]) {
        var g = Generator(state: seed)
        var t: [Double] = [], x: [Double] = [], y: [Double] = [], z: [Double] = []
        for n in 0..<count {
            let burst = (n / 90) % 3 == 1
            t.append(Double(n) / 60)
            x.append((g.unit() - 0.5) * 0.05 + (burst ? 1.1 * sin(Double(n) * 1.1) : 0))
            y.append((g.unit() - 0.5) * 0.05 + (burst ? 0.9 * cos(Double(n) * 1.3) : 0))
            z.append(1 + (g.unit() - 0.5) * 0.05)
        }
        var csv = "t,x,y,z\n"
        for n in 0..<count { csv += "\(t[n]),\(x[n]),\(y[n]),\(z[n])\n" }
        return (csv, t, x, y, z)
    }

    /// Each new filter kind, in both initial states, equals its formula; and
    /// every raw value reads back as the input's Double.
    @Test(arguments: ["filterfactor-lowpass 0.1", "filterfactor-highpass 0.1", "ibells-highpass 0.25", "kalman 0.1 0.1 0.1", "kalman 0.02 0.5 1"])
    func articleFilterIsItsFormula(_ filter: String) throws {
        let data = Self.recording(400)
        for state in ["steady", "zero"] {
            let r = Self.run(["--sample-rate", "60", "--filter", filter, "--initial-state", state], input: data.csv)
            #expect(r.exitCode == 0, "\(r.standardError)")
            for (axis, values) in [("x", data.x), ("y", data.y), ("z", data.z)] {
                #expect(Self.column(r.standardOutput, "\(axis)_raw").map { Double($0)!.bitPattern } == values.map(\.bitPattern))
                let got = Self.column(r.standardOutput, "\(axis)_filtered").map { Double($0)! }
                let words = filter.split(separator: " ").map { Double($0) }
                var want: [Double] = []
                switch filter.split(separator: " ")[0] {
                case "filterfactor-lowpass":
                    let f = words[1]!
                    var previous = state == "steady" ? values[0] : 0
                    for x in values { previous = x * f + previous * (1 - f); want.append(previous) }
                case "filterfactor-highpass":
                    let f = words[1]!
                    // The steady state of v = x - x f + v (1 - f): v = x (1 - f) / f.
                    var previous = state == "steady" ? values[0] * (1 - f) / f : 0
                    for x in values { previous = x - x * f + previous * (1 - f); want.append(previous) }
                case "ibells-highpass":
                    let f = words[1]!
                    var low = state == "steady" ? values[0] : 0
                    for x in values { low = x * f + low * (1 - f); want.append(x - low) }
                default:
                    // The Kalman smoother starts at the first measurement in either state.
                    let q = words[1]!, r = words[2]!
                    var p = words[3]!, estimate = values[0]
                    for m in values {
                        p = p + q
                        let k = p / (p + r)
                        estimate = estimate + k * (m - estimate)
                        p = (1 - k) * p
                        want.append(estimate)
                    }
                }
                #expect(got == want, "\(filter) \(state) \(axis)")
            }
        }
    }

    /// The articles' shake detector and debounce, recomputed from the CSV's
    /// own samples and times.
    @Test(arguments: [nil, "0", "0.5", "1.5"])
    func shakeEventsAreTheArticleCode(_ interval: String?) throws {
        let data = Self.recording(1200, seed: 9)
        var arguments = ["--sample-rate", "60", "--detector", "shake", "0.7", "0.2", "--events", "--threshold", "100"]
        if let interval { arguments += ["--min-interval", interval] }
        let r = Self.run(arguments, input: data.csv)
        #expect(r.exitCode == 0, "\(r.standardError)")
        let events = r.standardError.split(separator: "\n").filter { $0.hasPrefix("shake ") }
        let got = events.map { Int($0.split(separator: " ")[2].dropFirst("sample=".count))! }
        // The article: L0AccelerationIsShaking on consecutive samples, with hysteresis; minTimeDelta.
        func shaking(_ a: Int, _ b: Int, _ threshold: Double) -> Bool {
            let dx = abs(data.x[a] - data.x[b]) > threshold, dy = abs(data.y[a] - data.y[b]) > threshold
            let dz = abs(data.z[a] - data.z[b]) > threshold
            return (dx && dy) || (dx && dz) || (dy && dz)
        }
        var want: [Int] = [], excited: [Bool] = [false]
        var isExcited = false, lastTime: Double?
        for n in 1..<data.t.count {
            if !isExcited && shaking(n - 1, n, 0.7) {
                isExcited = true
                if let interval = interval.map({ Double($0)! }), let last = lastTime, !(data.t[n] - last > interval) {
                } else {
                    want.append(n)
                    lastTime = data.t[n]
                }
            } else if isExcited && !shaking(n - 1, n, 0.2) {
                isExcited = false
            }
            excited.append(isExcited)
        }
        #expect(want.count >= 3)
        #expect(got == want)
        for line in events {
            let n = Int(line.split(separator: " ")[2].dropFirst("sample=".count))!
            #expect(line == "shake t=\(data.t[n]) sample=\(n)")
        }
        #expect(Self.column(r.standardOutput, "shake") == excited.map { $0 ? "1" : "0" })
    }

    @Test func orientationColumns() throws {
        var csv = "t,x,y,z\n"
        var g = Generator(state: 5)
        var xs: [Double] = [], ys: [Double] = []
        for n in 0..<500 {
            let x = g.unit() * 2 - 1, y = g.unit() * 2 - 1
            xs.append(x); ys.append(y)
            csv += "\(Double(n) / 60),\(x),\(y),0.1\n"
        }
        let r = Self.run(["--sample-rate", "60", "--orientation"], input: csv)
        #expect(r.exitCode == 0, "\(r.standardError)")
        #expect(Self.table(r.standardOutput).header.suffix(2) == ["angle", "orientation"])
        let angles = Self.column(r.standardOutput, "angle").map { Double($0)! }
        let classes = Self.column(r.standardOutput, "orientation")
        for n in xs.indices {
            let angle = atan2(ys[n], -xs[n])
            #expect(angles[n] == angle)
            let want = angle >= -2.25 && angle <= -0.75 ? "portrait"
                : angle > -0.75 && angle < 0.75 ? "landscapeRight"
                : angle >= 0.75 && angle <= 2.25 ? "portraitUpsideDown" : "landscapeLeft"
            #expect(classes[n] == want)
        }
        #expect(Set(classes).count == 4)
    }

    /// Quaternion columns in any order; yaw and its Kalman smoothing.
    @Test func yawColumns() throws {
        var g = Generator(state: 8)
        var csv = "qx,t,z,qw,y,qz,x,qy\n"
        var yaws: [Double] = []
        for n in 0..<300 {
            // A unit quaternion: a random rotation about a slowly turning axis.
            let angle = sin(Double(n) / 40) * 1.2 + (g.unit() - 0.5) * 0.05
            let ax = 0.3, ay = 0.9, az = (1 - ax * ax - ay * ay).squareRoot()
            let (w, qx, qy, qz) = (cos(angle / 2), ax * sin(angle / 2), ay * sin(angle / 2), az * sin(angle / 2))
            yaws.append(asin(2 * (qx * qz - w * qy)))
            csv += "\(qx),\(Double(n) / 60),1,\(w),0,\(qz),0,\(qy)\n"
        }
        let r = Self.run(["--sample-rate", "60", "--yaw-smoother", "kalman 0.1 0.1 0.1"], input: csv)
        #expect(r.exitCode == 0, "\(r.standardError)")
        #expect(Self.table(r.standardOutput).header.suffix(2) == ["yaw", "yaw_smoothed"])
        #expect(Self.column(r.standardOutput, "yaw").map { Double($0)! } == yaws)
        var p = 0.1, x = yaws[0], smoothed: [Double] = []
        for m in yaws {
            p = p + 0.1
            let k = p / (p + 0.1)
            x = x + k * (m - x)
            p = (1 - k) * p
            smoothed.append(x)
        }
        #expect(Self.column(r.standardOutput, "yaw_smoothed").map { Double($0)! } == smoothed)
        // The columns are read by name: z is 1 everywhere.
        #expect(Self.column(r.standardOutput, "z_raw").allSatisfy { $0 == "1.0" })
        let plain = Self.run(["--sample-rate", "60", "--yaw"], input: csv)
        #expect(Self.table(plain.standardOutput).header.last == "yaw")
    }

    /// --zero-phase through the command equals scipy's sosfiltfilt (the
    /// fixture) to 1e-9 for every filter kind it was computed for.
    @Test func zeroPhaseEqualsSosfiltfilt() throws {
        for c in ZeroPhaseFixture.fixture.cases {
            var csv = "t,x,y,z\n"
            let x = c.input["x"]!, y = c.input["y"]!, z = c.input["z"]!
            for n in x.indices { csv += "\(Double(n) / c.sampleRate),\(x[n]),\(y[n]),\(z[n])\n" }
            let r = Self.run(["--sample-rate", "\(c.sampleRate)", "--filter", c.filter, "--zero-phase"], input: csv)
            #expect(r.exitCode == 0, "\(c.name): \(r.standardError)")
            for axis in ["x", "y", "z"] {
                let got = Self.column(r.standardOutput, "\(axis)_filtered").map { Double($0)! }
                let want = c.sosfiltfilt[axis]!
                #expect(got.count == want.count)
                let error = zip(got, want).map { abs($0 - $1) }.max() ?? .infinity
                #expect(error <= 1e-9, "\(c.name) \(axis): \(error)")
            }
        }
    }

    /// A recording with gravity on z from sample 0, noise and two shake
    /// bursts: trigger onsets only inside the bursts, for Shake!'s band-pass
    /// and a Butterworth high-pass; x and y fire in each burst, z never.
    @Test(arguments: ["butterworthBP3rd05To3Hz", "-Bu -Hp -o 2 --corner 1"])
    func recordingTriggersOnlyInItsBursts(_ filter: String) throws {
        var g = Generator(state: 21)
        let bursts = [(8.0, 10.0), (18.0, 20.5)]
        var csv = "t,x,y,z\n"
        for n in 0..<(60 * 30) {
            let t = Double(n) / 60
            let inBurst = bursts.contains { t >= $0.0 && t < $0.1 }
            let shake = inBurst ? 0.8 * sin(2 * Double.pi * 2.5 * t) : 0
            csv += "\(t),\((g.unit() - 0.5) * 0.04 + shake),\((g.unit() - 0.5) * 0.04 - shake),\(1 + (g.unit() - 0.5) * 0.04)\n"
        }
        let r = Self.run(["--sample-rate", "60", "--filter", filter, "--rms-window", "30", "--threshold", "0.2", "--count", "6", "--events"], input: csv)
        #expect(r.exitCode == 0, "\(r.standardError)")
        let onsets = r.standardError.split(separator: "\n").filter { $0.hasPrefix("trigger ") }.map { line -> (String, Double) in
            let parts = line.split(separator: " ")
            return (String(parts[1]), Double(parts[2].dropFirst(2))!)
        }
        for (axis, t) in onsets {
            #expect(bursts.contains { t > $0.0 && t < $0.1 }, "\(filter): \(axis) fired at \(t) s, outside the bursts")
        }
        for burst in bursts {
            for axis in ["x", "y"] { #expect(onsets.contains { $0.0 == axis && $0.1 > burst.0 && $0.1 < burst.1 }, "\(filter): \(axis) silent in \(burst)") }
        }
        #expect(!onsets.contains { $0.0 == "z" })
    }

    /// Calculated sources still start with their leading zeros, so the
    /// steady state of their first sample is rest: both initial states agree.
    @Test func calculatedSourcesKeepTheirLeadingZeros() {
        let arguments = ["--source", "step", "--amplitude", "0.5", "--leading-zeros", "30", "--samples", "120", "--filter", "filterfactor-highpass 0.1"]
        let steady = Self.run(arguments), zero = Self.run(arguments + ["--initial-state", "zero"])
        #expect(steady.exitCode == 0 && zero.exitCode == 0)
        #expect(steady.standardOutput == zero.standardOutput)
        let raw = Self.column(steady.standardOutput, "x_raw"), filtered = Self.column(steady.standardOutput, "x_filtered")
        #expect(raw.prefix(30).allSatisfy { $0 == "0.0" } && filtered.prefix(30).allSatisfy { $0 == "0.0" })
        #expect(raw[30] == "0.5" && filtered[30] == "\(0.5 - 0.5 * 0.1)")
    }

    @Test(arguments: [
        (["--filter", "filterfactor-lowpass 2"], "axis x: filter 'filterfactor-lowpass 2': FILTERFACTOR 2 must be above 0 and at most 1"),
        (["--filter", "filterfactor-lowpass"], "write filterfactor-lowpass F"),
        (["--filter", "ibells-highpass x"], "ibells-highpass 'x' is not a number"),
        (["--filter", "kalman 0.1 0 0.1"], "Kalman measurement noise r 0 must be above 0"),
        (["--filter", "kalman 0.1"], "write kalman Q R P0"),
        (["--detector", "shake", "0.2", "0.7"], "--detector shake: shake re-arm threshold 0.7 g must be in 0 ... 0.2"),
        (["--detector", "shake", "0.7"], "--detector shake needs two thresholds"),
        (["--detector", "jerk"], "--detector 'jerk' must be shake <on g> <off g>"),
        (["--min-interval", "-1"], "--min-interval -1.0 is not allowed; it must be 0 or more seconds"),
        (["--yaw"], "<stdin>: --yaw needs the attitude quaternion"),
        (["--yaw-smoother", "filterfactor-lowpass 0.1"], "--yaw-smoother 'filterfactor-lowpass 0.1' must be kalman Q R P0"),
        (["--zero-phase", "--filter", "kalman 0.1 0.1 0.1"], "--zero-phase: axis x: zero-phase filtering needs a linear, time-invariant filter"),
        (["--zero-phase", "--filter", "apple-lowpass 5 adaptive"], "--zero-phase: axis x: zero-phase filtering needs a linear, time-invariant filter"),
        (["--zero-phase", "--filter", "butterworthBP3rd05To3Hz"], "--zero-phase: axis x: zero-phase filtering with this filter needs at least 22 samples (21 are reflected at each end); the recording has 10"),
    ])
    func badSettings(_ arguments: [String], _ message: String) throws {
        var csv = "t,x,y,z\n"
        for n in 0..<10 { csv += "\(Double(n) / 60),0,0,1\n" }
        try PipelineCommandTests.refusedLeavingNoFile(input: csv, message: message) { out, _ in
            ["--sample-rate", "60", "--output", out] + arguments
        }
    }

    @Test(arguments: [
        ("t,x,y,z,qw,qx,qy\n", "<stdin>:1: the header lacks qz; the quaternion needs all of qw, qx, qy, qz"),
        ("t,x,y\n", "<stdin>:1: the header lacks z"),
        ("t,x,y,z,speed\n", "<stdin>:1: unknown column 'speed' in the header"),
        ("t,x,x,z\n", "<stdin>:1: column 'x' appears twice in the header"),
        ("t,x,y,z,qw,qx,qy,qz\n0,0,0,1,1,0,0,0\n0.1,0,0,1,0.5,0,0,0\n", "<stdin>:3: the quaternion qw,qx,qy,qz = 0.5,0.0,0.0,0.0 has norm 0.5; an attitude quaternion has norm 1 (within 1 %)"),
        ("t,x,y,z,qw,qx,qy,qz\n0,0,0,1,1,0,0\n", "<stdin>:2: expected 8 fields t,x,y,z,qw,qx,qy,qz, found 7"),
        ("t,x,y,z\n0,0,0,1e308\n0.1,0,0,1e308\n", "z_filtered overflows at sample "),
    ])
    func badInputLeavesNoFile(_ input: String, _ message: String) throws {
        try PipelineCommandTests.refusedLeavingNoFile(input: input, message: message) { out, _ in
            ["--sample-rate", "60", "--filter", "filterfactor-highpass 0.1", "--output", out]
        }
    }

    @Test func yawWithASourceIsAUsageError() {
        let r = Self.run(["--source", "step", "--yaw"])
        #expect(r.exitCode == 1 && r.standardError.contains("--yaw reads the attitude quaternion of a recording"))
    }
}

/// The scipy fixture of `ZeroPhaseTests` (Tests/Fixtures/scipy/zero-phase.json).
enum ZeroPhaseFixture {
    struct Case: Decodable {
        var name: String
        var filter: String
        var sampleRate: Double
        var input: [String: [Double]]
        var sosfiltfilt: [String: [Double]]
    }
    struct Document: Decodable { var cases: [Case] }

    static let fixture: Document = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scipy/zero-phase.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
    }()
}

import FilterRuntime
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MkfilterCLI
import Testing

/// `mkfilter pipeline`: CSV in and out, configuration, filters, events, SVG,
/// and every kind of bad input reported with its line number and no output file.
@Suite struct PipelineCommandTests {
    /// Runs the command with `input` on a pipe as standard input.
    static func run(_ arguments: [String], input: String = "") -> InvocationResult {
        // The command may stop reading early (a bad line): the writer must not die of SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        let bytes = Array(input.utf8)
        let writeEnd = fds[1]
        let writer = Thread {
            bytes.withUnsafeBytes { var off = 0; while off < bytes.count { let n = write(writeEnd, $0.baseAddress! + off, bytes.count - off); if n <= 0 { break }; off += n } }
            close(writeEnd)
        }
        writer.start()
        let result = PipelineProgram.run(arguments: arguments, standardInput: fds[0])
        close(fds[0])
        return result
    }

    static func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func passThroughByHand() {
        let input = "t,x,y,z\n0,1,0,0\n0.5,1,0,2\n1,1,0,0\n1.5,0,0,0\n"
        let r = Self.run(["--rms-window", "2", "--threshold", "0.5", "--count", "2", "--events"], input: input)
        #expect(r.exitCode == 0, "\(r.standardError)")
        let lines = r.standardOutput.split(separator: "\n")
        #expect(lines.first == "t,x_raw,x_filtered,x_rms,x_trigger,y_raw,y_filtered,y_rms,y_trigger,z_raw,z_filtered,z_rms,z_trigger")
        let rows = Self.rows(r.standardOutput)
        #expect(rows.count == 4)
        // x: 1,1,1,0 -> RMS over 2: sqrt(1/2), 1, 1, sqrt(1/2); > 0.5 for 2 samples from the 2nd.
        #expect(rows.map { $0[4] } == ["0", "1", "1", "1"])
        #expect(Double(rows[0][3]) == 0.5.squareRoot())
        #expect(rows.map { $0[0] } == ["0.0", "0.5", "1.0", "1.5"])
        // z: 0,2,0,0 -> RMS sqrt(2), sqrt(2), 0: triggered at the 3rd sample (count 2), off at the 4th.
        #expect(rows.map { $0[12] } == ["0", "0", "1", "0"])
        // Events go to standard error when the CSV is on standard output.
        #expect(r.standardError == "note: sample rate 2.0 Hz from the times of the first 4 samples (give --sample-rate to set it)\n"
                + "trigger x t=0.5 sample=1\ntrigger z t=1.0 sample=2\n"
                // By hand from the rows above: 4 samples at 2 Hz (2 s); x triggered
                // at samples 1-3 (1.5 s), z at sample 2; any axis as x.
                + "summary: 4 samples (2 s at 2 Hz)\n"
                + "  x: 1 onset, 1.5 s triggered (75.0 %), 30 onsets/min\n"
                + "  y: 0 onsets, 0 s triggered (0.0 %), 0 onsets/min\n"
                + "  z: 1 onset, 0.5 s triggered (25.0 %), 30 onsets/min\n"
                + "  any axis: 1 onset, 1.5 s triggered (75.0 %), 30 onsets/min\n")
    }

    @Test(arguments: [
        ("", "<stdin>: the input is empty; expected lines t,x,y,z"),
        ("t,x,y,z\n", "<stdin>: no samples after the header line"),
        ("0,0,0,1\n0.1,0,0\n", "<stdin>:2: expected 4 fields t,x,y,z, found 3"),
        ("0,0,0,1\n0.1,0,0,1,5\n", "<stdin>:2: expected 4 fields t,x,y,z, found 5"),
        ("0,0,0,1\n0.1,zero,0,1\n", "<stdin>:2: x 'zero' is not a number"),
        ("0,0,0,1\n0.1,0,NaN,1\n", "<stdin>:2: y is NaN; every value must be a finite number"),
        ("0,0,0,1\n0.1,0,0,inf\n", "<stdin>:2: z is infinite; every value must be a finite number"),
        ("0,0,0,1\n0.1,0,0,1\n0.1,0,0,1\n", "<stdin>:3: time 0.1 is not after the previous line's 0.1; times must increase"),
        ("0,0,0,1\n0.1,0,0,1\n0.05,0,0,1\n", "<stdin>:3: time 0.05 is not after the previous line's 0.1"),
        ("0,0,0,1\n\n0.2,0,0,1\n", "<stdin>:2: empty line"),
        ("0,0,0,1\n0.1,,0,1\n", "<stdin>:2: x is missing"),
        ("time,ax,ay,az\n0,0,0,1\n", "<stdin>:1: expected the header t,x,y,z or four numbers"),
        ("0,0,0,1\n0.1,1e999,0,1\n", "<stdin>:2: x 1e999 is out of range for a double"),
    ])
    func malformedInput(_ input: String, _ message: String) throws {
        try Self.refusedLeavingNoFile(input: input, message: "mkfilter pipeline: " + message) { out, _ in ["-", "--output", out] }
    }

    /// The same bad lines after 100 good rows, when the output file is already
    /// being written: it is removed, and nothing else is left in the directory.
    @Test(arguments: [
        ("0.1,0,0\n", "expected 4 fields t,x,y,z, found 3"),
        ("0.1,zero,0,1\n", "x 'zero' is not a number"),
        ("0.1,0,NaN,1\n", "y is NaN; every value must be a finite number"),
        ("0.1,0,0,-inf\n", "z is infinite"),
        ("1,0,0,1\n", "time 1.0 is not after the previous line's 1.65"),
        ("\n2,0,0,1\n", "empty line"),
    ])
    func malformedInputAfterGoodRows(_ bad: String, _ message: String) throws {
        var input = "t,x,y,z\n"
        for n in 0..<100 { input += "\(Double(n) / 60),0,0,1\n" }
        try Self.refusedLeavingNoFile(input: input + bad, message: "<stdin>:102: " + message) { out, _ in ["-", "--output", out] }
    }

    /// A bad line far into a long input: still no output file, even though
    /// thousands of rows were processed.
    @Test func lateErrorLeavesNoFile() throws {
        var input = "t,x,y,z\n"
        for n in 0..<5000 { input += "\(Double(n) / 60),0.1,0.2,1\n" }
        input += "83.4,0.1,oops,1\n"
        try Self.refusedLeavingNoFile(input: input, message: "<stdin>:5002: y 'oops' is not a number") { out, dir in
            ["--output", out, "--svg", dir.appendingPathComponent("p.svg").path]
        }
    }

    /// Runs the command on `input` with `arguments(out, dir)`, `out` a file
    /// out.csv in a fresh directory `dir`: it exits 1, its standard error
    /// contains `message`, and nothing is left in the directory.
    static func refusedLeavingNoFile(input: String, message: String, sourceLocation: SourceLocation = #_sourceLocation,
                                     _ arguments: (_ out: String, _ dir: URL) -> [String]) throws {
        try withTemporaryDirectory { dir in
            let r = run(arguments(dir.appendingPathComponent("out.csv").path, dir), input: input)
            #expect(r.exitCode == 1, sourceLocation: sourceLocation)
            #expect(r.standardError.contains(message), "\(r.standardError)", sourceLocation: sourceLocation)
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(left.isEmpty, "left behind: \(left)", sourceLocation: sourceLocation)
        }
    }

    @Test func configurationAndFlags() throws {
        try withTemporaryDirectory { dir in
            let config = dir.appendingPathComponent("c.json")
            try #"{"all": {"filter": "apple-lowpass 5", "rmsWindow": 4, "threshold": 0.3, "count": 2}, "y": {"filter": "-Bu -Hp -o 2 --corner 5"}, "z": {"filter": "butterworthBP3rd05To3Hz", "count": 3}}"#
                .write(to: config, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("o.csv"), svg = dir.appendingPathComponent("o.svg")
            let r = Self.run(["--source", "sine", "--amplitude", "0.8", "--frequency", "2", "--samples", "300", "--leading-zeros", "30",
                              "--config", config.path, "--threshold", "0.25", "--output", out.path, "--svg", svg.path, "--events"])
            #expect(r.exitCode == 0, "\(r.standardError)")
            let rows = Self.rows(try String(contentsOf: out, encoding: .utf8))
            #expect(rows.count == 300)
            // Leading zeros, then the sine on every axis.
            #expect(rows[29][1] == "0.0" && rows[30][1] == "0.0" && Double(rows[31][1])! > 0)
            // x: Apple's low-pass, by hand for the first non-zero sample: a = dt/(dt+RC) = 1/13.
            let x31 = Double(rows[31][1])!
            #expect(abs(Double(rows[31][2])! - x31 / 13) <= 1e-15)
            // The flag's threshold (0.25) applies to every axis; the events say when each fired.
            let events = r.standardOutput.split(separator: "\n")
            // y's 2nd-order 5 Hz high-pass leaves 0.16 of the 2 Hz sine (RMS 0.09): it never fires.
            #expect(Set(events.map { $0.split(separator: " ")[1] }) == ["x", "z"], "\(r.standardOutput)")
            #expect(rows.allSatisfy { Double($0[7])! < 0.25 && $0[8] == "0" })
            for line in events {
                let parts = line.split(separator: " ")
                let axis = ["x": 0, "y": 1, "z": 2][String(parts[1])]!
                let sample = Int(parts[3].dropFirst("sample=".count))!
                #expect(Double(rows[sample][3 + 4 * axis])! > 0.25)
                #expect(rows[sample][4 + 4 * axis] == "1" && rows[sample - 1][4 + 4 * axis] == "0")
            }
            // Shake!'s screen: three graphs, the four colours, parsed as XML.
            let text = try String(contentsOf: svg, encoding: .utf8)
            #expect(XMLParser(data: Data(text.utf8)).parse())
            for axis in ["x axis: Apple low-pass 5.0", "y axis: -Bu -Hp -o 2 --corner 5", "z axis: Butterworth BP 3rd 0.5 to 3 Hz"] {
                #expect(text.contains(axis), "\(axis)")
            }
            for colour in ["#d62728", "#2ca02c", "#1f77b4", "#ff69b4"] { #expect(text.contains(colour)) }
        }
    }

    /// Uneven times are reported once, with where.
    @Test func unevenSpacingIsNoted() {
        let r = Self.run(["--sample-rate", "10"], input: "0,0,0,1\n0.1,0,0,1\n0.25,0,0,1\n0.3,0,0,1\n0.5,0,0,1\n")
        #expect(r.exitCode == 0)
        #expect(r.standardError.hasPrefix("note: the samples are not evenly spaced: 0.1 s to 0.25 s (sample 2) is not 1/10.0 s; the filters assume it is\nsummary: "))
        #expect(r.standardError.components(separatedBy: "note:").count == 2)
    }

    @Test func generatedFilterAtAnotherRateIsRedesigned() {
        var input = ""
        for n in 0..<100 { input += "\(Double(n) / 50),0,0,1\n" }
        let r = Self.run(["--filter", "Butterworth LP 5 Hz"], input: input)
        #expect(r.exitCode == 0)
        #expect(r.standardError.contains("note: 'Butterworth LP 5 Hz' redesigned for the data's 50.0 Hz"))
        // z = 1 through a unity-gain low-pass settles at 1.
        #expect(abs(Double(Self.rows(r.standardOutput)[99][10])! - 1) <= 1e-6)
    }

    @Test(arguments: [
        (["--source", "sine", "--frequency", "40"], "--source sine: sine frequency 40 Hz must be above 0 and below Nyquist (30 Hz) for sample rate 60 Hz"),
        (["--source", "sine", "--amplitude", "3", "--frequency", "4"], "--source sine: sine amplitude 3 g must be in 0 ... 2 g"),
        (["--source", "sine"], "--source sine needs --frequency <Hz>"),
        (["--source", "step", "--filter", "apple-lowpass"], "axis x: filter 'apple-lowpass': write apple-lowpass CUTOFF"),
        (["--source", "step", "--filter", "chebyshevLP"], "axis x: filter 'chebyshevLP': is not passThrough, apple-lowpass/apple-highpass"),
        (["--source", "step", "--filter", "-Bu -Lp -o 2 --corner 35"], "axis x: filter '-Bu -Lp -o 2 --corner 35': --corner 35: corner 35 Hz is at or above Nyquist (30 Hz)"),
        (["--source", "step", "--count", "0"], "--count 0 is not allowed"),
        (["--source", "step", "--rms-window", "x"], "--rms-window 'x' is not a whole number"),
        (["--source", "noise"], "--source 'noise' must be sine, step or impulse"),
        (["--bogus"], "unknown option '--bogus'"),
        (["--amplitude", "0.5"], "--amplitude, --frequency, --samples and --leading-zeros go with --source"),
    ])
    func badOptions(_ arguments: [String], _ message: String) {
        let r = Self.run(arguments)
        #expect(r.exitCode == 1)
        #expect(r.standardError.contains(message), "\(r.standardError)")
        #expect(r.standardOutput.isEmpty)
    }

    @Test func badConfiguration() throws {
        try withTemporaryDirectory { dir in
            let config = dir.appendingPathComponent("c.json")
            for (text, message) in [(#"{"all": {"treshold": 1}}"#, #"unknown field "treshold""#),
                                    (#"{"x": {"count": 1.5}}"#, #""x"."count" is 1.5; it must be a whole number of samples in 1 ... 1000000"#),
                                    (#"{"w": {}}"#, #"unknown field "w""#),
                                    (#"{"all": {"filter": 5},}"#, ":1:23: malformed JSON: ")] {
                try text.write(to: config, atomically: true, encoding: .utf8)
                let r = Self.run(["--source", "step", "--config", config.path])
                #expect(r.exitCode == 1 && r.standardError.contains(message), "\(text): \(r.standardError)")
            }
        }
    }
}

/// A recording with gravity on z from its first sample, through Shake!'s
/// 3rd-order 0.5-3 Hz band-pass, RMS and trigger: starting in the steady state
/// (the default), nothing triggers; from rest, gravity is a 1 g step and the
/// trigger fires within the first half second.
@Test func gravityFromTheFirstSampleIsNoStep() throws {
    var csv = "t,x,y,z\n"
    var state: UInt64 = 7
    for n in 0..<600 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let noise = (Double(state >> 11) / Double(1 << 53) - 0.5) * 0.01
        csv += "\(Double(n) / 60),\(noise),\(-noise),\(1 + noise)\n"
    }
    try withTemporaryDirectory { dir in
        let input = dir.appendingPathComponent("still.csv")
        try csv.write(to: input, atomically: true, encoding: .utf8)
        let arguments = [input.path, "--sample-rate", "60", "--filter", "butterworthBP3rd05To3Hz", "--threshold", "0.1", "--count", "6", "--events", "--output", dir.appendingPathComponent("out.csv").path]
        let steady = PipelineProgram.run(arguments: arguments)
        #expect(steady.exitCode == 0, "\(steady.standardError)")
        #expect(!steady.standardOutput.contains("trigger"), "\(steady.standardOutput)")
        let fromRest = PipelineProgram.run(arguments: arguments + ["--initial-state", "zero"])
        #expect(fromRest.exitCode == 0)
        let onset = fromRest.standardOutput.split(separator: "\n").first { $0.hasPrefix("trigger z t=") }
        let t = onset.flatMap { Double($0.split(separator: " ")[2].dropFirst(2)) }
        #expect(t != nil && t! < 0.5, "\(fromRest.standardOutput)")
    }
}

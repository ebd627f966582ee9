import EmissionTemplates
import FilterDesign
import FilterEmission
import FilterRequests
import FilterRuntime
import Foundation
import Testing

/// FIR filters as code: the C header (float and double, step and block)
/// compiles with `-Wall -Wextra -Werror` in C99 and in GNU C11 for the host
/// CPU (where GCC would fuse products into FMAs unless the header stops it)
/// and its outputs are `FIRDirectForm`'s bit for bit; node runs the
/// JavaScript bit for bit as `FIRDirectForm<Double>`; the Swift compiles in
/// Swift 6 mode with warnings as errors and reads back every tap exactly;
/// CMSIS's coefficients are the taps time-reversed. Hostile names stay in
/// comments and literals.
@Suite struct FIREmissionTests {
    /// Designs of several lengths (below, at and above the eight lanes),
    /// symmetric and not (a minimum-phase filter), with names that try to
    /// break out of comments and literals.
    static func filters() throws -> [FIRTemplate] {
        let lowPass = try remez(taps: 31, bands: [0, 0.2, 0.25, 0.5], desired: [1, 0]).taps
        let long = try firwin(taps: 101, cutoffs: [0.1], band: .lowpass)
        let minimum = try minimumPhase(taps: firwin(taps: 63, cutoffs: [0.2], band: .lowpass), method: .homomorphic)
        let odd: [Double] = [0.5, -0.25, 0.125, 1e-300, -3.5e-17, 0.0625, 0.03125]
        let taps: [(String, [Double])] = [
            ("low pass */ \"31\"", lowPass), ("long 101", long), ("min phase", minimum), ("seven", odd), ("one", [0.75]),
            ("eight", (0..<8).map { Double($0) - 3.5 }), ("nine", (0..<9).map { 1 / Double($0 + 1) }),
        ]
        return taps.map { FIRTemplate(name: $0.0, description: "d </script> */", designSampleRate: 60, taps: $0.1,
                                      mkfilterCommandLine: "mkfilter test */ <script>") }
    }

    static func input(_ count: Int) -> [Double] {
        var state: UInt64 = 12345
        return (0..<count).map { n in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return n == 7 ? 1e30 : Double(Int64(bitPattern: state >> 1) % 2_000_001) / 1_000_000 - 1
        }
    }

    @Test(.timeLimit(.minutes(5))) func cCompilesAndMatchesTheRuntimeBitForBit() throws {
        let compilers = CEmissionTests.compilers
        guard !compilers.isEmpty else { Issue.record("no C compiler"); return }
        let filters = try Self.filters()
        let x = Self.input(300)
        let dir = try Support.temporaryDirectory("fir-c-emission")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (label, cc, flags) in compilers {
            for precision in [CEmitter.Precision.double, .float] {
                let header = try FIREmitter.c(filters, prefix: "test", precision: precision)
                let real = precision.rawValue
                var main = "#include <stdio.h>\n#include \"fir.h\"\nstatic const \(real) x[\(x.count)] = {"
                main += x.map { formatC("%.17g", precision == .float ? Double(Float($0)) : $0) }.joined(separator: ", ") + "};\n"
                main += "int main(void) {\n  \(real) y[\(x.count)];\n"
                for t in filters {
                    let id = try CEmitter.identifier(t.name, prefix: "test")
                    // The first 100 one at a time, the rest as a block.
                    main += "  { \(id)_state s; \(id)_init(&s); for (int n = 0; n < 100; n++) y[n] = \(id)_step(&s, x[n]);\n"
                    main += "    \(id)_block(&s, x + 100, y + 100, \(x.count - 100));\n"
                    main += "    for (int n = 0; n < \(x.count); n++) printf(\"%.17g\\n\", (double)y[n]); }\n"
                }
                main += "  return 0;\n}\n"
                guard let values = try Support.buildAndRunC(cc, flags, header: header, named: "fir.h", main: main,
                                                            executable: "fir", in: dir, label: "\(label), \(precision)")
                else { continue }
                #expect(values.count == x.count * filters.count)
                guard values.count == x.count * filters.count else { continue }
                for (k, t) in filters.enumerated() {
                    let got = Array(values[(x.count * k)..<(x.count * (k + 1))])
                    let expected: [Double]
                    if precision == .float {
                        var filter = FIRDirectForm<Float>(t)
                        expected = x.map { Double(filter.process(Float($0))) }
                    } else {
                        var filter = FIRDirectForm<Double>(t)
                        expected = x.map { filter.process($0) }
                    }
                    let differing = zip(got, expected).filter { $0.bitPattern != $1.bitPattern }.count
                    #expect(differing == 0, "\(label), \(precision), \(t.name): \(differing) of \(x.count) outputs differ")
                }
            }
        }
    }

    // The limit catches a node that hangs: in CI the debug suite runs beside
    // the release lane on two cores and its tests take up to 12 minutes of
    // wall time together; 2 minutes was exceeded there once.
    @Test(.timeLimit(.minutes(10))) func nodeRunsTheJavaScriptAsTheRuntimeDoes() throws {
        let filters = try Self.filters()
        let source = try FIREmitter.js(filters, namespace: "Test")
        #expect(!source.contains("</script>") && !source.contains("<script>"))
        let x = Self.input(200)
        let script = """
            const Test = require("./filters.js");
            const x = [\(x.map(SwiftSource.doubleLiteral).joined(separator: ", "))];
            for (const key of Object.keys(Test)) {
              const f = Test[key].create();
              console.log(JSON.stringify(x.map((v) => f.step(v))));
            }
            """
        guard let run = try JSEmissionTests.node(source, script) else { Issue.record("no node"); return }
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == filters.count)
        for (line, t) in zip(lines, filters) {
            let got = line.dropFirst().dropLast().split(separator: ",").map { Double($0)! }
            var filter = FIRDirectForm<Double>(t)
            let expected = x.map { filter.process($0) }
            let differing = zip(got, expected).filter { $0.bitPattern != $1.bitPattern }.count
            #expect(got.count == expected.count && differing == 0, "\(t.name): \(differing) outputs differ")
        }
    }

    @Test(.timeLimit(.minutes(5))) func swiftCompilesCleanlyAndReadsBackEveryTap() throws {
        guard let swiftc = Support.tool("swiftc") else { Issue.record("no swiftc"); return }
        let filters = try Self.filters()
        let source = try FIREmitter.swift(filters, namespace: "Taps")
        let dir = try Support.runtimeModuleDirectory("fir-swift-emission")
        defer { try? FileManager.default.removeItem(at: dir) }
        try source.write(to: dir.appendingPathComponent("Taps.swift"), atomically: true, encoding: .utf8)
        let main = """
            import FilterRuntime
            @main struct Main {
                static func main() {
                    for t in [\(filters.map { "Taps.\(SwiftSource.identifier($0.name))" }.joined(separator: ", "))] {
                        var f = FIRDirectForm<Float>(t)
                        print(t.name.utf8.count, t.taps.map(\\.bitPattern), f.process(1).bitPattern)
                    }
                    print(resampled())
                    print(decimated())
                }
            }
            """
        try main.write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        // A resampler's Swift (mkfilter resample --emit swift) compiles in the
        // same program and runs as PolyphaseResampler with the same taps.
        let filter = try ResamplingFilter(up: 3, down: 2)
        let resampler = ResamplerEmitter.Resampler(
            template: FIRTemplate(name: "by 3/2 \"*/", description: "", designSampleRate: 1, taps: filter.taps, mkfilterCommandLine: "mkfilter resample --up 3 --down 2"),
            up: filter.up, down: filter.down)
        try ResamplerEmitter.swift(resampler, namespace: "ThreeHalves")
            .write(to: dir.appendingPathComponent("ThreeHalves.swift"), atomically: true, encoding: .utf8)
        try """
            import FilterRuntime
            func resampled() -> [UInt64] {
                var r = ThreeHalves.makeResampler()
                var out: [Double] = []
                for n in 0..<40 { r.push(Double(n % 5) - 2, into: &out) }
                r.finish(into: &out)
                return out.map(\\.bitPattern)
            }
            func decimated() -> [UInt64] {
                var d = DecimateBy8.makeDecimator()
                return d.process((0..<200).map { Double($0 % 7) - 3 }).map(\\.bitPattern)
            }
            """.write(to: dir.appendingPathComponent("resampled.swift"), atomically: true, encoding: .utf8)
        // A multistage decimator's Swift (mkfilter decimator --emit swift) runs
        // as DecimatingCascade with the same stages, bit for bit.
        let decimator = try MultistageDecimator.design(.init(factor: 8, passbandEdge: 0.05, passbandLoss: 0.1, stopbandAttenuation: 80))
        try decimator.code(.swift, name: "decimate by 8", commandLine: "mkfilter decimator \"*/ --factor 8").code
            .write(to: dir.appendingPathComponent("Decimator.swift"), atomically: true, encoding: .utf8)
        let build = try Support.run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                                             "-I", dir.path, "-L", dir.path, "-lFilterRuntime",
                                             "Taps.swift", "ThreeHalves.swift", "Decimator.swift", "resampled.swift", "main.swift",
                                             "-o", "readback"], in: dir)
        #expect(build.status == 0, "generated Swift did not compile cleanly:\n\(build.err)")
        guard build.status == 0 else { return }
        let lines = try Support.run(dir.appendingPathComponent("readback").path, []).out.split(separator: "\n").map(String.init)
        let expected = filters.map { t -> String in
            var f = FIRDirectForm<Float>(t)
            return "\(t.name.utf8.count) \(t.taps.map(\.bitPattern)) \(f.process(1).bitPattern)"
        }
        var r = PolyphaseResampler(up: 3, down: 2, taps: filter.taps)
        var out: [Double] = []
        for n in 0..<40 { r.push(Double(n % 5) - 2, into: &out) }
        r.finish(into: &out)
        #expect(out.count == 60)
        var cascade = DecimatingCascade(stages: decimator.stages.map { ($0.factor, $0.taps) })
        let decimated = cascade.process((0..<200).map { Double($0 % 7) - 3 })
        #expect(decimated.count == 25)
        #expect(lines == expected + ["\(out.map(\.bitPattern))", "\(decimated.map(\.bitPattern))"])
    }

    @Test func cmsisCoefficientsAreTheTapsTimeReversedInFloat() throws {
        let t = try Self.filters()[2]
        let header = try FIREmitter.cmsis([t], prefix: "arm")
        #expect(header.contains("#define ARM_MIN_PHASE_NUM_TAPS \(t.taps.count)"))
        #expect(header.contains("arm_fir_init_f32(&s, ARM_MIN_PHASE_NUM_TAPS, arm_min_phase_coefficients"))
        let body = header.components(separatedBy: "arm_min_phase_coefficients[ARM_MIN_PHASE_NUM_TAPS]")[1]
            .components(separatedBy: "= {")[1].components(separatedBy: "};")[0]
        let values = body.split(whereSeparator: { ", \n".contains($0) }).map { Float(String($0.dropLast()))! }
        #expect(values == t.taps.reversed().map { Float($0) })
        #expect(!header.contains("*/ \"") || header.components(separatedBy: "*/").count == header.components(separatedBy: "/*").count)
    }

    @Test func refusesWhatCannotBeWritten() {
        let bad = FIRTemplate(name: "x", description: "", designSampleRate: 1, taps: [1, .nan], mkfilterCommandLine: "")
        #expect(throws: EmissionError.self) { try FIREmitter.c([bad], prefix: "p", precision: .double) }
        #expect(throws: EmissionError.self) { try FIREmitter.swift([bad], namespace: "N") }
        let big = FIRTemplate(name: "x", description: "", designSampleRate: 1, taps: [1e300], mkfilterCommandLine: "")
        #expect(throws: EmissionError.self) { try FIREmitter.c([big], prefix: "p", precision: .float) }
        #expect(throws: EmissionError.self) { try FIREmitter.cmsis([big], prefix: "p") }
        #expect((try? FIREmitter.c([big], prefix: "p", precision: .double)) != nil)
        let same = [FIRTemplate(name: "a b", description: "", designSampleRate: 1, taps: [1], mkfilterCommandLine: ""),
                    FIRTemplate(name: "a-b", description: "", designSampleRate: 1, taps: [1], mkfilterCommandLine: "")]
        #expect(throws: EmissionError.self) { try FIREmitter.c(same, prefix: "p", precision: .double) }
        #expect(throws: EmissionError.self) { try FIREmitter.js(same, namespace: "N") }
        // Names that differ only in case would define the same macros.
        let cased = [FIRTemplate(name: "lowpass", description: "", designSampleRate: 1, taps: [1], mkfilterCommandLine: ""),
                     FIRTemplate(name: "LowPass", description: "", designSampleRate: 1, taps: [1, 2], mkfilterCommandLine: "")]
        #expect(throws: EmissionError.self) { try FIREmitter.c(cased, prefix: "p", precision: .float) }
        let empty = FIRTemplate(name: "x", description: "", designSampleRate: 1, taps: [], mkfilterCommandLine: "")
        #expect(throws: EmissionError.self) { try FIREmitter.c([empty], prefix: "p", precision: .double) }
        #expect(throws: EmissionError.self) { try FIREmitter.cmsis([empty], prefix: "p") }
        #expect(FIREmitter.summary([1, 2, 1]) == "3 taps, linear phase (symmetric): delay 1 samples")
        #expect(FIREmitter.summary([1, -1]) == "2 taps, linear phase (antisymmetric): delay 1/2 samples")
        #expect(FIREmitter.summary([1, 2]) == "2 taps")
    }

    /// vDSP: the Swift typechecks warning-free on Linux (the Accelerate part
    /// left out), and with Accelerate's two functions stood in by Apple's
    /// documented formula (C[n] = sum_p A[n+p] F[p] for positive strides) it
    /// compiles and filters blocks of 7 as the convolution y[n] = sum_k h[k]
    /// x[n-k] does: the reversal and the history of N - 1 inputs are right.
    @Test(.timeLimit(.minutes(5))) func vdspConvolvesBlockByBlock() throws {
        guard let swiftc = Support.tool("swiftc") else { Issue.record("no swiftc"); return }
        let filters = Array(try Self.filters().prefix(3))
        let source = try FIREmitter.vdsp(filters, namespace: "Taps")
        #expect(source.contains("#if canImport(Accelerate)") && source.contains("vDSP_conv(signal, 1, reversed, 1"))
        let dir = try Support.temporaryDirectory("fir-vdsp")
        defer { try? FileManager.default.removeItem(at: dir) }
        try source.write(to: dir.appendingPathComponent("Taps.swift"), atomically: true, encoding: .utf8)
        let check = try Support.run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-typecheck", "Taps.swift"], in: dir)
        #expect(check.status == 0, "\(check.err)")
        let stubbed = source.replacingOccurrences(of: "#if canImport(Accelerate)\nimport Accelerate", with: "#if true")
        try stubbed.write(to: dir.appendingPathComponent("Taps.swift"), atomically: true, encoding: .utf8)
        let stub = """
            typealias vDSP_Length = UInt
            typealias vDSP_Stride = Int
            func vDSP_conv(_ a: UnsafePointer<Float>, _ ia: vDSP_Stride, _ f: UnsafePointer<Float>, _ iF: vDSP_Stride,
                           _ c: UnsafeMutablePointer<Float>, _ ic: vDSP_Stride, _ n: vDSP_Length, _ p: vDSP_Length) {
                for i in 0..<Int(n) { var s: Float = 0; for k in 0..<Int(p) { s += a[(i + k) * ia] * f[k * iF] }; c[i * ic] = s }
            }
            func vDSP_convD(_ a: UnsafePointer<Double>, _ ia: vDSP_Stride, _ f: UnsafePointer<Double>, _ iF: vDSP_Stride,
                            _ c: UnsafeMutablePointer<Double>, _ ic: vDSP_Stride, _ n: vDSP_Length, _ p: vDSP_Length) {
                for i in 0..<Int(n) { var s = 0.0; for k in 0..<Int(p) { s += a[(i + k) * ia] * f[k * iF] }; c[i * ic] = s }
            }
            """
        try stub.write(to: dir.appendingPathComponent("Stub.swift"), atomically: true, encoding: .utf8)
        let types = filters.map { SwiftSource.typeName($0.name) + "Filter" }
        let main = """
            @main struct Main {
                static func main() {
                    let x: [Double] = (0..<61).map { Double(($0 * 37) % 11) - 5 }
            \(types.map { t in """
                    do {
                        var f = Taps.\(t)(), d = Taps.\(t)Double()
                        var y: [Float] = [], yd: [Double] = []
                        for start in stride(from: 0, to: x.count, by: 7) {
                            let block = Array(x[start..<min(start + 7, x.count)])
                            y += f.process(block.map { Float($0) })
                            yd += d.process(block)
                        }
                        print(y.map { String($0) }.joined(separator: ","))
                        print(yd.map { String($0) }.joined(separator: ","))
                    }
            """ }.joined(separator: "\n"))
                }
            }
            """
        try main.write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let build = try Support.run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                                             "Taps.swift", "Stub.swift", "main.swift", "-o", "conv"], in: dir)
        #expect(build.status == 0, "\(build.err)")
        guard build.status == 0 else { return }
        let lines = try Support.run(dir.appendingPathComponent("conv").path, []).out.split(separator: "\n")
        #expect(lines.count == 2 * filters.count)
        let x: [Double] = (0..<61).map { Double(($0 * 37) % 11) - 5 }
        for (i, t) in filters.enumerated() where 2 * i + 1 < lines.count {
            let exact = x.indices.map { n in (0..<min(t.taps.count, n + 1)).reduce(0.0) { $0 + t.taps[$1] * x[n - $1] } }
            let peak = exact.map(abs).max()!
            let float = lines[2 * i].split(separator: ",").map { Double($0)! }
            let double = lines[2 * i + 1].split(separator: ",").map { Double($0)! }
            #expect(float.count == x.count && double.count == x.count, "\(t.name)")
            guard float.count == x.count, double.count == x.count else { continue }
            let floatError = zip(float, exact).map { abs($0 - $1) }.max()!
            let doubleError = zip(double, exact).map { abs($0 - $1) }.max()!
            #expect(floatError <= 1e-5 * peak && doubleError <= 1e-12 * peak, "\(t.name): \(floatError / peak), \(doubleError / peak)")
        }
    }
}

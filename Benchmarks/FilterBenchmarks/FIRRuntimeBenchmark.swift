// The runtime's FIR filter (FIRDirectForm) against the fastest C this machine
// compiles for the same taps and the same target, in one run (issue 55's
// goals, as ratios):
//
// - a block at a time: at most 1.25x the fastest C per sample from 31 taps
//   and 1.5x at 15, the C compiled -O3 for the target the Swift was built for
//   (`cSpeedFlags`: the baseline by default, this CPU with `--native`), the
//   taps as constants (the plain sum over k, and the runtime's 32 partial
//   sums, which GCC vectorizes and, in its GNU dialect, fuses into FMAs; the
//   faster counts);
// - one sample at a time (`process(_:)` in a loop): at most 2x the block or
//   6 ns, whichever is more.
// - for reference: the fastest C with -ffp-contract=off (the runtime's own
//   arithmetic: every product rounded, no FMA), and the emitted C
//   (`--emit c`), bit for bit the runtime.
// - on the host, in Double: FFTW's overlap-save (`OverlapSave`, as
//   `spectrum --filter` runs long FIR filters) against the direct form's
//   block, 31 to 4095 taps: from how many taps the FFT is faster.
//
//   swift run -c release filter-benchmarks --fir-only
import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation

/// C over `taps` as constants: the block `fir(input, output, count)` with the
/// input preceded by N - 1 samples of history, summed as `kernel` says.
func firCProgram(_ taps: [Double], real: String, kernel: String) -> String {
    let literal = { (x: Double) in real == "float" ? String(format: "%.9ef", Double(Float(x))) : String(format: "%.17e", x) }
    let n = taps.count
    let body: String
    if kernel == "plain" {
        body = """
            static void fir(const real *restrict x, real *restrict y, long count) {
                for (long i = 0; i < count; i++) {
                    real acc = 0;
                    for (int k = 0; k < N; k++) acc += h[k] * x[i + N - 1 - k];
                    y[i] = acc;
                }
            }
            """
    } else {
        body = """
            static void fir(const real *restrict x, real *restrict y, long count) {
                for (long i = 0; i < count; i++) {
                    const real *w = x + i;
                    real a[32] = {0}, s[8];
                    int j = 0;
                    for (; j + 32 <= N; j += 32)
                        for (int l = 0; l < 32; l++) a[l] += r[j + l] * w[j + l];
                    for (; j < N; j++) a[j & 31] += r[j] * w[j];
                    for (int l = 0; l < 8; l++) s[l] = (a[l] + a[l + 8]) + (a[l + 16] + a[l + 24]);
                    y[i] = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
                }
            }
            """
    }
    let definitions = "typedef \(real) real;\n#define N \(n)\n"
        + "static const real h[N] = { \(taps.map(literal).joined(separator: ", ")) };\n"
        + "static const real r[N] = { \(taps.reversed().map(literal).joined(separator: ", ")) };\n"
        + "static real padded[(1 << 22) + N];\n" + body
        + "\nstatic void run(const real *input, real *output, long count) {\n"
        + "    for (long i = 0; i < count; i++) padded[N - 1 + i] = input[i];\n"
        + "    fir(padded, output, count);\n}\n"
    return timedCProgram(definitions: definitions, state: "(void)h; (void)r;", call: "run(input, output, count);", real: real)
}

/// The emitted C header's step function, once a sample.
func emittedFIRCProgram(_ taps: [Double], real: String) throws -> String {
    let template = FIRTemplate(name: "bench", description: "", designSampleRate: 1, taps: taps, mkfilterCommandLine: "")
    let header = try FIREmitter.c([template], prefix: "bench", precision: real == "float" ? .float : .double)
    return timedCProgram(definitions: header, state: "bench_bench_state f; bench_bench_init(&f);",
                         call: "for (long n = 0; n < count; n++) output[n] = bench_bench_step(&f, input[n]);", real: real)
}

@inline(never)
func runFIRBlock<S: FIRSample>(_ filter: inout FIRDirectForm<S>, _ input: [S], _ output: inout [S]) {
    input.withUnsafeBufferPointer { i in
        output.withUnsafeMutableBufferPointer { o in filter.process(i, into: o) }
    }
}

@inline(never)
func runFIRPerSample<S: FIRSample>(_ filter: inout FIRDirectForm<S>, _ input: [S], _ output: inout [S]) {
    for n in input.indices { output[n] = filter.process(input[n]) }
}

/// ns/sample of `FIRDirectForm` over `input`, block or per sample, best of `repeats`.
func measureFIR<S: FIRSample>(_ taps: [Double], _ input: [S], perSample: Bool, repeats: Int) -> Double {
    var output = [S](repeating: 0, count: input.count)
    var best = Double.infinity
    for _ in 0..<repeats {
        var filter = FIRDirectForm<S>(taps)
        let start = DispatchTime.now().uptimeNanoseconds
        if perSample { runFIRPerSample(&filter, input, &output) } else { runFIRBlock(&filter, input, &output) }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(input.count))
    }
    return best
}

/// ns/sample of `FIRDirectForm` over `input` a block at a time and a sample
/// at a time, best of `repeats` each, taken in turn (`measureFormBoth`).
func measureFIRBoth<S: FIRSample>(_ taps: [Double], _ input: [S], repeats: Int) -> (block: Double, perSample: Double) {
    var output = [S](repeating: 0, count: input.count)
    var best = (block: Double.infinity, perSample: Double.infinity)
    for _ in 0..<repeats {
        for perSample in [false, true] {
            var filter = FIRDirectForm<S>(taps)
            let start = DispatchTime.now().uptimeNanoseconds
            if perSample { runFIRPerSample(&filter, input, &output) } else { runFIRBlock(&filter, input, &output) }
            let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(input.count)
            if perSample { best.perSample = min(best.perSample, ns) } else { best.block = min(best.block, ns) }
        }
    }
    return best
}

func firRuntimeBenchmark(samples: Int, repeats: Int, in dir: URL) throws {
    let input = noise(samples).map { Float($0) }
    let doubleInput = input.map(Double.init)
    print("")
    print("FIR runtime (FIRDirectForm), ns/sample, best of \(repeats), \(samples) samples; C: \(cSpeedLabel), taps constant")
    print("taps  real    C plain C 32 lanes  fastest C |  block  ratio (goal <= 1.25, 1.5 at 15) | per sample  /block  /max(2 x block, 6 ns) (goal <= 1) | C no FMA  ratio | emitted C")
    var worstBlock = 0.0, worstBlock15 = 0.0, worstStep = 0.0, worstUnfused = 0.0
    for count in [15, 31, 63, 127, 255] {
        let taps = try firwin(taps: count, cutoffs: [0.1], band: .lowpass)
        for real in ["float", "double"] {
            let plain = try runCProgram(firCProgram(taps, real: real, kernel: "plain"), in: dir, samples: samples, repeats: repeats)
            let lanes = try runCProgram(firCProgram(taps, real: real, kernel: "lanes"), in: dir, samples: samples, repeats: repeats)
            let emitted = try runCProgram(emittedFIRCProgram(taps, real: real), in: dir, samples: samples, repeats: repeats)
            let fastest = min(plain, lanes)
            let noFMA = cSpeedFlags + ["-ffp-contract=off"]
            let unfused = min(try runCProgram(firCProgram(taps, real: real, kernel: "plain"), in: dir, samples: samples, repeats: repeats, flags: noFMA),
                              try runCProgram(firCProgram(taps, real: real, kernel: "lanes"), in: dir, samples: samples, repeats: repeats, flags: noFMA))
            let (block, single) = real == "float" ? measureFIRBoth(taps, input, repeats: repeats)
                : measureFIRBoth(taps, doubleInput, repeats: repeats)
            if count == 15 { worstBlock15 = max(worstBlock15, block / fastest) } else { worstBlock = max(worstBlock, block / fastest) }
            // Against its goal, 2x the block or 6 ns, whichever is more.
            worstStep = max(worstStep, single / max(2 * block, 6))
            worstUnfused = max(worstUnfused, block / unfused)
            print(String(format: "%4d  %-6@ %8.2f  %9.2f  %9.2f | %6.2f  %5.2f                          | %10.2f  %6.2f  %5.2f                              | %8.2f  %5.2f | %9.2f",
                         count, real as NSString, plain, lanes, fastest, block, block / fastest, single, single / block,
                         single / max(2 * block, 6), unfused, block / unfused, emitted))
        }
    }
    print(String(format: "  block against the fastest C: worst ratio %.2f from 31 taps (goal <= 1.25), %.2f at 15 (goal <= 1.5)",
                 worstBlock, worstBlock15))
    print(String(format: "  per sample against max(2 x block, 6 ns): worst %.2f (goal <= 1)", worstStep))
    print(String(format: "  block against the fastest C without FMA (-ffp-contract=off, the runtime's arithmetic): worst ratio %.2f", worstUnfused))
}

@inline(never)
func runOverlapSave(_ taps: [Double], _ input: [Double], _ output: inout [Double]) {
    let f = OverlapSave(taps: taps)
    output.removeAll(keepingCapacity: true)
    for x in input { f.push(x, into: &output) }
    f.finish(into: &output)
}

/// ns/sample of `OverlapSave` and of `FIRDirectForm<Double>`'s block, and
/// the first tap count (of those measured) from which the FFT is faster.
func overlapSaveBenchmark(samples: Int, repeats: Int) throws {
    let input = noise(samples, seed: 99)
    print("")
    print("FIR on the host in Double: FFTW overlap-save (OverlapSave) against the direct form's block, ns/sample, best of \(repeats)")
    print("taps   FFT   direct  overlap-save  direct/FFT   max |difference| / max |y|")
    var crossover: Int?
    for count in [31, 63, 127, 255, 511, 1023, 2047, 4095] {
        let taps = try firwin(taps: count, cutoffs: [0.05], band: .lowpass)
        let direct = measureFIR(taps, input, perSample: false, repeats: repeats)
        var output: [Double] = []
        output.reserveCapacity(samples)
        var best = Double.infinity
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            runOverlapSave(taps, input, &output)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(samples))
        }
        var reference = FIRDirectForm<Double>(taps)
        let exact = reference.process(input)
        let peak = exact.map(abs).max()!
        let difference = zip(output, exact).map { abs($0 - $1) }.max()! / peak
        if best < direct && crossover == nil { crossover = count }
        if best >= direct { crossover = nil }
        print(String(format: "%5d  %5d  %7.2f  %12.2f  %10.2f   %.2e", count, OverlapSave.fftLength(taps: count), direct, best,
                     direct / best, difference))
    }
    print("  overlap-save is faster from \(crossover.map { "\($0) taps" } ?? "no count measured") on (the threshold `spectrum --filter` uses: \(OverlapSave.directFormLimit + 1) taps)")
}

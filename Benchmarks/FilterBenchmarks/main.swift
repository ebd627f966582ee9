// Speed of the runtime filter against Fisher's gencode -ansic loop compiled with
// cc -O2 (double), for the same filters, measured in one run. Prints ns/sample
// and the ratio Swift / C (<= 1.0 means at least as fast as the C).
//
//   swift run -c release filter-benchmarks
//   swift run -c release filter-benchmarks --pipeline-only   (Shake!'s pipeline: API and CLI)
//   swift run -c release filter-benchmarks --forms-only      (the section forms against C)
//   swift run -c release filter-benchmarks --design-only     (design speed against scipy)
//   swift run -c release filter-benchmarks --response-only   (the sections' response against sosfreqz)
//   swift run -c release filter-benchmarks --fir-only        (FIR design speed against scipy,
//                                                             the FIR runtime against C)
//   swift run -c release filter-benchmarks --fir-runtime-only (the FIR runtime against C only)
//   swift run -c release filter-benchmarks --write docs/figures.md
//                                   (every table, into the one file the docs cite)
import FilterAnalysis
import FilterDesign
import FilterEmission
import FisherCompatibility
import FilterRuntime
import Foundation
import GeneratedFilters

struct Case { var label: String; var spec: FilterRecipe }

let figurePath = FigureFile.requestedPath(CommandLine.arguments)
if let figurePath { FigureFile.begin(figurePath) }

if figurePath == nil, CommandLine.arguments.contains("--design-only") {
    try designBenchmark(repeats: 20)
    try designGridBenchmark(repeats: 5)
    exit(0)
}
if figurePath == nil, CommandLine.arguments.contains("--fir-only") {
    try firBenchmark(repeats: 7)
    try inBenchmarkDirectory { dir in try firRuntimeBenchmark(samples: 1_000_000, repeats: 9, in: dir) }
    try overlapSaveBenchmark(samples: 1_000_000, repeats: 3)
    exit(0)
}
if figurePath == nil, CommandLine.arguments.contains("--fir-runtime-only") {
    try inBenchmarkDirectory { dir in try firRuntimeBenchmark(samples: 1_000_000, repeats: 9, in: dir) }
    exit(0)
}
if figurePath == nil, CommandLine.arguments.contains("--response-only") {
    try responseBenchmark(repeats: 20)
    exit(0)
}
if figurePath == nil, CommandLine.arguments.contains("--forms-only") {
    try inBenchmarkDirectory { dir in try sectionFormBenchmark(samples: 2_000_000, repeats: 9, in: dir) }
    exit(0)
}
if figurePath == nil, CommandLine.arguments.contains("--pipeline-only") {
    numberTextBenchmark()
    pipelineBenchmark(samples: 10_000_000, cliRows: 3_000_000)
    exit(0)
}

let cases = [
    Case(label: "2nd-order low-pass", spec: try! FilterRecipe(family: .butterworth, band: .lowPass, order: 2, corners: .alpha(0.1))),
    Case(label: "4th-order band-pass (8 poles)", spec: try! FilterRecipe(family: .butterworth, band: .bandPass, order: 4, corners: .alpha(0.1, 0.2))),
    Case(label: "10th-order low-pass", spec: try! FilterRecipe(family: .butterworth, band: .lowPass, order: 10, corners: .alpha(0.1))),
]
let sampleCount = 10_000_000
let repeats = 5

/// gencode's -ansic text turned into a timed C program: the placeholders
/// become an array read and write, float becomes double.
func cProgram(_ gencode: String) -> String {
    var body = gencode
        .replacingOccurrences(of: "static float", with: "static double")
        .replacingOccurrences(of: "`next input value'", with: "input[n]")
        .replacingOccurrences(of: "`next output value'", with: "output[n]")
        .replacingOccurrences(of: "static void filterloop()\n  { for (;;)", with: "static void filterloop(const double *input, double *output, long count)\n  { for (long n = 0; n < count; n++)")
    body = body.replacingOccurrences(of: "float sum;", with: "double sum;")
    return timedCProgram(definitions: body, state: "", call: "filterloop(input, output, count);", real: "double")
}

func measureC(_ template: DigitalFilterTemplate, in dir: URL) throws -> Double {
    let listing = FisherListing(commandLine: "benchmark", gain: template.gain,
                                xCoefficients: template.xCoefficients, yCoefficients: template.yCoefficients + [-1])
    return try runC(cProgram(try Gencode.render(listing, as: .ansic)), in: dir, flags: ["-O2"])
}

@inline(never)
func runRuntime(_ filter: inout DigitalFilter<Double>, _ input: [Double], _ output: inout [Double]) {
    input.withUnsafeBufferPointer { i in
        output.withUnsafeMutableBufferPointer { o in filter.process(i, into: o) }
    }
}

func measureSwift(_ template: DigitalFilterTemplate, input: [Double]) throws -> Double {
    var output = [Double](repeating: 0, count: input.count)
    var best = Double.infinity
    for _ in 0..<repeats {
        var filter = DigitalFilter<Double>(template)
        let start = DispatchTime.now().uptimeNanoseconds
        runRuntime(&filter, input, &output)
        let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(input.count)
        best = min(best, ns)
    }
    precondition(output.last!.isFinite)
    return best
}

let dir = FileManager.default.temporaryDirectory.appendingPathComponent("filter-benchmarks-\(getpid())")
try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: dir) }
let input = noise(sampleCount)
print("filter                                gencode C -O2   Swift runtime   ratio Swift/C   (ns/sample, best of \(repeats), \(sampleCount) samples)")
var rows: [(String, DigitalFilterTemplate)] = try cases.map {
    ($0.label, try TemplateBuilder.template(for: try $0.spec.design(), name: "bench", description: "", tag: 0))
}
// Emitted Swift: a template from Generated/ (compiled from generated source), on the same runtime.
rows.append(("emitted: Shake 3rd-order BP 4-8 Hz", ShakeFilters60Hz.butterworthBP3rd4To8Hz))
for (label, template) in rows {
    let cNs = try measureC(template, in: dir)
    let swiftNs = try measureSwift(template, input: input)
    print(String(format: "%-36@  %12.2f  %14.2f  %14.2f", label as NSString, cNs, swiftNs, swiftNs / cNs))
}

// MARK: Sections against a C biquad cascade

/// A timed C program running `sections` as a transposed direct form II cascade
/// (the textbook loop: sample by sample, section by section, states in arrays)
/// in `real` (double or float), compiled with cc -O3 in this run.
func cSectionsProgram(_ sections: [Biquad], real: String) -> String {
    let literal = { (x: Double) in real == "float" ? String(format: "%.9ef", Double(Float(x))) : String(format: "%.17e", x) }
    let rows = sections.map { s in "{" + [s.b0, s.b1, s.b2, s.a1, s.a2].map(literal).joined(separator: ", ") + "}" }
    let definitions = """
        #define N \(sections.count)
        static const \(real) c[N][5] = { \(rows.joined(separator: ", ")) };
        static void cascade(const \(real) *input, \(real) *output, long count, \(real) *s1, \(real) *s2) {
            for (long n = 0; n < count; n++) {
                \(real) v = input[n];
                for (int k = 0; k < N; k++) {
                    \(real) y = c[k][0] * v + s1[k];
                    s1[k] = c[k][1] * v - c[k][3] * y + s2[k];
                    s2[k] = c[k][2] * v - c[k][4] * y;
                    v = y;
                }
                output[n] = v;
            }
        }
        """
    return timedCProgram(definitions: definitions, state: "\(real) s1[N] = {0}, s2[N] = {0};",
                         call: "cascade(input, output, count, s1, s2);", real: real)
}

func runC(_ source: String, in dir: URL, flags: [String]) throws -> Double {
    try runCProgram(source, in: dir, samples: sampleCount, repeats: repeats, flags: flags)
}

@inline(never)
func runSections<F: CascadeForm>(_ filter: inout DigitalFilter<F>, _ input: [F.Sample], _ output: inout [F.Sample]) {
    input.withUnsafeBufferPointer { i in
        output.withUnsafeMutableBufferPointer { o in filter.process(i, into: o) }
    }
}

/// Best ns/sample of `DigitalFilter<F>` over `input`, a block at a time.
func measureSections<F: CascadeForm>(_ template: DigitalFilterTemplate, _ input: [F.Sample], _: F.Type) -> Double {
    var output = [F.Sample](repeating: 0, count: input.count)
    var best = Double.infinity
    for _ in 0..<repeats {
        var filter = DigitalFilter<F>(template)
        let start = DispatchTime.now().uptimeNanoseconds
        runSections(&filter, input, &output)
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(input.count))
    }
    precondition(output.last!.isFinite)
    return best
}

let sectionCases: [(String, FilterRecipe)] = [
    ("LP2  (1 section)", try! FilterRecipe(family: .butterworth, band: .lowPass, order: 2, corners: .alpha(0.1))),
    ("BP4  (2 sections)", try! FilterRecipe(family: .butterworth, band: .bandPass, order: 2, corners: .alpha(0.1, 0.2))),
    ("LP10 (5 sections)", try! FilterRecipe(family: .butterworth, band: .lowPass, order: 10, corners: .alpha(0.1))),
    ("BP20 (10 sections)", try! FilterRecipe(family: .butterworth, band: .bandPass, order: 10, corners: .alpha(0.1, 0.2))),
]
let floatInput = input.map(Float.init)
print("")
print("sections                           C TDF-II -O3   DigitalFilter   ratio   | Float TDF-II   ratio   (ns/sample, best of \(repeats))")
for (label, recipe) in sectionCases {
    let template = try TemplateBuilder.template(for: try recipe.design(), name: "bench", description: "", tag: 0)
    for real in ["double", "float"] {
        let cNs = try runC(cSectionsProgram(template.sections, real: real), in: dir, flags: ["-O3"])
        let swiftNs = real == "double" ? measureSections(template, input, Double.self) : measureSections(template, floatInput, Float.self)
        var line = String(format: "%-20@ %-6@ %12.2f  %14.2f  %6.2f", label as NSString, real as NSString, cNs, swiftNs, swiftNs / cNs)
        if real == "float" {
            let plain = measureForm(template.sections, TransposedForm<Float>.self, floatInput, .block, repeats: repeats)
            line += String(format: "   | %12.2f  %6.2f", plain, plain / cNs)
        }
        print(line)
    }
}
print("  DigitalFilter<Double> runs TDF-II, as the C does; DigitalFilter<Float> the same sections in Double inside;")
print("  SectionCascade<TransposedForm<Float>> the C's TDF-II in float.")
try sectionFormBenchmark(samples: 2_000_000, repeats: 9, in: dir)
try designBenchmark(repeats: 20)
try designGridBenchmark(repeats: 5)

// MARK: Frequency response against scipy.signal.freqz

/// Milliseconds of `scipy.signal.freqz(b, a, worN=points)` (best of `repeats`),
/// measured by python3 in this run, or nil when scipy is not installed.
func scipyFreqzMilliseconds(b: [Double], a: [Double], points: Int) -> Double? {
    scipyMilliseconds(setup: "b = [\(b.map { "\($0)" }.joined(separator: ","))]; a = [\(a.map { "\($0)" }.joined(separator: ","))]",
                      call: "s.freqz(b, a, worN=\(points))", repeats: repeats * 4)
}

func bestMilliseconds(_ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<(repeats * 4) {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return best
}

let bandPass = try! FilterRecipe(family: .butterworth, band: .bandPass, order: 10, corners: .alpha(0.1, 0.2)).design()
let transfer = TransferFunction(design: bandPass)!
// 65,537 points from 0 to 0.5 inclusive: FFTs of 131,072, scipy's 65,536 points plus Nyquist.
let grid = FrequencyGrid(count: 65_537)
var response = FrequencyResponse.fromCoefficients(transfer, grid: grid)
let compensated = bestMilliseconds { response = FrequencyResponse.fromCoefficients(transfer, grid: grid) }
var plain = FrequencyResponse.fromCoefficients(transfer, grid: grid, accuracy: .fft)
let ours = bestMilliseconds { plain = FrequencyResponse.fromCoefficients(transfer, grid: grid, accuracy: .fft) }
let fft = RealFFT(length: grid.fftLength)
let floor = bestMilliseconds { _ = fft.transform(transfer.numerator); _ = fft.transform(transfer.denominator) }
print("")
print("response of a 10th-order band-pass (20 poles), 65,536 points:")
print(String(format: "  two FFTW r2c transforms of 131,072 (the floor)   %8.3f ms", floor))
print(String(format: "  fromCoefficients(accuracy: .fft), freqz's method  %8.3f ms  (error %.1e of the peak)", ours,
             plain.largestDifference(from: response)))
print(String(format: "  fromCoefficients (compensated, the default)       %8.3f ms  (error ~1e-13 of the peak)", compensated))
let bandPassSections = bandPass.secondOrderSections()!
var sectionsResponse = SectionResponse.response(bandPassSections, grid: grid)
let bySections = bestMilliseconds { sectionsResponse = SectionResponse.response(bandPassSections, grid: grid) }
print(String(format: "  the sections' product (the default, as run)       %8.3f ms  (%.1e of the peak from the compensated direct form)", bySections,
             sectionsResponse.largestDifference(from: response)))
if let scipy = scipyFreqzMilliseconds(b: transfer.numerator.map { $0 / transfer.gain }, a: transfer.denominator, points: 65_536) {
    print(String(format: "  scipy.signal.freqz(b, a, worN=65536)              %8.3f ms", scipy))
    print(String(format: "  ratio scipy / ours, same method: %.2f (bar: >= 3); compensated direct form: %.2f; sections (default): %.2f",
                 scipy / ours, scipy / compensated, scipy / bySections))
} else {
    print("  scipy.signal.freqz: python3 with scipy not available, no ratio")
}
precondition(response.values.allSatisfy { $0.real.isFinite })

if !CommandLine.arguments.contains("--no-pipeline") {
    numberTextBenchmark()
    pipelineBenchmark(samples: 10_000_000, cliRows: 3_000_000)
}
try firBenchmark(repeats: 7)
try firRuntimeBenchmark(samples: 1_000_000, repeats: 9, in: dir)
try overlapSaveBenchmark(samples: 1_000_000, repeats: 3)
if figurePath != nil {
    print("")
    try responseBenchmark(repeats: 20)
    FigureFile.finish()
}

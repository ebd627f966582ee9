// cascade-run: runs inputs through FilterRuntime's `SectionCascade` exactly
// and prints the outputs' bits, the host's side of scripts/target-check.sh.
//
//     cascade-run float|double <filter.json> < inputs
//
// <filter.json> is what `mkfilter <design> --emit json` writes; its first
// filter's "sos" rows [b0, b1, b2, 1, a1, a2] become the cascade, as
// `SectionCascade<OffsetForm<Float>>` or `SectionCascade<Double>` runs them (Float: the offset form,
// Double: TDF-II). Each input line is a label and samples as decimal numbers
// (each must read back exactly in the precision asked for); each output line
// is the label and the outputs' bits in hex (8 digits for float, 16 for
// double), the cascade at rest before each line. A FIR design's JSON
// (`mkfilter remez ... --emit json`: top-level "taps") runs in
// `FIRDirectForm<Float>` or `<Double>` instead. A test-support tool: not a
// product, not installed.
import FilterJSON
import FilterRuntime
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cascade-run: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let precision = arguments.first, ["float", "double"].contains(precision) else {
    fail("usage: cascade-run float|double <filter.json> < inputs")
}
let path = arguments.last!
guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
let document: JSONValue
do { document = try JSONValue.parse(String(decoding: data, as: UTF8.self)) } catch { fail("\(path): \(error.description)") }

/// The first filter's sections from mkfilter's JSON.
func sections(_ document: JSONValue) -> [Biquad] {
    guard case .object(let top) = document, case .array(let filters)? = top.first(where: { $0.key == "filters" })?.value,
          case .object(let filter)? = filters.first, case .array(let rows)? = filter.first(where: { $0.key == "sos" })?.value
    else { fail("\(path): no filters[0].sos") }
    return rows.map { row in
        guard case .array(let cells) = row, cells.count == 6 else { fail("\(path): an sos row is not 6 numbers") }
        let c = cells.map { cell -> Double in
            switch cell {
            case .number(let x): return x
            case .integer(let n): return Double(n)
            default: fail("\(path): an sos entry is not a number")
            }
        }
        guard c[3] == 1 else { fail("\(path): an sos row's a0 is not 1") }
        return Biquad(b0: c[0], b1: c[1], b2: c[2], a1: c[4], a2: c[5])
    }
}

/// The outputs' bits for one input line: each word read as a `Sample`
/// (exactly, or the run fails), stepped through `step`, its output's bits in
/// `digits` hex digits.
func hexOutputs<Sample: LosslessStringConvertible & BinaryFloatingPoint>(
    _ words: ArraySlice<Substring>, digits: Int, bits: (Sample) -> UInt64, step: (Sample) -> Sample
) -> String {
    var line = ""
    for word in words {
        guard let x = Sample(String(word)), Double(x) == Double(String(word)) else {
            fail("\(word) is not a sample that \(Sample.self) holds exactly")
        }
        let hex = String(bits(step(x)), radix: 16)
        line += " " + String(repeating: "0", count: digits - hex.count) + hex
    }
    return line
}

/// The outputs' bits for one input line, the cascade from rest.
func run<Form: CascadeForm>(
    _ cascade: inout SectionCascade<Form>, _ words: ArraySlice<Substring>, digits: Int, bits: (Form.Sample) -> UInt64
) -> String where Form.Sample: LosslessStringConvertible & BinaryFloatingPoint {
    cascade.reset()
    return hexOutputs(words, digits: digits, bits: bits) { cascade.process($0) }
}

/// A FIR design's taps, if `document` is one (top-level "taps").
func taps(_ document: JSONValue) -> [Double]? {
    guard case .object(let top) = document, case .array(let cells)? = top.first(where: { $0.key == "taps" })?.value else { return nil }
    return cells.map { cell -> Double in
        switch cell {
        case .number(let x): return x
        case .integer(let n): return Double(n)
        default: fail("\(path): a tap is not a number")
        }
    }
}

/// The outputs' bits of a FIR filter for one input line, from rest.
func runFIR<Sample: FIRSample & LosslessStringConvertible & BinaryFloatingPoint>(
    _ taps: [Double], _ words: ArraySlice<Substring>, _: Sample.Type, digits: Int, bits: (Sample) -> UInt64
) -> String {
    var filter = FIRDirectForm<Sample>(taps)
    return hexOutputs(words, digits: digits, bits: bits) { filter.process($0) }
}

if let h = taps(document) {
    while let line = readLine() {
        let words = line.split(separator: " ")
        guard let label = words.first else { continue }
        let out = precision == "float"
            ? runFIR(h, words.dropFirst(), Float.self, digits: 8) { UInt64($0.bitPattern) }
            : runFIR(h, words.dropFirst(), Double.self, digits: 16) { $0.bitPattern }
        print(label + out)
    }
    exit(0)
}

let biquads = sections(document)
var single = SectionCascade<OffsetForm<Float>>(biquads)
var double = SectionCascade<Double>(biquads)
while let line = readLine() {
    let words = line.split(separator: " ")
    guard let label = words.first else { continue }
    let out = precision == "float"
        ? run(&single, words.dropFirst(), digits: 8) { UInt64($0.bitPattern) }
        : run(&double, words.dropFirst(), digits: 16) { $0.bitPattern }
    print(label + out)
}

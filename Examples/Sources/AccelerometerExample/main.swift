// Runs each generated filter over a short synthetic accelerometer signal and
// says what it did. `AccelerometerFilters` is generated at build time by the
// FilterGenerator plugin from AccelerometerFilters.filters.json.
//
//   swift run AccelerometerExample                 the report
//   swift run AccelerometerExample --coefficients  every template's numbers, for checking

import FilterRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let filters = AccelerometerFilters.all  // IIR; the FIR filters are in `allFIR`
let fs = filters[0].designSampleRate

if CommandLine.arguments.dropFirst().first == "--coefficients" {
    // One line per filter: name, sample rate, gain, x and y, every digit.
    for t in filters {
        print("\(t.name) \(t.designSampleRate) \(t.gain) x \(t.xCoefficients.map { "\($0)" }.joined(separator: " ")) y \(t.yCoefficients.map { "\($0)" }.joined(separator: " "))")
    }
    // FIR filters: name, sample rate, then the taps.
    for t in AccelerometerFilters.allFIR {
        print("\(t.name) \(t.designSampleRate) taps \(t.taps.map { "\($0)" }.joined(separator: " "))")
    }
    exit(0)
}

// Four seconds of a phone held still, then shaken: 1 g of gravity, a 4 Hz
// shake of 0.5 g from t = 1 s, a 10 Hz tremor of 0.1 g, all sampled at fs.
let count = Int(4 * fs)
let signal: [Double] = (0..<count).map { n in
    let t = Double(n) / fs
    let shake = t >= 1 ? 0.5 * sin(2 * Double.pi * 4 * t) : 0
    return 1 + shake + 0.1 * sin(2 * Double.pi * 10 * t)
}

func rms(_ x: ArraySlice<Double>) -> Double {
    (x.reduce(0) { $0 + $1 * $1 } / Double(x.count)).squareRoot()
}
func mean(_ x: ArraySlice<Double>) -> Double { x.reduce(0, +) / Double(x.count) }
func format(_ x: Double) -> String {
    let scaled = (x * 1000).rounded() / 1000
    return scaled == 0 ? "0.000" : "\(scaled)"
}

print("AccelerometerFilters at \(fs) Hz: \(filters.count + AccelerometerFilters.allFIR.count) filters over \(count) samples (\(count / Int(fs)) s)")
print("signal: 1 g gravity + 0.5 g at 4 Hz from 1 s + 0.1 g at 10 Hz")
print("")
print("filter   class       corners (Hz)   mean   rms    (last 2 s of output)")
let tail = (count / 2)..<count
for template in filters {
    var filter = DigitalFilter<Double>(template)
    let output = signal.map { filter.process($0) }
    let corners = template.cornerFrequency2 > 0
        ? "\(template.cornerFrequency1)-\(template.cornerFrequency2)" : template.cornerFrequency1 > 0 ? "\(template.cornerFrequency1)" : "-"
    let name = template.name.padding(8), kind = template.filterClass.rawValue.padding(11), band = corners.padding(14)
    print("\(name) \(kind) \(band) \(format(mean(output[tail]).magnitude).padding(6)) \(format(rms(output[tail])))")
}

// FIR filters (`"design": "firwin"` in the spec) run in FIRDirectForm.
for template in AccelerometerFilters.allFIR {
    var filter = FIRDirectForm<Double>(template)
    let output = filter.process(signal)
    let name = template.name.padding(8), kind = "FIR".padding(11), taps = "\(template.taps.count) taps".padding(14)
    print("\(name) \(kind) \(taps) \(format(mean(output[tail]).magnitude).padding(6)) \(format(rms(output[tail])))")
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}

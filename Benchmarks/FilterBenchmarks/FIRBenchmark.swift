// FIR design speed in-process against scipy in the same run: remez, firls,
// firwin, firwin2 and minimum_phase on the same designs (scipy's frequencies
// in its default Nyquist units, twice our alphas; fs=1 for remez).
//
//   swift run -c release filter-benchmarks --fir-only
import FilterDesign
import Foundation

func firBenchmark(repeats: Int) throws {
    // (label, our design, scipy's call of the same design)
    let designs: [(String, () throws -> [Double], String)] = [
        ("remez 101 taps, LP 0.2/0.25", { try remez(taps: 101, bands: [0, 0.2, 0.25, 0.5], desired: [1, 0]).taps },
         "s.remez(101, [0, 0.2, 0.25, 0.5], [1, 0], fs=1)"),
        ("remez 1001 taps, LP 0.2/0.205 w 1/10", {
            try remez(taps: 1001, bands: [0, 0.2, 0.205, 0.5], desired: [1, 0], weights: [1, 10]).taps
        }, "s.remez(1001, [0, 0.2, 0.205, 0.5], [1, 0], weight=[1, 10], fs=1)"),
        ("remez 61 taps, BP three bands", { try remez(taps: 61, bands: [0, 0.1, 0.15, 0.3, 0.35, 0.5], desired: [0, 1, 0]).taps },
         "s.remez(61, [0, 0.1, 0.15, 0.3, 0.35, 0.5], [0, 1, 0], fs=1)"),
        ("firls 2001 taps, LP 0.2/0.25", {
            try firls(taps: 2001, bands: [0, 0.2, 0.25, 0.5], desired: [1, 1, 0, 0])
        }, "s.firls(2001, [0, 0.4, 0.5, 1], [1, 1, 0, 0])"),
        ("firwin 1001 taps, hamming", { try firwin(taps: 1001, cutoffs: [0.1], band: .lowpass) },
         "s.firwin(1001, 0.2)"),
        ("firwin 1001 taps, kaiser 8", { try firwin(taps: 1001, cutoffs: [0.1], band: .lowpass, window: .kaiser(beta: 8)) },
         "s.firwin(1001, 0.2, window=('kaiser', 8))"),
        ("firwin2 1001 taps", { try firwin2(taps: 1001, frequencies: [0, 0.1, 0.2, 0.5], gains: [1, 1, 0, 0]) },
         "s.firwin2(1001, [0, 0.2, 0.4, 1], [1, 1, 0, 0])"),
    ]
    print("")
    print("FIR design in-process (ms, best of \(repeats)) against scipy's, same design")
    print("design                                 ours     scipy   ratio ours/scipy (goal <= 1)")
    for (label, design, call) in designs {
        try printAgainstScipy(label, width: 36, call: call, repeats: repeats) { try design().count }
    }
}

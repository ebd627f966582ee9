// Design speed in-process against scipy in the same run: a design's zeros,
// poles and gain and its second-order sections (ordered and scaled for Float:
// `Design.secondOrderSections()`), against scipy.signal's `butter`, `cheby1`,
// `cheby2` or `ellip` with output='sos' (its zpk2sos included).
//
//   swift run -c release filter-benchmarks --design-only
import FilterDesign
import Foundation

/// Best milliseconds of scipy.signal's `call` (`s.` is scipy.signal) after
/// `setup`, measured by python3 in this run; nil without python3 or scipy.
func scipyMilliseconds(setup: String = "", call: String, repeats: Int) -> Double? {
    let script = """
        import sys, time
        try:
            import scipy.signal as s
        except ImportError:
            sys.exit(3)
        \(setup)
        best = 1e9
        for _ in range(\(repeats)):
            t = time.perf_counter(); \(call); best = min(best, time.perf_counter() - t)
        print(best * 1e3)
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}

func designBenchmark(repeats: Int) throws {
    // (label, recipe, the same design in scipy)
    let designs: [(String, FilterRecipe, String)] = [
        ("Butterworth LP 2", try FilterRecipe(family: .butterworth, band: .lowPass, order: 2, corners: .alpha(0.1)),
         "s.butter(2, 0.2, 'lowpass', output='sos')"),
        ("Butterworth BP 10 (20 poles)", try FilterRecipe(family: .butterworth, band: .bandPass, order: 10, corners: .alpha(0.1, 0.2)),
         "s.butter(10, [0.2, 0.4], 'bandpass', output='sos')"),
        ("Chebyshev I LP 8", try FilterRecipe(family: .chebyshev(rippleDecibels: 0.5), band: .lowPass, order: 8, corners: .alpha(0.024)),
         "s.cheby1(8, 0.5, 0.048, 'lowpass', output='sos')"),
        ("Chebyshev II HP 12", try FilterRecipe(family: .chebyshev2(attenuationDecibels: 60), band: .highPass, order: 12, corners: .alpha(0.15)),
         "s.cheby2(12, 60, 0.3, 'highpass', output='sos')"),
        ("elliptic BP 12 (24 poles)", try FilterRecipe(family: .elliptic(rippleDecibels: 0.5, attenuationDecibels: 60), band: .bandPass,
                                                        order: 12, corners: .alpha(0.1, 0.2)),
         "s.ellip(12, 0.5, 60, [0.2, 0.4], 'bandpass', output='sos')"),
        ("elliptic BP 24 (48 poles)", try FilterRecipe(family: .elliptic(rippleDecibels: 0.5, attenuationDecibels: 60), band: .bandPass,
                                                        order: 24, corners: .alpha(0.1, 0.2)),
         "s.ellip(24, 0.5, 60, [0.2, 0.4], 'bandpass', output='sos')"),
    ]
    print("")
    print("design in-process: zpk and ordered, scaled sections (ms, best of \(repeats)) against scipy's output='sos'")
    print("design                          ours     scipy   ratio ours/scipy (goal <= 1)")
    for (label, recipe, call) in designs {
        try printAgainstScipy(label, width: 28, call: call, repeats: repeats) {
            try recipe.design().secondOrderSections()?.count ?? 0
        }
    }
}

/// The section grid's 936 designs (`SectionGridTests`,
/// `scripts/sos_grid_reference.py`): Butterworth, Chebyshev 0.5 and 3 dB and
/// Bessel; the four bands; orders 1-10, 12, 16, 20; five corners or four
/// pairs of band edges. Each with scipy's call for the same design.
func sectionGridDesigns() throws -> [(label: String, recipe: FilterRecipe, scipy: String)] {
    let families: [(String, FilterFamily, String)] = [
        ("Butterworth", .butterworth, "ftype='butter'"),
        ("Chebyshev 0.5 dB", .chebyshev(rippleDecibels: 0.5), "ftype='cheby1', rp=0.5"),
        ("Chebyshev 3 dB", .chebyshev(rippleDecibels: 3), "ftype='cheby1', rp=3.0"),
        ("Bessel", .bessel, ""),
    ]
    let bands: [(FilterBand, String, [[Double]])] = [
        (.lowPass, "lowpass", [[0.001], [0.01], [0.05], [0.2], [0.45]]),
        (.highPass, "highpass", [[0.001], [0.01], [0.05], [0.2], [0.45]]),
        (.bandPass, "bandpass", [[0.001, 0.005], [0.01, 0.05], [0.1, 0.2], [0.3, 0.48]]),
        (.bandStop, "bandstop", [[0.001, 0.005], [0.01, 0.05], [0.1, 0.2], [0.3, 0.48]]),
    ]
    var designs: [(String, FilterRecipe, String)] = []
    for (name, family, ftype) in families {
        for (band, btype, cornerSets) in bands {
            for order in Array(1...10) + [12, 16, 20] {
                for alphas in cornerSets {
                    let recipe = try FilterRecipe(family: family, band: band, order: order,
                                                  corners: .alpha(alphas[0], alphas.count > 1 ? alphas[1] : nil))
                    let wn = alphas.count > 1 ? "[\(2 * alphas[0]), \(2 * alphas[1])]" : "\(2 * alphas[0])"
                    let call = ftype.isEmpty
                        ? "s.bessel(\(order), \(wn), btype='\(btype)', output='sos', norm='mag')"
                        : "s.iirfilter(\(order), \(wn), btype='\(btype)', \(ftype), output='sos')"
                    designs.append(("\(name) \(btype) order \(order) \(alphas)", recipe, call))
                }
            }
        }
    }
    return designs
}

/// Best milliseconds of each scipy call, measured by python3 in one process;
/// nil without python3 or scipy.
func scipyMilliseconds(calls: [String], repeats: Int) -> [Double]? {
    let script = """
        import sys, time
        try:
            import scipy.signal as s
        except ImportError:
            sys.exit(3)
        for line in sys.stdin:
            call = compile(line.strip(), 'call', 'eval')
            best = 1e9
            for _ in range(\(repeats)):
                t = time.perf_counter(); eval(call); best = min(best, time.perf_counter() - t)
            print(best * 1e3)
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    input.fileHandleForWriting.write(Data(calls.joined(separator: "\n").utf8 + [10]))
    try? input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let times = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
    return times.count == calls.count ? times : nil
}

/// Every design of the section grid in-process, against scipy's same design
/// with output='sos': the worst and median ratios, and how many exceed 1.
func designGridBenchmark(repeats: Int) throws {
    let designs = try sectionGridDesigns()
    var ours: [Double] = []
    for (_, recipe, _) in designs {
        var best = Double.infinity
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            let sections = try recipe.design().secondOrderSections()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            precondition(sections?.isEmpty == false)
        }
        ours.append(best)
    }
    print("")
    print("the section grid's \(designs.count) designs in-process against scipy's output='sos' (best of \(repeats) each)")
    guard let scipy = scipyMilliseconds(calls: designs.map(\.scipy), repeats: repeats) else {
        print("  (scipy not available)")
        return
    }
    let ratios = zip(ours, scipy).map { $0 / $1 }
    let worst = ratios.indices.max { ratios[$0] < ratios[$1] }!
    let median = ratios.sorted()[ratios.count / 2]
    print(String(format: "  median ratio ours/scipy %.2f; worst %.2f (%@: %.3f against %.3f ms); over 1: %d (goal 0)",
                 median, ratios[worst], designs[worst].label as NSString, ours[worst], scipy[worst],
                 ratios.filter { $0 > 1 }.count))
}

/// One row: the best milliseconds of `design` (which returns a count that
/// must be above 0: sections, taps) over `repeats`, scipy's `call`, and
/// their ratio.
func printAgainstScipy(_ label: String, width: Int, call: String, repeats: Int, _ design: () throws -> Int) throws {
    var best = Double.infinity, count = 0
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        count = try design()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    precondition(count > 0)
    let padded = label.padding(toLength: max(width, label.count), withPad: " ", startingAt: 0)
    if let scipy = scipyMilliseconds(call: call, repeats: repeats) {
        print(padded + String(format: " %8.3f  %8.3f  %6.2f", best, scipy, best / scipy))
    } else {
        print(padded + String(format: " %8.3f  (scipy not available)", best))
    }
}

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
        var best = Double.infinity, count = 0
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            let sections = try recipe.design().secondOrderSections()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            count = sections?.count ?? 0
        }
        precondition(count > 0)
        if let scipy = scipyMilliseconds(call: call, repeats: repeats) {
            print(String(format: "%-28@ %7.3f  %8.3f  %6.2f", label as NSString, best, scipy, best / scipy))
        } else {
            print(String(format: "%-28@ %7.3f  (scipy not available)", label as NSString, best))
        }
    }
}

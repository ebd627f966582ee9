import ComplexModule
import Foundation
import RealModule
import Testing
@testable import FilterDesign

/// scipy's own filter-design tests as a test of ours: the digital cases of
/// `TestButtord`, `TestCheb1ord`, `TestCheb2ord`, `TestEllipord`,
/// `TestButter`, `TestCheby1`, `TestCheby2` and `TestEllip`
/// (scipy/signal/tests/test_filter_design.py, many holding MATLAB's numbers),
/// transcribed with their tolerances into
/// `Tests/Fixtures/scipy/filter-design-suite.json` by
/// `scripts/scipy_suite_transcribe.py`. The checks are ours and follow
/// scipy's assertions: numpy's `assert_allclose` (|x - y| <= atol + rtol |y|
/// elementwise), `assert_array_almost_equal` (|x - y| < 1.5 10^-decimal),
/// `math.isclose`, exact equality, and `np.all(dB(h[mask]) < level)` on
/// freqz's 512-point grid. Poles and zeros that scipy compares after sorting
/// (`_sort_cmplx`) are matched nearest first.
///
/// Frequencies are scipy's: Wn is a fraction of Nyquist (alpha = Wn / 2), or
/// Hz with `fs`. Order 0, which scipy's loops include (a pass-through), is
/// not a filter this toolkit designs; those iterations are counted apart
/// (`orderZeroIterations`), not passed.
@Suite struct ScipySuiteTests {
    typealias Object = [String: Any]

    /// The transcription, read afresh (a `[String: Any]` is not Sendable, so
    /// it is not kept in a static).
    static var document: Object {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scipy/filter-design-suite.json")
        return try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! Object
    }

    static var cases: [Object] { document["cases"] as! [Object] }

    static func name(_ c: Object) -> String { "\(c["class"]!).\(c["test"]!)[\(c["index"]!)]" }

    // MARK: Designs as scipy calls them

    static func band(_ btype: String?) -> FilterBand {
        switch btype ?? "low" {
        case "low", "lp", "lowpass": return .lowPass
        case "high", "hp", "highpass": return .highPass
        case "band", "bp", "pass", "bandpass": return .bandPass
        default: return .bandStop
        }
    }

    static func family(_ call: Object) -> FilterFamily {
        switch call["function"] as! String {
        case "butter": return .butterworth
        case "cheby1": return .chebyshev(rippleDecibels: double(call["rp"]))
        case "cheby2": return .chebyshev2(attenuationDecibels: double(call["rs"]))
        default: return .elliptic(rippleDecibels: double(call["rp"]), attenuationDecibels: double(call["rs"]))
        }
    }

    static func double(_ v: Any?) -> Double { (v as! NSNumber).doubleValue }
    static func doubles(_ v: Any?) -> [Double] { (v as! [Any]).map { double($0) } }
    static func complexes(_ v: Any?) -> [Complex<Double>] {
        (v as! [Any]).map { x in
            if let pair = x as? [Any] { return Complex(double(pair[0]), double(pair[1])) }
            return Complex(double(x), 0)
        }
    }

    /// The corners of scipy's Wn: alpha = Wn / 2, or Hz at `fs`.
    static func corners(_ wn: [Double], fs: Double?) -> Corners {
        if let fs { return .hertz(wn[0], wn.count > 1 ? wn[1] : nil, sampleRate: fs) }
        return .alpha(wn[0] / 2, wn.count > 1 ? wn[1] / 2 : nil)
    }

    static func design(_ call: Object, order: Int, wn: [Double]) throws -> Design {
        let fs = call["fs"].map { double($0) }
        return try FilterRecipe(family: family(call), band: band(call["btype"] as? String), order: order,
                                corners: corners(wn, fs: fs)).design()
    }

    /// b and a as scipy returns them (powers of z^-1, a_0 = 1): the
    /// recurrence with the design's passband gain G folded into b, as the
    /// direct-form outputs run it.
    static func transferFunction(_ d: Design) -> (b: [Double], a: [Double]) {
        let g = d.passbandGain.magnitude
        return (d.recurrence.xCoefficients.reversed().map { $0 / g }, d.recurrence.yCoefficients.reversed().map { -$0 })
    }

    // MARK: scipy's comparisons

    /// numpy's assert_allclose, elementwise.
    static func close(_ x: [Double], _ y: [Double], rtol: Double, atol: Double) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= atol + rtol * abs($1) }
    }

    /// numpy's assert_array_almost_equal.
    static func almost(_ x: [Double], _ y: [Double], decimal: Int) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { abs($1 - $0) < 1.5 * Double.pow(10, -Double(decimal)) }
    }

    /// math.isclose.
    static func isClose(_ x: Double, _ y: Double, relTol: Double, absTol: Double) -> Bool {
        abs(x - y) <= max(relTol * max(abs(x), abs(y)), absTol)
    }

    /// assert_allclose after sorting both sides alike: each expected root
    /// matched to the nearest unused one of ours.
    static func closeSorted(_ ours: [Complex<Double>], _ theirs: [Complex<Double>], rtol: Double, atol: Double) -> Bool {
        guard ours.count == theirs.count else { return false }
        var remaining = ours
        for t in theirs {
            guard let i = remaining.indices.min(by: { (remaining[$0] - t).length < (remaining[$1] - t).length }) else { return false }
            if (remaining[i] - t).length > atol + rtol * t.length { return false }
            remaining.remove(at: i)
        }
        return true
    }

    /// Why a check failed, or nil when it passed.
    static func check(_ check: Object, design d: Design, fs: Double?) -> String? {
        let kind = check["kind"] as! String
        let compare = check["compare"] as? String
        let zpk = d.normalized!
        switch kind {
        case "zeros", "poles":
            let ours = kind == "zeros" ? zpk.zeros : zpk.poles
            let theirs = complexes(check["expected"])
            switch compare {
            case "equal":
                return ours.count == theirs.count && zip(ours, theirs).allSatisfy({ $0.real == $1.real && $0.imaginary == $1.imaginary })
                    ? nil : "\(kind) not exactly scipy's: \(ours)"
            default:
                return closeSorted(ours, theirs, rtol: double(check["rtol"]), atol: double(check["atol"]))
                    ? nil : "\(kind) not within rtol \(double(check["rtol"])) of scipy's"
            }
        case "gain":
            let expected = double(check["expected"])
            return isClose(zpk.gain, expected, relTol: double(check["rel_tol"]), absTol: double(check["abs_tol"]))
                ? nil : "k = \(zpk.gain), scipy's \(expected) (rel_tol \(double(check["rel_tol"])), abs_tol \(double(check["abs_tol"])))"
        case "b", "a":
            let tf = transferFunction(d)
            let ours = kind == "b" ? tf.b : tf.a
            let theirs = doubles(check["expected"])
            let ok = compare == "almost" ? almost(ours, theirs, decimal: check["decimal"] as! Int)
                : close(ours, theirs, rtol: double(check["rtol"]), atol: double(check["atol"]))
            return ok ? nil : "\(kind) = \(ours), scipy's \(theirs)"
        case "response":
            // freqz's grid: w = k / 512 of Nyquist (Hz with fs); dB with scipy's floor.
            let top = fs.map { $0 / 2 } ?? 1
            let level = double(check["level"])
            let intervals = (check["intervals"] as! [[Any]]).map { (double($0[0]), double($0[1])) }
            for k in 0..<512 {
                let w = top * Double(k) / 512
                guard intervals.contains(where: { $0.0 <= w && w <= $0.1 }) else { continue }
                let alpha = Double(k) / 1024
                let h = zpk.magnitude(at: Complex(length: 1, phase: 2 * Double.pi * alpha))
                let db = 20 * Double.log10(max(h, Double.leastNormalMagnitude))
                let ok = check["side"] as! String == "above" ? level < db : db < level
                if !ok { return "response \(db) dB at w = \(w) is not \(check["side"]!) \(level) dB" }
            }
            return nil
        case "polesInside":
            return zpk.poles.allSatisfy({ $0.length <= 1 }) ? nil : "a pole outside the unit circle"
        case "zerosAllOne":
            return zpk.zeros.allSatisfy({ $0.real == 1 && $0.imaginary == 0 }) ? nil : "zeros not all exactly 1"
        default:
            return nil  // order-estimate checks are made by `runOrderCase`
        }
    }

    // MARK: Running the cases

    /// Runs one case; the failures, empty when it passes, and how many
    /// order-0 iterations it skipped.
    static func run(_ c: Object) throws -> (failures: [String], orderZero: Int) {
        let call = c["call"] as! Object
        let function = call["function"] as! String
        if ["buttord", "cheb1ord", "cheb2ord", "ellipord"].contains(function) { return (try runOrderCase(c), 0) }
        if let fsParam = call["fsParam"] as? Object { return try runFsParam(call, fsParam) }
        let wn = doubles(call["Wn"])
        let fs = call["fs"].map { double($0) }
        let orders: [Int] = (call["N"] as? [Any])?.map { ($0 as! NSNumber).intValue } ?? [(call["N"] as! NSNumber).intValue]
        var failures: [String] = []
        var skipped = 0
        for order in orders {
            if order == 0 { skipped += 1; continue }
            let d = try design(call, order: order, wn: wn)
            for ch in c["checks"] as! [Object] {
                if let why = check(ch, design: d, fs: fs) { failures.append("N = \(order): " + why) }
            }
        }
        return (failures, skipped)
    }

    static func familyName(_ function: String) -> FilterFamily.Name {
        switch function {
        case "buttord": return .butterworth
        case "cheb1ord": return .chebyshev
        case "cheb2ord": return .chebyshev2
        default: return .elliptic
        }
    }

    static func specification(_ call: Object) throws -> MagnitudeSpecification {
        let (wp, ws) = (doubles(call["wp"]), doubles(call["ws"]))
        let (gpass, gstop) = (double(call["gpass"]), double(call["gstop"]))
        if let fs = call["fs"].map({ double($0) }) {
            return try MagnitudeSpecification(passbandHertz: wp, stopbandHertz: ws, sampleRate: fs,
                                              passbandLoss: gpass, stopbandAttenuation: gstop)
        }
        return try MagnitudeSpecification(passband: wp.map { $0 / 2 }, stopband: ws.map { $0 / 2 },
                                          passbandLoss: gpass, stopbandAttenuation: gstop)
    }

    /// buttord ... ellipord: N and Wn, then scipy's design of that N and Wn
    /// (our `FilterRecipe(designing:to:)`) against the band levels.
    static func runOrderCase(_ c: Object) throws -> [String] {
        let call = c["call"] as! Object
        let spec = try specification(call)
        guard let estimate = OrderEstimation.estimate(familyName(call["function"] as! String), spec) else {
            return ["no order estimate"]
        }
        let fs = call["fs"].map { double($0) }
        // Wn in scipy's units: 2 alpha, or Hz.
        let wn = estimate.corners.map { c in fs.map { c * $0 } ?? 2 * c }
        var failures: [String] = []
        for ch in c["checks"] as! [Object] {
            switch ch["kind"] as! String {
            case "N":
                if estimate.order != ch["expected"] as! Int { failures.append("N = \(estimate.order), scipy's \(ch["expected"]!)") }
            case "Wn":
                let theirs = (ch["expected"] as? [Any]).map { $0.map { double($0) } } ?? [double(ch["expected"])]
                let ok = ch["compare"] as? String == "isclose"
                    ? wn.count == 1 && isClose(wn[0], theirs[0], relTol: double(ch["rel_tol"]), absTol: double(ch["abs_tol"]))
                    : close(wn, theirs, rtol: double(ch["rtol"]), atol: double(ch["atol"]))
                if !ok { failures.append("Wn = \(wn), scipy's \(theirs)") }
            case "differsFrom":
                let other = c["other"] as! Object
                guard let second = OrderEstimation.estimate(familyName(other["function"] as! String), try specification(other)) else {
                    failures.append("no second estimate"); continue
                }
                if second.corners == estimate.corners { failures.append("the two estimates' Wn are equal") }
            default:
                break
            }
        }
        if let designCall = c["design"] as? Object {
            let recipe = try FilterRecipe(designing: familyName(call["function"] as! String), to: spec,
                                          band: band(designCall["btype"] as? String))
            #expect(recipe.order == estimate.order)
            let d = try recipe.design()
            for ch in c["checks"] as! [Object] where ch["kind"] as! String == "response" {
                if let why = check(ch, design: d, fs: fs) { failures.append(why) }
            }
        }
        return failures
    }

    /// test_fs_param: the design with Wn in Hz at fs equals the one with
    /// Wn / (fs / 2), b and a within scipy's default rtol.
    static func runFsParam(_ call: Object, _ p: Object) throws -> (failures: [String], orderZero: Int) {
        var failures: [String] = []
        var skipped = 0
        let rtol = 4 * Double.ulpOfOne.squareRoot()
        for fs in doubles(p["fs"]) {
            for order in (p["N"] as! [Any]).map({ ($0 as! NSNumber).intValue }) {
                for group in p["groups"] as! [Object] {
                    for fc in (group["Wn"] as! [Any]).map({ doubles($0) }) {
                        for btype in group["btypes"] as! [String] {
                            if order == 0 { skipped += 1; continue }
                            var hertzCall = call
                            hertzCall["btype"] = btype
                            hertzCall["fs"] = fs
                            var normalisedCall = call
                            normalisedCall["btype"] = btype
                            let a = transferFunction(try design(hertzCall, order: order, wn: fc))
                            let b = transferFunction(try design(normalisedCall, order: order, wn: fc.map { $0 / (fs / 2) }))
                            if !close(a.b, b.b, rtol: rtol, atol: 0) || !close(a.a, b.a, rtol: rtol, atol: 0) {
                                failures.append("fs \(fs), N \(order), fc \(fc), \(btype): Hz and normalised designs differ")
                            }
                        }
                    }
                }
            }
        }
        return (failures, skipped)
    }

    // MARK: Tests

    @Test func transcriptionHoldsEveryClass() {
        let classes = Set(Self.cases.map { $0["class"] as! String })
        #expect(classes == Set(Self.document["classes"] as! [String]))
        #expect(Self.cases.count >= 60)
    }

    @Test(arguments: 0..<60)
    func scipyCase(_ index: Int) throws {
        let c = Self.cases[index]
        let (failures, _) = try Self.run(c)
        #expect(failures.isEmpty, "\(Self.name(c)): \(failures.prefix(4).joined(separator: "; "))")
    }

    @Test func everyCaseIsRun() {
        #expect(Self.cases.count == 60, "the transcription changed: update scipyCase's arguments")
    }

    /// The order-0 iterations of scipy's loops (a pass-through) that are not
    /// run: 4 loops of 25 orders from 0 and 4 fs_param tests with N = 0.
    @Test func orderZeroIterations() throws {
        var skipped = 0
        for c in Self.cases { skipped += try Self.run(c).orderZero }
        #expect(skipped == 4 + 4 * 3 * (3 * 2 + 3 * 2))
    }
}

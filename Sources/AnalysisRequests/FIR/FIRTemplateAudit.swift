import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRequests
import FilterSets

/// `mkfilter verify FILE` of a FIR filter a generated Swift file declares
/// (`FIRTemplate`): its command line (`mkfilterCommandLine`, which every
/// generated FIR filter carries) designs it again, and
///
/// - **matches its command line**: the file's taps are that design's, bit
///   for bit;
/// - then the design is verified as `mkfilter verify <command line>` verifies
///   it (`FIRVerification`: finite, linear phase, as designed or equiripple
///   or meeting its specification), at the precision asked for.
enum FIRTemplateAudit {
    /// The item for `declaration` in `file`, run in `precision`.
    static func audit(_ declaration: FIRTemplateDeclaration, file: String, precision: RunningPrecision) -> VerificationItem {
        let label = "\(file):\(declaration.line): \(SwiftSource.stringLiteral(declaration.name)) (FIRTemplate, \(declaration.commandLine.isEmpty ? "no command line" : declaration.commandLine))"
        func failed(_ detail: String) -> VerificationItem {
            VerificationItem(label: label, checks: [VerificationCheck(name: "matches its command line", passed: false, detail: detail)], figures: [])
        }
        guard let taps = declaration.taps, !taps.isEmpty else { return failed("its taps do not read as a list of numbers") }
        let words = declaration.commandLine.split(separator: " ").map(String.init)
        guard words.count >= 2, words[0] == "mkfilter", let method = FIRMethodName(rawValue: words[1]) else {
            return failed("its mkfilterCommandLine is not a FIR command (mkfilter remez|firls|firwin|firwin2|fir ...) to design it again from")
        }
        let designed: FIRFilter
        do { designed = try FIRFields(method: method, optionWords: Array(words.dropFirst(2))).design().filter } catch {
            return failed("its command line does not design: \(error.description)")
        }
        guard designed.taps == taps else {
            if designed.taps.count != taps.count {
                return failed("the file has \(taps.count) taps; its command line designs \(designed.taps.count)")
            }
            let k = zip(taps, designed.taps).enumerated().first { $0.element.0 != $0.element.1 }!.offset
            return failed("tap \(k) is \(taps[k]) in the file; its command line designs \(designed.taps[k])")
        }
        let match = VerificationCheck(name: "matches its command line", passed: true,
                                      detail: "the \(taps.count) taps are its command line's design, bit for bit")
        do {
            var item = try FIRVerification.verify(designed, commandLine: label, precision: precision)
            item.checks.insert(match, at: 0)
            return item
        } catch {
            return VerificationItem(label: label, checks: [match, VerificationCheck(name: "runs", passed: false, detail: error.description)], figures: [])
        }
    }
}

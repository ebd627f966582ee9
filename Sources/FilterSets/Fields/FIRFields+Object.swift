import FilterDesign
import FilterJSON
import FisherCompatibility

extension FIRFields {
    /// A FIR filter's fields as a filter set file gives them: `"design"`
    /// names the method (`remez`, `firls`, `firwin`, `firwin2`, `fir`), and
    /// every other field is named as the design page's query names it
    /// (`taps`, `cutoff`, `bands`, `passbandEdge`, ...), its frequencies in
    /// Hz at the set's sample rate (`atSampleRate(_:)` adds it, once per
    /// rate). A value is a number, an array of numbers, a word (`"kaiser:8"`,
    /// `"highpass"`), or for a flag (`noScale`, `antisymmetric`) `true` or
    /// `false`.
    ///
    /// ```json
    /// { "name": "smooth", "design": "firwin", "taps": 31, "cutoff": 5 }
    /// ```
    ///
    /// - Parameters:
    ///   - method: the design `"design"` names.
    ///   - object: the filter's design fields in file order (not `name`,
    ///     `description`, `comment` or `design`).
    /// - Throws: `Mistake` for the first field that is not a field of
    ///   `method`, is given twice, or whose value is not of a kind the field
    ///   takes; the reader's rules are checked by `definition()`.
    public init(method: FIRMethodName, object: [(key: String, value: JSONValue)]) throws(Mistake) {
        self.init(method: method, spelling: .object)
        for (key, value) in object {
            let found = canonical(key)
            guard let name = found, name != "sample-rate" else {
                let known = (Self.common + (Self.fields[method.rawValue] ?? [])).filter { $0 != "sample-rate" }.map(spelled)
                throw Mistake(description: "\(FisherArguments.quoted(key)) is not a field of \(method.rawValue); it takes \(known.joined(separator: ", "))"
                                  + (found == "sample-rate" ? " (the sample rate is the filter set's \"sampleRate\")" : ""),
                              field: key, showsUsage: false)
            }
            if Self.flags.contains(name) {
                guard case .bool(let on) = value else {
                    throw Mistake(description: "\(key) is \(value.kindDescription); give true or false", field: key, showsUsage: false)
                }
                if on { try add(name, []) }
                continue
            }
            let words: [String]
            switch (value.readingIntegersAsNumbers, isWord(name), Self.listFields.contains(name)) {
            case (.string(let text), true, _): words = [text]
            case (.number(let x), false, _): words = [Self.text(x)]
            case (.array(let items), false, true):
                words = try items.map { item throws(Mistake) in
                    guard case .number(let x) = item.readingIntegersAsNumbers else {
                        throw Mistake(description: "\(key) lists \(item.kindDescription); give numbers", field: key, showsUsage: false)
                    }
                    return Self.text(x)
                }
            case (_, true, _):
                throw Mistake(description: "\(key) is \(value.kindDescription); give one word (a string)", field: key, showsUsage: false)
            case (_, false, true):
                throw Mistake(description: "\(key) is \(value.kindDescription); give a number or an array of numbers", field: key, showsUsage: false)
            default:
                throw Mistake(description: "\(key) is \(value.kindDescription); give a number", field: key, showsUsage: false)
            }
            try add(name, words)
        }
    }

    /// The fields as a filter set file's object writes them (what
    /// `init(method:object:)` reads back): `design`, then each field in the
    /// order given, a flag as `true`, one number as a number, several as an
    /// array, a word as a string. The sample rate is left out: the file gives
    /// it once.
    public var objectMembers: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [("design", .string(method.rawValue))]
        var object = self
        object.spelling = .object
        for (name, words) in values where name != "sample-rate" {
            let numbers = words.compactMap { Double($0) }.filter(\.isFinite)
            let value: JSONValue
            if Self.flags.contains(name) {
                value = .bool(true)
            } else if !words.isEmpty, numbers.count == words.count {
                let items = numbers.map { $0 == $0.rounded() && abs($0) < 1e15 ? JSONValue.integer(Int($0)) : .number($0) }
                value = items.count == 1 ? items[0] : .array(items)
            } else {
                value = words.count == 1 ? .string(words[0]) : .array(words.map { .string($0) })
            }
            members.append((object.spelled(name), value))
        }
        return members
    }

    /// These fields with the sample rate `rate` in Hz added: every frequency
    /// is then read in Hz.
    ///
    /// - Throws: `Mistake` when the fields already hold a sample rate.
    public func atSampleRate(_ rate: Double) throws(Mistake) -> FIRFields {
        var fields = self
        try fields.add("sample-rate", [Self.text(rate)])
        return fields
    }

    /// The command line that designs the same filter: `mkfilter firwin
    /// --taps 31 --cutoff 5 --sample-rate 60`, the fields in the order given.
    public var commandLine: String {
        var option = self
        option.spelling = .option
        // `mkfilter gammatone` is the IIR family unless `--type fir` says otherwise.
        let type = method == .gammatone && given("type") == nil ? ["--type", "fir"] : []
        return (["mkfilter", method.rawValue] + type + values.flatMap { [option.spelled($0.name)] + $0.values }).joined(separator: " ")
    }

    /// `x` as a word that reads back as the same Double: whole numbers
    /// without a decimal point (`31`, not `31.0`), through Int64's range.
    static func text(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 9e18 ? String(Int64(x)) : "\(x)"
    }

    /// The fields whose value is a word (a string in the file).
    static let wordFields: Set<String> = ["type", "band", "window", "minimum-phase", "method", "use"]

    /// Whether `name`'s value is a word for this method: savgol's window is
    /// a length, a number.
    func isWord(_ name: String) -> Bool {
        Self.wordFields.contains(name) && !(method == .savgol && name == "window")
    }
    /// The fields whose value may be several numbers (an array in the file).
    static let listFields: Set<String> = ["bands", "desired", "weights", "cutoff", "frequencies", "gains", "passband-edge", "stopband-edge"]
}

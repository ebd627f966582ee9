import FilterJSON

/// Why a present field's value does not read, said in full (after the
/// field's name): `'x' is not a band ...`, `lists 3 frequencies; ...`.
struct FieldProblem: Error {
    /// The message.
    let message: String
}

/// What reading one field gave.
enum FieldRead<Value> {
    /// The field is absent, and may be.
    case absent
    /// The field's value.
    case value(Value)
    /// The field is missing or wrong; the reader has reported it.
    case invalid

    /// The value, if one was read.
    var value: Value? {
        if case .value(let v) = self { return v }
        return nil
    }
}

/// Reads the fields of one filter's object,
/// reporting each problem to `fail` with the field it is about, in the words
/// every field shares: "is missing; ...", "is <kind>; give ...", or the
/// reader's own (`FieldProblem`).
struct FieldReader {
    /// The fields.
    let fields: [String: JSONValue]
    /// Where problems go.
    let fail: (String?, String) -> Void

    /// Whether `key` is present.
    func has(_ key: String) -> Bool { fields[key] != nil }

    /// Reads `key` with `parse`. Absent: `.absent`, or "is missing; `missing`"
    /// when given. A value `parse` returns nil for: "is <kind>; give `give`"
    /// (the kind as `describing` says it); a `FieldProblem` it throws: its
    /// message.
    func read<Value>(_ key: String, missing: String? = nil, give: String,
                     describing: (JSONValue) -> String = \.kindDescription,
                     _ parse: (JSONValue) throws(FieldProblem) -> Value?) -> FieldRead<Value> {
        guard let value = fields[key] else {
            guard let missing else { return .absent }
            fail(key, "is missing; " + missing)
            return .invalid
        }
        do {
            if let parsed = try parse(value) { return .value(parsed) }
            fail(key, "is \(describing(value)); give " + give + Self.quotedNumberHint(value))
        } catch {
            fail(key, error.message)
        }
        return .invalid
    }

    /// For a number written as a string (`"q": "30"`), what to write
    /// instead; "" for any other value.
    static func quotedNumberHint(_ value: JSONValue) -> String {
        guard case .string(let text) = value, let x = Double(text), x.isFinite else { return "" }
        return " (the string \"\(text)\" is not a number: write \(text) without quotes)"
    }

    /// A number in `key`.
    func number(_ key: String, missing: String? = nil, give: String) -> FieldRead<Double> {
        read(key, missing: missing, give: give) { value in
            if case .number(let x) = value { return x }
            return nil
        }
    }

    /// A case of `T` named in `key` (`choice(_:noun:_:oneOf:)` with the raw values).
    func choice<T>(_ key: String, noun: String, _ type: T.Type, oneOf: Bool = true) -> FieldRead<T>
        where T: CaseIterable & RawRepresentable, T.RawValue == String {
        switch choice(key, noun: noun, T.allCases.map(\.rawValue), oneOf: oneOf) {
        case .absent: return .absent
        case .value(let name): return T(rawValue: name).map { .value($0) } ?? .invalid
        case .invalid: return .invalid
        }
    }

    /// One of the names `choices` in `key` ("'x' is not `noun`, did you mean
    /// ...; use (one of) ..." for another string).
    func choice(_ key: String, noun: String, _ choices: [String], oneOf: Bool = true) -> FieldRead<String> {
        let names = (oneOf ? "one of " : "") + RecipeFields.list(choices)
        return read(key, give: names) { value throws(FieldProblem) in
            guard case .string(let text) = value else { return nil }
            guard choices.contains(text) else {
                throw FieldProblem(message: "'\(text)' is not \(noun)\(RecipeFields.suggestion(text, choices)); use \(names)")
            }
            return text
        }
    }

    /// Frequencies in Hz: one number, or an array of `counts` numbers
    /// ("lists <kind>; give frequencies in Hz" for an item that is not one);
    /// nil for anything else.
    static func hertz(_ value: JSONValue, counts: ClosedRange<Int> = 1...2) throws(FieldProblem) -> [Double]? {
        switch value {
        case .number(let x): return [x]
        case .array(let items) where counts.contains(items.count):
            var values: [Double] = []
            for item in items {
                guard case .number(let x) = item else {
                    throw FieldProblem(message: "lists \(item.kindDescription); give frequencies in Hz")
                }
                values.append(x)
            }
            return values
        default: return nil
        }
    }
}

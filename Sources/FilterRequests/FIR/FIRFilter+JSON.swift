import FilterDesign
import FilterJSON

extension FIRFilter {
    /// The filter as JSON (`--emit json`): the taps with every Double exact,
    /// and what the report says, as numbers.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("method", .string(recipe.method.name)),
            ("taps", .array(taps.map { .number($0) })),
            ("count", .integer(taps.count)),
        ]
        if let sampleRate = recipe.sampleRate { members.append(("sampleRate", .number(sampleRate))) }
        if let minimumPhase = recipe.minimumPhase {
            members.append(("minimumPhase", .string(minimumPhase.rawValue)))
        } else {
            if let type = linearPhaseType { members.append(("type", .string(type))) }
            members.append(("delay", .number(Double(taps.count - 1) / 2)))
        }
        if let e = equiripple {
            members.append(("maximumWeightedError", .number(e.maximumError)))
            members.append(("certificateLowerBound", .number(e.lowerBound)))
            members.append(("iterations", .integer(e.iterations)))
        }
        let measures = bandMeasures
        if !measures.isEmpty {
            members.append(("bands", .array(measures.map { m in
                .object([("lower", .number(m.lower)), ("upper", .number(m.upper)),
                         ("desired", .array([.number(m.desiredLower), .number(m.desiredUpper)])),
                         ("weight", .number(m.weight)), ("maximumDeviation", .number(m.maximumDeviation))])
            })))
        }
        return .object(members)
    }
}

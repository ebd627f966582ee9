import Foundation
import FilterRuntime

/// Templates as JSON for other tools: one object per filter, every field of
/// `DigitalFilterTemplate` and its provenance, numbers as shortest round-trip doubles.
public enum JSONEmitter {
    /// A JSON document `{"filters": [...]}` with sorted keys (deterministic).
    public static func document(_ templates: [DigitalFilterTemplate]) throws(EmissionError) -> String {
        var filters: [[String: Any]] = []
        for t in templates {
            guard ([t.gain, t.designSampleRate] + t.xCoefficients + t.yCoefficients).allSatisfy(\.isFinite) else {
                throw EmissionError("filter \(t.name) has a number that is not finite")
            }
            var provenance: [String: Any] = [
                "family": t.provenance.family, "transform": t.provenance.transform,
                "mkfilterCommandLine": t.provenance.mkfilterCommandLine,
            ]
            if let r = t.provenance.rippleDecibels { provenance["rippleDecibels"] = r }
            if let q = t.provenance.qualityFactor { provenance["qualityFactor"] = q.isFinite ? q as Any : "Inf" }
            if let p = t.provenance.poleSubset { provenance["poleSubset"] = p }
            if let z = t.provenance.extraZeroFrequency { provenance["extraZeroFrequency"] = z }
            filters.append([
                "tag": t.tag, "name": t.name, "description": t.description,
                "filterClass": t.filterClass.rawValue, "designSampleRate": t.designSampleRate,
                "cornerFrequency1": t.cornerFrequency1, "cornerFrequency2": t.cornerFrequency2,
                "frequency3": t.frequency3, "order": t.order, "gain": t.gain,
                "zeroCount": t.zeroCount, "xCoefficients": t.xCoefficients,
                "poleCount": t.poleCount, "yCoefficients": t.yCoefficients,
                "provenance": provenance,
            ])
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: ["filters": filters],
                                                  options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw EmissionError("JSON: \(error)")
        }
    }
}

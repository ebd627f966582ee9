import FilterSets

/// Shake!'s filter menu, the filter set that `Generated/` is written from,
/// compiled in (`ShakeFilterBankText.swift`, by scripts/embed_templates.py):
/// `mkfilter pipeline --filter butterworthBP3rd05To3Hz` designs the filter
/// from it at the data's sample rate, without linking the generated code.
public enum ShakeFilterBank {
    /// The parsed filter set.
    package static let spec: FilterSetSpec = {
        do throws(FilterSetErrors) { return try FilterSetSpec.parse(text, file: "Generated/ShakeFilters.filters.json") } catch {
            preconditionFailure("the embedded Shake! filter set does not read: \(error.description)")
        }
    }()

    /// "60 and 100 Hz": the rates `Generated/` holds.
    static var ratesDescription: String {
        let rates = spec.sampleRates.map { FilterSetSpec.number($0) }
        return rates.count > 1 ? rates.dropLast().joined(separator: ", ") + " and " + rates.last! + " Hz" : (rates.first ?? "") + " Hz"
    }
}

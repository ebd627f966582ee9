/// A derived figure of a verified filter (name, value and unit), for reports.
public struct VerificationFigure: Sendable, Hashable {
    /// What the figure is, e.g. `-3 dB frequency`.
    public let name: String
    /// Its value (always finite).
    public let value: Double
    /// Its unit: `alpha`, `Hz`, `dB`, `samples`, `ms`, or empty.
    public let unit: String

    /// A figure; see the properties.
    public init(name: String, value: Double, unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }
}

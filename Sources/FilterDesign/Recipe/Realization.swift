/// How a designed filter is realized for running: the last step of a design.
public enum Realization: String, Sendable, Hashable, CaseIterable {
    /// A cascade of second-order sections, computed from the zeros, poles and
    /// gain (never from expanded polynomials), ordered and scaled for Float:
    /// the default, accurate for any order.
    case sections
    /// Fisher's direct-form recurrence, from the expanded polynomials: his
    /// reports, listings and gencode, and Shake!'s template fields. Accurate
    /// in Double only for low orders and corners away from 0 and 0.5.
    case direct
}

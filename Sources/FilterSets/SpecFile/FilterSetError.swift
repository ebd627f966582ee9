/// One problem in a filter set file, naming the file, the filter and the field.
///
/// Printed as `FILE: filter `NAME`, field "FIELD": MESSAGE`, e.g.
/// `Bank.filters.json: filter `bandPassWide`, field "corners": corner 2 35 Hz
/// is at or above Nyquist (30 Hz) for sample rate 60 Hz`.
package struct FilterSetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The spec file as the user named it.
    package var file: String
    /// The filter's name, or `filters[i]` when it has none; `nil` for the file as a whole.
    package var filter: String?
    /// The JSON field at fault, when one is.
    package var field: String?
    /// What is wrong and what is allowed.
    package var message: String
    /// The error of a lower layer that `message` says (the template reader's,
    /// a design's, an emitter's), kept as it was thrown; nil when the file's
    /// own rules found the fault. Not part of equality.
    package var underlying: (any Error)?

    package init(file: String, filter: String? = nil, field: String? = nil, _ message: String,
                 underlying: (any Error)? = nil) {
        self.file = file
        self.filter = filter
        self.field = field
        self.message = message
        self.underlying = underlying
    }

    /// The same place and message.
    package static func == (lhs: FilterSetError, rhs: FilterSetError) -> Bool {
        lhs.file == rhs.file && lhs.filter == rhs.filter && lhs.field == rhs.field && lhs.message == rhs.message
    }

    package var description: String {
        var text = file + ": "
        if let filter { text += "filter `\(filter)`" + (field == nil ? ": " : ", ") }
        if let field { text += "field \"\(field)\": " }
        return text + message
    }
}

/// Every problem found in a filter set file, in file order.
package struct FilterSetErrors: Error, Sendable, CustomStringConvertible {
    package var errors: [FilterSetError]
    package init(_ errors: [FilterSetError]) { self.errors = errors }
    /// One problem per line.
    package var description: String { errors.map(\.description).joined(separator: "\n") }
}

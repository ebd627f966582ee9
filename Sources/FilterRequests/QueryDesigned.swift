/// A filter designed from a page's URL query, whatever its form: an IIR
/// recipe's fields (`QueryDesign`, from `QueryDesignRequest`) or a FIR
/// design's (`FIRQueryDesign`, from `FIRQueryRequest`). What the pages and
/// the API show of a design is this: its name, command line, report, code in
/// every format and filter set entry; each form brings its own reading.
/// What a page's code section shows of a design: its name and its code in
/// each format (`QueryDesigned` refines it; a multistage decimator,
/// `DecimatorQueryDesign`, has it alone).
public protocol QueryCoded: Sendable {
    /// The filter's name: given, or the one `mkfilter --emit` gives it.
    var filterName: String { get }
    /// The code in `format`, exactly as the command line with `--emit <format>` writes it.
    func code(_ format: EmissionFormat) throws(ApplicationError) -> String
}

extension DecimatorQueryDesign: QueryCoded {}

public protocol QueryDesigned: QueryCoded {
    /// Reads and designs `query`, accepting `extraFields` beside the
    /// design's (kept as text in `extras`).
    ///
    /// - Throws: `ApplicationError` naming the field at fault, as the form's request does.
    static func designing(query: String, extraFields: Set<String>) throws(ApplicationError) -> Self

    /// The filter's name: given, or the one `mkfilter --emit` gives it.
    var filterName: String { get }
    /// The description given, if any.
    var description: String? { get }
    /// The command line that designs the same filter.
    var commandLine: String { get }
    /// The report that command line prints.
    var report: String { get }
    /// The caller's extra fields that were given.
    var extras: [String: String] { get }
    /// The design as a `*.filters.json` file of one filter.
    var filterSetFile: String { get }
    /// The code in `format`, exactly as the command line with `--emit <format>` writes it.
    func code(_ format: EmissionFormat) throws(ApplicationError) -> String
}

extension QueryDesign: QueryDesigned {
    /// `QueryDesignRequest(query:extraFields:).run()`.
    public static func designing(query: String, extraFields: Set<String>) throws(ApplicationError) -> QueryDesign {
        try QueryDesignRequest(query: query, extraFields: extraFields).run()
    }
}

extension FIRQueryDesign: QueryDesigned {
    /// `FIRQueryRequest(query:extraFields:).run()`.
    public static func designing(query: String, extraFields: Set<String>) throws(ApplicationError) -> FIRQueryDesign {
        try FIRQueryRequest(query: query, extraFields: extraFields).run()
    }
}

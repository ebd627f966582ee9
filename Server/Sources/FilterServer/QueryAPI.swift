import FilterRequests
import Hummingbird

/// The API a design page's query answers, the same for either form
/// (`QueryDesigned`: the IIR recipe's fields at `/api/...`, a FIR design's
/// at `/api/fir/...`): the JSON document, one format's code, the filter set
/// entry; every failure as a JSON error (`APIError`).
enum QueryAPI {
    /// Reads `query` as `Design`'s form (with `extra` fields beside its
    /// own), designs it and answers with `body`; 413 for a query too long,
    /// the error's status for a failure.
    static func answer<Design: QueryDesigned>(_ form: Design.Type, query: String, extra: Set<String>,
                                              _ body: (Design) throws(ApplicationError) -> Response) -> Response {
        if let error = DesignPageSkeleton.tooLong(query) {
            return APIError.response(.contentTooLarge, error.description, field: nil)
        }
        do throws(ApplicationError) {
            return try body(try Design.designing(query: query, extraFields: extra))
        } catch {
            return APIError.response(error)
        }
    }

    /// Exactly `mkfilter <command line> --emit json`.
    static func json(_ design: some QueryDesigned) throws(ApplicationError) -> Response {
        Responses.text(try design.code(.json), contentType: "application/json; charset=utf-8")
    }

    /// The design as a filter set file, as a download when `download` is given.
    static func filterSetFile(_ design: some QueryDesigned) -> Response {
        Responses.text(design.filterSetFile, contentType: "application/json; charset=utf-8",
                       download: design.extras["download"] == nil ? nil : fileStem(design) + ".filters.json")
    }

    /// The design's name as a file name's stem (`ShakeBandPass` for
    /// `ShakeBandPass.swift`): what downloads are called.
    static func fileStem(_ design: some QueryDesigned) -> String {
        String(EmissionFormat.swift.fileName(filterName: design.filterName).dropLast(".swift".count))
    }
}

import EmissionTemplates
import FisherCompatibility

/// Fisher's gencode: C from a listing (`mkfilter ... -l | mkfilter gencode`).
public struct GencodeRequest: Sendable {
    /// The listing as mkfilter, mkshape or mkaverage printed it.
    public var listing: String
    /// `-ansic` (default), `-xyc` or `-f`.
    public var language: Gencode.Language

    /// A request; see the properties.
    public init(listing: String, language: Gencode.Language = .ansic) {
        self.listing = listing
        self.language = language
    }

    /// The C text gencode prints, byte for byte.
    ///
    /// - Throws: `ApplicationError` naming the line of the listing that does not read.
    public func run() throws(ApplicationError) -> String {
        do {
            return try Gencode.render(try FisherListing(parsing: listing), as: language)
        } catch let error as ListingError {
            throw ApplicationError("<stdin>:\(error.line): input format error: \(error.message)", underlying: error)
        } catch {
            throw ApplicationError(wrapping: error)
        }
    }
}

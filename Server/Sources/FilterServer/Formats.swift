import FilterRequests
import FilterEmission

/// The code a page offers is `EmissionFormat`'s list, the one `mkfilter
/// --emit` reads: each format's heading, download name and media type come
/// from its declaration.
extension EmissionFormat {
    /// The heading on the page.
    var title: String { declaration.title }

    /// The file a download is saved as, from the filter's name.
    func fileName(filterName: String) -> String {
        fileName(typeName: SwiftSource.typeName(filterName))
    }

    /// The media type it is served as.
    var contentType: String { declaration.mediaType }
}

import HTTPTypes

/// The headers every response carries, and the cache policy per kind of
/// response.
///
/// Pages run only scripts from this server (`script-src 'self'`: no inline
/// script, no `eval`); `/live`'s per-design filter code is the external
/// script `/live/filter.js?QUERY`. Styles may be inline (the pages' style
/// sheet and the plots' SVG attributes); a style cannot run code. Nothing
/// may frame a page (`frame-ancestors 'none'`, and `X-Frame-Options` for
/// older browsers), no referrer leaves the site, no type is sniffed.
public enum SecurityHeaders {
    /// The pages' Content-Security-Policy.
    public static let pagePolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        + "img-src 'self' data: blob:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    /// Everything else's (data, code, scripts): nothing runs in it, nothing frames it.
    public static let dataPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox"

    /// `Cache-Control` for pages and API answers: each use asks again (the
    /// answer is cheap and a newer server may answer differently).
    public static let revalidate = "no-cache"
    /// `Cache-Control` for errors and refusals: never kept.
    public static let noStore = "no-store"
    /// `Cache-Control` for a script whose URL names its content's hash.
    public static let immutable = "public, max-age=31536000, immutable"

    /// The headers of an API or other non-page response.
    public static var api: HTTPFields { headers(policy: dataPolicy) }

    /// The common headers with `policy` as the Content-Security-Policy.
    static func headers(policy: String) -> HTTPFields {
        var fields = HTTPFields()
        fields[.contentSecurityPolicy] = policy
        fields[.xContentTypeOptions] = "nosniff"
        fields[.referrerPolicy] = "no-referrer"
        fields[.xFrameOptions] = "DENY"
        return fields
    }

    /// Adds whatever `fields` lacks of the common headers (the page policy
    /// for HTML, the data policy otherwise) and a cache policy: `no-store`
    /// for a status of 400 or above, `no-cache` otherwise.
    static func complete(_ fields: inout HTTPFields, status: HTTPResponse.Status) {
        let isPage = fields[.contentType]?.hasPrefix("text/html") == true
        for field in headers(policy: isPage ? pagePolicy : dataPolicy) where fields[field.name] == nil {
            fields.append(field)
        }
        if fields[.cacheControl] == nil || status.code >= 400 {
            fields[.cacheControl] = status.code >= 400 ? noStore : revalidate
        }
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
}

import FilterServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Every GET route, with a query where it takes one.
let getRoutes = ["/", "/?\(shake)", "/live?\(shake)", "/api/design?\(shake)", "/api/response?\(shake)&points=5",
                 "/api/code?\(shake)&format=c", "/api/filters.json?\(shake)", "/static/design.js", "/static/live.js",
                 "/favicon.ico"]

/// A request's status, body and headers.
func request(_ client: any TestClientProtocol, _ uri: String, _ method: HTTPRequest.Method) async throws
    -> (HTTPResponse.Status, String, HTTPFields) {
    try await client.execute(uri: uri, method: method) { ($0.status, String(buffer: $0.body), $0.headers) }
}

@Suite struct MethodTests {
    /// HEAD answers as GET does, without the body.
    @Test(arguments: getRoutes)
    func headIsGetWithoutTheBody(uri: String) async throws {
        try await withClient { client in
            let (status, body, headers) = try await request(client, uri, .get)
            let (headStatus, headBody, headHeaders) = try await request(client, uri, .head)
            #expect(status.code < 400, "\(uri): \(status)")
            #expect(headStatus == status)
            #expect(headBody.isEmpty)
            #expect(headHeaders[.contentLength] == String(body.utf8.count))
            for field in headers where field.name != .date {
                #expect(headHeaders[field.name] == field.value, "\(uri): \(field.name) differs")
            }
        }
    }

    /// Other methods on a served path: 405 naming the allowed ones.
    @Test(arguments: ["/", "/live", "/api/design", "/api/response", "/live/filter.js", "/static/live.js"])
    func otherMethodsAre405(path: String) async throws {
        try await withClient { client in
            for method in [HTTPRequest.Method.post, .put, .delete, .patch, .options] {
                let (status, body, headers) = try await request(client, "\(path)?\(shake)", method)
                #expect(status == .methodNotAllowed, "\(method) \(path): \(status)")
                #expect(headers[.allow] == "GET, HEAD")
                #expect(headers[.contentType] == "application/json; charset=utf-8")
                #expect(try errorField(body) == nil)
            }
        }
    }

    @Test func anUnknownPathIs404WithTheJSONError() async throws {
        try await withClient { client in
            for method in [HTTPRequest.Method.get, .post] {
                let (status, body, headers) = try await request(client, "/nothing/here?x=<b>", method)
                #expect(status == .notFound)
                #expect(headers[.allow] == nil)
                #expect(try errorField(body) == nil)
                #expect(!body.contains("<b>"))
            }
        }
    }
}

@Suite struct SecurityHeaderTests {
    /// A page's policy: scripts only from this server, nothing inline, no framing.
    @Test(arguments: ["/", "/?\(shake)", "/live?\(shake)", "/?order=x"])
    func pagesSendAStrictPolicy(uri: String) async throws {
        try await withClient { client in
            let (_, body, headers) = try await get(client, uri)
            let policy = try #require(headers[.contentSecurityPolicy])
            let directives = Dictionary(uniqueKeysWithValues: policy.split(separator: ";").map {
                let words = $0.split(separator: " ").map(String.init)
                return (words[0], Array(words.dropFirst()))
            })
            #expect(directives["default-src"] == ["'none'"])
            #expect(directives["script-src"] == ["'self'"])
            // The design page's "Try on a recording" posts to this server, and only to it.
            #expect(directives["connect-src"] == ["'self'"])
            #expect(directives["frame-ancestors"] == ["'none'"])
            #expect(directives["base-uri"] == ["'none'"])
            #expect(headers[.init("X-Frame-Options")!] == "DENY")
            #expect(headers[.init("Referrer-Policy")!] == "no-referrer")
            #expect(headers[.init("X-Content-Type-Options")!] == "nosniff")
            #expect(headers[.cacheControl] != nil)
            // No inline script: each <script> loads a file, or is a JSON data block.
            for tag in body.matches(of: /<script[^>]*>/) {
                let text = String(tag.output)
                #expect(text.contains(" src=\"/") || text.contains("type=\"application/json\""), "inline script \(text)")
            }
            #expect(!body.contains(" onclick=") && !body.contains("javascript:"))
        }
    }

    @Test func apiAndErrorsAreSandboxedAndNotStored() async throws {
        try await withClient { client in
            let (_, _, headers) = try await get(client, "/api/design?\(shake)")
            #expect(headers[.contentSecurityPolicy]?.contains("sandbox") == true)
            #expect(headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(headers[.cacheControl] == "no-cache")
            let (status, _, errorHeaders) = try await get(client, "/api/design?order=x")
            #expect(status == .badRequest)
            #expect(errorHeaders[.cacheControl] == "no-store")
            #expect(errorHeaders[.init("X-Frame-Options")!] == "DENY")
        }
    }

    /// A script asked for by its content's hash may be kept; by another version, not.
    @Test func scriptsAreKeptByVersion() async throws {
        try await withClient { client in
            let (_, page, _) = try await get(client, "/")
            let url = try #require(page.firstMatch(of: /<script src="(\/static\/design\.js\?v=[0-9a-f]+)">/)?.1)
            let (status, _, headers) = try await get(client, String(url))
            #expect(status == .ok)
            #expect(headers[.cacheControl] == "public, max-age=31536000, immutable")
            let (_, _, stale) = try await get(client, "/static/design.js?v=0")
            #expect(stale[.cacheControl] == "no-cache")
        }
    }

    @Test func aBadLiveFilterQueryIsTheJSONError() async throws {
        try await withClient { client in
            let (status, body, _) = try await get(client, "/live/filter.js?family=butterworth&order=x&sampleRate=60")
            #expect(status == .badRequest)
            #expect(try errorField(body) == "order")
        }
    }
}

import Hummingbird

/// The pages' scripts as files of their own, so that the Content-Security-
/// Policy allows only this server's scripts (`script-src 'self'`, nothing
/// inline). Each URL carries its content's hash (`/static/live.js?v=...`):
/// a browser may keep it for a year, and a new server's script has a new URL.
enum StaticScripts {
    /// A script: its path and text.
    struct Script: Sendable {
        let path: String
        let text: String
        /// FNV-1a (64 bits) of the text, in hex: the `v` of its URL.
        let version: String

        init(path: String, text: String) {
            self.path = path
            self.text = text
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            version = String(hash, radix: 16)
        }

        /// The URL pages load it from, in an HTML attribute (already safe).
        var url: String { "\(path)?v=\(version)" }

        /// The `<script>` element loading it.
        var element: String { "<script src=\"\(url)\"></script>\n" }

        /// The script, kept for a year when asked for by its current version.
        func response(query: String?) -> Response {
            var response = Responses.text(text, contentType: "text/javascript; charset=utf-8")
            response.headers[.cacheControl] = query == "v=\(version)" ? SecurityHeaders.immutable : SecurityHeaders.revalidate
            return response
        }
    }

    /// The design page's enhancements (`PageScripts.design`), the choice of
    /// family showing its fields (`PageScripts.methodFields`) and its "Try on
    /// a recording" (`RecordingScript.code`).
    static let design = Script(path: "/static/design.js", text: PageScripts.design + PageScripts.methodFields + RecordingScript.code)
    /// `/live`'s chain and drawing, and its hand-over of a recording to the
    /// design page (`LiveScript.code`).
    static let live = Script(path: "/static/live.js", text: LiveScript.code)
    /// The FIR page's: the design page's enhancements, the choice of
    /// method showing its fields (`PageScripts.methodFields`) and "Try on a
    /// recording" (`RecordingScript.code`).
    static let fir = Script(path: "/static/fir.js", text: PageScripts.design + PageScripts.methodFields + RecordingScript.code)
    /// Every script.
    static let all = [design, live, fir]
}

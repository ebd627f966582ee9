import FilterDesign
import FilterJSON

/// A minimal SVG 1.1 writer: elements appended as text, every attribute value
/// and text node escaped, every number finite and printed with `%.4g`-like
/// precision (enough for a picture, and deterministic).
public struct SVGWriter: Sendable {
    private(set) var body = ""
    /// The canvas size in user units (pixels).
    public let width: Double, height: Double

    /// An empty canvas.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `&`, `<`, `>`, `"` and `'` as entities; other control characters dropped
    /// (XML 1.0 does not allow them).
    public static func escaped(_ text: String) -> String {
        // Most text (numbers, colours) is printable ASCII with nothing to escape.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0x27 }) {
            return text
        }
        return markupEscaper(text)
    }

    /// `escaped`'s table: the five entities, tab and line ends as spaces, the
    /// other control characters and U+FFFE, U+FFFF dropped.
    static let markupEscaper = ScalarEscaper(
        named: ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;", "\t": " ", "\n": " ", "\r": " "],
        escapes: { $0 < 0x20 || (0xFFFE...0xFFFF).contains($0) },
        escape: { _ in "" })

    /// A coordinate as text (2 decimals; non-finite values must not reach here):
    /// C's `%.2f` without trailing zeros, `-0` as `0`.
    ///
    /// Plots print tens of thousands of these (a web page renders six per
    /// request), so the usual case is done in integers: x * 100 rounded,
    /// which is `%.2f`'s exact rounding whenever the product is not within
    /// 1e-6 of a half (the product's rounding error is far smaller than that
    /// below 1e13); halves and huge values go through `%.2f` itself.
    static func number(_ x: Double) -> String {
        precondition(x.isFinite, "an SVG coordinate must be finite")
        let scaled = x * 100
        if abs(x) < 1e13, abs(abs(scaled - scaled.rounded(.towardZero)) - 0.5) > 1e-6 {
            let n = Int64(scaled.rounded())
            if n == 0 { return "0" }
            let magnitude = n.magnitude
            var text = (n < 0 ? "-" : "") + String(magnitude / 100)
            let cents = magnitude % 100
            if cents != 0 {
                text += cents % 10 == 0 ? "." + String(cents / 10) : (cents < 10 ? ".0" : ".") + String(cents)
            }
            return text
        }
        var text = formatC("%.2f", x)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Appends `<name attributes/>`.
    public mutating func element(_ name: String, _ attributes: [(String, String)]) {
        body += "<" + name + attributeText(attributes) + "/>\n"
    }

    /// Appends `<text ...>content</text>`.
    public mutating func text(_ content: String, x: Double, y: Double, anchor: String = "start",
                              size: Double = 12, weight: String = "normal", rotate: Bool = false,
                              color: String = "#222") {
        var attributes: [(String, String)] = [("x", Self.number(x)), ("y", Self.number(y)),
                                              ("font-size", Self.number(size)), ("text-anchor", anchor),
                                              ("fill", color)]
        if weight != "normal" { attributes.append(("font-weight", weight)) }
        if rotate { attributes.append(("transform", "rotate(-90 " + Self.number(x) + " " + Self.number(y) + ")")) }
        body += "<text" + attributeText(attributes) + ">" + Self.escaped(content) + "</text>\n"
    }

    /// Appends a line segment.
    public mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                              color: String, width: Double = 1, dash: String? = nil) {
        var attributes = [("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)),
                          ("y2", Self.number(y2)), ("stroke", color), ("stroke-width", Self.number(width))]
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        element("line", attributes)
    }

    /// Appends a polyline through `points` (at least two).
    public mutating func polyline(_ points: [(Double, Double)], color: String, width: Double = 1.5) {
        guard points.count >= 2 else { return }
        let text = points.map { Self.number($0.0) + "," + Self.number($0.1) }.joined(separator: " ")
        element("polyline", [("points", text), ("fill", "none"), ("stroke", color),
                             ("stroke-width", Self.number(width)), ("stroke-linejoin", "round")])
    }

    /// Starts a group clipped to a rectangle (close it with `endGroup`).
    public mutating func beginClippedGroup(id: String, x: Double, y: Double, width: Double, height: Double) {
        body += "<clipPath id=\"" + Self.escaped(id) + "\"><rect" + attributeText([
            ("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(width)), ("height", Self.number(height)),
        ]) + "/></clipPath>\n<g clip-path=\"url(#" + Self.escaped(id) + ")\">\n"
    }

    /// Closes a group.
    public mutating func endGroup() { body += "</g>\n" }

    private func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " " + $0.0 + "=\"" + Self.escaped($0.1) + "\"" }.joined()
    }

    /// The finished document.
    public var document: String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + Self.number(width)
            + "\" height=\"" + Self.number(height) + "\" viewBox=\"0 0 " + Self.number(width) + " "
            + Self.number(height) + "\" font-family=\"Helvetica, Arial, sans-serif\">\n"
            + "<rect x=\"0\" y=\"0\" width=\"" + Self.number(width) + "\" height=\"" + Self.number(height)
            + "\" fill=\"white\"/>\n" + body + "</svg>\n"
    }
}

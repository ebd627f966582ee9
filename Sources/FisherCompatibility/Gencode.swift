import EmissionTemplates
import FilterDesign

/// Fisher's gencode (April 1995): C source from a listing, in his three forms.
public enum Gencode {
    /// gencode's output languages.
    public enum Language: String, Sendable, CaseIterable {
        /// `-ansic` (the default): a `filterloop()` with placeholders for the
        /// input and output, as on Fisher's web page. Not compilable as it is.
        case ansic
        /// `-xyc`: G, the x and the y coefficients on one line.
        case xyc
        /// `-f`: a step function for Fisher's `filter`/`fspec` library.
        case f
    }

    /// The C text gencode prints for `listing`, byte for byte.
    ///
    /// The listing's first line goes into a C comment, made safe there
    /// (`CComment.text`: a `*/` in it would end the comment and let the rest
    /// of the line in as code). Fisher's gencode copies it as it is; the two
    /// differ only for a line holding `*/`, `/*`, `??/` or a control
    /// character, which mkfilter's listings never do.
    public static func render(_ listing: FisherListing, as language: Language,
                              templates: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        switch language {
        case .xyc:
            var line = formatC("%15.8e", listing.gain)
            for x in listing.xCoefficients { line += formatC("\t%15.8e", x) }
            for y in listing.yCoefficients { line += formatC("\t%15.8e", y) }
            return try templates.render("c/gencode-xyc.mustache", ["line": line])
        case .ansic:
            return try ansicLoop(listing, templates: templates)
        case .f:
            return try fStep(listing, templates: templates)
        }
    }

    /// `-ansic`: a `filterloop()` running the listing's recurrence,
    /// xv[NZ] = input / G, y[n] = Σ x_k xv[k] + Σ y_k yv[k] (an FIR listing,
    /// its y coefficients all 0, as a coefficient list instead).
    private static func ansicLoop(_ listing: FisherListing, templates: TemplateRenderer) throws(EmissionError) -> String {
        let nz = listing.zeroCount, np = listing.poleCount
        let isFIR = listing.yCoefficients.prefix(np).allSatisfy { $0 == 0 }
        var view: [String: Any] = [
            "commandLine": CComment.text(listing.commandLine),
            "zeroCount": "\(nz)", "poleCount": "\(np)",
            "gain": formatC("%15.9e", listing.gain),
        ]
        if isFIR {
            var list = "{"
            for (i, x) in listing.xCoefficients.enumerated() {
                if i > 0 && i % 4 == 0 { list += "\n   " }
                list += formatC(" %+0.10f,", x)
            }
            view["coefficientList"] = list
            return try templates.render("c/gencode-ansic-fir.mustache", view)
        }
        var expression = Expression(margin: 20)
        expression.feedforward(listing, vector: "xv")
        expression.feedback(listing, vector: "yv")
        view["inputShift"] = shiftDown("xv", nz)
        view["outputShift"] = shiftDown("yv", np)
        view["expression"] = expression.text
        return try templates.render("c/gencode-ansic-iir.mustache", view)
    }

    /// `-f`: a step function for Fisher's `filter` library: the state shift,
    /// the feedback and feedforward sums, and the scale 1 / G (a moving
    /// average, y coefficients 0 and x coefficients 1, marked as such).
    private static func fStep(_ listing: FisherListing, templates: TemplateRenderer) throws(EmissionError) -> String {
        let nz = listing.zeroCount, np = listing.poleCount
        var movingAverage = false
        if np == nz {
            var n = 0
            while n < np && listing.yCoefficients[n] == 0.0 && listing.xCoefficients[n] == 1.0 { n += 1 }
            movingAverage = n >= np
        }
        var view: [String: Any] = [
            "commandLine": CComment.text(listing.commandLine),
            "zeroCount": "\(nz)", "poleCount": "\(np)",
            "scale": formatC("%18.10e", 1.0 / listing.gain),
            "movingAverage": movingAverage,
            "length": "\(np + 1)",
        ]
        var feedback = Expression(margin: 11)
        feedback.feedback(listing, vector: "v")
        var feedforward = Expression(margin: 11)
        feedforward.feedforward(listing, vector: "v")
        view["shift"] = shiftLines("v", np)
        view["feedback"] = feedback.text
        view["feedforward"] = feedforward.text
        return try templates.render("c/gencode-f.mustache", view)
    }

    /// `xv[0] = xv[1]; xv[1] = xv[2]; ` on one line.
    static func shiftDown(_ v: String, _ n: Int) -> String {
        (0..<n).map { "\(v)[\($0)] = \(v)[\($0 + 1)]; " }.joined()
    }

    /// The same, four assignments to a line, each line indented by four spaces.
    static func shiftLines(_ v: String, _ n: Int) -> String {
        guard n > 0 else { return "" }
        var out = ""
        for i in 0..<n {
            if i % 4 == 0 { out += "    " }
            out += "\(v)[\(i)] = \(v)[\(i + 1)]; "
            if i % 4 == 3 { out += "\n" }
        }
        if n % 4 != 0 { out += "\n" }
        return out
    }

    /// gencode's expression writer: feed-forward terms paired by symmetry,
    /// three to a line; feedback terms two to a line; continuation lines
    /// indented by `margin` spaces.
    struct Expression {
        let margin: Int
        var text = ""
        var factors = 0

        init(margin: Int) { self.margin = margin }

        mutating func newline() { text += "\n" + String(repeating: " ", count: margin) }

        mutating func factor(_ value: Double) {
            var x = value
            if factors > 0 && factors % 3 == 0 { newline() }
            if x > 0.0 { text += factors > 0 ? " + " : "   " }
            if x < 0.0 { text += " - "; x = -x }
            if x != 1.0 {
                let f = x.truncatingRemainder(dividingBy: 1.0)
                text += (f < FisherArithmetic.epsilon || f > 1.0 - FisherArithmetic.epsilon)
                    ? formatC("%g", x) : formatC("%14.10f", x)
                text += " * "
            }
            factors += 1
        }

        mutating func feedforward(_ listing: FisherListing, vector v: String) {
            let x = listing.xCoefficients, nz = listing.zeroCount
            factors = 0
            for i in 0..<((nz + 1) / 2) {
                let j = nz - i
                let (xi, xj) = (x[i], x[j])
                if xi == xj {
                    if xi != 0.0 { factor(xi); text += "(\(v)[\(i)] + \(v)[\(j)])" }
                } else if xi == -xj {
                    if xi > 0.0 { factor(xi); text += "(\(v)[\(i)] - \(v)[\(j)])" }
                    else { factor(xj); text += "(\(v)[\(j)] - \(v)[\(i)])" }
                } else {
                    if xi != 0.0 { factor(xi); text += "\(v)[\(i)]" }
                    if xj != 0.0 { factor(xj); text += "\(v)[\(j)]" }
                }
            }
            if (nz + 1) & 1 == 1 {
                let j = nz / 2
                if x[j] != 0.0 { factor(x[j]); text += "\(v)[\(j)]" }
            }
        }

        mutating func feedback(_ listing: FisherListing, vector v: String) {
            for i in 0..<listing.poleCount {
                if i % 2 == 0 { newline() }
                text += formatC(" + (%14.10f * ", listing.yCoefficients[i]) + "\(v)[\(i)])"
            }
        }
    }
}

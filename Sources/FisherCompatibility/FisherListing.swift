import FilterDesign

/// Fisher's machine listing (`mkfilter ... -l`, `mkshape ... -l`, `mkaverage ... -l`):
/// the command line, the gain G, the NZ + 1 x coefficients and the NP + 1
/// y coefficients (the last always -1), one per line. gencode reads it.
public struct FisherListing: Sendable, Hashable {
    /// The first line: the command that produced the listing.
    public var commandLine: String
    /// The passband gain G.
    public var gain: Double
    /// x_0 ... x_NZ.
    public var xCoefficients: [Double]
    /// y_0 ... y_NP (y_NP = -1).
    public var yCoefficients: [Double]

    /// NZ.
    public var zeroCount: Int { xCoefficients.count - 1 }
    /// NP.
    public var poleCount: Int { yCoefficients.count - 1 }

    /// Creates a listing from its parts.
    public init(commandLine: String, gain: Double, xCoefficients: [Double], yCoefficients: [Double]) {
        self.commandLine = commandLine
        self.gain = gain
        self.xCoefficients = xCoefficients
        self.yCoefficients = yCoefficients
    }

    /// The listing of `design`: Fisher's recurrence and his G.
    ///
    /// - Throws: `DesignError.infinitePassbandGain` for a Q = Inf band-pass
    ///   resonator: no finite number normalises an oscillator.
    public init(_ design: Design, commandLine: String) throws(DesignError) {
        guard case .finite(let g) = design.fisherGain else { throw .infinitePassbandGain }
        self.init(commandLine: commandLine, gain: FisherArithmetic.magnitude(g),
                  xCoefficients: design.recurrence.xCoefficients, yCoefficients: design.recurrence.yCoefficients)
    }

    /// The listing as Fisher prints it (`%.10e`), gencode's input.
    public var text: String {
        var out = "\(commandLine)\n"
        out += formatC("G  = %.10e\n", gain)
        for (label, values) in [("NZ", xCoefficients), ("NP", yCoefficients)] {
            out += "\(label) = \(values.count - 1)\n"
            for v in values { out += formatC("%18.10e\n", v) }
        }
        return out
    }

    /// Fisher's largest pole/zero count (MAXPZ).
    public static let maximumCount = 512

    /// Reads a listing as gencode's `readdata` does, but strictly: every
    /// number must be entirely a finite number, and G must not be 0. Lines
    /// end in LF or CRLF.
    ///
    /// - Throws: `ListingError` with the line number and what was expected.
    public init(parsing text: String) throws(ListingError) {
        // Lines end in LF or CRLF (a listing saved on Windows, or through
        // `sed 's/$/\r/'`), as Fisher's scanf-based reader takes either.
        // ("\r\n" is one Character in Swift, so splitting on "\n" alone
        // would leave the whole listing one line.)
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var reader = LineReader(lines: lines)
        commandLine = try reader.next("the command line")
        let gainText = try reader.value(prefix: "G  = ", expected: "'G  = <gain>'")
        gain = try reader.number(gainText, expected: "gain G")
        guard gain != 0 else { throw ListingError(line: reader.index, message: "gain G = \(gainText) must not be 0 (the input is divided by it)") }
        let zeros = try reader.count("NZ")
        xCoefficients = try reader.coefficients(zeros)
        let poles = try reader.count("NP")
        yCoefficients = try reader.coefficients(poles)
        guard yCoefficients.last == -1.0 else {
            throw ListingError(line: reader.index, message: "the last y coefficient must be -1 (it is the output's own)")
        }
        guard xCoefficients.count <= yCoefficients.count else {
            throw ListingError(line: reader.index, message: "NZ = \(zeroCount) exceeds NP = \(poleCount); the filter would not be causal")
        }
        guard reader.index == lines.count else {
            throw ListingError(line: reader.index + 1, message: "unexpected text after the listing: \(quotedForMessage(lines[reader.index]))")
        }
    }

    /// A listing's lines read one at a time, as gencode's `readdata` reads
    /// them; `index` counts the lines read, so a problem with the line just
    /// read is on line `index`.
    private struct LineReader {
        let lines: [String]
        var index = 0

        /// The next line; `expected` says what it should have been when the listing ends early.
        mutating func next(_ expected: String) throws(ListingError) -> String {
            guard index < lines.count else { throw ListingError(line: index + 1, message: "the listing ends early; expected \(expected)") }
            defer { index += 1 }
            return lines[index]
        }

        /// The next line's text after `prefix` and the blanks that follow it.
        mutating func value(prefix: String, expected: String) throws(ListingError) -> String {
            let line = try next(expected)
            guard line.hasPrefix(prefix) else {
                throw ListingError(line: index, message: "expected \(expected), found \(quotedForMessage(line))")
            }
            let rest = line.dropFirst(prefix.count).drop { $0 == " " || $0 == "\t" }
            return String(rest)
        }

        /// `text` as C's strtod reads it, required to be all of it and finite.
        func number(_ text: String, expected: String) throws(ListingError) -> Double {
            guard let v = parseCDouble(text), v.isFinite else {
                throw ListingError(line: index, message: "\(expected) \(quotedForMessage(text)) is not a finite number")
            }
            return v
        }

        /// The count n of the next line, `label = n`, in 0 ... `FisherListing.maximumCount`.
        mutating func count(_ label: String) throws(ListingError) -> Int {
            let text = try value(prefix: "\(label) = ", expected: "'\(label) = <count>'")
            guard let n = Int(text), (0...FisherListing.maximumCount).contains(n) else {
                throw ListingError(line: index, message: "\(label) = \(quotedForMessage(text)) is not a count in 0 ... \(FisherListing.maximumCount)")
            }
            return n
        }

        /// The next n + 1 lines' coefficients, one a line.
        mutating func coefficients(_ n: Int) throws(ListingError) -> [Double] {
            var values: [Double] = []
            for _ in 0...n {
                let text = try value(prefix: "", expected: "a coefficient")
                values.append(try number(text, expected: "coefficient"))
            }
            return values
        }
    }
}

/// A listing that could not be read.
public struct ListingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// What was wrong.
    public var message: String
    public var description: String { "listing:\(line): \(message)" }
}

/// A QR code symbol (ISO/IEC 18004) of a short text: byte mode, error
/// correction level L or M, versions 1-6 (21 to 41 modules; up to 134 bytes
/// at L, 106 at M), which is room for any URL `mkfilter serve` prints.
///
/// The steps are the standard's, in order: the data bits (mode, count,
/// bytes, terminator, pad codewords); Reed-Solomon error correction per block
/// over GF(256) (polynomial 0x11D); the blocks interleaved; the function
/// patterns (finders, separators, timing, alignment, dark module); the
/// codewords placed in the two-column zigzag; each of the eight masks tried
/// and the one with the lowest penalty (the four rules of 7.8.3) kept; the
/// BCH-coded format information written twice.
public struct QRCode: Sendable, Equatable {
    /// The error correction level: L recovers about 7% of the codewords, M 15%.
    public enum Level: Sendable, CaseIterable {
        case l, m

        /// The two format bits (L 01, M 00).
        var formatBits: Int { self == .l ? 0b01 : 0b00 }
    }

    /// Why a text has no symbol.
    public enum EncodingError: Error, Equatable, CustomStringConvertible {
        /// More bytes than version 6 holds at the level.
        case tooLong(bytes: Int, maximum: Int)

        /// The message: the text's length and the most the level holds.
        public var description: String {
            switch self {
            case let .tooLong(bytes, maximum):
                return "the text is \(bytes) bytes long; a QR code of version 6 holds at most \(maximum) at this level"
            }
        }
    }

    /// The version, 1 ... 6.
    public let version: Int
    /// The level.
    public let level: Level
    /// The mask pattern, 0 ... 7.
    public let mask: Int
    /// The modules, row by row: true for dark.
    public let modules: [[Bool]]

    /// Modules on a side.
    public var size: Int { modules.count }

    /// The symbol for `text` (its UTF-8 bytes) at `level`, in the smallest
    /// version that holds it (or `version`), with the best mask (or `mask`).
    public init(_ text: String, level: Level = .m, version: Int? = nil, mask: Int? = nil) throws(EncodingError) {
        let bytes = Array(text.utf8)
        let maximum = Self.capacity(version: 6, level: level)
        guard let chosen = version ?? (1...6).first(where: { Self.capacity(version: $0, level: level) >= bytes.count }),
              bytes.count <= Self.capacity(version: chosen, level: level) else {
            throw .tooLong(bytes: bytes.count, maximum: version.map { Self.capacity(version: $0, level: level) } ?? maximum)
        }
        self.version = chosen
        self.level = level
        let codewords = Self.codewords(bytes, version: chosen, level: level)
        var base = Matrix(version: chosen)
        base.placeFunctionPatterns()
        base.placeData(codewords)
        var best: (mask: Int, matrix: Matrix, penalty: Int)?
        for candidate in mask.map({ [$0] }) ?? Array(0..<8) {
            var matrix = base
            matrix.applyMask(candidate)
            matrix.placeFormat(level: level, mask: candidate)
            let penalty = mask == nil ? matrix.penalty() : 0
            if best == nil || penalty < best!.penalty { best = (candidate, matrix, penalty) }
        }
        self.mask = best!.mask
        self.modules = best!.matrix.dark
    }

    // MARK: Capacity and blocks

    /// Per version 1 ... 6: (error correction codewords per block, blocks) at L and at M.
    static let blocks: [Level: [(ec: Int, count: Int)]] = [
        .l: [(7, 1), (10, 1), (15, 1), (20, 1), (26, 1), (18, 2)],
        .m: [(10, 1), (16, 1), (26, 1), (18, 2), (24, 2), (16, 4)],
    ]
    /// Codewords in all, per version 1 ... 6.
    static let totalCodewords = [26, 44, 70, 100, 134, 172]

    /// Data codewords of `version` at `level`.
    static func dataCodewords(version: Int, level: Level) -> Int {
        let (ec, count) = blocks[level]![version - 1]
        return totalCodewords[version - 1] - ec * count
    }

    /// The most bytes `version` holds at `level`: the data codewords less
    /// the 4-bit mode and 8-bit count.
    public static func capacity(version: Int, level: Level) -> Int {
        dataCodewords(version: version, level: level) - 2
    }

    /// The final codeword sequence: data and error correction, interleaved.
    static func codewords(_ bytes: [UInt8], version: Int, level: Level) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)                 // byte mode
        bits.append(bytes.count, count: 8)            // count (versions 1-9)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacityBits = dataCodewords(version: version, level: level) * 8
        bits.append(0, count: min(4, capacityBits - bits.count))   // terminator
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < capacityBits / 8 {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        let (ecCount, blockCount) = blocks[level]![version - 1]
        // Equal blocks for versions 1-6 at L and M.
        let length = data.count / blockCount
        let dataBlocks = (0..<blockCount).map { Array(data[$0 * length ..< ($0 + 1) * length]) }
        let generator = ReedSolomon.generator(degree: ecCount)
        let ecBlocks = dataBlocks.map { ReedSolomon.remainder($0, generator: generator) }
        var out: [UInt8] = []
        for i in 0..<length { for block in dataBlocks { out.append(block[i]) } }
        for i in 0..<ecCount { for block in ecBlocks { out.append(block[i]) } }
        return out
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for k in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> k & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { $0 << 1 | (start + $1 < bits.count && bits[start + $1] ? 1 : 0) }
        }
    }
}

/// Reed-Solomon error correction over GF(256) with the polynomial
/// x^8 + x^4 + x^3 + x^2 + 1 (0x11D) and generator roots 2^0 ... 2^(n-1).
enum ReedSolomon {
    /// exp[i] = 2^i, log[2^i] = i.
    static let (exp, log): ([UInt8], [Int]) = {
        var exp = [UInt8](repeating: 0, count: 512), log = [Int](repeating: 0, count: 256)
        var x = 1
        for i in 0..<255 {
            exp[i] = UInt8(x)
            log[x] = i
            x <<= 1
            if x & 0x100 != 0 { x ^= 0x11D }
        }
        for i in 255..<512 { exp[i] = exp[i - 255] }
        return (exp, log)
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 || b == 0 ? 0 : exp[log[Int(a)] + log[Int(b)]]
    }

    /// The generator (x - 2^0)...(x - 2^(degree-1)), coefficients from the highest power, leading 1.
    static func generator(degree: Int) -> [UInt8] {
        var g: [UInt8] = [1]
        for i in 0..<degree {
            var next = [UInt8](repeating: 0, count: g.count + 1)
            for (j, c) in g.enumerated() {
                next[j] ^= c
                next[j + 1] ^= multiply(c, exp[i])
            }
            g = next
        }
        return g
    }

    /// The remainder of data(x) * x^degree divided by the generator: the error correction codewords.
    static func remainder(_ data: [UInt8], generator: [UInt8]) -> [UInt8] {
        let degree = generator.count - 1
        var r = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ r[0]
            r.removeFirst()
            r.append(0)
            for j in 0..<degree { r[j] ^= multiply(generator[j + 1], factor) }
        }
        return r
    }
}

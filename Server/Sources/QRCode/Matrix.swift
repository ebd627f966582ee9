/// A symbol being built: its modules and which of them are function
/// patterns (never masked, never data).
struct Matrix {
    let version: Int
    let size: Int
    var dark: [[Bool]]
    var reserved: [[Bool]]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        dark = Array(repeating: Array(repeating: false, count: size), count: size)
        reserved = dark
    }

    mutating func set(_ row: Int, _ column: Int, _ value: Bool) {
        dark[row][column] = value
        reserved[row][column] = true
    }

    // MARK: Function patterns

    /// Finders with their separators, timing, the alignment pattern
    /// (versions 2-6 have one), the dark module, and the format areas reserved.
    mutating func placeFunctionPatterns() {
        for (row, column) in [(0, 0), (0, size - 7), (size - 7, 0)] {
            for dr in -1...7 {
                for dc in -1...7 {
                    let r = row + dr, c = column + dc
                    guard (0..<size).contains(r), (0..<size).contains(c) else { continue }
                    let inside = (0...6).contains(dr) && (0...6).contains(dc)
                    let ring = dr == 0 || dr == 6 || dc == 0 || dc == 6
                    let core = (2...4).contains(dr) && (2...4).contains(dc)
                    set(r, c, inside && (ring || core))
                }
            }
        }
        for k in 8..<(size - 8) {
            set(6, k, k % 2 == 0)
            set(k, 6, k % 2 == 0)
        }
        if version >= 2 {
            let centre = size - 7   // 18, 22, 26, 30, 34 for versions 2-6
            for dr in -2...2 {
                for dc in -2...2 { set(centre + dr, centre + dc, max(abs(dr), abs(dc)) != 1) }
            }
        }
        // Format areas (written after masking) and the dark module.
        for k in 0...8 {
            reserved[8][k] = true
            reserved[k][8] = true
        }
        for k in 0..<8 {
            reserved[8][size - 1 - k] = true
            reserved[size - 1 - k][8] = true
        }
        set(size - 8, 8, true)
    }

    // MARK: Data

    /// The codewords' bits, most significant first, in the zigzag: column
    /// pairs from the right, upwards then downwards, skipping column 6.
    mutating func placeData(_ codewords: [UInt8]) {
        var bit = 0
        let total = codewords.count * 8
        var column = size - 1
        var upwards = true
        while column > 0 {
            if column == 6 { column -= 1 }
            for step in 0..<size {
                let row = upwards ? size - 1 - step : step
                for c in [column, column - 1] where !reserved[row][c] {
                    // Remainder bits (after the codewords) are light.
                    dark[row][c] = bit < total && (codewords[bit / 8] >> (7 - bit % 8)) & 1 == 1
                    bit += 1
                }
            }
            upwards.toggle()
            column -= 2
        }
    }

    /// Whether mask `mask` inverts the module at (row, column) (ISO/IEC 18004 table 10).
    static func masks(_ mask: Int, _ i: Int, _ j: Int) -> Bool {
        switch mask {
        case 0: return (i + j) % 2 == 0
        case 1: return i % 2 == 0
        case 2: return j % 3 == 0
        case 3: return (i + j) % 3 == 0
        case 4: return (i / 2 + j / 3) % 2 == 0
        case 5: return (i * j) % 2 + (i * j) % 3 == 0
        case 6: return ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: return ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    mutating func applyMask(_ mask: Int) {
        for i in 0..<size {
            for j in 0..<size where !reserved[i][j] && Self.masks(mask, i, j) { dark[i][j].toggle() }
        }
    }

    // MARK: Format information

    /// The 15 format bits: level and mask, BCH(15, 5) with generator 0x537, XOR 0x5412.
    static func formatBits(level: QRCode.Level, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data << 10
        for shift in stride(from: 4, through: 0, by: -1) where remainder & (1 << (shift + 10)) != 0 {
            remainder ^= 0x537 << shift
        }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The format bits in both places: around the top-left finder, and split
    /// between the bottom-left and top-right ones (bit 14 first... bit 0).
    mutating func placeFormat(level: QRCode.Level, mask: Int) {
        let bits = Self.formatBits(level: level, mask: mask)
        func bit(_ k: Int) -> Bool { bits >> k & 1 == 1 }
        // Top-left: bits 0-7 down column 8 (skipping the timing row), bits 8-14 along row 8 leftwards.
        let columnRows = [0, 1, 2, 3, 4, 5, 7, 8]
        for k in 0..<8 { dark[columnRows[k]][8] = bit(k) }
        let rowColumns = [7, 5, 4, 3, 2, 1, 0]
        for k in 8..<15 { dark[8][rowColumns[k - 8]] = bit(k) }
        // Second copy: bits 0-7 along row 8 from the right, bits 8-14 up column 8 from the bottom.
        for k in 0..<8 { dark[8][size - 1 - k] = bit(k) }
        for k in 8..<15 { dark[size - 15 + k][8] = bit(k) }
        dark[size - 8][8] = true
    }

    // MARK: Penalty (ISO/IEC 18004 7.8.3)

    /// The four rules' sum: runs of five or more (3 + length - 5), 2x2
    /// blocks (3 each), finder-like 1:1:3:1:1 with four light modules
    /// beside (40 each), and the dark share's distance from 50% (10 per 5%).
    func penalty() -> Int {
        var score = 0
        let rows = dark
        let columns = (0..<size).map { c in (0..<size).map { rows[$0][c] } }
        for line in rows + columns {
            var run = 1
            for k in 1..<size {
                if line[k] == line[k - 1] {
                    run += 1
                } else {
                    if run >= 5 { score += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { score += run - 2 }
            score += 40 * Self.finderLike(line)
        }
        for i in 0..<(size - 1) {
            for j in 0..<(size - 1) {
                let v = rows[i][j]
                if rows[i][j + 1] == v, rows[i + 1][j] == v, rows[i + 1][j + 1] == v { score += 3 }
            }
        }
        let darkCount = rows.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        // k: the whole 5% steps by which the dark share deviates from 50%.
        score += abs(darkCount * 20 - total * 10) / total * 10
        return score
    }

    /// Occurrences of dark-light-dark-dark-dark-light-dark with four light
    /// modules (or the edge) before or after, found left to right: after one
    /// that counts the search goes on past it, after one that does not from
    /// its middle (so two sharing a dark run are both seen).
    static func finderLike(_ line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        let n = line.count
        func light(_ range: Range<Int>) -> Bool { range.allSatisfy { $0 < 0 || $0 >= n || !line[$0] } }
        var count = 0
        var start = 0
        while start <= n - 7 {
            guard (0..<7).allSatisfy({ line[start + $0] == pattern[$0] }) else { start += 1; continue }
            if light((start - 4)..<start) || light((start + 7)..<(start + 11)) {
                count += 1
                start += 7
            } else {
                start += 4
            }
        }
        return count
    }
}

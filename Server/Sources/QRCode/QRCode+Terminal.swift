extension QRCode {
    /// The symbol drawn with Unicode half blocks, two module rows per line
    /// (`▀` top dark, `▄` bottom dark, `█` both), with a quiet zone of
    /// `quietZone` modules (the standard asks for 4).
    ///
    /// - Parameter colours: black on white by ANSI escapes, so the code
    ///   reads the same on a dark terminal (without them a dark terminal
    ///   shows it inverted, which some phones do not read).
    public func terminalText(quietZone: Int = 4, colours: Bool = true) -> String {
        let side = size + 2 * quietZone
        func isDark(_ row: Int, _ column: Int) -> Bool {
            let r = row - quietZone, c = column - quietZone
            return (0..<size).contains(r) && (0..<size).contains(c) && modules[r][c]
        }
        var out = ""
        for row in stride(from: 0, to: side, by: 2) {
            if colours { out += "\u{1B}[30;107m" }
            for column in 0..<side {
                switch (isDark(row, column), row + 1 < side && isDark(row + 1, column)) {
                case (true, true): out += "█"
                case (true, false): out += "▀"
                case (false, true): out += "▄"
                case (false, false): out += " "
                }
            }
            if colours { out += "\u{1B}[0m" }
            out += "\n"
        }
        return out
    }
}

import FilterSets

/// Files written whole or not at all, for front ends.
public enum FileOutput {
    /// Writes `text` to `path` through a short temporary name beside it and a
    /// rename, so a failure never leaves a partial file.
    ///
    /// - Returns: `nil` on success, else why it failed.
    public static func write(_ text: String, to path: String) -> String? { AtomicFile.write(text, to: path) }

    /// The file's text, or `nil` when it cannot be read as UTF-8.
    public static func read(_ path: String) -> String? { AtomicFile.read(path) }
}

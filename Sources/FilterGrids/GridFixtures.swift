import Foundation

/// Where the grids' reference data lives: `Tests/Fixtures/scipy` of this
/// package (written by `scripts/sos_grid_reference.py` and
/// `scripts/order_estimation_reference.py`), found from this file's path, as
/// the tests find theirs.
public enum GridFixtures {
    /// `Tests/Fixtures/scipy` beside `Sources/`.
    public static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/scipy")
    }

    /// The JSON document `name` in `directory`, decoded.
    static func decode<T: Decodable>(_ type: T.Type, _ name: String, in directory: URL) throws -> T {
        try JSONDecoder().decode(type, from: Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

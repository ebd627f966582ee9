import Foundation

/// The package's root folder (the README the response tables are checked
/// against), found from this file's path.
enum PackageRoot {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

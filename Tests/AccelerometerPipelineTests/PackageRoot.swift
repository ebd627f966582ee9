import Foundation

/// The package's root folder (docs/recordings-and-pipeline.md, which the response
/// tables are checked against, lies under it), found from this file's path.
enum PackageRoot {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

// swift-tools-version: 6.1
// An app-side package that uses mkfilter's build plugin: the filter bank is
// described in Sources/AccelerometerExample/AccelerometerFilters.filters.json
// and its Swift is generated at build time (nothing generated is committed).
import PackageDescription

let package = Package(
    name: "AccelerometerExample",
    dependencies: [
        // This repository, by path. The explicit name keeps `package: "mkfilter"`
        // valid whatever the directory of the clone is called.
        .package(name: "mkfilter", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "AccelerometerExample",
            dependencies: [.product(name: "FilterRuntime", package: "mkfilter")],
            plugins: [.plugin(name: "FilterGenerator", package: "mkfilter")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

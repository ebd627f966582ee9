// swift-tools-version: 6.1
// libFuzzer executables, one per reader of outside input (`FuzzReader`).
// Their sources define LLVMFuzzerTestOneInput and no main: they link only
// with -sanitize=fuzzer, which brings libFuzzer's main, so they live in this
// package and the main package builds without them. Linux:
//
//   swift build --package-path Fuzz --scratch-path .build-fuzz -c release \
//       -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
//
// scripts/fuzz.sh builds them, makes the seed corpus and runs each reader.
import PackageDescription

let readers = ["cTemplate", "swiftTemplate", "specJSON", "pipelineCSV", "fisherListing", "argv", "webQuery",
               "recordingOptions", "firOptions"]

let package = Package(
    name: "mkfilter-fuzz",
    dependencies: [.package(name: "mkfilter", path: "..")],
    targets: [.target(name: "FuzzDriver")] + readers.map { reader in
        .executableTarget(name: "fuzz-\(reader)", dependencies: ["FuzzDriver", .product(name: "FilterFuzzing", package: "mkfilter")])
    },
    swiftLanguageModes: [.v6]
)

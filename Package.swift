// swift-tools-version: 6.1
import PackageDescription

/// swift-numerics' complex numbers and real functions, which the design core,
/// its analysis and their tests use.
let numerics: [Target.Dependency] = [
    .product(name: "ComplexModule", package: "swift-numerics"),
    .product(name: "RealModule", package: "swift-numerics"),
]

let package = Package(
    name: "mkfilter",
    products: [
        // MARK: Products
        .library(name: "FilterDesign", targets: ["FilterDesign"]),
        .library(name: "FilterAnalysis", targets: ["FilterAnalysis"]),
        .library(name: "FilterRuntime", targets: ["FilterRuntime"]),
        .library(name: "AccelerometerPipeline", targets: ["AccelerometerPipeline"]),
        .library(name: "GeneratedFilters", targets: ["GeneratedFilters"]),
        // The application layer for Server/ (`mkfilter serve`), which depends on
        // this package by path; nothing here depends on an HTTP server.
        .library(
            name: "MkfilterServerSupport",
            targets: ["FilterRequests", "AnalysisRequests", "FilterAnalysis", "FilterDesign",
                      "FilterEmission", "FilterJSON", "FilterSets"]
        ),
        .executable(name: "mkfilter", targets: ["mkfilter"]),
        // The fuzz cases and their invariants, for the libFuzzer executables of
        // the package in Fuzz/ (scripts/fuzz.sh); not an API.
        .library(name: "FilterFuzzing", targets: ["FilterFuzzing"]),
        .executable(name: "filter-generator", targets: ["filter-generator"]),
        // The whole grids and the seeded fuzz campaign in release, for CI: built
        // through Server/ (`swift build --package-path Server -c release --product
        // filter-grids`) they share the server's release build of this package's
        // modules (scripts/section-grid.sh). Not an API.
        .executable(name: "filter-grids", targets: ["filter-grids"]),
        .executable(name: "mkfilter-fuzz", targets: ["mkfilter-fuzz"]),
        .plugin(name: "FilterGenerator", targets: ["FilterGenerator"]),
        .plugin(name: "GenerateFilters", targets: ["GenerateFilters"]),
    ],
    dependencies: [
        // MARK: Dependencies
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // `swift package generate-documentation --target FilterDesign` (DocC; CI builds it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // MARK: System libraries
        .systemLibrary(
            name: "CFFTW",
            pkgConfig: "fftw3",
            providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
        ),

        // MARK: Runtime
        // What generated code imports: pure Swift, no dependencies, no Foundation,
        // no platform imports (iOS apps link it). Its rounding (`rounded()`,
        // `Float(x)` of a Double) calls libm's round, rint, trunc, floor and
        // ceil; on Linux nothing links libm for a program that imports no
        // platform module, so FilterRuntime asks for it (scripts/check-consumer.sh
        // builds such a program).
        .target(
            name: "FilterRuntime",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // Shake!'s accelerometer chain on three axes (sources, Apple's filters,
        // moving RMS, trigger), for apps and for `mkfilter pipeline`.
        .target(name: "AccelerometerPipeline", dependencies: ["FilterRuntime"]),

        // MARK: Design
        // Recipe -> prototype -> band transform -> bilinear -> zeros, poles, gain
        // -> realization.
        .target(
            name: "FilterDesign",
            dependencies: ["FilterRuntime"] + numerics
        ),
        // Reading and writing JSON: strict, with line numbers; deterministic,
        // every Double round-tripping.
        .target(name: "FilterJSON"),

        // MARK: Formats
        // The mustache templates of emitted code (Templates/, embedded at build time).
        .target(
            name: "EmissionTemplates",
            dependencies: [.product(name: "Mustache", package: "swift-mustache")]
        ),
        // Fisher's formats: his command line (parsed and printed), report,
        // listing, gencode, mkshape and mkaverage.
        .target(
            name: "FisherCompatibility",
            dependencies: ["FilterDesign", "EmissionTemplates"]
        ),
        // DigitalFilterTemplate from a design, and the Swift, C and JSON emitters.
        .target(
            name: "FilterEmission",
            dependencies: ["FilterDesign", "FilterRuntime", "FilterJSON", "FisherCompatibility", "EmissionTemplates"]
        ),
        // Filter set files and the recipe's field codec (JSON, URL query),
        // generation and retargeting. No FFTW: the build plugin's tool is built
        // on every consumer's machine.
        .target(
            name: "FilterSets",
            dependencies: ["FilterDesign", "FilterEmission", "FilterJSON", "FilterRuntime", "FisherCompatibility"]
        ),

        // MARK: Analysis
        // Responses and verification, with FFTW. Kept out of the layers above so
        // that code generation (and the build plugin) never needs libfftw3.
        .target(
            name: "FilterAnalysis",
            dependencies: [
                "CFFTW",
                "FilterDesign",
                "FilterJSON",
                "FilterRuntime",
            ] + numerics
        ),

        // MARK: Application layer
        // Typed requests and results that every front end (CLI, plugins' tool,
        // server) calls: design, report, listing, emitted code, generation,
        // retargeting, pipeline filters. No FFTW.
        .target(
            name: "FilterRequests",
            dependencies: [
                "AccelerometerPipeline", "EmissionTemplates", "FilterDesign", "FilterEmission", "FilterJSON",
                "FilterRuntime", "FilterSets", "FisherCompatibility",
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        // The application layer's analysis requests: response, impulse, step,
        // verify, template audit (FFTW).
        .target(
            name: "AnalysisRequests",
            dependencies: [
                "FilterAnalysis", "FilterRequests", "FilterDesign", "FilterEmission", "FilterJSON",
                "FilterRuntime", "FilterSets", "FisherCompatibility",
            ]
        ),
        .executableTarget(
            name: "filter-generator",
            dependencies: ["FilterRequests"]
        ),

        // MARK: Plugins
        // Build tool: any target holding `*.filters.json` gets its Swift at build time.
        .plugin(
            name: "FilterGenerator",
            capability: .buildTool(),
            dependencies: ["filter-generator"]
        ),
        // Command: `swift package --allow-writing-to-package-directory generate-filters`
        // rewrites committed sources (such as Generated/) from their specs.
        .plugin(
            name: "GenerateFilters",
            capability: .command(
                intent: .custom(verb: "generate-filters",
                                description: "Regenerate committed Swift from the *.filters.json specs in the package's targets"),
                permissions: [.writeToPackageDirectory(reason: "writes <Namespace>.swift beside each *.filters.json spec")]
            ),
            dependencies: ["filter-generator"]
        ),

        // MARK: Generated filters
        // Shake!'s filter menu at 60 Hz and 100 Hz, written by the generate-filters
        // command plugin from Generated/ShakeFilters.filters.json and committed.
        .target(
            name: "GeneratedFilters",
            dependencies: ["FilterRuntime"],
            path: "Generated",
            exclude: ["ShakeFilters.filters.json", "README.md"]
        ),

        // MARK: Command line
        // Argument parsing and printing only; the commands live in a library so
        // that tests run them in-process, the executable is their entry point.
        .target(
            name: "MkfilterCLI",
            dependencies: [
                "FilterRequests",
                "AnalysisRequests",
                "FilterAnalysis",
                "FilterDesign",
                "FilterSets",
                "FisherCompatibility",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "mkfilter",
            dependencies: ["MkfilterCLI"]
        ),

        // MARK: Fuzzing
        // Seeded fuzz cases against every reader of outside input (templates,
        // spec files, pipeline CSV, Fisher's listing, argv, the web query):
        // `swift run -c release mkfilter-fuzz --cases 100000` (scripts/fuzz-seeded.sh);
        // libFuzzer drives the same checks from Fuzz/ (scripts/fuzz.sh);
        // FuzzTests runs a bounded number in `swift test`.
        .target(
            name: "FilterFuzzing",
            dependencies: ["FilterRequests", "AnalysisRequests", "FilterDesign", "FilterEmission", "FilterSets",
                           "MkfilterCLI"]
        ),
        .executableTarget(
            name: "mkfilter-fuzz",
            dependencies: ["FilterFuzzing"]
        ),

        // MARK: Benchmarks
        // swift run -c release filter-benchmarks
        .executableTarget(
            name: "filter-benchmarks",
            dependencies: ["AccelerometerPipeline", "FilterAnalysis", "FilterRequests", "FilterDesign", "FilterEmission",
                           "FilterRuntime", "FisherCompatibility", "GeneratedFilters"],
            path: "Benchmarks/FilterBenchmarks"
        ),

        // MARK: Grids
        // The design grids against scipy (sections, order estimation, verify):
        // checks returning their failures, which the tests run on a sample in
        // debug and filter-grids runs whole in release.
        .target(
            name: "FilterGrids",
            dependencies: [
                "FilterAnalysis", "AnalysisRequests", "FilterDesign", "FilterEmission", "FilterRequests", "FilterRuntime",
                "FisherCompatibility", .product(name: "ComplexModule", package: "swift-numerics"),
            ]
        ),
        .executableTarget(name: "filter-grids", dependencies: ["FilterGrids"]),

        // MARK: Test support
        // scripts/target-check.sh's host side: inputs through SectionCascade<Float>
        // or <Double>, the outputs' bits printed (not a product).
        .executableTarget(
            name: "cascade-run",
            dependencies: ["FilterJSON", "FilterRuntime"]
        ),

        // MARK: Tests
        // Reference data lives in Tests/Fixtures and is found from #filePath.
        .testTarget(
            name: "FilterDesignTests",
            dependencies: ["FilterDesign"] + numerics
        ),
        // Helpers the test targets share (running a program, C source text).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "FilterJSONTests", dependencies: ["FilterJSON"]),
        // The templates as embedded, and the renderer's checks.
        .testTarget(name: "EmissionTemplatesTests", dependencies: ["EmissionTemplates"]),
        .testTarget(
            name: "MkfilterCLITests",
            dependencies: ["MkfilterCLI", "FilterDesign", "FilterRuntime", "mkfilter", "TestSupport"]
        ),
        // Fisher's fixtures, byte for byte: his reports, listings and gencode
        // through the commands that print them.
        .testTarget(
            name: "FisherCompatibilityTests",
            dependencies: ["FisherCompatibility", "FilterDesign", "MkfilterCLI", "TestSupport"]
        ),
        .testTarget(name: "FilterRuntimeTests", dependencies: ["FilterRuntime"]),
        // The pipeline's stages against their formulas, and its filters'
        // responses as the README's tables state them.
        .testTarget(
            name: "AccelerometerPipelineTests",
            dependencies: ["AccelerometerPipeline", "FilterAnalysis", "FilterRequests", "FilterDesign", "FilterEmission",
                           "FilterRuntime", "FilterSets"]
        ),
        // The application layer's own parts: number text, the pipeline's CSV writer.
        .testTarget(
            name: "FilterRequestsTests",
            dependencies: ["AccelerometerPipeline", "FilterRequests", "AnalysisRequests", "FilterSets"]
        ),
        .testTarget(
            name: "FilterEmissionTests",
            dependencies: ["FilterRequests", "FilterEmission", "EmissionTemplates", "FilterDesign", "FilterRuntime", "FisherCompatibility", "MkfilterCLI",
                           "TestSupport"]
        ),
        .testTarget(
            name: "GeneratedFiltersTests",
            dependencies: ["GeneratedFilters", "FilterRuntime", "FilterDesign", "FilterEmission", "FisherCompatibility"]
        ),
        // FilterAnalysis: responses against mpmath and scipy, measurements,
        // verification's accuracy, the offset form's stability check.
        .testTarget(
            name: "FilterAnalysisTests",
            dependencies: [
                "FilterAnalysis", "FilterDesign", "FilterRuntime", "MkfilterCLI",
            ] + numerics
        ),
        // The requests that need analysis (response and its plots, verify,
        // spectrum, pipeline, the recording trial), most through the
        // commands that print them.
        .testTarget(
            name: "AnalysisRequestsTests",
            dependencies: [
                "AnalysisRequests", "AccelerometerPipeline", "FilterAnalysis", "FilterRequests", "FilterDesign",
                "FilterEmission", "FilterRuntime", "FilterSets", "FisherCompatibility", "MkfilterCLI",
                .product(name: "ComplexModule", package: "swift-numerics"),
            ]
        ),
        // The design grids against scipy, a sample of each in debug.
        .testTarget(
            name: "FilterGridsTests",
            dependencies: [
                "FilterGrids", "FilterAnalysis", "FilterDesign", "MkfilterCLI",
                .product(name: "ComplexModule", package: "swift-numerics"),
            ]
        ),
        .testTarget(
            name: "FilterSetsTests",
            dependencies: ["FilterSets", "FilterDesign", "FilterEmission", "FilterJSON", "FilterRuntime", "FisherCompatibility", "GeneratedFilters", "MkfilterCLI"]
        ),
        .testTarget(name: "FuzzTests", dependencies: ["FilterFuzzing"]),
        .testTarget(
            name: "CFFTWTests",
            dependencies: ["CFFTW"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

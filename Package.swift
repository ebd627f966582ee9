// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "mkfilter",
    products: [
        // MARK: Products
        .library(name: "FilterDesign", targets: ["FilterDesign"]),
        .library(name: "FilterAnalysis", targets: ["FilterAnalysis"]),
        .library(name: "FilterRuntime", targets: ["FilterRuntime"]),
        .library(name: "GeneratedFilters", targets: ["GeneratedFilters"]),
        .executable(name: "mkfilter", targets: ["mkfilter"]),
        .executable(name: "filter-generator", targets: ["filter-generator"]),
        .plugin(name: "FilterGenerator", targets: ["FilterGenerator"]),
        .plugin(name: "GenerateFilters", targets: ["GenerateFilters"]),
    ],
    dependencies: [
        // MARK: Dependencies
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // MARK: System libraries
        .systemLibrary(
            name: "CFFTW",
            pkgConfig: "fftw3",
            providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
        ),

        // MARK: Design math
        .target(
            name: "FilterDesign",
            dependencies: [
                .product(name: "ComplexModule", package: "swift-numerics"),
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),

        // MARK: Analysis
        // Responses and verification, with FFTW. Kept out of FilterDesign so that
        // code generation (and the build plugin) never needs libfftw3.
        .target(
            name: "FilterAnalysis",
            dependencies: [
                "CFFTW",
                "FilterDesign",
                "FilterRuntime",
                .product(name: "ComplexModule", package: "swift-numerics"),
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),

        // MARK: Runtime
        // What generated code imports: pure Swift, no dependencies, no Foundation.
        .target(name: "FilterRuntime"),

        // MARK: Emission
        // Fisher's listing and gencode, and the Swift, C and JSON emitters
        // (driven by the templates in Templates/, embedded at build time).
        .target(
            name: "FilterEmission",
            dependencies: [
                "FilterDesign",
                "FilterRuntime",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),

        // MARK: Filter set files
        // The spec format (JSON), Fisher's command-line grammar it embeds, and
        // spec -> Swift. No FFTW: the build plugin's tool is built on every
        // consumer's machine.
        .target(
            name: "FilterSets",
            dependencies: ["FilterDesign", "FilterEmission", "FilterRuntime"]
        ),
        .executableTarget(
            name: "filter-generator",
            dependencies: ["FilterSets"]
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
        // The commands live in a library so that tests run them in-process;
        // the executable is only their entry point.
        .target(
            name: "MkfilterCLI",
            dependencies: [
                "FilterAnalysis",
                "FilterDesign",
                "FilterEmission",
                "FilterRuntime",
                "FilterSets",
                "GeneratedFilters",
                .product(name: "ComplexModule", package: "swift-numerics"),
                .product(name: "RealModule", package: "swift-numerics"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "mkfilter",
            dependencies: ["MkfilterCLI"]
        ),

        // MARK: Benchmarks
        // swift run -c release filter-benchmarks
        .executableTarget(
            name: "filter-benchmarks",
            dependencies: ["FilterAnalysis", "FilterDesign", "FilterEmission", "FilterRuntime", "GeneratedFilters"],
            path: "Benchmarks/FilterBenchmarks"
        ),

        // MARK: Tests
        // Reference data lives in Tests/Fixtures and is found from #filePath.
        .testTarget(
            name: "FilterDesignTests",
            dependencies: ["FilterDesign"]
        ),
        .testTarget(
            name: "MkfilterCLITests",
            dependencies: ["MkfilterCLI", "FilterDesign", "mkfilter"]
        ),
        .testTarget(
            name: "FilterRuntimeTests",
            dependencies: ["FilterRuntime"]
        ),
        .testTarget(
            name: "FilterEmissionTests",
            dependencies: ["FilterEmission", "FilterDesign", "FilterRuntime", "MkfilterCLI"]
        ),
        .testTarget(
            name: "GeneratedFiltersTests",
            dependencies: ["GeneratedFilters", "FilterRuntime", "FilterDesign", "FilterEmission"]
        ),
        .testTarget(
            name: "FilterAnalysisTests",
            dependencies: [
                "FilterAnalysis", "FilterDesign", "FilterRuntime", "MkfilterCLI",
                .product(name: "ComplexModule", package: "swift-numerics"),
            ]
        ),
        .testTarget(
            name: "FilterSetsTests",
            dependencies: ["FilterSets", "FilterDesign", "FilterEmission", "FilterRuntime", "GeneratedFilters", "MkfilterCLI"]
        ),
        .testTarget(
            name: "CFFTWTests",
            dependencies: ["CFFTW"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.2
import PackageDescription

// `mkfilter serve`: the design page, its API and Shake!'s live screen, on
// Hummingbird 2. Its own package so that the root package (the command line,
// the runtime, the build plugin) never builds an HTTP server: `mkfilter serve`
// builds this once (`swift build --package-path Server -c release`) and hands
// over to its executable.

/// The products `names` of the dependency `package`.
func products(_ package: String, _ names: String...) -> [Target.Dependency] {
    names.map { .product(name: $0, package: package) }
}

let package = Package(
    name: "mkfilter-server",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "mkfilter-server", targets: ["mkfilter-server"]),
        .executable(name: "mkfilter-server-https", targets: ["mkfilter-server-https"]),
    ],
    dependencies: [
        // MARK: Dependencies
        .package(name: "mkfilter", path: ".."),
        // No default traits: neither swift-configuration nor full Foundation is needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Already Hummingbird's; named for the logger and the listening channel.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The HTTP parts (`HTTPRequestPart`) the connection guard and the head limit see.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // `--https`: the self-signed certificate. The test build compiled these
        // (and BoringSSL) already, for HummingbirdTesting's HTTP client.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // MARK: Server
        // Routes, the page's HTML and the API: thin, over the application layer.
        .target(
            name: "FilterServer",
            dependencies: [.product(name: "MkfilterServerSupport", package: "mkfilter")]
                + products("hummingbird", "Hummingbird", "HummingbirdCore") + products("swift-log", "Logging")
                + products("swift-nio", "NIOCore", "NIOConcurrencyHelpers", "NIOHTTP1", "NIOPosix")
                + products("swift-nio-extras", "NIOHTTPTypes", "NIOHTTPTypesHTTP1")
        ),
        // `--https`: the cached self-signed certificate and TLS (HummingbirdTLS, BoringSSL).
        .target(
            name: "ServeTLS",
            dependencies: products("hummingbird", "HummingbirdCore", "HummingbirdTLS") + products("swift-certificates", "X509")
                + products("swift-crypto", "Crypto") + products("swift-asn1", "SwiftASN1") + products("swift-nio-ssl", "NIOSSL")
        ),
        // A QR code of the URL for the terminal: no dependencies.
        .target(name: "QRCode"),
        // --host/--port/--https, then the server until SIGINT or SIGTERM.
        .target(
            name: "ServerLauncher",
            dependencies: ["FilterServer", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdCore", package: "hummingbird")]
        ),
        // The plain server: what `mkfilter serve` starts and scripts/setup.sh
        // builds; no TLS, so no BoringSSL to compile.
        .executableTarget(name: "mkfilter-server", dependencies: ["ServerLauncher"]),
        // The same with `--https` (`mkfilter serve --https`, built when first asked for).
        .executableTarget(name: "mkfilter-server-https", dependencies: ["ServerLauncher", "ServeTLS", "QRCode"]),

        // MARK: Tests
        // `swift test --package-path Server -c release` (the release build CI made already).
        .testTarget(
            name: "RouteTests",
            dependencies: [
                "FilterServer",
                .product(name: "MkfilterServerSupport", package: "mkfilter"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
    ],
    swiftLanguageModes: [.v6]
)

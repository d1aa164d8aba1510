// swift-tools-version: 6.0
import PackageDescription

// Dependencies point one way: frp → REPL → Language → Signals. Signals has no dependencies,
// so the engine builds in seconds; heavy packages stay out of the targets that do not need them.
// The graph belongs to one thread (STYLE §8), so the per-access exclusivity checks of
// captured state buy nothing on the event path and cost about a fifth of its time
// (measured with perf on the P1 benchmark).
let fastPath: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"])]

let package = Package(
    name: "frp",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "frp", targets: ["frp"]),
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "Language", targets: ["Language"]),
        .library(name: "Trace", targets: ["Trace"]),
        .library(name: "REPL", targets: ["REPL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The HTTP transport of the photo services: only PhotoServer, PhotoClient, frp and
        // their tests link them (NIO stays out of Signals, Language, Trace, Services, REPL).
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // Already in the graph through those two; named for the modules imported directly.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    ],
    targets: [
        .target(name: "Signals", swiftSettings: fastPath),
        // JSON string literals, written and read in one place by Services and Language.
        .target(name: "JSONText"),
        .target(name: "Language", dependencies: ["Signals", "JSONText"], swiftSettings: fastPath),
        .target(name: "Trace", dependencies: ["Signals"], swiftSettings: fastPath),
        // `frp export`: a checked script written as RxJS (the catalogue's spellings).
        // Its preludes are the files they are written in, embedded at build (`Preludes/`).
        .target(name: "Export", dependencies: ["Language", "Signals", "JSONText"], exclude: ["Preludes/Prelude.swift"], resources: [
            .embedInCode("Preludes/prelude.js"), .embedInCode("Preludes/actions.js"), .embedInCode("Preludes/Prelude.swift"),
        ]),
        // `frp import`: RxJS code read and written as an frp script (the catalogue's names).
        .target(name: "Import", dependencies: ["Language", "Export"]),
        .target(name: "Services", dependencies: ["Signals", "JSONText"]),
        // libedit's variadic API wrapped for Swift (needs libedit-dev: scripts/setup).
        .target(name: "CLineEdit", linkerSettings: [.linkedLibrary("edit")]),
        .target(name: "REPL", dependencies: ["Language", "Trace", "Services", "Signals", "CLineEdit", "JSONText", "Export", "Import"]),
        // The playground's page: HTML, CSS and JavaScript files embedded at build time.
        .target(name: "PlaygroundPage", resources: [
            .embedInCode("Page/index.html"), .embedInCode("Page/playground.js"),
            .embedInCode("Page/playground.css"), .embedInCode("Page/favicon.svg"),
        ]),
        // `frp serve`: the services as a Hummingbird server shaped like 500px and Flickr.
        .target(name: "PhotoServer", dependencies: [
            "Services", "PlaygroundPage", "JSONText",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // `--services URL`: the services' answers from that server, over a small HTTP/1.1
        // client on the NIOHTTP1 the server builds already (no TLS, no HTTP/2: LoopbackHTTP).
        .target(name: "PhotoClient", dependencies: [
            "Services", "Signals", "JSONText",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .executableTarget(
            name: "frp",
            dependencies: [
                "REPL", "Language", "PhotoServer", "PhotoClient", "Services",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the test targets share (a runner's output collected, temporary scripts).
        .target(name: "TestSupport", dependencies: ["REPL", "Language"], path: "Tests/TestSupport"),
        .testTarget(name: "SignalsTests", dependencies: ["Signals"]),
        .testTarget(name: "LanguageTests", dependencies: ["Language", "Signals", "JSONText", "TestSupport"]),
        .testTarget(name: "ServicesTests", dependencies: ["Services"]),
        .testTarget(name: "REPLTests", dependencies: ["REPL", "Language", "Trace", "Signals", "TestSupport", "Export", "JSONText"]),
        .testTarget(name: "HTTPTransportTests", dependencies: [
            "PhotoServer", "PhotoClient", "REPL", "Services", "Language", "Signals", "TestSupport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
    ]
)

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
    ],
    targets: [
        .target(name: "Signals", swiftSettings: fastPath),
        .target(name: "Language", dependencies: ["Signals"], swiftSettings: fastPath),
        .target(name: "Trace", dependencies: ["Signals"], swiftSettings: fastPath),
        .target(name: "Services", dependencies: ["Signals"]),
        // libedit's variadic API wrapped for Swift (needs libedit-dev: scripts/setup).
        .target(name: "CLineEdit", linkerSettings: [.linkedLibrary("edit")]),
        .target(name: "REPL", dependencies: ["Language", "Trace", "Services", "Signals", "CLineEdit"]),
        .executableTarget(
            name: "frp",
            dependencies: [
                "REPL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "SignalsTests", dependencies: ["Signals"]),
        .testTarget(name: "LanguageTests", dependencies: ["Language", "Signals"]),
        .testTarget(name: "ServicesTests", dependencies: ["Services"]),
        .testTarget(name: "REPLTests", dependencies: ["REPL", "Language", "Trace", "Signals"]),
    ]
)

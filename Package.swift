// swift-tools-version: 6.0
import PackageDescription

// Dependencies point one way: frp → REPL → Language → Signals. Signals has no dependencies,
// so the engine builds in seconds; heavy packages stay out of the targets that do not need them.
let package = Package(
    name: "frp",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "frp", targets: ["frp"]),
        .library(name: "Signals", targets: ["Signals"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "Signals"),
        .target(name: "Language", dependencies: ["Signals"]),
        .target(name: "REPL", dependencies: ["Language", "Signals"]),
        .executableTarget(
            name: "frp",
            dependencies: [
                "REPL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "SignalsTests", dependencies: ["Signals"]),
        .testTarget(name: "LanguageTests", dependencies: ["Language", "Signals"]),
        .testTarget(name: "REPLTests", dependencies: ["REPL", "Language", "Signals"]),
    ]
)

// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which depends on where frp was cloned.
let frp = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

// A package of its own, so OpenCombine (the peer we compare against) stays out of frp's build.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                .product(name: "Signals", package: frp),
                .product(name: "Language", package: frp),
                .product(name: "Trace", package: frp),
                .product(name: "REPL", package: frp),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
    ]
)

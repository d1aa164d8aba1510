// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which depends on where frp was cloned.
let frp = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

// A package of its own: the fuzz target is built only with libFuzzer's flags
// (`-sanitize=fuzzer`, see fuzz.sh), which would not link into frp's normal build.
let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "FrpFuzz",
            dependencies: [
                .product(name: "Language", package: frp),
                .product(name: "REPL", package: frp),
            ]
        ),
    ]
)

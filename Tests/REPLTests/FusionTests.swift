import Foundation
import Testing

/// Fused stages (Language's FusedStages) are an optimisation of the catalogue's entries: a
/// script must print exactly the same events and trace with them and without them.
@Suite("Fusion")
struct FusionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var scripts: [String] {
        ["Tests/Scripts", "Examples"].flatMap { folder in
            let directory = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".frp") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    /// `frp run --virtual FILE`'s output, fused or not.
    static func run(_ script: String, fused: Bool) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryTests.binary)
        process.arguments = ["run", "--virtual", script]
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["FRP_NO_FUSE"] = fused ? nil : "1"
        process.environment = environment
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("every script prints the same events and trace fused and unfused",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func fusedEqualsUnfused() throws {
        #expect(Self.scripts.count > 25)
        for script in Self.scripts {
            let fused = try Self.run(script, fused: true)
            let unfused = try Self.run(script, fused: false)
            #expect(fused.contains("» ") || fused.contains("✓ line"), "\(script) printed no run and no expect")
            #expect(fused == unfused, "\(script) differs fused and unfused")
        }
    }
}

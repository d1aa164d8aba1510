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
        try BinaryTests.run(["run", "--virtual", script], environment: fused ? [:] : ["FRP_NO_FUSE": "1"], in: root).output
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

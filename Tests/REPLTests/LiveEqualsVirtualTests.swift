import Foundation
import Testing

/// A live run decides the order of events exactly as a virtual one and only paces their
/// delivery to the clock: every Example prints the same events, times and diagrams with
/// `--speed 1000` as with `--virtual` (the live clock once let thread jitter decide the
/// order of events, and drew times like 6.5ms).
@Suite("Live runs print what virtual runs print")
struct LiveEqualsVirtualTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var examples: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Examples").path)) ?? []
        return names.filter { $0.hasSuffix(".frp") }.sorted().map { "Examples/\($0)" }
    }

    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryTests.binary)
        process.arguments = arguments
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("every Example, live at 1000× and virtual", .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)),
          arguments: examples)
    func example(path: String) throws {
        let virtual = try Self.run(["run", "--virtual", path])
        let live = try Self.run(["run", "--speed", "1000", path])
        #expect(virtual.contains("» "))
        #expect(live == virtual, "\(path) differs live and virtual")
    }
}

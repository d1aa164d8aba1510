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

    @Test("every Example, live at 1000× and virtual", .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)),
          arguments: examples)
    func example(path: String) throws {
        let virtual = try BinaryTests.run(["run", "--virtual", path], in: Self.root).output
        let live = try BinaryTests.run(["run", "--speed", "1000", path], in: Self.root).output
        #expect(virtual.contains("» "))
        #expect(live == virtual, "\(path) differs live and virtual")
    }
}

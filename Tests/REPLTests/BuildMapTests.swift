import Foundation
import Testing

/// README's "How it is built" names the source files module by module: each name must be a
/// file of that module (`Tracer` is Sources/Trace/Tracer.swift, `Run/` a folder of it), so
/// the map cannot drift from the tree.
@Suite("README's map of the sources")
struct BuildMapTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Capitalised words of the map that name no file: products and prose.
    static let prose: Set<String> = ["Hummingbird", "Host", "Origin", "AsyncHTTPClient", "Swift", "JSON", "Page", "URL", "SVG",
                                     "OpenCombine", "TestSupport", "Terminal", "Browser", "Chromium"]

    @Test("every file it names is in the module it names it under")
    func namedFilesExist() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## How it is built"))
        // The indented block of the section: from its first line to the blank line after it.
        let section = readme[start.upperBound...]
        let first = try #require(section.range(of: "\n    Sources/"))
        let block = section[first.lowerBound...].dropFirst().split(separator: "\n\n", maxSplits: 1)[0]
        var module: String?
        var checked = 0
        for line in block.split(separator: "\n") {
            // What follows `→` is the modules it depends on.
            let words = line.split(separator: "→", maxSplits: 1)[0].split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "/" && $0 != "." })
            // A line that starts at the margin names a folder: a module of Sources/, or not one.
            if line.hasPrefix("    "), !line.hasPrefix("     "), let first = words.first {
                module = first.hasPrefix("Sources/") ? String(first) : nil
            }
            guard let module else { continue }
            for word in words where word.first?.isUppercase == true && !word.contains("/") && !Self.prose.contains(String(word)) {
                let name = word.hasSuffix(".swift") ? String(word) : word + ".swift"
                #expect(Self.file(named: name, under: module), "README names \(word) under \(module), which has no \(name)")
                checked += 1
            }
        }
        #expect(checked > 60)
    }

    static func file(named name: String, under folder: String) -> Bool {
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
        while let path = enumerator?.nextObject() as? String {
            if (path as NSString).lastPathComponent == name { return true }
        }
        return false
    }
}

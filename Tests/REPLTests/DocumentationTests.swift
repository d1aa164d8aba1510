import Foundation
import Language
@testable import REPL
import Testing
import TestSupport

/// The README shows what frp does; these tests make it say what frp really does, so the
/// documentation cannot drift from the code.
@Suite("The README")
struct DocumentationTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The names between backticks after `label` in the language summary, up to the `.`
    /// that ends the list (`skipRepeats` in parentheses is an alias).
    static func listed(after label: String) -> Set<String> {
        guard let start = readme.range(of: label) else { return [] }
        let rest = readme[start.upperBound...]
        let list = rest.prefix { $0 != "." }
        let words = list.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return Set(words.map(String.init))
    }

    @Test("the README lists exactly the catalogue's sources, and every operator by family as `frp explain` does")
    func operatorLists() {
        let catalogue = Catalogue.standard
        let builtins = catalogue.specs.filter { $0.family != .actions }
        let sources = Set(builtins.filter { $0.role == .source }.flatMap { [$0.name] + $0.aliases })
        #expect(Self.listed(after: "- Sources: ") == sources)
        let families = Explainer.families(catalogue)
        let listed = Self.readme.components(separatedBy: "\n").filter { $0.hasPrefix("  - ") }.map { String($0.dropFirst(4)) }
        #expect(listed == families)
    }

    /// An indented block of the README that starts with `first`, without its indent.
    static func block(startingWith first: String) -> [String] {
        let lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "    " + first) else { return [] }
        return lines[start...].prefix { $0.hasPrefix("    ") || $0.isEmpty }
            .map { String($0.dropFirst(4)) }
            .reversed().drop { $0.isEmpty }.reversed()
    }

    /// Whether every line of `shown` is a line of `actual`, in the same order; `...` in
    /// `shown` stands for lines left out.
    static func appearsInOrder(_ shown: [String], in actual: [String]) -> Bool {
        var position = actual.startIndex
        for line in shown where line.trimmingCharacters(in: .whitespaces) != "..." {
            guard let found = actual[position...].firstIndex(where: { $0 == line }) else {
                Issue.record("not in the output: \(line)")
                return false
            }
            position = found + 1
        }
        return true
    }

    @Test("the first diagram of the README is what the pipeline draws")
    func firstDiagram() {
        let shown = Self.block(startingWith: #"» cold "-a--b|" | switchMap (cold "--x|")"#)
        #expect(shown.count > 4)
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, trace: true, output: captured.output)
            .run(Source(name: "readme.frp", text: #"cold "-a--b|" | switchMap (cold "--x|")"#))
        #expect(Self.appearsInOrder(shown, in: captured.text.components(separatedBy: "\n")))
    }

    @Test("the README's `frp explain switchMap` is what it prints")
    func explainSwitchMap() {
        let shown = Self.block(startingWith: "switchMap PIPELINE    (flattening)")
        #expect(shown.count > 10)
        let (found, text) = explained("switchMap")
        #expect(found)
        #expect(Self.appearsInOrder(shown, in: text.components(separatedBy: "\n")))
    }

    /// The ```frp blocks of a markdown file of the repository.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func frpBlocks(in path: String) -> [String] {
        let text = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return text.components(separatedBy: "```frp\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    @Test("every example of the language reference checks, and its expects pass")
    func languageReference() throws {
        let blocks = Self.frpBlocks(in: "docs/language.md")
        #expect(blocks.count >= 10)
        for (index, block) in blocks.enumerated() {
            // Written beside the reference, so an `import` reads as it does for a reader.
            let path = Self.root.appendingPathComponent("docs/.reference-\(index)-\(UUID().uuidString).frp").path
            try block.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let captured = Captured()
            let status = TestRunner(output: captured.output).run(paths: [path])
            #expect(status == 0, "block \(index + 1):\n\(block)\n\(captured.text)")
            #expect(!captured.text.hasPrefix("0 passed"), "block \(index + 1) has no expect")
        }
    }
}

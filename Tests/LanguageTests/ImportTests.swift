import Language
import TestSupport
import Testing

/// `import "FILE"` with files kept in memory: relative paths, definitions only, cycles and
/// missing files as positioned diagnostics in the file where they are.
@Suite("import")
struct ImportTests {
    static let files: [String: String] = [
        "lib/photos.frp": "import \"names.frp\"\ndef above(n) = filter rating > n\nlet best = of {name: \"a\", rating: 99}, {name: \"b\", rating: 90} | above 95\n",
        "lib/names.frp": "let names = map name\nvar limit = 2\n",
        "lib/runs.frp": "let y = of 1\ny | take 1\n",
        "a.frp": "import \"b.frp\"\n",
        "b.frp": "let x = of 1\nimport \"a.frp\"\n",
    ]

    func frontend() -> Frontend {
        var frontend = Frontend()
        frontend.readFile = { path in
            guard let text = ImportTests.files[path] else { return .failure(.init("No such file or directory")) }
            return .success(Source(name: path, text: text))
        }
        return frontend
    }

    func load(_ text: String, name: String = "main.frp") -> (statements: [CheckedStatement], diagnostics: String, frontend: Frontend) {
        var frontend = frontend()
        let source = Source(name: name, text: text)
        let (statements, found) = frontend.load(source)
        return (statements, found.map { $0.rendered(in: source) }.joined(separator: "\n\n"), frontend)
    }

    @Test("an imported file's definitions, and those it imports (relative to it), are usable after the import")
    func definitions() {
        let loaded = load("import \"lib/photos.frp\"\nbest | names | take limit\n")
        #expect(loaded.diagnostics == "")
        #expect(Set(["above", "best", "names", "limit"]).isSubset(of: Set(loaded.frontend.environment.names)))
        // The library's `var` is declared (it runs) before the pipeline.
        #expect(loaded.statements.contains { if case .declareProperty("limit", _) = $0 { true } else { false } })
        guard case .run? = loaded.statements.last else { Issue.record("no run last"); return }
    }

    @Test("a missing file, a cycle and a line that runs are diagnostics in the file where they are")
    func mistakes() {
        #expect(load("import \"nope.frp\"").diagnostics.hasPrefix("-- CANNOT IMPORT"))
        #expect(load("import \"nope.frp\"").diagnostics.contains("main.frp:1:8\n"))
        let cycle = load("import \"b.frp\"", name: "a.frp").diagnostics
        #expect(cycle.hasPrefix("-- IMPORT CYCLE"))
        #expect(cycle.contains("b.frp:2:8"))
        #expect(cycle.contains("a.frp → b.frp → a.frp"))
        #expect(cycle.contains("2| import \"a.frp\""))
        let runs = load("import \"lib/runs.frp\"").diagnostics
        #expect(runs.hasPrefix("-- NOT A DEFINITION"))
        #expect(runs.contains("lib/runs.frp:2:1\n"))
        #expect(runs.contains("2| y | take 1"))
        // Nothing of a failed load is kept.
        #expect(!load("import \"lib/runs.frp\"").frontend.environment.names.contains("y"))
    }

    @Test("import needs a string, and nothing can be imported without a file reader")
    func syntax() {
        #expect(load("import lib").diagnostics.hasPrefix("-- EXPECTED FILE"))
        #expect(checked("import \"x.frp\"", name: "main.frp").diagnostics.first?.title == "IMPORT UNAVAILABLE")
    }
}

@Suite("Imports and definitions: bounded work")
struct BoundedCheckingTests {
    @Test("a diamond of imports reads each file once (18 levels read the bottom 2^18 times)")
    func diamondReadsOnce() {
        let reads = ReadCount()
        var frontend = Frontend()
        frontend.readFile = { path in
            reads.add(path)
            let level = Int(path.dropFirst("l".count).dropLast("a.frp".count)) ?? 0
            let text = level == 0 ? "def base = map it\n" : "import \"l\(level - 1)a.frp\"\nimport \"l\(level - 1)b.frp\"\n"
            return .success(Source(name: path, text: text))
        }
        let (statements, diagnostics) = frontend.load(Source(name: "main.frp", text: "import \"l30a.frp\"\nimport \"l30b.frp\"\nof 1 | base"))
        #expect(diagnostics.isEmpty)
        #expect(statements.count == 1 + 2)
        #expect(reads.paths.count == 62 && Set(reads.paths).count == 62)
    }

    @Test("definitions that double at every line are refused once past 10,000 stages, with a position")
    func doublingDefinitions() {
        let lines = ["def d0 = map it"] + (1..<40).map { "def d\($0) = d\($0 - 1) | d\($0 - 1)" } + ["of 1 | d39"]
        let (_, diagnostics, rendered) = checked(lines.joined(separator: "\n"), name: "d.frp")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.title == "TOO BIG")
        #expect(rendered.contains("more than 10000 stages"))
    }
}

/// The paths a test's `readFile` was asked for.
final class ReadCount: @unchecked Sendable {
    private(set) var paths: [String] = []
    func add(_ path: String) { paths.append(path) }
}

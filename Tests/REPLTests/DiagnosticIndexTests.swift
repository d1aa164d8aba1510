import Foundation
import Language
@testable import REPL
import Testing
import TestSupport

/// The table of diagnostics (`DiagnosticCode`): every code has a long form, its wrong
/// example raises exactly that code, its fix checks and runs clean, and docs/diagnostics.md
/// is the table as generated now.
@Suite("The table of diagnostics")
struct DiagnosticIndexTests {
    @Test("codes and titles: each code once, in its group's form")
    func codes() {
        let codes = DiagnosticCode.allCases.map(\.code)
        #expect(Set(codes).count == codes.count)
        for code in DiagnosticCode.allCases {
            #expect(code.code.count == 7 && code.code.hasPrefix("FRP") && Int(code.code.dropFirst(3)) != nil, "\(code)")
            #expect(!code.title.isEmpty && code.title == code.title.uppercased(), "\(code)")
            #expect(DiagnosticCode.named(code.code.lowercased()) == code)
        }
    }

    @Test("every code has a long form", arguments: DiagnosticCode.allCases)
    func longForm(code: DiagnosticCode) {
        #expect(code.longForm != nil, "\(code.code) \(code.title) has no long form")
    }

    @Test("each wrong example raises exactly its code; each fix checks and runs clean", arguments: DiagnosticCode.allCases)
    func examples(code: DiagnosticCode) {
        guard let form = code.longForm else { return }
        let (_, diagnostics) = DiagnosticExplanation.check(form)
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0.code == code },
                "\(code.code): \(diagnostics.map(\.code.code))")
        let captured = Captured()
        let status = ScriptRunner(clock: .virtual, trace: false, output: captured.output)
            .run(Source(name: "fixed.frp", text: form.right), wallClockLimit: .seconds(10))
        #expect(status == 0, "\(code.code)'s fix: \(captured.text)")
        #expect(!captured.text.contains(" error "), "\(code.code)'s fix: \(captured.text)")
    }

    @Test("the code a diagnostic's hint suggests checks as typed (its example's names given)")
    func suggestedCode() {
        var checked = 0
        for code in DiagnosticCode.allCases {
            guard let form = code.longForm else { continue }
            let (_, diagnostics) = DiagnosticExplanation.check(form)
            for snippet in diagnostics.compactMap(\.hint).flatMap(LessonTests.quotedCode) {
                let words = snippet.split(separator: " ")
                // Not code to type as it is: a placeholder (`take N`, `a and b`, `let part = …`,
                // `log [LABEL]`), a single word (a name mentioned), a shell command (`frp run`),
                // another library's code (`RAC(self, rating) =`), a file to import.
                guard words.count > 1, let first = words.first.map(String.init), first.first?.isLetter == true, first != "frp",
                      first != "import", !snippet.contains("…"), !snippet.contains("["), !snippet.contains("RAC("),
                      !words.contains(where: { $0.allSatisfy { $0.isUppercase || $0 == "," || $0 == "." } }),
                      !words.contains(where: { $0.count == 1 && $0.first?.isLowercase == true }) else { continue }
                var frontend = Frontend.forFiles()
                _ = frontend.load(Source(name: "fixed.frp", text: form.right))
                let isStage = PhotoSources.catalogue[first]?.role == .operator
                let (_, problems) = frontend.load(Source(name: "<hint>", text: isStage ? "never | " + snippet : snippet))
                #expect(problems.isEmpty, "\(code.code): the hint's `\(snippet)` does not check: \(problems.map(\.title))")
                checked += 1
            }
        }
        #expect(checked >= 15, "\(checked) hints' code checked")
    }

    @Test("frp explain FRP0302 prints the long form with the diagnostic its example gets")
    func explain() throws {
        let captured = Captured()
        #expect(Explainer(output: captured.output).run("frp0302") == 0)
        #expect(captured.text.hasPrefix("FRP0302 UNKNOWN OPERATOR"))
        #expect(captured.text.contains("-- UNKNOWN OPERATOR [FRP0302]"))
    }

    @Test("docs/diagnostics.md is the table as generated now (FRP_WRITE_DOCS=1 writes it)")
    func page() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/diagnostics.md").standardized.path
        let generated = DiagnosticExplanation.markdown()
        if ProcessInfo.processInfo.environment["FRP_WRITE_DOCS"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOfFile: path, encoding: .utf8)
        #expect(current == generated, "docs/diagnostics.md is out of date: run the tests with FRP_WRITE_DOCS=1")
    }
}

import Language
@testable import REPL
import Testing
import TestSupport

/// One `Letters` names values in the trace and in `frp test`'s failures, so a value reads the
/// same in both.
@Suite("Letters")
struct LettersTests {
    @Test("a failing expect draws the actual values with the letters the trace gives them")
    func failureAndTraceAgree() {
        // "a" keeps its own mark; the record takes the next free letter, in both drawings
        // (the failure's own naming gave both `a` before).
        let pipeline = #"of {n: 10}, "a""#
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, trace: true, output: captured.output)
            .run(Source(name: "letters.frp", text: pipeline + "\nexpect " + pipeline + #" emits "(xy|)" {x: 1, y: 2}"#))
        let lines = captured.text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix(pipeline) && $0.hasSuffix("(ba|)") })
        #expect(lines.contains("actual:   (ba|)"))
        // Every letter drawn has an entry: the trace's two, and the failure's four (the
        // expectation's own `x` and `y` too).
        #expect(lines.contains(#"where a = "a", b = {n: 10}"#), "the trace's legend")
        #expect(lines.contains(#"where a = "a", b = {n: 10}, x = 1, y = 2"#), "the failure's legend")
    }

    @Test("a script's own marble VALUES keep their marks in the trace, and the legend says what they are")
    func scriptMarksKept() {
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, trace: true, output: captured.output)
            .run(Source(name: "marks.frp", text: #"cold "-a-b|" {a: 1, b: "w"} | map it"#))
        let lines = captured.text.components(separatedBy: "\n")
        // "w" was drawn `w` (its own mark) and the legend's `b` meant something else.
        #expect(lines.contains { $0.hasPrefix("map it") && $0.hasSuffix("-a-b|") })
        #expect(lines.contains(#"where a = 1, b = "w""#))
    }
}

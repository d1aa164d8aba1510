import Language
import TestSupport
import Testing

/// What the front end refuses so that nothing later can overflow, hang or grow without end:
/// each limit is a diagnostic with its place and a hint.
@Suite("Limits of the front end")
struct FrontEndLimitTests {
    @Test("a marble's time progression past the longest schedulable time is a diagnostic (fuzz: it trapped)")
    func marbleTimeTooLong() {
        #expect(diagnostics("cold \"a 99999999999999999999s b|\"") == """
            -- BAD MARBLE [FRP0415] ------------------------------------------- test.frp:1:9

            This marble does not read right: `99999999999999999999s` takes the marble past the longest time I can schedule.

            1| cold "a 99999999999999999999s b|"
                       ^^^^^^^^^^^^^^^^^^^^^
            Hint: a marble spans at most about 30 years
            """)
        #expect(diagnostics("cold \"a 999999999s 999999999s b|\"").contains("`999999999s` takes the marble past"))
        #expect(diagnostics("cold \"a 999999999s b|\"").isEmpty)
    }
}

extension FrontEndLimitTests {
    @Test("a long chain of operations is TOO DEEP at the parser, for every left-associative operator (it overflowed the checker's stack)",
          arguments: ["1 + ", "1 - ", "2 * ", "7 % ", "\"a\" + ", "true or ", "true and "])
    func longChain(link: String) {
        let text = diagnostics("of " + String(repeating: link, count: 6_000) + "1")
        #expect(text.hasPrefix("-- TOO DEEP"))
        #expect(text.contains("This expression goes more than 500 levels deep"))
        #expect(text.contains("test.frp:1:4"))
    }

    @Test("field and index chains are bounded the same way, and 500 levels are still fine")
    func longAccessChains() {
        #expect(diagnostics("of {a: 1} | map it" + String(repeating: ".a", count: 7_300)).hasPrefix("-- TOO DEEP"))
        #expect(diagnostics("of [1] | map it" + String(repeating: "[0]", count: 7_300)).hasPrefix("-- TOO DEEP"))
        #expect(diagnostics("of (1" + String(repeating: "\n+ 1", count: 100_000) + ")").hasPrefix("-- TOO DEEP"))
        #expect(diagnostics("of " + String(repeating: "1 + ", count: 400) + "1").isEmpty)
    }

    @Test("a value folded from `let` values may nest 200 levels deep, not more")
    func foldedValueTooDeep() {
        let lets = (1...200).map { "let a\($0) = [a\($0 - 1)]" }.joined(separator: "\n")
        let text = diagnostics("let a0 = [1]\n" + lets + "\nof a200")
        #expect(text.hasPrefix("-- VALUE TOO BIG"))
        #expect(text.contains("201| let a200 = [a199]"))
        #expect(text.contains("more than 200 levels deep"))
        #expect(diagnostics("let a0 = [1]\n" + lets.split(separator: "\n").dropLast().joined(separator: "\n")).isEmpty)
    }

    @Test("a value folded from `let` values that share their parts is refused past a million items, at once")
    func foldedValueTooBig() {
        let lets = (1...40).map { "let a\($0) = [a\($0 - 1), a\($0 - 1)]" }.joined(separator: "\n")
        let text = diagnostics("let a0 = 1\n" + lets)
        #expect(text.hasPrefix("-- VALUE TOO BIG"))
        #expect(text.contains("20| let a19 = [a18, a18]"))
        #expect(text.contains("longer than 1000000 items"))
    }

    @Test("a statement deeper than 500 levels, through the `let` signals it uses, is a diagnostic, not a stack overflow")
    func statementTooDeep() {
        let lets = (1...520).map { "let a\($0) = a\($0 - 1) | delay 1ms" }.joined(separator: "\n")
        let text = diagnostics("let a0 = of 1\n" + lets + "\na520")
        #expect(text.hasPrefix("-- TOO DEEP"))
        #expect(text.contains("This statement goes more than 500 levels deep"))
        #expect(text.contains("Hint: split it into shorter pipelines"))
        // Its line is the first one past the limit; the 499 before it are fine.
        #expect(text.contains("500| let a499 = a498 | delay 1ms"))
        #expect(!text.contains("499| let a498"))
    }

    @Test("`let` values used many times over are refused before they are compiled once per use")
    func statementTooBig() {
        var lines = ["var p = 1", "let a0 = [p]"]
        lines += (1...20).map { "let a\($0) = [a\($0 - 1), a\($0 - 1)]" }
        lines.append("of a20")
        let text = diagnostics(lines.joined(separator: "\n"))
        #expect(text.hasPrefix("-- TOO BIG"))
        #expect(text.contains("more than 100000 parts"))
    }

    @Test("an interval shorter than a millisecond is refused like `interval 0ms`")
    func subMillisecondInterval() {
        #expect(diagnostics("interval 0.5ms").contains("`interval 0.5ms` would send values without end while hardly any time passes"))
        #expect(diagnostics("interval 0ms").contains("-- ZERO PERIOD"))
        #expect(diagnostics("interval 1ms | take 1").isEmpty)
    }
}

extension FrontEndLimitTests {
    @Test("a file of many blank and comment lines reads in linear time (each newline looked ahead to the end)")
    func manyBlankLines() {
        let started = ContinuousClock.now
        let text = "of 1\n" + String(repeating: "\n", count: 200_000) + String(repeating: "# note\n", count: 100_000) + "| map it\nof 2\n"
        let (statements, found, _) = checked(text, name: "blank.frp")
        #expect(found.isEmpty)
        // The `|` line after all of them still continues the first statement.
        #expect(statements.count == 2)
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}

import Foundation
import Language
import Testing

/// `matches` runs its own automaton (Pattern.swift): it must agree with Swift's Regex on
/// whole matches, and stay linear where a backtracking matcher is exponential.
@Suite("Patterns")
struct PatternTests {
    static let patterns = [
        "[a-zA-Z0-9_]{6,16}", "a*", "a+b", "(ab|cd)*e?", "x{3}", "x{2,}", "x{1,3}y", "[^abc]+", "\\d+(\\.\\d+)?",
        "\\w+@\\w+\\.com", "\\s*hi\\s*", "(?:na){2,4} batman", ".*", "a.c", "^abc$", "colou?r", "[a-]+",
        "(a|b|)+c", "((a*)*)*b?", "\\(x\\)", "[\\d\\s]+", "\\D\\W\\S", "a{0}b", "(a+)+b", "[0-9a-f]{2}:[0-9a-f]{2}",
        "Jiu.*i$", "^$", "(x|xy)z", "a*?b+?",
    ]
    static let texts = [
        "", "a", "aaa", "ab", "aab", "abcde", "cdabe", "xxx", "xx", "xxxx", "xy", "xxxy", "123", "12.5", "1.",
        "me@home.com", "  hi ", "nana batman", "nanananana batman", "abc", "a\nc", "axc", "color", "colour",
        "a-a-", "]a]", "abababc", "c", "b", "(x)", "1 2 3", "x!?", "Jiuchabaikaishui", "xyz", "xz", "aaaab",
        "de:ad", "DE:AD", "short", "long_enough_1", "way_too_long_for_a_user_name",
    ]

    @Test("agrees with Swift's Regex on every pattern and text of a table")
    func agreesWithRegex() throws {
        for pattern in Self.patterns {
            let ours = try Pattern(pattern)
            let theirs = try Regex(pattern)
            for text in Self.texts {
                let expected = (try? theirs.wholeMatch(in: text)) != nil
                #expect(try ours.matches(text) == expected, "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    @Test("nested repetition stays fast: (a+)+b on 5000 a's and a ! (a backtracking matcher never ends)")
    func linearTime() throws {
        let pattern = try Pattern("(a+)+b")
        let started = ContinuousClock.now
        #expect(try !pattern.matches(String(repeating: "a", count: 5000) + "!"))
        #expect(try pattern.matches(String(repeating: "a", count: 5000) + "b"))
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("what it cannot read is an error that says why", arguments: [
        ("(a", "a `(` is never closed"), ("a)", "the `)` at character 2 closes no group"), ("[ab", "a `[` is never closed"),
        ("*a", "`*` at character 1 repeats nothing"), ("\\1", "I do not know the escape `\\1`"),
        ("(?=a)", "`(?` is only known as `(?:`, a group"), ("a{3,1}", "`{3,1}` repeats at most fewer times than at least"),
        ("(a{100}){100}", "it is too big once its repetitions are written out (more than 2000 steps)"),
        ("((){2000}){2000}", "it is too big once its repetitions are written out (more than 2000 steps)"),
        ("a{5000}", "it repeats something more than 2000 times"), ("[z-a]", "the range `z-a` is backwards"),
        (String(repeating: "(", count: 101), "its groups nest more than 100 deep"),
    ])
    func refused(pattern: String, reason: String) {
        #expect(throws: EvaluationFailure.self) { try Pattern(pattern) }
        do { _ = try Pattern(pattern) } catch {
            #expect(error.message.hasSuffix("is not a regular expression I can read: \(reason)"))
        }
    }
}

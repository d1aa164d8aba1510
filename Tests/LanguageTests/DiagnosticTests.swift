import Language
import TestSupport
import Testing

/// Diagnostics are compared as the whole rendered text a user sees.
func diagnostics(_ text: String, name: String = "test.frp") -> String {
    checked(text, name: name).rendered
}

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("an unknown operator names the line and column and suggests the closest name")
    func unknownOperator() {
        #expect(diagnostics("let keystrokes = cold \"-a-b|\"\nkeystrokes | swichMap (of it)", name: "search.frp") == """
            -- UNKNOWN OPERATOR [FRP0302] ---------------------------------- search.frp:2:14

            I do not know an operator called `swichMap`:

            2| keystrokes | swichMap (of it)
                            ^^^^^^^^
            Hint: did you mean `switchMap`?
            """)
    }

    @Test("did you mean: no suggestion for a name too long to be a typo, and a long candidate costs nothing (two 60,000-character names took 19 s)")
    func suggestionIsBounded() {
        let long = String(repeating: "a", count: 60_000)
        #expect(suggestion(for: long + "b", among: [long + "c", "map"]) == nil)
        #expect(suggestion(for: "swichMap", among: [long, long + "c", "switchMap"]) == "switchMap")
        let longest = String(repeating: "x", count: 63)
        #expect(suggestion(for: longest + "y", among: [longest + "z"]) == longest + "z")
        #expect(suggestion(for: longest + "yy", among: [longest + "zy"]) == nil)
        // Through the checker: the unknown name is reported, with no hint.
        let rendered = diagnostics("let \(long)c = of 1\n\(long)b | take 1")
        #expect(rendered.hasPrefix("-- UNKNOWN NAME "), "\(rendered.prefix(200))")
        #expect(!rendered.contains("did you mean"))
    }

    @Test("operator options: a bad delay, limit, fallback or wait is a positioned diagnostic with a hint")
    func operatorOptions() {
        for (text, title, column, hint) in [
            ("of 1 | retry 2 delay 1", "EXPECTED DURATION", 22, "write `1ms` for milliseconds"),
            ("of 1 | flatMap (of it), 0", "BAD COUNT", 25, "write `flatMap PIPELINE, [N]` with N = 1, 2, 3"),
            ("of 1 | timeout 1s with 3", "EXPECTED SIGNAL", 24, "`of X` makes a signal of one value"),
            ("of 1 | debounce 300", "EXPECTED DURATION", 17, "write `300ms` for milliseconds"),
        ] {
            let rendered = diagnostics(text)
            #expect(rendered.hasPrefix("-- \(title) "), "\(text): \(rendered)")
            #expect(rendered.contains("test.frp:1:\(column)\n"), "\(text): \(rendered)")
            #expect(rendered.contains("Hint: \(hint)"), "\(text): \(rendered)")
        }
        // Each reads as intended when right.
        for text in ["of 1 | retry 2 delay 1s", "of 1 | retry delay 5ms", "of 1 | flatMap (of it), 2",
                     "of 1 | timeout 1s with (of 2)", "of 1 | debounce (timer 1s)", "of 1 | debounce empty"] {
            #expect(diagnostics(text) == "", "\(text)")
        }
    }

    @Test("a count too big to run is a diagnostic where it is written, with the largest allowed (retry 1e18 ran, then failed)")
    func countTooBig() {
        #expect(diagnostics(#"cold "-a-#" | retry 1e18"#) == """
            -- BAD COUNT [FRP0414] ------------------------------------------- test.frp:1:21

            `retry` needs a whole number I can count to, and `1000000000000000000` is too big:

            1| cold "-a-#" | retry 1e18
                                   ^^^^
            Hint: N goes up to 999999999999999
            """)
        for (text, hint) in [("of 1 | take 1e15", "N goes up to 999999999999999"),
                             ("of 1 | skip 1e16", "N goes up to 999999999999999"),
                             ("of 1 | takeLast 1e15", "N goes up to 999999999999999"),
                             ("of 1 | replay 1e15", "N goes up to 999999999999999"),
                             ("of 1 | flatMap (of it), 1e15", "N goes up to 999999999999999"),
                             ("range 1e15, 3", "FROM goes up to 999999999999999"),
                             ("range 1, 1e15", "COUNT goes up to 999999999999999"),
                             ("of 1 | buffer 1000001", "N goes up to 1000000"),
                             ("of 1 | buffer 2, 1e15", "SKIP goes up to 999999999999999")] {
            let rendered = diagnostics(text)
            #expect(rendered.hasPrefix("-- BAD COUNT "), "\(text): \(rendered)")
            #expect(rendered.hasSuffix("Hint: \(hint)"), "\(text): \(rendered)")
        }
        // The largest are fine.
        for text in ["of 1 | retry 999999999999999", "range 1, 999999999999999 | take 3", "of 1 | buffer 1000000"] {
            #expect(diagnostics(text) == "", "\(text)")
        }
    }

    @Test("a source with arguments as an if's branch is named as a signal in an expression, not a missing else")
    func sourceCallInConditional() {
        #expect(diagnostics(#"of "x" | map (if length(it) == 0 then of "empty" else (checkUsername it))"#) == """
            -- SIGNAL IN EXPRESSION [FRP0220] -------------------------------- test.frp:1:39

            `of "empty"` reads as the source `of` with arguments, and a pipeline inside an expression needs parentheses:

            1| of "x" | map (if length(it) == 0 then of "empty" else (checkUsername it))
                                                     ^^^^^^^^^^
            Hint: write `then (of "empty") else ...`; the `if` then makes a signal, so take its values with `switchMap` or `flatMap`, not `map`
            """)
    }

    @Test("definitions: one that uses itself, a use with the wrong arguments, one used as a source")
    func definitions() {
        #expect(diagnostics("def loop = map it | loop") == """
            -- RECURSIVE DEFINITION [FRP0315] -------------------------------- test.frp:1:21

            `loop` uses itself, and putting it in place would never end:

            1| def loop = map it | loop
                                   ^^^^
            Hint: a definition may use operators and the definitions made before it
            """)
        #expect(diagnostics("def above(n) = filter rating > n\nof 1 | above") == """
            -- WRONG ARGUMENTS [FRP0401] -------------------------------------- test.frp:2:8

            `above` takes n, and I found 0 arguments:

            2| of 1 | above
                      ^^^^^
            Hint: write `above n`
            """)
        #expect(diagnostics("def above(n) = filter rating > n\nabove 3").hasPrefix("-- NOT A SOURCE"))
        #expect(diagnostics("def five = 5").hasPrefix("-- NOT STAGES"))
        // A mistake inside a definition shows at the definition, where it is used.
        #expect(diagnostics("def bad = map it +\n  * 2\nof 1 | bad").contains("1| def bad"))
        #expect(diagnostics("def tw = mapp it\nof 1 | tw").contains("did you mean `map`?"))
    }

    @Test("executing needs an action, not any signal")
    func notAnAction() {
        #expect(diagnostics("let taps = cold \"-t|\"\nexecuting taps") == """
            -- NOT AN ACTION [FRP0310] --------------------------------------- test.frp:2:11

            `executing` needs an action, and `taps` is a signal:

            2| executing taps
                         ^^^^
            Hint: make one with `let NAME = INPUTS | action (PIPELINE)`, then write `executing NAME`
            """)
    }

    @Test("a number past what a Double holds is an error at its position, not infinity")
    func numberTooBig() {
        #expect(diagnostics("of 1e400") == """
            -- NUMBER TOO BIG [FRP0106] --------------------------------------- test.frp:1:4

            The number `1e400` is too big to hold.

            1| of 1e400
                  ^^^^^
            Hint: numbers go up to about 1.8e308
            """)
        #expect(diagnostics("of 1e308, 2.5E-3, 3e+2") == "")
    }

    @Test("every error of a file is reported, not just the first")
    func allErrors() {
        let text = diagnostics("of 1 | take 1.5\nof 1 | debounce 300\nof 1 | map acc + 1\n")
        #expect(text == """
            -- BAD COUNT [FRP0414] ------------------------------------------- test.frp:1:13

            `take` needs a whole number that is not negative, not `1.5`:

            1| of 1 | take 1.5
                           ^^^
            Hint: write `take N` with N = 0, 1, 2, ...

            -- EXPECTED DURATION [FRP0405] ----------------------------------- test.frp:2:17

            `debounce` needs a duration here:

            2| of 1 | debounce 300
                               ^^^
            Hint: write `300ms` for milliseconds or `300s` for seconds

            -- NO ACCUMULATOR HERE [FRP0318] --------------------------------- test.frp:3:12

            `acc` is the accumulation of `scan` and `reduce`, and this is not one of them:

            3| of 1 | map acc + 1
                          ^^^
            Hint: write `scan SEED, acc + it` or `reduce SEED, acc + it`
            """)
    }

    @Test("an unterminated string points at its opening quote")
    func unterminatedString() {
        #expect(diagnostics("of \"abc | map it") == """
            -- UNTERMINATED STRING [FRP0103] ---------------------------------- test.frp:1:4

            This string is never closed:

            1| of "abc | map it
                  ^
            Hint: add the closing `"` on the same line
            """)
    }

    @Test("a bad marble points inside the string")
    func badMarble() {
        #expect(diagnostics("expect cold \"-a-^-b\" emits \"-a\"") == """
            -- BAD MARBLE [FRP0415] ------------------------------------------ test.frp:1:17

            This marble does not read right: only a hot marble has a subscription point `^`.

            1| expect cold "-a-^-b" emits "-a"
                               ^
            Hint: use `hot` for a source that runs before it is subscribed
            """)
    }

    @Test("`it` where no value flows, and an operator used as a source")
    func itAndOperatorAsSource() {
        let text = diagnostics("take it\n")
        #expect(text.contains("NOT A SOURCE"))
        #expect(diagnostics("of it").contains("-- NO VALUE HERE"))
    }

    @Test("100,000 nested brackets are one clear error, not a stack overflow")
    func deepNesting() {
        let text = "of " + String(repeating: "(\n", count: 100_000) + "1" + String(repeating: ")\n", count: 100_000)
        let found = diagnostics(text)
        #expect(found.hasPrefix("-- NESTED TOO DEEPLY"))
        #expect(found.split(separator: "\n").filter { $0.hasPrefix("-- ") }.count == 1)
    }

    @Test("a 1 MB line is refused with a hint")
    func longLine() {
        let found = diagnostics("of \"" + String(repeating: "a", count: 1_048_576) + "\"")
        #expect(found.hasPrefix("-- LINE TOO LONG"))
        #expect(found.contains("Line 1 has 1048581 characters; I read lines of at most 65536."))
    }

    @Test("invalid UTF-8 and NUL bytes are diagnostics with their position")
    func binaryJunk() {
        guard case .failure(let invalid) = Source.decode(bytes: Array("of 1\nof \u{1}".utf8), name: "x.frp") else {
            Issue.record("control character accepted")
            return
        }
        #expect(invalid.location.line == 2 && invalid.location.column == 4)
        guard case .failure(let notUTF8) = Source.decode(bytes: [0x6F, 0x66, 0x20, 0xFF, 0xFE], name: "x.frp") else {
            Issue.record("invalid UTF-8 accepted")
            return
        }
        #expect(notUTF8.title == "NOT TEXT")
        #expect(notUTF8.message.contains("0xFF"))
    }

    @Test("a mistake in a REPL line leaves earlier names intact")
    func failedLoadKeepsNames() {
        var frontend = Frontend()
        _ = frontend.load(Source(name: "1", text: "let limit = 3"))
        let (_, errors) = frontend.load(Source(name: "2", text: "let other = 1\nof 1 | tkae 1"))
        #expect(!errors.isEmpty)
        let (statements, again) = frontend.load(Source(name: "3", text: "of 1, 2, 3, 4 | take limit"))
        #expect(again.isEmpty && statements.count == 1)
        let (_, unknown) = frontend.load(Source(name: "4", text: "of other"))
        #expect(!unknown.isEmpty)
    }
}

@Suite("Parsing")
struct ParsingTests {
    @Test("a line that starts with | continues the statement above")
    func continuationLines() {
        let (statements, errors, _) = checked("""
            # one stage per line
            range 1, 10
              | filter it % 2 == 0   # evens
              | map it * 3

            of 1
            """, name: "t")
        #expect(errors.isEmpty)
        #expect(statements.count == 2)
        if case .run(let pipeline, _, _) = statements[0] {
            #expect(pipeline.stages.count == 2)
            #expect(pipeline.text == "range 1, 10 | filter it % 2 == 0 | map it * 3")
        } else {
            Issue.record("not a run statement")
        }
    }

    @Test("a line that ends with | goes on on the next line")
    func trailingPipe() {
        let (statements, errors, _) = checked("of 3 |\n  map it * 2\nof 4", name: "t")
        #expect(errors.isEmpty)
        #expect(statements.count == 2)
    }

    @Test("precedence: or < and < not < comparison < + < * < unary minus")
    func precedence() throws {
        var frontend = Frontend()
        let (statements, errors) = frontend.load(Source(name: "t", text: "let x = 1 + 2 * 3 == 7 and not false or false"))
        #expect(errors.isEmpty)
        guard case .bind(_, let pipeline)? = statements.first, case .value(let expression) = pipeline.head else {
            Issue.record("not a value binding")
            return
        }
        let compiler = Compiler(context: RunContext(scheduler: .virtual()))
        #expect(try compiler.evaluate(expression) == .bool(true))
        // `and` binds tighter than `or`: read the other way, each of these would differ.
        let cases: [(String, Value)] = [("true or true and false", .bool(true)), ("false and true or true", .bool(true)),
                                        ("not true or true", .bool(true)), ("not (true or true)", .bool(false)),
                                        ("1 + 2 * 3", .number(7)), ("-2 * 3 + 7", .number(1))]
        for (text, expected) in cases {
            let (parsed, problems) = frontend.load(Source(name: "t", text: "let y = \(text)"))
            #expect(problems.isEmpty)
            guard case .bind(_, let bound)? = parsed.first, case .value(let checked) = bound.head else { continue }
            #expect(try compiler.evaluate(checked) == expected, "\(text)")
        }
    }

    @Test("durations, records, lists and field access parse to values")
    func literals() throws {
        let (statements, errors, _) = checked("""
            let photo = {name: "Sunset", user: {username: "ann"}, tags: ["sky", "sea"], rating: 91.5}
            let check = photo.user.username + "/" + photo.tags[1] + "/" + string(photo.rating)
            """, name: "t")
        #expect(errors.isEmpty)
        guard case .bind(_, let pipeline)? = statements.last, case .value(let expression) = pipeline.head else {
            Issue.record("not a value binding")
            return
        }
        let compiler = Compiler(context: RunContext(scheduler: .virtual()))
        #expect(try compiler.evaluate(expression) == .string("ann/sea/91.5"))
    }

    @Test("numbers print as integers when integral, and 1 == 1.0")
    func numbers() {
        #expect(Value.number(42).description == "42")
        #expect(Value.number(1.5).description == "1.5")
        #expect(Value.number(9_007_199_254_740_992).description == "9007199254740992")
        #expect(Value.number(1e16).description == "10000000000000000")
        #expect(Value.number(-1e18).description == "-1000000000000000000")
        #expect(Value.number(1e20).description == "1e+20")
        #expect(Value.number(1) == Value.number(1.0))
        #expect(Value.record(Record([("a", .number(1)), ("b", .string("x"))])) ==
                Value.record(Record([("b", .string("x")), ("a", .number(1))])))
    }
}

@Suite("Continuation lines")
struct ContinuationTests {
    @Test("an expect's VALUES or error may go on the next lines; a record statement after VALUES stands alone")
    func expectContinues() {
        let (statements, errors, _) = checked("""
            expect of 1, 2 emits "(ab|)"
              {a: 1, b: 2}
            expect fail "x" emits "#"
              error "x"
            expect of 3 emits "(a|)" {a: 3}
            {a: 1}
            """, name: "t")
        #expect(errors.isEmpty)
        #expect(statements.count == 4)
    }
}

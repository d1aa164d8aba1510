import Testing

/// Mistakes that other languages' habits or a slip of the keyboard make: each says what to
/// write instead, before anything runs.
@Suite("Robustness diagnostics")
struct RobustnessDiagnosticTests {
    @Test("a `-` right after a source's name is the sign of its first argument")
    func signedFirstArgument() {
        #expect(diagnostics("of -1, -0, -1/0") == "")
        #expect(diagnostics("range -3, 2") == """
            -- BAD COUNT [FRP0414] -------------------------------------------- test.frp:1:7

            `range` needs a whole number that is not negative, not `-3`:

            1| range -3, 2
                     ^^
            Hint: write `range FROM, COUNT` with FROM = 0, 1, 2, ...
            """)
    }

    @Test("a negative duration says so")
    func negativeDuration() {
        #expect(diagnostics("timer -1ms") == """
            -- NEGATIVE DURATION [FRP0412] ------------------------------------ test.frp:1:7

            `timer` waits for a duration, and `-1ms` is less than none:

            1| timer -1ms
                     ^^^^
            Hint: write `timer 1ms`, or `0ms` for no wait
            """)
    }

    @Test("RxJS call syntax on a source says the arguments go without parentheses")
    func sourceCalledLikeAFunction() {
        #expect(diagnostics("of(1, 2)") == """
            -- NOT A FUNCTION [FRP0307] --------------------------------------- test.frp:1:1

            `of` is a source, and its arguments go without parentheses:

            1| of(1, 2)
               ^^^^^^^^
            Hint: write `of 1, 2`
            """)
        #expect(diagnostics("interval(100)") == """
            -- NOT A FUNCTION [FRP0307] --------------------------------------- test.frp:1:1

            `interval` is a source, and its arguments go without parentheses:

            1| interval(100)
               ^^^^^^^^^^^^^
            Hint: write `interval 100ms` (a duration has its unit, like `100ms`)
            """)
        // `from` is a source now (RxJS's from of a list), no longer a hint towards `of`.
        #expect(diagnostics("from [1, 2]").isEmpty)
        #expect(diagnostics("from([1, 2])").contains("`from` is a source, and its arguments go without parentheses"))
    }

    @Test("a signal where a value must be is refused before the run")
    func signalAsValue() {
        #expect(diagnostics("let s = of 1\nof 1, 2, 3 | take s") == """
            -- SIGNAL IN EXPRESSION [FRP0320] -------------------------------- test.frp:2:19

            `s` is a signal, and `take` needs a whole number:

            2| of 1, 2, 3 | take s
                                 ^
            Hint: write `take N` with whole numbers
            """)
        #expect(diagnostics("let s = of 1\nof 1 | filter s") == """
            -- SIGNAL IN EXPRESSION [FRP0320] -------------------------------- test.frp:2:15

            `s` is a signal, and `filter` needs true or false for each value:

            2| of 1 | filter s
                             ^
            Hint: to decide by another signal's latest value, write `withLatestFrom s | filter it[1]`
            """)
        #expect(diagnostics("let s = of 1\nof 1 | map if s then 1 else 2") == """
            -- SIGNAL IN EXPRESSION [FRP0320] -------------------------------- test.frp:2:15

            `s` is a signal, and `if` works on values:

            2| of 1 | map if s then 1 else 2
                             ^
            Hint: to work on its values, write `s | map if it then 1 else 2`
            """)
        #expect(diagnostics("let s = of 1\nof 1 | map not s") == """
            -- SIGNAL IN EXPRESSION [FRP0320] -------------------------------- test.frp:2:16

            `s` is a signal, and `not` works on values:

            2| of 1 | map not s
                              ^
            Hint: to work on its values, write `s | map not it`
            """)
        #expect(diagnostics("let s = of 1\nof 1 | map length(s)") == """
            -- SIGNAL IN EXPRESSION [FRP0320] -------------------------------- test.frp:2:19

            `s` is a signal, and `length` works on values:

            2| of 1 | map length(s)
                                 ^
            Hint: to work on its values, write `s | map length(it)`
            """)
        #expect(diagnostics("let s = of 1\nof 1 | map s.x") == """
            -- SIGNAL IN EXPRESSION [FRP0320] -------------------------------- test.frp:2:12

            `s` is a signal, and `.x` works on values:

            2| of 1 | map s.x
                          ^
            Hint: to work on its values, write `s | map it.x`
            """)
    }

    @Test("let needs a name; := and var take a value; === is ==")
    func namesAndValues() {
        #expect(diagnostics("let 1 = of 1") == """
            -- EXPECTED NAME [FRP0201] ---------------------------------------- test.frp:1:5

            `let` needs a name, before `=`, and the number `1` is not one:

            1| let 1 = of 1
                   ^
            Hint: write `let NAME = PIPELINE`
            """)
        #expect(diagnostics("var v = 1\nv := of 1") == """
            -- EXPECTED VALUE [FRP0210] --------------------------------------- test.frp:2:6

            `v :=` takes a value, and `of` starts a pipeline here:

            2| v := of 1
                    ^^
            Hint: a property holds one value at a time, like `v := 3`; `var v <- of …` keeps it bound to a pipeline's latest value (RAC 2's `RAC(self, v) =`), and `let` names a pipeline
            """)
        #expect(diagnostics("let v = of 1\nv := 2") == """
            -- NOT A PROPERTY [FRP0308] --------------------------------------- test.frp:2:1

            `v` is bound with `let`, and `:=` sets only a property:

            2| v := 2
               ^
            Hint: a `let` name cannot change; to have one that does, write `var v = VALUE` instead of `let`
            """)
        #expect(diagnostics("of 1 | filter it === 1") == """
            -- UNEXPECTED CHARACTER [FRP0102] -------------------------------- test.frp:1:18

            I do not know what `===` means here.

            1| of 1 | filter it === 1
                                ^^^
            Hint: compare with `==`: it compares values, lists and records by what they hold
            """)
    }

    @Test("numbers written as in other languages get the decimal form")
    func otherNumberForms() {
        #expect(diagnostics("of 0x10") == """
            -- BAD NUMBER [FRP0105] ------------------------------------------- test.frp:1:4

            I read numbers in decimal, without `_` or a trailing `.`, and not `0x10`.

            1| of 0x10
                  ^^^^
            Hint: write `16`
            """)
        #expect(diagnostics("of 1_000") == """
            -- BAD NUMBER [FRP0105] ------------------------------------------- test.frp:1:4

            I read numbers in decimal, without `_` or a trailing `.`, and not `1_000`.

            1| of 1_000
                  ^^^^^
            Hint: write `1000`
            """)
        #expect(diagnostics("of .5") == """
            -- BAD NUMBER [FRP0105] ------------------------------------------- test.frp:1:4

            A number starts with a digit, and `.5` starts with `.`.

            1| of .5
                  ^^
            Hint: write `0.5`
            """)
        #expect(diagnostics("of 5.") == """
            -- BAD NUMBER [FRP0105] ------------------------------------------- test.frp:1:4

            I read numbers in decimal, without `_` or a trailing `.`, and not `5.`.

            1| of 5.
                  ^^
            Hint: write `5`
            """)
        #expect(diagnostics("of 1 | take 1e308") == """
            -- BAD COUNT [FRP0414] ------------------------------------------- test.frp:1:13

            `take` needs a whole number I can count to, and `1e+308` is too big:

            1| of 1 | take 1e308
                           ^^^^^
            Hint: N goes up to 999999999999999
            """)
    }

    @Test("a line that starts with `|` and has nothing before it says how to continue")
    func nothingToContinue() {
        #expect(diagnostics("| map it") == """
            -- NOTHING TO CONTINUE [FRP0213] ---------------------------------- test.frp:1:1

            `|` continues a pipeline, and there is none before it here:

            1| | map it
               ^
            Hint: to go on from the line above, end that line with `|` (at the prompt, a complete line runs at once)
            """)
    }
}

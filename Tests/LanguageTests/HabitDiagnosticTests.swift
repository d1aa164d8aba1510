import Language
import Testing

/// Mistakes that come from other languages and libraries: each gets a hint in our terms.
@Suite("Diagnostics for habits from elsewhere")
struct HabitDiagnosticTests {
    @Test("a value where a signal must be is refused before the run, with `of X` as the hint")
    func valueForSignal() {
        #expect(diagnostics("of 1 | switchMap (it * 10)\nof 1 | merge 3\nlet n = 5\nof 1 | flatMap n") == """
            -- EXPECTED SIGNAL [FRP0407] ------------------------------------- test.frp:1:18

            `switchMap` needs a signal here, and `it * 10` is a value:

            1| of 1 | switchMap (it * 10)
                                ^^^^^^^^^
            Hint: `of X` makes a signal of one value: `switchMap (of it * 10)`

            -- EXPECTED SIGNAL [FRP0407] ------------------------------------- test.frp:2:14

            `merge` needs a signal here, and `3` is a value:

            2| of 1 | merge 3
                            ^
            Hint: `of X` makes a signal of one value: `merge (of 3)`

            -- EXPECTED SIGNAL [FRP0407] ------------------------------------- test.frp:4:16

            `flatMap` needs a signal here, and `n` is a value:

            4| of 1 | flatMap n
                              ^
            Hint: `of X` makes a signal of one value: `flatMap (of n)`
            """)
        #expect(diagnostics("of 1 | flatMap it\nof {a: 1} | switchMap a") == "")
    }

    @Test("another library's name for one of our operators says ours")
    func namesElsewhere() {
        #expect(diagnostics("of 1 | mergeMap (of it)\nthrowError \"x\"") == """
            -- UNKNOWN OPERATOR [FRP0302] ------------------------------------- test.frp:1:8

            I do not know an operator called `mergeMap`:

            1| of 1 | mergeMap (of it)
                      ^^^^^^^^
            Hint: `mergeMap` is RxJS's name; here it is `flatMap`

            -- UNKNOWN NAME [FRP0301] ----------------------------------------- test.frp:2:1

            I do not know a source or a name called `throwError`:

            2| throwError "x"
               ^^^^^^^^^^
            Hint: `throwError` is RxJS's name; here it is `fail`
            """)
        let catalogue = Catalogue.standard
        #expect(catalogue.elsewhere("catchError")?.spec.name == "catch")
        #expect(catalogue.elsewhere("flatMapLatest")?.spec.name == "switchMap")
        #expect(catalogue.elsewhere("debounceTime")?.spec.name == "debounce")
        #expect(catalogue.elsewhere("combineLatestWith")?.spec.name == "combineLatest")
        #expect(catalogue.elsewhere("flattenMap")?.library == "RAC2")
        // Ours, a type named for several, and half of a combination are not names elsewhere.
        #expect(catalogue.elsewhere("map") == nil)
        #expect(catalogue.elsewhere("SignalProducer") == nil)
        #expect(catalogue.elsewhere("ignoreElements") == nil)
    }

    @Test("the list of operators is `:help` at the prompt and `frp explain` for a file")
    func operatorList() {
        var frontend = Frontend()
        frontend.operatorList = Frontend.commandLineOperatorList
        let source = Source(name: "test.frp", text: "of 1 | zork")
        let found = frontend.load(source).1.map { $0.rendered(in: source) }
        #expect(found.first?.hasSuffix("Hint: `frp explain` lists the operators") == true)
        #expect(diagnostics("of 1 | zork").hasSuffix("Hint: `:help` lists the operators"))
    }

    @Test("&&, || and ?: say and, or and if")
    func logic() {
        #expect(diagnostics("of 1 | filter it == 1 && true") == """
            -- UNEXPECTED CHARACTER [FRP0102] -------------------------------- test.frp:1:23

            I do not know what `&&` means here.

            1| of 1 | filter it == 1 && true
                                     ^^
            Hint: write `and`: `a and b`
            """)
        #expect(diagnostics("of 1 | filter it > 0 || it < -1") == """
            -- UNEXPECTED CHARACTER [FRP0102] -------------------------------- test.frp:1:22

            I do not know what `||` means here.

            1| of 1 | filter it > 0 || it < -1
                                    ^^
            Hint: write `or`: `a or b`
            """)
        #expect(diagnostics("of 1 | map it ? 1 : 2") == """
            -- UNEXPECTED CHARACTER [FRP0102] -------------------------------- test.frp:1:15

            I do not know what `?` means here.

            1| of 1 | map it ? 1 : 2
                             ^
            Hint: write `if CONDITION then A else B`
            """)
    }

    @Test("an arrow function is written with `it`; `let =` needs a name")
    func arrowAndNamelessLet() {
        #expect(diagnostics("of 1 | map x => x * 2 | take 1") == """
            -- UNEXPECTED => [FRP0214] --------------------------------------- test.frp:1:14

            There are no arrow functions here: the value is always `it`.

            1| of 1 | map x => x * 2 | take 1
                            ^^
            Hint: write `map it * 2`
            """)
        #expect(diagnostics("let = of 1") == """
            -- EXPECTED NAME [FRP0201] ---------------------------------------- test.frp:1:5

            `let` needs a name, before `=`:

            1| let = of 1
                   ^
            Hint: write `let NAME = PIPELINE`
            """)
    }

    @Test("an arrow function's rewrite, typed as the hint says, checks: a pipeline as the argument in parentheses",
          arguments: [
            (#"cold "-a-b|" | "#, #"switchMap(x => cold "-x|")"#, #"switchMap (cold "-x|")"#),
            (#"cold "-a-b|" | "#, #"switchMap(x => cold "-x|" | mapTo x)"#, #"switchMap (cold "-x|" | mapTo it)"#),
            (#"cold "-a-b|" | "#, "flatMap(x => of x, x)", "flatMap (of it, it)"),
            ("of 1 | ", "map x => x * 2", "map it * 2"),
          ])
    func arrowRewriteChecks(_ source: String, _ written: String, _ rewrite: String) {
        let rendered = diagnostics(source + written)
        #expect(rendered.contains("Hint: write `\(rewrite)`"), "\(rendered)")
        #expect(diagnostics(source + rewrite) == "", "\(source + rewrite)")
    }

    @Test("a marble's error message as a bare word is named for what it is, and the hint's code checks")
    func unquotedErrorMessage() {
        #expect(diagnostics(#"cold "-a-#" error timeout"#) == """
            -- EXPECTED STRING [FRP0408] ------------------------------------- test.frp:1:19

            `error` needs its message as a string, in quotes:

            1| cold "-a-#" error timeout
                                 ^^^^^^^
            Hint: write `error "timeout"`
            """)
        #expect(diagnostics(#"cold "-a-#" error "timeout""#) == "")
        // `error` stays a name where no stage takes it (`catch`'s error).
        #expect(diagnostics(#"cold "-a-#" | catch (fail error)"#) == "")
    }

    @Test("`of 1 -1` is not silently one value 0: both readings are offered")
    func ambiguousMinus() {
        #expect(diagnostics("of 1 -1") == """
            -- AMBIGUOUS MINUS [FRP0218] -------------------------------------- test.frp:1:6

            `1 -1` could be two values or a subtraction, and I will not guess:

            1| of 1 -1
                    ^
            Hint: write `1, -1` for two values, or `1 - 1` to subtract
            """)
        #expect(diagnostics("of 1 - 1, 1-1, -1\nof 1, -1").isEmpty)
    }

    @Test("the seeds' spellings get frp's: publish | autoconnect is share, RACObserve is a var")
    func seedSpellings() {
        #expect(diagnostics("of 1 | publish | autoconnect").contains("Hint: RAC 2's `publish | autoconnect` is `share` here"))
        #expect(diagnostics("RACObserve(self, text)").contains("Hint: a property is `var NAME = VALUE`"))
    }

    @Test("a RAC 2 selector written whole, or a RAC 2 name, gets frp's spelling with a line to copy")
    func reactiveCocoaSpellings() {
        let cases: [(String, String)] = [
            ("of 1 | deliverOn: main", "Hint: a run has one thread and every event is delivered on it"),
            ("of 1 | subscribeOn: queue", "no scheduler to move to: leave the stage out"),
            ("of 1 | doNext: x", "Hint: `log` prints every event"),
            ("of 1 | doCompleted", "Hint: `log` prints every event"),
            ("of 1 | ignore: 1", "`filter it != X` here"),
            ("of 1 | catchTo: (of 2)", "is `catch (PIPELINE)` here"),
            ("of 1 | replayLast", "`replay 1` here"),
            ("of 1 | throttle: 1s", "Hint: `throttle:` is RAC2's name; here it is `debounce`"),
            ("let a = of 1 | action (of it)\nexecutionSignals a", "Hint: `executionSignals` is RAC2's name; here it is `executions`"),
            ("var t = \"\"\nt := popular | map name", "`var t <- popular …` keeps it bound to a pipeline's latest value"),
        ]
        for (script, hint) in cases {
            #expect(diagnostics(script).contains(hint), "\(script)\n\(diagnostics(script))")
        }
        // The selector's range covers its colon.
        #expect(diagnostics("of 1 | deliverOn: main").contains("1| of 1 | deliverOn: main\n          ^^^^^^^^^^"))
    }

    @Test("a count is a whole number before the run: `buffer 0`, `take \"x\"`")
    func counts() {
        #expect(diagnostics("of 1 | buffer 0\nof 1 | buffer 2.5\nof 1 | take \"x\"") == """
            -- BAD COUNT [FRP0414] ------------------------------------------- test.frp:1:15

            `buffer` needs a whole number of at least 1, not `0`:

            1| of 1 | buffer 0
                             ^
            Hint: write `buffer N, [SKIP]` with N = 1, 2, 3, ...

            -- BAD COUNT [FRP0414] ------------------------------------------- test.frp:2:15

            `buffer` needs a whole number of at least 1, not `2.5`:

            2| of 1 | buffer 2.5
                             ^^^
            Hint: write `buffer N, [SKIP]` with N = 1, 2, 3, ...

            -- EXPECTED NUMBER [FRP0406] ------------------------------------- test.frp:3:13

            `take` needs a whole number here, not a string ("x"):

            3| of 1 | take "x"
                           ^^^
            Hint: write `take N` with N = 0, 1, 2, ...
            """)
    }

    @Test("a time progression in a marble is a whole number of frames")
    func fractionalProgression() {
        #expect(diagnostics("cold \"a 0.5ms b|\"\ncold \"a 1.5s b|\"") == """
            -- BAD MARBLE [FRP0415] ------------------------------------------- test.frp:1:9

            This marble does not read right: `0.5ms` is not a whole number of frames (one frame is 1ms).

            1| cold "a 0.5ms b|"
                       ^^^^^
            Hint: write a whole number of milliseconds, like `1ms` or `2ms`
            """)
    }

    @Test("a signal bound with let, in arithmetic, is refused before the run")
    func signalInArithmetic() {
        #expect(diagnostics("let s = of 1\ns + 1\n2 * s") == """
            -- SIGNAL IN EXPRESSION [FRP0320] --------------------------------- test.frp:2:1

            `s` is a signal, and `+` works on values:

            2| s + 1
               ^
            Hint: to work on its values, write `s | map it + 1`

            -- SIGNAL IN EXPRESSION [FRP0320] --------------------------------- test.frp:3:5

            `s` is a signal, and `*` works on values:

            3| 2 * s
                   ^
            Hint: to work on its values, write `s | map 2 * it`
            """)
    }
}

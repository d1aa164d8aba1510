/// The problems of reading a script's sentences (group 02: statements, pipelines,
/// arguments, expressions as written), each with its message and hint, and their long forms.
extension Problem {
    // MARK: 02 sentences

    /// Where a name was wanted.
    enum WantedName: Equatable {
        /// `let = …`, `var 1 = …`: the keyword.
        case beforeEquals(keyword: String)
        /// After `let` or `var`.
        case toBind
        /// After `def`.
        case definition
        /// In the parentheses of a `def`.
        case parameter
        /// After `service`.
        case service
    }

    static func expectedName(_ wanted: WantedName, found: Token.Kind) -> Problem {
        switch wanted {
        case .beforeEquals(let keyword):
            let notOne = found == .assign ? "" : ", and \(found.shown) is not one"
            return Problem(.expectedName, "`\(keyword)` needs a name, before `=`\(notOne):",
                           hint: keyword == "let" ? "write `let NAME = PIPELINE`" : "write `var NAME = VALUE`")
        case .toBind: return Problem(.expectedName, "I expected a name to bind, but found \(found.shown):")
        case .definition: return Problem(.expectedName, "I expected the name of the definition, but found \(found.shown):")
        case .parameter: return Problem(.expectedName, "I expected a parameter's name, but found \(found.shown):")
        case .service: return Problem(.expectedName, "I expected a service, but found \(found.shown):")
        }
    }

    /// A statement that binds a name, up to where its `=` goes.
    enum Binding: Equatable {
        case `let`(String)
        case `var`(String)
        case def(String, parameters: [String])
    }

    static func expectedEquals(_ binding: Binding) -> Problem {
        switch binding {
        case .let(let name):
            return Problem(.expectedEquals, "I expected `=` after `let \(name)`:", hint: "write `let \(name) = PIPELINE`")
        case .var(let name):
            return Problem(.expectedEquals, "I expected `=` after `var \(name)`:", hint: "write `var \(name) = VALUE`")
        case .def(let name, let parameters):
            let written = parameters.isEmpty ? name : name + "(" + parameters.joined(separator: ", ") + ")"
            return Problem(.expectedEquals, "I expected `=` after `def \(written)`:",
                           hint: "write `def \(name)(n) = filter rating > n`: the stages it stands for")
        }
    }

    /// `partition` where its two signals are not named (`pair` nil), or a `let a, b =`
    /// whose pipeline does not end in `partition CONDITION`.
    static func partitionUnnamed(pair: (String, String)?) -> Problem {
        guard let (first, second) = pair else {
            return Problem(.partitionUnnamed, "`partition` makes two signals, and they need names:",
                           hint: "write `let yes, no = SOURCE | partition CONDITION`, then use `yes` and `no`")
        }
        return Problem(.partitionUnnamed, "`let \(first), \(second) =` names the two signals of a `partition`, and this pipeline does not end in one:",
                       hint: "end it with `| partition CONDITION`: `\(first)` gets the values that meet it, `\(second)` the others")
    }

    /// `=` inside an expression; `name`, the name before it (`x = 5`), which may be a
    /// property to set.
    static func expectedDoubleEquals(after name: String?) -> Problem {
        Problem(.expectedDoubleEquals, "I found `=` inside an expression:",
                hint: name.map { "compare with `==`; to set the property `\($0)`, write `\($0) := VALUE`" } ?? "compare with `==`")
    }

    /// Nothing that starts an argument after a stage's `,`.
    static func expectedArgument() -> Problem {
        Problem(.expectedArgument, "I expected another argument after `,`:")
    }

    /// `service NAME slow` without a positive number.
    static func expectedFactor(service name: String) -> Problem {
        Problem(.expectedFactor, "I expected how many times slower, a positive number:",
                hint: "write `service \(name) slow 5` for five times slower")
    }

    /// Where a field name was wanted.
    enum WantedField: Equatable {
        /// After `.`.
        case afterDot
        /// In a record, where this was found.
        case inRecord(found: Token.Kind)
    }

    static func expectedField(_ wanted: WantedField) -> Problem {
        switch wanted {
        case .afterDot:
            return Problem(.expectedField, "I expected a field name after `.`:", hint: "write `user.username`")
        case .inRecord(let found):
            return Problem(.expectedField, "I expected a field name in this record, but found \(found.shown):",
                           hint: "a record looks like {name: \"x\", rating: 95}")
        }
    }

    /// `import` without a string.
    static func expectedFile() -> Problem {
        Problem(.expectedFile, "`import` needs the file to read, as a string:",
                hint: #"write `import "lib.frp"` (relative to this file)"#)
    }

    /// `error` in an `expect` without a string.
    static func expectedMessage() -> Problem {
        Problem(.expectedMessage, "I expected the error's message, a string, after `error`:", hint: #"write error "MESSAGE""#)
    }

    /// `|` followed by something that is not an operator's name.
    static func expectedOperator(found: Token.Kind) -> Problem {
        Problem(.expectedOperator, "I expected an operator after `|`, but found \(found.shown):",
                hint: "a stage is an operator and its arguments, like `map it * 2`")
    }

    /// `var v = of 1`, `v := of 1`: the statement up to its value, the property, and the
    /// source named.
    static func expectedValue(after statement: String, property: String, source name: String) -> Problem {
        Problem(.expectedValue, "`\(statement)` takes a value, and `\(name)` starts a pipeline here:",
                hint: "a property holds one value at a time, like `\(statement) 3`; `var \(property) <- \(name) …` keeps it bound to a pipeline's latest value (RAC 2's `RAC(self, \(property)) =`), and `let` names a pipeline")
    }

    /// `emits` in an `expect` without a string.
    static func expectedMarbleText() -> Problem {
        Problem(.expectedMarbleText, "I expected a marble string after `emits`:", hint: #"a marble looks like "-a-b-|""#)
    }

    /// An `expect` whose pipeline is not followed by `emits`.
    static func expectedEmits() -> Problem {
        Problem(.expectedEmits, "I expected `emits \"MARBLE\"` after the pipeline of this `expect`:",
                hint: #"write `expect PIPELINE emits "-a-b|"`"#)
    }

    /// `service NAME fails 2` without `times`.
    static func expectedTimes(service name: String, count: Int) -> Problem {
        Problem(.expectedTimes, "I expected `times` after the number:", hint: "write `service \(name) fails \(count) times`")
    }

    /// An `if` whose condition is not followed by `then`.
    static func expectedThen() -> Problem {
        Problem(.expectedThen, "I expected `then` after the condition of this `if`:", hint: "write `if CONDITION then A else B`")
    }

    /// An `if` without `else`.
    static func expectedElse() -> Problem {
        Problem(.expectedElse, "I expected `else`: every `if` needs both branches:", hint: "write `if CONDITION then A else B`")
    }

    /// The punctuation a construct needs next: a closing bracket, or `:` after a field's name.
    enum Punctuation: Equatable {
        case rightParen, rightBracket, rightBrace, colon

        var kind: Token.Kind {
            switch self {
            case .rightParen: return .rightParen
            case .rightBracket: return .rightBracket
            case .rightBrace: return .rightBrace
            case .colon: return .colon
            }
        }

        var code: DiagnosticCode {
            switch self {
            case .rightParen: return .expectedRightParen
            case .rightBracket: return .expectedRightBracket
            case .rightBrace: return .expectedRightBrace
            case .colon: return .expectedColon
            }
        }
    }

    /// `purpose`: "to close the list", "after the field name `name`".
    static func expected(_ punctuation: Punctuation, _ purpose: String, found: Token.Kind) -> Problem {
        Problem(punctuation.code, "I expected \(punctuation.kind.shown) \(purpose), but found \(found.shown):",
                hint: found == .newline || found == .end ? "is a closing bracket missing?" : nil)
    }

    /// Deeper than `Parser.depthLimit`.
    static func nestedTooDeeply() -> Problem {
        Problem(.nestedTooDeeply, "This is nested more than \(Parser.depthLimit) levels deep; I stop here.",
                hint: "give inner parts names with `let`")
    }

    /// A statement that starts with `|`.
    static func nothingToContinue() -> Problem {
        Problem(.nothingToContinue, "`|` continues a pipeline, and there is none before it here:",
                hint: "to go on from the line above, end that line with `|` (at the prompt, a complete line runs at once)")
    }

    /// `x => x * 2`: the stage written with `it` instead, when the parameter is a name.
    static func unexpectedArrow(rewritten: String?) -> Problem {
        guard let rewritten else {
            return Problem(.unexpectedArrow, "There are no arrow functions here:", hint: "the value is `it`: write `map it * 2`")
        }
        return Problem(.unexpectedArrow, "There are no arrow functions here: the value is always `it`.",
                       hint: "write `\(rewritten)`")
    }

    /// Where a token was not expected.
    enum StrayToken: Equatable {
        /// After a complete statement, which ended with this token.
        case afterStatement(previous: Token.Kind)
        /// Where a value goes.
        case insteadOfValue
    }

    static func unexpectedToken(_ found: Token.Kind, _ stray: StrayToken) -> Problem {
        switch stray {
        case .afterStatement(let previous):
            var hint: String?
            if found == .rightParen || found == .rightBracket || found == .rightBrace {
                hint = "this closes nothing: is an opening bracket missing?"
            } else if case .name = previous, case .name = found {
                hint = "stages are separated by `|`"
            }
            return Problem(.unexpectedToken, "I did not expect \(found.shown) here:", hint: hint)
        case .insteadOfValue:
            return Problem(.unexpectedToken, "I expected a value, but found \(found.shown):")
        }
    }

    /// A keyword (`and`, `then`, …) where a value goes.
    static func unexpectedWord(_ word: String) -> Problem {
        Problem(.unexpectedWord, "I expected a value here, but found the word `\(word)`:")
    }

    /// The line ended where a value goes; `afterPipe`: right after `|`.
    static func unfinishedExpression(afterPipe: Bool) -> Problem {
        Problem(.unfinishedExpression, "I expected a value, but the line ended:",
                hint: afterPipe ? nil : "is something missing at the end?")
    }

    /// `of 1 -1`: the value before and the signed value after.
    static func ambiguousMinus(_ left: String, _ right: String) -> Problem {
        Problem(.ambiguousMinus, "`\(left) \(right)` could be two values or a subtraction, and I will not guess:",
                hint: "write `\(left), \(right)` for two values, or `\(left) - \(right.dropFirst())` to subtract")
    }

    /// `service NAME fails 0 times`.
    static func badCountSyntax(service name: String) -> Problem {
        Problem(.badCountSyntax, "I expected a whole number of failures, 1 or more:", hint: "write `service \(name) fails 2 times`")
    }

    /// `then of "x" else …`: the call as written, and the source's name.
    static func signalInExpressionSyntax(call: String, source name: String) -> Problem {
        Problem(.signalInExpressionSyntax,
                "`\(call)` reads as the source `\(name)` with arguments, and a pipeline inside an expression needs parentheses:",
                hint: "write `then (\(call)) else ...`; the `if` then makes a signal, so take its values with `switchMap` or `flatMap`, not `map`")
    }

    /// An expression taller than `Limits.statementDepth`.
    static func expressionTooDeep() -> Problem {
        Problem(.expressionTooDeep,
                "This expression goes more than \(Limits.statementDepth) levels deep (each operation of a chain like `1 + 1 + …` is one level); I would overflow the stack walking it.",
                hint: "give parts of it names with `let` (`let part = …`), then use the names")
    }
}

extension DiagnosticCode {
    /// The long forms of group 02 (`readingLongForms` holds them with 00 and 01).
    static let sentenceLongForms: [DiagnosticCode: LongForm] = [
        // 02 sentences
        .expectedName: LongForm(
            "A `let`, `var`, `def` or `service` is not followed by a name, or what follows is not a name (a number, a string, a symbol).",
            wrong: "let = cold \"-a-b|\"",
            right: "let clicks = cold \"-a-b|\"\nclicks | count"),
        .expectedEquals: LongForm(
            "A `let`, `var` or `def` has its name but no `=` after it. Usually the `=` was forgotten.",
            wrong: "let clicks cold \"-a-b|\"",
            right: "let clicks = cold \"-a-b|\"\nclicks | count"),
        .partitionUnnamed: LongForm(
            "`partition CONDITION` splits a signal in two: the values that meet the condition and the others. Both are named at once, by a `let` with two names, and used as any `let` name. Each runs the source anew, as RxJS's two filters do.",
            wrong: "cold \"-a-b-c|\" | partition it == \"b\"",
            right: "let bs, others = cold \"-a-b-c|\" | partition it == \"b\"\nbs | merge (others | map it + \"!\")"),
        .expectedDoubleEquals: LongForm(
            "An expression has a single `=`, which binds names in statements. To compare two values, write `==`.",
            wrong: "of 1, 2, 3 | filter it = 2",
            right: "of 1, 2, 3 | filter it == 2"),
        .expectedArgument: LongForm(
            "A stage's arguments end with a `,`: another argument was meant to follow, or the comma is one too many.",
            wrong: "of 1, 2,",
            right: "of 1, 2"),
        .expectedFactor: LongForm(
            "`service NAME slow` needs how many times slower the service answers, as a positive number.",
            wrong: "service search slow fast",
            right: "service search slow 5"),
        .expectedField: LongForm(
            "A field name was expected: after a `.` (`user.name`), or before the `:` of a record's field (`{name: \"x\"}`).",
            wrong: "of {name: \"x\", rating: 95} | map it.",
            right: "of {name: \"x\", rating: 95} | map it.rating"),
        .expectedFile: LongForm(
            "`import` reads a file of your own definitions, and needs its path as a string. The operators and sources are built in and need no `import`.",
            wrong: "import operators\ncold \"-a-b|\" | count",
            right: "cold \"-a-b|\" | count"),
        .expectedMessage: LongForm(
            "An `expect` says the pipeline fails with `error`, and the error's message, a string, does not follow.",
            wrong: "expect cold \"-#\" emits \"-#\" error",
            right: "expect cold \"-#\" emits \"-#\" error \"error\""),
        .expectedOperator: LongForm(
            "After `|` comes a stage: an operator's name and its arguments. Here something else follows the `|` (a number, a string, a bracket).",
            wrong: "of 1, 2, 3 | * 2",
            right: "of 1, 2, 3 | map it * 2"),
        .expectedValue: LongForm(
            "A property (`var`, `:=`) holds one value at a time, and here it is given a pipeline (a source with arguments). Name a pipeline with `let`.",
            wrong: "var rating = of 5",
            right: "var rating = 5"),
        .expectedMarbleText: LongForm(
            "After `emits`, an `expect` needs the marble string the pipeline should give, like `\"-a-b|\"`.",
            wrong: "expect cold \"-a-b|\" | count emits 2",
            right: "expect cold \"-a-b|\" | count emits \"----(a|)\" {a: 2}"),
        .expectedEmits: LongForm(
            "An `expect` gives a pipeline and then, after `emits`, the marble it should give. Here the pipeline is not followed by `emits`.",
            wrong: "expect cold \"-a-b|\" | count",
            right: "expect cold \"-a-b|\" | count emits \"----(a|)\" {a: 2}"),
        .expectedTimes: LongForm(
            "`service NAME fails N` needs `times` after the number of failures.",
            wrong: "service search fails 2",
            right: "service search fails 2 times"),
        .expectedThen: LongForm(
            "An `if` needs `then` after its condition: `if CONDITION then A else B`.",
            wrong: "of 1, 5 | map if it > 2 \"big\" else \"small\"",
            right: "of 1, 5 | map if it > 2 then \"big\" else \"small\""),
        .expectedElse: LongForm(
            "An `if` is a value, so it needs both branches: `if CONDITION then A else B`.",
            wrong: "of 1, 5 | map if it > 2 then \"big\"",
            right: "of 1, 5 | map if it > 2 then \"big\" else \"small\""),
        .expectedRightParen: LongForm(
            "A `(` is not closed: its `)` is missing, or something inside is not finished.",
            wrong: "of (1 + 2",
            right: "of (1 + 2)"),
        .expectedRightBracket: LongForm(
            "A list or an index is not closed: its `]` is missing, or a `,` between items is.",
            wrong: "of [1, 2",
            right: "of [1, 2]"),
        .expectedRightBrace: LongForm(
            "A record is not closed: its `}` is missing, or a `,` between fields is.",
            wrong: "of {name: \"x\", rating: 95",
            right: "of {name: \"x\", rating: 95}"),
        .expectedColon: LongForm(
            "A record's field is its name, `:` and its value (`{rating: 95}`). Here the name is not followed by `:`.",
            wrong: "of {rating 95}",
            right: "of {rating: 95}"),
        .nestedTooDeeply: LongForm(
            "Brackets or expressions nest more than 200 levels deep, more than frp reads without risking its stack. Name inner parts with `let`.",
            wrong: "A line `of [[[…[1]…]]]`, with 120 `[` and 120 `]`.",
            right: "of [[[1]]]",
            reading: .bytes { Array(("of " + String(repeating: "[", count: 120) + "1" + String(repeating: "]", count: 120)).utf8) }),
        .nothingToContinue: LongForm(
            "A statement starts with `|`, and there is no pipeline before it to continue. A line that starts with `|` goes on from the line above; at the prompt, end the line above with `|` instead, since a complete line runs at once.",
            wrong: "| map it * 2",
            right: "of 1, 2\n| map it * 2"),
        .unexpectedArrow: LongForm(
            "An arrow function (`x => x * 2`), as JavaScript writes it. In frp a stage's expression reads the value as `it`, and needs no parameter.",
            wrong: "of 1, 2 | map x => x * 2",
            right: "of 1, 2 | map it * 2"),
        .unexpectedToken: LongForm(
            "A token where it cannot go: after a complete statement (a closing bracket that closes nothing, two stages without `|` between them), or where a value goes.",
            wrong: "of 1, 2)",
            right: "of 1, 2"),
        .unexpectedWord: LongForm(
            "A keyword (`and`, `or`, `then`, `else`, `matches`, `emits`) where a value goes. Usually a word left over after an edit, or one doubled.",
            wrong: "of 1, 2, 3 | filter it > 1 and or it < 3",
            right: "of 1, 2, 3 | filter it > 1 or it < 3"),
        .unfinishedExpression: LongForm(
            "The line ends where a value goes: after an operator such as `*`, `+`, `==` or `and`. Usually the last value was left out, or the rest of the expression is on the next line (an expression goes on to the next line only inside brackets).",
            wrong: "of 1, 2 | map it *",
            right: "of 1, 2 | map it * 2"),
        .ambiguousMinus: LongForm(
            "A `-` with a space before it and none after, between two values (`of 1 -1`): it could be a second, negative argument or a subtraction, and frp does not guess. Write `, ` for two values, or a space on both sides to subtract.",
            wrong: "of 1 -1",
            right: "of 1, -1"),
        .badCountSyntax: LongForm(
            "`service NAME fails N times` needs a whole number of failures, 1 or more.",
            wrong: "service search fails 0 times",
            right: "service search fails 2 times"),
        .signalInExpressionSyntax: LongForm(
            "A branch of an `if` calls a source with arguments (`of \"x\"`), which is a pipeline, and a pipeline inside an expression needs parentheses. The `if` then gives a signal, so take its values with `switchMap` or `flatMap`.",
            wrong: "of 1, 5 | switchMap if it > 2 then of \"big\" else (of \"small\")",
            right: "of 1, 5 | switchMap if it > 2 then (of \"big\") else (of \"small\")"),
        .expressionTooDeep: LongForm(
            "An expression is more than 500 levels deep: a chain like `1 + 1 + …` is one level for each operation, and walking a deeper one could overflow the stack. Name parts of it with `let`, and use the names.",
            wrong: "A line `of 1 + 1 + … + 1`, with 600 `+`.",
            right: "let part = 1 + 1 + 1\nof part + part",
            reading: .bytes { Array(("of 1" + String(repeating: " + 1", count: 600)).utf8) }),
    ]
}

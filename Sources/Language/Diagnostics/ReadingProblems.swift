/// What reading a script can go wrong with — a file (00), its words (01), its sentences
/// (02) — each a `Problem` made from typed parameters, and each code's long form.
extension Problem {
    // MARK: 00 reading a file

    /// More bytes than `Source.sizeLimit`.
    static func fileTooLarge() -> Problem {
        Problem(.fileTooLarge, "This file has more than \(Source.sizeLimit) bytes (4 MB), the most I read.",
                hint: "split it into smaller scripts")
    }

    /// What is wrong with a byte that is not text.
    enum BadByte: Equatable {
        /// Not part of valid UTF-8.
        case notUTF8
        /// A control character other than tab and the line ends (NUL, …).
        case control
    }

    /// A byte that is not text, at a line and column (counted in characters).
    static func notText(_ byte: UInt32, _ bad: BadByte, line: Int, column: Int) -> Problem {
        let hex = "0x" + String(byte, radix: 16, uppercase: true)
        switch bad {
        case .notUTF8:
            return Problem(.notText, "I found a byte (\(hex)) that is not valid UTF-8 text at line \(line), column \(column).",
                           hint: "frp scripts are UTF-8 text; is this the right file?")
        case .control:
            return Problem(.notText, "I found a control character (\(hex)) at line \(line), column \(column).",
                           hint: "frp scripts are plain text: delete it (a string writes a new line `\\n` and a tab `\\t`); in a file, is this a binary?")
        }
    }

    // MARK: 01 words

    /// A line of more than `Lexer.lineLimit` characters.
    static func lineTooLong(line: Int, length: Int) -> Problem {
        Problem(.lineTooLong, "Line \(line) has \(length) characters; I read lines of at most \(Lexer.lineLimit).",
                hint: "split the pipeline over several lines: a line that ends with `|` goes on on the next")
    }

    /// A character that starts no token.
    enum StrayCharacter: Equatable {
        /// `||` or `&&`: another language's `or` and `and`.
        case doubled(Unicode.Scalar)
        /// `===`: JavaScript's strict equality.
        case tripleEquals
        /// `!` not followed by `=`.
        case bang
        /// Anything else.
        case other(Unicode.Scalar)
    }

    static func unexpectedCharacter(_ character: StrayCharacter) -> Problem {
        switch character {
        case .doubled(let scalar):
            let word = scalar == "|" ? "or" : "and"
            return Problem(.unexpectedCharacter, "I do not know what `\(scalar)\(scalar)` means here.",
                           hint: "write `\(word)`: `a \(word) b`")
        case .tripleEquals:
            return Problem(.unexpectedCharacter, "I do not know what `===` means here.",
                           hint: "compare with `==`: it compares values, lists and records by what they hold")
        case .bang:
            return Problem(.unexpectedCharacter, "I do not know what `!` means here.",
                           hint: "write `not x` to negate, and `!=` for not equal")
        case .other(let scalar):
            let shown = scalar.properties.isWhitespace || scalar.value < 0x20
                ? "U+\(String(scalar.value, radix: 16, uppercase: true))" : "`\(Character(scalar))`"
            let hints: [Unicode.Scalar: String] = ["'": "strings use double quotes: \"text\"",
                                                   "?": "write `if CONDITION then A else B`"]
            return Problem(.unexpectedCharacter, "I do not know what \(shown) means here.", hint: hints[scalar])
        }
    }

    /// A `"` with no closing `"` on its line.
    static func unterminatedString() -> Problem {
        Problem(.unterminatedString, "This string is never closed:", hint: "add the closing `\"` on the same line")
    }

    /// `\q` in a string: the escaped character.
    static func unknownEscape(_ escaped: Unicode.Scalar) -> Problem {
        Problem(.unknownEscape, "I do not know the escape `\\\(escaped)` in this string.",
                hint: #"the escapes are \", \\, \n and \t"#)
    }

    /// How a number is written in a way frp does not read.
    enum BadNumber: Equatable {
        /// `0x10`, `1_000`, `5.`: another language's way; the number in decimal, when
        /// there is one.
        case notDecimal(written: String, decimal: String?)
        /// `.5`: the digits, with their `.`.
        case leadingDot(String)
    }

    static func badNumber(_ number: BadNumber) -> Problem {
        switch number {
        case .notDecimal(let written, let decimal):
            return Problem(.badNumber, "I read numbers in decimal, without `_` or a trailing `.`, and not `\(written)`.",
                           hint: decimal.map { "write `\($0)`" } ?? "write the number in decimal")
        case .leadingDot(let digits):
            return Problem(.badNumber, "A number starts with a digit, and `\(digits)` starts with `.`.",
                           hint: "write `0\(digits)`")
        }
    }

    /// Digits past what a Double holds.
    static func numberTooBig(_ digits: String) -> Problem {
        Problem(.numberTooBig, "The number `\(digits)` is too big to hold.", hint: "numbers go up to about 1.8e308")
    }

    /// Letters after a number that are not `ms`, `s` or `m`.
    static func unknownUnit(number digits: String, unit: String) -> Problem {
        Problem(.unknownUnit, "I do not know the unit in `\(digits)\(unit)`.",
                hint: "durations are written like 5ms, 2s, 0.5s or 1m")
    }

    /// A duration past `TimeSpan.longestMilliseconds`.
    static func durationTooLong(number digits: String, unit: String) -> Problem {
        Problem(.durationTooLong, "The duration `\(digits)\(unit)` is longer than I can schedule.",
                hint: "durations go up to about 30 years")
    }

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
    static let readingLongForms: [DiagnosticCode: LongForm] = [
        // 00 reading a file
        .fileTooLarge: LongForm(
            "The file has more than 4 MB (4,194,304 bytes), the most frp reads: a script is checked whole before it runs, and a bigger one could take more memory than a machine has. Usually it is not a script at all (a log, a data file), or a generated one that should be split.",
            wrong: "A file of 4 MB and one byte (4,194,305 newlines).",
            right: "cold \"-a-b|\" | count",
            reading: .bytes { [UInt8](repeating: 0x0A, count: Source.sizeLimit + 1) }),
        .notText: LongForm(
            "The file is not UTF-8 text: it has a byte that is not valid UTF-8, or a control character (NUL, ESC and the like) other than tab and the line ends. Usually it is the wrong file (a binary, an image), or one saved in another encoding such as Latin-1. A control character is refused in a script from anywhere (`-e`, the prompt, the playground) too: an editor shows none, and a terminal acts on some; a string writes a new line as `\\n` and a tab as `\\t`.",
            wrong: "A file with `of \"café\"` where the `é` is in Latin-1 (the byte 0xE9), not UTF-8.",
            right: "of \"café\"",
            reading: .bytes { Array("of \"caf".utf8) + [0xE9] + Array("\"\n".utf8) }),
        // 01 words
        .lineTooLong: LongForm(
            "A line has more than 65,536 characters, the longest frp reads, so that the prompt and the diagnostics stay quick. Usually the script was generated on one line; a pipeline can go over several lines, each ending with `|` or each going on with a line that starts with `|`.",
            wrong: "A file with one line of 70,000 characters: `of 1, 1, 1, …`.",
            right: "of 1, 1, 1\n| count",
            reading: .bytes { Array(("of 1" + String(repeating: ", 1", count: 23_332)).utf8) }),
        .unexpectedCharacter: LongForm(
            "A character that starts nothing frp knows: another language's operator (`&&`, `||`, `!`, `===`), a single quote, or a stray symbol. The hint says what frp writes instead.",
            wrong: "of 1, 2, 3 | filter it > 1 && it < 3",
            right: "of 1, 2, 3 | filter it > 1 and it < 3"),
        .unterminatedString: LongForm(
            "A string starts with `\"` and its line ends before the closing `\"`. A string is on one line; write `\\n` for a line break inside it.",
            wrong: "cold \"-a-b|",
            right: "cold \"-a-b|\""),
        .unknownEscape: LongForm(
            #"A backslash in a string starts an escape, and the character after it is not one frp knows: the escapes are `\"`, `\\`, `\n` and `\t`. Usually it is a Windows path or a pattern; write `\\` for a backslash."#,
            wrong: #"of "C:\data""#,
            right: #"of "C:\\data""#),
        .badNumber: LongForm(
            "A number written as another language writes it: hexadecimal (`0x10`), with `_` between digits (`1_000`), with a trailing `.` (`5.`) or a leading one (`.5`). frp reads plain decimal numbers; the hint writes this one so.",
            wrong: "of 1_000",
            right: "of 1000"),
        .numberTooBig: LongForm(
            "A number is larger than a number can hold (about 1.8e308). Usually an exponent with a digit too many.",
            wrong: "of 1e400",
            right: "of 1e300"),
        .unknownUnit: LongForm(
            "A number is followed by letters that are not a unit of time: a duration is written with `ms`, `s` or `m` right after the number (`5ms`, `2s`, `1m`).",
            wrong: "cold \"-a|\" | delay 5sec",
            right: "cold \"-a|\" | delay 5s"),
        .durationTooLong: LongForm(
            "A duration is longer than frp can schedule (about 30 years). Usually a unit too large, such as `m` (minutes) for `ms`.",
            wrong: "cold \"-a|\" | delay 100000000m",
            right: "cold \"-a|\" | delay 100ms"),
        // 02 sentences
        .expectedName: LongForm(
            "A `let`, `var`, `def` or `service` is not followed by a name, or what follows is not a name (a number, a string, a symbol).",
            wrong: "let = cold \"-a-b|\"",
            right: "let clicks = cold \"-a-b|\"\nclicks | count"),
        .expectedEquals: LongForm(
            "A `let`, `var` or `def` has its name but no `=` after it. Usually the `=` was forgotten.",
            wrong: "let clicks cold \"-a-b|\"",
            right: "let clicks = cold \"-a-b|\"\nclicks | count"),
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

/// What reading a script can go wrong with — a file (00), its words (01); its sentences
/// (02) are `SentenceProblems.swift` — each a `Problem` made from typed parameters, and
/// each code's long form.
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

}

extension DiagnosticCode {
    /// The long forms of groups 00–02: files, words, and sentences (`SentenceProblems.swift`).
    static let readingLongForms = wordLongForms.merging(sentenceLongForms) { first, _ in first }

    /// The long forms of groups 00 and 01.
    static let wordLongForms: [DiagnosticCode: LongForm] = [
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
    ]
}

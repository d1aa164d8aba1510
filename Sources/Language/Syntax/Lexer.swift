import Signals

/// Turns source text into tokens with exact ranges.
///
/// Newlines end statements, except inside brackets, and except before a line whose first
/// character is `|`, which continues the statement above (docs/language.md). `#` starts a
/// comment outside strings. Problems become diagnostics and the lexer goes on.
struct Lexer {
    /// Longer lines are refused: the REPL and the diagnostics must stay responsive.
    static let lineLimit = 65_536

    private let source: Source
    private let scalars: [Unicode.Scalar]
    private var offset = 0
    private var depth = 0
    private var tokens: [Token] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Where the comments are (`#` to the end of the line, outside strings).
    private(set) var comments: [SourceRange] = []
    private var spaceBefore = true

    init(_ source: Source) {
        self.source = source
        self.scalars = source.scalars
    }

    static func tokens(of source: Source) -> ([Token], [Diagnostic]) {
        let lexed = lex(source)
        return (lexed.tokens, lexed.diagnostics)
    }

    /// A source's tokens, where its comments are, and its problems.
    static func lex(_ source: Source) -> (tokens: [Token], comments: [SourceRange], diagnostics: [Diagnostic]) {
        var lexer = Lexer(source)
        lexer.checkLineLengths()
        lexer.checkControlCharacters()
        lexer.run()
        return (lexer.tokens, lexer.comments, lexer.diagnostics)
    }

    /// The comments of a source, as the lexer reads them (for a text without them; a
    /// parsed program carries its own).
    static func comments(of source: Source) -> [SourceRange] {
        var lexer = Lexer(source)
        lexer.run()
        return lexer.comments
    }

    private mutating func checkLineLengths() {
        for (index, start) in source.lineStarts.enumerated() {
            let end = index + 1 < source.lineStarts.count ? source.lineStarts[index + 1] - 1 : scalars.count
            if end - start > Lexer.lineLimit {
                diagnostics.append(Diagnostic(
                    .lineTooLong(line: source.firstLine + index, length: end - start),
                    location: SourceLocation(file: source.name, line: source.firstLine + index, column: 1), length: 1))
            }
        }
    }

    /// A control character is refused wherever the text came from (a file, `-e`, the
    /// prompt, the playground), by the rule a file's bytes are read with (`Source.isRefused`):
    /// none can hide in a string that an editor shows empty, or reach the terminal or an
    /// export as code.
    private mutating func checkControlCharacters() {
        guard let index = scalars.firstIndex(where: Source.isRefused) else { return }
        let location = source.location(of: index)
        let value = scalars[index].value
        diagnostics.append(Diagnostic(
            .notText(value, .control, line: location.line, column: location.column), location: location, length: 1))
    }

    private mutating func run() {
        guard diagnostics.isEmpty else {
            tokens = [Token(kind: .end, range: SourceRange(start: scalars.count, end: scalars.count), spaceBefore: true)]
            return
        }
        while offset < scalars.count {
            let scalar = scalars[offset]
            switch scalar {
            case " ", "\t", "\r":
                offset += 1
                spaceBefore = true
            case "#":
                let start = offset
                while offset < scalars.count, scalars[offset] != "\n" { offset += 1 }
                comments.append(SourceRange(start: start, end: offset))
            case "\n":
                newline()
            case "\"":
                string()
            case "0"..."9":
                number()
            default:
                if scalar.properties.isAlphabetic || scalar == "_" {
                    word()
                } else {
                    punctuation(scalar)
                }
            }
        }
        if tokens.last.map({ $0.kind != .newline }) ?? false {
            add(.newline, from: scalars.count, to: scalars.count)
        }
        add(.end, from: scalars.count, to: scalars.count)
    }

    private mutating func add(_ kind: Token.Kind, from start: Int, to end: Int) {
        tokens.append(Token(kind: kind, range: SourceRange(start: start, end: end), spaceBefore: spaceBefore))
        spaceBefore = false
    }

    private mutating func newline() {
        let start = offset
        offset += 1
        spaceBefore = true
        guard depth == 0 else { return }
        // A line that ends with `|` goes on on the next line.
        if tokens.last?.kind == .pipe { return }
        if continuesStatement() { return }
        if let last = tokens.last, last.kind != .newline {
            add(.newline, from: start, to: start + 1)
            spaceBefore = true
        }
    }

    /// Whether the next line with something on it continues this statement: one that
    /// starts with `|`, or with `emits` (the rest of an `expect`). Blank lines and comments
    /// between are skipped, and the answer is kept for the newlines among them (looking
    /// again at each made a file of blank lines take minutes).
    private mutating func continuesStatement() -> Bool {
        if let lookahead, offset <= lookahead.next { return lookahead.continues }
        var look = offset
        while look < scalars.count {
            switch scalars[look] {
            case " ", "\t", "\r", "\n": look += 1
            case "#": while look < scalars.count, scalars[look] != "\n" { look += 1 }
            default:
                let continues = scalars[look] == "|" || startsWithWord(Keyword.emits.rawValue, at: look)
                    // After `emits "MARBLE"`, the VALUES record or `error "..."` may go on
                    // the next line.
                    || afterEmitsMarble && (scalars[look] == "{" || startsWithWord("error", at: look))
                    || afterEmitsValues && startsWithWord("error", at: look)
                lookahead = (look, continues)
                return continues
            }
        }
        lookahead = (look, false)
        return false
    }

    /// Where the last look past blank lines stopped, and what it found.
    private var lookahead: (next: Int, continues: Bool)?

    /// Whether the last tokens are `emits "MARBLE"`.
    private var afterEmitsMarble: Bool {
        let count = tokens.count
        guard count >= 2, case .string = tokens[count - 1].kind else { return false }
        return tokens[count - 2].keyword == .emits
    }

    /// Whether the last tokens are `emits "MARBLE" {VALUES}`.
    private var afterEmitsValues: Bool {
        let count = tokens.count
        guard count >= 3 else { return false }
        if tokens[count - 1].kind == .rightBrace {
            // Find the `emits "..."` before the record, at depth 0.
            var index = count - 1
            var depth = 0
            while index >= 0 {
                switch tokens[index].kind {
                case .rightBrace: depth += 1
                case .leftBrace: depth -= 1
                default: break
                }
                if depth == 0 { break }
                index -= 1
            }
            guard index >= 2, case .string = tokens[index - 1].kind else { return false }
            return tokens[index - 2].keyword == .emits
        }
        return false
    }

    private func startsWithWord(_ text: String, at index: Int) -> Bool {
        let word = Array(text.unicodeScalars)
        guard index + word.count <= scalars.count, Array(scalars[index..<index + word.count]) == word else { return false }
        let after = index + word.count
        return after == scalars.count || !(scalars[after].properties.isAlphabetic || scalars[after] == "_")
    }

    private mutating func word() {
        let start = offset
        while offset < scalars.count,
              scalars[offset].properties.isAlphabetic || scalars[offset] == "_" || ("0"..."9").contains(scalars[offset]) {
            offset += 1
        }
        add(.name(source.text(from: start, to: offset)), from: start, to: offset)
    }

    /// number -> digits [ '.' digits ] [ exponent ] [ unit ]
    /// exponent -> ('e' | 'E') [ '+' | '-' ] digits        unit -> 'ms' | 's' | 'm'
    private mutating func number() {
        let start = offset
        skipDigits()
        if offset + 1 < scalars.count, scalars[offset] == ".", isDigit(at: offset + 1) {
            offset += 1
            skipDigits()
        }
        if offset < scalars.count, scalars[offset] == "e" || scalars[offset] == "E" {
            let sign = offset + 1 < scalars.count && (scalars[offset + 1] == "+" || scalars[offset + 1] == "-") ? 1 : 0
            if isDigit(at: offset + 1 + sign) {
                offset += 1 + sign
                skipDigits()
            }
        }
        if let number = badNumber(from: start) {
            report(.badNumber(number), start, offset)
            return
        }
        let digits = source.text(from: start, to: offset)
        let value = Double(digits) ?? 0
        guard value.isFinite else {
            report(.numberTooBig(digits), start, offset)
            return
        }
        let unitStart = offset
        while offset < scalars.count, scalars[offset].properties.isAlphabetic || scalars[offset] == "_" { offset += 1 }
        let unit = source.text(from: unitStart, to: offset)
        switch unit {
        case "":
            add(.number(value), from: start, to: offset)
        case "ms", "s", "m":
            let milliseconds = value * (unit == "ms" ? 1 : unit == "s" ? 1000 : 60_000)
            guard milliseconds <= Double(TimeSpan.longestMilliseconds) else {
                report(.durationTooLong(number: digits, unit: unit), start, offset)
                return
            }
            add(.duration(TimeSpan(nanoseconds: Int64((milliseconds * 1e6).rounded()))), from: start, to: offset)
        default:
            report(.unknownUnit(number: digits, unit: unit), start, offset)
        }
    }

    /// `0x10`, `1_000`, `5.`: other languages' ways of writing a number (the digits before
    /// `offset` are read). The text, and the number written in decimal.
    private mutating func badNumber(from start: Int) -> Problem.BadNumber? {
        let next: Unicode.Scalar? = offset < scalars.count ? scalars[offset] : nil
        let radixes: [Unicode.Scalar: Int] = ["x": 16, "X": 16, "b": 2, "B": 2, "o": 8, "O": 8]
        if source.text(from: start, to: offset) == "0", let letter = next, let radix = radixes[letter] {
            offset += 1
            while offset < scalars.count, scalars[offset].properties.isAlphabetic || isDigit(at: offset) { offset += 1 }
            let written = source.text(from: start, to: offset)
            return .notDecimal(written: written, decimal: Int(written.dropFirst(2), radix: radix).map { "\($0)" })
        }
        if next == "_", isDigit(at: offset + 1) {
            while isDigit(at: offset) || offset < scalars.count && scalars[offset] == "_" { offset += 1 }
            let written = source.text(from: start, to: offset)
            return .notDecimal(written: written, decimal: written.filter { $0 != "_" })
        }
        if next == ".", !(offset + 1 < scalars.count && scalars[offset + 1].properties.isAlphabetic) {
            offset += 1
            let written = source.text(from: start, to: offset)
            return .notDecimal(written: written, decimal: String(written.dropLast()))
        }
        return nil
    }

    /// Whether the character before `index` ends a value (`r.0` is a field, not `.0`).
    private func followsValue(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        let before = scalars[index - 1]
        return before.properties.isAlphabetic || isDigit(at: index - 1) || "_)]}\"".unicodeScalars.contains(before)
    }

    private func isDigit(at index: Int) -> Bool {
        index < scalars.count && ("0"..."9").contains(scalars[index])
    }

    private mutating func skipDigits() {
        while isDigit(at: offset) { offset += 1 }
    }

    /// string -> '"' { character | '\"' | '\\' | '\n' | '\t' } '"'    (on one line)
    private mutating func string() {
        let start = offset
        offset += 1
        var text = String.UnicodeScalarView()
        while offset < scalars.count {
            let scalar = scalars[offset]
            if scalar == "\"" {
                offset += 1
                add(.string(String(text)), from: start, to: offset)
                return
            }
            if scalar == "\n" { break }
            if scalar == "\\", offset + 1 < scalars.count {
                let escaped = scalars[offset + 1]
                switch escaped {
                case "\"": text.append("\"")
                case "\\": text.append("\\")
                case "n": text.append("\n")
                case "t": text.append("\t")
                default:
                    report(.unknownEscape(escaped), offset, offset + 2)
                }
                offset += 2
                continue
            }
            text.append(scalar)
            offset += 1
        }
        report(.unterminatedString(), start, start + 1)
    }

    private mutating func punctuation(_ scalar: Unicode.Scalar) {
        let start = offset
        let next: Unicode.Scalar? = offset + 1 < scalars.count ? scalars[offset + 1] : nil
        offset += 1
        let kind: Token.Kind
        switch scalar {
        case "|" where next == "|", "&" where next == "&":
            report(.unexpectedCharacter(.doubled(scalar)), start, start + 2)
            offset += 1
            return
        case "|": kind = .pipe
        case ",": kind = .comma
        case "." where next.map { ("0"..."9").contains($0) } ?? false && !followsValue(start):
            skipDigits()
            let digits = source.text(from: start, to: offset)
            report(.badNumber(.leadingDot(digits)), start, offset)
            return
        case ".": kind = .dot
        case "&": kind = .ampersand
        case "(": kind = .leftParen; depth += 1
        case ")": kind = .rightParen; depth = max(0, depth - 1)
        case "[": kind = .leftBracket; depth += 1
        case "]": kind = .rightBracket; depth = max(0, depth - 1)
        case "{": kind = .leftBrace; depth += 1
        case "}": kind = .rightBrace; depth = max(0, depth - 1)
        case "+": kind = .plus
        case "-": kind = .minus
        case "*": kind = .star
        case "/": kind = .slash
        case "%": kind = .percent
        case ":":
            if next == "=" { offset += 1; kind = .update } else { kind = .colon }
        case "=" where next == "=" && offset + 1 < scalars.count && scalars[offset + 1] == "=":
            report(.unexpectedCharacter(.tripleEquals), start, start + 3)
            offset += 2
            return
        case "=":
            if next == "=" { offset += 1; kind = .equal } else { kind = .assign }
        case "!":
            guard next == "=" else {
                report(.unexpectedCharacter(.bang), start, offset)
                return
            }
            offset += 1
            kind = .notEqual
        case "?" where next == "?":
            offset += 1
            kind = .coalesce
        case "<":
            if next == "=" { offset += 1; kind = .lessOrEqual } else { kind = .less }
        case ">":
            if next == "=" { offset += 1; kind = .greaterOrEqual } else { kind = .greater }
        default:
            report(.unexpectedCharacter(.other(scalar)), start, offset)
            return
        }
        add(kind, from: start, to: offset)
    }

    private mutating func report(_ problem: Problem, _ start: Int, _ end: Int) {
        diagnostics.append(Diagnostic(problem, at: SourceRange(start: start, end: end), in: source))
    }
}

extension Source {
    /// Whether a reader should wait for another line before it parses: a bracket is
    /// open, or the last token is `|` (the REPL's `...>`). Comments and strings are read
    /// as the lexer reads them, so the REPL and `frp run` agree.
    public var continuesOnNextLine: Bool {
        let (tokens, _) = Lexer.tokens(of: self)
        var depth = 0
        var last: Token.Kind?
        for token in tokens {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth = max(0, depth - 1)
            case .newline, .end: continue
            default: break
            }
            last = token.kind
        }
        return depth > 0 || last == .pipe
    }
}

extension Source {
    /// The text without its comments, as the lexer finds them (a `#` in a string stays).
    public var textWithoutComments: String {
        var text = String.UnicodeScalarView(), start = 0
        for comment in Lexer.comments(of: self) {
            text.append(contentsOf: scalars[start..<comment.start])
            start = comment.end
        }
        text.append(contentsOf: scalars[start...])
        return String(text)
    }
}

extension Source {
    /// The text cut at each `|` (or `,`) outside brackets and strings, as the lexer reads
    /// it; a closing bracket that closes nothing ends the text (the end of an argument
    /// that completion is inside of). Separators are left out, spaces kept.
    public func topLevelParts(separatedBy separator: Character) -> [String] {
        let (tokens, _) = Lexer.tokens(of: self)
        let cut: Token.Kind = separator == "," ? .comma : .pipe
        var parts: [String] = []
        var start = 0, depth = 0
        for token in tokens {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                depth -= 1
                if depth < 0 { return parts + [text(from: start, to: token.range.start)] }
            case cut where depth == 0:
                parts.append(text(from: start, to: token.range.start))
                start = token.range.end
            default: break
            }
        }
        return parts + [text(from: start, to: scalars.count)]
    }
}

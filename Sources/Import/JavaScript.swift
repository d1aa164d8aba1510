/// The JavaScript that RxJS examples are written in, as far as `frp import` reads it: ES
/// `import` lines, `const`/`let`/`var` declarations, expression statements, and expressions
/// with arrow functions, calls, member and index access, operators, ternaries, template
/// strings, object and array literals. Anything else is a statement left out, with its line.
indirect enum JSExpression: Equatable {
    case number(Double)
    case string(String)
    /// A template string's pieces: text, and `${expression}`s.
    case template([JSTemplatePiece])
    case bool(Bool)
    case null
    case name(String)
    case member(JSExpression, String)
    case index(JSExpression, JSExpression)
    case call(JSExpression, [JSExpression])
    case arrow([String], JSExpression)
    case unary(String, JSExpression)
    case binary(String, JSExpression, JSExpression)
    case conditional(JSExpression, JSExpression, JSExpression)
    case array([JSExpression])
    case object([(key: String, value: JSExpression)])
    /// `new NAME(arguments)`.
    case construct(String, [JSExpression])
    /// An arrow function's block: its `const`s and expression statements, then what it
    /// returns (`{ const a = …; a.subscribe(…); return b; }`).
    case block([JSStatement], JSExpression)

    static func == (a: JSExpression, b: JSExpression) -> Bool { "\(a)" == "\(b)" }
}

enum JSTemplatePiece: Equatable {
    case text(String)
    case expression(JSExpression)

    static func == (a: JSTemplatePiece, b: JSTemplatePiece) -> Bool { "\(a)" == "\(b)" }
}

/// A statement of the example, with the line it starts on.
enum JSStatement {
    case imports([String], from: String)
    case declaration(name: String, JSExpression)
    /// `const [a, b] = EXPRESSION` (RxJS's `partition` makes two signals).
    case destructuring(names: [String], JSExpression)
    case expression(JSExpression)
    /// `function NAME(…) { … }`, not read further.
    case function(String)
    /// What could not be read, and why; the name it declares, when it is a declaration.
    case unreadable(String, declaring: String?)
}

struct JSToken: Equatable {
    enum Kind: Equatable {
        case name(String)
        case number(Double)
        case string(String)
        case template([JSTemplatePart])
        case punctuation(String)
        case end
    }
    let kind: Kind
    let line: Int
}

/// A template string as the lexer reads it: text, and the source of each `${…}`.
enum JSTemplatePart: Equatable {
    case text(String)
    case source(String)
}

/// Reads JavaScript's tokens; a character it does not know is a token of its own, which
/// the parser reports with its line.
struct JSLexer {
    private let characters: [Character]
    private var position = 0
    private var line = 1

    init(_ text: String) { characters = Array(text) }

    static let punctuation = ["===", "!==", "...", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.",
                              "(", ")", "[", "]", "{", "}", ",", ";", ".", ":", "?", "+", "-", "*", "/", "%",
                              "!", "<", ">", "="]

    mutating func tokens() -> [JSToken] {
        var found: [JSToken] = []
        while true {
            skipSpaceAndComments()
            guard position < characters.count else { break }
            let start = line
            let character = characters[position]
            if character.isLetter || character == "_" || character == "$" {
                var word = ""
                while position < characters.count, characters[position].isLetter || characters[position].isNumber
                        || characters[position] == "_" || characters[position] == "$" {
                    word.append(characters[position])
                    position += 1
                }
                found.append(JSToken(kind: .name(word), line: start))
            } else if character.isNumber {
                var digits = ""
                while position < characters.count, characters[position].isNumber || characters[position] == "." || characters[position] == "_" {
                    if characters[position] != "_" { digits.append(characters[position]) }
                    position += 1
                    // An exponent: `1e+308`, `2E-3`.
                    if position + 1 < characters.count, characters[position] == "e" || characters[position] == "E",
                       characters[position + 1].isNumber || ((characters[position + 1] == "+" || characters[position + 1] == "-")
                                                             && position + 2 < characters.count && characters[position + 2].isNumber) {
                        digits.append("e")
                        digits.append(characters[position + 1])
                        position += 2
                    }
                }
                found.append(JSToken(kind: .number(Double(digits) ?? .nan), line: start))
            } else if character == "'" || character == "\"" {
                found.append(JSToken(kind: .string(quoted(until: character)), line: start))
            } else if character == "`" {
                found.append(JSToken(kind: .template(template()), line: start))
            } else if let mark = Self.punctuation.first(where: { matches($0) }) {
                position += mark.count
                found.append(JSToken(kind: .punctuation(mark), line: start))
            } else {
                position += 1
                found.append(JSToken(kind: .punctuation(String(character)), line: start))
            }
        }
        found.append(JSToken(kind: .end, line: line))
        return found
    }

    private func matches(_ mark: String) -> Bool {
        let marks = Array(mark)
        guard position + marks.count <= characters.count else { return false }
        return Array(characters[position..<position + marks.count]) == marks
    }

    private mutating func skipSpaceAndComments() {
        while position < characters.count {
            if characters[position] == "\n" { line += 1; position += 1 } else if characters[position].isWhitespace { position += 1 } else if matches("//") {
                while position < characters.count, characters[position] != "\n" { position += 1 }
            } else if matches("/*") {
                position += 2
                while position < characters.count, !matches("*/") {
                    if characters[position] == "\n" { line += 1 }
                    position += 1
                }
                position = min(characters.count, position + 2)
            } else {
                return
            }
        }
    }

    private mutating func quoted(until quote: Character) -> String {
        position += 1
        var text = ""
        while position < characters.count, characters[position] != quote, characters[position] != "\n" {
            if characters[position] == "\\", position + 1 < characters.count {
                position += 1
                switch characters[position] {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(characters[position])
                }
            } else {
                text.append(characters[position])
            }
            position += 1
        }
        position += 1
        return text
    }

    private mutating func template() -> [JSTemplatePart] {
        position += 1
        var parts: [JSTemplatePart] = []
        var text = ""
        while position < characters.count, characters[position] != "`" {
            if matches("${") {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                position += 2
                var depth = 1, source = ""
                while position < characters.count {
                    if characters[position] == "{" { depth += 1 }
                    if characters[position] == "}" { depth -= 1; if depth == 0 { break } }
                    source.append(characters[position])
                    position += 1
                }
                position += 1
                parts.append(.source(source))
            } else {
                if characters[position] == "\n" { line += 1 }
                text.append(characters[position])
                position += 1
            }
        }
        position += 1
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }
}

/// The statements of a piece of JavaScript, each with its line; a statement it cannot read
/// is `unreadable`, and reading goes on at the next `;` or line.
struct JSParser {
    private let tokens: [JSToken]
    private var position = 0
    /// How deep the expression being read is: past `depthLimit`, it is refused rather than
    /// overflow the stack (a pasted `((((…` reaches the server).
    private var depth = 0
    static let depthLimit = 200

    struct Failure: Error { let reason: String }

    init(_ text: String) {
        var lexer = JSLexer(text)
        tokens = lexer.tokens()
    }

    private var current: JSToken { tokens[position] }
    private func isPunctuation(_ mark: String) -> Bool { current.kind == .punctuation(mark) }
    private func isName(_ word: String) -> Bool { current.kind == .name(word) }

    private mutating func expect(_ mark: String) throws(Failure) {
        guard isPunctuation(mark) else { throw Failure(reason: "expected `\(mark)`") }
        position += 1
    }

    mutating func statements() -> [(line: Int, statement: JSStatement)] {
        var found: [(Int, JSStatement)] = []
        while current.kind != .end {
            if isPunctuation(";") { position += 1; continue }
            let line = current.line, start = position
            do throws(Failure) {
                found.append((line, try statement()))
                if isPunctuation(";") { position += 1 }
            } catch {
                found.append((line, .unreadable(error.reason, declaring: declared(at: start))))
                // On to the next statement: past a `;` or a line's end outside brackets (a
                // function's block is skipped whole).
                position = start
                var depth = 0
                repeat {
                    if isPunctuation("(") || isPunctuation("[") || isPunctuation("{") { depth += 1 }
                    if isPunctuation(")") || isPunctuation("]") || isPunctuation("}") { depth = max(0, depth - 1) }
                    position += 1
                } while current.kind != .end && (depth > 0 || (!isPunctuation(";") && current.line == tokens[position - 1].line))
            }
        }
        return found
    }

    /// The name a declaration at `start` declares (`const NAME =`), nil for another statement.
    private func declared(at start: Int) -> String? {
        guard start + 2 < tokens.count, [.name("const"), .name("let"), .name("var")].contains(tokens[start].kind),
              case .name(let name) = tokens[start + 1].kind, tokens[start + 2].kind == .punctuation("=") else { return nil }
        return name
    }

    /// Past a block's closing brace, the braces inside it counted.
    private mutating func skipBlock() throws(Failure) {
        try expect("{")
        var depth = 1
        while depth > 0 {
            guard current.kind != .end else { throw Failure(reason: "`}` missing") }
            if isPunctuation("{") { depth += 1 }
            if isPunctuation("}") { depth -= 1 }
            position += 1
        }
    }

    private mutating func statement() throws(Failure) -> JSStatement {
        if isName("function"), case .name(let name) = tokens[position + 1].kind {
            position += 2
            while !isPunctuation("{") {
                guard current.kind != .end else { throw Failure(reason: "a function without a body") }
                position += 1
            }
            try skipBlock()
            return .function(name)
        }
        if isName("import") {
            position += 1
            var names: [String] = []
            if isPunctuation("{") {
                position += 1
                while !isPunctuation("}") {
                    guard case .name(let name) = current.kind else { throw Failure(reason: "an import's names are not read") }
                    position += 1
                    if isName("as"), case .name(let alias) = tokens[position + 1].kind { names.append(alias); position += 2 } else { names.append(name) }
                    if isPunctuation(",") { position += 1 }
                }
                position += 1
            }
            guard isName("from"), case .string(let module) = tokens[position + 1].kind else { throw Failure(reason: "an import without `from`") }
            position += 2
            return .imports(names, from: module)
        }
        if isName("const") || isName("let") || isName("var") {
            position += 1
            if isPunctuation("[") {
                position += 1
                var names: [String] = []
                while case .name(let name) = current.kind {
                    names.append(name)
                    position += 1
                    if isPunctuation(",") { position += 1 }
                }
                try expect("]")
                try expect("=")
                return .destructuring(names: names, try expression())
            }
            guard case .name(let name) = current.kind else { throw Failure(reason: "a declaration without a simple name") }
            position += 1
            try expect("=")
            return .declaration(name: name, try expression())
        }
        if case .name(let word) = current.kind, ["function", "class", "if", "for", "while", "return", "async", "await", "new"].contains(word) {
            throw Failure(reason: "`\(word)` is not read")
        }
        return .expression(try expression())
    }

    mutating func expression() throws(Failure) -> JSExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw Failure(reason: "nested more than \(Self.depthLimit) deep") }
        let condition = try binary(0)
        guard isPunctuation("?") else { return condition }
        position += 1
        let then = try expression()
        try expect(":")
        return .conditional(condition, then, try expression())
    }

    private static let precedence: [String: Int] = [
        "||": 1, "??": 1, "&&": 2, "===": 3, "!==": 3, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4,
        "+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
    ]

    private mutating func binary(_ least: Int) throws(Failure) -> JSExpression {
        var left = try unary()
        // A chain (`1 + 1 + …`) is read in a loop but makes a tree as deep as it is long:
        // each link counts as a level, so what reads the tree later cannot overflow either.
        var links = 0
        while case .punctuation(let mark) = current.kind, let level = Self.precedence[mark], level > least {
            position += 1
            links += 1
            guard depth + links <= Self.depthLimit else { throw Failure(reason: "nested more than \(Self.depthLimit) deep") }
            left = .binary(mark, left, try binary(level))
        }
        return left
    }

    private mutating func unary() throws(Failure) -> JSExpression {
        if isPunctuation("!") || isPunctuation("-") {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.depthLimit else { throw Failure(reason: "nested more than \(Self.depthLimit) deep") }
            guard case .punctuation(let mark) = current.kind else { throw Failure(reason: "") }
            position += 1
            return .unary(mark, try unary())
        }
        return try postfix(try primary())
    }

    private mutating func postfix(_ base: JSExpression) throws(Failure) -> JSExpression {
        var expression = base
        var links = 0
        while true {
            links += 1
            guard depth + links <= Self.depthLimit else { throw Failure(reason: "nested more than \(Self.depthLimit) deep") }
            if isPunctuation("?."), tokens[position + 1].kind == .punctuation("[") {
                // `x?.[i]`: an index that may be absent.
                position += 2
                let index = try self.expression()
                try expect("]")
                expression = .index(expression, index)
            } else if isPunctuation(".") || isPunctuation("?.") {
                position += 1
                guard case .name(let name) = current.kind else { throw Failure(reason: "a `.` without a name after it") }
                position += 1
                expression = .member(expression, name)
            } else if isPunctuation("[") {
                position += 1
                let index = try self.expression()
                try expect("]")
                expression = .index(expression, index)
            } else if isPunctuation("(") {
                expression = .call(expression, try arguments(closing: ")"))
            } else {
                return expression
            }
        }
    }

    private mutating func arguments(closing: String) throws(Failure) -> [JSExpression] {
        position += 1
        var found: [JSExpression] = []
        while !isPunctuation(closing) {
            guard current.kind != .end else { throw Failure(reason: "`\(closing)` missing") }
            if isPunctuation("...") { throw Failure(reason: "a spread (`...`) is not read") }
            found.append(try expression())
            if isPunctuation(",") { position += 1 } else if !isPunctuation(closing) { throw Failure(reason: "expected `,` or `\(closing)`") }
        }
        position += 1
        return found
    }

    /// Whether `(` here opens an arrow function's parameters: names (or `[a, b]`, a list
    /// taken apart) up to `)` and `=>`.
    private func opensArrow() -> Bool {
        var at = position + 1
        while at < tokens.count {
            switch tokens[at].kind {
            case .name, .punctuation(","), .punctuation("["), .punctuation("]"), .punctuation("{"), .punctuation("}"), .punctuation("..."): at += 1
            case .punctuation(")"): return tokens[at + 1].kind == .punctuation("=>")
            default: return false
            }
        }
        return false
    }

    private mutating func primary() throws(Failure) -> JSExpression {
        let token = current
        switch token.kind {
        case .number(let number):
            position += 1
            return .number(number)
        case .string(let text):
            position += 1
            return .string(text)
        case .template(let parts):
            position += 1
            var pieces: [JSTemplatePiece] = []
            for part in parts {
                switch part {
                case .text(let text): pieces.append(.text(text))
                case .source(let source):
                    var inner = JSParser(source)
                    pieces.append(.expression(try inner.expression()))
                }
            }
            return .template(pieces)
        case .name("new"):
            position += 1
            guard case .name(let type) = current.kind else { throw Failure(reason: "`new` without a name") }
            position += 1
            return .construct(type, isPunctuation("(") ? try arguments(closing: ")") : [])
        case .name(let name):
            position += 1
            if isPunctuation("=>") {
                position += 1
                return .arrow([name], try arrowBody())
            }
            switch name {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: return .name(name)
            }
        case .punctuation("("):
            if opensArrow() {
                position += 1
                var names: [String] = []
                while true {
                    if case .name(let name) = current.kind {
                        names.append(name)
                        position += 1
                    } else if isPunctuation("[") {
                        // `([a, b]) =>`: each name is an item of the one parameter, `a#0`.
                        position += 1
                        var index = 0
                        while case .name(let name) = current.kind {
                            names.append("\(name)#\(index)")
                            index += 1
                            position += 1
                            if isPunctuation(",") { position += 1 }
                        }
                        try expect("]")
                    } else if isPunctuation("{") {
                        // `({ value, interval }) =>`: each name is a field of the one
                        // parameter, `value#.value`.
                        position += 1
                        while case .name(let name) = current.kind {
                            names.append("\(name)#.\(name)")
                            position += 1
                            if isPunctuation(",") { position += 1 }
                        }
                        try expect("}")
                    } else if isPunctuation("...") {
                        position += 1
                    } else {
                        break
                    }
                    if isPunctuation(",") { position += 1 }
                }
                try expect(")")
                try expect("=>")
                return .arrow(names, try arrowBody())
            }
            position += 1
            let inner = try expression()
            try expect(")")
            return inner
        case .punctuation("["):
            return .array(try arguments(closing: "]"))
        case .punctuation("{"):
            position += 1
            var fields: [(key: String, value: JSExpression)] = []
            while !isPunctuation("}") {
                let key: String
                switch current.kind {
                case .name(let name): key = name
                case .string(let text): key = text
                default: throw Failure(reason: "an object's key is not read")
                }
                position += 1
                if isPunctuation(":") {
                    position += 1
                    fields.append((key, try expression()))
                } else {
                    fields.append((key, .name(key)))
                }
                if isPunctuation(",") { position += 1 } else if !isPunctuation("}") { throw Failure(reason: "expected `,` or `}`") }
            }
            position += 1
            return .object(fields)
        default:
            throw Failure(reason: "`\(Self.text(of: token))` is not read here")
        }
    }

    /// An arrow function's body: one expression, or a block of `const`s and expression
    /// statements that ends in `return X;` (an object literal in braces is a value, `({…})`).
    private mutating func arrowBody() throws(Failure) -> JSExpression {
        guard isPunctuation("{") else { return try expression() }
        position += 1
        // `() => {}`: a function that does nothing (an observer's `error: () => {}`).
        if isPunctuation("}") {
            position += 1
            return .block([], .name("undefined"))
        }
        var statements: [JSStatement] = []
        while !isName("return") {
            guard current.kind != .end, !isPunctuation("}") else { throw Failure(reason: "an arrow function whose block returns nothing") }
            if isPunctuation(";") { position += 1; continue }
            if isName("const") || isName("let") || isName("var") {
                position += 1
                guard case .name(let name) = current.kind else { throw Failure(reason: "a declaration without a simple name") }
                position += 1
                try expect("=")
                statements.append(.declaration(name: name, try expression()))
            } else if case .name(let word) = current.kind, ["if", "for", "while", "throw", "function", "try", "switch"].contains(word) {
                throw Failure(reason: "an arrow function with `\(word)` in its block is not read (only `const`s, calls and `return`)")
            } else {
                statements.append(.expression(try expression()))
            }
        }
        position += 1
        let result = try expression()
        if isPunctuation(";") { position += 1 }
        try expect("}")
        return statements.isEmpty ? result : .block(statements, result)
    }

    private static func text(of token: JSToken) -> String {
        switch token.kind {
        case .name(let name): name
        case .number(let number): "\(number)"
        case .string(let text): "'\(text)'"
        case .template: "`…`"
        case .punctuation(let mark): mark
        case .end: "the end"
        }
    }
}

import Signals

public struct Token: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Any word: names, operator names and the words the parser treats as keywords
        /// where they fit (`let`, `then`, `not`, ...): `then` and `not` are also operators.
        case name(String)
        case number(Double)
        case duration(TimeSpan)
        case string(String)
        case pipe, comma, dot, colon, ampersand
        case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
        case assign        // =
        case update        // :=
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        case plus, minus, star, slash, percent
        case coalesce      // ??
        case newline
        case end
    }

    public var kind: Kind
    public var range: SourceRange
    /// Whether white space comes right before: `length(x)` is a call, `concat (p)` a stage
    /// with an argument.
    public var spaceBefore: Bool

    public var name: String? {
        if case .name(let name) = kind { return name }
        return nil
    }
}

extension Token.Kind {
    /// How the token reads in a message.
    var shown: String {
        switch self {
        case .name(let name): return "`\(name)`"
        case .number(let number): return "the number `\(Value.format(number))`"
        case .duration(let span): return "the duration `\(span)`"
        case .string: return "a string"
        case .pipe: return "`|`"
        case .comma: return "`,`"
        case .dot: return "`.`"
        case .colon: return "`:`"
        case .ampersand: return "`&`"
        case .leftParen: return "`(`"
        case .rightParen: return "`)`"
        case .leftBracket: return "`[`"
        case .rightBracket: return "`]`"
        case .leftBrace: return "`{`"
        case .rightBrace: return "`}`"
        case .assign: return "`=`"
        case .update: return "`:=`"
        case .equal: return "`==`"
        case .notEqual: return "`!=`"
        case .less: return "`<`"
        case .lessOrEqual: return "`<=`"
        case .greater: return "`>`"
        case .greaterOrEqual: return "`>=`"
        case .plus: return "`+`"
        case .minus: return "`-`"
        case .star: return "`*`"
        case .slash: return "`/`"
        case .percent: return "`%`"
        case .coalesce: return "`??`"
        case .newline: return "the end of the line"
        case .end: return "the end of the input"
        }
    }
}

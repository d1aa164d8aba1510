/// The words the language reserves where they fit. A word is lexed as a name (`then` and
/// `not` are operators too, `error` a name inside `catch`), and read as a keyword by the
/// parser and the checker through `Token.keyword`: they compare keywords, never strings, and
/// every reserved set (the statements' openers, the words an argument cannot start with,
/// the names a `let` cannot take) is derived from this one list.
public enum Keyword: String, CaseIterable, Sendable {
    case `let`, `var`, def, expect, service, `import`
    case and, or, not, matches, `if`, then, `else`, `true`, `false`, null, emits
    case it, acc, error
    case times, time

    /// What the word does.
    public enum Role: Sendable {
        /// Opens a statement (`let`, `expect`).
        case statement
        /// A word inside an expression (`and`, `if`, `true`) or after one (`emits`).
        case expression
        /// A value the checker gives a scope (`it`, `acc`, and `error` in `catch`).
        case scoped
        /// A word of one statement's own (`fails 2 times`).
        case statementWord
    }

    public var role: Role {
        switch self {
        case .let, .var, .def, .expect, .service, .import: .statement
        case .and, .or, .not, .matches, .if, .then, .else, .true, .false, .null, .emits: .expression
        case .it, .acc, .error: .scoped
        case .times, .time: .statementWord
        }
    }

    /// Whether it stands between or after operands, so it cannot begin an argument of a
    /// stage (`filter a and b`, `… emits "-a|"`).
    var isInfix: Bool { [.and, .or, .matches, .then, .else, .emits].contains(self) }

    /// The words that open statements.
    public static let statements = Set(allCases.filter { $0.role == .statement }.map(\.rawValue))
    /// The words of expressions: an operator's name among them (`not`) is that word where
    /// a value is read.
    static let expressionWords = Set(allCases.filter { $0.role == .expression }.map(\.rawValue))
}

extension Token {
    /// The keyword this word is, where it fits.
    public var keyword: Keyword? { name.flatMap(Keyword.init(rawValue:)) }
}

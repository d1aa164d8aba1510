import JSONText

/// JavaScript literals and names as the export writes them.
enum JavaScript {
    /// A string literal (JSON's, which JavaScript reads alike).
    static func string(_ text: String) -> String { JSONText.quoted(text) }

    /// A number literal: whole numbers without a fraction, as JavaScript prints them.
    static func number(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return JSON.numberText(number)
    }

    /// Milliseconds of a duration (RxJS's TestScheduler counts one frame a millisecond).
    static func number(_ milliseconds: Int64) -> String { String(milliseconds) }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" || first == "$" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" } && !reserved.contains(name)
    }

    /// A `let` name as a constant: `delete` would not do.
    static func identifier(_ name: String) -> String { isIdentifier(name) ? name : "$" + name }

    /// `.name`, or `["na me"]` for a name that is not an identifier.
    static func member(_ name: String) -> String { isIdentifier(name) ? "." + name : "[" + string(name) + "]" }

    /// A record's key: bare when it can be.
    static func key(_ name: String) -> String { isIdentifier(name) ? name : string(name) }

    private static let reserved: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "export",
        "extends", "finally", "for", "function", "if", "import", "in", "instanceof", "let", "new", "return", "super",
        "switch", "this", "throw", "try", "typeof", "var", "void", "while", "with", "yield", "await", "enum", "null",
        "true", "false", "eq", "add", "div", "rem", "matches", "fn", "raise", "logged", "expectMarble", "cold", "hot",
    ]
}

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

    /// Whether `name` is a JavaScript identifier as written: ID_Start then ID_Continue
    /// (ECMAScript's rule; Swift's `isLetter` took `Ⓐ`, a SyntaxError in JavaScript), and
    /// no word of the language or the prelude.
    static func isIdentifier(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, first.properties.isIDStart || first == "_" || first == "$" else { return false }
        return scalars.allSatisfy { $0.properties.isIDContinue || $0 == "$" } && !reserved.contains(name)
    }

    /// `$` and the name, each scalar that is not an identifier's written `$xHEX$`: frp's
    /// names hold no `$`, so no two names meet, and no name meets a plain one.
    private static func escaped(_ name: String) -> String {
        "$" + name.unicodeScalars.map { $0.properties.isIDContinue ? String($0) : "$x" + String($0.value, radix: 16) + "$" }.joined()
    }

    /// A `let` name as a constant (in a test's own scope): `delete` would not do.
    static func identifier(_ name: String) -> String { isIdentifier(name) ? name : escaped(name) }

    /// A definition's function, a constant of the file's own scope: nor would `pipe`.
    static func topLevelIdentifier(_ name: String) -> String { isIdentifier(name) && !isTaken(name) ? name : escaped(name) }

    /// `.name`, or `["na me"]` for a name that is not an identifier.
    static func member(_ name: String) -> String { isIdentifier(name) ? "." + name : "[" + string(name) + "]" }

    /// A record's key: bare when it can be; `["__proto__"]` computed, or the literal would
    /// set the object's prototype instead of a field.
    static func key(_ name: String) -> String {
        if name == "__proto__" { return "[" + string(name) + "]" }
        return isIdentifier(name) ? name : string(name)
    }

    /// What every JavaScript object has from `Object.prototype`: a record lacks them.
    static let inherited: Set<String> = [
        "__proto__", "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString",
        "toString", "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
    ]

    private static let reserved: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "export",
        "extends", "finally", "for", "function", "if", "import", "in", "instanceof", "let", "new", "return", "super",
        "switch", "this", "throw", "try", "typeof", "var", "void", "while", "with", "yield", "await", "enum", "null",
        "true", "false", "eq", "add", "div", "rem", "matches", "fn", "raise", "logged", "expectMarble", "cold", "hot",
    ]

    /// The prelude's other top-level names, and what the file takes from Node: a field may
    /// be called so (`it.message`), a constant may not.
    private static let topLevel: Set<String> = [
        "deepEqual", "own", "text", "setIn", "passed", "failed", "message", "sameEvents", "shown", "showRun", "replies", "service",
        "actionOf", "require", "TestScheduler", "process", "console",
    ]

    /// Whether a constant of this name would clash with the file's own (a definition is a
    /// top-level constant): the prelude's names and every name a spelling may import
    /// from rxjs (`pipe`, `map`, ...).
    static func isTaken(_ name: String) -> Bool {
        reserved.contains(name) || topLevel.contains(name) || RxJSExport.rxjsExports.contains(name)
    }
}

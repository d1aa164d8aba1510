/// A diagnostic explained at length (`frp explain FRP0302`, docs/diagnostics.md): what it
/// means, a script that raises it, and the same script fixed. The tests run both: the wrong
/// one must raise exactly this code, the right one must check and run clean.
public struct LongForm: Sendable {
    public let meaning: String
    /// A script that raises it (`frp explain` shows it with the diagnostic it gets).
    public let wrong: String
    /// The script fixed.
    public let right: String
    /// How the wrong script is read, when not as a file's text.
    public let reading: Reading

    public enum Reading: Sendable {
        /// As a file's text, with `import` reading files beside it.
        case script
        /// As input that cannot import (the playground, a lesson's answer).
        case withoutFiles
        /// As a file's text, beside a library it imports (`name`, holding `text`).
        case library(name: String, text: String)
        /// As a file of these bytes (not UTF-8, too large): `wrong` describes them.
        case bytes(@Sendable () -> [UInt8])
    }

    init(_ meaning: String, wrong: String, right: String, reading: Reading = .script) {
        self.meaning = meaning
        self.wrong = wrong
        self.right = right
        self.reading = reading
    }
}

extension DiagnosticCode {
    /// Its long form; every code has one (a test says which do not).
    public var longForm: LongForm? { Self.readingLongForms[self] ?? Self.checkingLongForms[self] }
}

import JSONText
import Signals

/// A value of the language: what flows through a pipeline.
///
/// Numbers are one kind (as in JSON and JavaScript): `1 == 1.0`, and a number prints as an
/// integer when it is integral. Equality is deep, and records compare by their fields
/// whatever the order.
public enum Value: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case bytes(Bytes)
    case list([Value])
    case record(Record)
    /// A length of time (`200ms`, `it * 2ms`), for a duration argument computed from values.
    case duration(TimeSpan)
    /// A signal as a value: what `map (PIPELINE)` makes, for `switchToLatest` and friends.
    case signal(SignalValue)
}

/// A signal held in a value.
///
/// @unchecked Sendable: a signal (and so a value holding one) is made and used only on
/// the thread that owns its run's scheduler; values cross threads only as decoded JSON
/// (service replies), which never holds a signal.
public final class SignalValue: @unchecked Sendable, Hashable {
    public let signal: Signal<Value>
    /// A group's key (`groupBy`), read as the field `key` (RxJS's `group$.key`).
    public let key: Value?
    public init(_ signal: Signal<Value>, key: Value? = nil) {
        self.signal = signal
        self.key = key
    }
    public static func == (a: SignalValue, b: SignalValue) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Downloaded image data: its size and a digest are what a person looks at.
public struct Bytes: Hashable, Sendable {
    public var storage: [UInt8]
    public init(_ storage: [UInt8]) { self.storage = storage }
    public var count: Int { storage.count }
}

/// Fields in the order they were written (so printing is stable); lookup by name.
public struct Record: Sendable {
    public private(set) var fields: [(name: String, value: Value)]

    public init(_ fields: [(name: String, value: Value)] = []) {
        self.fields = []
        for field in fields { self[field.name] = field.value }
    }

    public subscript(name: String) -> Value? {
        get { fields.first { $0.name == name }?.value }
        set {
            if let index = fields.firstIndex(where: { $0.name == name }) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    public var names: [String] { fields.map(\.name) }
}

extension Record: Hashable {
    public static func == (a: Record, b: Record) -> Bool {
        guard a.fields.count == b.fields.count else { return false }
        return a.fields.allSatisfy { field in b[field.name] == field.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, to agree with ==.
        var combined = 0
        for field in fields {
            var fieldHasher = Hasher()
            fieldHasher.combine(field.name)
            fieldHasher.combine(field.value)
            combined ^= fieldHasher.finalize()
        }
        hasher.combine(combined)
    }
}

extension Value: Hashable {
    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.bytes(x), .bytes(y)): return x == y
        case let (.list(x), .list(y)): return x == y
        case let (.record(x), .record(y)): return x == y
        case let (.signal(x), .signal(y)): return x == y
        case let (.duration(x), .duration(y)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        // 0.0 and -0.0 are equal, so they must hash alike.
        case .number(let value): hasher.combine(value == 0 ? 0 : value)
        case .string(let value): hasher.combine(value)
        case .bytes(let value): hasher.combine(value)
        case .list(let value): hasher.combine(value)
        case .record(let value): hasher.combine(value)
        case .signal(let value): hasher.combine(value)
        case .duration(let value): hasher.combine(value)
        }
    }
}

extension Value {
    /// The kind's name, for messages: "a number", "a string".
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .bytes: return "bytes"
        case .list: return "a list"
        case .record: return "a record"
        case .signal: return "a signal"
        case .duration: return "a duration"
        }
    }

    public var isTruthy: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}

// MARK: Printing

extension Value: CustomStringConvertible {
    /// The value as the language would write it: `42`, `1.5`, `"cats"`, `[1, 2]`,
    /// `{name: "x", n: 1}`; bytes as `<1234 bytes>`.
    public var description: String { description(upTo: .max).text }

    /// The description cut at `limit` characters, and whether it is whole. Only what is
    /// shown is written: a list of a million items, or one that holds the same list many
    /// times over, costs no more than its first `limit` characters.
    public func description(upTo limit: Int) -> (text: String, complete: Bool) {
        var writer = DescriptionWriter(limit: limit)
        writer.write(self)
        return (writer.text, !writer.truncated)
    }

    /// Integral numbers print without a decimal point (up to 2^53, where doubles stop being
    /// exact integers); others in the shortest form that reads back the same.
    public static func format(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-infinity" : "infinity" }
        // Whole numbers print as integers (as JavaScript does up to 1e21): 2^53 printed
        // `9007199254740992.0` and 1e16 `1e+16`.
        if number == number.rounded(), abs(number) < 9.2e18 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    /// A text as the language writes it: the escapes it reads (`\"`, `\\`, `\n`, `\t`),
    /// and every other control character as `\u{1b}`, so that a value from a server
    /// (ESC, BEL, a lone CR) is shown, never acted on by the terminal.
    static func quote(_ text: String) -> String {
        // Most texts need no escape: written whole, not a scalar at a time.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) {
            return "\"" + text + "\""
        }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if JSONText.isControl(scalar) {
                    quoted += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// Whether a record key reads back unquoted, as the parser takes it: a name
    /// (`rating`, `日本`) or a whole number (`1`). Others print quoted (`"a b"`).
    static func isPlainKey(_ key: String) -> Bool {
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.first else { return false }
        if ("0"..."9").contains(first) {
            return scalars.allSatisfy { ("0"..."9").contains($0) } && (scalars.count == 1 || first != "0")
        }
        return scalars.allSatisfy { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }
    }
}

/// Writes a value as the language would, until `limit` characters are written.
private struct DescriptionWriter {
    let limit: Int
    var text = ""
    var written = 0
    var truncated = false

    mutating func write(_ value: Value) {
        guard !truncated else { return }
        switch value {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .number(let value): append(Value.format(value))
        case .duration(let span): append(span.description)
        case .string(let value):
            // Quote only what can be shown (quoting adds characters, never removes them).
            let shown = value.prefix(limit - written)
            append(Value.quote(String(shown)))
            if shown.endIndex != value.endIndex { truncated = true }
        case .bytes(let value): append("<\(value.count) bytes>")
        case .list(let values):
            append("[")
            for (index, element) in values.enumerated() {
                if index > 0 { append(", ") }
                write(element)
                if truncated { return }
            }
            append("]")
        case .record(let record):
            append("{")
            for (index, field) in record.fields.enumerated() {
                if index > 0 { append(", ") }
                append(Value.isPlainKey(field.name) ? field.name : Value.quote(field.name))
                append(": ")
                write(field.value)
                if truncated { return }
            }
            append("}")
        case .signal(let signal):
            guard let key = signal.key else { return append("<signal>") }
            append("<group ")
            write(key)
            append(">")
        }
    }

    private mutating func append(_ piece: String) {
        guard !truncated else { return }
        let shown = piece.prefix(limit - written)
        text += shown
        written += shown.count
        if shown.endIndex != piece.endIndex { truncated = true }
    }
}


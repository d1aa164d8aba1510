import JSONText

/// JSON to values: how service replies (in-process or over HTTP) become what flows
/// through a pipeline, read by the one JSON reader (`JSONText`) with no document in
/// between. Objects keep their field order; numbers are one kind.
extension Value {
    /// Deeper nesting is refused, not a stack overflow.
    public static var jsonDepthLimit: Int { JSONReader<ValueBuilder>.depthLimit }

    public init(json text: String) throws(JSONError) {
        try self.init(json: Array(text.utf8))
    }

    public init(json bytes: [UInt8]) throws(JSONError) {
        var reader = JSONReader(bytes: bytes, building: ValueBuilder(), itemLimit: Limits.listItems)
        self = try reader.document()
    }

    /// The value as JSON text: numbers as numbers, records as objects (in field order);
    /// bytes as `{"bytes": N}`, a signal as the string "<signal>".
    public var json: String { jsonDocument.text }

    /// The value as a JSON document (`json`'s text, or part of a larger document).
    public var jsonDocument: JSON {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let text): .string(text)
        case .bytes(let bytes): .object(["bytes": .number(bytes.count)])
        case .list(let values): .array(values.map(\.jsonDocument))
        case .record(let record): .object(record.fields.map { JSON.Field($0.name, $0.value.jsonDocument) })
        case .signal, .duration: .string(description)
        }
    }

    /// A JSON string literal, escaping what JSON requires.
    public static func jsonString(_ text: String) -> String { JSONText.quoted(text) }
}

/// Builds values as the reader reads: a record keeps the fields' order, and a name
/// written twice keeps its last value.
public struct ValueBuilder: JSONBuilder {
    public func null() -> Value { .null }
    public func bool(_ value: Bool) -> Value { .bool(value) }
    public func number(_ value: Double) -> Value { .number(value) }
    public func string(_ text: String) -> Value { .string(text) }
    public func array(_ items: [Value]) -> Value { .list(items) }
    public func object(_ fields: [(name: String, value: Value)]) -> Value {
        var record = Record()
        for field in fields { record[field.name] = field.value }
        return .record(record)
    }
}

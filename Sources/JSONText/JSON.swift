/// A JSON document: what frp writes (the services' replies, the playground's and the
/// server's answers, `--events`) and reads (replies, as `JSON` or straight into another
/// model through `JSONBuilder`). The one model of JSON in frp: its text is written by
/// `text` and read by `JSONReader`, both in this module.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    /// Fields in the order written; a name written twice keeps both (as the text did).
    case object([Field])

    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: JSON
        public init(_ name: String, _ value: JSON) {
            self.name = name
            self.value = value
        }
    }

    /// `["id": .number(1), …]`-style building without the `Field` noise, in the order given.
    public static func object(_ fields: KeyValuePairs<String, JSON>) -> JSON {
        .object(fields.map { Field($0.key, $0.value) })
    }

    /// A whole number, from the counts frp writes.
    public static func number(_ count: Int) -> JSON { .number(Double(count)) }

    /// The value of the first field called `name`, when this is an object that has one.
    public subscript(name: String) -> JSON? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.name == name }?.value
    }

    /// The text of a string, nil for anything else.
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The document as compact JSON text.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// The text as UTF-8 bytes (a reply's body).
    public var bytes: [UInt8] { Array(text.utf8) }

    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += JSON.numberText(value)
        case .string(let text): out += JSONText.quoted(text)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { out += "," }
                out += JSONText.quoted(field.name)
                out += ":"
                field.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// A number as JSON writes it: whole numbers as integers (as JavaScript prints them up
    /// to 2^63), others in Swift's shortest form that reads back the same; infinities and
    /// NaN, which JSON cannot write, as `null`.
    public static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 9.2e18 { return String(Int64(number)) }
        return "\(number)"
    }

    /// The document in `bytes`, or the first thing wrong with it and where.
    public init(parsing bytes: [UInt8]) throws(JSONError) {
        var reader = JSONReader(bytes: bytes, building: DocumentBuilder())
        self = try reader.document()
    }

    public init(parsing text: String) throws(JSONError) {
        try self.init(parsing: Array(text.utf8))
    }

    private struct DocumentBuilder: JSONBuilder {
        func null() -> JSON { .null }
        func bool(_ value: Bool) -> JSON { .bool(value) }
        func number(_ value: Double) -> JSON { .number(value) }
        func string(_ text: String) -> JSON { .string(text) }
        func array(_ items: [JSON]) -> JSON { .array(items) }
        func object(_ fields: [(name: String, value: JSON)]) -> JSON { .object(fields.map { Field($0.name, $0.value) }) }
    }
}

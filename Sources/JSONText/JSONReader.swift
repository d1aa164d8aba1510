/// What is wrong with a JSON text, and where.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// Byte offset of the problem.
    public var offset: Int

    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}

/// What a `JSONReader` builds from each value it reads: a `JSON` document, or another
/// model directly (the language's values), without a document in between.
public protocol JSONBuilder {
    associatedtype Built
    func null() -> Built
    func bool(_ value: Bool) -> Built
    func number(_ value: Double) -> Built
    func string(_ text: String) -> Built
    func array(_ items: [Built]) -> Built
    /// Fields in the order written.
    func object(_ fields: [(name: String, value: Built)]) -> Built
}

/// Reads one JSON text (RFC 8259) into what `builder` makes of it. Nesting deeper than
/// `depthLimit` is refused, not a stack overflow; every error names its byte offset.
public struct JSONReader<Builder: JSONBuilder> {
    /// Deeper nesting is refused.
    public static var depthLimit: Int { 512 }

    private let bytes: [UInt8]
    private let builder: Builder
    private var offset = 0
    /// The most items (array elements and object fields, at every depth) the document may
    /// hold: a reply of 16 MB is 8 million `0,`s, a list far past what a value may hold.
    private let itemLimit: Int
    private var items = 0

    public init(bytes: [UInt8], building builder: Builder, itemLimit: Int = .max) {
        self.bytes = bytes
        self.builder = builder
        self.itemLimit = itemLimit
    }

    /// One more item read; past the limit, the reading fails.
    private mutating func count() throws(JSONError) {
        items += 1
        guard items <= itemLimit else { throw failure("more than \(itemLimit) items") }
    }

    /// The one value of the text, with nothing but spaces around it.
    public mutating func document() throws(JSONError) -> Builder.Built {
        skipSpace()
        let built = try value(depth: 0)
        skipSpace()
        guard offset == bytes.count else { throw failure("extra text after the value") }
        return built
    }

    private func failure(_ message: String) -> JSONError { JSONError(message: message, offset: offset) }

    private mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    private mutating func value(depth: Int) throws(JSONError) -> Builder.Built {
        guard depth < Self.depthLimit else { throw failure("nested more than \(Self.depthLimit) levels") }
        guard offset < bytes.count else { throw failure("the text ended where a value should be") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return builder.string(try string())
        case UInt8(ascii: "t"): return try literal("true", builder.bool(true))
        case UInt8(ascii: "f"): return try literal("false", builder.bool(false))
        case UInt8(ascii: "n"): return try literal("null", builder.null())
        default: return try number()
        }
    }

    private mutating func literal(_ word: String, _ built: Builder.Built) throws(JSONError) -> Builder.Built {
        let expected = Array(word.utf8)
        guard offset + expected.count <= bytes.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw failure("expected `\(word)`")
        }
        offset += expected.count
        return built
    }

    private mutating func object(depth: Int) throws(JSONError) -> Builder.Built {
        offset += 1
        var fields: [(name: String, value: Builder.Built)] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return builder.object(fields)
        }
        while true {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure("expected a field name") }
            let name = try string()
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure("expected `:`") }
            offset += 1
            skipSpace()
            try count()
            fields.append((name, try value(depth: depth + 1)))
            skipSpace()
            guard offset < bytes.count else { throw failure("the object is not closed") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "}") else { throw failure("expected `,` or `}`") }
            offset += 1
            return builder.object(fields)
        }
    }

    private mutating func array(depth: Int) throws(JSONError) -> Builder.Built {
        offset += 1
        var items: [Builder.Built] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return builder.array(items)
        }
        while true {
            skipSpace()
            try count()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard offset < bytes.count else { throw failure("the array is not closed") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "]") else { throw failure("expected `,` or `]`") }
            offset += 1
            return builder.array(items)
        }
    }

    private mutating func string() throws(JSONError) -> String {
        do throws(JSONText.Failure) {
            return try JSONText.string(in: bytes, at: &offset)
        } catch {
            throw JSONError(message: error.message, offset: error.offset)
        }
    }

    private mutating func number() throws(JSONError) -> Builder.Built {
        let start = offset
        while offset < bytes.count, "+-0123456789.eE".utf8.contains(bytes[offset]) { offset += 1 }
        guard offset > start, let number = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
            offset = start
            throw failure("expected a value")
        }
        return builder.number(number)
    }
}

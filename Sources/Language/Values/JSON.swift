import JSONText

/// JSON to values: how service replies (in-process or over HTTP) become what flows
/// through a pipeline. Objects keep their field order; numbers are one kind.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// Byte offset of the problem.
    public var offset: Int

    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}

extension Value {
    /// Deeper nesting is refused, not a stack overflow.
    public static let jsonDepthLimit = 512

    public init(json text: String) throws(JSONError) {
        try self.init(json: Array(text.utf8))
    }

    public init(json bytes: [UInt8]) throws(JSONError) {
        var reader = JSONReader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.offset == bytes.count else { throw reader.failure("extra text after the value") }
        self = value
    }
}

struct JSONReader {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func failure(_ message: String) -> JSONError { JSONError(message: message, offset: offset) }

    mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> Value {
        guard depth < Value.jsonDepthLimit else { throw failure("nested more than \(Value.jsonDepthLimit) levels") }
        guard offset < bytes.count else { throw failure("the text ended where a value should be") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func literal(_ word: String, _ value: Value) throws(JSONError) -> Value {
        let expected = Array(word.utf8)
        guard offset + expected.count <= bytes.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw failure("expected `\(word)`")
        }
        offset += expected.count
        return value
    }

    private mutating func object(depth: Int) throws(JSONError) -> Value {
        offset += 1
        var record = Record()
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .record(record)
        }
        while true {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure("expected a field name") }
            let name = try string()
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure("expected `:`") }
            offset += 1
            skipSpace()
            record[name] = try value(depth: depth + 1)
            skipSpace()
            guard offset < bytes.count else { throw failure("the object is not closed") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "}") else { throw failure("expected `,` or `}`") }
            offset += 1
            return .record(record)
        }
    }

    private mutating func array(depth: Int) throws(JSONError) -> Value {
        offset += 1
        var values: [Value] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .list(values)
        }
        while true {
            skipSpace()
            values.append(try value(depth: depth + 1))
            skipSpace()
            guard offset < bytes.count else { throw failure("the array is not closed") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "]") else { throw failure("expected `,` or `]`") }
            offset += 1
            return .list(values)
        }
    }

    private mutating func string() throws(JSONError) -> String {
        do throws(JSONText.Failure) {
            return try JSONText.string(in: bytes, at: &offset)
        } catch {
            throw JSONError(message: error.message, offset: error.offset)
        }
    }

    private mutating func number() throws(JSONError) -> Value {
        let start = offset
        while offset < bytes.count, "+-0123456789.eE".utf8.contains(bytes[offset]) { offset += 1 }
        guard offset > start, let number = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
            offset = start
            throw failure("expected a value")
        }
        return .number(number)
    }
}

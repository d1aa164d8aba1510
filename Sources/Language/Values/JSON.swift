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
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                offset += 1
                guard offset < bytes.count else { break }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    // A surrogate pair makes one scalar.
                    if (0xD800...0xDBFF).contains(code), offset + 1 < bytes.count,
                       bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                        offset += 2
                        let low = try hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    throw failure("unknown escape")
                }
            case 0x00..<0x20:
                throw failure("a control character inside a string")
            default:
                run.append(byte)
                offset += 1
            }
        }
        throw failure("the string is not closed")
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexValue(bytes[offset]) else { throw failure("a \\u escape needs four hex digits") }
            code = code * 16 + digit
            offset += 1
        }
        return code
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
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

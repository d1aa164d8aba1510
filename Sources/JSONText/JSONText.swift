/// JSON string literals, written and read in one place (`JSON` writes and `JSONReader`
/// reads with them). The module is frp's one JSON: the services write their replies with
/// it, the language reads replies into values and writes `--events`, the server and the
/// playground answer in it. A module of its own because neither Services nor Language may
/// import the other.
public enum JSONText {
    /// A JSON string literal, escaping what JSON requires.
    public static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// What is wrong with a string literal, at `offset` in the bytes.
    public struct Failure: Error {
        public var message: String
        public var offset: Int
    }

    /// The string literal whose opening quote is at `offset`, unescaped (`\uXXXX` with
    /// surrogate pairs); `offset` ends just past its closing quote.
    public static func string(in bytes: [UInt8], at offset: inout Int) throws(Failure) -> String {
        func failure(_ message: String) -> Failure { Failure(message: message, offset: offset) }
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
        }
        func hex4() throws(Failure) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
            var code: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = hexValue(bytes[offset]) else { throw failure("a \\u escape needs four hex digits") }
                code = code * 16 + digit
                offset += 1
            }
            return code
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

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

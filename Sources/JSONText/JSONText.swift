/// JSON string literals, written and read in one place (`JSON` writes and `JSONReader`
/// reads with them). The module is frp's one JSON: the services write their replies with
/// it, the language reads replies into values and writes `--events`, the server and the
/// playground answer in it. A module of its own because neither Services nor Language may
/// import the other.
public enum JSONText {
    /// A JSON string literal, escaping what JSON requires.
    public static func quoted(_ text: String) -> String {
        // Most texts need no escape: written whole, not a scalar at a time.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + text + "\"" }
        // Escapes are ASCII, so the UTF-8 bytes are copied as they are and only those
        // escaped (a scalar at a time was slow for a reply's megabytes of output).
        var quoted: [UInt8] = [0x22]
        let utf8 = Array(text.utf8)
        quoted.reserveCapacity(utf8.count + 16)
        let hex = Array("0123456789abcdef".utf8)
        // The runs between escapes are copied whole.
        var start = 0
        utf8.withUnsafeBufferPointer { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                quoted.append(contentsOf: bytes[start..<index])
                start = index + 1
                switch byte {
                case 0x22, 0x5C: quoted += [0x5C, byte]
                case 0x0A: quoted += [0x5C, UInt8(ascii: "n")]
                case 0x0D: quoted += [0x5C, UInt8(ascii: "r")]
                case 0x09: quoted += [0x5C, UInt8(ascii: "t")]
                default: quoted += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                }
            }
            quoted.append(contentsOf: bytes[start...])
        }
        quoted.append(0x22)
        return String(decoding: quoted, as: UTF8.self)
    }

    /// The C0 and C1 controls and DEL: what a terminal may act on (ESC, BEL, CSI, a lone CR).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// A text from outside (a server's error message) made safe to print: each control
    /// character written `\u{1b}`, shown and never acted on.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { shown += "\\u{" + String(scalar.value, radix: 16) + "}" } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
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

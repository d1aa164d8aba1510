/// Text made safe to stand in XML, SVG and HTML, as an element's text or a quoted
/// attribute's value: the one escaper every writer of markup uses.
///
/// It works on Unicode scalars, never on `Character`s: a grapheme cluster may join a markup
/// character to its neighbour (U+0600 before `<`, U+0301 after `>`), and a cluster that
/// contains `<` is not equal to `"<"`, so escaping by `Character` let `"؀<img …>"` through
/// whole. Scalars XML 1.0 does not allow at all (controls other than tab, newline and
/// carriage return; U+FFFE and U+FFFF) become U+FFFD, so the document stays well-formed.
public enum Markup {
    public static func escaped(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "'": result.append(contentsOf: "&#39;".unicodeScalars)
            default: result.append(allowedInXML(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return String(result)
    }

    /// XML 1.0's `Char`: tab, newline, carriage return, and U+0020 up, less U+FFFE and U+FFFF
    /// (Swift's scalars are never surrogates).
    public static func allowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0..<0x20, 0xFFFE, 0xFFFF: return false
        default: return true
        }
    }
}

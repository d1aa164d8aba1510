/// How each service's request looks over HTTP, shaped like the 500px and Flickr APIs:
///
///     popular          GET  /v1/photos?feature=popular&rpp=100&page=1&exclude=Nude
///     photo 123        GET  /v1/photos/123
///     download URL     GET  /images/123/3.png            (the URL's own path on the site)
///     search "cats"    GET  /services/rest/?method=flickr.photos.search&text=cats&...
///     login U, P       POST /v1/login                    (form: username, password)
///     profile          GET  /v1/users/me                 (Authorization: Bearer TOKEN)
///
/// The client builds requests from it and the server routes by it, so the two cannot
/// disagree. Pure text: no HTTP library here.
public struct Route: Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    /// Where an argument of the language's call goes.
    public enum Place: Sendable, Equatable {
        /// A path segment, written `:name` in `path`.
        case path(String)
        case query(String)
        /// A field of a form-encoded body (POST).
        case form(String)
        /// The argument is a URL: one on the photo site is fetched at its own path (images
        /// live under their URLs); any other text goes to `path?url=…`, where the server
        /// says what is wrong with it.
        case resource
    }

    public let method: Method
    /// Hummingbird's spelling: `/v1/photos/:id`.
    public let path: String
    /// Query items every request carries; they also tell apart services that share a path
    /// (Flickr's `method`).
    public let fixed: [(name: String, value: String)]
    /// Where each argument goes, in the order of the service's parameters.
    public let places: [Place]

    public init(_ method: Method, _ path: String, fixed: [(name: String, value: String)] = [], places: [Place] = []) {
        self.method = method
        self.path = path
        self.fixed = fixed
        self.places = places
    }

    /// Folders of the photo site that hold images (`http://photos.invalid/images/…`).
    public static let imageFolders = ["images", "avatars", "flickr"]

    /// What the client sends for these arguments (text, in the service's parameter order).
    public func target(for arguments: [String]) -> (method: Method, pathAndQuery: String, form: String?) {
        var path = self.path
        var query = fixed.map { ($0.name, $0.value) }
        var form: [(String, String)] = []
        for (index, place) in places.enumerated() {
            let argument = index < arguments.count ? arguments[index] : ""
            switch place {
            case .path(let name):
                path = path.replacingSegment(":" + name, with: FormEncoding.escape(argument))
            case .query(let name):
                query.append((name, argument))
            case .form(let name):
                form.append((name, argument))
            case .resource:
                if let sitePath = Route.sitePath(of: argument) {
                    path = sitePath
                } else {
                    query.append(("url", argument))
                }
            }
        }
        let queryText = query.isEmpty ? "" : "?" + FormEncoding.encode(query)
        return (method, path + queryText, method == .post ? FormEncoding.encode(form) : nil)
    }

    /// The path of a URL on the photo site, when it is a plain one under an image folder.
    public static func sitePath(of url: String) -> String? {
        let base = PhotoCatalog.imageBase
        guard url.hasPrefix(base + "/") else { return nil }
        let path = String(url.dropFirst(base.count))
        let plain = path.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        guard plain, !path.contains("//"), !path.contains("/."),
              let folder = path.split(separator: "/").first, imageFolders.contains(String(folder)) else { return nil }
        return path
    }
}

extension String {
    /// `/v1/photos/:id` with `:id` → `/v1/photos/123` (whole segments only).
    fileprivate func replacingSegment(_ segment: String, with value: String) -> String {
        split(separator: "/", omittingEmptySubsequences: false)
            .map { $0 == segment ? value : String($0) }
            .joined(separator: "/")
    }
}

/// `application/x-www-form-urlencoded`, for queries and login's body. Spaces are `%20`
/// (never `+`), so a query and a form decode alike.
public enum FormEncoding {
    public static func encode(_ items: [(String, String)]) -> String {
        items.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    /// Every byte but the unreserved ones (RFC 3986) as `%XX`.
    public static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return out
    }

    /// `a=1&b=x%20y` → [("a", "1"), ("b", "x y")]; nil when an escape is malformed or the
    /// text is not UTF-8.
    public static func decode(_ text: String) -> [(String, String)]? {
        var items: [(String, String)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = unescape(String(parts[0])),
                  let value = parts.count > 1 ? unescape(String(parts[1])) : "" else { return nil }
            items.append((name, value))
        }
        return items
    }

    /// `x%20y` or `x+y` → `x y`; nil for a malformed escape or bytes that are not UTF-8.
    public static func unescape(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard input.count >= 2, let high = hexValue(input.removeFirst()), let low = hexValue(input.removeFirst()) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

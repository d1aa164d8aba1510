import HTTPTypes
import JSONText
import Services
import Hummingbird
import Synchronization

/// What every request passes first. The server listens on loopback, but a browser will
/// send it requests from any page the user opens: a page elsewhere could post scripts to
/// `/run` (a `text/plain` POST needs no preflight), and a DNS-rebinding page (its own
/// name, resolved to 127.0.0.1) could read the replies. So a request must name this server
/// in its `Host`, a browser's non-navigating request must not come from another site, and
/// anything but GET and HEAD must come from the server's own page when it says where it
/// comes from (`Origin`; command-line clients send none). Every reply, refusals too, carries
/// headers that keep a browser from sniffing, framing, or running anything not served here.
struct RequestGuard: RouterMiddleware {
    typealias Context = PhotoRequestContext
    /// Host names the server answers to; nil when it listens on every address.
    let hosts: Set<String>?
    /// The port it listens on, once bound (port 0 picks one).
    let port: BoundPort
    let stats: ServerStats

    init(host: String, port: BoundPort, stats: ServerStats) {
        self.hosts = ["0.0.0.0", "::", "[::]"].contains(host) ? nil : [host.lowercased(), "127.0.0.1", "localhost", "[::1]"]
        self.port = port
        self.stats = stats
    }

    static let headers: [(HTTPField.Name, String)] = [
        (HTTPField.Name("Content-Security-Policy")!,
         "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"),
        (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
        (HTTPField.Name("Referrer-Policy")!, "no-referrer"),
        (HTTPField.Name("X-Frame-Options")!, "DENY"),
        (HTTPField.Name("Cross-Origin-Resource-Policy")!, "same-origin"),
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        stats.countRequest()
        var response: Response
        if let refusal = refusal(of: request) {
            stats.reject()
            response = refusal.response
        } else {
            response = try await next(request, context)
        }
        for (name, value) in Self.headers { response.headers[name] = value }
        if response.headers[.contentType] == "application/json" { response.headers[.contentType] = "application/json; charset=utf-8" }
        return response
    }

    func refusal(of request: Request) -> Rejection? {
        // HTTP/1.0 may name no host; a browser always does, a rebinding page too.
        if let hosts, let authority = request.head.authority {
            let host = Self.hostName(authority)
            guard hosts.contains(host) else {
                return Rejection(403, "this server answers to \(hosts.sorted().joined(separator: ", ")), not to the name \(Self.quoted(host))")
            }
        }
        let navigating = request.headers[Self.fetchMode] == "navigate"
        if request.headers[Self.fetchSite] == "cross-site", !navigating {
            return Rejection(403, "requests from other sites are refused")
        }
        if request.method != .get, request.method != .head, let origin = request.headers[.origin], !isOwn(origin) {
            return Rejection(403, "this server takes requests only from its own page, not from \(Self.quoted(origin))")
        }
        return nil
    }

    /// Whether `origin` is this server: `http://127.0.0.1:PORT` (or another of its names).
    private func isOwn(_ origin: String) -> Bool {
        guard origin.hasPrefix("http://") else { return false }
        let authority = origin.dropFirst("http://".count)
        guard !authority.contains("/") else { return false }
        let name = Self.hostName(String(authority))
        guard hosts?.contains(name) ?? true else { return false }
        guard let bound = port.value else { return true }
        return authority.hasSuffix(":\(bound)")
    }

    /// `localhost:8080` → `localhost`; `[::1]:8080` → `[::1]`; lowercased.
    static func hostName(_ authority: String) -> String {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") { return String(lowered[...close]) }
        return String(lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    private static func quoted(_ text: String) -> String { JSONText.quoted(String(text.prefix(80))) }

    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let fetchMode = HTTPField.Name("Sec-Fetch-Mode")!
}

/// The port a server listens on, known once it is bound.
final class BoundPort: Sendable {
    private let port = Mutex<Int?>(nil)
    var value: Int? { port.withLock { $0 } }
    func set(_ value: Int?) { port.withLock { $0 = value } }
}

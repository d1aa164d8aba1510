import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import JSONText
import Services
import Synchronization

/// `frp serve`: the photo site over HTTP, on 127.0.0.1, shaped like the 500px and Flickr
/// APIs (the routes are `PhotoService.route`, which the client builds its requests from). It
/// answers with `PhotoSite`, the same implementation the in-process transport calls.
///
/// A request that carries `X-Speed` (a live run) is answered after the service's latency
/// at that speed, as the run sees it; if the client goes away first (a disposed download),
/// the request is aborted and counted. `GET /v1/stats` shows the counts.
public struct PhotoServer: Sendable {
    public let site: PhotoSite
    public let stats = ServerStats()
    /// The port, once bound (the page's own `Origin` names it).
    let bound = BoundPort()
    public let host: String
    public let port: Int
    let logger: Logger

    /// How long a connection may send nothing while its request is unfinished, or while no
    /// request is in progress: a client that sends half its headers and stops is closed,
    /// not kept open for ever (a request waiting for a slow service is not idle).
    public let idleTimeout: TimeAmount

    /// Replies held for a live run's latency at one time; one more gets 503 (each holds a
    /// connection: 21,000 of them reached the descriptor limit).
    public let heldLimit: Int
    private let held = HeldReplies()
    /// The browser playground at `/` (the endpoint list is then at `/api` only).
    public var playground: PlaygroundWork?

    public init(site: PhotoSite = PhotoSite(), host: String = "127.0.0.1", port: Int = 8080,
                idleTimeout: TimeAmount = .seconds(30), heldLimit: Int = 512) {
        self.idleTimeout = idleTimeout
        self.heldLimit = heldLimit
        self.site = site
        self.host = host
        self.port = port
        var logger = Logger(label: "frp serve")
        // Hummingbird reports a cancelled server (how tests stop it) as errors; what frp
        // serve has to say it prints itself.
        logger.logLevel = .critical
        self.logger = logger
    }

    /// The longest a request waits for its latency (a speed near zero would be forever).
    static let longestHold = TimeAmount.minutes(10)
    /// A request body (a login form) is a few bytes; anything much larger is refused (413).
    static let largestBody = 16 * 1024
    /// A larger body is read to its end (and refused) up to this size, then cut off.
    static let drainedBody = 1 << 20

    /// Serves until cancelled, or SIGINT or SIGTERM arrives when `stopsOnSignals`;
    /// `listening` gets the URL once the port is bound (port 0 picks a free one).
    public func run(stopsOnSignals: Bool = true, listening: @escaping @Sendable (String) async -> Void = { _ in }) async throws {
        let host = self.host
        let application = Application(
            router: makeRouter(),
            server: .http1(configuration: .init(additionalChannelHandlers: [HTTP10Close.Installer()], idleTimeout: idleTimeout)),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "frp serve"),
            onServerRunning: { [bound] channel in
                bound.set(channel.localAddress?.port)
                await listening("http://\(host):\(channel.localAddress?.port ?? 0)")
            },
            logger: logger)
        try await application.runService(gracefulShutdownSignals: stopsOnSignals ? [.sigterm, .sigint] : [])
    }

    func makeRouter() -> Router<PhotoRequestContext> {
        // HEAD answers as GET would, without the body (curl -I got 404).
        let router = Router(context: PhotoRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestGuard(host: host, port: bound, stats: stats))
        router.add(middleware: JSONErrors(stats: stats))
        // Services that share a method and path (500px's popular feed, Flickr's REST
        // endpoint) are told apart by their fixed query items.
        var groups: [(route: Route, services: [PhotoService])] = []
        for service in PhotoSite.services {
            if let index = groups.firstIndex(where: { $0.route.method == service.route.method && $0.route.path == service.route.path }) {
                groups[index].services.append(service)
            } else {
                groups.append((service.route, [service]))
            }
        }
        for group in groups {
            let method: HTTPRequest.Method = group.route.method == .post ? .post : .get
            router.on(RouterPath(group.route.path), method: method) { [self] request, context in
                try await respond(to: request, context: context, candidates: group.services, resource: nil)
            }
            // Images live under their own URLs: `http://photos.invalid/images/1/3.png` is
            // GET /images/1/3.png here.
            if group.services.contains(where: { $0.route.places.contains(.resource) }) {
                for folder in Route.imageFolders {
                    router.get(RouterPath("/\(folder)/**")) { [self] request, context in
                        try await respond(to: request, context: context, candidates: group.services,
                                          resource: PhotoCatalog.imageBase + request.uri.path)
                    }
                }
            }
        }
        router.get("/v1/stats") { [stats] _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: stats.json)))
        }
        router.get("/api") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: Self.index)))
        }
        if let playground {
            addPlayground(playground, to: router)
        } else {
            router.get("/") { _, _ in
                Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: Self.index)))
            }
        }
        return router
    }

    /// `GET /api` (and `/` without the playground): what is served, for a person trying
    /// it with curl.
    static let index: [UInt8] = {
        let entries = PhotoSite.services.map { service -> JSON in
            let example = service.route.target(for: service.parameters)
            // The parameters' names stand for the arguments: `/v1/photos/ID`.
            var fields: [JSON.Field] = [.init("service", .string(service.name)), .init("method", .string(example.method.rawValue)),
                                        .init("path", .string(example.pathAndQuery))]
            if let form = example.form { fields.append(.init("form", .string(form))) }
            return .object(fields)
        }
        let playground = JSON.object([
            "page": .string("/"), "run": .string("POST /run"), "explain": .string("/explain/NAME"),
            "operators": .string("/operators"), "lessons": .string("/lessons"), "answer": .string("POST /lessons/NAME/N"),
        ])
        return JSON.object(["services": .array(entries), "stats": .string("/v1/stats"), "playground": playground]).bytes
    }()

    /// One request to a service: read it as the client wrote it (`Route.target`), wait
    /// for the latency when it came from a live run, answer with the site.
    func respond(to request: Request, context: PhotoRequestContext, candidates: [PhotoService], resource: String?) async throws -> Response {
        guard let query = FormEncoding.decode(request.uri.query ?? "") else { throw Rejection(400, "the query is not well percent-encoded") }
        let service = try Self.pick(candidates, query: query)
        var serviceRequest = ServiceRequest(service: service.name)
        if let authorization = request.headers[.authorization] {
            guard authorization.hasPrefix("Bearer ") else { throw Rejection(400, "Authorization must be `Bearer TOKEN`") }
            serviceRequest.token = String(authorization.dropFirst(7))
        }
        if let speedText = request.headers[Self.speedHeader] {
            guard let speed = Double(speedText), speed > 0, speed.isFinite else {
                throw Rejection(400, "X-Speed must be a positive number (the run's speed), got \(JSONText.quoted(speedText))")
            }
            serviceRequest.speed = speed
        }
        let parameters = try context.pathArguments(of: service.route)
        stats.count(service.name) { $0.received += 1 }
        guard let speed = serviceRequest.speed else {
            let form = try await Self.form(of: request.body, for: service.route)
            serviceRequest.arguments = try Self.arguments(service.route, query: query, path: parameters, form: form, resource: resource)
            return answer(serviceRequest)
        }
        // A live run: answer after the latency at its speed, unless the client goes away
        // first (it disposed the request) or the server shuts down, either of which cancels
        // the wait.
        guard hold() else {
            throw Rejection(503, "\(heldLimit) replies are already held for live runs; try again when one is answered")
        }
        defer { release() }
        do {
            return try await request.body.consumeWithCancellationOnInboundClose { [self] body in
                // Read whole first, whatever the route: a body left unread stalls the reply.
                let form = try await Self.form(of: body, for: service.route)
                serviceRequest.arguments = try Self.arguments(service.route, query: query, path: parameters, form: form, resource: resource)
                let hold = min(Double(service.latency(serviceRequest.arguments).nanoseconds) / speed,
                               Double(Self.longestHold.nanoseconds))
                try await cancelWhenGracefulShutdown {
                    try await Task.sleep(nanoseconds: UInt64(max(0, hold)))
                }
                return answer(serviceRequest)
            }
        } catch let error as CancellationError {
            stats.count(service.name) { $0.aborted += 1 }
            throw error
        }
    }

    private func hold() -> Bool {
        held.count.withLock { count in
            guard count < heldLimit else { return false }
            count += 1
            return true
        }
    }

    private func release() {
        held.count.withLock { $0 -= 1 }
    }

    private func answer(_ request: ServiceRequest) -> Response {
        stats.count(request.service) { $0.answered += 1 }
        switch site.answer(request) {
        case .success(.json(let bytes)):
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        case .success(.bytes(let bytes)):
            return Response(status: .ok, headers: [.contentType: "image/png"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        case .failure(let failure):
            return Rejection(failure.status, failure.message).response
        }
    }

    static let speedHeader = HTTPField.Name("X-Speed")!

    /// The service whose fixed query items the request carries (`method=flickr.photos.search`).
    static func pick(_ candidates: [PhotoService], query: [(String, String)]) throws(Rejection) -> PhotoService {
        let found = candidates.first { service in
            service.route.fixed.allSatisfy { fixed in query.contains { $0.0 == fixed.name && $0.1 == fixed.value } }
        }
        guard let found else {
            // The candidate closest to the request: say which of its items differ.
            let closest = candidates.max { a, b in
                a.route.fixed.filter { fixed in query.contains { $0.0 == fixed.name && $0.1 == fixed.value } }.count
                    < b.route.fixed.filter { fixed in query.contains { $0.0 == fixed.name && $0.1 == fixed.value } }.count
            }
            let differing = (closest?.route.fixed ?? []).filter { fixed in !query.contains { $0.0 == fixed.name && $0.1 == fixed.value } }
            let described = differing.map { fixed in
                "\(fixed.name)=\(fixed.value)" + (query.last { $0.0 == fixed.name }.map { " (got \($0.0)=\($0.1))" } ?? "")
            }
            throw Rejection(400, "this endpoint needs " + (described.isEmpty ? "other query items" : described.joined(separator: " and ")))
        }
        return found
    }

    /// The request's form, for a route that reads one. The body is read whole for every
    /// route (up to `largestBody`), so none is left unread.
    static func form(of body: RequestBody, for route: Route) async throws -> [(String, String)] {
        let buffer = try await read(body)
        guard route.places.contains(where: { if case .form = $0 { return true } else { return false } }) else { return [] }
        guard let form = FormEncoding.decode(String(decoding: buffer.readableBytesView, as: UTF8.self)) else {
            throw Rejection(400, "the form is not well percent-encoded")
        }
        // A form without the fields the service reads is malformed, not a login that fails.
        let needed = route.places.compactMap { place -> String? in if case .form(let name) = place { return name } else { return nil } }
        let missing = needed.filter { name in !form.contains { $0.0 == name } }
        guard missing.isEmpty else {
            throw Rejection(400, "the form needs " + needed.joined(separator: " and ") + " (application/x-www-form-urlencoded); "
                + missing.joined(separator: " and ") + (missing.count == 1 ? " is" : " are") + " missing")
        }
        return form
    }

    /// A request's body, at most `largestBody` bytes. A body a little too large is read to
    /// its end before the 413, so the client, still sending it, gets the answer rather than
    /// a closed connection; a much larger one is refused at once.
    static func read(_ body: RequestBody) async throws -> ByteBuffer {
        var buffer = ByteBuffer()
        var size = 0
        do {
            for try await chunk in body {
                size += chunk.readableBytes
                if size > drainedBody { throw Rejection(413, "the body is larger than \(largestBody) bytes") }
                if size <= largestBody { buffer.writeImmutableBuffer(chunk) }
            }
        } catch let rejection as Rejection {
            throw rejection
        } catch {
            throw Rejection(400, "the body could not be read (\(error))")
        }
        guard size <= largestBody else { throw Rejection(413, "the body is larger than \(largestBody) bytes") }
        return buffer
    }

    /// The language's arguments, from where `Route.target` put them.
    static func arguments(_ route: Route, query: [(String, String)], path: [String: String], form: [(String, String)],
                          resource: String?) throws(Rejection) -> [String] {
        var arguments: [String] = []
        for place in route.places {
            switch place {
            case .path(let name):
                guard let value = path[name] else { throw Rejection(400, "the path needs :\(name)") }
                arguments.append(value)
            case .query(let name): arguments.append(query.last { $0.0 == name }?.1 ?? "")
            case .form(let name): arguments.append(form.last { $0.0 == name }?.1 ?? "")
            case .resource: arguments.append(resource ?? query.last { $0.0 == "url" }?.1 ?? "")
            }
        }
        return arguments
    }
}

/// How many replies are held for live runs now (shared by the server's copies).
final class HeldReplies: Sendable {
    let count = Mutex(0)
}

/// The context of one request: Hummingbird's, for the path parameters.
public struct PhotoRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    /// Who asked: the peer's address, to share the playground's runs fairly.
    public let client: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// The route's path segments (`:id`), percent-decoded.
    func pathArguments(of route: Route) throws(Rejection) -> [String: String] {
        var values: [String: String] = [:]
        for place in route.places {
            guard case .path(let name) = place, let raw = parameters.get(name) else { continue }
            guard let value = FormEncoding.unescape(raw) else { throw Rejection(400, ":\(name) is not well percent-encoded") }
            values[name] = value
        }
        return values
    }
}

/// A request the server will not answer as asked: a status and a reason, sent as
/// `{"error": "…"}` — the same shape as a service's own failures.
struct Rejection: Error {
    let status: Int
    let message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    var response: Response {
        Response(status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: PhotoReplies.error(message))))
    }
}

/// Every error the router or a handler throws becomes a JSON reason (Hummingbird's own
/// 404s and 413s included), so a client always gets `{"error": "…"}`.
struct JSONErrors: RouterMiddleware {
    typealias Context = PhotoRequestContext
    let stats: ServerStats

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let rejection as Rejection {
            stats.reject()
            return rejection.response
        } catch let error as HTTPError {
            stats.reject()
            let reason: String
            switch error.status {
            case .notFound: reason = "there is no \(request.method) \(request.uri.path) here (GET /api lists what is)"
            default: reason = error.body ?? error.status.reasonPhrase
            }
            return Rejection(error.status.code, reason).response
        }
    }
}

import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A small HTTP/1.1 client on SwiftNIO (the NIOHTTP1 the server already builds): plain
/// HTTP, one connection per request, closed when its answer is read. Enough for frp's
/// photo services on loopback, and none of the TLS, HTTP/2 and connection pooling an
/// HTTP client for the internet carries (AsyncHTTPClient's BoringSSL was most of a fresh
/// build: docs/performance.md). A connection of its own also means a held live request
/// never shares a connection with the next one.
public final class LoopbackHTTP: Sendable {
    public struct Response: Sendable {
        public let status: HTTPResponseStatus
        public let headers: HTTPHeaders
        public let body: [UInt8]
    }

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case invalidURL(String)
        case cancelled
        case deadlineExceeded
        case tooManyBytes
        /// The replies being read at once held more than `LoopbackHTTP.bufferedLimit`.
        case tooManyBytesAtOnce
        case remoteConnectionClosed

        public var description: String {
            switch self {
            case .invalidURL(let url): return "invalidURL(\(url))"
            case .cancelled: return "cancelled"
            case .deadlineExceeded: return "deadlineExceeded"
            case .tooManyBytes: return "tooManyBytes"
            case .tooManyBytesAtOnce: return "tooManyBytesAtOnce"
            case .remoteConnectionClosed: return "remoteConnectionClosed"
            }
        }
    }

    /// A request on its way: its answer, and how to give it up.
    public struct Execution: Sendable {
        public let futureResult: EventLoopFuture<Response>
        fileprivate let connection: Connection
        fileprivate let promise: EventLoopPromise<Response>

        /// Fails it with `.cancelled` and closes its connection (nothing when it has ended).
        public func cancel() {
            fail(Failure.cancelled)
        }
    }

    /// The request's channel once connected, and whether its answer has come.
    fileprivate final class Connection: Sendable {
        let channel = Mutex<(any Channel)?>(nil)
        let ended = Atomic<Bool>(false)
    }

    public static let shared = LoopbackHTTP(group: MultiThreadedEventLoopGroup.singleton)

    private let group: any EventLoopGroup
    /// The bytes of the replies being read, all requests together: each is bounded by its
    /// `maxBodySize`, but a script's many requests at once could together exhaust memory.
    private let buffered = ReplyBytes()
    /// The most `buffered` may reach; a reply that would pass it fails.
    public static let bufferedLimit = 64 << 20
    /// How long connecting may take: a server that is not there is an error at once (a
    /// refused connection), one that does not answer the connection after this.
    public let connectTimeout: TimeAmount

    public init(group: any EventLoopGroup, connectTimeout: TimeAmount = .seconds(5)) {
        self.group = group
        self.connectTimeout = connectTimeout
    }

    /// Sends the request (`url`: `http://host:port/path?query`) and reads the whole answer,
    /// at most `maxBodySize` bytes of body, by `deadline`.
    public func execute(_ method: HTTPMethod, _ url: String, headers: HTTPHeaders = [:], body: [UInt8]? = nil,
                        deadline: NIODeadline, maxBodySize: Int = 16 << 20) -> Execution {
        let eventLoop = group.next()
        let promise = eventLoop.makePromise(of: Response.self)
        let execution = Execution(futureResult: promise.futureResult, connection: Connection(), promise: promise)
        guard let target = Target(url) else {
            promise.fail(Failure.invalidURL(url))
            return execution
        }
        let timeout = eventLoop.scheduleTask(deadline: deadline) { execution.fail(Failure.deadlineExceeded) }
        promise.futureResult.whenComplete { _ in
            execution.connection.ended.store(true, ordering: .releasing)
            timeout.cancel()
            execution.connection.channel.withLock { $0 }?.close(promise: nil)
        }
        var fields = headers
        fields.replaceOrAdd(name: "Host", value: target.hostHeader)
        fields.replaceOrAdd(name: "Connection", value: "close")
        // A body's length, and 0 for a POST without one (NIO would send it chunked).
        if body != nil || [.POST, .PUT, .PATCH].contains(method) {
            fields.replaceOrAdd(name: "Content-Length", value: String(body?.count ?? 0))
        }
        let head = HTTPRequestHead(version: .http1_1, method: method, uri: target.path, headers: fields)
        ClientBootstrap(group: eventLoop)
            .connectTimeout(connectTimeout)
            .channelInitializer { [buffered] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseReader(promise: promise, limit: maxBodySize, isHead: method == .HEAD, buffered: buffered))
                }
            }
            .connect(host: target.host, port: target.port)
            .whenComplete { result in
                switch result {
                case .failure(let error):
                    promise.fail(error)
                case .success(let channel):
                    execution.connection.channel.withLock { $0 = channel }
                    // Ended already (cancelled, past its deadline): no request is sent.
                    if execution.connection.ended.load(ordering: .acquiring) {
                        channel.close(promise: nil)
                        return
                    }
                    channel.write(HTTPClientRequestPart.head(head), promise: nil)
                    if let body { channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil) }
                    channel.writeAndFlush(HTTPClientRequestPart.end(nil)).whenFailure { promise.fail($0) }
                }
            }
        return execution
    }

    /// The same, awaited.
    public func execute(_ method: HTTPMethod, _ url: String, headers: HTTPHeaders = [:], body: [UInt8]? = nil,
                        timeout: TimeAmount, maxBodySize: Int = 16 << 20) async throws -> Response {
        let execution = execute(method, url, headers: headers, body: body, deadline: .now() + timeout, maxBodySize: maxBodySize)
        return try await withTaskCancellationHandler {
            try await execution.futureResult.get()
        } onCancel: {
            execution.cancel()
        }
    }

    /// `http://host:port/path`: where to connect and what to ask.
    struct Target {
        let host: String
        let port: Int
        let path: String
        let hostHeader: String

        init?(_ url: String) {
            guard url.hasPrefix("http://") else { return nil }
            let rest = url.dropFirst("http://".count)
            let authority = rest.prefix { $0 != "/" && $0 != "?" }
            let path = String(rest.dropFirst(authority.count))
            self.path = path.isEmpty ? "/" : (path.hasPrefix("?") ? "/" + path : path)
            hostHeader = String(authority)
            var host = Substring(authority), port = 80
            if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
                guard let number = Int(authority[authority.index(after: colon)...]), (1...65_535).contains(number) else { return nil }
                port = number
                host = authority[..<colon]
            }
            if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
            guard !host.isEmpty else { return nil }
            self.host = String(host)
            self.port = port
        }
    }
}

extension LoopbackHTTP.Execution {
    fileprivate func fail(_ failure: LoopbackHTTP.Failure) {
        promise.fail(failure)
        connection.channel.withLock { $0 }?.close(promise: nil)
    }
}

/// The bytes held by the replies being read, counted across their event loops.
final class ReplyBytes: Sendable {
    private let count = Atomic<Int>(0)

    /// Takes `bytes` more; false, taking nothing, when that would pass the limit.
    func take(_ bytes: Int) -> Bool {
        let now = count.add(bytes, ordering: .relaxed).newValue
        guard now > LoopbackHTTP.bufferedLimit else { return true }
        count.subtract(bytes, ordering: .relaxed)
        return false
    }

    func give(_ bytes: Int) { count.subtract(bytes, ordering: .relaxed) }
}

/// Reads one answer: its head, its body up to the limit, its end.
private final class ResponseReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<LoopbackHTTP.Response>
    private let limit: Int
    private let isHead: Bool
    private let buffered: ReplyBytes
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []

    init(promise: EventLoopPromise<LoopbackHTTP.Response>, limit: Int, isHead: Bool, buffered: ReplyBytes) {
        self.promise = promise
        self.limit = limit
        self.isHead = isHead
        self.buffered = buffered
    }

    /// However it ended (answered, failed, cancelled), its bytes are given back when the
    /// connection lets it go.
    deinit { buffered.give(body.count) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received):
            head = received
            // An answer to HEAD has no body, whatever its Content-Length says.
            if isHead { finish(context) }
        case .body(let buffer):
            guard body.count + buffer.readableBytes <= limit else {
                promise.fail(LoopbackHTTP.Failure.tooManyBytes)
                context.close(promise: nil)
                return
            }
            guard buffered.take(buffer.readableBytes) else {
                promise.fail(LoopbackHTTP.Failure.tooManyBytesAtOnce)
                context.close(promise: nil)
                return
            }
            body += buffer.readableBytesView
        case .end:
            finish(context)
        }
    }

    private func finish(_ context: ChannelHandlerContext) {
        guard let head else { return }
        promise.succeed(LoopbackHTTP.Response(status: head.status, headers: head.headers, body: body))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(LoopbackHTTP.Failure.remoteConnectionClosed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }
}

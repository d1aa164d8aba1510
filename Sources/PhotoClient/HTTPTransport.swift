import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Synchronization
import Services

/// `--services http://127.0.0.1:PORT`: the services' answers from `frp serve`, over
/// AsyncHTTPClient. Only the answer travels: the run keeps the latency on its own
/// scheduler, so both transports give the same events (see `PhotoServices`).
///
/// Replies arrive on NIO's threads and are handed to `answered`, which posts them to the
/// run's thread through its scheduler's inlet; nothing here touches a run's graph.
public struct HTTPTransport: PhotoTransport {
    /// `http://127.0.0.1:8080`, without a trailing slash.
    public let base: String
    let client: HTTPClient

    /// Virtual time waits for every reply, so a server that never answers must not hang a
    /// run: each request gives up after this long (plus its hold in live time).
    public static let patience = TimeAmount.seconds(30)

    /// Throws (with what to write instead) when `base` is not an `http://host:port` URL.
    public init(base: String, client: HTTPClient = HTTPTransport.client) throws(HTTPTransportError) {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        guard base.hasPrefix("http://"), base.count > "http://".count, !base.dropFirst(7).contains("/") else {
            throw HTTPTransportError(message: "--services needs the server's address, like http://127.0.0.1:8080 (from `frp serve`), got \"\(base)\"")
        }
        // A port past 65535 is a crash inside the HTTP client, not an error it returns.
        let address = base.dropFirst("http://".count)
        if let colon = address.lastIndex(of: ":"), !address.hasSuffix("]") {
            guard let port = Int(address[address.index(after: colon)...]), (1...65_535).contains(port) else {
                throw HTTPTransportError(message: "--services needs a port from 1 to 65535, like http://127.0.0.1:8080, got \"\(base)\"")
            }
        }
        self.base = base
        self.client = client
    }

    /// The biggest reply read: a server that sends without end is an error, not memory
    /// that grows until the process is killed (the language's texts hold 16 MB at most).
    static let replyLimit = 16 * 1024 * 1024

    /// One client for the process. It is never shut down (it lives as long as the
    /// process); it does not retry a refused connection, so a server that is not there is
    /// an error at once, not after the deadline.
    public static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(5))
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public func send(_ request: ServiceRequest, answered: @escaping @Sendable (ServiceAnswer) -> Void) -> ServiceCall {
        guard let service = PhotoSite.service(named: request.service) else {
            answered(.failure(ServiceFailure(status: 404, "there is no such service")))
            return ServiceCall(cancel: {})
        }
        let target = service.route.target(for: request.arguments)
        var headers = HTTPHeaders()
        if let token = request.token { headers.add(name: "Authorization", value: "Bearer " + token) }
        var patience = Self.patience
        if let speed = request.speed {
            headers.add(name: "X-Speed", value: String(speed))
            // A held reply ends its connection (the server watches it to abort the wait): a
            // pooled connection reused for the next request raced that close ("I/O on closed
            // channel"). A live run's requests are few and long: one connection each.
            headers.add(name: "Connection", value: "close")
            let hold = Double(service.latency(request.arguments).nanoseconds) / speed
            patience = patience + .nanoseconds(Int64(min(hold, 86_400e9)))
        }
        var body: HTTPClient.Body?
        if let form = target.form {
            headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            body = .string(form)
        }
        let httpRequest: HTTPClient.Request
        do {
            httpRequest = try HTTPClient.Request(url: base + target.pathAndQuery, method: HTTPMethod(rawValue: target.method.rawValue),
                                                 headers: headers, body: body)
        } catch {
            answered(.failure(ServiceFailure(status: 400, "cannot make a request to \(base + target.pathAndQuery) (\(error))")))
            return ServiceCall(cancel: {})
        }
        let task = client.execute(request: httpRequest, delegate: ResponseAccumulator(request: httpRequest, maxBodySize: Self.replyLimit),
                                  deadline: .now() + patience)
        let base = self.base
        // A run may dispose a request after its reply came (a live run delivers replies
        // before the timers that dispose them): cancelling a finished task then closed the
        // pooled connection the next request was already using ("I/O on closed channel").
        let finished = Atomic<Bool>(false)
        task.futureResult.whenComplete { result in
            finished.store(true, ordering: .releasing)
            switch result {
            case .success(let response): answered(Self.answer(from: response))
            case .failure(let error): answered(.failure(Self.failure(error, base: base)))
            }
        }
        return ServiceCall(cancel: { if !finished.load(ordering: .acquiring) { task.cancel() } })
    }

    /// The longest error message a server's reply may give a run: it is printed with each
    /// event, in the trace, `--events` and `--svg` (a 10 MB reason was printed whole).
    static let longestReason = 1_000

    /// `reason`, cut to `longestReason` characters with what was cut said.
    public static func shortened(_ reason: String) -> String {
        guard reason.count > longestReason else { return reason }
        return reason.prefix(longestReason) + "… (\(reason.count) characters)"
    }

    /// A reply: 2xx is the body (an image when the server says `image/png`); anything else
    /// is the server's `{"error": "…"}`.
    static func answer(from response: HTTPClient.Response) -> ServiceAnswer {
        let bytes = response.body.map { Array($0.readableBytesView) } ?? []
        let status = Int(response.status.code)
        guard (200..<300).contains(status) else {
            let reason = PhotoReplies.stringField("error", in: bytes) ?? "the photo services answered \(status) \(response.status.reasonPhrase)"
            return .failure(ServiceFailure(status: status, shortened(reason)))
        }
        if response.headers.first(name: "Content-Type")?.hasPrefix("image/") == true { return .success(.bytes(bytes)) }
        return .success(.json(bytes))
    }

    static func failure(_ error: any Error, base: String) -> ServiceFailure {
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return ServiceFailure(status: 0, "cancelled")
            case .deadlineExceeded, .readTimeout, .connectTimeout:
                return ServiceFailure(status: 504, "the photo services at \(base) did not answer in time")
            default: break
            }
        }
        if error is ResponseAccumulator.ResponseTooBigError {
            return ServiceFailure(status: 502, "the photo services at \(base) sent a reply over \(replyLimit / 1024 / 1024) MB")
        }
        return ServiceFailure(status: 502, "the photo services at \(base) cannot be reached (\(reason(error)))")
    }

    /// NIO's and AsyncHTTPClient's descriptions name system calls and types
    /// (`read(descriptor:pointer:size:): Connection reset by peer (errno: 104)`); the user
    /// needs what happened, in a few words.
    public static func reason(_ error: any Error) -> String {
        let description = "\(error)"
        let sentences: [(found: String, said: String)] = [
            ("Connection refused", "connection refused"),
            ("Connection reset by peer", "the connection was reset by the server"),
            ("remoteConnectionClosed", "the server closed the connection before it answered"),
            ("Broken pipe", "the server closed the connection while the request was sent"),
            ("readTimeout", "the server did not answer in time"),
            ("deadlineExceeded", "the server did not answer in time"),
            ("connectTimeout", "connecting took too long"),
            ("Network is unreachable", "the network is unreachable"),
            ("No route to host", "there is no route to that host"),
            ("Name or service not known", "that host name is not known"),
            ("bodyLengthMismatch", "the answer was cut short"),
            ("responseBodyTooLarge", "the answer is larger than 16 MB"),
            ("tooManyBytes", "the answer is larger than 16 MB"),
        ]
        if let known = sentences.first(where: { description.contains($0.found) }) { return known.said }
        // Something else: the type of error, without the system call around it.
        return description.count > 120 ? String(description.prefix(117)) + "…" : description
    }

    /// Asks the server for its counts, to find out early whether anything answers at
    /// `base` (`frp run --services URL` checks before it runs anything). Blocks the caller.
    public func check() -> HTTPTransportError? {
        let result: Result<HTTPClient.Response, any Error>
        do {
            let request = try HTTPClient.Request(url: base + "/v1/stats")
            result = Result {
                try client.execute(request: request, delegate: ResponseAccumulator(request: request, maxBodySize: 1 << 20),
                                   deadline: .now() + .seconds(5)).futureResult.wait()
            }
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let response) where response.status == .ok:
            return nil
        case .success(let response):
            return HTTPTransportError(message: "\(base) is not `frp serve`: GET /v1/stats answered \(response.status.code)")
        case .failure(let error):
            return HTTPTransportError(message: "no photo services answer at \(base) (\(Self.reason(error))); start them with `frp serve`")
        }
    }
}

public struct HTTPTransportError: Error, Sendable {
    public let message: String
}

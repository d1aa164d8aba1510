import JSONText
import NIOCore
import NIOHTTP1
import Synchronization
import Services

/// `--services http://127.0.0.1:PORT`: the services' answers from `frp serve`, over
/// `LoopbackHTTP` (HTTP/1.1, a connection per request). Only the answer travels: the run keeps the latency on its own
/// scheduler, so both transports give the same events (see `PhotoServices`).
///
/// Replies arrive on NIO's threads and are handed to `answered`, which posts them to the
/// run's thread through its scheduler's inlet; nothing here touches a run's graph.
public struct HTTPTransport: PhotoTransport {
    /// `http://127.0.0.1:8080`, without a trailing slash.
    public let base: String
    let client: LoopbackHTTP

    /// Virtual time waits for every reply, so a server that never answers must not hang a
    /// run: each request gives up after this long (plus its hold in live time).
    public static let patience = TimeAmount.seconds(30)

    /// Throws (with what to write instead) when `base` is not an `http://host:port` URL.
    public init(base: String, client: LoopbackHTTP = .shared) throws(HTTPTransportError) {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        guard base.hasPrefix("http://"), base.count > "http://".count, !base.dropFirst(7).contains("/") else {
            throw HTTPTransportError(message: "--services needs the server's address, like http://127.0.0.1:8080 (from `frp serve`), got \"\(base)\"")
        }
        // A port past 65535 is no port.
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
            let hold = Double(service.latency(request.arguments).nanoseconds) / speed
            patience = patience + .nanoseconds(Int64(min(hold, 86_400e9)))
        }
        var body: [UInt8]?
        if let form = target.form {
            headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            body = Array(form.utf8)
        }
        let task = client.execute(HTTPMethod(rawValue: target.method.rawValue), base + target.pathAndQuery, headers: headers, body: body,
                                  deadline: .now() + patience, maxBodySize: Self.replyLimit)
        let base = self.base
        // A run may dispose a request after its reply came (a live run delivers replies
        // before the timers that dispose them): nothing is left to cancel then.
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
    /// event, in the trace, `--events` and `--svg` (a whole error page would be printed).
    static let longestReason = 1_000

    /// `reason`, cut to `longestReason` characters with what was cut said.
    /// Its control characters written as `\u{1b}`: a server's ESC, BEL or CR would act
    /// on the terminal the message is printed to (clear it, retitle it, forge a line).
    public static func shortened(_ reason: String) -> String {
        let reason = JSONText.escapingControls(reason)
        guard reason.count > longestReason else { return reason }
        return reason.prefix(longestReason) + "… (\(reason.count) characters)"
    }

    /// A reply: 2xx is the body (an image when the server says `image/png`); anything else
    /// is the server's `{"error": "…"}`.
    static func answer(from response: LoopbackHTTP.Response) -> ServiceAnswer {
        let bytes = response.body
        let status = Int(response.status.code)
        guard (200..<300).contains(status) else {
            let reason = PhotoReplies.stringField("error", in: bytes) ?? "the photo services answered \(status) \(response.status.reasonPhrase)"
            return .failure(ServiceFailure(status: status, shortened(reason)))
        }
        if response.headers.first(name: "Content-Type")?.hasPrefix("image/") == true { return .success(.bytes(bytes)) }
        return .success(.json(bytes))
    }

    static func failure(_ error: any Error, base: String) -> ServiceFailure {
        if let error = error as? LoopbackHTTP.Failure {
            switch error {
            case .cancelled: return ServiceFailure(status: 0, "cancelled")
            case .deadlineExceeded: return ServiceFailure(status: 504, "the photo services at \(base) did not answer in time")
            case .tooManyBytes:
                return ServiceFailure(status: 502, "the photo services at \(base) sent a reply over \(replyLimit / 1024 / 1024) MB")
            case .tooManyBytesAtOnce:
                return ServiceFailure(status: 502, "the photo services at \(base) sent over \(LoopbackHTTP.bufferedLimit >> 20) MB in the replies being read at once")
            // Reached, but no whole answer came: not "cannot be reached".
            case .remoteConnectionClosed:
                return ServiceFailure(status: 502, "the photo services at \(base) closed the connection before answering")
            case .invalidURL(let url): return ServiceFailure(status: 400, "\(url) is not a URL frp can ask")
            }
        }
        if error is HTTPParserError {
            return ServiceFailure(status: 502, "the photo services at \(base) sent a malformed or cut-short answer (\(reason(error)))")
        }
        return ServiceFailure(status: 502, "the photo services at \(base) cannot be reached (\(reason(error)))")
    }

    /// NIO's descriptions name system calls and types
    /// (`read(descriptor:pointer:size:): Connection reset by peer (errno: 104)`); the user
    /// needs what happened, in a few words.
    public static func reason(_ error: any Error) -> String {
        let description = "\(error)"
        let sentences: [(found: String, said: String)] = [
            ("Connection refused", "connection refused"),
            ("Connection reset by peer", "the connection was reset by the server"),
            ("remoteConnectionClosed", "the server closed the connection before it answered"),
            ("Broken pipe", "the server closed the connection while the request was sent"),
            ("deadlineExceeded", "the server did not answer in time"),
            ("Connect timeout", "connecting took too long"),
            ("connectTimeout", "connecting took too long"),
            ("Network is unreachable", "the network is unreachable"),
            ("No route to host", "there is no route to that host"),
            ("Name or service not known", "that host name is not known"),
            ("stream ended at an unexpected time", "the answer was cut short"),
            ("tooManyBytes", "the answer is larger than the limit"),
        ]
        if let known = sentences.first(where: { description.contains($0.found) }) { return known.said }
        // Something else: the type of error, without the system call around it.
        return description.count > 120 ? String(description.prefix(117)) + "…" : description
    }

    /// Asks the server for its counts, to find out early whether anything answers at
    /// `base` (`frp run --services URL` checks before it runs anything). Blocks the caller.
    public func check() -> HTTPTransportError? {
        let result = Result {
            try client.execute(.GET, base + "/v1/stats", deadline: .now() + .seconds(5), maxBodySize: 1 << 20).futureResult.wait()
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

import Foundation
import Language
import NIOCore
import NIOHTTP1
@testable import PhotoClient
import PhotoServer
import REPL
import Services
import Signals
import Testing
import TestSupport

/// The photo services over real HTTP: `frp serve` on a free loopback port, and the
/// HTTP transport (`LoopbackHTTP`) against it.
@Suite("The HTTP transport", .serialized)
struct HTTPTransportTests {
    @Test("frp test over HTTP: every expect of Examples and Tests/Scripts passes, with the same requests as in process")
    func examplesPassOverHTTP() async throws {
        let running = try await RunningServer.start()
        defer { Task { await running.stop() } }
        let transport = try running.transport()
        let paths = [Repository.path("Examples"), Repository.path("Tests/Scripts")]
        let overHTTP = Captured()
        let status = await onOwnThread { TestRunner(output: overHTTP.output, transport: transport).run(paths: paths) }
        let counting = CountingTransport()
        let inProcess = Captured()
        let inProcessStatus = await onOwnThread { TestRunner(output: inProcess.output, transport: counting).run(paths: paths) }

        #expect(status == 0, "\(overHTTP.text)")
        #expect(overHTTP.text == inProcess.text)
        #expect(inProcessStatus == 0)
        let lastLine = overHTTP.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastLine.hasSuffix(" passed, 0 failed") && !lastLine.hasPrefix("0 passed"))
        let received = running.stats.services.values.map(\.received).reduce(0, +)
        #expect(received > 0)
        #expect(received == counting.requests.values.reduce(0, +))
        #expect(running.stats.services.values.allSatisfy { $0.aborted == 0 && $0.answered == $0.received })
    }

    @Test("a live run over HTTP prints what a virtual run in process prints: replies hold its clock, each on its own connection")
    func liveOverHTTPEqualsVirtual() async throws {
        let running = try await RunningServer.start()
        defer { Task { await running.stop() } }
        let transport = try running.transport()
        for script in try Repository.examples() where ["14-latest-request", "10-popular-photos", "13-token-refresh"]
            .contains(where: script.contains) {
            func run(_ clock: ScriptRunner.Clock, _ transport: any PhotoTransport) async -> String {
                let captured = Captured()
                _ = await onOwnThread { ScriptRunner(clock: clock, transport: transport, output: captured.output).run(path: script) }
                return captured.text
            }
            let virtual = await run(.virtual, InProcessTransport.shared)
            // Three times: the connection race it had showed once in four runs.
            for _ in 0..<3 {
                #expect(await run(.live(speed: 50), transport) == virtual, "\(script)")
            }
        }
    }

    @Test("frp run in virtual time prints the same events, traces and request counts on both transports")
    func sameEventsOnBothTransports() async throws {
        let running = try await RunningServer.start()
        defer { Task { await running.stop() } }
        let transport = try running.transport()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let failures = try ServiceFailures(fail: ["search=offline"], slow: ["photo=3"])
        var runsWithRequests = 0
        for script in try Repository.examples() {
            let name = URL(fileURLWithPath: script).lastPathComponent
            for (label, chosenFailures) in [("plain", ServiceFailures()), ("failing", failures)] {
                func run(_ transport: any PhotoTransport, events: String) async -> String {
                    let captured = Captured()
                    let eventsPath = directory.appendingPathComponent(events).path
                    _ = await onOwnThread {
                        ScriptRunner(clock: .virtual, eventsPath: eventsPath, failures: chosenFailures, transport: transport,
                                     output: captured.output).run(path: script)
                    }
                    let log = (try? String(contentsOfFile: eventsPath, encoding: .utf8)) ?? "(no events)"
                    // The events file's name differs; what it holds is compared.
                    let said = captured.text.replacingOccurrences(of: "stderr: frp: wrote \(eventsPath)", with: "(wrote the events)")
                    return said + "\n" + log
                }
                let inProcess = await run(InProcessTransport.shared, events: "\(name)-\(label)-in.ndjson")
                let overHTTP = await run(transport, events: "\(name)-\(label)-http.ndjson")
                #expect(overHTTP == inProcess, "\(name), \(label): the transports differ")
                if inProcess.contains("\nrequests: ") { runsWithRequests += 1 }
            }
        }
        #expect(runsWithRequests >= 16)
        #expect(running.stats.services["search"].map { $0.received > 0 } == true)
    }

    @Test("per-run state: each run starts without a token; the server refuses tokens it did not issue")
    func tokenPerRun() async throws {
        let running = try await RunningServer.start()
        defer { Task { await running.stop() } }
        let transport = try running.transport()
        let results = await onOwnThread { () -> [String] in
            var results: [String] = []
            for script in ["profile", "token | then profile | map username", "profile"] {
                let scheduler = Scheduler.virtual()
                let services = PhotoServices(transport: transport, scheduler: scheduler)
                let signal = script == "profile" ? services.request("profile", [])
                    : services.request("token", []).then(services.request("profile", []))
                let events = signal.record(on: scheduler)
                results.append(events.map { "\($0.frame):\(describe($0.event))" }.joined(separator: " "))
            }
            return results
        }
        #expect(results == [
            "100:error profile: token expired",
            #"1100:{"username":"Jiuchabaikaishui","photos":12} 1100:completed"#,
            "100:error profile: token expired",
        ])
        let forged = try await get(running.url + "/v1/users/me", headers: ["Authorization": "Bearer fresh-999"])
        #expect(forged.status == 401 && forged.reason == "token expired")
    }

    @Test("disposing a request aborts it on the server, which counts it")
    func disposalAbortsTheRequest() async throws {
        let running = try await RunningServer.start()
        defer { Task { await running.stop() } }
        let transport = try running.transport()
        // Live time so slow that the download's 100 ms latency never ends: only the abort
        // can end the server's wait.
        let scheduler = Scheduler.live(speed: 1e-9)
        let services = PhotoServices(transport: transport, scheduler: scheduler)
        let url = PhotoCatalog.imageURL(photo: PhotoSite().catalog.photos[0].id, size: 3)
        let lifetime = services.request("download", [.text(url)]).subscribe { _ in }
        let received = await running.stats.wait { $0["download"]?.received == 1 }
        #expect(received)
        lifetime.dispose()
        let aborted = await running.stats.wait { $0["download"]?.aborted == 1 }
        #expect(aborted)
        #expect(running.stats.services["download"]?.answered == 0)
        #expect(services.cancelled["download"] == 1)
    }

    @Test("malformed requests get a 4xx and a JSON reason")
    func malformedRequests() async throws {
        let running = try await RunningServer.start()
        defer { Task { await running.stop() } }
        let base = running.url
        let cases: [(path: String, headers: [String: String], status: Int, reason: String)] = [
            ("/v1/photos/1", [:], 404, "no photo with id 1"),
            ("/v1/photos/abc", [:], 400, "a photo id is a number"),
            ("/v1/download?url=not%20a%20url", [:], 400, #"malformed URL "not a url""#),
            ("/images/1/3.png", [:], 404, "no image at http://photos.invalid/images/1/3.png"),
            ("/services/rest/?method=flickr.photos.search&sort=interestingness-desc&per_page=20&format=json&nojsoncallback=1&text=ab",
             [:], 400, #"the text must be longer than 3 characters, got "ab""#),
            ("/services/rest/?method=flickr.photos.delete", [:], 400,
             "this endpoint needs method=flickr.photos.search (got method=flickr.photos.delete) and sort=interestingness-desc and per_page=20 and format=json and nojsoncallback=1"),
            ("/v1/photos?feature=popular&rpp=100", [:], 400, "this endpoint needs page=1 and exclude=Nude"),
            ("/v1/photos?feature=popular&rpp=5&page=1&exclude=Nude", [:], 400, "this endpoint needs rpp=100 (got rpp=5)"),
            ("/nowhere", [:], 404, "there is no GET /nowhere here (GET /api lists what is)"),
            ("/v1/friends", ["X-Speed": "fast"], 400, #"X-Speed must be a positive number (the run's speed), got "fast""#),
            ("/v1/users/me", [:], 401, "token expired"),
            ("/v1/users/me", ["Authorization": "Basic eA=="], 400, "Authorization must be `Bearer TOKEN`"),
            ("/v1/photos/1", ["X-Speed": "0"], 400, #"X-Speed must be a positive number (the run's speed), got "0""#),
        ]
        for item in cases {
            let reply = try await get(base + item.path, headers: item.headers)
            #expect(reply.status == item.status, "\(item.path)")
            #expect(reply.reason == item.reason, "\(item.path)")
        }
        let big = try await post(base + "/v1/login", body: String(repeating: "x", count: 100_000))
        #expect(big.status == 413 && big.reason?.contains("larger than") == true)
        let badEscape = try await post(base + "/v1/login", body: "username=%zz&password=1")
        #expect(badEscape.status == 400 && badEscape.reason == "the form is not well percent-encoded")
        // A form without the fields is malformed, not an unknown account.
        let empty = try await post(base + "/v1/login", body: "")
        #expect(empty.status == 400 && empty.reason == "the form needs username and password (application/x-www-form-urlencoded); username and password are missing")
        let half = try await post(base + "/v1/login", body: "username=ann")
        #expect(half.status == 400 && half.reason?.hasSuffix("password is missing") == true)
        #expect(running.stats.rejected >= 6)
    }

    @Test("HEAD is answered as GET is, with its length and no body")
    func head() async throws {
        let running = try await RunningServer.start()
        defer { Task { await running.stop() } }
        for path in ["/", "/api", "/v1/friends", "/v1/stats"] {
            let whole = try await get(running.url + path)
            let response = try await LoopbackHTTP.shared.execute(.HEAD, running.url + path, timeout: .seconds(30))
            #expect(response.status.code == 200, "\(path)")
            #expect(whole.status == 200, "\(path)")
            #expect(response.body.isEmpty, "\(path)")
            #expect(response.headers["Content-Length"].first.flatMap(Int.init) == whole.length, "\(path)")
        }
    }

    @Test("a live run's request with a big body, to a route that reads none, gets its reply (it stalled, counted as answered)")
    func bigBodyOnALiveRequest() async throws {
        let running = try await RunningServer.start()
        defer { Task { await running.stop() } }
        let reply = try await send(.GET, running.url + "/v1/friends", headers: ["X-Speed": "1000"],
                                   body: Array(String(repeating: "x", count: 100_000).utf8))
        #expect(reply.status == 413 && reply.reason?.contains("larger than") == true)
        #expect(try await get(running.url + "/v1/friends", headers: ["X-Speed": "1000"]).status == 200)
    }

    @Test("replies held for live runs are capped: one more gets 503 with a reason")
    func heldRepliesAreCapped() async throws {
        let running = try await RunningServer.start(heldLimit: 2)
        defer { Task { await running.stop() } }
        let url = running.url + "/v1/friends"
        // Held for the longest hold: only the server's end ends them.
        let holders = (0..<2).map { _ in Task { try await get(url, headers: ["X-Speed": "1e-9"]) } }
        defer { holders.forEach { $0.cancel() } }
        #expect(await running.stats.wait { $0["friends"]?.received == 2 })
        let refused = try await get(url, headers: ["X-Speed": "1e-9"])
        #expect(refused.status == 503)
        #expect(refused.reason == "2 replies are already held for live runs; try again when one is answered")
        // Requests that are not held are still answered.
        #expect(try await get(url).status == 200)
    }

    @Test("frp serve ends at SIGINT while a reply is held for a live run, aborting it",
          .enabled(if: FileManager.default.fileExists(atPath: Repository.path(".build/debug/frp"))))
    func interruptAbortsHeldReplies() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.path(".build/debug/frp"))
        process.arguments = ["serve", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // "frp serve: listening on http://127.0.0.1:PORT  (Ctrl-C stops)"
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        let url = try #require(text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init), "\(text)")
        let holder = Task { try? await get(url + "/v1/friends", headers: ["X-Speed": "1e-9"]) }
        defer { holder.cancel() }
        // The server counts it once it holds it.
        for _ in 0..<500 where try await received(url, "friends") == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try await received(url, "friends") == 1)
        kill(process.processIdentifier, SIGINT)
        // A bound on a hang, not a measure: it used to wait for the held reply (24 h).
        let ended = await Task.detached { () -> Bool in
            for _ in 0..<200 where process.isRunning { usleep(50_000) }
            return !process.isRunning
        }.value
        #expect(ended, "frp serve was still running 10 s after SIGINT")
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.contains("frp serve: stopped after"))
    }

    @Test("transport errors read as sentences, not as NIO's system calls")
    func transportErrorsAreSentences() {
        struct Raw: Error, CustomStringConvertible { let description: String }
        #expect(HTTPTransport.reason(Raw(description: "read(descriptor:pointer:size:): Connection reset by peer (errno: 104)"))
                == "the connection was reset by the server")
        #expect(HTTPTransport.reason(Raw(description: "connect(descriptor:addr:size:): Connection refused (errno: 111)")) == "connection refused")
        #expect(HTTPTransport.reason(Raw(description: "HTTPClientError.remoteConnectionClosed")) == "the server closed the connection before it answered")
        #expect(HTTPTransport.reason(Raw(description: String(repeating: "x", count: 500))).count == 118)
        // NIO's own words for a slow connect and a cut-short answer; a server that was reached
        // but closed without answering is not "cannot be reached".
        #expect(HTTPTransport.reason(Raw(description: "Connect timeout (5 s)")) == "connecting took too long")
        #expect(HTTPTransport.failure(LoopbackHTTP.Failure.remoteConnectionClosed, base: "http://127.0.0.1:9").message
                == "the photo services at http://127.0.0.1:9 closed the connection before answering")
        #expect(HTTPTransport.failure(LoopbackHTTP.Failure.deadlineExceeded, base: "http://127.0.0.1:9").status == 504)
        // A server's long error text is cut as values are, saying so (10 MB was printed whole).
        #expect(HTTPTransport.shortened(String(repeating: "e", count: 10_000_000)) == String(repeating: "e", count: 1_000) + "… (10000000 characters)")
    }

    @Test("a client that sends half its headers and stops is closed after the idle timeout")
    func halfOpenClientIsClosed() async throws {
        let running = try await RunningServer.start(idleTimeout: .milliseconds(300))
        defer { Task { await running.stop() } }
        guard let port = URL(string: running.url)?.port else { Issue.record("no port in \(running.url)"); return }
        let closed = await Task.detached { () -> Bool in
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { return false }
            let partial = "GET /v1/friends HTTP/1.1\r\nHost: 127"
            _ = partial.withCString { send(socket, $0, strlen($0), 0) }
            // A bound on the wait, not a measure of it: the server closes after 300 ms.
            var wait = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            var byte: UInt8 = 0
            return recv(socket, &byte, 1, 0) == 0
        }.value
        #expect(closed, "the half-open connection was still open after 20 s")
    }

    @Test("the server survives 200 concurrent clients, and every response is well-formed")
    func concurrentClients() async throws {
        let running = try await RunningServer.start()
        defer { Task { await running.stop() } }
        let client = LoopbackHTTP.shared
        let photo = PhotoSite().catalog.photos[0].id
        // Every client makes the same bounded mix: good and bad requests, JSON and images.
        let requests: [(path: String, status: Int, image: Bool)] = [
            ("/v1/photos?feature=popular&rpp=100&page=1&exclude=Nude", 200, false),
            ("/v1/photos/\(photo)", 200, false),
            ("/v1/photos/1", 404, false),
            ("/images/\(photo)/4.png", 200, true),
            ("/services/rest/?method=flickr.photos.search&sort=interestingness-desc&per_page=20&format=json&nojsoncallback=1&text=cats", 200, false),
            ("/nowhere", 404, false),
        ]
        let clients = 200
        let wellFormed = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<clients {
                group.addTask {
                    var good = 0
                    for request in requests {
                        let response = try await client.execute(.GET, running.url + request.path, timeout: .seconds(60), maxBodySize: 1 << 20)
                        let body = response.body
                        let formed = request.image ? body.starts(with: [0x89, 0x50, 0x4E, 0x47])
                            : (try? JSONSerialization.jsonObject(with: Data(body))) != nil
                        if Int(response.status.code) == request.status, formed { good += 1 }
                    }
                    return good
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(wellFormed == clients * requests.count)
        let received = running.stats.services.values.map(\.received).reduce(0, +)
        #expect(received == clients * (requests.count - 1))
    }

    @Test("--services checks the server first: nothing there is a clear message")
    func nothingThere() throws {
        let transport = try HTTPTransport(base: "http://127.0.0.1:1")
        let problem = transport.check()
        #expect(problem?.message.hasPrefix("no photo services answer at http://127.0.0.1:1") == true)
        #expect(throws: HTTPTransportError.self) { try HTTPTransport(base: "127.0.0.1:8080") }
        // A port past 65535 trapped inside the HTTP client.
        #expect(throws: HTTPTransportError.self) { try HTTPTransport(base: "http://127.0.0.1:99999") }
        #expect(throws: HTTPTransportError.self) { try HTTPTransport(base: "http://127.0.0.1:0") }
    }
}

// MARK: Helpers

private func describe(_ event: Event<PhotoServices.Reply>) -> String {
    switch event {
    case .next(.json(let bytes)): return String(decoding: bytes, as: UTF8.self)
    case .next(.bytes(let bytes)): return "\(bytes.count) bytes"
    case .completed: return "completed"
    case .error(let error): return "error \(error.message)"
    }
}

private struct Reply {
    let status: Int
    let reason: String?
    /// The body's length in bytes.
    let length: Int
}

private func get(_ url: String, headers: [String: String] = [:]) async throws -> Reply {
    try await send(.GET, url, headers: headers)
}

private func post(_ url: String, body: String) async throws -> Reply {
    try await send(.POST, url, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(body.utf8))
}

/// How many requests for `service` the server at `url` received, from `GET /v1/stats`.
private func received(_ url: String, _ service: String) async throws -> Int {
    let response = try await LoopbackHTTP.shared.execute(.GET, url + "/v1/stats", timeout: .seconds(30), maxBodySize: 1 << 20)
    let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    let services = object?["services"] as? [String: Any]
    return ((services?[service] as? [String: Any])?["received"] as? Int) ?? 0
}

/// The status and the `error` of the JSON body (which must be a JSON object).
private func send(_ method: HTTPMethod, _ url: String, headers: [String: String] = [:], body: [UInt8]? = nil) async throws -> Reply {
    var fields = HTTPHeaders()
    for (name, value) in headers { fields.add(name: name, value: value) }
    let response = try await LoopbackHTTP.shared.execute(method, url, headers: fields, body: body, timeout: .seconds(30), maxBodySize: 1 << 20)
    let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    return Reply(status: Int(response.status.code), reason: object?["error"] as? String, length: response.body.count)
}

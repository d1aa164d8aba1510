import Foundation
import PhotoClient
import NIOCore
import PhotoServer
import REPL
import Services
import Synchronization
import TestSupport

/// A real `frp serve` on a free loopback port, for one test; `stop` ends it.
struct RunningServer {
    let server: PhotoServer
    let url: String
    let task: Task<Void, any Error>

    static func start(idleTimeout: TimeAmount = .seconds(30), heldLimit: Int = 512) async throws -> RunningServer {
        let server = PhotoServer(port: 0, idleTimeout: idleTimeout, heldLimit: heldLimit)
        let (urls, found) = AsyncStream<String>.makeStream()
        let task = Task {
            defer { found.finish() }
            try await server.run(stopsOnSignals: false) { url in found.yield(url) }
        }
        var iterator = urls.makeAsyncIterator()
        guard let url = await iterator.next() else {
            try await task.value
            throw ServerDidNotStart()
        }
        return RunningServer(server: server, url: url, task: task)
    }

    var stats: ServerStats { server.stats }

    func transport() throws -> HTTPTransport { try HTTPTransport(base: url) }

    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

struct ServerDidNotStart: Error {}

/// Runs blocking work (a run loop that waits for HTTP replies) on a thread of its own, so
/// it never holds one of the few threads Swift's concurrency and the server run on.
func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// The in-process transport, counting the requests it answers (to compare with what the
/// server received).
final class CountingTransport: PhotoTransport {
    let inner = InProcessTransport(site: PhotoSite())
    private let counts = Mutex<[String: Int]>([:])
    var requests: [String: Int] { counts.withLock { $0 } }

    func send(_ request: ServiceRequest, answered: @escaping @Sendable (ServiceAnswer) -> Void) -> ServiceCall {
        counts.withLock { $0[request.service, default: 0] += 1 }
        return inner.send(request, answered: answered)
    }
}

/// The repository's folders.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static func examples() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path("Examples")).filter { $0.hasSuffix(".frp") }.sorted()
            .map { path("Examples/" + $0) }
    }
}

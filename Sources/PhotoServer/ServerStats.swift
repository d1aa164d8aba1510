import JSONText
import Services
import Synchronization

/// What the server saw, per service: requests received, answered, and aborted (the client
/// went away while the request waited for its latency). `GET /v1/stats` shows it as JSON;
/// a test in the same process can wait until it says something.
public final class ServerStats: Sendable {
    public struct Counts: Equatable, Sendable {
        public var received = 0
        public var answered = 0
        public var aborted = 0
    }

    private struct State {
        var services: [String: Counts] = [:]
        /// Malformed requests, answered 4xx before any service saw them.
        var rejected = 0
        /// Every request, the playground's page and runs too.
        var requests = 0
        var waiters: [Int: Waiter] = [:]
        var lastWaiter = 0
    }

    private struct Waiter {
        let condition: @Sendable ([String: Counts]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let state = Mutex(State())

    public init() {}

    public var services: [String: Counts] { state.withLock { $0.services } }
    public var rejected: Int { state.withLock { $0.rejected } }
    public var requests: Int { state.withLock { $0.requests } }

    func count(_ service: String, _ change: (inout Counts) -> Void) {
        let satisfied = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            change(&state.services[service, default: Counts()])
            let services = state.services
            let ready = state.waiters.filter { $0.value.condition(services) }
            for key in ready.keys { state.waiters[key] = nil }
            return ready.map(\.value.continuation)
        }
        for continuation in satisfied { continuation.resume(returning: true) }
    }

    func countRequest() {
        state.withLock { $0.requests += 1 }
    }

    func reject() {
        state.withLock { $0.rejected += 1 }
    }

    /// Waits until the counts satisfy `condition`; false if `timeout` passed first (a
    /// safety net for tests: the condition is what they wait for).
    public func wait(until condition: @escaping @Sendable ([String: Counts]) -> Bool, timeout: Duration = .seconds(60)) async -> Bool {
        await withCheckedContinuation { continuation in
            let key = state.withLock { state -> Int? in
                if condition(state.services) { return nil }
                state.lastWaiter += 1
                state.waiters[state.lastWaiter] = Waiter(condition: condition, continuation: continuation)
                return state.lastWaiter
            }
            guard let key else { return continuation.resume(returning: true) }
            Task {
                try? await Task.sleep(for: timeout)
                let expired = state.withLock { $0.waiters.removeValue(forKey: key) }
                expired?.continuation.resume(returning: false)
            }
        }
    }

    /// `{"services": {"search": {"received": 5, "answered": 1, "aborted": 4}}, "rejected": 2}`.
    public var json: [UInt8] {
        let (services, rejected) = state.withLock { ($0.services, $0.rejected) }
        let entries = services.keys.sorted().map { name -> JSON.Field in
            let counts = services[name, default: Counts()]
            return .init(name, .object(["received": .number(counts.received), "answered": .number(counts.answered),
                                        "aborted": .number(counts.aborted)]))
        }
        return JSON.object(["services": .object(entries), "rejected": .number(rejected)]).bytes
    }
}

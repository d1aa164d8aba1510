import Dispatch
import HTTPTypes
import Hummingbird
import NIOCore
import Services
import Synchronization

/// What the browser playground runs, given by the program that serves it (frp): the server
/// routes and guards, it does not know the language.
public struct PlaygroundWork: Sendable {
    /// A script's run, as the JSON reply of `POST /run`.
    public var run: @Sendable (String) -> String
    /// An operator's explanation as `frp explain` prints it, nil for an unknown name.
    public var explain: @Sendable (String) -> String?
    public var operators: [String]
    /// The lessons, as JSON (`GET /lessons`).
    public var lessons: String
    /// An answer to a lesson's exercise checked, as JSON; nil for no such exercise.
    public var check: @Sendable (_ lesson: String, _ exercise: Int, _ answer: String) -> String?

    public init(run: @escaping @Sendable (String) -> String, explain: @escaping @Sendable (String) -> String?,
                operators: [String], lessons: String,
                check: @escaping @Sendable (_ lesson: String, _ exercise: Int, _ answer: String) -> String?) {
        self.run = run
        self.explain = explain
        self.operators = operators
        self.lessons = lessons
        self.check = check
    }
}

/// Runs scripts one at a time, off the server's threads; at most `waiting` wait for their
/// turn (the next gets 503): a playground open to the network cannot queue without end.
final class PlaygroundRuns: Sendable {
    private let queue = DispatchQueue(label: "frp playground runs")
    private let pending = Atomic<Int>(0)
    static let waiting = 8

    func perform(_ work: @escaping @Sendable () -> String) async throws -> String {
        guard pending.add(1, ordering: .relaxed).newValue <= Self.waiting else {
            pending.subtract(1, ordering: .relaxed)
            throw Rejection(503, "the playground is busy with \(Self.waiting) runs; try again in a moment")
        }
        defer { pending.subtract(1, ordering: .relaxed) }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}

extension PhotoServer {
    /// `GET /` the page, `POST /run` a script, `GET /explain/NAME`, `GET /operators`,
    /// `GET /lessons`, `POST /lessons/NAME/N` an answer to exercise N.
    func addPlayground(_ work: PlaygroundWork, to router: Router<PhotoRequestContext>) {
        let runs = PlaygroundRuns()
        router.get("/") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: PlaygroundPage.html)))
        }
        router.post("/run") { request, _ in
            let body = try await Self.read(request.body)
            guard let script = String(validating: body.readableBytesView, as: UTF8.self) else {
                throw Rejection(400, "the script is not UTF-8 text")
            }
            let reply = try await runs.perform { work.run(script) }
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: reply)))
        }
        router.get("/explain/:name") { _, context in
            guard let name = context.parameters.get("name"), name.count <= 64 else { throw Rejection(400, "the path needs an operator's name") }
            guard let text = try await runs.perform({ work.explain(name) ?? "" }) as String?, !text.isEmpty else {
                throw Rejection(404, "there is no operator called \(name)")
            }
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        router.get("/lessons") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: work.lessons)))
        }
        router.post("/lessons/:name/:exercise") { request, context in
            guard let name = context.parameters.get("name"), let number = context.parameters.get("exercise").flatMap({ Int($0) }) else {
                throw Rejection(400, "the path needs a lesson and an exercise's number: /lessons/search/1")
            }
            let body = try await Self.read(request.body)
            guard let answer = String(validating: body.readableBytesView, as: UTF8.self) else {
                throw Rejection(400, "the answer is not UTF-8 text")
            }
            guard let reply = try await runs.perform({ work.check(name, number, answer) ?? "" }) as String?, !reply.isEmpty else {
                throw Rejection(404, "there is no exercise \(number) in a lesson called \(name)")
            }
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: reply)))
        }
        router.get("/operators") { _, _ in
            let list = "[" + work.operators.map { JSON.quoted($0) }.joined(separator: ",") + "]"
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: list)))
        }
    }
}

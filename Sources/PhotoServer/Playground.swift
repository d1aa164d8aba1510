import Dispatch
import HTTPTypes
import Hummingbird
import NIOCore
import PlaygroundPage
import ServiceLifecycle
import JSONText
import Services
import Synchronization

/// What the browser playground runs, given by the program that serves it (frp): the server
/// routes and guards, it does not know the language.
public struct PlaygroundWork: Sendable {
    /// A script's run, as the JSON reply of `POST /run` (`POST /run/WIDTH`: its diagrams
    /// drawn to a time axis WIDTH pixels wide, the page's panel); the run stops when `stop`
    /// says so (the server is shutting down).
    public var run: @Sendable (_ script: String, _ width: Int, _ stop: @escaping @Sendable () -> Bool) -> String
    /// An operator's explanation as `frp explain` prints it, nil for an unknown name.
    public var explain: @Sendable (String) -> String?
    public var operators: [String]
    /// The lessons, as JSON (`GET /lessons`).
    public var lessons: String
    /// An answer to a lesson's exercise checked, as JSON; nil for no such exercise.
    public var check: @Sendable (_ lesson: String, _ exercise: Int, _ answer: String) -> String?
    /// A script written as RxJS or Combine (`to`: "rxjs", "combine"), as JSON
    /// (`POST /export`, `POST /export/combine`).
    public var export: @Sendable (_ script: String, _ to: String) -> String
    /// An operator's page, as JSON (`GET /operators/NAME`); nil for no such operator.
    public var operatorPage: @Sendable (_ name: String) -> String?
    /// The Examples, as JSON (`GET /examples`), and one's script (`GET /examples/NAME`).
    public var examples: String
    public var example: @Sendable (_ name: String) -> String?
    /// The script's marbles as frp reads them, as JSON (`POST /marbles`).
    public var marbles: @Sendable (_ script: String) -> String
    /// The script with one marble's mark moved, as JSON (`POST /marbles/M/E/F`).
    public var move: @Sendable (_ script: String, _ marble: Int, _ entry: Int, _ frame: Int) -> String
    /// The diagrams' stylesheet (`GET /diagram.css`): the page takes no inline style.
    public var diagramStylesheet: String
    /// The learner's progress, as JSON (`GET /progress`), and an exercise recorded as solved,
    /// skipped or seen (`POST /progress/NAME/N`, the state as the body), answering the
    /// progress: `frp learn`'s file; nil when there is none (or, recording, no such
    /// exercise or state). Nil by default: the page keeps progress in the browser then.
    public var progress: @Sendable () -> String? = { nil }
    /// RxJS code written as an frp script, as JSON (`POST /import`): `script`, `leftOut`
    /// (each `line` and `reason`), `imported`. Nil by default: no importer, a 404.
    public var importCode: (@Sendable (_ code: String) -> String)? = nil
    /// The operators by family, as JSON (`GET /families`): the page's menu.
    public var families = "[]"
    public var record: @Sendable (_ lesson: String, _ exercise: Int, _ state: String) -> String? = { _, _, _ in nil }

    public init(run: @escaping @Sendable (_ script: String, _ width: Int, _ stop: @escaping @Sendable () -> Bool) -> String,
                explain: @escaping @Sendable (String) -> String?,
                operators: [String], lessons: String,
                check: @escaping @Sendable (_ lesson: String, _ exercise: Int, _ answer: String) -> String?,
                export: @escaping @Sendable (_ script: String, _ to: String) -> String,
                operatorPage: @escaping @Sendable (_ name: String) -> String?,
                examples: String, example: @escaping @Sendable (_ name: String) -> String?,
                marbles: @escaping @Sendable (_ script: String) -> String,
                move: @escaping @Sendable (_ script: String, _ marble: Int, _ entry: Int, _ frame: Int) -> String,
                diagramStylesheet: String) {
        self.export = export
        self.operatorPage = operatorPage
        self.examples = examples
        self.example = example
        self.marbles = marbles
        self.move = move
        self.run = run
        self.explain = explain
        self.operators = operators
        self.lessons = lessons
        self.check = check
        self.diagramStylesheet = diagramStylesheet
    }
}

/// Runs scripts one at a time, off the server's threads. At most `waiting` wait for their
/// turn, and at most `perClient` of them from one address (the next gets 503): a playground
/// open to the network cannot queue without end, nor be held by one client. When the
/// server shuts down, the run in progress is told to stop and those waiting are turned
/// away, so Ctrl-C and SIGTERM end it within a run's limit at most.
final class PlaygroundRuns: Sendable {
    private let queue = DispatchQueue(label: "frp playground runs")
    private let pending = Mutex<[String: Int]>([:])
    private let stopping = Atomic<Bool>(false)
    static let waiting = 8
    static let perClient = 4

    func perform(for client: String, _ work: @escaping @Sendable (_ stop: @escaping @Sendable () -> Bool) -> String) async throws -> String {
        try admit(client)
        defer { pending.withLock { $0[client, default: 1] -= 1; if $0[client] == 0 { $0[client] = nil } } }
        return try await withGracefulShutdownHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
                queue.async { [self] in
                    guard !stopping.load(ordering: .relaxed) else {
                        return continuation.resume(throwing: Rejection(503, "the playground is stopping"))
                    }
                    continuation.resume(returning: work { [self] in stopping.load(ordering: .relaxed) })
                }
            }
        } onGracefulShutdown: { [self] in
            stopping.store(true, ordering: .relaxed)
        }
    }

    func perform(for client: String, _ work: @escaping @Sendable () -> String) async throws -> String {
        try await perform(for: client) { _ in work() }
    }

    private func admit(_ client: String) throws(Rejection) {
        let refusal = pending.withLock { pending -> String? in
            if pending.values.reduce(0, +) >= Self.waiting {
                return "the playground is busy with \(Self.waiting) runs; try again in a moment"
            }
            if pending[client, default: 0] >= Self.perClient {
                return "you have \(Self.perClient) runs waiting already; try again when one is done"
            }
            pending[client, default: 0] += 1
            return nil
        }
        if let refusal { throw Rejection(503, refusal) }
    }
}

extension PhotoServer {
    /// The page's files (`GET /`, `/playground.js`, ...), `GET /diagram.css`, `POST /run` a
    /// script, `POST /export[/combine]` it written as RxJS or Combine, `POST /marbles` its marbles and
    /// `POST /marbles/M/E/F` one moved, `GET /explain/NAME`, `GET /operators` and
    /// `/operators/NAME`, `GET /examples` and `/examples/NAME`, `GET /lessons`,
    /// `POST /lessons/NAME/N` an answer to exercise N.
    func addPlayground(_ work: PlaygroundWork, to router: Router<PhotoRequestContext>) {
        let runs = PlaygroundRuns()
        /// The JSON reply of work on a posted script, queued and limited as every run is.
        @Sendable func answer(_ request: Request, _ context: PhotoRequestContext,
                              _ work: @escaping @Sendable (_ script: String, _ stop: @escaping @Sendable () -> Bool) -> String) async throws -> Response {
            let script = try await Self.text(of: request.body, "the script")
            let reply = try await runs.perform(for: context.client) { stop in work(script, stop) }
            return Self.reply(Array(reply.utf8), type: "application/json; charset=utf-8")
        }
        for file in PlaygroundFiles.all {
            router.get(RouterPath(file.path)) { _, _ in Self.reply(file.bytes, type: file.contentType) }
        }
        let stylesheet = Array(work.diagramStylesheet.utf8)
        router.get("/diagram.css") { _, _ in Self.reply(stylesheet, type: "text/css; charset=utf-8") }
        router.post("/run") { request, context in try await answer(request, context) { script, stop in work.run(script, Self.plotWidth, stop) } }
        router.post("/run/:width") { request, context in
            guard let width = context.parameters.get("width").flatMap({ Int($0) }), Self.plotWidths.contains(width) else {
                throw Rejection(400, "the path needs the diagrams' width in pixels: /run/480 (from \(Self.plotWidths.lowerBound) to \(Self.plotWidths.upperBound))")
            }
            return try await answer(request, context) { script, stop in work.run(script, width, stop) }
        }
        router.get("/operators/:name") { _, context in
            guard let name = context.parameters.get("name"), name.count <= 64, let page = work.operatorPage(name) else {
                throw Rejection(404, "there is no such operator")
            }
            return Self.reply(Array(page.utf8), type: "application/json; charset=utf-8")
        }
        let examples = Array(work.examples.utf8)
        router.get("/examples") { _, _ in Self.reply(examples, type: "application/json; charset=utf-8") }
        router.get("/examples/:name") { _, context in
            guard let name = context.parameters.get("name"), name.count <= 64, let text = work.example(name) else {
                throw Rejection(404, "there is no such Example")
            }
            return Self.reply(Array(text.utf8), type: "text/plain; charset=utf-8")
        }
        router.post("/marbles") { request, context in try await answer(request, context) { script, _ in work.marbles(script) } }
        router.post("/marbles/:marble/:entry/:frame") { request, context in
            guard let marble = context.parameters.get("marble").flatMap({ Int($0) }),
                  let entry = context.parameters.get("entry").flatMap({ Int($0) }),
                  let frame = context.parameters.get("frame").flatMap({ Int($0) }), (-Self.longestMarble...Self.longestMarble).contains(frame) else {
                throw Rejection(400, "the path needs a marble, a mark and a frame: /marbles/0/1/7 (a frame within ±\(Self.longestMarble); below 0 before a hot marble's ^)")
            }
            return try await answer(request, context) { script, _ in work.move(script, marble, entry, frame) }
        }
        router.post("/export") { request, context in try await answer(request, context) { script, _ in work.export(script, "rxjs") } }
        router.post("/export/:to") { request, context in
            guard let to = context.parameters.get("to"), ["rxjs", "combine"].contains(to) else {
                throw Rejection(404, "frp exports to rxjs or combine: /export/combine")
            }
            return try await answer(request, context) { script, _ in work.export(script, to) }
        }
        router.get("/explain/:name") { _, context in
            guard let name = context.parameters.get("name"), name.count <= 64 else { throw Rejection(400, "the path needs an operator's name") }
            guard let text = try await runs.perform(for: context.client, { work.explain(name) ?? "" }) as String?, !text.isEmpty else {
                throw Rejection(404, "there is no operator called \(name)")
            }
            return Self.reply(Array(text.utf8), type: "text/plain; charset=utf-8")
        }
        let lessons = Array(work.lessons.utf8)
        router.get("/lessons") { _, _ in Self.reply(lessons, type: "application/json; charset=utf-8") }
        router.post("/lessons/:name/:exercise") { request, context in
            guard let name = context.parameters.get("name"), let number = context.parameters.get("exercise").flatMap({ Int($0) }) else {
                throw Rejection(400, "the path needs a lesson and an exercise's number: /lessons/search/1")
            }
            let answer = try await Self.text(of: request.body, "the answer")
            guard let reply = try await runs.perform(for: context.client, { work.check(name, number, answer) ?? "" }) as String?,
                  !reply.isEmpty else {
                throw Rejection(404, "there is no exercise \(number) in a lesson called \(name)")
            }
            return Self.reply(Array(reply.utf8), type: "application/json; charset=utf-8")
        }
        let operators = JSON.array(work.operators.map(JSON.string)).bytes
        router.get("/operators") { _, _ in Self.reply(operators, type: "application/json; charset=utf-8") }
        let families = Array(work.families.utf8)
        router.get("/families") { _, _ in Self.reply(families, type: "application/json; charset=utf-8") }
        router.post("/import") { request, context in
            guard let importCode = work.importCode else { throw Rejection(404, "this server imports no RxJS code") }
            return try await answer(request, context) { code, _ in importCode(code) }
        }
        router.get("/progress") { _, _ in
            guard let progress = work.progress() else { throw Rejection(404, "this server keeps no progress file: the page keeps it") }
            return Self.reply(Array(progress.utf8), type: "application/json; charset=utf-8")
        }
        router.post("/progress/:name/:exercise") { request, context in
            guard let name = context.parameters.get("name"), let number = context.parameters.get("exercise").flatMap({ Int($0) }) else {
                throw Rejection(400, "the path needs a lesson and an exercise's number: /progress/search/1")
            }
            let state = try await Self.text(of: request.body, "the state")
            guard let progress = work.record(name, number, state) else {
                throw Rejection(400, "cannot record exercise \(number) of \(name) as \(JSONText.quoted(String(state.prefix(40)))): "
                                + "the state is solved, skipped or seen, of an exercise that exists, where a progress file is kept")
            }
            return Self.reply(Array(progress.utf8), type: "application/json; charset=utf-8")
        }
    }

    /// The latest frame a dragged mark may go to (an hour of virtual time).
    static let longestMarble = 3_600_000
    /// The widths a diagram's time axis may be drawn to (`POST /run/WIDTH`), and the one
    /// `POST /run` draws.
    static let plotWidths = 240...2400
    static let plotWidth = 720

    static func reply(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A request's body as text.
    static func text(of body: RequestBody, _ what: String) async throws -> String {
        let bytes = try await read(body)
        guard let text = String(validating: bytes.readableBytesView, as: UTF8.self) else {
            throw Rejection(400, "\(what) is not UTF-8 text")
        }
        return text
    }
}

import Language
import Services
import Signals
import Trace

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs checked statements: the state a script or a REPL session keeps between them
/// (properties), and the printing of live events.
final class Session {
    var clock: ScriptRunner.Clock
    let output: Output
    let properties = PropertyStore()
    /// Virtual runs stop after this much virtual time if the pipeline has not ended.
    static let virtualTimeLimit = TimeSpan.seconds(600)
    /// A run stops after this many events (the pipeline is disposed): a screenful of
    /// `interval` is enough to see what it does.
    static let eventLimit = 1_000
    /// This session's limit (`frp run --max-events N`), how a run that reaches it names it,
    /// and what to do about it.
    var eventLimit = Session.eventLimit
    var eventLimitName = "the REPL's limit"
    var eventLimitAdvice = "add `take N` to see fewer"
    /// Asked between timers in live runs; true stops the run (Ctrl-C).
    var interrupted: () -> Bool = { false }
    /// Real time the whole script may take: every run and expectation in it stops when it
    /// is up (the fuzzer's bound; nil: no limit).
    var realTimeLimit: RealTimeLimit?
    /// What stopped a run when `interrupted` said so, as its trace tells it (asked then:
    /// a background job learns it when it is stopped).
    var interruptReason: @Sendable () -> String = { "Ctrl-C" }
    /// Whether the terminal echoes Ctrl-C as `^C` where the cursor is (a run at a
    /// terminal): the line saying the run was cancelled then starts on a new line.
    var interruptEchoes = false

    /// Whether runs are traced and drawn as marble diagrams afterwards.
    var tracing: Bool
    /// Where every traced event goes as one JSON object per line (`--events FILE`).
    var eventLog: EventLog?
    /// Failed expects and output that could not be written: `frp run` exits 1 if any.
    private(set) var problems = 0
    /// Where each run's SVG diagram goes (`--svg FILE`; the second run's is FILE-2.svg).
    var svgPath: String?
    private var runNumber = 0
    var diagramStyle = DiagramStyle()
    /// The REPL's background pipelines (`&`); nil in scripts, where `&` runs in the foreground.
    var jobs: Jobs?
    /// Services made to fail or to be slow (`--fail`, `--slow`), for every run.
    var serviceFailures: [String: PhotoServices.Failure] = [:]
    /// Where the services' answers come from (`--services URL`: over HTTP).
    var transport: any PhotoTransport = InProcessTransport.shared
    /// The same, set by `service` statements: for the runs and the expects after them.
    var serviceSettings: [String: PhotoServices.Failure] = [:]

    init(clock: ScriptRunner.Clock, output: Output, tracing: Bool = true) {
        self.clock = clock
        self.output = output
        self.tracing = tracing
    }

    func execute(_ statement: CheckedStatement) {
        switch statement {
        case .bind:
            break  // the checker resolved the name; later uses compile its pipeline
        case .declareProperty, .assign:
            let context = makeContext()
            defer { context.finish() }
            switch properties.apply(statement, in: context) {
            case .success(let set):
                if case .assign = statement, let (name, value) = set { jobs?.propertyChanged(name, to: value) }
            case .failure(let error):
                output.error("error: \(error.message)")
            }
        case .run(let pipeline, let background, _):
            if background, let jobs {
                if clock == .virtual {
                    output.line("(virtual time is instant: running it in the foreground; `:time live` for background runs)")
                    run(pipeline)
                } else {
                    jobs.start(pipeline, like: self)
                }
            } else {
                run(pipeline)
            }
        case .service(let name, let setting):
            serviceSettings.apply(setting, to: name)
        case .expect(let pipeline, let marble, let marbleText, let values, let error, let line, _):
            let outcome = Expectation(pipeline: pipeline, marble: marble, marbleText: marbleText,
                                      values: values, errorMessage: error, failures: serviceSettings, transport: transport,
                                      realTimeLimit: realTimeLimit, properties: properties.values).run()
            if outcome.passed {
                output.line("✓ line \(line): \(pipeline.text) emits \"\(marbleText)\"")
            } else {
                problems += 1
                output.line("✗ line \(line): \(pipeline.text) emits \"\(marbleText)\"")
                for reportLine in outcome.report { output.line("    " + reportLine) }
            }
        }
    }

    private func makeContext() -> RunContext {
        let scheduler: Scheduler
        switch clock {
        case .virtual: scheduler = .virtual()
        case .live(let speed): scheduler = .live(speed: speed)
        }
        let output = self.output
        let context = RunContext(scheduler: scheduler, properties: properties,
                                 services: PhotoSources(scheduler: scheduler, transport: transport, failures: serviceFailures.merging(serviceSettings) { $1 }),
                                 write: { output.line($0) })
        context.fuses = Fusion.enabled
        return context
    }

    /// Runs a pipeline to its end (or a limit), printing each event with its time.
    /// `started` sees the run's scheduler before time starts (a background job makes its
    /// inlet there).
    func run(_ pipeline: CheckedPipeline, started: ((Scheduler) -> Void)? = nil) {
        let context = makeContext()
        let scheduler = context.scheduler
        var tracer: Tracer<Value>?
        // Counted by the tracer's probes, so checking for leaks costs nothing per event.
        var live: SubscriptionCount?
        runNumber += 1
        if tracing || eventLog != nil || svgPath != nil {
            let stageTracer = Tracer<Value>(scheduler: scheduler)
            stageTracer.describe = { $0.abbreviated(to: 30) }
            tracer = stageTracer
            if let eventLog {
                let run = runNumber
                stageTracer.listener = { record in eventLog.write(record, run: run) }
            }
            let count = SubscriptionCount()
            live = count
            context.trace = { stage, depth in stageTracer.stageProbe(for: stage, depth: depth, counting: count) }
        }
        let compiler = Compiler(context: context)
        // A CRLF file's continued statement keeps its `\r`s in its text: not printed.
        let text = String(String.UnicodeScalarView(pipeline.text.unicodeScalars.filter { $0 != "\r" }))
        output.line("\(diagramStyle.ascii ? ">>" : "»") \(text)")
        scheduler.startClock()
        started?(scheduler)
        compiler.startHotSources(pipeline)
        var events = 0
        var ended = false
        let output = self.output
        let interrupted = self.interrupted
        var deadline = Deadline(realTimeLimit)
        let eventLimit = self.eventLimit
        let limitReason = "\(eventLimitName) of \(eventLimit) events"
        // Also polled by synchronous loops (`range 1, 1e12 | filter it < 0`), which never
        // give the scheduler a turn.
        scheduler.interrupted = { events >= eventLimit || interrupted() || deadline.passed() }
        // The run's lifetime, to end it at the limit's event: a synchronous source stops
        // there, so its trace counts the events printed.
        var endRun: (() -> Void)?
        let signal = compiler.signal(pipeline).lift { (downstream: Observer<Value>, lifetime: Lifetime) in
            endRun = { lifetime.dispose() }
            return downstream
        }
        let lifetime = signal.subscribe { event in
            guard events < eventLimit, !ended else { return }
            events += 1
            let time = EventLine.time(scheduler.now)
            switch event {
            case .next(let value): output.line("\(time)  next \(value.printed)")
            case .completed: output.line("\(time)  completed"); ended = true
            case .error(let error): output.line("\(time)  error \(Value.string(error.message))"); ended = true
            }
            if events == eventLimit, !ended {
                tracer?.disposalReason = limitReason
                endRun?()
            }
        }
        let limit: Time? = clock == .virtual ? Time.zero + Session.virtualTimeLimit : nil
        scheduler.run(until: limit, shouldStop: { ended })
        if !ended {
            let time = EventLine.time(scheduler.now)
            if events >= eventLimit {
                output.line("\(time)  stopped after \(eventLimit) event\(eventLimit == 1 ? "" : "s"), \(eventLimitName) (\(eventLimitAdvice))")
                tracer?.disposalReason = limitReason
            } else if interrupted() {
                if interruptEchoes { output.line("") }
                output.line("\(time)  cancelled")
                tracer?.disposalReason = interruptReason()
            } else if deadline.expired, let realTimeLimit {
                output.line("\(time)  stopped after \(realTimeLimit.duration) of real time")
                tracer?.disposalReason = "the limit of \(realTimeLimit.duration) of real time"
            } else if scheduler.pendingTimers > 0 {
                output.line("\(time)  stopped after \(Session.virtualTimeLimit) of virtual time: the signal had not ended")
                tracer?.disposalReason = "the limit of \(Session.virtualTimeLimit) of virtual time"
            } else {
                output.line("\(time)  (still open, but nothing more can happen: no timers or requests are pending)")
            }
        }
        scheduler.interrupted = { false }
        lifetime.dispose()
        let leftovers = Leftovers(of: context, live: live)
        if !leftovers.isEmpty { output.error("frp: \(leftovers.report)") }
        context.finish()
        if let tracer, tracing {
            output.line(MarbleDiagram(tracer: tracer, end: scheduler.now, style: diagramStyle,
                                      describe: { $0.legendDescription }, detail: { $0.description }).render())
        }
        if let sources = context.services as? PhotoSources, let line = sources.requestSummary {
            output.line(line)
        }
        if let tracer, let svgPath {
            let path = runNumber == 1 ? svgPath : Session.numbered(svgPath, runNumber)
            let svg = SVGMarbleDiagram(tracer: tracer, end: scheduler.now, title: text,
                                       describe: { $0.legendDescription }, detail: { $0.description }).render()
            if !Session.write(svg, to: path) {
                output.error("frp: cannot write \(path): \(String(cString: strerror(errno)))")
                problems += 1
            }
        }
        if let eventLog, !eventLog.flush() {
            output.error("frp: cannot write the events: \(String(cString: strerror(errno)))")
            problems += 1
            self.eventLog = nil
        }
    }
}

extension Value {
    /// How a value reads in a legend: records by their most telling field.
    var legendDescription: String {
        if case .record(let record) = self {
            for field in ["name", "title", "username", "id", "message"] {
                if let value = record[field] { return "{\(field): \(value.abbreviated(to: 30)), …}" }
            }
        }
        return abbreviated(to: 40)
    }
}

enum EventLine {
    /// `     12ms`, `    1.5s`: right-aligned so a column of events reads down.
    static func time(_ time: Time) -> String {
        let text = time.reading
        return String(repeating: " ", count: max(0, 9 - text.count)) + text
    }
}

extension Session {
    /// `trace.svg` → `trace-2.svg`.
    static func numbered(_ path: String, _ number: Int) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "\(path)-\(number)" }
        return "\(path[..<dot])-\(number)\(path[dot...])"
    }

    static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        let written = fputs(text, file) >= 0
        // A full disk shows only when the buffer is written out.
        return fclose(file) == 0 && written
    }
}

/// `--events FILE`: every traced event as one JSON object per line, for other tools:
///
///     {"run":1,"time_ms":12,"stage":"debounce 3ms","depth":0,"subscription":0,"event":"next","value":"cats"}
///
/// `event` is subscribed, next, error, completed, disposed (after it ended) or cancelled
/// (disposed before it ended); `value` comes with next, `message` with error, `cause` with
/// cancelled when known (`take 2 completed`, `Ctrl-C`).
final class EventLog {
    private let file: UnsafeMutablePointer<FILE>

    init?(path: String) {
        guard let file = fopen(path, "w") else { return nil }
        self.file = file
    }

    deinit { fclose(file) }

    /// Writes out what is buffered; false when that failed (a full disk).
    func flush() -> Bool {
        fflush(file) == 0 && ferror(file) == 0
    }

    func write(_ record: TraceRecord<Value>, run: Int) {
        var line = "{\"run\":\(run),\"time_ms\":\(Value.format(Double(record.time.nanoseconds) / 1e6))"
        line += ",\"stage\":\(Value.jsonString(record.stage)),\"depth\":\(record.depth)"
        line += ",\"subscription\":\(record.subscription),\"event\":\"\(record.kind.name)\""
        switch record.kind {
        case .next(let value): line += ",\"value\":\(value.json)"
        case .error(let message): line += ",\"message\":\(Value.jsonString(message))"
        case .cancelled(let cause?): line += ",\"cause\":\(Value.jsonString(cause))"
        default: break
        }
        line += "}\n"
        fputs(line, file)
    }
}

extension Tracer where Value == Language.Value {
    /// The language's probe for a stage: its row is the stage's place in the source.
    /// `counting` also counts the stage's live subscriptions (a leak check).
    public func stageProbe(for stage: CheckedStage, depth: Int) -> Language.StageProbe {
        stageProbe(for: stage, depth: depth, counting: nil)
    }

    func stageProbe(for stage: CheckedStage, depth: Int, counting: SubscriptionCount?) -> Language.StageProbe {
        TracedStage(probe(key: stage.site.key, label: stage.label, depth: depth,
                          input: stage.site.input, line: stage.site.line, column: stage.site.column),
                    counting: counting)
    }
}

/// Hands a stage's events to its row of the tracer (specialised for the language's values).
final class TracedStage: Language.StageProbe {
    let probe: Tracer<Value>.StageProbe
    let tracer: Tracer<Value>
    let row: Tracer<Value>.Row
    let count: SubscriptionCount?

    init(_ probe: Tracer<Value>.StageProbe, counting count: SubscriptionCount? = nil) {
        self.probe = probe
        tracer = probe.tracer
        row = probe.row
        self.count = count
    }

    override func subscribed() -> Int {
        count?.live += 1
        return probe.subscribed()
    }
    override func received(_ event: consuming Event<Value>, subscription: Int) {
        // The trace keeps 100,000 events: of a big value (`scan [], acc + [it]` makes one
        // per event), only what its diagram shows.
        if case .next(let value) = event, value.isBig {
            tracer.received(row, subscription: subscription, event, keeping: .next(value.summary))
        } else {
            tracer.received(row, subscription: subscription, event)
        }
    }
    override func disposed(subscription: Int, cancelled: Bool) {
        count?.live -= 1
        probe.disposed(subscription: subscription, cancelled: cancelled)
    }
}

/// Real time some work may take, from when the limit was made: a script's (the fuzzer's
/// bound, shared by all its runs), an expectation's.
struct RealTimeLimit: Sendable {
    let duration: Duration
    let end: ContinuousClock.Instant

    init(_ duration: Duration) {
        self.duration = duration
        end = .now + duration
    }

    /// This limit, or `other` when that one is up first.
    func earlier(_ other: RealTimeLimit?) -> RealTimeLimit {
        guard let other, other.end < end else { return self }
        return other
    }
}

/// A real-time limit that is cheap to poll: it reads the clock every 8th time. Polls come
/// every 1024 values of a synchronous source, so each costs nothing per event; reading the
/// clock more often keeps an expensive event (a long list copied) from delaying the stop.
struct Deadline {
    private let end: ContinuousClock.Instant?
    private var polls = 0
    private(set) var expired = false

    init(_ limit: RealTimeLimit?) {
        end = limit?.end
    }

    mutating func passed() -> Bool {
        guard let end, !expired else { return expired }
        polls &+= 1
        if polls & 7 == 0, ContinuousClock.now >= end { expired = true }
        return expired
    }
}

extension [String: PhotoServices.Failure] {
    /// What a `service` statement says, from then on.
    mutating func apply(_ setting: ServiceSetting, to service: String) {
        switch setting {
        case .fails(let message, let times?): self[service] = .failFirst(times, message ?? "failed on demand")
        case .fails(let message, nil): self[service] = .fail(message ?? "failed on demand")
        case .slow(let factor): self[service] = .slow(factor)
        case .normal: self[service] = nil
        }
    }
}

extension PropertyStore {
    /// Declares (`var NAME = EXPRESSION`) or sets (`NAME := EXPRESSION`) a property, the
    /// expression evaluated in `context`; the name and value set, nil for other statements.
    func apply(_ statement: CheckedStatement, in context: RunContext) -> Result<(String, Value)?, SignalError> {
        do throws(EvaluationFailure) {
            switch statement {
            case .declareProperty(let name, let expression):
                let value = try Compiler(context: context).evaluate(expression)
                declare(name, value)
                return .success((name, value))
            case .assign(let name, let expression, _):
                let value = try Compiler(context: context).evaluate(expression)
                do throws(SignalError) {
                    try property(name)?.set(value)
                } catch {
                    return .failure(error)
                }
                return .success((name, value))
            default:
                return .success(nil)
            }
        } catch {
            return .failure(SignalError(error.message))
        }
    }
}

import Dispatch
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
    /// How every run of the session runs: clock, limits, services, tracing and outputs.
    var options: RunOptions
    let output: Output
    let properties = PropertyStore()
    /// Virtual runs stop after this much virtual time if the pipeline has not ended.
    static let virtualTimeLimit = TimeSpan.seconds(600)
    /// A run stops after this many events (the pipeline is disposed): a screenful of
    /// `interval` is enough to see what it does.
    static let eventLimit = 1_000
    /// Whether the terminal echoes Ctrl-C as `^C` where the cursor is (a run at a
    /// terminal): the line saying the run was cancelled then starts on a new line.
    var interruptEchoes = false
    /// Failed expects and output that could not be written: `frp run` exits 1 if any.
    private(set) var problems = 0
    private var runNumber = 0
    /// The REPL's background pipelines (`&`); nil in scripts, where `&` runs in the foreground.
    var jobs: Jobs?
    /// Services made to fail or be slow by `service` statements: for the runs and the
    /// expects after them (the options' failures, `--fail`/`--slow`, are for runs only).
    var serviceSettings: [String: PhotoServices.Failure] = [:]

    init(options: RunOptions, output: Output) {
        self.options = options
        self.output = output
    }

    func execute(_ statement: CheckedStatement) {
        switch statement {
        case .bind, .define:
            break  // the checker resolved the name; later uses compile its pipeline or stages
        case .declareProperty, .assign, .bindProperty:
            var options = self.options
            options.serviceFailures = options.serviceFailures.merging(serviceSettings) { $1 }
            let context = options.makeContext(properties: properties, write: { [output] in output.line($0) })
            defer { context.finish() }
            switch properties.apply(statement, in: context) {
            case .success(let set):
                if case .assign = statement, let (name, value) = set { jobs?.propertyChanged(name, to: value) }
            case .failure(let error):
                output.error("error: \(error.message)")
            }
        case .run(let pipeline, let background, _):
            if background, let jobs {
                if options.clock == .virtual {
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
                                      values: values, errorMessage: error, failures: serviceSettings, transport: options.transport,
                                      realTimeLimit: options.realTimeLimit, properties: properties.values).run()
            if outcome.passed {
                output.line("✓ line \(line): \(pipeline.text) emits \"\(marbleText)\"")
            } else {
                problems += 1
                output.line("✗ line \(line): \(pipeline.text) emits \"\(marbleText)\"")
                for reportLine in outcome.report { output.line("    " + reportLine) }
            }
        }
    }

    /// Runs a pipeline to its end (or a limit), printing each event with its time, then
    /// its trace. `started` sees the run's scheduler before time starts (a background job
    /// makes its inlet there).
    /// `marking`: records of marks (`{a: "kit"}`) whose letters the trace keeps before the
    /// pipeline's own (a lesson's exercise draws its answer with the exercise's letters).
    func run(_ pipeline: CheckedPipeline, marking: [CheckedExpression] = [], started: ((Scheduler) -> Void)? = nil) {
        runNumber += 1
        var options = self.options
        options.serviceFailures = options.serviceFailures.merging(serviceSettings) { $1 }
        let output = self.output
        // A CRLF file's continued statement keeps its `\r`s in its text: not printed.
        let text = String(String.UnicodeScalarView(pipeline.text.unicodeScalars.filter { $0 != "\r" }))
        output.line("\(options.diagramStyle.ascii ? ">>" : "»") \(text)")
        let run = Run(pipeline: pipeline, options: options, properties: properties, write: { output.line($0) },
                      number: runNumber)
        let line = EventLine(style: options.diagramStyle, pretty: options.prettyValues)
        let outcome = run.perform(started: started) { event, time in
            output.line(line.text(event, at: time))
        }
        report(outcome, of: text, with: options, named: marks(of: marking + pipeline.marbleValueRecords))
    }

    /// The marks records give their values (`{b: "w"}`), for the trace.
    private func marks(of records: [CheckedExpression]) -> [(mark: Character, full: String)] {
        let context = RunContext(scheduler: .virtual(), properties: properties)
        defer { context.finish() }
        let compiler = Compiler(context: context)
        return records.flatMap { expression -> [(mark: Character, full: String)] in
            guard case .record(let record)? = try? compiler.evaluate(expression) else { return [] }
            return record.fields.compactMap { field in
                field.name.count == 1 ? (field.name.first ?? "?", field.value.description) : nil
            }
        }
    }

    /// After a run: why it stopped when it did not end, leaks, its diagram, its requests,
    /// its SVG and events files.
    private func report(_ outcome: RunOutcome, of text: String, with options: RunOptions,
                        named: [(mark: Character, full: String)]) {
        let time = EventLine.time(outcome.end)
        switch outcome.stop {
        case .ended: break
        case .eventLimit:
            let limit = options.eventLimit ?? RunOptions.EventLimit()
            output.line("\(time)  stopped after \(limit.count) event\(limit.count == 1 ? "" : "s"), \(limit.name) (\(limit.advice))")
        case .interrupted:
            if interruptEchoes { output.line("") }
            output.line("\(time)  cancelled")
        case .realTime:
            output.line("\(time)  stopped after \(options.realTimeLimit?.duration ?? .zero) of real time")
        case .memory:
            output.line("\(time)  stopped after using more than \((options.memoryLimit ?? 0) >> 20) MB of memory, the most a run may here")
        case .horizon:
            output.line("\(time)  stopped after \(Session.virtualTimeLimit) of virtual time: the signal had not ended")
        case .quiescent:
            output.line("\(time)  (still open, but nothing more can happen: no timers or requests are pending)")
        }
        if !outcome.leftovers.isEmpty { output.error("frp: \(outcome.leftovers.report)") }
        if let tracer = outcome.tracer, options.tracing {
            output.line(MarbleDiagram(tracer: tracer, end: outcome.end, style: options.diagramStyle,
                                      describe: { $0.legendDescription }, detail: { $0.description }, named: named).render())
        }
        if let line = outcome.requestSummary { output.line(line) }
        if let tracer = outcome.tracer, let diagrams = options.diagrams {
            diagrams(SVGMarbleDiagram(tracer: tracer, end: outcome.end, title: text,
                                      describe: { $0.legendDescription }, detail: { $0.description }).render())
        } else if let tracer = outcome.tracer, let svgPath = options.svgPath {
            let path = runNumber == 1 ? svgPath : Session.numbered(svgPath, runNumber)
            let svg = SVGMarbleDiagram(tracer: tracer, end: outcome.end, title: text,
                                       describe: { $0.legendDescription }, detail: { $0.description }).render()
            do throws(AtomicFile.Failure) {
                try AtomicFile.replace(path, with: svg, inPlaceUnlessRegular: true)
                output.error("frp: wrote \(path)")
            } catch {
                output.error("frp: cannot write \(path): \(error.reason)")
                problems += 1
            }
        }
        if let eventLog = options.eventLog {
            do throws(AtomicFile.Failure) {
                try eventLog.flush()
            } catch {
                output.error("frp: cannot write the events: \(error.reason)")
                problems += 1
                eventLog.discard()
                self.options.eventLog = nil
            }
        }
    }
}

extension Value {
    /// How a value reads in a legend: records by their most telling field.
    var legendDescription: String {
        if case .record(let record) = self {
            for field in ["name", "title", "username", "id", "message"] {
                if let value = record[field] { return "{\(field): \(value.shortened(to: 30)), …}" }
            }
        }
        return shortened(to: 40)
    }
}

/// An event as a line of a run's output: `    12ms  next "kitten"`. At a terminal, kinds
/// and times are coloured and a value too wide for the line is laid out over several.
struct EventLine {
    var style = DiagramStyle()
    var pretty = false

    /// `     12ms`, `    1.5s`: right-aligned so a column of events reads down.
    static func time(_ time: Time) -> String {
        let text = time.reading
        return String(repeating: " ", count: max(0, 9 - text.count)) + text
    }

    func text(_ event: Event<Value>, at time: Time) -> String {
        let when = EventLine.time(time)
        let (kind, value): (String, String?)
        switch event {
        case .next(let sent):
            kind = "next"
            // Continued lines start under `next`, nested ones two further each.
            let column = when.count + 2
            value = pretty ? sent.pretty(width: style.width, indent: column + kind.count + 1).enumerated()
                .map { $0.offset == 0 ? $0.element : String(repeating: " ", count: column) + $0.element }
                .joined(separator: "\n") : sent.printed
        case .completed: (kind, value) = ("completed", nil)
        case .error(let error): (kind, value) = ("error", Value.string(error.message).printed)
        }
        guard style.color else { return "\(when)  \(kind)" + (value.map { " " + $0 } ?? "") }
        let colour = ["next": "32", "completed": "34", "error": "31;1"][kind] ?? "0"
        return "\u{1B}[2m\(when)\u{1B}[0m  \u{1B}[\(colour)m\(kind)\u{1B}[0m" + (value.map { " " + $0 } ?? "")
    }
}

extension Session {
    /// `trace.svg` → `trace-2.svg`.
    static func numbered(_ path: String, _ number: Int) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "\(path)-\(number)" }
        return "\(path[..<dot])-\(number)\(path[dot...])"
    }
}

/// `--events FILE`: every traced event as one JSON object per line, for other tools:
///
///     {"run":1,"time_ms":12,"stage":"debounce 3ms","depth":0,"subscription":0,"event":"next","value":"cats"}
///
/// `event` is subscribed, next, error, completed, disposed (after it ended) or cancelled
/// (disposed before it ended); `value` comes with next, `message` with error, `cause` with
/// cancelled when known (`take 2 completed`, `Ctrl-C`).
///
/// The lines go to a temporary file beside FILE (`AtomicFile`), renamed over it when the
/// script ends: a run that fails to write them leaves the old FILE whole.
final class EventLog {
    private let file: AtomicFile

    init(path: String) throws(AtomicFile.Failure) {
        file = try AtomicFile(path, inPlaceUnlessRegular: true)
    }

    /// Writes out what is buffered; fails with the reason (a full disk).
    func flush() throws(AtomicFile.Failure) {
        try file.flush()
    }

    /// Puts the file in place, once the script has ended.
    func commit() throws(AtomicFile.Failure) {
        try file.commit()
    }

    /// Gives up after a failed write: the old file stays.
    func discard() {
        file.discard()
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
        file.write(line)
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
                          input: stage.site.input, line: stage.site.order.line, column: stage.site.order.column),
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
        // A value a stage records itself is one `received` would keep as it is: a value
        // that is not big, heard by no listener.
        super.init(log: probe.tracer.listener == nil ? probe.row.log : nil)
    }

    override func subscribed() -> Int {
        count?.live += 1
        return probe.subscribed()
    }
    override func received(_ event: consuming Event<Value>, subscription: Int) {
        // The trace keeps 100,000 events: of a big value (`scan [], acc + [it]` makes one
        // per event), only what its diagram shows (`Value.isBig`: what a stage that
        // records into `log` itself leaves to this).
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

    var hasPassed: Bool { ContinuousClock.now >= end }

    /// This limit, or `other` when that one is up first.
    func earlier(_ other: RealTimeLimit?) -> RealTimeLimit {
        guard let other, other.end < end else { return self }
        return other
    }
}

/// A run's real-time limit, cheap to poll. The scheduler polls it before every timer and
/// synchronous loops every 64 values: it reads the clock every 8th poll (`passed`). A
/// costly operation inside an event (`matches` or `contains` over megabytes, a long text
/// built) asks through `Interruption`, which reads the clock at once (`passedNow`): an
/// event that takes long cannot carry a run past its limit, as reading the clock every
/// 512 events did (100 `contains` on 16 MB ran 62.8 s under a 5 s limit). It reads the
/// clock itself rather than being told by a timer on another thread: a timer on
/// Dispatch's global queue never fired while two runs kept both of its threads busy.
/// The end is kept as plain nanoseconds of the monotonic clock (a
/// `ContinuousClock.Instant` is read through witness tables, ~400 instructions a poll, P8).
final class Deadline {
    /// `DispatchTime`'s uptime nanoseconds at the end; `.max` without a limit.
    private let end: UInt64
    private var polls = 0
    private(set) var expired = false

    init(_ limit: RealTimeLimit?) {
        guard let limit else {
            end = .max
            return
        }
        let (seconds, attoseconds) = (limit.end - .now).components
        let nanoseconds = max(0, Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
        end = DispatchTime.now().uptimeNanoseconds &+ UInt64(min(nanoseconds, 1e18))
    }

    /// Whether the end has come, reading the clock every 8th time.
    func passed() -> Bool {
        guard end != .max, !expired else { return expired }
        polls &+= 1
        return polls & 7 == 0 ? passedNow() : false
    }

    /// Whether the end has come, reading the clock now.
    func passedNow() -> Bool {
        guard end != .max, !expired else { return expired }
        if DispatchTime.now().uptimeNanoseconds >= end { expired = true }
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
            case .bindProperty(let name, _):
                // Null until the pipeline sends a value, in a run that reads it.
                if property(name) == nil { declare(name, .null) }
                return .success(nil)
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

import Language
import Services
import Signals
import Trace

/// One run of a checked pipeline: its scheduler, services and probes made from its
/// options, driven to its end or a limit, then disposed and checked for leftovers. What the
/// events mean is the caller's: a session prints them, an expectation records them.
struct Run {
    let pipeline: CheckedPipeline
    let options: RunOptions
    /// The properties the pipeline reads (a background job's own copy).
    let properties: PropertyStore
    /// Where `log` writes.
    var write: (String) -> Void = { _ in }
    /// The run's number in its session, for `--events` records.
    var number = 1
    /// Whether the stages are traced (to draw, or for the events and SVG outputs).
    var traced = false
    /// Where each trace record goes as it is made (the events file).
    var records: ((TraceRecord<Value>) -> Void)?

    /// Runs it; `started` sees the scheduler before time starts (a background job makes
    /// its inlet there), `observe` every event with its time, until the limits.
    func perform(started: ((Scheduler) -> Void)? = nil, observe: @escaping (Event<Value>, Time) -> Void) -> RunOutcome {
        let context = options.makeContext(properties: properties, write: write)
        let scheduler = context.scheduler
        let (tracer, live) = attachProbes(to: context)
        let compiler = Compiler(context: context)

        let events = EventCount()
        var ended = false
        let interrupted = options.interrupted
        let deadline = Deadline(options.realTimeLimit)
        let limit = options.eventLimit?.count ?? .max
        // Also polled by synchronous loops (`range 1, 1e12 | filter it < 0`), which never
        // give the scheduler a turn, and by costly operations inside an event
        // (`Interruption`). Set before anything starts: a bound property's pipeline
        // (`var a <- range 1, 1e12`) runs as the run starts.
        let memory = options.memoryLimit.map(MemoryLimit.init)
        scheduler.interrupted = { events.count >= limit || interrupted() || deadline.passed() || memory?.passed() == true }
        let costly = Interruption { events.count >= limit || interrupted() || deadline.passedNow() }
        return Interruption.$current.withValue(costly) { () -> RunOutcome in
            scheduler.startClock()
            started?(scheduler)
            compiler.startHotSources(pipeline)
            let bindings = Lifetime()
            compiler.startPropertyBindings(pipeline, until: bindings)
            // The run's lifetime, to end it at the limit's event: a synchronous source stops
            // there, so its trace counts the events sent.
            var endRun: (() -> Void)?
            let signal = compiler.signal(pipeline).lift { (downstream: Observer<Value>, lifetime: Lifetime) in
                endRun = { lifetime.dispose() }
                return downstream
            }
            let start = scheduler.now
            let lifetime = signal.subscribe { event in
                guard events.count < limit, !ended else { return }
                events.count += 1
                if case .next = event {} else { ended = true }
                observe(event, scheduler.now)
                if events.count == limit, !ended {
                    tracer?.disposalReason = options.eventLimit.map(Run.reached)
                    endRun?()
                }
            }
            switch options.horizon {
            case .limit(let span):
                scheduler.run(until: options.clock == .virtual ? start + span : nil, shouldStop: { ended })
            case .window(let span):
                scheduler.run(until: start + span, shouldStop: { ended || lifetime.isDisposed })
                // Still subscribed: the window lasts its whole length, then the run ends.
                if !ended, !lifetime.isDisposed, !deadline.expired { scheduler.advance(to: start + span) }
            }
            let stop = memory?.exceeded == true ? .memory : stopReason(ended: ended, events: events.count, deadline: deadline, scheduler: scheduler)
            switch stop {
            case .eventLimit: tracer?.disposalReason = options.eventLimit.map(Run.reached)
            case .interrupted: tracer?.disposalReason = "when the run was stopped by \(options.interruptReason())"
            case .realTime: tracer?.disposalReason = options.realTimeLimit.map { Run.reached("the limit of \($0.duration) of real time") }
            case .memory: tracer?.disposalReason = options.memoryLimit.map { Run.reached("the limit of \($0 >> 20) MB of memory") }
            case .horizon:
                if case .limit(let span) = options.horizon { tracer?.disposalReason = Run.reached("the limit of \(span) of virtual time") }
            case .quiescent: tracer?.disposalReason = "when the run ended: nothing more could happen"
            case .ended: break
            }
            scheduler.interrupted = { false }
            let end = scheduler.now
            lifetime.dispose()
            bindings.dispose()
            let leftovers = Leftovers(of: context, live: live)
            context.finish()
            // Who cancelled whom is known only now the run is over: resolved once, so every
            // view of the trace (text, SVG, the page's rows, the events file) reads one
            // finished trace and none changes what it draws.
            tracer?.resolveCauses()
            return RunOutcome(stop: stop, end: end, events: events.count, tracer: tracer, leftovers: leftovers,
                              requestSummary: (context.services as? PhotoSources)?.requestSummary)
        }
    }

    /// `when the run reached the REPL's limit of 1000 events`: a cancellation's cause.
    private static func reached(_ limit: String) -> String { "when the run reached \(limit)" }

    private static func reached(_ limit: RunOptions.EventLimit) -> String { reached("\(limit.name) of \(limit.count) events") }

    /// The tracer (when traced), and the count of live subscriptions (when counted: a
    /// traced run counts with its probes, at no cost per event).
    private func attachProbes(to context: RunContext) -> (Tracer<Value>?, SubscriptionCount?) {
        let count = SubscriptionCount()
        guard traced else {
            guard options.countsSubscriptions else { return (nil, nil) }
            context.trace = { _, _ in CountedStage(count) }
            context.probesOnlyCount = true
            return (nil, count)
        }
        let tracer = Tracer<Value>(scheduler: context.scheduler)
        tracer.describe = { $0.abbreviated(to: 30) }
        if let records { tracer.listener = records }
        context.trace = { stage, depth in tracer.stageProbe(for: stage, depth: depth, counting: count) }
        return (tracer, count)
    }

    private func stopReason(ended: Bool, events: Int, deadline: Deadline, scheduler: Scheduler) -> RunOutcome.Stop {
        // First: a costly operation stopped by the limit ends the pipeline with an error.
        if deadline.expired { return .realTime }
        if ended { return .ended }
        if let limit = options.eventLimit, events >= limit.count { return .eventLimit }
        if options.interrupted() { return .interrupted }
        if case .window = options.horizon { return .horizon }
        return scheduler.pendingTimers > 0 ? .horizon : .quiescent
    }
}

/// The events a run has let through: counted by its observer, read at every poll of the
/// scheduler and of a synchronous loop (every 64 values of a fused `range`). Unchecked for
/// exclusive access, as the engine's modules are: a captured variable's read would be
/// checked at each poll, a cost a fused `range` feels at every event.
/// Only the run's own closures touch it, on the run's thread, one at a time.
final class EventCount {
    @exclusivity(unchecked) var count = 0
}

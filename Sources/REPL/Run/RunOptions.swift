import Language
import Services
import Signals
import Trace

/// How a run runs: its clock, its limits, where the services' answers come from, whether
/// it is fused. The REPL, `frp run`, `frp test`, the explain demonstrations, `frp learn`'s
/// checks and background jobs all describe their runs with one value, so a background job
/// is its session's options with another stop. Where a run's output goes is `RunOutputs`.
struct RunOptions {
    var clock: ScriptRunner.Clock = .virtual
    /// Whether an untraced run still counts its stages' subscriptions, to report leaks
    /// (`frp test` does; `frp run --no-trace` pays nothing per event instead).
    var countsSubscriptions = false
    /// Whether runs of simple stages are fused (`Fusion`).
    var fused = Fusion.enabled
    /// A run stops after this many events; nil: no limit.
    var eventLimit: EventLimit? = EventLimit()
    /// How far a run goes in virtual time: a run that has not ended stops at a limit; an
    /// expectation's window is recorded whole.
    var horizon = Horizon.limit(Session.virtualTimeLimit)
    /// Real time the work may take (a script's, an expectation's); nil: no limit.
    var realTimeLimit: RealTimeLimit?
    /// Heap a run may add, in bytes (`MemoryLimit`); nil: no limit.
    var memoryLimit: Int?
    /// Asked between timers, and by synchronous loops; true stops the run (Ctrl-C, `:stop`).
    var interrupted: () -> Bool = { false }
    /// What stopped a run when `interrupted` said so, as its trace tells it.
    var interruptReason: @Sendable () -> String = { "Ctrl-C" }
    /// Where the services' answers come from (`--services URL`: over HTTP).
    var transport: any PhotoTransport = InProcessTransport.shared
    /// Services made to fail or be slow: `--fail`/`--slow` (runs only) merged with the
    /// `service` statements before the run.
    var serviceFailures: [String: PhotoServices.Failure] = [:]
    /// The sources beyond the language's own, when not the photo services (a test gives a
    /// leaky one).
    var services: ((Scheduler) -> SourceProvider)?
    struct EventLimit {
        var count = Session.eventLimit
        /// How a run that reaches it names it, and what to do about it.
        var name = "the REPL's limit"
        var advice = "add `take N` to see fewer"
    }

    enum Horizon {
        /// Stops there if it has not ended (and says so).
        case limit(TimeSpan)
        /// Runs exactly this long, whatever ends before: what an expectation compares.
        case window(TimeSpan)
    }

    /// A run's context: its scheduler on the options' clock, the services, the properties
    /// it reads, fusion.
    func makeContext(properties: PropertyStore, write: @escaping (String) -> Void) -> RunContext {
        let scheduler = Scheduler(clock: clock)
        let services = self.services?(scheduler)
            ?? PhotoSources(scheduler: scheduler, transport: transport, failures: serviceFailures)
        let context = RunContext(scheduler: scheduler, properties: properties, services: services, write: write)
        context.fuses = fused
        return context
    }

    /// The options of an `expect`: virtual time, a window, leak counting, no tracing.
    static func expectation(window: TimeSpan, within realTime: RealTimeLimit?, transport: any PhotoTransport,
                            failures: [String: PhotoServices.Failure]) -> RunOptions {
        var options = RunOptions()
        options.countsSubscriptions = true
        options.eventLimit = EventLimit(count: Expectation.eventLimit, name: "an expect's limit",
                                        advice: "a marble names each event: compare fewer with `take N`")
        options.horizon = .window(window)
        options.realTimeLimit = realTime
        options.transport = transport
        options.serviceFailures = failures
        return options
    }
}

/// What a run came to.
struct RunOutcome {
    enum Stop: Equatable {
        /// The pipeline completed or failed.
        case ended
        /// The event limit: the pipeline was disposed at its last event.
        case eventLimit
        /// `interrupted` said so (Ctrl-C, `:stop`).
        case interrupted
        /// The real-time limit.
        case realTime
        /// The memory limit.
        case memory
        /// The horizon, with timers still pending (a `.limit`), or the window's end.
        case horizon
        /// Nothing more could happen: no timers or requests pending, and not ended.
        case quiescent
    }

    var stop: Stop
    /// The virtual or scaled time when it stopped.
    var end: Time
    /// Events sent to the subscriber (up to the limit).
    var events: Int
    /// The trace of every stage, when the run was traced.
    var tracer: Tracer<Value>?
    /// What the disposed run left behind (nothing, unless frp leaks).
    var leftovers: Leftovers
    /// `requests: search 5 (4 cancelled)`, when any service was asked.
    var requestSummary: String?
}

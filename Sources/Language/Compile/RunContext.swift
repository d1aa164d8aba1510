import Signals

/// Makes the signals of named sources the language does not define itself: the photo
/// services. The program that embeds the language provides it.
public protocol SourceProvider: AnyObject {
    /// The specs of the sources it provides (checked like built-ins).
    var specs: [OperatorSpec] { get }
    /// A cold signal for one use of the source, with its arguments evaluated.
    func signal(for name: String, arguments: [Value], context: RunContext) -> Signal<Value>
    /// Requests started and not yet answered or cancelled (0 once a run is disposed).
    var openRequests: Int { get }
}

/// What records a stage's events for a run (the REPL's `TracedStage` hands them to the
/// tracer's `Tracer.StageProbe`): a class to subclass, so a traced event is one
/// class-method call from the event path (a generic probe's witnesses would not be
/// specialised; closures cost one more hop).
open class StageRecorder: Probe {
    public typealias Value = Language.Value

    /// Where a stage may record its values itself, without calling `received`: a fused
    /// stage does, for values that are not big. Nil when every event must come
    /// through `received` (something else hears them: an `--events` file, a count).
    public let log: EventLog<Value>?

    public init(log: EventLog<Value>? = nil) {
        self.log = log
    }

    open func subscribed() -> Int { 0 }
    /// Takes the event owned, so a tracer can keep it without copying it.
    open func received(_ event: consuming Event<Value>, subscription: Int) {}
    open func disposed(subscription: Int, cancelled: Bool) {}
}

/// Everything one run shares: its scheduler, its hot sources, the session's properties,
/// where `log` writes, and the probes the tracer attaches.
public final class RunContext {
    public let scheduler: Scheduler
    public let properties: PropertyStore
    public let services: SourceProvider?
    /// Where `log` writes its lines.
    public let write: (String) -> Void
    /// The probe of a stage's output (the Int is how deep in inner pipelines the stage
    /// is), or nil when the run is not traced.
    public var trace: ((CheckedStage, Int) -> StageRecorder)?
    /// Whether the probes only count live subscriptions (an expect's leak check) and draw
    /// nothing: then an inner run that subscribes nothing (a known run) may stand in for
    /// a subscribed one, as in an untraced run.
    public var probesOnlyCount = false
    /// Whether runs of simple stages become one fused operator (FusedStages.swift). The
    /// fused path is an optimisation of the same entries, so a run must send the same
    /// events either way (`make test` runs every script both ways).
    public var fuses = true
    /// Whether a traced `range`'s rows of pure number stages before a sum are counted as
    /// it runs and recorded when it stops (FusedStages.CountedRows): the same entries, for
    /// an increment per value. Off only to compare the two (`CountedRowsTests`).
    public var countsRows = true
    /// What the plan of a pipeline depends on (`Planner`).
    public var mode: RunMode { RunMode(probed: trace != nil, probesOnlyCount: probesOnlyCount, fuses: fuses) }
    /// How many of a traced `range`'s values went through counted rows.
    public internal(set) var countedValues = 0
    var hotSources: [Int: HotSource<Value>] = [:]
    /// Timers the hot sources armed for their own events: not a subscription's.
    public var hotSourceTimers: Int { hotSources.values.reduce(0) { $0 + $1.pendingTimers } }
    /// `let` names are instantiated once per run, so a shared signal is one signal.
    var boundSignals: [String: Signal<Value>] = [:]
    /// The run's actions, by the place of their `action` stage (`Site.key`).
    var actions: [String: ActionRun] = [:]
    /// What runs as long as the run does, subscribed or not: a `share` or `replay` with
    /// `eager true`, connected when it is built. Disposed by `finish()`.
    public let connections = Lifetime()

    /// Lets go of the signals made for `let` names and of the run's actions once the run
    /// is over: they hold the compiler and this context, which holds them — a cycle that
    /// kept every run of a script in memory until the process ended (LeakSanitizer found
    /// it; `LeakTests.runIsFreed` checks both).
    public func finish() {
        connections.dispose()
        boundSignals = [:]
        actions = [:]
    }

    public init(scheduler: Scheduler, properties: PropertyStore = PropertyStore(),
                services: SourceProvider? = nil, write: @escaping (String) -> Void = { print($0) }) {
        self.scheduler = scheduler
        self.properties = properties
        self.services = services
        self.write = write
    }
}

/// The session's properties (`var text = ""`): named values whose changes are signals.
public final class PropertyStore {
    private(set) var properties: [String: Property<Value>] = [:]

    public init() {}

    public func declare(_ name: String, _ value: Value) {
        if let existing = properties[name] {
            try? existing.set(value)
        } else {
            properties[name] = Property(value)
        }
    }

    public func property(_ name: String) -> Property<Value>? { properties[name] }

    public func value(_ name: String) -> Value { properties[name]?.value ?? .null }

    /// Every property's current value (a background run starts its own store from these).
    public var values: [String: Value] { properties.mapValues(\.value) }
}

import Signals

/// Records, through the engine's probes, what every stage of a run did: who subscribed
/// and when, each event with its time, and each disposal — and whether it was a
/// cancellation (disposed before it ended: switchMap dropping a stale search, take
/// stopping its source, Ctrl-C).
///
/// One row per stage of the program (a stage used by many subscriptions, like the inner
/// pipeline of flatMap, shares its row). Memory is bounded: past `eventLimit` events the
/// oldest are dropped and the diagram says so.
public final class Tracer<Value> {
    /// One stage's line of the diagram. A class the stage's probe points at directly, so
    /// recording an event is one store.
    public final class Row {
        public let key: String
        public let label: String
        /// How deep inside inner pipelines the stage is (0 for the outer pipeline).
        public let depth: Int
        /// Where the stage is in the session, for ordering rows as the program reads.
        public let order: (input: Int, line: Int, column: Int)
        /// The first and the latest subscriptions (`SubscriptionLog`: 3 million inner runs
        /// must not cost a line each).
        var subscriptionLog = SubscriptionLog()
        /// The subscriptions kept, in order: the first ones and the latest.
        public var subscriptions: [Subscription] { subscriptionLog.kept }
        /// How many there were in all.
        public var subscriptionCount: Int { subscriptionLog.total }
        /// How many are not kept (between the first and the latest).
        public var droppedSubscriptions: Int { subscriptionLog.dropped }
        /// The row's events: appended while the row may grow, a ring once the memory
        /// bound capped it. A stage may record its values here itself (`EventLog`).
        public let log: EventLog<Value>

        init(key: String, label: String, depth: Int, order: (input: Int, line: Int, column: Int), log: EventLog<Value>) {
            self.key = key
            self.label = label
            self.depth = depth
            self.order = order
            self.log = log
        }

        /// The events kept, oldest first.
        /// The events kept, oldest first, each with the number of the subscription that
        /// received it (which inner run: the SVG's lanes).
        public var events: [(time: Time, event: Event<Value>, subscription: Int)] { log.entries }
        public var eventCount: Int { log.count }

        /// Visits the events kept, oldest first (a diagram reads them once, uncopied).
        public func forEachEvent(_ body: (Time, Event<Value>, Int) -> Void) {
            log.forEach { body($0.time, $0.event, $0.subscription) }
        }

        /// Keeps at most `limit` events from now on (the newest); returns how many it dropped.
        func cap(at limit: Int) -> Int { log.cap(at: limit) }
    }

    public typealias Subscription = TraceSubscription

    public private(set) var rows: [Row] = []
    private var index: [String: Int] = [:]
    @usableFromInline let scheduler: Scheduler
    public let eventLimit: Int
    /// The rows' logs' shared bound, and which recorded the newest event.
    let budget: EventBudget
    var capDrops = 0
    /// Events overwritten or dropped to bound memory.
    public var droppedEvents: Int { rows.reduce(capDrops) { $0 + $1.log.overwritten } }
    /// Set by the runner before it disposes a run from outside (`Ctrl-C`, `:stop 2`).
    public var disposalReason: String?
    /// How to write a value in a cause (`"kitten"`).
    public var describe: (Value) -> String = { "\($0)" }

    /// Hears every record as it happens (for `--events FILE`): a stream, so an export is
    /// complete even when the diagram's memory bound dropped old events.
    public var listener: ((TraceRecord<Value>) -> Void)?

    public init(scheduler: Scheduler, eventLimit: Int = 100_000) {
        self.scheduler = scheduler
        self.eventLimit = max(10, eventLimit)
        budget = EventBudget(limit: self.eventLimit)
        budget.makeRoom = { [unowned self] in makeRoom() }
    }

    /// The probe for a stage; stages with the same key share a row.
    public func probe(key: String, label: String, depth: Int, input: Int = 0, line: Int, column: Int) -> StageProbe {
        if index[key] == nil {
            index[key] = rows.count
            rows.append(Row(key: key, label: label, depth: depth, order: (input, line, column),
                            log: EventLog(budget: budget, scheduler: scheduler)))
        }
        return StageProbe(tracer: self, row: rows[index[key] ?? 0])
    }

    /// Rows in the order the program reads (input, line, then column).
    public var orderedRows: [Row] {
        rows.sorted {
            ($0.order.input, $0.order.line, $0.order.column, $0.depth) < ($1.order.input, $1.order.line, $1.order.column, $1.depth)
        }
    }

    func subscribed(_ row: Row) -> Int {
        let subscription = row.subscriptionLog.append(Subscription(start: scheduler.now))
        if let listener { listener(record(row, subscription, .subscribed)) }
        return subscription
    }

    @usableFromInline
    func record(_ row: Row, _ subscription: Int, _ kind: TraceRecord<Value>.Kind) -> TraceRecord<Value> {
        TraceRecord(time: scheduler.now, stage: row.label, depth: row.depth, subscription: subscription, kind: kind)
    }

    /// Records an event of a stage (its probe calls this; so may a specialised probe).
    /// The event is taken owned and moved into the row's log: no copy of it per record.
    @inlinable @inline(__always)
    public func received(_ row: Row, subscription: Int, _ event: consuming Event<Value>) {
        if event.termination != nil { ended(row, subscription) }
        if let listener { announce(row, subscription, event, to: listener) }
        row.log.record(event, subscription: subscription)
    }

    /// Records an event, keeping `kept` in the diagram's memory in its place (the listener
    /// hears the whole event): a big value's beginning, so that the memory bound, counted
    /// in events, holds for values of any size.
    @inlinable
    public func received(_ row: Row, subscription: Int, _ event: Event<Value>, keeping kept: consuming Event<Value>) {
        if event.termination != nil { ended(row, subscription) }
        if let listener { announce(row, subscription, event, to: listener) }
        row.log.record(kept, subscription: subscription)
    }

    /// A subscription's line ends at its terminal event, even if it is disposed later
    /// (disposal runs from the end of the whole pipeline).
    @usableFromInline
    func ended(_ row: Row, _ subscription: Int) {
        let now = scheduler.now
        row.subscriptionLog.update(subscription) { if $0.end == nil { $0.end = now } }
    }

    @usableFromInline
    func announce(_ row: Row, _ subscription: Int, _ event: Event<Value>, to listener: (TraceRecord<Value>) -> Void) {
        switch event {
        case .next(let value): listener(record(row, subscription, .next(value)))
        case .error(let error): listener(record(row, subscription, .error(error.message)))
        case .completed: listener(record(row, subscription, .completed))
        }
    }

    /// Bounded memory: the busiest row gives up a tenth of the bound and from then on
    /// keeps only its newest events (a ring), so a steady unbounded source costs no copies.
    func makeRoom() {
        guard let busiest = rows.max(by: { $0.eventCount < $1.eventCount }) else { return }
        let dropped = busiest.cap(at: busiest.eventCount - max(1, eventLimit / 10))
        capDrops += dropped
        budget.recorded -= dropped
    }

    func disposed(_ row: Row, subscription: Int, cancelled: Bool) {
        let cause = cancelled ? (disposalReason ?? precedingEvent(of: row)) : nil
        if let listener { listener(record(row, subscription, cancelled ? .cancelled(cause: cause) : .disposed)) }
        let now = scheduler.now, final = disposalReason != nil
        row.subscriptionLog.update(subscription) { kept in
            guard kept.end == nil else { return }
            kept.end = now
            kept.cancelled = cancelled
            kept.cause = cause
            kept.causeIsFinal = final
        }
    }

    /// The newest event of this instant before a cancellation: switchMap's new value,
    /// takeUntil's notifier.
    func precedingEvent(of row: Row) -> String? {
        guard let last = rows.first(where: { ObjectIdentifier($0.log) == budget.newest }), last !== row,
              let newest = last.newest, newest.time == scheduler.now else {
            return nil
        }
        return "when \(Self.describe(newest.event, of: last, describe))"
    }

    static func describe(_ event: Event<Value>, of row: Row, _ describe: (Value) -> String) -> String {
        switch event {
        case .next(let value): return "\(row.label) sent \(describe(value))"
        case .completed: return "\(row.label) completed"
        case .error(let error): return "\(row.label) failed (\(error.message))"
        }
    }

    /// Who cancelled whom, once the run is over: a stage is cancelled by the nearest stage
    /// after it in its pipeline that ended at that instant (take, first, takeUntil); the
    /// engine frees a source before it sends the completion on, so only now is it known.
    /// Otherwise the cause is the event that preceded the cancellation. Called once, when the
    /// run ends (`Run`); the diagrams draw a trace whose causes are resolved and change nothing.
    public func resolveCauses() {
        // The instants of cancellations still to explain; none, and nothing is walked
        // (a run of ten million events usually cancels nothing).
        var instants = Set<Int64>()
        for row in rows {
            for subscription in row.subscriptions where subscription.cancelled && !subscription.causeIsFinal {
                if let end = subscription.end { instants.insert(end.nanoseconds) }
            }
        }
        guard !instants.isEmpty else { return }
        // Each row's terminal events at those instants, found once.
        var endings: [ObjectIdentifier: [Int64: Event<Value>]] = [:]
        for row in rows {
            row.forEachEvent { time, event, _ in
                if event.termination != nil, instants.contains(time.nanoseconds) {
                    endings[ObjectIdentifier(row), default: [:]][time.nanoseconds] = event
                }
            }
        }
        let ordered = orderedRows
        for (position, row) in ordered.enumerated() {
            let later = ordered[(position + 1)...].filter { $0.depth == row.depth && $0.order.input == row.order.input }
            row.subscriptionLog.updateAll { subscription in
                guard subscription.cancelled, !subscription.causeIsFinal else { return }
                subscription.causeIsFinal = true
                guard let end = subscription.end else { return }
                for candidate in later {
                    if let ending = endings[ObjectIdentifier(candidate)]?[end.nanoseconds] {
                        subscription.cause = "when \(candidate.label) \(ending.termination == .completed ? "completed" : "failed")"
                        break
                    }
                }
            }
        }
    }

    public final class StageProbe: Probe {
        public let tracer: Tracer<Value>
        public let row: Row

        init(tracer: Tracer<Value>, row: Row) {
            self.tracer = tracer
            self.row = row
        }

        public func subscribed() -> Int { tracer.subscribed(row) }

        @inlinable public func received(_ event: Event<Value>, subscription: Int) {
            tracer.received(row, subscription: subscription, event)
        }

        public func disposed(subscription: Int, cancelled: Bool) {
            tracer.disposed(row, subscription: subscription, cancelled: cancelled)
        }
    }
}

extension Tracer.Row {
    /// A cancellation as every trace words it (the text diagram, the SVG, the page):
    /// `search it (2nd) at 15ms: when debounce 3ms sent "kitten"`.
    public func cancellation(_ subscription: TraceSubscription) -> String? {
        guard subscription.cancelled, let end = subscription.end else { return nil }
        let which = subscriptionCount > 1 ? " (\(Self.ordinal(subscription.number + 1)))" : ""
        return "\(label)\(which) at \(end.reading)" + (subscription.cause.map { ": \($0)" } ?? "")
    }

    /// `1st`, `2nd`, `11th`, `23rd`.
    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    var newest: (time: Time, event: Event<Value>)? { log.newest.map { ($0.time, $0.event) } }
    /// Whether the memory bound dropped the row's oldest events.
    public var droppedOldest: Bool { log.isCapped }
}

/// One traced happening, as `--events` writes it.
public struct TraceRecord<Value> {
    public enum Kind {
        case subscribed
        case next(Value)
        case error(String)
        case completed
        /// Disposed after it ended.
        case disposed
        /// Disposed before it ended: someone stopped it (`cause` says who, when known).
        case cancelled(cause: String?)

        public var name: String {
            switch self {
            case .subscribed: return "subscribed"
            case .next: return "next"
            case .error: return "error"
            case .completed: return "completed"
            case .disposed: return "disposed"
            case .cancelled: return "cancelled"
            }
        }
    }

    public var time: Time
    public var stage: String
    public var depth: Int
    public var subscription: Int
    public var kind: Kind

    public init(time: Time, stage: String, depth: Int, subscription: Int, kind: Kind) {
        self.time = time
        self.stage = stage
        self.depth = depth
        self.subscription = subscription
        self.kind = kind
    }
}

/// One subscription of a stage: when it started and ended, and if it was cancelled
/// (disposed before it ended), what caused it.
public struct TraceSubscription {
    /// Its place among the stage's subscriptions, from 0.
    public internal(set) var number = 0
    public var start: Time
    public var end: Time?
    public var cancelled = false
    /// Why it was cancelled, always worded `when …`: the event that led to the disposal
    /// (`when take 2 completed`, `when debounce 3ms sent "kitten"`) or the run's end
    /// (`when the run was stopped by Ctrl-C`).
    public var cause: String?
    var causeIsFinal = false
}

/// A stage's subscriptions, bounded: the first `kept` and the latest `kept` (a ring), with
/// the count of all. A subscription is named by its number; one no longer kept is no longer
/// updated. The events are bounded the same way (`Tracer.eventLimit`).
struct SubscriptionLog {
    typealias Subscription = TraceSubscription
    static let kept = 1_000

    private var head: [Subscription] = []
    private var tail: [Subscription] = []
    /// Where the oldest of `tail` is, once it is full.
    private var oldest = 0
    private(set) var total = 0

    var dropped: Int { total - head.count - tail.count }

    /// Oldest first.
    var kept: [Subscription] {
        head + (0..<tail.count).map { tail[(oldest + $0) % tail.count] }
    }

    /// Keeps it, numbered; returns its number.
    mutating func append(_ subscription: Subscription) -> Int {
        var subscription = subscription
        subscription.number = total
        total += 1
        if head.count < Self.kept {
            head.append(subscription)
        } else if tail.count < Self.kept {
            tail.append(subscription)
        } else {
            tail[oldest] = subscription
            oldest = (oldest + 1) % Self.kept
        }
        return subscription.number
    }

    mutating func update(_ number: Int, _ change: (inout Subscription) -> Void) {
        if number < head.count { return change(&head[number]) }
        let first = total - tail.count
        guard number >= first, number < total else { return }
        change(&tail[(oldest + number - first) % tail.count])
    }

    mutating func updateAll(_ change: (inout Subscription) -> Void) {
        for index in head.indices { change(&head[index]) }
        for index in tail.indices { change(&tail[index]) }
    }
}

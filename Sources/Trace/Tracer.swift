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
    public struct Row {
        public let key: String
        public let label: String
        /// How deep inside inner pipelines the stage is (0 for the outer pipeline).
        public let depth: Int
        /// Where the stage is in the session, for ordering rows as the program reads.
        public let order: (input: Int, line: Int, column: Int)
        public var subscriptions: [(start: Time, end: Time?, cancelled: Bool)] = []
        /// The row's events, oldest first: `log[first...]`. Dropping old events moves
        /// `first` and compacts only now and then, so a long run costs O(1) per event.
        @usableFromInline var log: [(time: Time, event: Event<Value>)] = []
        @usableFromInline var first = 0

        public var events: [(time: Time, event: Event<Value>)] { Array(log[first...]) }
        public var eventCount: Int { log.count - first }

        @usableFromInline
        mutating func dropOldest(_ count: Int) {
            first += count
            if first > 4096, first * 2 > log.count {
                log.removeFirst(first)
                first = 0
            }
        }
    }

    // @usableFromInline, and the event path @inlinable: the tracer is generic, and
    // unspecialised it looked up generic metadata on every event (perf: 19x slower).
    @usableFromInline var rows: [Row] = []
    private var index: [String: Int] = [:]
    @usableFromInline let scheduler: Scheduler
    public let eventLimit: Int
    public internal(set) var droppedEvents = 0
    @usableFromInline var recordedEvents = 0

    /// Hears every record as it happens (for `--events FILE`): a stream, so an export is
    /// complete even when the diagram's memory bound dropped old events.
    public var listener: ((TraceRecord<Value>) -> Void)?

    public init(scheduler: Scheduler, eventLimit: Int = 100_000) {
        self.scheduler = scheduler
        self.eventLimit = eventLimit
    }

    /// The probe for a stage; stages with the same key share a row.
    public func probe(key: String, label: String, depth: Int, input: Int = 0, line: Int, column: Int) -> StageProbe {
        if index[key] == nil {
            index[key] = rows.count
            rows.append(Row(key: key, label: label, depth: depth, order: (input, line, column)))
        }
        return StageProbe(tracer: self, row: index[key] ?? 0)
    }

    /// Rows in the order the program reads (input, line, then column).
    public var orderedRows: [Row] {
        rows.sorted {
            ($0.order.input, $0.order.line, $0.order.column, $0.depth) < ($1.order.input, $1.order.line, $1.order.column, $1.depth)
        }
    }

    @inlinable
    func subscribed(row: Int) -> Int {
        rows[row].subscriptions.append((scheduler.now, nil, false))
        let subscription = rows[row].subscriptions.count - 1
        if let listener { listener(record(row, subscription, .subscribed)) }
        return subscription
    }

    @usableFromInline
    func record(_ row: Int, _ subscription: Int, _ kind: TraceRecord<Value>.Kind) -> TraceRecord<Value> {
        TraceRecord(time: scheduler.now, stage: rows[row].label, depth: rows[row].depth,
                    subscription: subscription, kind: kind)
    }

    @inlinable
    func received(row: Int, subscription: Int, _ event: Event<Value>) {
        // A subscription's line ends at its terminal event, even if it is disposed later
        // (disposal runs from the end of the whole pipeline).
        if event.termination != nil, subscription < rows[row].subscriptions.count,
           rows[row].subscriptions[subscription].end == nil {
            rows[row].subscriptions[subscription].end = scheduler.now
        }
        recordedEvents += 1
        if recordedEvents > eventLimit { dropOldest() }
        rows[row].log.append((scheduler.now, event))
        if let listener {
            switch event {
            case .next(let value): listener(record(row, subscription, .next(value)))
            case .error(let error): listener(record(row, subscription, .error(error.message)))
            case .completed: listener(record(row, subscription, .completed))
            }
        }
    }

    @usableFromInline
    func dropOldest() {
        // Bounded memory: drop the oldest tenth of the busiest row at once (one copy, not
        // one per event).
        guard let busiest = rows.indices.max(by: { rows[$0].eventCount < rows[$1].eventCount }) else { return }
        let dropped = min(rows[busiest].eventCount, max(1, eventLimit / 10))
        rows[busiest].dropOldest(dropped)
        droppedEvents += dropped
        recordedEvents -= dropped
    }

    @inlinable
    func disposed(row: Int, subscription: Int, cancelled: Bool) {
        if let listener { listener(record(row, subscription, cancelled ? .cancelled : .disposed)) }
        guard subscription < rows[row].subscriptions.count, rows[row].subscriptions[subscription].end == nil else { return }
        rows[row].subscriptions[subscription].end = scheduler.now
        rows[row].subscriptions[subscription].cancelled = cancelled
    }

    public final class StageProbe: Probe {
        @usableFromInline let tracer: Tracer<Value>
        @usableFromInline let row: Int

        init(tracer: Tracer<Value>, row: Int) {
            self.tracer = tracer
            self.row = row
        }

        @inlinable public func subscribed() -> Int { tracer.subscribed(row: row) }

        @inlinable public func received(_ event: Event<Value>, subscription: Int) {
            tracer.received(row: row, subscription: subscription, event)
        }

        @inlinable public func disposed(subscription: Int, cancelled: Bool) {
            tracer.disposed(row: row, subscription: subscription, cancelled: cancelled)
        }
    }
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
        /// Disposed before it ended: someone stopped it.
        case cancelled

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

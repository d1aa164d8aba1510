#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The events a traced stage keeps, each with its time and the number of the subscription
/// that received it: appended while the log may grow; once capped, a ring in which each
/// new event overwrites the oldest (no copy, nothing destroyed in bulk).
///
/// It lives here, below the language and the tracer, so that a stage whose value type is
/// known records into it with a few stores (FusedStages: `StageRecorder.log`), specialised
/// and inlined, instead of a call through its probe (the call and the generic record
/// would be most of what tracing costs). Its own storage, not an Array: an array held by a
/// class checks on every write that its buffer is unique and the index in bounds.
public final class EventLog<Value> {
    public typealias Entry = (time: Time, event: Event<Value>, subscription: Int)

    /// The C heap's block (see `reallocate`); the entries start at `base`, past the ones a
    /// cap dropped from the front.
    @usableFromInline var block: UnsafeMutablePointer<Entry>
    @usableFromInline var base: UnsafeMutablePointer<Entry>
    /// Entries the block holds from `base` on.
    @usableFromInline var allocated: Int
    @usableFromInline var stored = 0
    /// Where the oldest entry is once the log is a ring (0 while it grows).
    @usableFromInline var oldest = 0
    /// Entries overwritten by newer ones once it is a ring (counted here, not in the
    /// shared budget: a store to another object per traced event).
    public var overwritten = 0
    /// The most entries kept: unbounded until `cap(at:)`.
    @usableFromInline var capacity = Int.max
    /// Whether an entry may hold a reference (see `record(holdingNoReferences:)`).
    @usableFromInline var mayHoldReferences = false
    /// Whether its entries are counted and not written yet (`countRecord`): numbers a
    /// counted row sent (FusedStages' counted rows), written when the loop that counted
    /// them stops (`writeCounted`). Nothing reads the log meanwhile.
    @usableFromInline var unwritten = false
    /// The bound all the logs of a trace share, and the clock. Not retained: the tracer
    /// owns them and the logs; `_withUnsafeGuaranteedRef` reads them without the retain
    /// and release a load of an unowned reference costs per event.
    @usableFromInline let budget: Unmanaged<EventBudget>
    @usableFromInline let scheduler: Unmanaged<Scheduler>

    public init(budget: EventBudget, scheduler: Scheduler) {
        self.budget = .passUnretained(budget)
        self.scheduler = .passUnretained(scheduler)
        precondition(_isBitwiseTakable(Entry.self) && MemoryLayout<Entry>.alignment <= 16,
                     "entries moved bit by bit (`reallocate`), in malloc's alignment")
        allocated = 16
        block = Self.reallocate(nil, to: allocated)
        base = block
    }

    deinit {
        // Entries that hold no references need no destroying (a call through the entry's
        // type per entry).
        if mayHoldReferences && !unwritten { base.deinitialize(count: stored) }
        free(block)
    }

    public var count: Int { stored }

    /// The most events all the trace's logs keep together: a row can show no more.
    public var mostKept: Int { budget._withUnsafeGuaranteedRef { $0.limit } }

    /// Keeps `event`, received now by `subscription`; past the budget, the busiest log
    /// gives up its oldest (`EventBudget.makeRoom`).
    @inlinable @inline(__always)
    public func record(_ event: consuming Event<Value>, subscription: Int) {
        // A completion holds nothing: the end of a row of numbers leaves it a log of
        // plain entries, freed without destroying each.
        if !event.isCompletion { mayHoldReferences = true }
        keep(event, subscription: subscription)
    }

    /// `record` for an event the caller knows holds no references (a number): while
    /// every entry is such, an overwritten one is not destroyed (a call per event,
    /// a large part of what tracing costs). Safe because nothing in it needs releasing;
    /// the first `record` of any other event ends it for the log's life.
    @inlinable @inline(__always)
    public func record(holdingNoReferences event: consuming Event<Value>, subscription: Int) {
        keep(event, subscription: subscription)
    }

    /// Once the log is a ring of entries that hold no references (a traced number
    /// lane's steady state: every record of a long run past the trace's bound), a record
    /// is a few stores, inlined into the stage; the rest (growing, the shared bound,
    /// entries to release) is out of line (a call per record would be much of what
    /// tracing costs).
    @inlinable @inline(__always)
    func keep(_ event: consuming Event<Value>, subscription: Int) {
        guard stored == capacity, !mayHoldReferences else { return keepOutOfLine(event, subscription: subscription) }
        let now = scheduler._withUnsafeGuaranteedRef { $0.now }
        (base + oldest).initialize(to: (now, event, subscription))
        overwroteOldest()
    }

    /// The ring's oldest entry was overwritten by the newest.
    @inlinable @inline(__always)
    func overwroteOldest() {
        oldest &+= 1
        if oldest == stored { oldest = 0 }
        budget._withUnsafeGuaranteedRef { $0.newest = ObjectIdentifier(self) }
        overwritten &+= 1
    }

    /// The entries it keeps when a record overwrites the oldest and holds no reference
    /// (the ring's steady state, where `record(holdingNoReferences:)` is a few stores and
    /// touches nothing shared but the budget's `newest`); nil until then.
    @inlinable
    public var ringOfPlainEntries: Int? {
        stored == capacity && !mayHoldReferences ? capacity : nil
    }

    /// `total` events recorded now, one by one, into the ring of plain entries
    /// (`ringOfPlainEntries`), of which the last `count` are `newest(0)`, `newest(1)`, …,
    /// oldest first, as many as it keeps, or all of them when fewer: the log ends as those
    /// records would have left it (the ring's entries, what it overwrote, the budget's
    /// `newest`), without being called for the ones overwritten anyway (FusedStages'
    /// counted rows). Each event is made as it is kept: no list of them to destroy.
    ///
    /// Inlinable, so it is specialised where it is called (a generic loop looked the
    /// entry's type up at every event).
    @inlinable
    public func recordInRing(_ count: Int, of total: Int, subscription: Int, newest: (Int) -> Event<Value>) {
        assert(ringOfPlainEntries.map { count == min(total, $0) } ?? false,
               "the last events of a ring of plain entries, as many as it keeps")
        for index in 0..<count { keep(newest(index), subscription: subscription) }
        overwritten += total - count
    }

    /// Whether it may count its records instead of writing them (`startCounting`): it
    /// keeps nothing yet, so every entry it will hold is a counted one.
    public var canCount: Bool { stored == 0 && !unwritten }

    /// From now on `countRecord` stands for `record(holdingNoReferences:)` of a number,
    /// until `writeCounted` writes the entries kept.
    public func startCounting() {
        precondition(canCount, "only a log that keeps nothing counts")
        unwritten = true
    }

    /// What `record(holdingNoReferences:)` does to the log and the shared budget (the
    /// count, what it overwrites, the budget's room and `newest`), without the entry: a
    /// counted row's traced event before its log is a ring (writing each entry, and the
    /// caps moving them, are most of what filling a trace's window costs).
    @inlinable @inline(__always)
    public func countRecord() {
        guard stored == capacity else { return countGrowing() }
        overwritten &+= 1
        budget._withUnsafeGuaranteedRef { $0.newest = ObjectIdentifier(self) }
    }

    @usableFromInline
    func countGrowing() {
        stored &+= 1
        budget._withUnsafeGuaranteedRef { budget in
            budget.newest = ObjectIdentifier(self)
            budget.recorded &+= 1
            if budget.recorded > budget.limit { budget.makeRoom() }
        }
    }

    /// `count` records counted at once: the log grows to its capacity, then each
    /// overwrites the oldest. Where the budget has the room for them (`room`), no record
    /// among them makes room, so their order does not matter (the budget's `newest` is
    /// this log's: the caller tells the log that recorded last, `recordedLast`).
    public func countRecords(_ count: Int) {
        guard count > 0 else { return }
        let growing = min(count, capacity - stored)
        precondition(unwritten && growing <= room, "counted records the budget has room for")
        stored &+= growing
        overwritten &+= count - growing
        budget._withUnsafeGuaranteedRef { $0.recorded &+= growing }
        recordedLast()
    }

    /// How many more entries the trace's logs may hold before one makes room.
    public var room: Int { budget._withUnsafeGuaranteedRef { $0.limit - $0.recorded } }

    /// The budget's newest is this log's: it recorded (or counted) the last event.
    public func recordedLast() {
        budget._withUnsafeGuaranteedRef { $0.newest = ObjectIdentifier(self) }
    }

    /// Writes the entries counted, as the records would have: received now by
    /// `subscription`, `newest(0)` the newest, oldest first. Nothing else is asked of it
    /// (the budget heard the records as they were counted).
    @inlinable
    public func writeCounted(subscription: Int, newest: (Int) -> Event<Value>) {
        precondition(unwritten, "counted entries")
        unwritten = false
        if allocated < stored { reserve(stored) }
        let now = scheduler._withUnsafeGuaranteedRef { $0.now }
        for index in 0..<stored { (base + index).initialize(to: (now, newest(stored &- 1 &- index), subscription)) }
        oldest = 0
    }

    @inlinable @inline(never)
    func keepOutOfLine(_ event: consuming Event<Value>, subscription: Int) {
        let now = scheduler._withUnsafeGuaranteedRef { $0.now }
        if stored < capacity {
            if stored == allocated { grow() }
            (base + stored).initialize(to: (now, event, subscription))
            stored &+= 1
            budget._withUnsafeGuaranteedRef { budget in
                budget.newest = ObjectIdentifier(self)
                budget.recorded &+= 1
                if budget.recorded > budget.limit { budget.makeRoom() }
            }
            return
        }
        (base + oldest).pointee = (now, event, subscription)
        overwroteOldest()
    }

    @usableFromInline
    func grow() { reserve(min(allocated * 2, capacity)) }

    /// Makes the block hold `count` entries from `base` (it grows or shrinks at its end).
    @usableFromInline
    func reserve(_ count: Int) {
        let offset = base - block
        block = Self.reallocate(block, to: offset + count)
        base = block + offset
        allocated = count
    }

    /// A block of `count` entries from the C heap, holding what `old` held (the smaller
    /// of the two sizes), which it frees. `realloc` moves a large block by remapping its
    /// pages, where a new block and a copy touch fresh pages, a page fault each: the logs'
    /// growing and capping were most of what a traced run's trace cost by the clock. It
    /// moves the entries bit by bit, which their type allows: `init` checks that the
    /// compiler says so (every `Value` is; a type with a weak reference on Darwin would not
    /// be).
    @usableFromInline
    static func reallocate(_ old: UnsafeMutablePointer<Entry>?, to count: Int) -> UnsafeMutablePointer<Entry> {
        guard let memory = realloc(old, max(1, count) * MemoryLayout<Entry>.stride) else {
            fatalError("out of memory for a trace of \(count) events")
        }
        return memory.bindMemory(to: Entry.self, capacity: count)
    }

    /// The entries kept, oldest first.
    public var entries: [Entry] {
        assert(!unwritten, "counted entries are written before they are read")
        return (0..<stored).map { base[(oldest + $0) % stored] }
    }

    /// Visits the entries kept, oldest first, without copying them out.
    public func forEach(_ body: (borrowing Entry) -> Void) {
        withEntries { older, newer in
            for entry in older { body(entry) }
            for entry in newer { body(entry) }
        }
    }

    /// The entries kept, oldest first, as the two parts of the ring: a reader that loops
    /// over them itself pays no call per entry (generic code looks up the entry's type
    /// at each call of a closure).
    public func withEntries<Result>(_ body: (UnsafeBufferPointer<Entry>, UnsafeBufferPointer<Entry>) -> Result) -> Result {
        assert(!unwritten, "counted entries are written before they are read")
        return body(UnsafeBufferPointer(start: base + oldest, count: stored - oldest), UnsafeBufferPointer(start: base, count: oldest))
    }

    public var newest: Entry? {
        assert(!unwritten, "counted entries are written before they are read")
        return stored == 0 ? nil : base[(oldest == 0 ? stored : oldest) - 1]
    }

    /// Whether it was capped (its oldest entries may have been dropped).
    public var isCapped: Bool { capacity != Int.max }

    /// Keeps the newest `limit` entries, and from now on at most that many; returns how
    /// many it dropped.
    ///
    /// In place, in the same block: a new block and a copy touch fresh pages, a page
    /// fault each (see `reallocate`). Entries in order (never overwritten yet) start
    /// further on in the block, with nothing moved; a ring's parts are the older
    /// `oldest..<stored` and the newer `0..<oldest`, and the oldest go first.
    public func cap(at limit: Int) -> Int {
        let limit = max(1, limit)
        let kept = min(stored, limit)
        let dropped = stored - kept
        defer {
            stored = kept
            capacity = limit
            if allocated > limit { reserve(limit) }
        }
        if unwritten { return dropped }
        if oldest != 0 && limit > stored { return linearize(capacity: limit) }
        if mayHoldReferences { dropOldest(dropped) }
        let older = stored - oldest
        if oldest == 0 {
            base += dropped
            allocated -= dropped
            // What the front holds dropped is reused once it is more than the rest.
            if base - block > kept {
                block.moveInitialize(from: base, count: kept)
                allocated += base - block
                base = block
            }
        } else if dropped <= older {
            // The older part loses its first `dropped` and closes up behind the newer:
            // a ring of `kept` whose oldest entry is where it was (or, the older part
            // gone, at the start).
            (base + oldest).moveInitialize(from: base + oldest + dropped, count: older - dropped)
            if oldest == kept { oldest = 0 }
        } else {
            // The older part goes, and the newer part's first ones: the rest, in order,
            // move to the front.
            base.moveInitialize(from: base + dropped - older, count: kept)
            oldest = 0
        }
        return dropped
    }

    /// Destroys the oldest `count` entries (a ring's older part first).
    private func dropOldest(_ count: Int) {
        let older = stored - oldest
        (base + oldest).deinitialize(count: min(count, older))
        if count > older { base.deinitialize(count: count - older) }
    }

    /// A ring capped above its count, to grow again: its entries in order in a new block
    /// of `capacity` (the one cap that moves them to one; none of the tracer's).
    private func linearize(capacity limit: Int) -> Int {
        let storage = Self.reallocate(nil, to: limit)
        storage.moveInitialize(from: base + oldest, count: stored - oldest)
        (storage + stored - oldest).moveInitialize(from: base, count: oldest)
        free(block)
        block = storage
        base = storage
        allocated = limit
        oldest = 0
        return 0
    }
}

/// What the event logs of one trace share: how many entries they hold at most, how many
/// they hold, and which log recorded the newest event (at a cancellation, what led to it).
public final class EventBudget {
    public let limit: Int
    public var recorded = 0
    public var newest: ObjectIdentifier?
    /// Called when `recorded` passes `limit`: caps a log (`EventLog.cap`) and lowers
    /// `recorded` by what it dropped.
    public var makeRoom: () -> Void = {}

    public init(limit: Int) { self.limit = limit }
}

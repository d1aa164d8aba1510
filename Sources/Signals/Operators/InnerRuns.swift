/// What a flattening operator runs for each value (`InnerRuns`, `InnerRun`, `RunValues`),
/// and what it keeps of each subscribed run (`InnerLifetime`, `InnerSlots`): the
/// `Flattener` (Flattening.swift) is their one user.

/// How a flattening operator makes each value's run: always a signal to subscribe, or an
/// `InnerRun`, which may be known when made. Two kinds, not `.signal` runs: the flattener
/// destroyed each `InnerRun` through the enum's unspecialised value witness, a cost in
/// every subscribed run.
public enum InnerRuns<Value, Inner> {
    case signals((Value) -> Signal<Inner>)
    case runs((Value) -> InnerRun<Inner>)
    /// Each value's signal, of which the run takes the first N values (N > 0) and then
    /// ends, as a `take N` after it would: an inner pipeline's last `take`, counted by the
    /// run's own lifetime (`InnerLifetime` as `TakeCounting`), with no stage made and
    /// subscribed for each value (a stage object, its signal and its two closures).
    /// A count above `Int32.max` is a `take` stage after each signal (a run counts 32 bits).
    case taking(Int, (Value) -> Signal<Inner>)

    /// These runs, with a count that a run cannot hold (`InnerLifetime.stillTaken`, 32
    /// bits) made a `take` after each signal: what a `Flattener` runs.
    @inlinable var countedByEachRun: InnerRuns {
        guard case .taking(let count, let signals) = self, count > Int(Int32.max) else { return self }
        return .signals { signals($0).take(count) }
    }
}

/// What a flattening operator runs for a value: a signal, or the values of a signal
/// known to send them at once and complete (`of a, b`), which the operator sends in
/// the run's place — as RxJava's flatMap takes a scalar source without subscribing to it.
/// The run behaves as the signal would: it counts as running while it sends (a value
/// that arrives meanwhile waits, or cancels it for switchMap), and stops when the
/// subscription is disposed.
public enum InnerRun<Value> {
    case signal(Signal<Value>)
    case immediate([Value])
    /// The values of a signal known to send them together after a delay and then complete
    /// (`timer 1s | mapTo it`): the operator arms a timer in the run's place, and the run
    /// ends when it has sent them — a timer, its action and the values, not a
    /// subscription.
    case delayed(TimeSpan, RunValues<Value>, on: Scheduler)
}

/// The values of a run: one, kept without a list (most delayed runs send one: `timer 1s |
/// mapTo it`; a list was an allocation and a generic release per run), or a list.
public enum RunValues<Value>: Sequence {
    case one(Value)
    case list([Value])

    public static var none: RunValues { .list([]) }

    @inlinable
    public var array: [Value] {
        switch self {
        case .one(let value): return [value]
        case .list(let values): return values
        }
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let values: RunValues
        @usableFromInline var index = 0

        @inlinable init(_ values: RunValues) { self.values = values }

        @inlinable
        public mutating func next() -> Value? {
            defer { index += 1 }
            switch values {
            case .one(let value): return index == 0 ? value : nil
            case .list(let list): return index < list.count ? list[index] : nil
            }
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }
}

/// An inner run's lifetime, with its flattener and its slot there: its end's closure
/// captures this one object, so it needs no context of its own (a lifetime and a context
/// were two allocations per inner run).
@usableFromInline
final class InnerLifetime<Value, Inner>: Lifetime {
    /// Strong, as the end's closure held it: the flattener lives while an inner can end.
    @usableFromInline let flattener: Flattener<Value, Inner>
    /// Its slot in `inners`: 32 bits, as 2^31 runs alive at once would be 150 GB of them
    /// (flatMap fails above a million, `Backlog.runningInners`).
    @usableFromInline var slot: Int32 = 0
    /// The values it still takes (`InnerRuns.taking`, at most `Int32.max`): with `slot`,
    /// one word, and the run is 72 bytes, in malloc's 80-byte block.
    @usableFromInline var stillTaken: Int32 = 0

    @inlinable var remaining: Int {
        get { Int(stillTaken) }
        set { stillTaken = Int32(truncatingIfNeeded: newValue) }
    }

    @inlinable init(_ flattener: Flattener<Value, Inner>) {
        self.flattener = flattener
        super.init()
    }

    @inlinable func ended(_ termination: Termination) {
        flattener.innerEnded(Int(slot), self, termination)
    }

}

/// A run that takes its first values itself (`InnerRuns.taking`) counts them as `take`
/// does: it completes with the last one, its source disposed first.
extension InnerLifetime: TakeCounting {
    @inlinable func send(_ value: Inner) {
        flattener.forward(value)
    }

    @inlinable func stopSource() { dispose() }
    @inlinable func terminate(_ termination: Termination) { ended(termination) }
}

/// A flattener's subscribed inners, each in a slot of an array; the slots of ended ones
/// are reused. A million timers each ending on its own must not search a list of all the
/// others (`removeAll` made flatMap quadratic), nor hash a number each, as a dictionary does.
@usableFromInline
struct InnerSlots {
    /// A slot: an inner and the number it started with, or free (no inner), with the next
    /// free slot (-1: none). The free slots are a list through the array itself: a separate
    /// list of them grew with every inner that ended, a large allocation each time it
    /// doubled. Two fields, not an enum of the two cases: 16 bytes a slot where the enum
    /// took 24, and read and written in place, where the enum was copied out and destroyed
    /// through its outlined functions.
    @usableFromInline struct Slot {
        @usableFromInline var inner: Lifetime?
        /// When `inner` is there, the number it started with; else the next free slot.
        @usableFromInline var link: Int

        @inlinable init(_ inner: Lifetime?, link: Int) {
            self.inner = inner
            self.link = link
        }
    }

    @usableFromInline var slots: [Slot] = []
    @usableFromInline var firstFree = -1
    @usableFromInline private(set) var count = 0
    @usableFromInline var started = 0

    @inlinable init() {}

    /// Keeps `inner`; returns its slot.
    @inlinable mutating func insert(_ inner: Lifetime) -> Int {
        count += 1
        started += 1
        if firstFree >= 0 {
            let slot = firstFree
            firstFree = slots[slot].link
            slots[slot] = Slot(inner, link: started)
            return slot
        }
        slots.append(Slot(inner, link: started))
        return slots.count - 1
    }

    /// Forgets the inner in `slot`, if it is still `inner` (an inner that ends after
    /// `disposeAll` does not free a slot given to another since).
    @inlinable mutating func remove(_ slot: Int, _ inner: Lifetime) {
        guard slot < slots.count, slots[slot].inner === inner else { return }
        slots[slot].inner = nil
        slots[slot].link = firstFree
        firstFree = slot
        count -= 1
    }

    /// Disposes every inner in the order they started, forgotten first (a disposal that
    /// re-enters sees none).
    @inlinable mutating func disposeAll() {
        let running = slots.compactMap { slot -> (Lifetime, Int)? in
            slot.inner.map { ($0, slot.link) }
        }.sorted { $0.1 < $1.1 }
        slots = []
        firstFree = -1
        count = 0
        for (inner, _) in running { inner.dispose() }
    }
}

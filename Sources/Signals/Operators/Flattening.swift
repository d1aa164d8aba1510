/// How a flattening operator treats a new value while inner signals are running.
public enum FlattenStrategy: Sendable, Equatable {
    /// All inners at once (flatMap, RxJS mergeMap).
    case merge
    /// A new value cancels the running inner (switchMap).
    case latest
    /// One inner at a time, values wait their turn (concatMap).
    case concat
    /// Values that come while an inner runs are dropped (exhaustMap).
    case exhaust
    /// At most N inners at once, values wait their turn (RxJS mergeMap's `concurrent`);
    /// `.concat` is `.bounded(1)`.
    case bounded(Int)
}

extension Signal {
    /// Runs `transform(value)` for each value and forwards the events of all of them at
    /// once; completes when the source and every inner have completed; an error from any
    /// ends everything.
    ///
    ///     source    -a--b|
    ///     inner      -x-y|          (for each value)
    ///     flatMap   --x-yx-y|
    public func flatMap<Inner>(_ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
        flatten(.merge, transform)
    }

    /// Like flatMap, but a new value disposes the running inner: typing fast cancels the
    /// stale search.
    ///
    ///     source      -a--b|
    ///     inner        -x-y|
    ///     switchMap   --x--x-y|
    public func switchMap<Inner>(_ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
        flatten(.latest, transform)
    }

    /// Like flatMap, one inner at a time, in order.
    ///
    ///     source      -a--b|
    ///     inner        -x-y|
    ///     concatMap   --x-y-x-y|
    public func concatMap<Inner>(_ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
        flatten(.concat, transform)
    }

    /// Like flatMap, but values that come while an inner runs are dropped.
    ///
    ///     source       -a--b|
    ///     inner         -x-y|
    ///     exhaustMap   --x-y|
    public func exhaustMap<Inner>(_ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
        flatten(.exhaust, transform)
    }

    /// Like flatMap, with at most `limit` inners running at once; values that come while
    /// `limit` run wait their turn, in order (RxJS mergeMap(project, concurrent)).
    ///
    ///     source              -a-b-c|
    ///     inner                -x--y|
    ///     flatMap limit 2     --x-x-yy-x--y|
    public func flatMap<Inner>(limit: Int, _ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
        flatMap(limit: limit, runs: { .signal(transform($0)) })
    }

    /// `flatMap(limit:)` whose transform may answer with immediate runs (`InnerRun`).
    @inlinable
    public func flatMap<Inner>(limit: Int, runs transform: @escaping (Value) -> InnerRun<Inner>) -> Signal<Inner> {
        guard limit >= 1 else { return .fail(SignalError("flatMap: the number of runs at once must be 1 or more, not \(limit)")) }
        return flatten(limit == 1 ? .concat : .bounded(limit), runs: transform)
    }

    public func flatten<Inner>(_ strategy: FlattenStrategy,
                               _ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
        flatten(strategy, runs: { .signal(transform($0)) })
    }

    /// `flatten` whose transform may answer with the values of an inner run that would
    /// send them at once and complete (`of`, `from`): those are sent as that run would,
    /// without subscribing anything.
    @inlinable
    public func flatten<Inner>(_ strategy: FlattenStrategy,
                               runs transform: @escaping (Value) -> InnerRun<Inner>) -> Signal<Inner> {
        flatten(strategy, runs: transform, runningAtMost: Backlog.runningInners)
    }

    /// `flatten` with its own bound on runs at once (tests reach the bound with fewer).
    /// Inlinable, as the whole flattener: specialised for the value types where it is
    /// used (generic, each array of values looked its type's metadata up: a quarter of P8).
    @inlinable
    func flatten<Inner>(_ strategy: FlattenStrategy, runs transform: @escaping (Value) -> InnerRun<Inner>,
                        runningAtMost bound: Int) -> Signal<Inner> {
        Signal<Inner>(unchecked: { downstream, lifetime in
            Flattener(strategy, transform, downstream, lifetime, runningAtMost: bound).start(self)
        })
    }

    /// On an error, disposes the failed source and continues with `handler(error)`.
    /// (The language calls it `catch`; RxJS catchError.)
    ///
    ///     source        -a-#
    ///     handler          -r|
    ///     catchError    -a--r|
    public func catchError(_ handler: @escaping (SignalError) -> Signal<Value>) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            self.startHandler(Observer(
                next: downstream.next,
                terminate: { termination in
                    guard case .error(let error) = termination else { return downstream.terminate(termination) }
                    upstream.dispose()
                    handler(error).startHandler(downstream, lifetime.child())
                }
            ), upstream)
        })
    }

    /// On an error, subscribes again, up to `count` more times; the last error passes on.
    ///
    ///     source     -a-#
    ///     retry 2    -a--a--a-#
    /// `interrupted` is polled before each new attempt: a source that fails at once,
    /// retried a billion times, stays stoppable (Ctrl-C); it then fails with
    /// "retry: interrupted after N attempts".
    /// With `delay` (and its scheduler), each new subscription waits that long after the
    /// error (RxJS retry({count, delay})).
    public func retry(_ count: Int, delay: TimeSpan = .zero, on scheduler: Scheduler? = nil,
                      interrupted: @escaping () -> Bool = { false }) -> Signal<Value> {
        guard count >= 0 else { return .fail(.negativeCount("retry", count)) }
        return Signal(unchecked: { downstream, lifetime in
            var remaining = count
            var subscribing = false
            var again = true
            var wait: Timer?
            // A loop, not recursion: a source that fails at once is retried without
            // growing the stack.
            func subscribe() {
                again = true
                guard !subscribing else { return }
                subscribing = true
                defer { subscribing = false }
                while again, !lifetime.isDisposed {
                    again = false
                    let attempt = lifetime.child()
                    self.startHandler(Observer(
                        next: downstream.next,
                        terminate: { termination in
                            attempt.dispose()
                            if case .error = termination, remaining > 0 {
                                if interrupted() {
                                    return downstream.terminate(.error(SignalError("retry: interrupted after \(count - remaining + 1) attempts")))
                                }
                                remaining -= 1
                                if let wait { wait.schedule(after: delay) } else { subscribe() }
                            } else {
                                downstream.terminate(termination)
                            }
                        }
                    ), attempt)
                }
            }
            if let scheduler, delay > .zero {
                let timer = scheduler.makeTimer { subscribe() }
                lifetime.onDispose(cancel: timer)
                wait = timer
            }
            subscribe()
        })
    }
}

extension Signal {
    /// For a signal of signals: forwards the latest inner, disposing the one before
    /// (RAC2 switchToLatest, RxJS switchAll).
    public func switchToLatest<Inner>() -> Signal<Inner> where Value == Signal<Inner> {
        switchMap { $0 }
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
    /// subscription (P8).
    case delayed(TimeSpan, RunValues<Value>, on: Scheduler)
}

/// The values of a run: one, kept without a list (most delayed runs send one: `timer 1s |
/// mapTo it`; a list was an allocation and a generic release per run, P8), or a list.
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

/// The state of one flattening subscription.
@usableFromInline
final class Flattener<Value, Inner> {
    @usableFromInline let strategy: FlattenStrategy
    @usableFromInline let transform: (Value) -> InnerRun<Inner>
    @usableFromInline let downstream: Observer<Inner>
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let outer: Lifetime
    /// How many inners may run at once (merge) before the source is failed.
    @usableFromInline let bound: Int
    /// Running inners.
    @usableFromInline var inners = InnerSlots()
    /// The values of the delayed run in each slot (`[]` for the others): beside the slots,
    /// which stay non-generic (generic enums in this generic class went through value
    /// witnesses at every step: P8 took half as long again).
    @usableFromInline var delayedValues: [RunValues<Inner>] = []
    /// Immediate runs sending now (more than one when a value sent re-enters), and
    /// which cancellation they belong to: switchMap cancels them as it disposes inners.
    @usableFromInline var immediateRuns = 0
    @usableFromInline var cancellations = 0
    /// Whether the subscription's end cancels the delayed runs' timers (registered at the
    /// first one: subscriptions end with their child lifetimes on their own).
    @usableFromInline var cancelsTimers = false
    /// What a delayed run calls when it fires: made at the first one, let go when the
    /// flattener is done or disposed (it holds the flattener: a cycle until then).
    @usableFromInline var fireSlot: ((Int) -> Void)?
    /// Values waiting for their turn (concat), from `queueHead` on.
    @usableFromInline var queue: [Value] = []
    @usableFromInline var queueHead = 0
    @usableFromInline var draining = false
    @usableFromInline var outerCompleted = false
    @usableFromInline var done = false

    @inlinable init(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> InnerRun<Inner>,
         _ downstream: Observer<Inner>, _ lifetime: Lifetime, runningAtMost bound: Int) {
        self.bound = bound
        self.strategy = strategy
        self.transform = transform
        self.downstream = downstream
        self.lifetime = lifetime
        self.outer = lifetime.child()
    }

    /// How many inners may run at once before values wait in the queue.
    @usableFromInline var runningLimit: Int {
        switch strategy {
        case .concat: return 1
        case .bounded(let limit): return limit
        case .merge, .latest, .exhaust: return Int.max
        }
    }

    @inlinable func start(_ source: Signal<Value>) {
        source.startHandler(Observer(
            next: { [self] value in receive(value) },
            terminate: { [self] termination in outerEnded(termination) }
        ), outer)
    }

    @inlinable func receive(_ value: Value) {
        guard !done else { return }
        switch strategy {
        case .merge:
            guard inners.count < bound else {
                return finish(.error(.backlog("flatMap", "inner signals running at once", bound)))
            }
            run(transform(value))
        case .latest:
            endInners()
            cancellations &+= 1
            run(transform(value))
        case .exhaust:
            if running == 0 { run(transform(value)) }
        case .concat, .bounded:
            // Its turn now: run it without a trip through the queue (then run what
            // came meanwhile).
            if !draining, queueHead == queue.count, running < runningLimit {
                draining = true
                run(transform(value))
                draining = false
                return drainQueue()
            }
            guard queue.count - queueHead < Backlog.waitingValues else {
                let name = strategy == .concat ? "concatMap" : "flatMap"
                return finish(.error(.backlog(name, "values waiting", Backlog.waitingValues)))
            }
            queue.append(value)
            drainQueue()
        }
    }

    /// Subscribes queued values one at a time; a loop, so inners that complete during
    /// their subscription do not nest calls.
    @inlinable func drainQueue() {
        guard !draining else { return }
        draining = true
        while !done, running < runningLimit, queueHead < queue.count {
            let value = queue[queueHead]
            queueHead += 1
            if queueHead > 64, queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            run(transform(value))
        }
        draining = false
        completeIfFinished()
    }

    /// Inner runs going on: subscribed ones and immediate ones sending.
    @usableFromInline var running: Int { inners.count + immediateRuns }

    @inlinable func run(_ inner: InnerRun<Inner>) {
        switch inner {
        case .signal(let signal): subscribe(signal)
        case .immediate(let values): send(values)
        case .delayed(let delay, let values, let scheduler): arm(delay, values, on: scheduler)
        }
    }

    /// Disposes the subscribed inners and cancels the delayed runs, their values let go.
    @inlinable func endInners() {
        inners.disposeAll()
        delayedValues = []
    }

    /// A delayed run: its timer holds a slot until it has fired and sent the values.
    @inlinable func arm(_ delay: TimeSpan, _ values: RunValues<Inner>, on scheduler: Scheduler) {
        if !cancelsTimers {
            cancelsTimers = true
            lifetime.onDispose { [self] in
                inners.cancelTimers()
                delayedValues = []
                fireSlot = nil
            }
        }
        if fireSlot == nil, !done {
            // Holds this flattener, so its runs keep it alive; it holds the closure until
            // it is done or disposed.
            fireSlot = { [self] slot in fired(slot) }
        }
        guard let fire = fireSlot else { return }
        let run = DelayedRun(fire, slot: inners.nextSlot, scheduler: scheduler)
        inners.insert(.timer(run))
        if run.slot < delayedValues.count {
            delayedValues[run.slot] = values
        } else {
            delayedValues.append(values)
        }
        run.schedule(after: delay)
    }

    /// A delayed run's timer fired: its values, unless the subscription ends or (switchMap)
    /// a newer value cancels it meanwhile; then it ends as a completed inner does.
    ///
    /// Its slot is still its own: every path that empties the slots (`disposeAll`,
    /// `cancelTimers`) cancels the timers in them, and a cancelled timer never fires; a
    /// re-entering cancellation while it sends is seen by `cancellations`.
    @inlinable func fired(_ slot: Int) {
        let values = delayedValues[slot]
        delayedValues[slot] = .none
        let cancellation = cancellations
        for value in values {
            guard !done, !lifetime.isDisposed, cancellations == cancellation else { return }
            downstream.next(value)
        }
        guard !done, !lifetime.isDisposed, cancellations == cancellation else { return }
        inners.free(slot)
        if runningLimit < Int.max { drainQueue() } else { completeIfFinished() }
    }

    /// An immediate run: its values, unless the subscription ends or (switchMap) a newer
    /// value cancels it meanwhile; then it ends as a completed inner does.
    @inlinable func send(_ values: [Inner]) {
        immediateRuns += 1
        let cancellation = cancellations
        for value in values {
            guard !done, !lifetime.isDisposed, cancellations == cancellation else { break }
            downstream.next(value)
        }
        immediateRuns -= 1
        guard !done, !lifetime.isDisposed, cancellations == cancellation else { return }
        if runningLimit < Int.max { drainQueue() } else { completeIfFinished() }
    }

    @inlinable func subscribe(_ signal: Signal<Inner>) {
        let inner = lifetime.child()
        let slot = inners.insert(.subscription(inner))
        signal.startHandler(Observer(
            next: { [self] value in if !done { downstream.next(value) } },
            terminate: { [self] termination in innerEnded(slot, inner, termination) }
        ), inner)
    }

    @inlinable func innerEnded(_ slot: Int, _ inner: Lifetime, _ termination: Termination) {
        guard !done else { return }
        inners.remove(slot, inner)
        inner.dispose()
        guard termination == .completed else { return finish(termination) }
        if runningLimit < Int.max { drainQueue() } else { completeIfFinished() }
    }

    @inlinable func outerEnded(_ termination: Termination) {
        guard !done else { return }
        guard termination == .completed else { return finish(termination) }
        outerCompleted = true
        // The source is done: free it now (RxJS unsubscribes it here), inners go on.
        outer.dispose()
        completeIfFinished()
    }

    @inlinable func completeIfFinished() {
        if outerCompleted, running == 0, queueHead >= queue.count, !draining {
            finish(.completed)
        }
    }

    @inlinable func finish(_ termination: Termination) {
        guard !done else { return }
        done = true
        fireSlot = nil
        outer.dispose()
        endInners()
        downstream.terminate(termination)
    }
}

/// A delayed run's timer: one object per run, its values kept in its flattener's slot.
/// Not generic: a generic class's metadata is looked up at every allocation, its deinit
/// destroys through value witnesses, and its overridden `fire` would run the flattener's
/// unspecialised code (together about 1,000 instructions a run, callgrind, P8). It calls
/// the flattener through `onFire`, a closure the flattener made once where it is
/// specialised.
@usableFromInline
final class DelayedRun: Timer {
    /// The flattener's `fireSlot`, which keeps it alive while it has runs (as a subscribed
    /// inner's observer does).
    @usableFromInline let onFire: (Int) -> Void
    @usableFromInline let slot: Int

    @inlinable init(_ fire: @escaping (Int) -> Void, slot: Int, scheduler: Scheduler) {
        onFire = fire
        self.slot = slot
        super.init(scheduler: scheduler)
    }

    @usableFromInline override func fire() { onFire(slot) }
}

/// A flattener's running inners, each in a slot of an array; the slots of ended ones are
/// reused. A million timers each ending on its own must not search a list of all the
/// others (`removeAll` made flatMap quadratic), nor hash a number each (a dictionary was
/// a tenth of P8's time).
@usableFromInline
struct InnerSlots {
    /// A subscribed inner, or a delayed run's timer.
    @usableFromInline
    enum Running {
        case subscription(Lifetime)
        case timer(Timer)

        @inlinable func end() {
            switch self {
            case .subscription(let lifetime): lifetime.dispose()
            case .timer(let timer): timer.cancel()
            }
        }
    }

    @usableFromInline var slots: [Running?] = []
    @usableFromInline var free: [Int] = []
    @usableFromInline private(set) var count = 0

    @inlinable var isEmpty: Bool { count == 0 }

    /// The slot the next `insert` takes.
    @inlinable var nextSlot: Int { free.last ?? slots.count }

    /// Keeps `inner`; returns its slot (`nextSlot`).
    @discardableResult
    @inlinable mutating func insert(_ inner: Running) -> Int {
        count += 1
        if let slot = free.popLast() {
            slots[slot] = inner
            return slot
        }
        slots.append(inner)
        return slots.count - 1
    }

    /// Forgets the subscription in `slot`, if it is still `inner` (an inner that ends after
    /// `disposeAll` does not free a slot given to another since).
    @inlinable mutating func remove(_ slot: Int, _ inner: Lifetime) {
        guard slot < slots.count, case .subscription(let held)? = slots[slot], held === inner else { return }
        free(slot)
    }

    /// Forgets what is in `slot` (a delayed run that fired: its own, see `Flattener.fired`).
    @inlinable mutating func free(_ slot: Int) {
        guard slot < slots.count, slots[slot] != nil else { return }
        slots[slot] = nil
        free.append(slot)
        count -= 1
    }

    /// Ends every inner, forgotten first (an end that re-enters sees none).
    @inlinable mutating func disposeAll() {
        let running = slots
        slots = []
        free = []
        count = 0
        for inner in running { inner?.end() }
    }

    /// Cancels the delayed runs (the subscription ended: its children end by themselves).
    @inlinable mutating func cancelTimers() {
        for index in slots.indices {
            guard case .timer(let timer)? = slots[index] else { continue }
            timer.cancel()
            slots[index] = nil
            free.append(index)
            count -= 1
        }
    }
}

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
        flatMap(limit: limit, runs: .signals(transform))
    }

    /// `flatMap(limit:)` whose transform may answer with immediate runs (`InnerRun`).
    @inlinable
    public func flatMap<Inner>(limit: Int, runs transform: @escaping (Value) -> InnerRun<Inner>) -> Signal<Inner> {
        flatMap(limit: limit, runs: .runs(transform))
    }

    @inlinable
    public func flatMap<Inner>(limit: Int, runs: InnerRuns<Value, Inner>) -> Signal<Inner> {
        guard limit >= 1 else { return .fail(.flatMapLimit(limit)) }
        return flatten(limit == 1 ? .concat : .bounded(limit), runs: runs)
    }

    public func flatten<Inner>(_ strategy: FlattenStrategy,
                               _ transform: @escaping (Value) -> Signal<Inner>) -> Signal<Inner> {
        flatten(strategy, runs: .signals(transform))
    }

    /// `flatten` whose transform may answer with the values of an inner run that would
    /// send them at once and complete (`of`, `from`): those are sent as that run would,
    /// without subscribing anything.
    @inlinable
    public func flatten<Inner>(_ strategy: FlattenStrategy,
                               runs transform: @escaping (Value) -> InnerRun<Inner>) -> Signal<Inner> {
        flatten(strategy, runs: .runs(transform))
    }

    /// `flatten` of signals, or of runs that may be known when made (`InnerRuns`).
    @inlinable
    public func flatten<Inner>(_ strategy: FlattenStrategy, runs: InnerRuns<Value, Inner>) -> Signal<Inner> {
        flatten(strategy, runs: runs, runningAtMost: Backlog.runningInners)
    }

    /// `flatten` with its own bound on runs at once (tests reach the bound with fewer).
    /// Inlinable, as the whole flattener: specialised for the value types where it is
    /// used (generic, each array of values would look its type's metadata up).
    @inlinable
    func flatten<Inner>(_ strategy: FlattenStrategy, runs: InnerRuns<Value, Inner>,
                        runningAtMost bound: Int) -> Signal<Inner> {
        Signal<Inner>(unchecked: { downstream, lifetime in
            Flattener(strategy, runs, downstream, lifetime, runningAtMost: bound).start(self)
        })
    }

    @inlinable
    func flatten<Inner>(_ strategy: FlattenStrategy, runs transform: @escaping (Value) -> InnerRun<Inner>,
                        runningAtMost bound: Int) -> Signal<Inner> {
        flatten(strategy, runs: .runs(transform), runningAtMost: bound)
    }
}

extension Signal {
    /// For a signal of signals: forwards the latest inner, disposing the one before
    /// (RAC2 switchToLatest, RxJS switchAll).
    public func switchToLatest<Inner>() -> Signal<Inner> where Value == Signal<Inner> {
        switchMap { $0 }
    }
}

/// The state of one flattening subscription.
@usableFromInline
final class Flattener<Value, Inner> {
    @usableFromInline let strategy: FlattenStrategy
    /// Each value's run (`InnerRuns`): one of the two is used, as `subscribesEach` says
    /// (two closures and a flag, not an enum read per value).
    @usableFromInline let transform: (Value) -> InnerRun<Inner>
    @usableFromInline let signals: (Value) -> Signal<Inner>
    @usableFromInline let subscribesEach: Bool
    /// How many values each subscribed run takes before it ends (`InnerRuns.taking`);
    /// `Int.max`: all of them.
    @usableFromInline let taking: Int
    @usableFromInline let downstream: Observer<Inner>
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let outer: Lifetime
    /// How many inners may run at once (merge) before the source is failed.
    @usableFromInline let bound: Int
    /// Subscribed inners.
    @usableFromInline var inners = InnerSlots()
    /// Runs sending their values now, immediate or delayed (more than one when a value
    /// sent re-enters), and which cancellation they belong to: switchMap cancels them as
    /// it disposes inners.
    @usableFromInline var sendingRuns = 0
    @usableFromInline var cancellations = 0
    /// Delayed runs waiting for their time, in firing order from `laterHead` on, each at
    /// the place in the scheduler's order that a timer of its own would have had. One
    /// timer, `laterTimer`, armed at the first one's place, stands for them all: a million
    /// delayed runs are a million entries here, not a million timers.
    @usableFromInline var later: [(place: Scheduler.Place, values: RunValues<Inner>)] = []
    @usableFromInline var laterHead = 0
    /// Made at the first delayed run (where this class is specialised, so its action runs
    /// specialised code); it holds this flattener, which holds it until it is done or
    /// disposed.
    @usableFromInline var laterTimer: Timer?
    /// Whether the subscription's end ends the inners (`endInnersWithSubscription`).
    @usableFromInline var endsInnersWithSubscription = false
    @usableFromInline var sendingLater = false
    /// Values waiting for their turn (concat), from `queueHead` on.
    @usableFromInline var queue: [Value] = []
    @usableFromInline var queueHead = 0
    @usableFromInline var draining = false
    @usableFromInline var outerCompleted = false
    @usableFromInline var done = false

    @inlinable init(_ strategy: FlattenStrategy, _ runs: InnerRuns<Value, Inner>,
         _ downstream: Observer<Inner>, _ lifetime: Lifetime, runningAtMost bound: Int) {
        self.bound = bound
        self.strategy = strategy
        let runs = runs.countedByEachRun
        switch runs {
        case .signals(let signals), .taking(_, let signals):
            self.signals = signals
            transform = { .signal(signals($0)) }
            subscribesEach = true
        case .runs(let transform):
            self.transform = transform
            signals = { _ in .never }
            subscribesEach = false
        }
        if case .taking(let count, _) = runs { taking = count } else { taking = .max }
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
            guard running < bound else {
                return finish(.error(.backlog("flatMap", "inner signals running at once", bound)))
            }
            run(for: value)
        case .latest:
            endInners()
            cancellations &+= 1
            run(for: value)
        case .exhaust:
            if running == 0 { run(for: value) }
        case .concat, .bounded:
            // Its turn now: run it without a trip through the queue (then run what
            // came meanwhile).
            if !draining, queueHead == queue.count, running < runningLimit {
                draining = true
                run(for: value)
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
            run(for: value)
        }
        draining = false
        completeIfFinished()
    }

    /// Starts `value`'s run.
    @inlinable func run(for value: Value) {
        if subscribesEach { subscribe(signals(value)) } else { run(transform(value)) }
    }

    /// Inner runs going on: subscribed ones, delayed ones waiting, and those sending.
    @usableFromInline var running: Int { inners.count + (later.count - laterHead) + sendingRuns }

    /// Taken owned and consumed: its list moves into the run, where a borrowed one was
    /// copied through the enum's value witness and destroyed after, at every outer value.
    @inlinable func run(_ inner: consuming InnerRun<Inner>) {
        switch consume inner {
        case .signal(let signal): subscribe(signal)
        case .immediate(let values): send(.list(values))
        case .delayed(let delay, let values, let scheduler): arm(delay, values, on: scheduler)
        }
    }

    /// Disposes the subscribed inners and forgets the delayed runs (their timer cancelled).
    @inlinable func endInners() {
        inners.disposeAll()
        later = []
        laterHead = 0
        laterTimer?.cancel()
    }

    /// A delayed run: it takes its place now, and waits in `later`.
    /// The subscription's end ends the inners and the delayed runs: one cleanup for them
    /// all, added once. An inner's lifetime is not a child of the subscription's: a child
    /// would add itself to the subscription's cleanups and search them to leave, and point
    /// back weakly, costly for each of many inners. `inners` keeps them, and ends them in
    /// the order they started, as children would have been.
    @inlinable func endInnersWithSubscription() {
        guard !endsInnersWithSubscription else { return }
        endsInnersWithSubscription = true
        lifetime.onDispose { [self] in
            endInners()
            laterTimer = nil
            spare = nil
        }
    }

    @inlinable func arm(_ delay: TimeSpan, _ values: RunValues<Inner>, on scheduler: Scheduler) {
        if laterTimer == nil {
            guard !done, !lifetime.isDisposed else { return }
            laterTimer = scheduler.makeTimer { [self] in sendLater() }
            endInnersWithSubscription()
        }
        let place = scheduler.takePlace(after: delay)
        // In order, usually (one delay from a clock that only moves on): appended.
        var index = later.count
        while index > laterHead, place < later[index - 1].place { index -= 1 }
        later.insert((place, values), at: index)
        if index == laterHead, !sendingLater { laterTimer?.schedule(at: place) }
    }

    /// The timer came at the first delayed run's place: its values, then those of the next
    /// ones while each is due and no other armed timer comes before it (as their own
    /// timers would have fired, one after another); then the timer waits for the next.
    /// A run is cut short, as an immediate run is, when the subscription ends or (switchMap)
    /// a newer value cancels it.
    @inlinable func sendLater() {
        guard let timer = laterTimer else { return }
        let scheduler = timer.scheduler
        sendingLater = true
        defer {
            sendingLater = false
            if !done, !lifetime.isDisposed, laterHead < later.count { timer.schedule(at: later[laterHead].place) }
        }
        var sent = 0
        while laterHead < later.count {
            let run = later[laterHead]
            if sent > 0 {
                if run.place.due > scheduler.now.nanoseconds { return }
                if let next = scheduler.nextPlace, next < run.place { return }
                // A million runs at one instant stay stoppable (Ctrl-C, a deadline).
                if sent & 1023 == 0, scheduler.interrupted() { return }
            }
            sent += 1
            laterHead += 1
            if laterHead == later.count {
                later.removeAll(keepingCapacity: later.count <= 4_096)
                laterHead = 0
            } else if laterHead > 64, laterHead * 2 > later.count {
                later.removeFirst(laterHead)
                laterHead = 0
            }
            guard send(run.values) else { return }
        }
    }

    /// A run's values, unless the subscription ends or (switchMap) a newer value cancels
    /// it meanwhile; then it ends as a completed inner does. False when it was cut short.
    @inlinable @discardableResult func send(_ values: RunValues<Inner>) -> Bool {
        sendingRuns += 1
        let cancellation = cancellations
        for value in values {
            guard !done, !lifetime.isDisposed, cancellations == cancellation else { break }
            downstream.next(value)
        }
        sendingRuns -= 1
        guard !done, !lifetime.isDisposed, cancellations == cancellation else { return false }
        if runningLimit < Int.max { drainQueue() } else { completeIfFinished() }
        return true
    }

    @inlinable func subscribe(_ signal: Signal<Inner>) {
        guard !lifetime.isDisposed else { return }
        endInnersWithSubscription()
        let inner = renewedRun() ?? InnerLifetime(self)
        inner.slot = Int32(inners.insert(inner))
        guard taking == .max else {
            inner.remaining = taking
            return signal.startHandler(Observer(
                next: { [inner] value in inner.receive(value) },
                terminate: { [inner] termination in inner.end(termination) }
            ), inner)
        }
        signal.startHandler(Observer(
            next: { [self] value in if !done { downstream.next(value) } },
            terminate: { [inner] termination in inner.ended(termination) }
        ), inner)
    }

    /// An inner's value sent on. Out of line: called from an inner's observer, the
    /// downstream's closure was retained and released around each call (its flattener
    /// reached through the run: two atomic operations an event); here the
    /// flattener is `self`, which its caller keeps alive, and its `let` is not.
    @inlinable @inline(never) func forward(_ value: Inner) {
        if !done { downstream.next(value) }
    }

    /// The run that ended last, when it is this flattener's to reuse (`renewedRun`).
    @usableFromInline var spare: InnerLifetime<Value, Inner>?

    /// The run that ended last, made new, when nothing holds it any more (its source and
    /// stages have let it go): the next run's lifetime without an allocation. Runs that
    /// end before the next value comes (`of it, it | take 2`) are one object for them all:
    /// no allocation, initialisation and destruction a run.
    @inlinable func renewedRun() -> InnerLifetime<Value, Inner>? {
        guard spare != nil, isKnownUniquelyReferenced(&spare), let run = spare.take(), run.isDisposed else { return nil }
        // Ended, so its cleanups have run and it left its parent (`Lifetime.dispose`).
        assert(run.isRenewable)
        run.renew()
        return run
    }

    @inlinable func innerEnded(_ slot: Int, _ inner: InnerLifetime<Value, Inner>, _ termination: Termination) {
        guard !done else { return }
        inners.remove(slot, inner)
        inner.dispose()
        // Kept for the next value; it holds this flattener, so only while the subscription
        // lasts (`finish` and the subscription's end let it go).
        if !lifetime.isDisposed { spare = inner }
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
        outer.dispose()
        endInners()
        laterTimer = nil
        spare = nil
        downstream.terminate(termination)
    }
}

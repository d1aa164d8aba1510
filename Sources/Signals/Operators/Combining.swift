extension Signal {
    /// Forwards the values of all signals as they come; completes when all have
    /// completed; the first error ends it and disposes the rest. Signals are subscribed
    /// in order, so at a tie the earlier one's event comes first.
    ///
    ///     a       -a---b|
    ///     b       --x|
    ///     merge   -ax--b|
    public static func merge(_ signals: [Signal<Value>]) -> Signal<Value> {
        guard !signals.isEmpty else { return .empty }
        return Signal(unchecked: { downstream, lifetime in
            var running = signals.count
            var done = false
            var inputs: [Lifetime] = []
            for signal in signals {
                if done || lifetime.isDisposed { return }
                let input = lifetime.child()
                inputs.append(input)
                signal.startHandler(Observer(
                    next: { value in if !done { downstream.next(value) } },
                    terminate: { termination in
                        guard !done else { return }
                        input.dispose()
                        if termination == .completed {
                            running -= 1
                            if running == 0 { done = true; downstream.terminate(.completed) }
                        } else {
                            done = true
                            for other in inputs { other.dispose() }
                            downstream.terminate(termination)
                        }
                    }
                ), input)
            }
        })
    }

    public func merge(_ other: Signal<Value>) -> Signal<Value> { .merge([self, other]) }

    /// Forwards each signal in turn: the next is subscribed when the previous completes.
    ///
    ///     a        -a|
    ///     b        -b|
    ///     concat   -a-b|
    public static func concat(_ signals: [Signal<Value>]) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            ConcatRunner(signals, downstream, lifetime).start()
        })
    }

    public func concat(_ other: Signal<Value>) -> Signal<Value> { .concat([self, other]) }

    /// Ignores this signal's values; when it completes, continues with `next`
    /// (ReactiveSwift and RAC `then`).
    ///
    ///     source   -a-|
    ///     next     -b|
    ///     then     ----b|
    public func then<Other>(_ next: Signal<Other>) -> Signal<Other> {
        Signal<Other>.concat([self.ignoreValues(), next])
    }

    /// Sends the latest of every signal whenever one sends, once all have sent; completes
    /// when all have completed, even if one completed without ever sending, so nothing can
    /// come (RxJS 7's code and specs, ReactiveSwift; RxJS's prose docs say otherwise).
    public static func combineLatest(_ signals: [Signal<Value>]) -> Signal<[Value]> {
        guard !signals.isEmpty else { return .empty }
        return Signal<[Value]>(unchecked: { downstream, lifetime in
            var latest = [Value?](repeating: nil, count: signals.count)
            var missing = signals.count
            var running = signals.count
            var done = false
            var inputs: [Lifetime] = []
            func finish(_ termination: Termination) {
                done = true
                for input in inputs { input.dispose() }
                downstream.terminate(termination)
            }
            for (index, signal) in signals.enumerated() {
                if done || lifetime.isDisposed { return }
                let input = lifetime.child()
                inputs.append(input)
                signal.startHandler(Observer(
                    next: { value in
                        guard !done else { return }
                        if latest[index] == nil { missing -= 1 }
                        latest[index] = value
                        if missing == 0 { downstream.next(latest.compactMap { $0 }) }
                    },
                    terminate: { termination in
                        guard !done else { return }
                        input.dispose()
                        guard termination == .completed else { return finish(termination) }
                        running -= 1
                        if running == 0 { finish(.completed) }
                    }
                ), input)
            }
        })
    }

    /// `[left, right]` as a tuple, whenever either sends, once both have.
    ///
    ///     a               -a---b|
    ///     b               --x-|
    ///     combineLatest   --c--d|     c = (a, x), d = (b, x)
    public func combineLatest<Other>(_ other: Signal<Other>) -> Signal<(Value, Other)> {
        Signal<Either<Value, Other>>.combineLatest([map { .left($0) }, other.map { .right($0) }])
            .compactMap(Either.pair)
    }

    /// Pairs values by position. Completes when an input has completed and has no
    /// buffered value left to pair (RxJS zip).
    public static func zip(_ signals: [Signal<Value>]) -> Signal<[Value]> {
        guard !signals.isEmpty else { return .empty }
        return Signal<[Value]>(unchecked: { downstream, lifetime in
            // Each input's values not yet paired, from its head on (no copy per row).
            var buffers = [[Value]](repeating: [], count: signals.count)
            var heads = [Int](repeating: 0, count: signals.count)
            func waiting(_ index: Int) -> Int { buffers[index].count - heads[index] }
            var completed = [Bool](repeating: false, count: signals.count)
            var done = false
            var inputs: [Lifetime] = []
            func finish(_ termination: Termination) {
                done = true
                for input in inputs { input.dispose() }
                downstream.terminate(termination)
            }
            /// After a change: send every complete row, then end if an input is spent.
            func drain() {
                while buffers.indices.allSatisfy({ waiting($0) > 0 }) {
                    var row: [Value] = []
                    for index in buffers.indices {
                        row.append(buffers[index][heads[index]])
                        heads[index] += 1
                        if heads[index] > 64, heads[index] * 2 > buffers[index].count {
                            buffers[index].removeFirst(heads[index])
                            heads[index] = 0
                        }
                    }
                    downstream.next(row)
                    if done { return }
                }
                if buffers.indices.contains(where: { waiting($0) == 0 && completed[$0] }) { finish(.completed) }
            }
            for (index, signal) in signals.enumerated() {
                if done || lifetime.isDisposed { return }
                let input = lifetime.child()
                inputs.append(input)
                signal.startHandler(Observer(
                    next: { value in
                        guard !done else { return }
                        guard waiting(index) < Backlog.waitingValues else {
                            return finish(.error(.backlog("zip", "values waiting for a partner", Backlog.waitingValues)))
                        }
                        buffers[index].append(value)
                        drain()
                    },
                    terminate: { termination in
                        guard !done else { return }
                        input.dispose()
                        guard termination == .completed else { return finish(termination) }
                        completed[index] = true
                        drain()
                    }
                ), input)
            }
        })
    }

    /// Pairs values by position, as a tuple.
    ///
    ///     a     -a-b-|
    ///     b     --x--y|
    ///     zip   --c--(d|)     c = (a, x), d = (b, y)
    public func zip<Other>(_ other: Signal<Other>) -> Signal<(Value, Other)> {
        Signal<Either<Value, Other>>.zip([map { .left($0) }, other.map { .right($0) }])
            .compactMap(Either.pair)
    }

    /// On each value, sends it with the latest value of `other`, once `other` has one.
    /// `other` completing changes nothing; its error ends the result.
    ///
    ///     source           --a--b|
    ///     other            -x--y|
    ///     withLatestFrom   --c--d|     c = (a, x), d = (b, y)
    public func withLatestFrom<Other>(_ other: Signal<Other>) -> Signal<(Value, Other)> {
        Signal<(Value, Other)>(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            let sampled = lifetime.child()
            var latest: Other?
            var done = false
            other.startHandler(Observer(
                next: { latest = $0 },
                terminate: { termination in
                    sampled.dispose()
                    guard !done, termination != .completed else { return }
                    done = true
                    upstream.dispose()
                    downstream.terminate(termination)
                }
            ), sampled)
            guard !done else { return }
            self.startHandler(Observer(
                next: { value in
                    if !done, let latest { downstream.next((value, latest)) }
                },
                terminate: { termination in
                    guard !done else { return }
                    done = true
                    sampled.dispose()
                    downstream.terminate(termination)
                }
            ), upstream)
        })
    }

    /// On each notifier value, sends the source's latest value if a new one came since
    /// the last sample. Completes with the source; the notifier completing changes
    /// nothing (RxJS 7).
    ///
    ///     source     -a-b-c---|
    ///     notifier   --x---x-|
    ///     sample     --a---c--|
    public func sample<Other>(_ notifier: Signal<Other>) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            let ticks = lifetime.child()
            var latest: Value?
            var done = false
            self.startHandler(Observer(
                next: { latest = $0 },
                terminate: { termination in
                    guard !done else { return }
                    done = true
                    ticks.dispose()
                    downstream.terminate(termination)
                }
            ), upstream)
            guard !done else { return }
            notifier.startHandler(Observer(
                next: { _ in
                    guard !done, let value = latest else { return }
                    latest = nil
                    downstream.next(value)
                },
                terminate: { termination in
                    ticks.dispose()
                    guard !done, termination != .completed else { return }
                    done = true
                    upstream.dispose()
                    downstream.terminate(termination)
                }
            ), ticks)
        })
    }
}

/// Subscribes signals one after another without recursion: a signal that completes
/// during its own subscription moves the loop on instead of nesting a call.
final class ConcatRunner<Value> {
    private let signals: [Signal<Value>]
    private let downstream: Observer<Value>
    private let lifetime: Lifetime
    private var index = 0
    private var starting = false
    private var advanceRequested = false

    init(_ signals: [Signal<Value>], _ downstream: Observer<Value>, _ lifetime: Lifetime) {
        self.signals = signals
        self.downstream = downstream
        self.lifetime = lifetime
    }

    func start() {
        advanceRequested = true
        guard !starting else { return }
        starting = true
        defer { starting = false }
        while advanceRequested, !lifetime.isDisposed {
            advanceRequested = false
            guard index < signals.count else {
                downstream.terminate(.completed)
                return
            }
            let signal = signals[index]
            index += 1
            let current = lifetime.child()
            signal.startHandler(Observer(
                next: { [downstream] value in downstream.next(value) },
                terminate: { [self] termination in
                    current.dispose()
                    if termination == .completed { start() } else { downstream.terminate(termination) }
                }
            ), current)
        }
    }
}

/// Lets two-input operators reuse the N-input ones.
enum Either<Left, Right> {
    case left(Left)
    case right(Right)

    static func pair(_ values: [Either]) -> (Left, Right)? {
        guard values.count == 2, case .left(let left) = values[0], case .right(let right) = values[1] else { return nil }
        return (left, right)
    }
}

extension Signal {
    /// Forwards the values for which `isIncluded` is true. A predicate that throws ends
    /// the signal with its error.
    ///
    ///     source          -1-2-3-4-|
    ///     filter it > 2   -----3-4-|
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) throws(SignalError) -> Bool) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let stage = FilterStage(isIncluded, downstream, lifetime.child())
            self.startHandler(Observer(next: { stage.receive($0) }, terminate: downstream.terminate), stage.upstream)
        })
    }

    /// Forwards the first `count` values, then completes.
    ///
    ///     source  -a-b-c-|
    ///     take 2  -a-(b|)
    @inlinable
    public func take(_ count: Int) -> Signal<Value> {
        // One closure whatever the count (see `Signal.range`).
        Signal(unchecked: { downstream, lifetime in
            guard count >= 0 else { return downstream.terminate(.error(.negativeCount("take", count))) }
            guard count > 0 else { return downstream.terminate(.completed) }
            // One object for the count, the downstream and the upstream's lifetime (the stage
            // is that lifetime): the two closures hold it alone, so they need no context of
            // their own (one allocation a subscription where there were five).
            let stage = lifetime.adopt(TakeStage(count, downstream))
            self.startHandler(Observer(next: { stage.receive($0) }, terminate: { stage.end($0) }), stage.upstream)
        })
    }
}

extension Signal {
    /// Drops the first `count` values.
    ///
    ///     source   -a-b-c-|
    ///     skip 1   ---b-c-|
    @inlinable
    public func skip(_ count: Int) -> Signal<Value> {
        // One closure whatever the count (see `Signal.range`).
        Signal(unchecked: { downstream, lifetime in
            guard count >= 0 else { return downstream.terminate(.error(.negativeCount("skip", count))) }
            var remaining = count
            let next = downstream.next
            self.startHandler(downstream.withNext { value in
                if remaining > 0 { remaining -= 1 } else { next(value) }
            }, lifetime)
        })
    }

    /// Forwards values while the predicate holds; completes at the first that fails it
    /// (and disposes upstream), sending that one too when `inclusive` (RxJS's flag).
    ///
    ///     source                    -1-2-3-1-|
    ///     takeWhile it < 3          -1-2-|
    ///     takeWhile it < 3, true    -1-2-(3|)
    @inlinable
    public func takeWhile(inclusive: Bool = false, _ predicate: @escaping (Value) throws(SignalError) -> Bool) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var done = false
            let next = downstream.next
            self.startHandler(Observer(
                next: { value in
                    guard !done else { return }
                    do throws(SignalError) {
                        if try predicate(value) { return next(value) }
                        done = true
                        upstream.dispose()
                        if inclusive { next(value) }
                        downstream.terminate(.completed)
                    } catch {
                        done = true
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: { if !done { downstream.terminate($0) } }
            ), upstream)
        })
    }

    /// Drops values while the predicate holds, then forwards everything.
    ///
    ///     source              -1-2-3-1-|
    ///     skipWhile it < 3    -----3-1-|
    @inlinable
    public func skipWhile(_ predicate: @escaping (Value) throws(SignalError) -> Bool) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var skipping = true
            let next = downstream.next
            self.startHandler(Observer(
                next: { value in
                    if skipping {
                        do throws(SignalError) {
                            skipping = try predicate(value)
                        } catch {
                            upstream.dispose()
                            downstream.terminate(.error(error))
                            return
                        }
                    }
                    if !skipping { next(value) }
                },
                terminate: downstream.terminate
            ), upstream)
        })
    }

    /// Forwards values until `notifier` sends a value, then completes and disposes both.
    /// The notifier's completion alone changes nothing (RxJS 7). The notifier is
    /// subscribed first, as in RxJS, so one that fires at once completes before the
    /// source starts.
    ///
    ///     source               -a-b-c-d-|
    ///     notifier             ----x|
    ///     takeUntil notifier   -a-b|
    @inlinable
    public func takeUntil<Other>(_ notifier: Signal<Other>) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            let trigger = lifetime.child()
            var done = false
            notifier.startHandler(Observer(
                next: { _ in
                    guard !done else { return }
                    done = true
                    trigger.dispose()
                    upstream.dispose()
                    downstream.terminate(.completed)
                },
                terminate: { termination in
                    guard !done, case .error = termination else { return }
                    done = true
                    upstream.dispose()
                    downstream.terminate(termination)
                }
            ), trigger)
            guard !done else { return }
            self.startHandler(Observer(
                next: { value in if !done { downstream.next(value) } },
                terminate: { termination in
                    guard !done else { return }
                    done = true
                    trigger.dispose()
                    downstream.terminate(termination)
                }
            ), upstream)
        })
    }

    /// Forwards the first value and completes; fails if the source completes empty
    /// (RxJS EmptyError), or sends `fallback` when given (RxJS's `first(predicate, defaultValue)`).
    ///
    ///     source  -a-b-|
    ///     first   -(a|)
    @inlinable
    public func first(default fallback: Value? = nil) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var done = false
            self.startHandler(Observer(
                next: { value in
                    guard !done else { return }
                    done = true
                    upstream.dispose()
                    downstream.next(value)
                    downstream.terminate(.completed)
                },
                terminate: { termination in
                    guard !done else { return }
                    done = true
                    guard termination == .completed else { return downstream.terminate(termination) }
                    guard let fallback else { return downstream.terminate(.error(.emptySequence("first"))) }
                    downstream.next(fallback)
                    downstream.terminate(.completed)
                }
            ), upstream)
        })
    }

    /// Forwards the last value when the source completes; fails if there was none, or
    /// sends `fallback` when given (RxJS's `last(predicate, defaultValue)`).
    ///
    ///     source  -a-b-|
    ///     last    -----(b|)
    @inlinable
    public func last(default fallback: Value? = nil) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            var latest: Value?
            self.startHandler(Observer(
                next: { latest = $0 },
                terminate: { termination in
                    guard termination == .completed else { return downstream.terminate(termination) }
                    guard let latest = latest ?? fallback else { return downstream.terminate(.error(.emptySequence("last"))) }
                    downstream.next(latest)
                    downstream.terminate(.completed)
                }
            ), lifetime)
        })
    }

    /// Forwards the last `count` values when the source completes, all at that instant;
    /// fewer when fewer came. An error is forwarded at once, without them. `takeLast 0`
    /// completes at once without subscribing, as RxJS's does (`count <= 0 ? () => EMPTY`).
    ///
    ///     source      -a-b-c-|
    ///     takeLast 2  -------(bc|)
    ///     takeLast 0  |
    @inlinable
    public func takeLast(_ count: Int) -> Signal<Value> {
        // One closure whatever the count (see `take`).
        Signal(unchecked: { downstream, lifetime in
            guard count >= 0 else { return downstream.terminate(.error(.negativeCount("takeLast", count))) }
            guard count > 0 else { return downstream.terminate(.completed) }
            // A ring of the latest `count` values: `oldest` is where the next one goes once full.
            var kept: [Value] = []
            var oldest = 0
            self.startHandler(Observer(
                next: { value in
                    if kept.count < count {
                        kept.append(value)
                    } else {
                        kept[oldest] = value
                        oldest = (oldest + 1) % count
                    }
                },
                terminate: { termination in
                    guard termination == .completed else { return downstream.terminate(termination) }
                    for index in 0..<kept.count { downstream.next(kept[(oldest + index) % kept.count]) }
                    downstream.terminate(.completed)
                }
            ), lifetime)
        })
    }
}

extension Signal {
    /// Drops a value whose key equals the key of the value before it. The key is computed
    /// once for every value, the first one too, and the previous key is kept, as RxJS's
    /// `distinctUntilChanged(null, keySelector)` does: a key that fails fails at the first
    /// value.
    ///
    ///     source                         -a-b-c-|      a.n = 1, b.n = 1, c.n = 2
    ///     distinctUntilChanged by .n     -a---c-|
    @inlinable
    public func distinctUntilChanged<Key: Equatable>(key: @escaping (Value) throws(SignalError) -> Key) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var previous: Key?
            let next = downstream.next
            self.startHandler(Observer(
                next: { value in
                    let current: Key
                    do throws(SignalError) { current = try key(value) } catch {
                        upstream.dispose()
                        downstream.terminate(.error(error))
                        return
                    }
                    if let previous, previous == current { return }
                    previous = current
                    next(value)
                },
                terminate: downstream.terminate
            ), upstream)
        })
    }
}

extension Signal where Value: Equatable {
    /// Drops a value equal to the one before it (ReactiveSwift's skipRepeats).
    ///
    ///     source                 -a-a-b-b-a-|
    ///     distinctUntilChanged   -a---b---a-|
    @inlinable
    public func distinctUntilChanged() -> Signal<Value> {
        distinctUntilChanged(key: { value throws(SignalError) in value })
    }
}

/// What `take` does with a value and with its source's end, for whichever object keeps
/// the count: `take`'s stage, or a flattener's run that takes its first values itself
/// (`InnerLifetime`, `InnerRuns.taking`).
@usableFromInline
protocol TakeCounting: AnyObject {
    associatedtype Value
    var remaining: Int { get set }
    /// Sends a value taken on.
    func send(_ value: Value)
    /// Stops the source (it has sent the last value taken).
    func stopSource()
    /// Ends what follows.
    func terminate(_ termination: Termination)
}

extension TakeCounting {
    @inlinable
    func receive(_ value: Value) {
        guard remaining > 0 else { return }
        remaining -= 1
        send(value)
        // Complete with the last value, not at the next one: the source is freed at once.
        if remaining == 0 {
            stopSource()
            terminate(.completed)
        }
    }

    @inlinable
    func end(_ termination: Termination) {
        if remaining > 0 { terminate(termination) }
    }
}

/// take's state for one subscription, in one object (as `FilterStage`).
@usableFromInline
final class TakeStage<Value>: ChildLifetime, TakeCounting {
    @usableFromInline var remaining: Int
    @usableFromInline let downstream: Observer<Value>
    /// The stage is its upstream's lifetime (`Lifetime.adopt`).
    @inlinable var upstream: Lifetime { self }

    @inlinable
    init(_ count: Int, _ downstream: Observer<Value>) {
        remaining = count
        self.downstream = downstream
        super.init()
    }

    @inlinable func send(_ value: Value) { downstream.next(value) }
    @inlinable func stopSource() { dispose() }
    @inlinable func terminate(_ termination: Termination) { downstream.terminate(termination) }
}

/// filter's state in one object: its closure captures one reference, so the call from
/// upstream passes one context pointer instead of spilling every capture to the stack.
@usableFromInline
final class FilterStage<Value> {
    @usableFromInline let isIncluded: (Value) throws(SignalError) -> Bool
    @usableFromInline let downstream: Observer<Value>
    @usableFromInline let upstream: Lifetime

    @inlinable
    init(_ isIncluded: @escaping (Value) throws(SignalError) -> Bool, _ downstream: Observer<Value>, _ upstream: Lifetime) {
        self.isIncluded = isIncluded
        self.downstream = downstream
        self.upstream = upstream
    }

    @inlinable
    func receive(_ value: Value) {
        do throws(SignalError) {
            if try isIncluded(value) { downstream.next(value) }
        } catch {
            fail(error)
        }
    }

    // Out of line: the error path's registers are then not saved and restored on every value.
    @inlinable @inline(never)
    func fail(_ error: SignalError) {
        upstream.dispose()
        downstream.terminate(.error(error))
    }
}

/// Operators that use time. All of it comes from the scheduler: virtual in tests and
/// `--virtual`, real (or scaled) otherwise. Semantics follow RxJS 7.

extension Signal where Value == Int {
    /// Sends 0, 1, 2, ... one every `period`, the first after one period.
    ///
    ///     interval 2ms   --0-1-2-3-...
    public static func interval(_ period: TimeSpan, on scheduler: Scheduler) -> Signal<Int> {
        timer(period, period: period, on: scheduler)
    }

    /// Sends 0 after `due`, then 1, 2, ... one every `period` (RxJS timer(due, period)).
    /// One timer is re-armed per tick (no allocation per tick), each time in the place among
    /// same-frame work that it took when armed for `period`: one repeating action, as RxJS's
    /// TestScheduler runs an interval (`interval 1ms | throttle 2ms` sends 0, 3, 6: re-armed
    /// at each tick in a new place, it sent 0, 2, 4, RxPY's order). An interval is armed for
    /// its period at once; a timer whose `due` is not its period at its first tick, where
    /// RxJS's action asks for a new interval (`timer 2ms, 10ms` ticks at 22 ms after a
    /// `timer 22ms` armed at 0 ms, and before one armed at 7 ms).
    ///
    ///     timer 3ms, 2ms   ---0-1-2-...
    public static func timer(_ due: TimeSpan, period: TimeSpan, on scheduler: Scheduler) -> Signal<Int> {
        guard period > .zero else {
            return .fail(.intervalPeriod(period))
        }
        guard due >= .zero else { return .fail(.negativeDuration("timer", due)) }
        return Signal(unchecked: { observer, lifetime in
            let ticker = Ticker()
            let start = scheduler.now + due
            var place = scheduler.takePlace(after: due)
            var count = 0
            let timer = scheduler.makeTimer {
                let value = count
                count += 1
                if count == 1, due != period { place = scheduler.takePlace(after: period) }
                observer.next(value)
                // Due times are computed from the start, so live time does not drift.
                if !lifetime.isDisposed {
                    ticker.timer?.schedule(at: place.later(start + TimeSpan(nanoseconds: period.nanoseconds &* Int64(count))))
                }
            }
            ticker.timer = timer
            lifetime.onDispose {
                ticker.timer?.cancel()
                ticker.timer = nil
            }
            timer.schedule(at: place)
        })
    }

    /// Sends 0 after `delay`, then completes.
    ///
    ///     timer 3ms   ---(0|)
    public static func timer(_ delay: TimeSpan, on scheduler: Scheduler) -> Signal<Int> {
        .timer(delay, sending: 0, on: scheduler)
    }
}

extension Signal {
    /// Sends `value` after `delay`, then completes (`timer` sending a value of any type:
    /// no `map` stage, with its closures, made and subscribed for each timer).
    @inlinable
    public static func timer(_ delay: TimeSpan, sending value: Value, on scheduler: Scheduler) -> Signal<Value> {
        timer(delay, sending: .one(value), on: scheduler)
    }

    /// Sends `values` together after `delay`, then completes (a delayed known run,
    /// `InnerRun.delayed`, as a signal).
    /// Inlinable: specialised where it is used (generic, it would look the type of its
    /// values up at every timer).
    @inlinable
    public static func timer(_ delay: TimeSpan, sending values: RunValues<Value>, on scheduler: Scheduler) -> Signal<Value> {
        guard delay >= .zero else { return .fail(.negativeDuration("timer", delay)) }
        if case .one(let value) = values {
            return Signal(unchecked: { observer, lifetime in
                let timer = SendingValueTimer(value, to: observer, on: scheduler)
                timer.schedule(after: delay)
                lifetime.onDispose(cancel: timer)
            })
        }
        // A list, made once per signal, not per subscription (see `SendingTimer.values`).
        let values = values.array
        return Signal(unchecked: { observer, lifetime in
            let timer = SendingTimer(values, to: observer, on: scheduler)
            timer.schedule(after: delay)
            lifetime.onDispose(cancel: timer)
        })
    }
}

/// `timer`'s subscription: the timer, and the values it sends when it fires, in one object
/// (a timer and its action's context were two allocations per subscription).
@usableFromInline
final class SendingTimer<Value>: Timer {
    /// `send`, specialised where the timer is made. An overriding method of a generic
    /// class is called through its unspecialised body, which looked up the values' type
    /// metadata at every step (costing more per run than the allocation saved); a closure
    /// without captures is specialised and no allocation. First, so its place does not
    /// depend on `Value`.
    @usableFromInline let sending: (SendingTimer<Value>) -> Void
    /// A list: the class's destroyer is not specialised either, and destroying a
    /// `RunValues` there looked its type up at every run; a list is one release.
    @usableFromInline let values: [Value]
    @usableFromInline let observer: Observer<Value>

    /// Its subscription's lifetime must cancel it (`onDispose(cancel:)`): that is how it
    /// hears that the subscription ended.
    @inlinable
    init(_ values: [Value], to observer: Observer<Value>, on scheduler: Scheduler) {
        sending = { $0.send() }
        self.values = values
        self.observer = observer
        super.init(scheduler: scheduler)
    }

    override func fire() { sending(self) }

    @inlinable
    func send() {
        hearCancel()
        for value in values {
            // A value may have ended the subscription (takeUntil, take 1): then no more.
            if wasCancelled { return }
            observer.next(value)
        }
        if !wasCancelled { observer.terminate(.completed) }
    }
}

/// `SendingTimer` sending one value, held in the timer: a list of one was an allocation
/// for each run where each run sends its own value (an inner pipeline's folded source,
/// `timer 1s | mapTo it | take 1`).
/// Its `fire` is its class's own, not a closure made where it is specialised as
/// `SendingTimer`'s is: with one value it looks no type up, and it runs fewer instructions
/// than the closure, in an object 16 bytes smaller. Without a lifetime of its own
/// (`hearCancel`) and its due time (the scheduler's entry), it is 81 bytes, in malloc's
/// 96-byte block.
@usableFromInline
final class SendingValueTimer<Value>: Timer {
    @usableFromInline let observer: Observer<Value>
    @usableFromInline let value: Value

    /// Its subscription's lifetime must cancel it (`onDispose(cancel:)`), as
    /// `SendingTimer`'s.
    @inlinable
    init(_ value: Value, to observer: Observer<Value>, on scheduler: Scheduler) {
        self.observer = observer
        self.value = value
        super.init(scheduler: scheduler)
    }

    override func fire() {
        hearCancel()
        observer.next(value)
        if !wasCancelled { observer.terminate(.completed) }
    }
}

/// Lets a timer's action re-arm the timer; emptied on disposal to break the cycle.
final class Ticker {
    var timer: Timer?
}

extension Signal {
    /// Sends a value only when `duration` has passed without a newer one: it waits for a
    /// pause (RxJS debounceTime). On completion the pending value is sent at once.
    /// ReactiveCocoa 2's `throttle:` is this operator, not `throttle`.
    ///
    ///     source        -a-b-----c---|
    ///     debounce 3ms  ------b-----c|
    public func debounce(_ duration: TimeSpan, on scheduler: Scheduler) -> Signal<Value> {
        guard duration >= .zero else { return .fail(.negativeDuration("debounce", duration)) }
        return Signal(unchecked: { downstream, lifetime in
            var pending: Value?
            let timer = scheduler.makeTimer {
                if let value = pending {
                    pending = nil
                    downstream.next(value)
                }
            }
            lifetime.onDispose(cancel: timer)
            self.startHandler(Observer(
                next: { value in
                    pending = value
                    timer.schedule(after: duration)
                },
                terminate: { termination in
                    timer.cancel()
                    if termination == .completed, let value = pending { downstream.next(value) }
                    pending = nil
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Like `debounce(_:on:)`, with each value's wait decided by a signal: the value is
    /// sent when `duration(value)` sends its first value, unless a newer value came first
    /// (RxJS debounce with a duration selector). A wait that completes without a value
    /// keeps the value pending until the source's next value or completion, as RxJS does;
    /// its error is the signal's error.
    ///
    ///     source             -a--b-----c|
    ///     duration(each)      --x
    ///     debounce           ---a--b----c|
    public func debounce<Other>(by duration: @escaping (Value) -> Signal<Other>) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            var pending: Value?
            var wait: Lifetime?
            func emit() {
                wait?.dispose()
                wait = nil
                if let value = pending {
                    pending = nil
                    downstream.next(value)
                }
            }
            self.startHandler(Observer(
                next: { value in
                    wait?.dispose()
                    pending = value
                    let current = lifetime.child()
                    wait = current
                    duration(value).startHandler(Observer(
                        next: { _ in if wait === current { emit() } },
                        terminate: { termination in
                            guard case .error = termination, wait === current else { return }
                            downstream.terminate(termination)
                        }
                    ), current)
                },
                terminate: { termination in
                    if termination == .completed { emit() }
                    wait?.dispose()
                    pending = nil
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Sends a value, then ignores values for `duration` (RxJS throttleTime, leading
    /// edge). Not ReactiveCocoa 2's `throttle:`, which is a debounce.
    ///
    ///     source          -abc---d-|
    ///     throttle 3ms    -a-----d-|
    ///
    /// With `trailing`, the latest value a window dropped is sent when it ends, and opens
    /// the next window; a completion waits for it. Without `leading`, a window's first value
    /// is not sent at once but opens the window (RxJS's `{leading, trailing}` config, its
    /// `throttle` operator's rules).
    public func throttle(_ duration: TimeSpan, leading: Bool = true, trailing: Bool = false,
                         on scheduler: Scheduler) -> Signal<Value> {
        guard duration >= .zero else { return .fail(.negativeDuration("throttle", duration)) }
        return Signal(unchecked: { downstream, lifetime in
            // The value a window dropped last, sent when it ends (trailing).
            var waiting: Value?
            var completed = false
            // Weak: the timer's own action schedules it again (the observer holds it).
            weak var window: Timer?
            func send(_ value: Value) {
                downstream.next(value)
                // A value that ended the subscription (take 1) opens no window.
                if !completed, !lifetime.isDisposed { window?.schedule(after: duration) }
            }
            let timer = scheduler.makeTimer {
                guard trailing, let value = waiting else { return }
                waiting = nil
                send(value)
                if completed { downstream.terminate(.completed) }
            }
            window = timer
            lifetime.onDispose(cancel: timer)
            self.startHandler(Observer(
                next: { value in
                    if timer.isPending {
                        waiting = value
                    } else if leading {
                        waiting = nil
                        send(value)
                    } else {
                        waiting = value
                        timer.schedule(after: duration)
                    }
                },
                terminate: { termination in
                    if termination == .completed, trailing, waiting != nil, timer.isPending {
                        completed = true
                        return
                    }
                    timer.cancel()
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Sends each value `duration` later; completes as soon as the source has completed
    /// and the last delayed value is out (RxJS 7). Errors are not delayed.
    ///
    ///     source       -a-b|
    ///     delay 3ms    ----a-(b|)
    public func delay(_ duration: TimeSpan, on scheduler: Scheduler) -> Signal<Value> {
        guard duration >= .zero else { return .fail(.negativeDuration("delay", duration)) }
        return Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var pending: [Int: Timer] = [:]
            var nextID = 0
            var completed = false
            lifetime.onDispose {
                for timer in pending.values { timer.cancel() }
                pending = [:]
            }
            self.startHandler(Observer(
                next: { value in
                    guard pending.count < Backlog.waitingValues else {
                        for timer in pending.values { timer.cancel() }
                        pending = [:]
                        upstream.dispose()
                        return downstream.terminate(.error(.backlog("delay", "values waiting", Backlog.waitingValues)))
                    }
                    nextID += 1
                    let id = nextID
                    // One timer per value, armed now, as RxJS does: ties keep its order.
                    pending[id] = scheduler.schedule(after: duration) {
                        pending[id] = nil
                        downstream.next(value)
                        if completed, pending.isEmpty { downstream.terminate(.completed) }
                    }
                },
                terminate: { termination in
                    // The source is done: free it now, as RxJS does, even while values wait.
                    upstream.dispose()
                    if termination == .completed {
                        completed = true
                        if pending.isEmpty { downstream.terminate(.completed) }
                    } else {
                        for timer in pending.values { timer.cancel() }
                        pending = [:]
                        downstream.terminate(termination)
                    }
                }
            ), upstream)
        })
    }

    /// Fails with a timeout error if no value comes within `duration` of the
    /// subscription or of the last value.
    ///
    ///     source          -a-----b|
    ///     timeout 3ms     -a--#
    public func timeout(_ duration: TimeSpan, on scheduler: Scheduler, fallback: Signal<Value>? = nil) -> Signal<Value> {
        guard duration >= .zero else { return .fail(.negativeDuration("timeout", duration)) }
        return Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var done = false
            let timer = scheduler.makeTimer {
                guard !done else { return }
                done = true
                upstream.dispose()
                // With a fallback, the late source is replaced (RxJS timeout's `with`).
                if let fallback { return fallback.startHandler(downstream, lifetime.child()) }
                downstream.terminate(.error(.timeout(duration)))
            }
            lifetime.onDispose(cancel: timer)
            self.startHandler(Observer(
                next: { value in
                    guard !done else { return }
                    timer.schedule(after: duration)
                    downstream.next(value)
                },
                terminate: { termination in
                    guard !done else { return }
                    done = true
                    timer.cancel()
                    downstream.terminate(termination)
                }
            ), upstream)
            // Armed after the source started, as RxJS does: a value due exactly at the
            // first deadline wins the tie, as it does at every later deadline.
            if !done { timer.schedule(after: duration) }
        })
    }
}

extension Signal {
    /// Sends each value with the time since the value before it (since the subscription,
    /// for the first), as RxJS's timeInterval. The end and an error go on as they are.
    ///
    ///     source         -a--b|
    ///     timeInterval   -a--b|     a: (a, 1ms)  b: (b, 3ms)
    @inlinable
    public func timeInterval(on scheduler: Scheduler) -> Signal<(value: Value, interval: TimeSpan)> {
        Signal<(value: Value, interval: TimeSpan)>(unchecked: { downstream, lifetime in
            var last = scheduler.now
            self.startHandler(Observer(
                next: { value in
                    let now = scheduler.now
                    downstream.next((value, now - last))
                    last = now
                },
                terminate: downstream.terminate
            ), lifetime)
        })
    }

    /// Sends each value with the time it came, on the scheduler's clock (since the run
    /// began), as RxJS's timestamp.
    ///
    ///     source      -a--b|
    ///     timestamp   -a--b|     a: (a, 1ms)  b: (b, 4ms)
    @inlinable
    public func timestamp(on scheduler: Scheduler) -> Signal<(value: Value, time: Time)> {
        Signal<(value: Value, time: Time)>(unchecked: { downstream, lifetime in
            self.startHandler(Observer(
                next: { value in downstream.next((value, scheduler.now)) },
                terminate: downstream.terminate
            ), lifetime)
        })
    }
}

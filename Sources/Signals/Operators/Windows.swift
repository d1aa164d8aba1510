/// The operators whose window or wait is a signal made from each value (RxJS's `throttle`,
/// `audit` and `delayWhen` with a duration selector), beside the ones whose window is a
/// time (`throttle(_:on:)`, `auditTime`, `delay`). Each is RxJS 7.5.7's operator, step for
/// step: a duration signal ends its window at its first value; one that completes without a
/// value ends the window quietly; its error is the signal's error.
extension Signal {
    /// Sends a value, then ignores values until `duration(value)` sends (RxJS throttle).
    /// `trailing`: the latest ignored value is sent when the window ends, and opens the next
    /// one; `leading` false: a value opens a window without being sent at once.
    ///
    ///     source              -abc---d-|
    ///     duration(each)       --x
    ///     throttle            -a-----d-|
    public func throttle<Other>(by duration: @escaping (Value) -> Signal<Other>, leading: Bool = true,
                                trailing: Bool = false) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            var waiting: Value?
            var window: Lifetime?
            var completed = false
            func open(_ value: Value) {
                let current = lifetime.child()
                window = current
                duration(value).startHandler(Observer(
                    next: { _ in if window === current { close() } },
                    terminate: { termination in
                        guard window === current else { return }
                        window = nil
                        if case .error = termination { return downstream.terminate(termination) }
                        if completed { downstream.terminate(.completed) }
                    }
                ), current)
            }
            func send() {
                guard let value = waiting else { return }
                waiting = nil
                downstream.next(value)
                if !completed, !lifetime.isDisposed { open(value) }
            }
            func close() {
                window?.dispose()
                window = nil
                guard trailing else { return }
                send()
                if completed { downstream.terminate(.completed) }
            }
            self.startHandler(Observer(
                next: { value in
                    waiting = value
                    guard window == nil else { return }
                    if leading { send() } else { open(value) }
                },
                terminate: { termination in
                    if termination == .completed, trailing, waiting != nil, window != nil {
                        completed = true
                        return
                    }
                    window?.dispose()
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// At a value when no wait runs, waits until `duration(value)` sends, then sends the
    /// latest value (RxJS audit). A wait that completes without a value keeps the latest
    /// for the next wait.
    ///
    ///     source              -a-b----c--|
    ///     duration(each)       --x
    ///     audit               ---b-----c-|
    public func audit<Other>(by duration: @escaping (Value) -> Signal<Other>) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            var latest: Value?
            var wait: Lifetime?
            var completed = false
            func end() {
                wait?.dispose()
                wait = nil
                if let value = latest {
                    latest = nil
                    downstream.next(value)
                }
                if completed { downstream.terminate(.completed) }
            }
            self.startHandler(Observer(
                next: { value in
                    latest = value
                    guard wait == nil else { return }
                    let current = lifetime.child()
                    wait = current
                    duration(value).startHandler(Observer(
                        next: { _ in if wait === current { end() } },
                        terminate: { termination in
                            guard wait === current else { return }
                            wait = nil
                            if case .error = termination { return downstream.terminate(termination) }
                            if completed { downstream.terminate(.completed) }
                        }
                    ), current)
                },
                terminate: { termination in
                    if termination == .completed, latest != nil, wait != nil {
                        completed = true
                        return
                    }
                    wait?.dispose()
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Sends each value when `duration(value)` first sends; a value whose duration
    /// completes without a value is dropped (RxJS delayWhen: `mergeMap(v => duration(v).pipe(take(1), mapTo(v)))`).
    ///
    ///     source              -a--b|
    ///     duration(each)       ---x
    ///     delayWhen           ----a--(b|)
    public func delayWhen<Other>(_ duration: @escaping (Value) -> Signal<Other>) -> Signal<Value> {
        flatMap { value in duration(value).take(1).map { _ in value } }
    }

    /// Sends the values of each `span` as a list, every `span` from the subscription (an
    /// empty list for a span without values), and what is held when the source completes
    /// (RxJS bufferTime: each span's timer is armed when the one before is sent).
    ///
    ///     source            -a-b------c|
    ///     bufferTime 3ms    ---x--y--e-(z|)     x = [a], y = [b], e = [], z = [c]
    public func bufferTime(_ span: TimeSpan, on scheduler: Scheduler) -> Signal<[Value]> {
        Signal<[Value]>(unchecked: { downstream, lifetime in
            guard span > .zero else { return downstream.terminate(.error(.intervalPeriod(span, operatorName: "bufferTime", what: "a span"))) }
            var buffer: [Value] = []
            // Weak: the timer's own action arms it again (the observer holds it).
            weak var next: Timer?
            let timer = scheduler.makeTimer {
                let full = buffer
                buffer = []
                downstream.next(full)
                if !lifetime.isDisposed { next?.schedule(after: span) }
            }
            next = timer
            lifetime.onDispose(cancel: timer)
            timer.schedule(after: span)
            self.startHandler(Observer(
                next: { buffer.append($0) },
                terminate: { termination in
                    timer.cancel()
                    if termination == .completed { downstream.next(buffer) }
                    buffer = []
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Sends each value, then the values of `transform(value)`, each expanded the same way;
    /// completes when the source and every run have (RxJS expand: depth first, each run
    /// subscribed at its value). Runs that send at once nest inside one another: past
    /// `depthLimit` of them at one instant, the signal fails rather than overflow the stack.
    ///
    ///     source                 -a|              a = 1
    ///     transform (each)        -x|             x = value * 2, while < 8
    ///     expand                 -abcd|           1, 2, 4, 8
    public func expand(_ transform: @escaping (Value) -> Signal<Value>, depthLimit: Int = 128) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            // The source and the runs still going.
            var running = 1
            var depth = 0
            var ended = false
            func end(_ termination: Termination) {
                guard !ended else { return }
                if case .completed = termination {
                    running -= 1
                    guard running == 0 else { return }
                }
                ended = true
                downstream.terminate(termination)
            }
            func send(_ value: Value) {
                guard !ended, !lifetime.isDisposed else { return }
                downstream.next(value)
                guard !ended, !lifetime.isDisposed else { return }
                depth += 1
                defer { depth -= 1 }
                guard depth <= depthLimit else { return end(.error(.expandTooDeep(depthLimit))) }
                running += 1
                let run = lifetime.child()
                transform(value).startHandler(Observer(next: send, terminate: { termination in
                    run.dispose()
                    end(termination)
                }), run)
            }
            self.startHandler(Observer(next: send, terminate: end), lifetime.child())
        })
    }
}

/// The operators that handle an error or an end by starting the source again or going on
/// with another: `catch`, `retry`, `repeat`.
extension Signal {
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
    /// With `wait`, each new subscription waits after the error: a time, or a notifier
    /// (RxJS retry({count, delay})).
    public func retry(_ count: Int, wait: RestartWait<Value> = .none, on scheduler: Scheduler? = nil,
                      interrupted: @escaping () -> Bool = { false }) -> Signal<Value> {
        guard count >= 0 else { return .fail(.negativeCount("retry", count)) }
        return restarting(after: { termination in
            if case .error = termination { return true }
            return false
        }, times: count, wait: wait, on: scheduler, interrupted: interrupted) { attempts in .retryInterrupted(attempts: attempts) }
    }

    /// When the source completes, subscribes again: the source runs `count` times in all
    /// (`Int.max`: until something stops it); an error passes on at once. As RxJS's repeat:
    /// a count of 0 completes at once without subscribing.
    ///
    ///     source     -a|
    ///     repeat 3   -a-a-a|
    /// `interrupted` is polled before each new run (a source that completes at once,
    /// repeated forever, stays stoppable); it then fails with "repeat: interrupted after N
    /// runs". With `wait`, each new run waits after the completion (RxJS repeat({count, delay})).
    public func `repeat`(_ count: Int, wait: RestartWait<Value> = .none, on scheduler: Scheduler? = nil,
                         interrupted: @escaping () -> Bool = { false }) -> Signal<Value> {
        guard count >= 0 else { return .fail(.negativeCount("repeat", count)) }
        guard count > 0 else { return .empty }
        return restarting(after: { $0 == .completed }, times: count == Int.max ? count : count - 1, wait: wait,
                          on: scheduler, interrupted: interrupted) { runs in .repeatInterrupted(runs: runs) }
    }

    /// Subscribes again, up to `times` more times, when a run ends as `restarts` says;
    /// any other end passes on. retry's and repeat's one loop.
    private func restarting(after restarts: @escaping (Termination) -> Bool, times: Int, wait: RestartWait<Value>,
                            on scheduler: Scheduler?, interrupted: @escaping () -> Bool,
                            stopped: @escaping (Int) -> SignalError) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            var remaining = times
            var subscribing = false
            var again = true
            // Weak: the timer's own action runs `subscribe`, which holds this variable; a
            // strong one made a cycle that kept the timer and the whole downstream alive
            // after the run (each run of a `repeat … delay` was kept). The lifetime's cleanup
            // holds the timer until it ends.
            weak var timer: Timer?
            // A loop, not recursion: a source that ends at once is run again without
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
                            guard restarts(termination), remaining > 0 else { return downstream.terminate(termination) }
                            let runs = times - remaining + 1
                            if interrupted() { return downstream.terminate(.error(stopped(runs))) }
                            remaining -= 1
                            switch wait {
                            case .none: subscribe()
                            case .time: if let timer { timer.schedule(after: wait.time) } else { subscribe() }
                            case .notifier(let make): notify(make(runs))
                            }
                        }
                    ), attempt)
                }
            }
            // The notifier's first value starts the next run; its end without one ends here.
            func notify(_ notifier: Signal<Value>) {
                let waiting = lifetime.child()
                notifier.startHandler(Observer(
                    next: { _ in
                        guard !waiting.isDisposed else { return }
                        waiting.dispose()
                        subscribe()
                    },
                    terminate: { termination in
                        guard !waiting.isDisposed else { return }
                        waiting.dispose()
                        downstream.terminate(termination)
                    }
                ), waiting)
            }
            if case .time(let span) = wait, let scheduler, span > .zero {
                let made = scheduler.makeTimer { subscribe() }
                lifetime.onDispose(cancel: made)
                timer = made
            }
            subscribe()
        })
    }
}

/// What retry and repeat wait for before the next run: nothing, a time, or a notifier
/// made for the run's number (1 for the first restart) whose first value starts it.
public enum RestartWait<Value> {
    case none
    case time(TimeSpan)
    case notifier((Int) -> Signal<Value>)

    var time: TimeSpan {
        if case .time(let span) = self { return span }
        return .zero
    }
}

extension Signal {
    /// Passes everything through unchanged and writes one line per subscription, event
    /// and disposal, with its time:
    ///
    ///     [0ms] search: subscribed
    ///     [12ms] search: next "cats"
    ///     [20ms] search: completed
    ///     [15ms] search: cancelled       (disposed before it ended)
    /// `describe` writes a value (the language cuts big ones short).
    public func log(_ label: String, on scheduler: Scheduler, to write: @escaping (String) -> Void,
                    describe: ((Value) -> String)? = nil) -> Signal<Value> {
        let describe = describe ?? { Self.describe($0) }
        return Signal(unchecked: { downstream, lifetime in
            func line(_ text: String) { write("[\(scheduler.now.logDescription)] \(label): \(text)") }
            line("subscribed")
            var ended = false
            lifetime.onDispose { if !ended { line("cancelled") } }
            self.startHandler(Observer(
                next: { value in
                    line("next \(describe(value))")
                    downstream.next(value)
                },
                terminate: { termination in
                    ended = true
                    switch termination {
                    case .completed: line("completed")
                    case .error(let error): line("error \(Self.describe(error.message))")
                    }
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Passes everything through, and runs `action` once when the subscription ends: after
    /// its completion or error has gone on, or when it is disposed (RxJS finalize).
    ///
    ///     source      -a-b|
    ///     finalize    -a-b|   and the action at 4
    public func finalize(_ action: @escaping () -> Void) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            var done = false, ending = false
            func finish() {
                guard !done else { return }
                done = true
                action()
            }
            // An end disposes the lifetime on its way down: the action waits until the end
            // has reached the subscriber.
            lifetime.onDispose { if !ending { finish() } }
            self.startHandler(Observer(
                next: downstream.next,
                terminate: { termination in
                    ending = true
                    downstream.terminate(termination)
                    finish()
                }
            ), lifetime)
        })
    }

    static func describe(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        return String(describing: value)
    }
}

extension Time {
    /// `0ms`, `12ms`, `1.5s`: the one way times are written in logs.
    public var logDescription: String {
        let milliseconds = Double(nanoseconds) / 1e6
        if milliseconds < 1000 {
            let rounded = (milliseconds * 10).rounded() / 10
            return rounded == rounded.rounded() ? "\(Int(rounded))ms" : "\(rounded)ms"
        }
        let seconds = (milliseconds / 10).rounded() / 100
        return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
    }
}

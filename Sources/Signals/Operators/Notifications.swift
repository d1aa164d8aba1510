/// Events as values and back (RxJS materialize and dematerialize): what a learner uses to
/// see a signal's end as a value, or to make one from values.
extension Signal {
    /// Sends each event as a value: every value, then its end (completed or the error),
    /// then completes. An error no longer ends what follows.
    ///
    ///     source         -a-#
    ///     materialize    -x-(y|)     x = next a, y = error
    public func materialize() -> Signal<Event<Value>> {
        Signal<Event<Value>>(unchecked: { downstream, lifetime in
            self.startHandler(Observer(
                next: { downstream.next(.next($0)) },
                terminate: { termination in
                    downstream.next(termination.event())
                    // Stopped by that value (a `dematerialize` ended on it): nothing after it.
                    if !lifetime.isDisposed { downstream.terminate(.completed) }
                }
            ), lifetime)
        })
    }

    /// The events of a signal of events, as events: a value is sent, an end ends it.
    ///
    ///     source           -x-(y|)     x = next a, y = error
    ///     dematerialize    -a-#
    public func dematerialize<Inner>() -> Signal<Inner> where Value == Event<Inner> {
        Signal<Inner>(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            self.startHandler(Observer(
                next: { event in
                    guard !upstream.isDisposed else { return }
                    guard let termination = event.termination else {
                        if case .next(let value) = event { downstream.next(value) }
                        return
                    }
                    upstream.dispose()
                    downstream.terminate(termination)
                },
                // The source's own end, unless an event in it ended this already.
                terminate: { termination in if !upstream.isDisposed { downstream.terminate(termination) } }
            ), upstream)
        })
    }
}

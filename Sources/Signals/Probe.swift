/// The tracer hook: a probe placed between two stages hears every subscription, event and
/// disposal that passes. The marble tracer and the request counters are built on it.
///
/// It costs nothing when no tracer is attached, because then no probe stage is built.
public protocol Probe<Value>: AnyObject {
    associatedtype Value
    /// A new subscription passed through; the returned token identifies it in later calls.
    func subscribed() -> Int
    func received(_ event: Event<Value>, subscription: Int)
    /// The subscription was disposed; `cancelled` when it ended without a terminal event
    /// (someone downstream stopped it: take, switchMap, Ctrl-C).
    func disposed(subscription: Int, cancelled: Bool)
}

extension Signal {
    /// Passes everything through unchanged and tells `probe` about it.
    @inlinable
    public func probed<P: Probe<Value>>(_ probe: P) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let subscription = probe.subscribed()
            var terminated = false
            lifetime.onDispose {
                probe.disposed(subscription: subscription, cancelled: !terminated)
            }
            self.startHandler(Observer(
                next: { value in
                    probe.received(.next(value), subscription: subscription)
                    downstream.next(value)
                },
                terminate: { termination in
                    terminated = true
                    probe.received(termination.event(), subscription: subscription)
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }
}

/// A current value whose changes are a signal (ReactiveSwift MutableProperty, RAC2's
/// RACObserve): set it, and every pipeline that observes it reacts.
public final class Property<Value> {
    public private(set) var value: Value
    private let changes = Subject<Value>()

    public init(_ value: Value) {
        self.value = value
    }

    /// The current value at subscription, then every change.
    public var producer: Signal<Value> {
        Signal(unchecked: { [self] observer, lifetime in
            observer.next(value)
            if !lifetime.isDisposed { changes.signal.startHandler(observer, lifetime) }
        })
    }

    /// Every change from now on.
    public var signal: Signal<Value> { changes.signal }

    /// Sets the value and tells every observer. Setting it from inside one of its own
    /// deliveries is a re-entrant send, and is refused.
    public func set(_ newValue: Value) throws(SignalError) {
        try changes.checkCanSend()
        value = newValue
        try changes.send(newValue)
    }
}

extension Subject {
    func checkCanSend() throws(SignalError) {
        if termination != nil || isDeliveringNow {
            throw SignalError("re-entrant send: a subscriber set the property it is observing")
        }
    }
}

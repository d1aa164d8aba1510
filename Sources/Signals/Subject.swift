/// A hot source: values sent to it go to whoever is subscribed at that moment
/// (RxJS Subject, ReactiveSwift's Signal.pipe). A subscriber that arrives after the end
/// receives the terminal event at once.
public final class Subject<Value> {
    private var observers: [(lifetime: Lifetime, observer: Observer<Value>)] = []
    public private(set) var termination: Termination?
    private var isDelivering = false

    public init() {}

    /// How many subscribers are listening now.
    public var subscriberCount: Int { observers.count }

    public var signal: Signal<Value> {
        Signal(unchecked: { [self] observer, lifetime in
            if let termination {
                observer.terminate(termination)
                return
            }
            observers.append((lifetime, observer))
            lifetime.onDispose { [weak self] in
                self?.observers.removeAll { $0.lifetime === lifetime }
            }
        })
    }

    /// Sends a value to every current subscriber.
    ///
    /// Throws when the subject has ended, or when called while the subject is already
    /// delivering (a re-entrant send: a subscriber that feeds its own source).
    public func send(_ value: Value) throws(SignalError) {
        try checkOpen()
        deliver(value)
    }

    /// Ends the subject; later sends throw.
    public func terminate(_ termination: Termination) throws(SignalError) {
        try checkOpen()
        end(termination)
    }

    private func checkOpen() throws(SignalError) {
        if let termination {
            throw .sendAfterEnd(termination)
        }
        if isDelivering {
            throw .reentrantSend
        }
    }

    /// Delivery without the re-entrancy check, for the library's own hot sources, where a
    /// subscriber's reaction may legitimately cause the next value (as in RxJS).
    func deliver(_ value: Value) {
        guard termination == nil else { return }
        let wasDelivering = isDelivering
        isDelivering = true
        defer { isDelivering = wasDelivering }
        for (lifetime, observer) in observers where !lifetime.isDisposed {
            observer.next(value)
        }
    }

    func end(_ termination: Termination) {
        guard self.termination == nil else { return }
        self.termination = termination
        let current = observers
        observers = []
        for (lifetime, observer) in current where !lifetime.isDisposed {
            observer.terminate(termination)
        }
    }
}

/// A value that changes over time: the current value, and its changes as signals
/// (ReactiveSwift's `MutableProperty`, what ReactiveCocoa 2's `RACObserve` gives for a key
/// path).
///
///     let username = Property("")
///     username.producer     the current value at subscription, then every change
///     username.signal       the changes only
///     try username.set("ann")
///
/// A property never ends. Setting it from inside the delivery of one of its own changes is
/// a re-entrant send: the other subscribers would see the changes out of order, so
/// `set(_:)` refuses it with an error (and the value stays as it was).
///
/// A property made with `init(initial:then:)` follows a signal and is read-only, as are an
/// `Action`'s `isExecuting` and `isEnabled`: only their owner changes them.
public final class Property<Value> {
    private var current: Value
    private var observers: [(lifetime: Lifetime, observer: Observer<Value>)] = []
    private var isDelivering = false
    /// Why `set` is refused, for a property that only its owner changes.
    private let readOnlyReason: String?
    /// The subscription to the signal a following property tracks.
    private var following: Lifetime?

    /// A property you set.
    public init(_ value: Value) {
        current = value
        readOnlyReason = nil
    }

    /// A read-only property that starts at `initial` and then takes every value `changes`
    /// sends. It stops following when `changes` ends (keeping its last value); an error
    /// of `changes` is not the property's: it keeps its value too.
    public init(initial: Value, then changes: Signal<Value>) {
        current = initial
        readOnlyReason = "it follows a signal"
        let following = Lifetime()
        self.following = following
        changes.start(Observer(
            next: { [weak self] value in self?.update(value) },
            terminate: { _ in following.dispose() }
        ), in: following)
    }

    /// A read-only property that its owner in this library updates.
    init(owned value: Value, by owner: String) {
        current = value
        readOnlyReason = "only its \(owner) changes it"
    }

    deinit {
        following?.dispose()
    }

    /// The current value. Assigning is `set(_:)` without the error: an assignment that
    /// `set` would refuse (re-entrant, or to a read-only property) changes nothing. Use
    /// `set(_:)` where that can happen, to be told.
    public var value: Value {
        get { current }
        set { try? set(newValue) }
    }

    /// Sets the value and sends it to the subscribers.
    ///
    /// Throws, leaving the value as it was, when called while the property is delivering
    /// (a subscriber that sets the property it is hearing from), or when the property is
    /// read-only.
    public func set(_ newValue: Value) throws(SignalError) {
        if let readOnlyReason {
            throw .readOnlyProperty(readOnlyReason)
        }
        if isDelivering {
            throw .reentrantSet
        }
        update(newValue)
    }

    /// The current value at subscription, then every change. Never completes.
    ///
    ///     value 1, set 2 at 3, set 5 at 6     subscribed at 0   1--2--5---
    public var producer: Signal<Value> {
        Signal(unchecked: { [self] observer, lifetime in
            // The first value is a delivery too: a set from inside it would be re-entrant.
            let wasDelivering = isDelivering
            isDelivering = true
            observer.next(current)
            isDelivering = wasDelivering
            add(observer, lifetime: lifetime)
        })
    }

    /// Every change from subscription on, without the current value. Never completes.
    ///
    ///     value 1, set 2 at 3, set 5 at 6     subscribed at 0   ---2--5---
    public var signal: Signal<Value> {
        Signal(unchecked: { [self] observer, lifetime in add(observer, lifetime: lifetime) })
    }

    /// How many subscribers are listening now.
    public var subscriberCount: Int { observers.count }

    /// Sets and delivers without the checks of `set`, for the library's own properties,
    /// whose owner may legitimately change them in reaction to one of their changes
    /// (an action applied again when it stops executing).
    func update(_ newValue: Value) {
        current = newValue
        let wasDelivering = isDelivering
        isDelivering = true
        defer { isDelivering = wasDelivering }
        // The subscribers of this moment; one that left during delivery is skipped.
        for (lifetime, observer) in observers where !lifetime.isDisposed {
            observer.next(newValue)
        }
    }

    private func add(_ observer: Observer<Value>, lifetime: Lifetime) {
        guard !lifetime.isDisposed else { return }
        observers.append((lifetime, observer))
        lifetime.onDispose { [weak self] in
            self?.observers.removeAll { $0.lifetime === lifetime }
        }
    }
}

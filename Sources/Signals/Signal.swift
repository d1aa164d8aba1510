/// A cold signal: a recipe for work that starts anew for each subscription
/// (ReactiveSwift's SignalProducer, an RxJS Observable). Hot sources are `Subject`s,
/// seen through their `signal`.
///
/// Not Sendable, on purpose: a graph lives on the thread that owns its scheduler.
public struct Signal<Value> {
    /// Starts one subscription: send events to the observer until the lifetime ends.
    @usableFromInline let startHandler: (Observer<Value>, Lifetime) -> Void

    /// A signal whose start function keeps the event grammar itself (nothing after a
    /// terminal event, nothing after disposal), so no guard runs per event: for operators
    /// and sources, this library's and the language's.
    @inlinable
    public init(unchecked startHandler: @escaping (Observer<Value>, Lifetime) -> Void) {
        self.startHandler = startHandler
    }

    /// A signal from your own code. Events sent after a terminal event, or after the
    /// subscription was disposed, are dropped.
    public init(_ startHandler: @escaping (Observer<Value>, Lifetime) -> Void) {
        self.startHandler = { observer, lifetime in
            let guarded = GuardedObserver(observer, lifetime: lifetime)
            startHandler(Observer(next: guarded.next, terminate: guarded.terminate), lifetime)
        }
    }

    /// Starts the work for a subscription that ends with `lifetime`. Operators call this
    /// for their upstream and inner signals.
    @inlinable
    public func start(_ observer: Observer<Value>, in lifetime: Lifetime) {
        startHandler(observer, lifetime)
    }

    /// Subscribes: starts the work and returns its lifetime, which ends when the signal
    /// terminates or when you dispose it.
    @inlinable
    @discardableResult
    public func subscribe(_ observer: Observer<Value>) -> Lifetime {
        let subscriber = Subscriber(observer)
        startHandler(Observer(next: { subscriber.receive($0) }, terminate: { subscriber.end($0) }),
                     subscriber.lifetime)
        return subscriber.lifetime
    }

    @inlinable
    @discardableResult
    public func subscribe(_ handle: @escaping (Event<Value>) -> Void) -> Lifetime {
        subscribe(Observer(next: { handle(.next($0)) }, terminate: { handle($0.event()) }))
    }

    /// Builds an operator from a function that makes the upstream observer from the
    /// downstream one (and the subscription's lifetime).
    @inlinable
    public func lift<Output>(
        _ makeObserver: @escaping (Observer<Output>, Lifetime) -> Observer<Value>
    ) -> Signal<Output> {
        Signal<Output>(unchecked: { downstream, lifetime in
            self.startHandler(makeObserver(downstream, lifetime), lifetime)
        })
    }
}

/// The end of a chain: drops anything after the end, and ends the subscription first,
/// so nothing the observer does can re-enter it. One object, so the chain's last call
/// passes one context pointer.
@usableFromInline
final class Subscriber<Value> {
    @usableFromInline let observer: Observer<Value>
    @usableFromInline let lifetime = Lifetime()

    @inlinable
    init(_ observer: Observer<Value>) { self.observer = observer }

    @inlinable
    func receive(_ value: Value) {
        if !lifetime.isDisposed { observer.next(value) }
    }

    @inlinable
    func end(_ termination: Termination) {
        guard !lifetime.isDisposed else { return }
        lifetime.dispose()
        observer.terminate(termination)
    }
}

/// Keeps user-written sources to the event grammar.
final class GuardedObserver<Value> {
    private let observer: Observer<Value>
    private let lifetime: Lifetime
    private var terminated = false

    init(_ observer: Observer<Value>, lifetime: Lifetime) {
        self.observer = observer
        self.lifetime = lifetime
    }

    func next(_ value: Value) {
        guard !terminated, !lifetime.isDisposed else { return }
        observer.next(value)
    }

    func terminate(_ termination: Termination) {
        guard !terminated, !lifetime.isDisposed else { return }
        terminated = true
        observer.terminate(termination)
    }
}

// MARK: Sources

extension Signal {
    /// Completes at once.
    ///
    ///     empty  |
    @inlinable public static var empty: Signal<Value> {
        Signal(unchecked: { observer, _ in observer.terminate(.completed) })
    }

    /// Never sends anything.
    ///
    ///     never  -----
    @inlinable public static var never: Signal<Value> {
        Signal(unchecked: { _, _ in })
    }

    /// Fails at once.
    ///
    ///     fail "boom"  #
    @inlinable public static func fail(_ error: SignalError) -> Signal<Value> {
        Signal(unchecked: { observer, _ in observer.terminate(.error(error)) })
    }

    /// Sends the values in order, at once, then completes.
    ///
    ///     of a, b, c  (abc|)
    @inlinable public static func of(_ values: Value...) -> Signal<Value> {
        sequence(values)
    }

    /// Sends the elements of a collection in order, then completes. Stops early when the
    /// subscription is disposed (by `take`, say).
    @inlinable public static func sequence<S: Sequence>(_ values: S) -> Signal<Value>
    where S.Element == Value {
        Signal(unchecked: { observer, lifetime in
            for value in values {
                if lifetime.isDisposed { return }
                observer.next(value)
            }
            if !lifetime.isDisposed { observer.terminate(.completed) }
        })
    }

    /// Sends the value of `make()` evaluated for each subscription, then completes.
    @inlinable public static func deferred(_ make: @escaping () -> Signal<Value>) -> Signal<Value> {
        Signal(unchecked: { observer, lifetime in make().startHandler(observer, lifetime) })
    }
}

/// How often a synchronous loop (a counting source, a fused chain's pushed range) asks
/// whether its run was interrupted (Ctrl-C, a limit): every 64 values, a few nanoseconds
/// each time, and still soon enough when each value is expensive (`scan [], acc + [it]`
/// copies a list of up to a million items per value).
public enum SynchronousLoop {
    public static let pollMask = 63
}

extension Signal {
    /// Sends `count` whole numbers from `start`, each as `make` makes it, at once, then
    /// completes; `interrupted`, when given, is asked every 64 numbers and true stops it
    /// (`range 1, 1e12` stops at Ctrl-C). The one counting loop: `range` of Ints here,
    /// the language's `range` of values, each an instance of it.
    ///
    ///     range 1, 3  (123|)
    ///
    /// One closure whatever the arguments, the bad count checked inside it. With
    /// `guard count >= 0 else { return .fail(...) }` before it, two closures met in one
    /// value, and the optimiser could no longer inline a chain written in one expression
    /// through to the loop, which made such a chain several times slower. Sources and
    /// synchronous operators keep to this.
    @inlinable public static func counting(from start: Int, _ count: Int, as make: @escaping (Int) -> Value,
                                           interrupted: (() -> Bool)? = nil) -> Signal {
        Signal(unchecked: { observer, lifetime in
            guard count >= 0 else { return observer.terminate(.error(.negativeCount("range", count))) }
            var value = start
            let (end, overflow) = start.addingReportingOverflow(count)
            let last = overflow ? Int.max : end
            while value < last {
                if lifetime.isDisposed { return }
                if let interrupted, value & SynchronousLoop.pollMask == 0, interrupted() { return }
                observer.next(make(value))
                value += 1
            }
            if !lifetime.isDisposed { observer.terminate(.completed) }
        })
    }
}

extension Signal where Value == Int {
    /// Sends `count` integers from `start`, at once, then completes.
    @inlinable public static func range(_ start: Int, _ count: Int) -> Signal<Int> {
        counting(from: start, count, as: { $0 })
    }
}

extension Signal {
    /// One subscription of the source for all concurrent subscribers (RxJS 7 `share()`,
    /// RAC2 publish + autoconnect). When the last subscriber leaves, the source is
    /// disposed; after the source ends, the next subscriber starts it afresh.
    ///
    ///     source        -a-b|          subscribed once
    ///     share         -a-b|          for every subscriber
    ///
    /// `restarts: false` connects once and never again: the run goes on when every
    /// subscriber has left, and a subscriber after the end gets the end (RxJS's
    /// `share({resetOnError: false, resetOnComplete: false, resetOnRefCountZero: false})`).
    /// `connectedUntil` connects now, before any subscriber, and never restarts, until that
    /// lifetime ends (RxJS's `connectable(source).connect()`, RAC 2's `publish` + `connect`).
    public func share(restarts: Bool = true, connectedUntil lifetime: Lifetime? = nil) -> Signal<Value> {
        shared(Multicast(source: self, replayCount: 0, resetOnEnd: true, restarts: restarts && lifetime == nil), until: lifetime)
    }

    /// Like `share`, and a subscriber that comes late first receives the last `count`
    /// values; after the source completes, later subscribers get those values and the
    /// completion (RxJS `shareReplay({bufferSize, refCount: true})`). With `restarts:
    /// false` (and with `connectedUntil`, which connects now) it never runs the source
    /// again: an error is kept and replayed too, as RAC 2's `RACReplaySubject` does
    /// (`replayLazily`, and `replay`/`replayLast`, which connect at once).
    public func replay(_ count: Int, restarts: Bool = true, connectedUntil lifetime: Lifetime? = nil) -> Signal<Value> {
        guard count >= 0 else { return .fail(.negativeCount("replay", count)) }
        guard count <= maximumReplayCount else {
            return .fail(.replayTooLarge(count))
        }
        return shared(Multicast(source: self, replayCount: count, resetOnEnd: false, restarts: restarts && lifetime == nil),
                      until: lifetime)
    }

    private func shared(_ hub: Multicast<Value>, until lifetime: Lifetime?) -> Signal<Value> {
        if let lifetime { hub.connect(until: lifetime) }
        return Signal(unchecked: { observer, lifetime in hub.subscribe(observer, lifetime) })
    }

    /// A signal that starts its source only when `connect()` is called, for every
    /// subscriber at once (RAC2 `publish`).
    public func publish() -> ConnectableSignal<Value> {
        ConnectableSignal(source: self)
    }
}

/// Bounds the memory a `replay` can hold: a larger count is an error, not a slow death.
public let maximumReplayCount = 100_000

/// The shared state behind `share` and `replay`.
final class Multicast<Value> {
    private let source: Signal<Value>
    private let replayCount: Int
    private let resetOnEnd: Bool
    /// False: connected once, never again (kept running when every subscriber has left,
    /// its end kept for later subscribers, an error too).
    private let restarts: Bool
    private var subscribers: [(lifetime: Lifetime, observer: Observer<Value>)] = []
    private var connection: Lifetime?
    private var buffer: [Value] = []
    private var termination: Termination?

    init(source: Signal<Value>, replayCount: Int, resetOnEnd: Bool, restarts: Bool = true) {
        self.source = source
        self.replayCount = replayCount
        self.resetOnEnd = resetOnEnd
        self.restarts = restarts
    }

    /// Connects now, for the subscribers to come, until `lifetime` ends.
    func connect(until lifetime: Lifetime) {
        connect()
        lifetime.onDispose { [weak self] in
            let connection = self?.connection
            self?.connection = nil
            connection?.dispose()
        }
    }

    func subscribe(_ observer: Observer<Value>, _ lifetime: Lifetime) {
        for value in buffer {
            if lifetime.isDisposed { return }
            observer.next(value)
        }
        if let termination {
            observer.terminate(termination)
            return
        }
        subscribers.append((lifetime, observer))
        // Strong on purpose: the subscriptions keep the hub alive, nothing else does.
        lifetime.onDispose { self.leave(lifetime) }
        if connection == nil, restarts || !connected { connect() }
    }

    /// Whether it has connected once (a hub that does not restart connects once only).
    private var connected = false

    private func connect() {
        connected = true
        let connection = Lifetime()
        self.connection = connection
        source.startHandler(Observer(
            next: { value in self.deliver(value) },
            terminate: { termination in self.end(termination) }
        ), connection)
    }

    private func deliver(_ value: Value) {
        if replayCount > 0 {
            buffer.append(value)
            if buffer.count > replayCount { buffer.removeFirst(buffer.count - replayCount) }
        }
        for subscriber in subscribers where !subscriber.lifetime.isDisposed {
            subscriber.observer.next(value)
        }
    }

    private func end(_ termination: Termination) {
        let current = subscribers
        subscribers = []
        let finished = connection
        connection = nil
        finished?.dispose()
        if restarts && (resetOnEnd || termination != .completed) {
            buffer = []
        } else {
            self.termination = termination
        }
        for subscriber in current where !subscriber.lifetime.isDisposed {
            subscriber.observer.terminate(termination)
        }
    }

    private func leave(_ lifetime: Lifetime) {
        subscribers.removeAll { $0.lifetime === lifetime }
        if subscribers.isEmpty, restarts, let connection {
            // The last subscriber left: stop the source, and start afresh next time.
            self.connection = nil
            buffer = []
            connection.dispose()
        }
    }
}

/// A source shared by every subscriber, started by `connect()` (RAC2 `publish`).
/// Subscribers that arrive after the source ended receive the end at once.
public final class ConnectableSignal<Value> {
    private let source: Signal<Value>
    private let subject = Subject<Value>()
    private var connection: Lifetime?
    private var autoconnected = 0

    init(source: Signal<Value>) {
        self.source = source
    }

    public var signal: Signal<Value> { subject.signal }

    /// Whether the source is running for the subscribers.
    public var isConnected: Bool { connection.map { !$0.isDisposed } ?? false }

    /// Starts the source; its lifetime stops it (and the source can then be connected
    /// again, for the same subscribers). Connecting while connected returns the running
    /// connection; after the source ended, connecting does nothing.
    @discardableResult
    public func connect() -> Lifetime {
        if let connection, !connection.isDisposed { return connection }
        let connection = Lifetime()
        self.connection = connection
        guard subject.termination == nil else {
            connection.dispose()
            return connection
        }
        source.startHandler(Observer(
            next: { [subject] value in subject.deliver(value) },
            terminate: { [subject] termination in
                // The source is done: free it, then tell everyone.
                connection.dispose()
                subject.end(termination)
            }
        ), connection)
        return connection
    }

    /// Connects when the first subscriber arrives and disconnects when the last one
    /// leaves (RAC2 `autoconnect`); a later subscriber connects again.
    public func autoconnect() -> Signal<Value> {
        Signal(unchecked: { [self] observer, lifetime in
            autoconnected += 1
            subject.signal.startHandler(observer, lifetime)
            lifetime.onDispose { [self] in
                autoconnected -= 1
                if autoconnected == 0 { connection?.dispose() }
            }
            if !lifetime.isDisposed { connect() }
        })
    }
}

/// Signals drawn as marbles, and a recorder that turns a run back into events: the
/// machinery of marble tests, used by the engine's tests and by the language's
/// `cold`, `hot` and `expect`.

/// A cold source that counts its subscriptions, so tests can check that operators
/// dispose what they subscribe to.
public final class ColdSource<Value> {
    /// Kept apart from the source, so the signal can outlive the source object.
    final class Log {
        var subscriptions: [(subscribed: Time, disposed: Time?)] = []
        var live = 0
    }

    private let log = Log()
    public let signal: Signal<Value>
    public var subscriptions: [(subscribed: Time, disposed: Time?)] { log.subscriptions }
    public var liveSubscriptions: Int { log.live }

    /// `value(mark)` gives the value of each mark; `error` the error of `#`.
    public init(_ marble: Marble, scheduler: Scheduler,
                error: SignalError = SignalError("error"),
                value: @escaping (Character) -> Value) {
        signal = Signal(unchecked: { [log] observer, lifetime in
            let index = log.subscriptions.count
            log.subscriptions.append((scheduler.now, nil))
            log.live += 1
            var timers: [Timer] = []
            for entry in marble.entries {
                let timer = scheduler.makeTimer {
                    switch entry.mark {
                    case .value(let mark): observer.next(value(mark))
                    case .completed: observer.terminate(.completed)
                    case .error: observer.terminate(.error(error))
                    }
                }
                timer.schedule(after: .milliseconds(entry.frame))
                timers.append(timer)
            }
            lifetime.onDispose {
                for timer in timers { timer.cancel() }
                log.live -= 1
                log.subscriptions[index].disposed = scheduler.now
            }
        })
    }
}

/// A hot source: one timeline, scheduled when it is made (the start of a run), whether or
/// not anyone has subscribed. Frames before `^` are in the past and never happen.
public final class HotSource<Value> {
    private let subject = Subject<Value>()
    private var timers: [Timer] = []
    public var signal: Signal<Value> { subject.signal }
    public var subscriberCount: Int { subject.subscriberCount }
    /// Its events still to come: timers of its own, not of a subscription (a leak check
    /// counts the scheduler's other timers).
    public var pendingTimers: Int { timers.count { $0.isPending } }

    public init(_ marble: Marble, scheduler: Scheduler,
                error: SignalError = SignalError("error"),
                value: @escaping (Character) -> Value) {
        let start = scheduler.now
        for entry in marble.entries where entry.frame >= 0 {
            let timer = scheduler.makeTimer { [subject] in
                switch entry.mark {
                case .value(let mark): subject.deliver(value(mark))
                case .completed: subject.end(.completed)
                case .error: subject.end(.error(error))
                }
            }
            timer.schedule(at: start + .milliseconds(entry.frame))
            timers.append(timer)
        }
    }
}

/// One event and when it happened.
public struct Recorded<Value> {
    public var time: Time
    public var event: Event<Value>

    public init(time: Time, event: Event<Value>) {
        self.time = time
        self.event = event
    }

    public var frame: Int { time.frame }
}

extension Recorded: Equatable where Value: Equatable {}

extension Signal {
    /// Subscribes now, runs the scheduler for `limit` (or until nothing is left to do),
    /// disposes the subscription and returns every event with its time since subscribing.
    public func record(on scheduler: Scheduler, for limit: TimeSpan? = nil) -> [Recorded<Value>] {
        var events: [Recorded<Value>] = []
        let start = scheduler.now
        let lifetime = subscribe { event in
            events.append(Recorded(time: Time(nanoseconds: (scheduler.now - start).nanoseconds), event: event))
        }
        scheduler.run(until: limit.map { start + $0 }, shouldStop: { lifetime.isDisposed })
        // Still subscribed: the recording lasts its whole length, then ends.
        if let limit, !lifetime.isDisposed { scheduler.advance(to: start + limit) }
        lifetime.dispose()
        return events
    }
}

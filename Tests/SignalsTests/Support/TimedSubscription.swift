import Signals
import Testing

/// A subscription made at a chosen frame of a marble test's run, and optionally disposed
/// at another, that records what it receives by frame of the run. It stands in for RxJS's
/// `hot("----b|").pipe(mergeMapTo(shared))` and `expectObservable(shared, unsub)` when a
/// test needs several subscribers to one signal.
final class TimedSubscription<Value> {
    private(set) var events: [Recorded<Value>] = []
    private(set) var lifetime: Lifetime?

    fileprivate init(_ signal: Signal<Value>, scheduler: Scheduler, at frame: Int, disposeAt disposeFrame: Int?) {
        let start = { [self] in
            lifetime = signal.subscribe { [self] event in
                events.append(Recorded(time: scheduler.now, event: event))
            }
        }
        // Timers armed now, before the run, come first at their frame (like a hot source).
        if frame == 0 { start() } else { scheduler.schedule(after: .milliseconds(frame), start) }
        if let disposeFrame {
            scheduler.schedule(after: .milliseconds(disposeFrame)) { [self] in lifetime?.dispose() }
        }
    }
}

extension MarbleTest {
    /// Subscribes `signal` at `frame` (at once for 0) and disposes it at `disposeFrame`.
    /// Run the scheduler, then check with `expect(_:emitted:)`.
    func subscribe<Value>(_ signal: Signal<Value>, at frame: Int = 0, disposeAt disposeFrame: Int? = nil)
        -> TimedSubscription<Value> {
        TimedSubscription(signal, scheduler: scheduler, at: frame, disposeAt: disposeFrame)
    }

    /// Compares what `subscription` received, by frame of the run, with `marble`.
    func expect<Value: Equatable>(
        _ subscription: TimedSubscription<Value>, emitted marble: String, _ values: [Character: Value],
        error: String = "error", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected: [Recorded<Value>]
        do {
            expected = try Marble.parse(marble).entries.map { entry in
                let event: Event<Value>
                switch entry.mark {
                case .value(let mark):
                    guard let value = values[mark] else {
                        Issue.record("no value for mark \(mark)", sourceLocation: sourceLocation)
                        return Recorded(time: .frame(entry.frame), event: .completed)
                    }
                    event = .next(value)
                case .completed: event = .completed
                case .error: event = .error(SignalError(error))
                }
                return Recorded(time: .frame(entry.frame), event: event)
            }
        } catch {
            Issue.record("bad marble \(marble): \(error.message)", sourceLocation: sourceLocation)
            return
        }
        let actual = subscription.events
        if actual != expected {
            let expectedEvents = expected.map(describeRecorded).joined(separator: ", ")
            let actualEvents = actual.map(describeRecorded).joined(separator: ", ")
            Issue.record("""
                events differ
                expected: \(marble)
                expected events: \(expectedEvents)
                actual events:   \(actualEvents)
                """, sourceLocation: sourceLocation)
        }
    }

    func expect(_ subscription: TimedSubscription<String>, emitted marble: String, error: String = "error",
                sourceLocation: SourceLocation = #_sourceLocation) {
        var values: [Character: String] = [:]
        for character in marble where character.isLetter || character.isNumber {
            values[character] = String(character)
        }
        expect(subscription, emitted: marble, values, error: error, sourceLocation: sourceLocation)
    }
}

private func describeRecorded<Value>(_ recorded: Recorded<Value>) -> String {
    switch recorded.event {
    case .next(let value): return "\(recorded.frame):next(\(value))"
    case .completed: return "\(recorded.frame):completed"
    case .error(let error): return "\(recorded.frame):error(\(error.message))"
    }
}

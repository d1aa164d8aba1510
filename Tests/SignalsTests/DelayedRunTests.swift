import Signals
import Testing

/// A delayed inner run (`InnerRun.delayed`, the values of `timer 10ms | mapTo it`) behaves
/// as the signal sending them would: the same events at the same times for every strategy,
/// also when a value arrives while it sends (re-entering from downstream), when a run has
/// no values (it still takes its time), and when the subscription is disposed halfway.
@Suite("Delayed inner runs")
struct DelayedRunTests {
    /// What a flattening of values 1 (0 ms), 2 (sent from downstream when 11 arrives),
    /// 3 (15 ms), 4 and 5 (22 ms) produced, each event with its time, and how many timers
    /// were armed at its end. Value v runs v*10, v*10+1, v*10+2 after 10 ms; 3 runs only 30
    /// (one value, `RunValues.one`); 4 runs nothing; 5 runs after 0 ms (at the instant it came).
    func events(_ strategy: FlattenStrategy, delayed: Bool, take: Int? = nil) -> (events: [String], pending: Int) {
        let scheduler = Scheduler.virtual()
        var send: ((Int) -> Void)?
        let source = Signal<Int>(unchecked: { observer, lifetime in
            send = observer.next
            for (at, value) in [(0, 1), (15, 3), (22, 4), (22, 5)] {
                lifetime.onDispose(cancel: scheduler.schedule(after: .milliseconds(at)) { observer.next(value) })
            }
            lifetime.onDispose(cancel: scheduler.schedule(after: .milliseconds(23)) { observer.terminate(.completed) })
        })
        let flattened = source.flatten(strategy, runs: { value -> InnerRun<Int> in
            let values = value == 4 ? [] : value == 3 ? [30] : [value * 10, value * 10 + 1, value * 10 + 2]
            let delay = TimeSpan.milliseconds(value == 5 ? 0 : 10)
            if delayed { return .delayed(delay, values.count == 1 ? .one(values[0]) : .list(values), on: scheduler) }
            return .signal(Signal<Int>.timer(delay, on: scheduler).flatMap { _ in .sequence(values) })
        })
        var events: [String] = []
        var pendingAtEnd = -1
        let observed = take.map { flattened.take($0) } ?? flattened
        let subscription = observed.subscribe { event in
            events.append("\(scheduler.now.nanoseconds / 1_000_000)ms \(event)")
            if case .next(11) = event { send?(2) }
        }
        // The end disposed every run: none of their timers is left armed.
        subscription.onDispose { pendingAtEnd = scheduler.pendingTimers }
        scheduler.run()
        return (events, pendingAtEnd)
    }

    @Test("the same events at the same times as the signal, for every strategy",
          arguments: [FlattenStrategy.merge, .latest, .concat, .exhaust, .bounded(2)])
    func sameEvents(strategy: FlattenStrategy) {
        let expected = events(strategy, delayed: false).events
        #expect(events(strategy, delayed: true).events == expected)
        // Not vacuous: the runs took their time, and a value re-entered while one sent.
        #expect(expected.contains { $0.hasSuffix("next(10)") || $0.hasSuffix("next(50)") } && expected.last?.hasSuffix("completed") == true)
        #expect(expected.contains { $0.hasSuffix("next(20)") } == [.merge, .concat, .bounded(2)].contains(strategy), "\(expected)")
    }

    @Test("disposed halfway, it stops as the signal does and leaves no timer armed",
          arguments: [FlattenStrategy.merge, .latest, .concat, .exhaust, .bounded(2)])
    func disposedHalfway(strategy: FlattenStrategy) {
        for count in 1...8 {
            let delayed = events(strategy, delayed: true, take: count)
            #expect(delayed.events == events(strategy, delayed: false, take: count).events, "take \(count)")
            #expect(delayed.pending == 0, "take \(count)")
        }
    }

    @Test("merge: every run, values sent in due order")
    func mergeOrder() {
        let sent = events(.merge, delayed: true).events
        #expect(sent == ["10ms next(10)", "10ms next(11)", "10ms next(12)", "20ms next(20)", "20ms next(21)", "20ms next(22)",
                         "22ms next(50)", "22ms next(51)", "22ms next(52)", "25ms next(30)",
                         "32ms completed"])
    }

    @Test("switchMap cancels a run that is sending when a new value comes")
    func switchCancelsSending() {
        let sent = events(.latest, delayed: true).events
        // 12 is cut by 2, which 3 cancels before it is due.
        #expect(sent == ["10ms next(10)", "10ms next(11)", "22ms next(50)", "22ms next(51)", "22ms next(52)", "23ms completed"])
    }

    @Test("the flattener is let go when it completes or is disposed (its runs hold it meanwhile)",
          arguments: [nil, 1, 2] as [Int?])
    func flattenerFreed(take: Int?) {
        final class Token {}
        let scheduler = Scheduler.virtual()
        weak var heldByTransform: Token?
        var sent = 0
        do {
            let token = Token()
            heldByTransform = token
            let flattened = Signal.range(1, 3).flatten(.merge, runs: { value -> InnerRun<Int> in
                _ = token
                return .delayed(.milliseconds(5), .one(value), on: scheduler)
            })
            (take.map { flattened.take($0) } ?? flattened).subscribe { event in
                if case .next = event { sent += 1 }
            }
            scheduler.run()
        }
        #expect(sent == (take ?? 3))
        #expect(heldByTransform == nil)
    }

    /// Runs 1 (10 ms), 2 (5 ms), 3 (10 ms), armed at once, with another timer due at 10 ms
    /// armed between 1 and 2, and one armed with no delay when 1 arrives: what happened,
    /// in order, with times.
    func interleaved(delayed: Bool) -> [String] {
        let scheduler = Scheduler.virtual()
        var log: [String] = []
        let source = Signal<Int>(unchecked: { observer, _ in
            observer.next(1)
            scheduler.schedule(after: .milliseconds(10)) { log.append("\(scheduler.now.nanoseconds / 1_000_000)ms other") }
            observer.next(2)
            observer.next(3)
            observer.terminate(.completed)
        })
        let flattened = source.flatten(.merge, runs: { value -> InnerRun<Int> in
            let delay = TimeSpan.milliseconds(value == 2 ? 5 : 10)
            return delayed ? .delayed(delay, .one(value), on: scheduler) : .signal(.timer(delay, sending: value, on: scheduler))
        })
        flattened.subscribe { event in
            log.append("\(scheduler.now.nanoseconds / 1_000_000)ms \(event)")
            if case .next(1) = event {
                scheduler.schedule(after: .zero) { log.append("\(scheduler.now.nanoseconds / 1_000_000)ms zero") }
            }
        }
        scheduler.run()
        return log
    }

    @Test("delayed runs wait in one list behind one timer, yet fire in the places their own timers would have had")
    func placesAmongOtherTimers() {
        let expected = ["5ms next(2)", "10ms next(1)", "10ms other", "10ms next(3)", "10ms completed", "10ms zero"]
        #expect(interleaved(delayed: false) == expected)
        #expect(interleaved(delayed: true) == expected)
    }
}

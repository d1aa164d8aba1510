import Signals
import Testing

/// An immediate inner run (`InnerRun.immediate`, the values of `of a, b`) behaves as the
/// signal sending them would: the same events for every strategy, also when a value
/// arrives while it sends (re-entering from downstream) and when the subscription is
/// disposed halfway.
@Suite("Immediate inner runs")
struct ImmediateRunTests {
    /// What a flattening of 1, 2 (sent from downstream while the first run sends 11), 3
    /// produced: every event, as text. Each value v runs v*10, v*10+1, v*10+2.
    func events(_ strategy: FlattenStrategy, immediate: Bool, take: Int? = nil) -> [String] {
        var send: ((Int) -> Void)?
        var complete: (() -> Void)?
        let source = Signal<Int>(unchecked: { observer, _ in
            send = observer.next
            complete = { observer.terminate(.completed) }
        })
        let flattened = source.flatten(strategy, runs: { value -> InnerRun<Int> in
            let values = [value * 10, value * 10 + 1, value * 10 + 2]
            return immediate ? .immediate(values) : .signal(.sequence(values))
        })
        var events: [String] = []
        let observed = take.map { flattened.take($0) } ?? flattened
        observed.subscribe { event in
            events.append("\(event)")
            if case .next(11) = event { send?(2) }
        }
        send?(1)
        send?(3)
        complete?()
        return events
    }

    @Test("the same events as the signal, for every strategy",
          arguments: [FlattenStrategy.merge, .latest, .concat, .exhaust, .bounded(2)])
    func sameEvents(strategy: FlattenStrategy) {
        let expected = events(strategy, immediate: false)
        #expect(events(strategy, immediate: true) == expected)
        // The case is not vacuous: a value re-entered while a run was sending.
        #expect(expected.contains("next(20)") || strategy == .exhaust)
    }

    @Test("disposed halfway, it stops as the signal does",
          arguments: [FlattenStrategy.merge, .latest, .concat, .exhaust])
    func disposedHalfway(strategy: FlattenStrategy) {
        for count in 1...5 {
            #expect(events(strategy, immediate: true, take: count) == events(strategy, immediate: false, take: count))
        }
    }

    @Test("switchMap cancels a run that is sending when a new value comes")
    func switchCancelsSending() {
        let sent = events(.latest, immediate: true).filter { $0.hasPrefix("next") }
        #expect(sent == ["next(10)", "next(11)", "next(20)", "next(21)", "next(22)", "next(30)", "next(31)", "next(32)"])
    }
}

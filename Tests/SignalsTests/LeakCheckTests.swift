import Signals
import Testing

@Suite("The marble tests' leak check")
struct LeakCheckTests {
    /// A signal that forgets to dispose what it subscribed to and to cancel its timer.
    func leaky(_ test: MarbleTest, _ source: ColdSource<String>) -> Signal<String> {
        Signal(unchecked: { observer, _ in
            _ = source.signal.subscribe { _ in }
            test.scheduler.schedule(after: .seconds(5)) {}
            observer.terminate(.completed)
        })
    }

    @Test("a subscription and a timer that outlive the recording are counted")
    func countsLeftovers() {
        let test = MarbleTest()
        let source = test.cold("-a-b-|")
        _ = leaky(test, source).record(on: test.scheduler, for: .milliseconds(1))
        #expect(test.leftovers.subscriptions == 1)
        // The forgotten timer, and the source's events still to come (the leaky signal
        // completed at once, so the recording ended at frame 0).
        #expect(test.leftovers.timers == 4)
    }

    @Test("expect fails a signal that leaks, even when its events are right")
    func expectFailsOnLeak() {
        let test = MarbleTest()
        let source = test.cold("-a-b-|")
        withKnownIssue {
            test.expect(leaky(test, source), emits: "|")
        }
    }

    @Test("the hot sources' own events still to come are not leftovers")
    func hotEventsAreNotLeftovers() {
        let test = MarbleTest()
        test.expect(test.hot("-a-b-c-|").signal.take(1), emits: "-(a|)")
        #expect(test.leftovers.subscriptions == 0 && test.leftovers.timers == 0)
        #expect(test.scheduler.pendingTimers == 3)
    }
}

@testable import Signals
import Testing

/// A synchronous source can fill an operator's waiting work without end: past `Backlog`'s
/// limits the operator fails with an error that says so, instead of growing until the
/// process is killed.
@Suite("Backlog limits")
struct BacklogTests {
    /// Runs `signal` and returns its last event.
    func lastEvent<Value>(_ signal: Signal<Value>, on scheduler: Scheduler) -> Event<Value>? {
        signal.record(on: scheduler, for: .milliseconds(1)).last?.event
    }

    func expectBacklogError<Value>(_ signal: Signal<Value>, on scheduler: Scheduler, _ message: String) {
        guard case .error(let error)? = lastEvent(signal, on: scheduler) else {
            Issue.record("no error")
            return
        }
        #expect(error.message.hasPrefix(message))
        #expect(scheduler.pendingTimers == 0)
    }

    @Test("concatMap queues at most a million values")
    func concatMapQueue() {
        let scheduler = Scheduler.virtual()
        expectBacklogError(Signal.range(1, 2_000_000).concatMap { _ in Signal<Int>.timer(.milliseconds(1), on: scheduler) },
                           on: scheduler, "concatMap: more than 1000000 values waiting")
    }

    @Test("zip keeps at most a million values waiting for a partner")
    func zipQueue() {
        let scheduler = Scheduler.virtual()
        expectBacklogError(Signal.zip([Signal.range(1, 2_000_000), Signal<Int>.interval(.milliseconds(1), on: scheduler)]),
                           on: scheduler, "zip: more than 1000000 values waiting for a partner")
    }

    @Test("zip pairs two long synchronous inputs in linear time (it shifted its buffer at every row)")
    func zipLinear() {
        let started = ContinuousClock.now
        let events = Signal.zip([Signal.range(1, 300_000), Signal.range(1, 300_000)]).count()
            .record(on: .virtual())
        #expect(events.first?.event == .next(300_000))
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("delay holds at most a million values")
    func delayQueue() {
        let scheduler = Scheduler.virtual()
        expectBacklogError(Signal.range(1, 2_000_000).delay(.milliseconds(1), on: scheduler),
                           on: scheduler, "delay: more than 1000000 values waiting")
    }

    @Test("flatMap runs at most its bound of inners at once (a million; here 100,000), and ends them all",
          arguments: [false, true])
    func flatMapInners(delayed: Bool) {
        let scheduler = Scheduler.virtual()
        let inners = Signal.range(1, 200_000).flatten(.merge, runs: { _ -> InnerRun<Int> in
            delayed ? .delayed(.milliseconds(1), .one(0), on: scheduler) : .signal(Signal<Int>.timer(.milliseconds(1), on: scheduler))
        }, runningAtMost: 100_000)
        expectBacklogError(inners, on: scheduler, "flatMap: more than 100000 inner signals running at once")
        #expect(Backlog.runningInners == 1_000_000)
    }
}

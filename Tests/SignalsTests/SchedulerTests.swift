import Signals
import Testing

/// The scheduler's heap keeps cancelled and re-armed timers' entries until they come up
/// (stale): what fires, in what order, and what is pending must not show it.
@Suite("Scheduler")
struct SchedulerTests {
    @Test("cancelled timers never fire; re-armed ones fire once, at the newest arming, ties in arming order")
    func cancelAndRearm() {
        let scheduler = Scheduler.virtual()
        var fired: [String] = []
        let a = scheduler.schedule(after: .milliseconds(5)) { fired.append("a") }
        let b = scheduler.schedule(after: .milliseconds(5)) { fired.append("b") }
        let c = scheduler.schedule(after: .milliseconds(3)) { fired.append("c") }
        _ = scheduler.schedule(after: .milliseconds(5)) { fired.append("d") }
        a.cancel()
        a.cancel()
        // Re-armed at the same time: after d, armed before this.
        b.schedule(after: .milliseconds(5))
        c.schedule(after: .milliseconds(7))
        #expect(scheduler.pendingTimers == 3)
        #expect(!a.isPending && b.isPending && c.dueTime == Time(nanoseconds: 7_000_000))
        scheduler.run()
        #expect(fired == ["d", "b", "c"])
        #expect(scheduler.pendingTimers == 0)
        #expect(scheduler.now == Time(nanoseconds: 7_000_000))
    }

    @Test("a run until a limit stops before a later armed timer, not at a cancelled earlier one")
    func limitSkipsStale() {
        let scheduler = Scheduler.virtual()
        var fired = 0
        let early = scheduler.schedule(after: .milliseconds(2)) { fired += 1 }
        _ = scheduler.schedule(after: .milliseconds(9)) { fired += 1 }
        early.cancel()
        scheduler.run(until: Time(nanoseconds: 5_000_000))
        #expect(fired == 0)
        #expect(scheduler.now == Time(nanoseconds: 5_000_000))
        scheduler.advance(to: Time(nanoseconds: 8_000_000))
        #expect(scheduler.now == Time(nanoseconds: 8_000_000))
        scheduler.run()
        #expect(fired == 1)
    }

    @Test("many cancellations among a few armed timers: those fire in order, and cancelled ones are let go")
    func staleEntriesGo() {
        let scheduler = Scheduler.virtual()
        var fired: [Int] = []
        weak var cancelledAction: AnyObject?
        final class Token {}
        for index in 0..<1_000 {
            let token = Token()
            let timer = scheduler.schedule(after: .milliseconds(1_000 - index)) { _ = token; fired.append(index) }
            if index % 100 == 0 { continue }
            if index == 1 { cancelledAction = token }
            timer.cancel()
        }
        #expect(scheduler.pendingTimers == 10)
        // Dropped once stale entries were most of the heap: the cancelled timer's action is gone.
        #expect(cancelledAction == nil)
        scheduler.run()
        #expect(fired == [900, 800, 700, 600, 500, 400, 300, 200, 100, 0])
    }
}

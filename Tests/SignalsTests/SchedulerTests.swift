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

    @Test("timers armed in due order (the queue) and out of it (the heap) fire in (due, arming) order, with cancels and re-arms between")
    func queueAndHeapAgree() {
        // A model: each arming gets the next number; what fires is every timer's latest
        // arming not cancelled, in (due, number) order. Timers re-armed from actions, too.
        var random = Knuth(seed: 19)
        for round in 0..<20 {
            let scheduler = Scheduler.virtual()
            var fired: [Int] = []
            var armings: [Int: (due: Int64, number: Int)] = [:]
            var number = 0
            var timers: [Signals.Timer] = []
            var firedModel: [Int] = []
            for index in 0..<300 {
                timers.append(scheduler.makeTimer { fired.append(index) })
            }
            func arm(_ index: Int, after milliseconds: Int64) {
                timers[index].schedule(after: .milliseconds(Int(milliseconds)))
                number += 1
                armings[index] = (scheduler.now.nanoseconds + milliseconds * 1_000_000, number)
            }
            for step in 0..<600 {
                let index = Int(random.next() % 300)
                switch random.next() % 5 {
                case 0:
                    timers[index].cancel()
                    armings[index] = nil
                case 1:
                    // In due order: a constant delay, as most timers are armed.
                    arm(index, after: 50)
                default:
                    arm(index, after: Int64(random.next() % 100) + Int64(step % 7))
                }
            }
            // The model's order, then the scheduler's.
            firedModel = armings.sorted { ($0.value.due, $0.value.number) < ($1.value.due, $1.value.number) }.map(\.key)
            #expect(scheduler.pendingTimers == armings.count, "round \(round)")
            scheduler.run()
            #expect(fired == firedModel, "round \(round)")
            #expect(scheduler.pendingTimers == 0)
        }
    }

    @Test("a fired timer's action is let go at once, also when the run stops before the next one")
    func firedActionsGo() {
        let scheduler = Scheduler.virtual()
        final class Token {}
        weak var firedAction: AnyObject?
        var fired = false
        do {
            let token = Token()
            firedAction = token
            scheduler.schedule(after: .milliseconds(1)) { _ = token; fired = true }
            scheduler.schedule(after: .milliseconds(2)) {}
        }
        scheduler.run(shouldStop: { fired })
        #expect(fired && scheduler.pendingTimers == 1)
        #expect(firedAction == nil)
    }

    @Test("timers re-armed from actions at a constant delay interleave with others in due order")
    func rearmedFromActions() {
        let scheduler = Scheduler.virtual()
        var fired: [String] = []
        var ticks = 0
        var tick: Signals.Timer?
        tick = scheduler.makeTimer {
            fired.append("tick\(scheduler.now.nanoseconds / 1_000_000)")
            ticks += 1
            if ticks < 4 { tick?.schedule(after: .milliseconds(10)) }
        }
        tick?.schedule(after: .milliseconds(10))
        _ = scheduler.schedule(after: .milliseconds(25)) { fired.append("late25") }
        _ = scheduler.schedule(after: .milliseconds(15)) { fired.append("early15") }
        _ = scheduler.schedule(after: .milliseconds(20)) { fired.append("tie20") }
        scheduler.run()
        tick = nil
        #expect(fired == ["tick10", "early15", "tie20", "tick20", "late25", "tick30", "tick40"])
    }
}

/// A seeded linear congruential generator (Knuth's MMIX constants), so a failing round
/// replays; its high bits are random enough to pick timers and delays.
struct Knuth {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}

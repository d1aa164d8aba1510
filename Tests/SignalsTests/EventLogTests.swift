import Signals
import Testing

@Suite("Event log")
struct EventLogTests {
    final class Box {}

    enum Payload {
        case number(Int)
        case object(Box)
    }

    @Test("a capped log keeps the newest entries in order and releases what it overwrites")
    func ringReleases() {
        let scheduler = Scheduler.virtual()
        let budget = EventBudget(limit: 1_000)
        let log = EventLog<Payload>(budget: budget, scheduler: scheduler)
        defer { withExtendedLifetime((budget, scheduler)) {} }
        for number in 0..<5 { log.record(holdingNoReferences: .next(.number(number)), subscription: 0) }
        _ = log.cap(at: 3)
        for number in 5..<7 { log.record(holdingNoReferences: .next(.number(number)), subscription: 0) }
        weak var first: Box?
        weak var last: Box?
        do {
            let boxes = (0..<4).map { _ in Box() }
            first = boxes[0]
            last = boxes[3]
            for box in boxes { log.record(.next(.object(box)), subscription: 1) }
        }
        // Three kept: the last three boxes; the first box was overwritten and released.
        #expect(first == nil)
        #expect(last != nil)
        #expect(log.count == 3)
        #expect(log.entries.map(\.subscription) == [1, 1, 1])
        #expect(log.overwritten == 6)
    }

    /// A log with its budget and clock, which it does not own (its tracer does).
    func log<Payload>(_ body: (EventLog<Payload>) -> Void) {
        let budget = EventBudget(limit: 1_000), scheduler = Scheduler.virtual()
        withExtendedLifetime((budget, scheduler)) { body(EventLog(budget: budget, scheduler: scheduler)) }
    }

    @Test("entries read back oldest first across the ring's wrap")
    func order() { log { (log: EventLog<Int>) in
        for number in 0..<3 { log.record(holdingNoReferences: .next(number), subscription: number) }
        _ = log.cap(at: 3)
        for number in 3..<5 { log.record(holdingNoReferences: .next(number), subscription: number) }
        #expect(log.entries.map(\.subscription) == [2, 3, 4])
        var seen: [Int] = []
        log.forEach { seen.append($0.subscription) }
        #expect(seen == [2, 3, 4])
    } }
}

extension EventLogTests {
    /// Records 0..<10, caps at 6, records 10..<13: a ring holding 10, 11, 12 | 7, 8, 9, its
    /// oldest (7) not first.
    func wrapRing(_ log: EventLog<Int>) {
        for number in 0..<10 { log.record(.next(number), subscription: number) }
        _ = log.cap(at: 6)
        for number in 10..<13 { log.record(.next(number), subscription: number) }
    }

    @Test("capping a ring again keeps the newest in order, and a cap above the count lets it grow")
    func capAgain() { log { (log: EventLog<Int>) in
        wrapRing(log)
        #expect(log.cap(at: 4) == 2)
        #expect(log.entries.map(\.subscription) == [9, 10, 11, 12])
        for number in 13..<15 { log.record(.next(number), subscription: number) }
        #expect(log.entries.map(\.subscription) == [11, 12, 13, 14])
        #expect(log.cap(at: 100) == 0)
        for number in 15..<40 { log.record(.next(number), subscription: number) }
        #expect(log.count == 29)
        #expect(log.entries.first?.subscription == 11)
        #expect(log.entries.last?.subscription == 39)
    } }

    @Test("a cap that drops past the ring's wrap keeps the newest, in order")
    func capPastTheWrap() { log { (log: EventLog<Int>) in
        wrapRing(log)
        // Dropping four takes 7, 8, 9 and then 10, past the wrap.
        #expect(log.cap(at: 2) == 4)
        #expect(log.entries.map(\.subscription) == [11, 12])
    } }
}

extension EventLogTests {
    /// The ring's inlined path (`record(holdingNoReferences:)` once capped) and the general
    /// one keep the same entries, count the same overwritten and tell the budget the same.
    @Test("a ring of numbers keeps what the general path keeps, across caps and wraps")
    func ringPathsAgree() {
        let scheduler = Scheduler.virtual()
        let budgets = (EventBudget(limit: 50), EventBudget(limit: 50))
        let fast = EventLog<Int>(budget: budgets.0, scheduler: scheduler)
        let general = EventLog<Int>(budget: budgets.1, scheduler: scheduler)
        defer { withExtendedLifetime((budgets, scheduler)) {} }
        for budget in [budgets.0, budgets.1] { budget.makeRoom = { [unowned budget] in budget.recorded -= 10 } }
        var caps = [7, 3, 12, 5]
        for number in 0..<400 {
            if number % 97 == 96, let cap = caps.popLast() {
                #expect(fast.cap(at: cap) == general.cap(at: cap))
            }
            scheduler.advance(to: Time(nanoseconds: Int64(number / 10)))
            fast.record(holdingNoReferences: .next(number), subscription: number % 3)
            general.record(.next(number), subscription: number % 3)
            #expect(budgets.0.newest == ObjectIdentifier(fast))
        }
        #expect(fast.entries.map(\.event.value) == general.entries.map(\.event.value))
        #expect(fast.entries.map(\.subscription) == general.entries.map(\.subscription))
        #expect(fast.entries.map(\.time) == general.entries.map(\.time))
        #expect(fast.overwritten == general.overwritten && fast.overwritten > 200, "\(fast.overwritten)")
        #expect(budgets.0.recorded == budgets.1.recorded)
    }
}

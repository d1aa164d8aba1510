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
        #expect(budget.overwritten == 6)
    }

    @Test("entries read back oldest first across the ring's wrap")
    func order() {
        let log = EventLog<Int>(budget: EventBudget(limit: 1_000), scheduler: .virtual())
        for number in 0..<3 { log.record(holdingNoReferences: .next(number), subscription: number) }
        _ = log.cap(at: 3)
        for number in 3..<5 { log.record(holdingNoReferences: .next(number), subscription: number) }
        #expect(log.entries.map(\.subscription) == [2, 3, 4])
        var seen: [Int] = []
        log.forEach { seen.append($0.subscription) }
        #expect(seen == [2, 3, 4])
    }
}

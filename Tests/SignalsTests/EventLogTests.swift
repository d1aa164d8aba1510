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

    @Test("a cap that drops exactly the ring's older part leaves a ring that goes on in order")
    func capAtTheWrap() { log { (log: EventLog<Int>) in
        wrapRing(log)
        // 7, 8, 9 go: the newer part 10, 11, 12 is the whole ring, its oldest first.
        #expect(log.cap(at: 3) == 3)
        #expect(log.entries.map(\.subscription) == [10, 11, 12])
        for number in 13..<15 { log.record(holdingNoReferences: .next(number), subscription: number) }
        #expect(log.entries.map(\.subscription) == [12, 13, 14])
        #expect(log.newest?.subscription == 14)
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

extension EventLogTests {
    /// A cap moves the entries within the log's own block (a ring's older part closes up
    /// behind the newer; past it, the newer rest moves to the front; a ring capped above
    /// its count is put in order to grow): against a list kept oldest first, over seeded
    /// random records and caps, every entry, the count dropped, and what a later record
    /// overwrites agree.
    @Test("caps in place keep what a list of the newest keeps", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func capsInPlace(seed: UInt64) { log { (log: EventLog<Int>) in
        var random = Knuth(seed: seed)
        var model: [Int] = [], bound = Int.max, overwritten = 0
        for number in 0..<3_000 {
            if random.next() % 23 == 0 {
                let limit = 1 + Int(random.next() % UInt64(model.count + 8))
                let dropped = max(0, model.count - limit)
                model.removeFirst(dropped)
                bound = limit
                #expect(log.cap(at: limit) == dropped)
            }
            if random.next() % 2 == 0 {
                log.record(holdingNoReferences: .next(number), subscription: number)
            } else {
                log.record(.next(number), subscription: number)
            }
            model.append(number)
            if model.count > bound { model.removeFirst(); overwritten += 1 }
            if number % 97 == 0 { #expect(log.entries.map(\.subscription) == model) }
        }
        #expect(log.entries.map(\.subscription) == model)
        #expect(log.entries.map(\.event.value) == model.map { $0 })
        #expect(log.overwritten == overwritten)
    } }

    /// Entries that hold references are released when a cap drops them, once each, and
    /// the kept ones live on, whichever way the cap moves them.
    @Test("a cap in place releases what it drops and keeps the rest alive", arguments: [11, 12, 13])
    func capsReleaseInPlace(seed: UInt64) {
        var random = Knuth(seed: seed)
        var alive: [(Int, Weak)] = []
        var model: [Int] = [], bound = Int.max
        do {
            let scheduler = Scheduler.virtual(), budget = EventBudget(limit: 100_000)
            let log = EventLog<Payload>(budget: budget, scheduler: scheduler)
            for number in 0..<600 {
                if random.next() % 17 == 0 {
                    let limit = 1 + Int(random.next() % UInt64(model.count + 6))
                    model.removeFirst(max(0, model.count - limit))
                    bound = limit
                    _ = log.cap(at: limit)
                }
                let box = Box()
                alive.append((number, Weak(box)))
                log.record(.next(.object(box)), subscription: number)
                model.append(number)
                if model.count > bound { model.removeFirst() }
                if number % 50 == 0 {
                    let living = Set(alive.filter { $0.1.object != nil }.map(\.0))
                    #expect(living == Set(model))
                }
            }
            #expect(log.entries.map(\.subscription) == model)
            withExtendedLifetime((budget, scheduler, log)) {}
        }
        #expect(alive.allSatisfy { $0.1.object == nil }, "the log's end releases every entry")
    }

    final class Weak {
        weak var object: Box?
        init(_ object: Box) { self.object = object }
    }
}

extension EventLogTests {
    /// Logs sharing a budget whose room is made as the tracer makes it (the busiest gives
    /// up a tenth of the bound), in two worlds: one records each number, the other counts
    /// each record (`countRecord`, then, once every log is a ring, `countRecords` for the
    /// rest) and writes what is kept at the end (`writeCounted`). Every entry, what each
    /// log overwrote and dropped, the budget's count and its newest must agree.
    @Test("counted records leave the logs and the budget that writing each leaves", arguments: [21, 22, 23, 24])
    func countedAsRecorded(seed: UInt64) {
        let scheduler = Scheduler.virtual()
        func world() -> (budget: EventBudget, logs: [EventLog<Int>], drops: () -> Int) {
            let budget = EventBudget(limit: 60)
            let logs = (0..<3).map { _ in EventLog<Int>(budget: budget, scheduler: scheduler) }
            var drops = 0
            budget.makeRoom = { [unowned budget] in
                guard let busiest = logs.max(by: { $0.count < $1.count }) else { return }
                let dropped = busiest.cap(at: busiest.count - 6)
                drops += dropped
                budget.recorded -= dropped
            }
            return (budget, logs, { drops })
        }
        let written = world(), counted = world()
        defer { withExtendedLifetime((written, counted, scheduler)) {} }
        for log in counted.logs { log.startCounting() }
        var random = Knuth(seed: seed)
        var sent: [[Int]] = [[], [], []]
        var unheard = [0, 0, 0]
        for number in 0..<2_000 {
            let row = Int(random.next() % 3)
            sent[row].append(number)
            written.logs[row].record(holdingNoReferences: .next(number), subscription: row)
            if counted.logs.allSatisfy({ $0.ringOfPlainEntries != nil }) {
                unheard[row] += 1
            } else {
                counted.logs[row].countRecord()
            }
        }
        let last = sent.indices.max { (sent[$0].last ?? -1) < (sent[$1].last ?? -1) } ?? 0
        for row in 0..<3 { counted.logs[row].countRecords(unheard[row]) }
        counted.logs[last].recordedLast()
        for row in 0..<3 {
            counted.logs[row].writeCounted(subscription: row) { .next(sent[row][sent[row].count - 1 - $0]) }
        }
        #expect(unheard.reduce(0, +) > 1_000, "most counted in rings")
        for row in 0..<3 {
            #expect(counted.logs[row].entries.map(\.event.value) == written.logs[row].entries.map(\.event.value))
            #expect(counted.logs[row].entries.map(\.subscription) == written.logs[row].entries.map(\.subscription))
            #expect(counted.logs[row].overwritten == written.logs[row].overwritten)
        }
        #expect(counted.drops() == written.drops() && written.drops() > 0)
        #expect(counted.budget.recorded == written.budget.recorded)
        #expect(counted.budget.newest.map { id in counted.logs.firstIndex { ObjectIdentifier($0) == id } }
                == written.budget.newest.map { id in written.logs.firstIndex { ObjectIdentifier($0) == id } })
    }
}

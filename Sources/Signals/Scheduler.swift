import Dispatch
import Synchronization

/// Owns time for one run: every timer of every operator is scheduled here, and nothing
/// else reads a clock. Virtual time jumps from one due timer to the next at once (tests,
/// `frp test`, `--virtual`); live time waits for the real clock, optionally `speed` times
/// faster (`--speed N`).
///
/// Ties keep scheduling order: timers are ordered by (due time, sequence number), where
/// the number grows with every `schedule`. A timer due no earlier than the last one queued
/// joins a queue kept in that order (a constant delay from a clock that only moves on:
/// `timer 1s` per value, interval, debounce), taken from its front: O(1) each way. The
/// others go into a binary heap; the next timer is the earlier of the two fronts.
/// A cancelled or re-armed timer's entry stays where it is, stale (its number is no longer
/// the timer's), and is dropped when it comes up, or when stale entries are half of all:
/// nothing in a sift reaches into a timer object (with many timers, writing each moved
/// timer's place would be a cache miss per level).
/// One thread owns the scheduler and the whole signal graph; other threads reach it only
/// through an `Inlet` (HTTP replies, Ctrl-C), so the graph needs no locks.
public final class Scheduler {
    public enum Clock: Equatable, Sendable {
        case virtual
        /// Real time, `speed` times faster (1 = real time).
        case live(speed: Double)
    }

    public let clock: Clock
    /// The current time. During a cascade of synchronous work it stays put, so everything
    /// scheduled from one event is ordered only by scheduling order.
    public private(set) var now: Time = .zero

    /// A timer's place in the heap, its keys kept inline: sifting compares entries
    /// without reaching into timer objects scattered over memory (with many timers, a
    /// cache miss per comparison).
    @usableFromInline struct Entry {
        let due: Int64
        let sequence: UInt64
        /// nil in a queue entry already taken (`takeFront`): it holds no timer, and
        /// taking it changed no reference count.
        let timer: Timer?

        /// Whether its timer is still armed by it (else it is stale).
        @inline(__always) var isArmed: Bool { sequence == timer?.sequence }
    }

    @usableFromInline var heap: [Entry] = []
    /// Entries in (due, sequence) order, from `queueHead` on.
    @usableFromInline var queue: [Entry] = []
    @usableFromInline var queueHead = 0
    @usableFromInline var nextSequence: UInt64 = 0
    /// Timers armed (the heap may also hold stale entries).
    @usableFromInline var armed = 0
    private var started = ContinuousClock.now
    let mailbox = Mailbox()
    /// Live: input that came (unexpected mail), delivered once the timers due before the
    /// clock's time have fired.
    private var input: [() -> Void] = []

    public init(clock: Clock = .virtual) {
        self.clock = clock
    }

    /// Polled by synchronous loops that could run for a very long time (`range 1, 1e12`,
    /// retrying a source that fails at once): true stops them, so Ctrl-C, an event limit
    /// or a deadline also reach work that never yields to the scheduler. `run` polls it too.
    public var interrupted: () -> Bool = { false }

    public static func virtual() -> Scheduler { Scheduler(clock: .virtual) }
    public static func live(speed: Double = 1) -> Scheduler { Scheduler(clock: .live(speed: speed)) }

    /// Live time: makes this instant time zero (call it just before subscribing, so the
    /// time spent compiling a pipeline does not show in its events). Only while nothing is
    /// scheduled.
    public func startClock() {
        guard armed == 0, now == .zero else { return }
        started = ContinuousClock.now
    }

    /// How many timers are waiting to fire.
    public var pendingTimers: Int { armed }

    /// A place in the firing order: a due time, and the order of arming among timers due
    /// then.
    public struct Place: Comparable, Sendable {
        public let due: Int64
        @usableFromInline let sequence: UInt64

        /// The same place among same-frame work at a later time: a periodic timer's next
        /// tick keeps the place of its first arming.
        public func later(_ time: Time) -> Place { Place(due: time.nanoseconds, sequence: sequence) }

        public static func < (a: Place, b: Place) -> Bool {
            a.due < b.due || (a.due == b.due && a.sequence < b.sequence)
        }
    }

    /// The place a timer armed now to fire after `delay` would take, taken now for a
    /// timer armed later (`Timer.schedule(at:)`): one timer then stands for many pieces of
    /// pending work, each in the place a timer of its own would have had (a flattener's
    /// delayed runs).
    public func takePlace(after delay: TimeSpan) -> Place {
        takePlace(at: now + TimeSpan(nanoseconds: max(0, delay.nanoseconds)))
    }

    /// The next place among timers due at `time` (now, if that has passed).
    func takePlace(at time: Time) -> Place {
        nextSequence &+= 1
        return Place(due: max(time.nanoseconds, now.nanoseconds), sequence: nextSequence)
    }

    /// The place of the next armed timer, nil when none is armed.
    public var nextPlace: Place? {
        nextArmed().map { Place(due: $0.due, sequence: $0.sequence) }
    }

    /// A reusable timer: arm it, re-arm it (debounce, interval) or cancel it, without a new
    /// allocation each time.
    public func makeTimer(_ action: @escaping () -> Void) -> Timer {
        ActionTimer(scheduler: self, action: action)
    }

    /// Runs `action` once after `delay`; the returned timer cancels it.
    @discardableResult
    public func schedule(after delay: TimeSpan, _ action: @escaping () -> Void) -> Timer {
        let timer = ActionTimer(scheduler: self, action: action)
        timer.schedule(after: delay)
        return timer
    }

    // MARK: Running

    /// Virtual time: fires every due timer in order until none is left or the next one is
    /// later than `limit` (time then stands at `limit`).
    /// Live time: the same order at the same times — a timer fires at its due time, never at
    /// the moment the thread woke — and only its delivery waits for the clock, so a live run
    /// prints what a virtual one does (thread jitter once decided which of two timers came
    /// first). Mail that comes unexpected (input at the prompt, `:=`) enters at the run's
    /// current time: the clock's, in whole frames, after the timers already due by then.
    /// Both wait for expected mail (a reply still on its way, `Inlet.expect`): time does not
    /// move while one is outstanding, so what a run does never depends on how fast the
    /// network answered. Both stop when `shouldStop` says so (asked before every timer) or
    /// `interrupted` does (asked before every 8th timer, and at least every 10 ms of real
    /// time while waiting, so Ctrl-C is handled at once).
    public func run(until limit: Time? = nil, shouldStop: () -> Bool = { false }) {
        // Timers fired since `interrupted` was last asked: it is asked before the first,
        // after every 8th and before every wait (asked at every timer, its call through the
        // REPL's closure would be much of what a timer costs).
        var unpolled = 0
        while !shouldStop() {
            if unpolled == 0 || unpolled == 8 {
                if interrupted() { break }
                unpolled = 0
            }
            // Replies are delivered at once, at the time they held; input waits (live) for
            // the timers due before the clock's time.
            let outstanding = deliverMail()
            if outstanding > 0 {
                // The clock is held, not the input: it enters at the held time (a background
                // job expects mail for as long as it runs).
                deliverInput()
                waitForMail(until: nil)
                unpolled = 0
                continue
            }
            if case .live = clock, !input.isEmpty {
                let current = clockNow().nanoseconds
                let due = nextArmed()?.due
                let overdue = due.map { due in due <= current && (limit.map { due <= $0.nanoseconds } ?? true) } ?? false
                if !overdue {
                    // In whole frames, never back in time.
                    let frame = current / 1_000_000 * 1_000_000
                    if frame > now.nanoseconds { now = Time(nanoseconds: frame) }
                    deliverInput()
                    continue
                }
            }
            guard let next = nextArmed() else {
                if outstanding > 0 || mailbox.keptOpen {
                    waitForMail(until: nil)
                    unpolled = 0
                    continue
                }
                break
            }
            if let limit, next.due > limit.nanoseconds { break }
            if case .live = clock {
                let current = clockNow()
                if current.nanoseconds < next.due {
                    waitForMail(until: Time(nanoseconds: next.due))
                    unpolled = 0
                    continue
                }
            }
            unpolled += 1
            fire(next.due, inQueue: next.inQueue)
        }
        // Time stands at the limit only when the run stopped because of it (a timer is due
        // later): a run that ran out of work, or was stopped, ends at its last event.
        if let limit, now < limit, let next = nextArmed(), next.due > limit.nanoseconds, clock == .virtual {
            now = limit
        }
    }

    /// Fires the next armed timer (`nextArmed`) at its due time. Its entry is moved out of
    /// the queue or the heap: a copy, and a placeholder timer in the taken entry's place,
    /// were four atomic reference counts a timer.
    @inline(__always)
    private func fire(_ due: Int64, inQueue: Bool) {
        guard let timer = inQueue ? takeFront() : takeTop() else { return }
        timer.sequence = 0
        armed -= 1
        if due > now.nanoseconds { now = Time(nanoseconds: due) }
        timer.fire()
        // The last armed timer has fired: cancelled timers' entries go too, as at the last
        // cancel (`disarmed`). Kept, an entry held its action, and through it the lifetime
        // and the observers it captured, as long as the scheduler (a `race` whose loser's
        // interval was cancelled before the winner's last timer fired left two lifetimes).
        if armed == 0, queueHead < queue.count || !heap.isEmpty { dropStaleIfMany() }
    }

    /// Virtual time: lets time pass to `time` when nothing is due before it (a test that
    /// runs "for the width of its marble" ends there, as RxJS's TestScheduler does).
    public func advance(to time: Time) {
        guard clock == .virtual, now < time else { return }
        if let next = nextArmed(), next.due <= time.nanoseconds { return }
        now = time
    }

    /// The live clock, scaled. In virtual time it is `now`.
    func clockNow() -> Time {
        guard case .live(let speed) = clock else { return now }
        let elapsed = ContinuousClock.now - started
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        // Saturated: a scaled clock past Int64 would trap.
        return Time(nanoseconds: Int64(min(nanoseconds * speed, 9.2e18)))
    }

    private func waitForMail(until deadline: Time?) {
        // Wake at least every 10 ms so `shouldStop` is polled (Ctrl-C).
        var wait = 10_000_000.0
        if let deadline, case .live(let speed) = clock {
            wait = min(wait, Double((deadline - clockNow()).nanoseconds) / speed)
        }
        _ = mailbox.wake.wait(timeout: .now() + .nanoseconds(max(0, Int(wait))))
    }

    /// Delivers the input held back (live), at the time it is now.
    private func deliverInput() {
        guard !input.isEmpty else { return }
        let arrived = input
        input = []
        for deliver in arrived { deliver() }
    }

    /// Delivers the mail that came (live: replies; input goes to `input`); returns how
    /// many expected letters are still on their way. Both are read at once, so a letter is never counted as arrived and missed.
    private func deliverMail() -> Int {
        let (letters, outstanding) = mailbox.take()
        for (deliver, expected) in letters {
            // Live: input is held back for the timers due before it came (`run`).
            if case .live = clock, !expected { input.append(deliver) } else { deliver() }
        }
        return outstanding
    }

    // MARK: The queue and the heap, ordered by (due, sequence)

    /// Arms `timer` at `due` and its `sequence` (an earlier entry of it, if any, is stale).
    @usableFromInline
    func insert(_ timer: Timer, due: Int64) {
        let entry = Entry(due: due, sequence: timer.sequence, timer: timer)
        // Usually its sequence is the largest yet (a place taken earlier may not be), so
        // due no earlier than the queue's last keeps the queue in order.
        if queueHead == queue.count || Self.precedes(queue[queue.count - 1], entry) {
            queue.append(entry)
        } else {
            heap.append(entry)
            siftUp(heap.count - 1)
        }
        dropStaleIfMany()
    }

    /// The due time of the entry of arming `sequence` (O(n): `Timer.dueTime`).
    func due(ofArming sequence: UInt64) -> Int64? {
        (queue[queueHead...].first { $0.sequence == sequence } ?? heap.first { $0.sequence == sequence })?.due
    }

    /// A timer was cancelled: its entry is stale from now on.
    @usableFromInline
    func disarmed() {
        armed -= 1
        dropStaleIfMany()
    }

    /// The next armed timer's due time and place, and whether it is the queue's front
    /// (else the heap's), stale entries before it dropped. Its keys only: the entry stays
    /// where it is (a copy would retain its timer).
    private func nextArmed() -> (due: Int64, sequence: UInt64, inQueue: Bool)? {
        while queueHead < queue.count, !queue[queueHead].isArmed { _ = takeFront() }
        while !heap.isEmpty, !heap[0].isArmed { _ = takeTop() }
        let front = queueHead < queue.count, top = !heap.isEmpty
        if front, !top || Self.precedes(queue[queueHead], heap[0]) {
            return (queue[queueHead].due, queue[queueHead].sequence, true)
        }
        return top ? (heap[0].due, heap[0].sequence, false) : nil
    }

    /// Takes the queue's front entry's timer, keeping no reference to it: a run that stops
    /// (`shouldStop`) before the next compaction must not keep the timers that fired, and
    /// what their actions hold, alive.
    private func takeFront() -> Timer? {
        var taken = Entry(due: .min, sequence: 0, timer: nil)
        swap(&taken, &queue[queueHead])
        queueHead += 1
        compactQueue()
        return taken.timer
    }

    /// Forgets the queue's taken entries once they are most of it (or all).
    private func compactQueue() {
        if queueHead == queue.count {
            if queueHead > 0 { queue.removeAll(keepingCapacity: queue.count <= 4_096) }
            queueHead = 0
        } else if queueHead > 64, queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
    }

    /// Stale entries keep their timers (and what their actions hold) alive: when they are
    /// half of all entries, or every timer is disarmed, they go, and the heap is rebuilt
    /// (O(n), once per as many cancellations).
    private func dropStaleIfMany() {
        let entries = heap.count + queue.count - queueHead
        guard armed == 0 || entries > 64 && entries > 2 * armed else { return }
        if armed == 0 {
            heap.removeAll()
            queue.removeAll()
            queueHead = 0
            return
        }
        queue.removeFirst(queueHead)
        queueHead = 0
        queue.removeAll { !$0.isArmed }
        heap.removeAll { !$0.isArmed }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    /// Takes the heap's top entry's timer (moved out, as `takeFront`).
    private func takeTop() -> Timer? {
        let last = heap.count - 1
        if last > 0 { heap.withUnsafeMutableBufferPointer { $0.swapAt(0, last) } }
        let taken = heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
        return taken.timer
    }

    @inline(__always)
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.due < b.due || (a.due == b.due && a.sequence < b.sequence)
    }

    /// Moves the entry at `start` up to its place (through the buffer: no uniqueness check
    /// or reference counting per step).
    private func siftUp(_ start: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            var child = start
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.precedes(heap[child], heap[parent]) else { return }
                heap.swapAt(child, parent)
                child = parent
            }
        }
    }

    private func siftDown(_ start: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            var parent = start
            let count = heap.count
            while true {
                let left = 2 * parent + 1
                guard left < count else { return }
                var smallest = left
                let right = left + 1
                if right < count, Self.precedes(heap[right], heap[left]) { smallest = right }
                guard Self.precedes(heap[smallest], heap[parent]) else { return }
                heap.swapAt(smallest, parent)
                parent = smallest
            }
        }
    }
}

/// One scheduled piece of work; re-armable. Arming a pending timer moves it (its place in
/// the scheduling order is that of the newest arming).
///
/// Not final only so that this module's operators can make one object of a timer and what
/// it sends (`Signal.timer(sending:)`: its `fire`), one allocation where a timer and its
/// action's context were two; its members are final. Its work is a subclass's `fire`:
/// an action (`ActionTimer`, what `Scheduler.makeTimer` makes), or the values a `timer`
/// sends (`SendingTimer`, which holds no action: 16 bytes less for each waiting timer).
///
/// Its due time is kept in the scheduler's entry only (the entry of its current arming):
/// 8 bytes less for each waiting timer, which with `SendingValueTimer` holding no lifetime
/// puts it in malloc's 96-byte block rather than a 112.
public class Timer {
    @usableFromInline final unowned let scheduler: Scheduler
    /// The number of its current arming; 0 when it is not armed (the heap's entries of
    /// other numbers are stale), `firing` while a subclass's `fire` asks to hear of a
    /// `cancel` (`fireWatchingCancel`).
    @usableFromInline final var sequence: UInt64 = 0

    /// The mark of a timer firing that hears of a cancel: no arming takes it (one a
    /// nanosecond would take 584 years to count to it).
    @usableFromInline static var firing: UInt64 { .max }

    @usableFromInline
    init(scheduler: Scheduler) {
        self.scheduler = scheduler
    }

    /// What it does when it fires.
    @usableFromInline
    func fire() {}

    public final var isPending: Bool { sequence != 0 && sequence != Self.firing }

    /// When the timer fires, if it is pending (found among the scheduler's entries: for
    /// tests and diagnostics, not for a hot path).
    public final var dueTime: Time? {
        isPending ? scheduler.due(ofArming: sequence).map { Time(nanoseconds: $0) } : nil
    }

    public final func schedule(at time: Time) {
        schedule(at: scheduler.takePlace(at: time))
    }

    public final func schedule(after delay: TimeSpan) {
        schedule(at: scheduler.takePlace(after: delay))
    }

    /// Arms it at a place taken earlier (`Scheduler.takePlace`): it fires as a timer armed
    /// then would have.
    public final func schedule(at place: Scheduler.Place) {
        let scheduler = scheduler
        if !isPending { scheduler.armed += 1 }
        sequence = place.sequence
        scheduler.insert(self, due: max(place.due, scheduler.now.nanoseconds))
    }

    public final func cancel() {
        if sequence == Self.firing {
            sequence = 0
            return
        }
        guard isPending else { return }
        sequence = 0
        scheduler.disarmed()
    }

    /// Called first in a subclass's `fire` that sends what the timer holds: from then on
    /// `wasCancelled` says whether a `cancel` came. What it sends may end the subscription
    /// (`take 1` downstream), whose lifetime cancels the timer, so the timer needs no
    /// lifetime of its own to ask (8 bytes less for each waiting timer). The mark stays
    /// until the timer is cancelled or armed again; it is not pending meanwhile.
    @inlinable
    final func hearCancel() { sequence = Self.firing }

    /// Whether the timer was cancelled (or armed again) since `hearCancel`.
    @inlinable
    final var wasCancelled: Bool { sequence != Self.firing }
}

// MARK: Reaching the loop from other threads

/// A way into the scheduler's thread: `post` from any thread; the handler runs on the
/// scheduler's thread, in the order posted, at the next turn of `run`.
public final class Inlet<Message: Sendable>: Sendable {
    private let mailbox: Mailbox
    private let id: Int

    init(mailbox: Mailbox, id: Int) {
        self.mailbox = mailbox
        self.id = id
    }

    /// Says that a message is on its way (a request is in flight), so `run` waits for it:
    /// live time instead of returning when no timer is left, virtual time also before it
    /// fires the next timer. Balance each with a `post(_:expected: true)`.
    public func expect() { mailbox.adjustExpected(by: 1) }

    /// Says that messages may come for as long as the run goes on (a background job's
    /// input): `run` waits for them when nothing else is left, without holding time still
    /// as an expected reply does.
    public func keepOpen() { mailbox.keepOpen() }

    public func post(_ message: Message, expected: Bool = false) {
        mailbox.post(Letter(inlet: id, payload: message), expected: expected)
    }
}

extension Scheduler {
    /// Makes an inlet whose messages `handler` receives on this scheduler's thread.
    public func makeInlet<Message: Sendable>(_ handler: @escaping (Message) -> Void) -> Inlet<Message> {
        let id = mailbox.register { payload in
            if let message = payload as? Message { handler(message) }
        }
        return Inlet(mailbox: mailbox, id: id)
    }
}

struct Letter: Sendable {
    let inlet: Int
    let payload: any Sendable
}

/// The queue behind every inlet. Its handlers are touched only by the owning thread;
/// the letters and the count of expected ones are behind a mutex.
final class Mailbox: @unchecked Sendable {
    // @unchecked: `handlers` and `outstanding` are read and written only on the scheduler's
    // thread (register and take are called there); the letters and the count of expected
    // ones are inside the Mutex, and `changed` is atomic.
    private let letters = Mutex<(queue: [(letter: Letter, expected: Bool)], expected: Int)>(([], 0))
    private var handlers: [(any Sendable) -> Void] = []
    /// Whether a letter came or the expected count moved since the last `take`: the run
    /// loop asks for mail before every timer (a million timers took the lock a million
    /// times for nothing).
    private let changed = Atomic<Bool>(false)
    private var outstanding = 0
    let wake = DispatchSemaphore(value: 0)
    /// Whether an inlet said messages may come for as long as the run goes on.
    private let open = Atomic<Bool>(false)

    func keepOpen() { open.store(true, ordering: .relaxed) }
    var keptOpen: Bool { open.load(ordering: .relaxed) }


    func register(_ handler: @escaping (any Sendable) -> Void) -> Int {
        handlers.append(handler)
        return handlers.count - 1
    }

    func adjustExpected(by delta: Int) {
        letters.withLock { $0.expected += delta }
        changed.store(true, ordering: .releasing)
    }

    func post(_ letter: Letter, expected: Bool) {
        letters.withLock {
            $0.queue.append((letter, expected))
            if expected { $0.expected -= 1 }
        }
        changed.store(true, ordering: .releasing)
        wake.signal()
    }

    /// The letters posted so far, each bound to its handler, and how many expected ones
    /// have not come yet.
    func take() -> (letters: [(deliver: () -> Void, expected: Bool)], outstanding: Int) {
        // Cleared before the lock: a letter posted meanwhile sets it again, and is taken now
        // or at the next call.
        guard changed.exchange(false, ordering: .acquiring) else { return ([], outstanding) }
        let (taken, outstanding) = letters.withLock { state -> ([(letter: Letter, expected: Bool)], Int) in
            let queue = state.queue
            state.queue = []
            return (queue, state.expected)
        }
        self.outstanding = outstanding
        let bound = taken.map { entry -> (deliver: () -> Void, expected: Bool) in
            let handler = handlers[entry.letter.inlet]
            return ({ handler(entry.letter.payload) }, entry.expected)
        }
        return (bound, outstanding)
    }
}

/// A timer that runs an action when it fires (`Scheduler.makeTimer`).
final class ActionTimer: Timer {
    let action: () -> Void

    init(scheduler: Scheduler, action: @escaping () -> Void) {
        self.action = action
        super.init(scheduler: scheduler)
    }

    override func fire() { action() }
}

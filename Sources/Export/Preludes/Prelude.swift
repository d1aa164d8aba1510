// Exported by `frp export --to combine`. Swift Combine, or OpenCombine where there is
// no Combine (Linux): put this file in an executable target (as main.swift) that
// depends on OpenCombine, and run it. It prints one line per expect and exits 1 when
// one differs from frp's answer.
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: frp's values

/// An frp value: null, a boolean, a number, a text, a list or a record (fields in order).
enum V: Equatable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
        ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
        ExpressibleByDictionaryLiteral {
    case null, bool(Bool), number(Double), string(String), list([V]), record([Field])
    struct Field: Equatable { let name: String; let value: V }

    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: V...) { self = .list(elements) }
    init(dictionaryLiteral elements: (String, V)...) { self = .record(elements.map { Field(name: $0.0, value: $0.1) }) }

    /// The same value: deep, a record's fields whatever their order, nan the same as
    /// nan (how `frp test` compares events; frp's `==` is `eq`).
    static func == (a: V, b: V) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y || (x.isNaN && y.isNaN)
        case let (.string(x), .string(y)): return x == y
        case let (.list(x), .list(y)): return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 }
        case let (.record(x), .record(y)):
            return x.count == y.count && x.allSatisfy { field in y.contains { $0.name == field.name && $0.value == field.value } }
        default: return false
        }
    }

    /// As frp prints it: `{a: 1, b: "x"}`, whole numbers without a fraction.
    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number):
            if number.isNaN { return "nan" }
            if number.isInfinite { return number < 0 ? "-infinity" : "infinity" }
            return number == number.rounded() && abs(number) < 9.2e18 ? String(Int(number)) : String(number)
        case .string(let text):
            return "\"" + text.reduce(into: "") { out, c in if c == "\\" || c == "\"" { out.append("\\") }; out.append(c) } + "\""
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .record(let fields): return "{" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    subscript(_ name: String) -> V {
        if case .record(let fields) = self { return fields.first { $0.name == name }?.value ?? .null }
        return .null
    }
}

// An expression frp cannot evaluate (adding a number to a record) throws frp's
// reason; the operator that evaluates it (tryMap, tryFilter, ...) sends it on as the
// signal's error, as frp does.
func fails(_ reason: String, absent: Bool = false) -> SignalError { SignalError(message: reason, absent: absent) }
func numeric(_ v: V) throws -> Double { if case .number(let n) = v { return n }; throw fails("not a number: \(v)") }
func boolean(_ v: V) throws -> Bool { if case .bool(let b) = v { return b }; throw fails("not a boolean: \(v)") }
/// A condition holds when it is `true`.
func holds(_ v: V) -> Bool { v == .bool(true) }
func add(_ a: V, _ b: V) throws -> V {
    switch (a, b) {
    case let (.string(x), .string(y)): return .string(x + y)
    case let (.string(x), y): return .string(x + y.description)
    case let (x, .string(y)): return .string(x.description + y)
    case let (.list(x), .list(y)): return .list(x + y)
    default: return .number(try numeric(a) + numeric(b))
    }
}
func sub(_ a: V, _ b: V) throws -> V { .number(try numeric(a) - numeric(b)) }
func mul(_ a: V, _ b: V) throws -> V { .number(try numeric(a) * numeric(b)) }
func div(_ a: V, _ b: V) throws -> V {
    guard try numeric(b) != 0 else { throw fails("division by zero") }
    return .number(try numeric(a) / numeric(b))
}
func rem(_ a: V, _ b: V) throws -> V {
    guard try numeric(b) != 0 else { throw fails("remainder of a division by zero") }
    return .number(try numeric(a).truncatingRemainder(dividingBy: numeric(b)))
}
func neg(_ a: V) throws -> V { .number(-(try numeric(a))) }
func not(_ a: V) throws -> V { .bool(!(try boolean(a))) }
func lt(_ a: V, _ b: V) throws -> V { try compare(a, b) { $0 < $1 } }
func le(_ a: V, _ b: V) throws -> V { try compare(a, b) { $0 <= $1 } }
func gt(_ a: V, _ b: V) throws -> V { try compare(a, b) { $0 > $1 } }
func ge(_ a: V, _ b: V) throws -> V { try compare(a, b) { $0 >= $1 } }
func compare(_ a: V, _ b: V, _ order: (Double, Double) -> Bool) throws -> V {
    // Texts compare in order: their order (0, 1, 2 for before, same, after) against 1.
    if case let (.string(x), .string(y)) = (a, b) { return .bool(order(x < y ? 0 : x == y ? 1 : 2, 1)) }
    return .bool(order(try numeric(a), try numeric(b)))
}
func and(_ a: V, _ b: @autoclosure () throws -> V) throws -> V { try boolean(a) ? .bool(try boolean(b())) : false }
func or(_ a: V, _ b: @autoclosure () throws -> V) throws -> V { try boolean(a) ? true : .bool(try boolean(b())) }
/// `a ?? b`: b when a is null, or absent (`find` found nothing).
func coalesce(_ a: @autoclosure () throws -> V, _ b: @autoclosure () throws -> V) rethrows -> V {
    do {
        let value = try a()
        if value != .null { return value }
    } catch let failure as SignalError where failure.absent {}
    return try b()
}
/// frp's `==`: deep, but nan is not equal to itself (IEEE).
func eq(_ a: V, _ b: V) -> V {
    if case let (.number(x), .number(y)) = (a, b) { return .bool(x == y) }
    return .bool(a == b)
}
func ne(_ a: V, _ b: V) -> V { .bool(!holds(eq(a, b))) }
/// `x.name`: the field; absent (`??` gives its default) when the record has none or
/// `x` is null, as in frp.
func field(_ v: V, _ name: String) throws -> V {
    switch v {
    case .record(let fields):
        guard let field = fields.first(where: { $0.name == name }) else {
            throw fails("the record has no field `\(name)`", absent: true)
        }
        return field.value
    case .null: throw fails("null has no field `\(name)`", absent: true)
    default: throw fails("\(v) is not a record: it has no field `\(name)`")
    }
}
/// `x[i]`: an item of a list (absent past its end), a field of a record.
func item(_ v: V, _ index: V) throws -> V {
    guard case .list(let items) = v else { return try field(v, textOf(index)) }
    let at = try numeric(index)
    guard at == at.rounded(), at >= 0, at < Double(items.count) else {
        throw fails("index \(index) is outside the list of \(items.count)", absent: true)
    }
    return items[Int(at)]
}
func length(_ v: V) throws -> V {
    switch v {
    case .string(let text): return .number(Double(text.count))
    case .list(let items): return .number(Double(items.count))
    case .record(let fields): return .number(Double(fields.count))
    default: throw fails("length of \(v)")
    }
}
func string(_ v: V) -> V { if case .string = v { return v }; return .string(v.description) }
func contains(_ v: V, _ part: V) -> V {
    switch (v, part) {
    case let (.list(items), _): return .bool(items.contains(part))
    case let (.string(text), .string(piece)): return .bool(text.contains(piece))
    case let (.record(fields), _): return .bool(fields.contains { $0.name == textOf(part) })
    default: return false
    }
}
func itemsOf(_ v: V, _ name: String) throws -> [V] { if case .list(let items) = v { return items }; throw fails("\(name) of \(v)") }
func sum(_ v: V) throws -> V { .number(try itemsOf(v, "sum").map(numeric).reduce(0, +)) }
func first(_ v: V) throws -> V { try itemsOf(v, "first").first ?? .null }
func last(_ v: V) throws -> V { try itemsOf(v, "last").last ?? .null }
func number(_ v: V) throws -> V {
    switch v {
    case .number: return v
    case .bool(let value): return .number(value ? 1 : 0)
    case .string(let text):
        let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard let number = Double(trimmed) else { throw fails("not a number: \(v)") }
        return .number(number)
    default: throw fails("number of \(v)")
    }
}
/// A text's characters (a field name, a separator); another value as frp prints it.
func textOf(_ v: V) -> String { if case .string(let text) = v { return text }; return v.description }
func has(_ v: V, _ name: V) throws -> V {
    guard case .string(let field) = name else { throw fails("has: a field name as text") }
    if case .record = v { return .bool(v[field] != .null) }
    return false
}
func keys(_ v: V) throws -> V {
    guard case .record(let fields) = v else { throw fails("keys of \(v)") }
    return .list(fields.map { .string($0.name) })
}
/// Negative bounds count from the end, as in frp (and JavaScript's slice).
func slice(_ v: V, _ from: V, _ to: V? = nil) throws -> V {
    func bound(_ b: V, _ count: Int) throws -> Int { let n = Int(try numeric(b)); return max(0, min(count, n < 0 ? count + n : n)) }
    switch v {
    case .list(let items):
        let (a, b) = (try bound(from, items.count), try to.map { try bound($0, items.count) } ?? items.count)
        return .list(a < b ? Array(items[a..<b]) : [])
    case .string(let text):
        let characters = Array(text)
        let (a, b) = (try bound(from, characters.count), try to.map { try bound($0, characters.count) } ?? characters.count)
        return .string(a < b ? String(characters[a..<b]) : "")
    default: throw fails("slice of \(v)")
    }
}
func `where`(_ v: V, _ field: V, _ value: V) throws -> V {
    .list(try itemsOf(v, "where").filter { $0[textOf(field)] == value })
}
func find(_ v: V, _ field: V, _ value: V) throws -> V {
    guard let found = try itemsOf(v, "find").first(where: { $0[textOf(field)] == value }) else {
        throw fails("find: no item whose \(field) is \(value)", absent: true)
    }
    return found
}
func join(_ v: V, _ separator: V = "") throws -> V {
    let parts = try itemsOf(v, "join").map { item -> String in if case .string(let text) = item { return text }; return item.description }
    return .string(parts.joined(separator: textOf(separator)))
}
/// `raise(MESSAGE)`: the stage fails with exactly this message.
func raise(_ message: V) throws -> V {
    if case .string(let text) = message { throw SignalError(message: text) }
    throw SignalError(message: message.description)
}
func each(_ v: V, _ make: (V) throws -> V) throws -> V { .list(try itemsOf(v, "each").map(make)) }
func keep(_ v: V, _ test: (V) throws -> V) throws -> V { .list(try itemsOf(v, "keep").filter { holds(try test($0)) }) }

// MARK: signals

/// An error event: frp's errors are their message.
struct SignalError: Error, Equatable {
    let message: String
    /// Something looked for and not there (`find`): `??` gives its default instead.
    var absent = false
}
typealias Signal = AnyPublisher<V, SignalError>

/// Virtual time: one frame is a millisecond, and nothing waits for a clock.
final class VirtualScheduler: Scheduler {
    struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable {
        var nanoseconds: Int
        init(nanoseconds: Int) { self.nanoseconds = nanoseconds }
        init(integerLiteral value: Int) { nanoseconds = value * 1_000_000 }
        init?<T: BinaryInteger>(exactly source: T) { guard let n = Int(exactly: source) else { return nil }; self.init(integerLiteral: n) }
        var magnitude: Stride { Stride(nanoseconds: abs(nanoseconds)) }
        static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
        static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: Int(s * 1e9)) }
        static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
        static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1_000) }
        static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
        static func < (a: Stride, b: Stride) -> Bool { a.nanoseconds < b.nanoseconds }
        static func + (a: Stride, b: Stride) -> Stride { Stride(nanoseconds: a.nanoseconds + b.nanoseconds) }
        static func - (a: Stride, b: Stride) -> Stride { Stride(nanoseconds: a.nanoseconds - b.nanoseconds) }
        static func * (a: Stride, b: Stride) -> Stride { Stride(nanoseconds: a.nanoseconds * b.nanoseconds / 1_000_000) }
        static func += (a: inout Stride, b: Stride) { a = a + b }
        static func -= (a: inout Stride, b: Stride) { a = a - b }
        static func *= (a: inout Stride, b: Stride) { a = a * b }
    }
    struct Time: Strideable, Hashable {
        var nanoseconds: Int
        var frame: Int { nanoseconds / 1_000_000 }
        func distance(to other: Time) -> Stride { Stride(nanoseconds: other.nanoseconds - nanoseconds) }
        func advanced(by n: Stride) -> Time { Time(nanoseconds: nanoseconds + n.nanoseconds) }
    }
    typealias SchedulerTimeType = Time
    typealias SchedulerOptions = Never

    private(set) var now = Time(nanoseconds: 0)
    var minimumTolerance: Stride { Stride(nanoseconds: 0) }
    /// Actions by time, then in the order they were scheduled.
    private var queue: [(at: Int, order: Int, action: () -> Void)] = []
    private var scheduled = 0

    func schedule(options: Never?, _ action: @escaping () -> Void) { enqueue(now.nanoseconds, action) }
    func schedule(after date: Time, tolerance: Stride, options: Never?, _ action: @escaping () -> Void) {
        enqueue(max(date.nanoseconds, now.nanoseconds), action)
    }
    func schedule(after date: Time, interval: Stride, tolerance: Stride, options: Never?,
                  _ action: @escaping () -> Void) -> Cancellable {
        var cancelled = false
        func tick(_ at: Time) {
            schedule(after: at, tolerance: tolerance, options: nil) { [self] in
                guard !cancelled else { return }
                action()
                tick(now.advanced(by: interval))
            }
        }
        tick(date)
        return AnyCancellable { cancelled = true }
    }
    func after(_ frames: Int, _ action: @escaping () -> Void) {
        enqueue(now.nanoseconds + frames * 1_000_000, action)
    }
    private func enqueue(_ at: Int, _ action: @escaping () -> Void) {
        scheduled += 1
        queue.append((at, scheduled, action))
    }
    /// Runs every action due before frame `end`, in time order.
    func run(before end: Int) {
        while let next = queue.indices.min(by: { (queue[$0].at, queue[$0].order) < (queue[$1].at, queue[$1].order) }),
              queue[next].at < end * 1_000_000 {
            let (at, _, action) = queue.remove(at: next)
            now = Time(nanoseconds: at)
            action()
        }
        now = Time(nanoseconds: end * 1_000_000)
    }
}

/// An event at its frame; an error is its message (a marble's `#` is "error").
enum Event: Equatable, CustomStringConvertible {
    case next(V), error(String), completed
    var description: String {
        switch self {
        case .next(let value): return "next \(value)"
        case .error(let message): return "error \(V.string(message))"
        case .completed: return "completed"
        }
    }
}

/// A source that sends what `start` schedules, honouring demand: values sent
/// while none is asked for wait in order (as RxJS's, no value is dropped).
struct Source: Publisher {
    typealias Output = V
    typealias Failure = SignalError
    let start: (Outlet) -> Void
    func receive<S: Subscriber>(subscriber: S) where S.Input == V, S.Failure == SignalError {
        let outlet = Outlet(AnySubscriber(subscriber))
        subscriber.receive(subscription: outlet)
        start(outlet)
    }
}
final class Outlet: Subscription {
    private var subscriber: AnySubscriber<V, SignalError>?
    private var demand = Subscribers.Demand.none
    private var waiting: [Event] = []
    /// What stops the work behind it (an upstream subscription), when it ends.
    var onCancel: (() -> Void)?
    init(_ subscriber: AnySubscriber<V, SignalError>) { self.subscriber = subscriber }
    var isOpen: Bool { subscriber != nil }
    func request(_ more: Subscribers.Demand) { demand += more; flush() }
    func cancel() { subscriber = nil; waiting = []; stop() }
    private func stop() { let stop = onCancel; onCancel = nil; stop?() }
    func send(_ event: Event) { waiting.append(event); flush() }
    private func flush() {
        while let subscriber, let event = waiting.first {
            if case .next(let value) = event {
                guard demand > 0 else { return }
                waiting.removeFirst()
                demand -= 1
                demand += subscriber.receive(value)
            } else {
                waiting.removeFirst()
                self.subscriber = nil
                stop()
                if case .error(let message) = event {
                    subscriber.receive(completion: .failure(SignalError(message: message)))
                } else {
                    subscriber.receive(completion: .finished)
                }
            }
        }
    }
}

/// A cold marble: its events at their frames from each subscription, each one
/// scheduled (a frame-0 event too, as RxJS's TestScheduler sends it).
func cold(_ scheduler: VirtualScheduler, _ events: [(Int, Event)]) -> Signal {
    Source { outlet in
        for (frame, event) in events { scheduler.after(frame) { outlet.send(event) } }
    }.eraseToAnyPublisher()
}

/// A hot marble: its events at their frames from the run's start, to whoever listens
/// then (a subscriber gets what comes after it subscribed).
func hot(_ scheduler: VirtualScheduler, _ events: [(Int, Event)]) -> Signal {
    var outlets: [Outlet] = []
    var ended: Event?
    for (frame, event) in events where frame >= 0 {
        scheduler.after(frame) {
            if case .next = event {} else { ended = event }
            for outlet in outlets where outlet.isOpen { outlet.send(event) }
        }
    }
    return Source { outlet in
        if let ended { outlet.send(ended) } else { outlets.append(outlet) }
    }.eraseToAnyPublisher()
}

extension SignalError {
    /// An error a `try` operator caught: frp's own, thrown by a helper above.
    static func of(_ error: Error) -> SignalError { error as? SignalError ?? SignalError(message: "\(error)") }
}
/// A signal whose making can fail (`of 8 / it`): the failure as its error.
func attempt(_ make: () throws -> Signal) -> Signal {
    do { return try make() } catch { return Fail(error: SignalError.of(error)).eraseToAnyPublisher() }
}
extension Publisher where Output == V, Failure == SignalError {
    /// A definition's stages as one operator (`.through(above(scheduler, 90))`).
    func through(_ stages: (Signal) -> Signal) -> Signal { stages(eraseToAnyPublisher()) }

    /// `concat a, b`: each after the one before (Combine's append takes one).
    func appending(_ others: Signal...) -> Signal {
        others.reduce(eraseToAnyPublisher()) { $0.append($1).eraseToAnyPublisher() }
    }
}
func fail(_ message: V) -> Signal {
    if case .string(let text) = message { return Fail(error: SignalError(message: text)).eraseToAnyPublisher() }
    return Fail(error: SignalError(message: message.description)).eraseToAnyPublisher()
}
func of(_ values: V...) -> Signal { values.publisher.setFailureType(to: SignalError.self).eraseToAnyPublisher() }
func from(_ items: V) throws -> Signal {
    try itemsOf(items, "from").publisher.setFailureType(to: SignalError.self).eraseToAnyPublisher()
}
func range(_ start: V, _ count: V) throws -> Signal {
    let (first, count) = (try numeric(start), try numeric(count))
    return (0..<Int(count)).lazy.map { V.number(first + Double($0)) }.publisher.setFailureType(to: SignalError.self).eraseToAnyPublisher()
}
func timer(_ scheduler: VirtualScheduler, _ frames: Int) -> Signal {
    Source { outlet in scheduler.after(frames) { outlet.send(.next(0)); outlet.send(.completed) } }.eraseToAnyPublisher()
}
func interval(_ scheduler: VirtualScheduler, _ frames: Int) -> Signal {
    Source { outlet in
        var count = 0
        func tick() {
            scheduler.after(frames) {
                guard outlet.isOpen else { return }
                outlet.send(.next(.number(Double(count))))
                count += 1
                tick()
            }
        }
        tick()
    }.eraseToAnyPublisher()
}

/// A subscriber that hands each event on, and can be cancelled from the start (a
/// source that sends everything at once is stopped in the middle).
final class Relay: Subscriber {
    typealias Input = V
    typealias Failure = SignalError
    private var subscription: Subscription?
    private var cancelled = false
    private let handle: (Event) -> Void
    init(_ handle: @escaping (Event) -> Void) { self.handle = handle }
    func receive(subscription: Subscription) {
        guard !cancelled else { return subscription.cancel() }
        self.subscription = subscription
        subscription.request(.unlimited)
    }
    func receive(_ input: V) -> Subscribers.Demand { if !cancelled { handle(.next(input)) }; return .none }
    func receive(completion: Subscribers.Completion<SignalError>) {
        guard !cancelled else { return }
        switch completion {
        case .finished: handle(.completed)
        case .failure(let failure): handle(.error(failure.message))
        }
    }
    func cancel() { cancelled = true; subscription?.cancel(); subscription = nil }
}

extension Publisher where Output == V, Failure == SignalError {
    /// An operator written here where Combine's differs from frp's: `make` gets the
    /// outlet downstream and answers what to do with each event of this signal, and
    /// what to do once it is subscribed.
    func relay(_ make: @escaping (Outlet) -> (event: (Event) -> Void, started: () -> Void)) -> Signal {
        let upstream = eraseToAnyPublisher()
        return Source { outlet in
            let (handle, started) = make(outlet)
            guard outlet.isOpen else { return }
            let relay = Relay(handle)
            let before = outlet.onCancel
            outlet.onCancel = { relay.cancel(); before?() }
            upstream.subscribe(relay)
            started()
        }.eraseToAnyPublisher()
    }

    /// `take N`: Combine's prefix(N) finishes only when a value after the Nth comes
    /// (or the signal ends); frp's take (RxJS's) ends with the Nth.
    func take(_ count: Int) -> Signal {
        relay { outlet in
            var left = count
            if left <= 0 { outlet.send(.completed) }
            return ({ event in
                guard case .next = event else { return outlet.send(event) }
                left -= 1
                outlet.send(event)
                if left == 0 { outlet.send(.completed) }
            }, {})
        }
    }

    /// `takeUntil N`: ends with N's first value, and fails with N's error; Combine's
    /// prefix(untilOutputFrom:) lets the error pass unseen. N is subscribed first.
    func takeUntil(_ notifier: Signal) -> Signal {
        relay { outlet in
            let watch = Relay { event in
                switch event {
                case .next: outlet.send(.completed)
                case .error: outlet.send(event)
                case .completed: break
                }
            }
            outlet.onCancel = watch.cancel
            notifier.subscribe(watch)
            return (outlet.send, {})
        }
    }

    /// `distinctUntilChanged KEY`: the key of every value, the first one too, as
    /// frp (and RxJS 7) computes it; Combine's removeDuplicates(by:) compares pairs, so
    /// the first value's key is never computed (nor its failure seen).
    func removingDuplicates(key: @escaping (V) throws -> V) -> Signal {
        relay { outlet in
            var last: V?
            return ({ event in
                guard case .next(let value) = event else { return outlet.send(event) }
                do {
                    let current = try key(value)
                    if current != last { outlet.send(event) }
                    last = current
                } catch {
                    outlet.send(.error(SignalError.of(error).message))
                }
            }, {})
        }
    }

    /// `debounce D`: Combine's debounce drops the value waiting when the signal ends;
    /// frp's (RxJS's) sends it, then the end.
    func debounced(_ frames: Int, _ scheduler: VirtualScheduler) -> Signal {
        relay { outlet in
            var waiting: V?, latest = 0
            return ({ event in
                switch event {
                case .next(let value):
                    waiting = value
                    latest += 1
                    let mine = latest
                    scheduler.after(frames) {
                        guard latest == mine, let value = waiting else { return }
                        waiting = nil
                        outlet.send(.next(value))
                    }
                case .completed:
                    if let value = waiting { waiting = nil; outlet.send(.next(value)) }
                    outlet.send(.completed)
                case .error:
                    outlet.send(event)
                }
            }, {})
        }
    }

    /// `delay D`: Combine's delay holds the end and the error back by D too; frp's
    /// (RxJS's) ends once the delayed values are sent, and fails at once.
    func delayed(_ frames: Int, _ scheduler: VirtualScheduler) -> Signal {
        relay { outlet in
            var pending = 0, ended = false
            return ({ event in
                switch event {
                case .next:
                    pending += 1
                    scheduler.after(frames) {
                        pending -= 1
                        outlet.send(event)
                        if ended && pending == 0 { outlet.send(.completed) }
                    }
                case .completed:
                    ended = true
                    if pending == 0 { outlet.send(.completed) }
                case .error:
                    outlet.send(event)
                }
            }, {})
        }
    }

    /// `timeout D`: fails when D passes without a value (a value at the deadline
    /// still counts, as in frp); Combine's timeout finishes instead, and its timer
    /// comes first at the deadline.
    func timedOut(_ frames: Int, _ scheduler: VirtualScheduler) -> Signal {
        relay { outlet in
            var latest = 0
            func arm() {
                latest += 1
                let mine = latest
                scheduler.after(frames) {
                    guard latest == mine else { return }
                    outlet.send(.error("timeout: no event within \(frames)ms"))
                }
            }
            return ({ event in
                if case .next = event { arm() } else { latest += 1 }
                outlet.send(event)
            }, arm)
        }
    }

    /// `share`: one subscription for everyone subscribed. Combine's share() never
    /// subscribes again once the signal has ended; frp's (RxJS's) does, for the next
    /// subscriber, as it does when everyone has left.
    func shared() -> Signal {
        let upstream = eraseToAnyPublisher()
        var outlets: [Outlet] = []
        var connection: Relay?
        return Source { outlet in
            outlets.append(outlet)
            outlet.onCancel = {
                outlets.removeAll { $0 === outlet }
                if outlets.isEmpty { connection?.cancel(); connection = nil }
            }
            guard connection == nil else { return }
            let relay = Relay { event in
                let listening = outlets
                if case .next = event {} else { outlets = []; connection = nil }
                for outlet in listening { outlet.send(event) }
            }
            connection = relay
            upstream.subscribe(relay)
        }.eraseToAnyPublisher()
    }

    /// frp's `first`/`last` fail when the signal ends without a value.
    func failIfEmpty(_ message: String) -> Signal {
        map(Optional.some).replaceEmpty(with: nil).flatMap { value -> Signal in
            guard let value else { return Fail(error: SignalError(message: message)).eraseToAnyPublisher() }
            return Just(value).setFailureType(to: SignalError.self).eraseToAnyPublisher()
        }.eraseToAnyPublisher()
    }
    /// `log LABEL`: each event printed as it passes.
    func logged(_ label: String) -> Signal {
        handleEvents(receiveOutput: { Swift.print("  \(label): next \($0)") }, receiveCompletion: { completion in
            switch completion {
            case .finished: Swift.print("  \(label): completed")
            case .failure(let failure): Swift.print("  \(label): error \(failure.message)")
            }
        }).eraseToAnyPublisher()
    }
}

#if !canImport(Combine)
// OpenCombine 0.14 has no Merge and no CombineLatest: the two, written with its
// flatMap and scan (Combine has them, with these names).
extension Publisher where Output == V, Failure == SignalError {
    func merge(with others: Signal...) -> Signal {
        ([eraseToAnyPublisher()] + others).publisher.setFailureType(to: SignalError.self).flatMap { $0 }.eraseToAnyPublisher()
    }
    func combineLatest(_ b: Signal, _ combine: @escaping (V, V) -> V) -> Signal {
        latest([eraseToAnyPublisher(), b]) { combine($0[0], $0[1]) }
    }
    func combineLatest(_ b: Signal, _ c: Signal, _ combine: @escaping (V, V, V) -> V) -> Signal {
        latest([eraseToAnyPublisher(), b, c]) { combine($0[0], $0[1], $0[2]) }
    }
}
/// The latest value of each signal, once each has sent one, at each value of any.
func latest(_ signals: [Signal], _ combine: @escaping ([V]) -> V) -> Signal {
    signals.enumerated().map { index, signal in signal.map { (index, $0) }.eraseToAnyPublisher() }.publisher
        .setFailureType(to: SignalError.self).flatMap { $0 }
        .scan([V?](repeating: nil, count: signals.count)) { latest, next in
            var latest = latest
            latest[next.0] = next.1
            return latest
        }
        .compactMap { latest in latest.contains { $0 == nil } ? nil : combine(latest.compactMap { $0 }) }
        .eraseToAnyPublisher()
}
#endif

// MARK: replies recorded by frp export

/// A JSON text as a V, fields in the order written (a photo service's reply).
func json(_ text: String) -> V {
    var bytes = Array(text.utf8)[...]
    func skip() { while let byte = bytes.first, byte == 32 || byte == 10 || byte == 13 || byte == 9 { bytes.removeFirst() } }
    func string() -> String {
        bytes.removeFirst()  // "
        var scalars: [UInt8] = []
        while let byte = bytes.popFirst(), byte != 34 {
            guard byte == 92, let escaped = bytes.popFirst() else { scalars.append(byte); continue }
            switch escaped {
            case 110: scalars.append(10)
            case 116: scalars.append(9)
            case 114: scalars.append(13)
            case 98: scalars.append(8)
            case 102: scalars.append(12)
            case 117:
                let hex = String(decoding: bytes.prefix(4), as: UTF8.self)
                bytes.removeFirst(4)
                scalars += Array(String(Unicode.Scalar(UInt32(hex, radix: 16) ?? 63).map(Character.init) ?? "?").utf8)
            default: scalars.append(escaped)
            }
        }
        return String(decoding: scalars, as: UTF8.self)
    }
    func value() -> V {
        skip()
        switch bytes.first {
        case 123:  // {
            bytes.removeFirst()
            var fields: [V.Field] = []
            skip()
            while bytes.first != 125 {
                skip()
                let name = string()
                skip()
                bytes.removeFirst()  // :
                fields.append(V.Field(name: name, value: value()))
                skip()
                if bytes.first == 44 { bytes.removeFirst() }
            }
            bytes.removeFirst()
            return .record(fields)
        case 91:  // [
            bytes.removeFirst()
            var items: [V] = []
            skip()
            while bytes.first != 93 {
                items.append(value())
                skip()
                if bytes.first == 44 { bytes.removeFirst() }
                skip()
            }
            bytes.removeFirst()
            return .list(items)
        case 34: return .string(string())
        case 116: bytes.removeFirst(4); return true
        case 102: bytes.removeFirst(5); return false
        case 110: bytes.removeFirst(4); return .null
        default:
            let number = bytes.prefix { !(44 == $0 || 93 == $0 || 125 == $0 || 32 == $0) }
            bytes.removeFirst(number.count)
            return .number(Double(String(decoding: number, as: UTF8.self)) ?? .nan)
        }
    }
    return value()
}

/// One call of a photo service as it answered: its values after its latency, then its
/// end or its error.
struct Reply { let after: Int; let values: [V]; let error: String? }

/// A service's signal: the reply recorded for these arguments (as frp prints them),
/// or an error saying none was.
func service(_ replies: [String: Reply], _ name: String, _ scheduler: VirtualScheduler, _ arguments: [V]) -> Signal {
    let key = "[" + arguments.map(\.description).joined(separator: ",") + "]"
    guard let reply = replies[key] else {
        let asked = arguments.map(\.description).joined(separator: ", ")
        return Fail(error: SignalError(message: "\(name): frp export recorded no answer for \(asked)")).eraseToAnyPublisher()
    }
    return Source { outlet in
        scheduler.after(reply.after) {
            for value in reply.values { outlet.send(.next(value)) }
            outlet.send(reply.error.map(Event.error) ?? .completed)
        }
    }.eraseToAnyPublisher()
}

// MARK: the harness

var passed = 0, failed = 0

func recording(_ signal: Signal, on scheduler: VirtualScheduler, before end: Int) -> [(Int, Event)] {
    var events: [(Int, Event)] = []
    let subscription = signal.sink(receiveCompletion: { completion in
        switch completion {
        case .finished: events.append((scheduler.now.frame, .completed))
        case .failure(let failure): events.append((scheduler.now.frame, .error(failure.message)))
        }
    }, receiveValue: { events.append((scheduler.now.frame, .next($0))) })
    scheduler.run(before: end)
    subscription.cancel()
    return events
}

func listed(_ events: [(Int, Event)]) -> String { events.map { "\($0.0)ms \($0.1)" }.joined(separator: ", ") }

/// One expect: `before` is where frp test stops looking (the marble's width, or 1,000
/// frames after its last mark).
func expectMarble(_ line: Int, _ title: String, before end: Int, _ expected: [(Int, Event)],
                  _ make: (VirtualScheduler) -> Signal) {
    let scheduler = VirtualScheduler()
    let actual = recording(make(scheduler), on: scheduler, before: end)
    if actual.count == expected.count, zip(expected, actual).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) {
        passed += 1
        print("✓ line \(line): \(title)")
    } else {
        failed += 1
        print("✗ line \(line): \(title)\n    expected: \(listed(expected))\n    actual:   \(listed(actual))")
    }
}

/// One run, printed as `frp run --virtual` prints it, for at most a minute of virtual time.
func showRun(_ line: Int, _ title: String, _ make: (VirtualScheduler) -> Signal) {
    let scheduler = VirtualScheduler()
    print("» \(title)")
    for (frame, event) in recording(make(scheduler), on: scheduler, before: 60_000) {
        let time = frame < 1000 ? "\(frame)ms" : "\(Double(frame) / 1000)s"
        print(String(repeating: " ", count: max(0, 9 - time.count)) + time + "  \(event)")
    }
}

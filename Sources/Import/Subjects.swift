import Language
import Signals

/// A `Subject` that the code pushes values into, at once (`s.next(1)`) or from a timer
/// (`timer(1000).subscribe(() => s.next('hello'))`), read as what it is to each subscriber:
/// a hot marble of the pushes made after it subscribed, up to the first `complete()` or
/// `error(…)` (a Subject sends nothing after its end). A `BehaviorSubject(v)` sends its
/// value at that moment first (`v`, or the latest push before), a `ReplaySubject(n)` the
/// last `n` pushes before (all of them without `n`). So
///
///     const messages = new Subject();
///     messages.subscribe(console.log);
///     timer(1000).subscribe(() => messages.next('hello'));
///
/// is `hot "1000ms a" {a: "hello"}`.
extension RxJSImport {
    /// One push into a subject: when (ms), in which statement, and what.
    struct Push {
        enum Kind { case next(JSExpression), complete, error(JSExpression) }
        let time: Int
        let statement: Int
        let kind: Kind
    }

    /// What a subject gives a new subscriber of what came before: nothing, its value now
    /// (a BehaviorSubject, made with one), or up to `n` of the latest values (a ReplaySubject).
    enum Memory {
        case none
        case latest(JSExpression)
        case replay(Int)
    }

    /// The subjects the code makes (`const s = new Subject()`) and their pushes, found
    /// before the statements are read; the statements that only push are marked read.
    static func subjects(in statements: [JSStatement]) -> (pushes: [String: [Push]], memories: [String: Memory], pushing: Set<Int>) {
        var pushes: [String: [Push]] = [:]
        var memories: [String: Memory] = [:]
        var pushing = Set<Int>()
        for statement in statements {
            guard case .declaration(let name, .construct(let type, let arguments)) = statement else { continue }
            switch (type, arguments.count) {
            case ("Subject", 0): memories[name] = Memory.none
            case ("BehaviorSubject", 1): memories[name] = .latest(arguments[0])
            case ("ReplaySubject", 0): memories[name] = .replay(Int.max)
            case ("ReplaySubject", 1):
                guard case .number(let count) = arguments[0], count >= 1, count == count.rounded(), count < 1e6 else { continue }
                memories[name] = .replay(Int(count))
            default: continue
            }
            pushes[name] = []
        }
        for (index, statement) in statements.enumerated() {
            let expression: JSExpression
            switch statement {
            case .expression(let found), .declaration(_, let found): expression = found
            default: continue
            }
            guard let (subject, push) = Self.push(expression, statement: index), pushes[subject] != nil else { continue }
            pushes[subject]?.append(push)
            pushing.insert(index)
        }
        return (pushes, memories, pushing)
    }

    /// `s.next(v)` (at once), or `timer(T).subscribe(() => s.next(v))`; `complete()` and
    /// `error(e)` alike.
    private static func push(_ expression: JSExpression, statement: Int) -> (String, Push)? {
        var time = 0, call = expression
        if case .call(.member(.call(.name("timer"), let due), "subscribe"), let observer) = expression, due.count == 1,
           case .number(let milliseconds) = due[0], milliseconds >= 0, milliseconds == milliseconds.rounded(), milliseconds < 1e9,
           observer.count == 1, case .arrow([], let body) = observer[0] {
            time = Int(milliseconds)
            call = body
        }
        guard case .call(.member(.name(let subject), let method), let arguments) = call else { return nil }
        switch (method, arguments.count) {
        case ("next", 1): return (subject, Push(time: time, statement: statement, kind: .next(arguments[0])))
        case ("complete", 0): return (subject, Push(time: time, statement: statement, kind: .complete))
        case ("error", 1): return (subject, Push(time: time, statement: statement, kind: .error(arguments[0])))
        default: return nil
        }
    }

    /// What subject `name` sends to a subscriber made in statement `subscribed`: a hot
    /// marble of the pushes after it, up to the subject's end.
    func subjectSource(_ name: String, subscribed: Int) throws(Unsupported) -> String {
        let ordered = (subjectPushes[name] ?? []).sorted { ($0.time, $0.statement) < ($1.time, $1.statement) }
        let isBefore = { (push: Push) in push.time == 0 && push.statement < subscribed }
        var seen = ordered.filter { !isBefore($0) }
        // What came before: the values it remembers, sent first at the subscription (an
        // end before it is sent at once too, as RxJS does).
        let before = ordered.filter(isBefore)
        let end = before.firstIndex { if case .next = $0.kind { false } else { true } }
        let pushed = (end.map { Array(before[..<$0]) } ?? before).filter { if case .next = $0.kind { true } else { false } }
        var remembered: [Push] = []
        switch subjectMemories[name] ?? Memory.none {
        case .none: break
        case .latest(let initial):
            // Its value now; after its end, nothing but the end.
            if end == nil { remembered = [pushed.last ?? Push(time: 0, statement: -1, kind: .next(initial))] }
        case .replay(let count):
            remembered = Array(pushed.suffix(count))
        }
        seen = remembered + (end.map { [before[$0]] } ?? seen)
        var entries: [Marble.Entry] = [], letters: [String: Character] = [:], values: [(Character, String)] = []
        var message: String?
        for push in seen {
            switch push.kind {
            case .next(let value):
                let written = try self.value(value, [:])
                let letter = letters[written] ?? Character(UnicodeScalar(UInt8(97 + letters.count)))
                guard letters.count < 26 || letters[written] != nil else { throw Unsupported(reason: "a subject pushed more than 26 different values") }
                if letters[written] == nil { letters[written] = letter; values.append((letter, written)) }
                entries.append(Marble.Entry(frame: push.time, mark: .value(letter)))
            case .complete:
                entries.append(Marble.Entry(frame: push.time, mark: .completed))
            case .error(let error):
                guard case .string(let text) = error else { throw Unsupported(reason: "a subject's error that is not a text") }
                message = text
                entries.append(Marble.Entry(frame: push.time, mark: .error))
            }
            if case .next = push.kind { continue }
            break
        }
        guard let marble = try? Marble.written(entries) else { throw Unsupported(reason: "the pushes into `\(name)` as a marble") }
        var source = "hot " + Self.quoted(marble)
        if !values.isEmpty { source += " {" + values.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}" }
        if let message { source += " error " + Self.quoted(message) }
        return source
    }
}

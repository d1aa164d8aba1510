import Language
import Signals

/// A `Subject` that the code pushes values into, at once (`s.next(1)`) or from a timer
/// (`timer(1000).subscribe(() => s.next('hello'))`), read as what it is to each subscriber:
/// a hot marble of the pushes made after it subscribed, up to the first `complete()` or
/// `error(…)` (a Subject sends nothing after its end). So
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

    /// The subjects the code makes (`const s = new Subject()`) and their pushes, found
    /// before the statements are read; the statements that only push are marked read.
    static func subjects(in statements: [JSStatement]) -> (pushes: [String: [Push]], pushing: Set<Int>) {
        var pushes: [String: [Push]] = [:]
        var pushing = Set<Int>()
        for statement in statements {
            if case .declaration(let name, .construct("Subject", let arguments)) = statement, arguments.isEmpty { pushes[name] = [] }
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
        return (pushes, pushing)
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
        let seen = (subjectPushes[name] ?? [])
            .filter { $0.time > 0 || $0.statement > subscribed }
            .sorted { ($0.time, $0.statement) < ($1.time, $1.statement) }
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

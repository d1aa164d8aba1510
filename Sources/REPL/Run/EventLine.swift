import Language
import Signals
import Trace

extension Value {
    /// How a value reads in a legend: records by their most telling field.
    var legendDescription: String {
        if case .record(let record) = self {
            for field in ["name", "title", "username", "id", "message"] {
                if let value = record[field] { return "{\(field): \(value.shortened(to: 30)), …}" }
            }
        }
        return shortened(to: 40)
    }

    /// The text a value is known by in a diagram (its letter, its legend): as much as an
    /// event line prints (`Limits.printedCharacters`), so 1,000 values of 16 MB are not
    /// written out whole for their letters (a few such runs would hold the playground).
    var shownDescription: String { description(upTo: Limits.printedCharacters).text }
}

/// An event as a line of a run's output: `    12ms  next "kitten"`. At a terminal, kinds
/// and times are coloured and a value too wide for the line is laid out over several.
struct EventLine {
    var style = DiagramStyle()
    var pretty = false

    /// `     12ms`, `    1.5s`: right-aligned so a column of events reads down.
    static func time(_ time: Time) -> String {
        let text = time.reading
        return String(repeating: " ", count: max(0, 9 - text.count)) + text
    }

    func text(_ event: Event<Value>, at time: Time) -> String {
        let when = EventLine.time(time)
        let (kind, value): (String, String?)
        switch event {
        case .next(let sent):
            kind = "next"
            // Continued lines start under `next`, nested ones two further each.
            let column = when.count + 2
            value = pretty ? sent.pretty(width: style.width, indent: column + kind.count + 1).enumerated()
                .map { $0.offset == 0 ? $0.element : String(repeating: " ", count: column) + $0.element }
                .joined(separator: "\n") : sent.printed
        case .completed: (kind, value) = ("completed", nil)
        case .error(let error): (kind, value) = ("error", Value.string(error.message).printed)
        }
        guard style.color else { return "\(when)  \(kind)" + (value.map { " " + $0 } ?? "") }
        let colour = ["next": "32", "completed": "34", "error": "31;1"][kind] ?? "0"
        return "\u{1B}[2m\(when)\u{1B}[0m  \u{1B}[\(colour)m\(kind)\u{1B}[0m" + (value.map { " " + $0 } ?? "")
    }
}

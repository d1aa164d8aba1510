import JSONText
import Language
import Signals
import Trace

/// A wrong answer's rows, as JSON the page draws on one time axis (the wanted events over
/// the answer's): `label`, `entries` (`frame`; `mark`: the letter drawn, `|` or `#`;
/// `value`: what it stands for; `shown`: what its marble shows), `width` (the frames the
/// row spans) and `dropped` (events not sent). The page draws what it is given and computes
/// nothing: which letter a value gets is decided here, by the `Letters` the report uses.
enum PlaygroundRows {
    /// Events as a row, each value lettered by `letters`; silent on to `end`.
    static func row(label: String, events: [Recorded<Value>], end: Int, dropped: Int = 0, letters: inout Letters) -> JSON {
        let entries = events.map { recorded -> JSON in
            let (mark, value): (String, String)
            switch recorded.event {
            case .next(let next): (mark, value) = (String(letters.letter(full: next.shownDescription, short: next.legendDescription)), next.legendDescription)
            case .completed: (mark, value) = ("|", "completed")
            case .error(let error): (mark, value) = ("#", "error: " + error.message)
            }
            // What its marble shows: the value itself when short (`10`, `Ann`), as the stage
            // diagram draws it; else its letter.
            let shown = recorded.event.termination == nil ? SVGMarbleDiagram<Value>.inline(value) ?? mark : mark
            return .object(["frame": .number(recorded.time.frame), "mark": .string(mark), "value": .string(value), "shown": .string(shown)])
        }
        let last = events.last.map { $0.time.frame + 1 } ?? 0
        return .object(["label": .string(label), "entries": .array(entries), "width": .number(max(end, last)),
                        "dropped": .number(dropped)])
    }

    /// A marble as written (an exercise's wanted events): its marks as they are written,
    /// each value's meaning from `values` (mark → what it stands for) when there is one.
    static func row(label: String, marble: Marble, values: [Character: String]) -> JSON {
        let entries = marble.entries.map { entry -> JSON in
            let (mark, value): (String, String)
            switch entry.mark {
            case .value(let character): (mark, value) = (String(character), values[character] ?? "\"\(character)\"")
            case .completed: (mark, value) = ("|", "completed")
            case .error: (mark, value) = ("#", "error")
            }
            let shown = mark.count == 1 && !"|#".contains(mark) ? SVGMarbleDiagram<Value>.inline(value) ?? mark : mark
            return .object(["frame": .number(entry.frame), "mark": .string(mark), "value": .string(value), "shown": .string(shown)])
        }
        return .object(["label": .string(label), "entries": .array(entries), "width": .number(marble.width), "dropped": .number(0)])
    }
}

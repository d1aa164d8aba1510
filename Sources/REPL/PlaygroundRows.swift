import JSONText
import Language
import Signals
import Trace

/// The rows of the playground's one diagram, as JSON the page draws on one time axis:
/// `label`, `entries` (`frame`; `mark`: the letter drawn, `|` or `#`; `value`: what it
/// stands for), `width` (the frames the row spans) and `dropped` (events not sent). The
/// page draws what it is given and computes nothing: which letter a value gets is decided
/// here, by the `Letters` the text diagram uses, so a value named in the script
/// (`{a: "kit"}`) keeps its letter.
enum PlaygroundRows {
    /// The runs' output rows: the events each printed, at their frames, lettered together
    /// (one letter means one value in every row, so one legend serves them all). `marks`:
    /// the letters of the script's marbles, which stand for themselves (`"a"`) unless the
    /// script named them otherwise, so an output value never takes a letter an input row
    /// shows.
    /// Past `limit`, the runs left are not drawn (the rows so far, and how many were left).
    static func rows(_ results: [RunResult], marks: [Character] = [], limit: RealTimeLimit? = nil) -> (rows: [JSON], left: Int) {
        let named = results.flatMap(\.named) + marks.map { (mark: $0, full: "\"\($0)\"") }
        // Reserved are the values that are their own mark (`"x"`): 4 characters of each tell.
        var letters = Letters(reserving: results.lazy.flatMap { $0.events.lazy.compactMap(\.shortDescription) }, limit: 62, named: named)
        var rows: [JSON] = []
        for (index, result) in results.enumerated() {
            if let limit, limit.hasPassed { return (rows, results.count - index) }
            rows.append(row(label: result.title, events: result.events, end: result.end.frame, dropped: result.dropped, letters: &letters))
        }
        return (rows, 0)
    }

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

    /// The value marks of every marble of the script that reads.
    static func marbleMarks(in source: Source) -> [Character] {
        var marks: [Character] = []
        for literal in MarbleLiteral.all(in: source, catalogue: PhotoSources.catalogue) {
            guard let marble = try? Marble.parse(literal.text, kind: literal.kind) else { continue }
            for entry in marble.entries {
                if case .value(let mark) = entry.mark, !marks.contains(mark) { marks.append(mark) }
            }
        }
        return marks
    }
}

extension Recorded<Value> {
    /// The start of the value's text, when the event is a value: whether it is its own mark.
    fileprivate var shortDescription: String? {
        if case .next(let value) = event { value.description(upTo: 4).text } else { nil }
    }
}

import JSONText
@testable import REPL
import Testing

/// The playground's one diagram is drawn from rows the server sends: a run's printed
/// events at their frames with the letters the trace gives them, and a wrong answer's
/// wanted and actual events with the report's letters.
@Suite("The playground's rows")
struct PlaygroundRowsTests {
    private func entries(_ row: JSON?) -> [(frame: Int, mark: String, value: String)] {
        guard case .array(let items)? = row?["entries"] else { return [] }
        return items.map { item in
            guard case .number(let frame)? = item["frame"] else { return (-1, "", "") }
            return (Int(frame), item["mark"]?.stringValue ?? "", item["value"]?.stringValue ?? "")
        }
    }

    private func array(_ json: JSON?) -> [JSON] {
        if case .array(let items)? = json { items } else { [] }
    }

    @Test("a run's row holds what it printed, at the frames printed, a named value keeping its letter")
    func runRow() throws {
        let reply = try JSON(parsing: Playground.run(#"""
            let typed = hot "-a--b---c----d|" {a: "kit", b: "kitt", c: "kitte", d: "kitten"}
            typed | debounce 3ms
            typed | map length(it) | take 2
            """#))
        let results = array(reply["results"])
        #expect(results.count == 2)
        #expect(results.first?["label"]?.stringValue == "typed | debounce 3ms")
        let debounced = entries(results.first)
        #expect(debounced.map(\.frame) == [7, 11, 14, 14])
        // b, c, d are the script's own letters for those values; the end is `|`.
        #expect(debounced.map(\.mark) == ["b", "c", "d", "|"])
        #expect(debounced[0].value == #""kitt""#)
        let lengths = entries(results.last)
        #expect(lengths.map(\.frame) == [1, 4, 4])
        #expect(lengths.map(\.value) == ["3", "4", "completed"])
        #expect(Set(lengths.prefix(2).map(\.mark)).count == 2)
    }

    @Test("the runs of one script are lettered together: one letter means one value in every row")
    func lettersShared() throws {
        let reply = try JSON(parsing: Playground.run("of 1 | map {x: it}\nof 2 | map [it, it]"))
        let rows = array(reply["results"])
        let first = entries(rows.first), second = entries(rows.last)
        #expect(first.first?.value == "{x: 1}" && second.first?.value == "[2, 2]")
        #expect(first.first?.mark != second.first?.mark, "\(first) \(second)")
    }

    @Test("a value has the same letter in the one diagram as in the run's trace")
    func lettersAgreeWithTheTrace() throws {
        let reply = try JSON(parsing: Playground.run(#"""
            let text = hot "-a-b|" {a: "kit", b: "kitten"}
            text | filter length(it) > 3 | map {t: it, n: length(it)} | map it.t + "!"
            """#))
        // The text diagram comes apart from the events (the page folds it).
        let trace = array(reply["traces"]).first?.stringValue ?? ""
        let legend = try #require(trace.split(separator: "\n").first { $0.hasPrefix("where ") })
        let row = entries(array(reply["results"]).first)
        #expect(!row.isEmpty)
        for entry in row where entry.mark.count == 1 && entry.mark != "|" {
            #expect(legend.contains("\(entry.mark) = \(entry.value)"), "\(entry.mark) = \(entry.value) is not in: \(legend)")
        }
    }

    @Test("an error is `#` with its message; a row is as wide as the run went")
    func errorRow() throws {
        let reply = try JSON(parsing: Playground.run(#"cold "--a 20ms #" | map it + "!""#))
        let row = array(reply["results"]).first
        let marks = entries(row)
        // `a` is the input's "a": "a!" takes another letter.
        #expect(marks.map(\.mark) == ["b", "#"] && marks.first?.value == #""a!""#)
        #expect(marks.last?.frame == 23 && marks.last?.value.hasPrefix("error: ") == true)
        #expect(row?["width"] == .number(24))
    }

    @Test("a wrong answer comes with the wanted row and the answer's, lettered as the report")
    func answerRows() throws {
        let reply = try JSON(parsing: try #require(Playground.check(lesson: "search", exercise: 1, answer: "typed | debounce 300ms")))
        #expect(reply["verdict"]?.stringValue == "wrong")
        let rows = array(reply["rows"])
        #expect(rows.map { $0["label"]?.stringValue } == ["wanted", "your answer"])
        let wanted = entries(rows.first), actual = entries(rows.last)
        #expect(!wanted.isEmpty && !actual.isEmpty)
        // Every letter the report drew is one of the two rows' marks, with one meaning.
        let report = reply["report"]?.stringValue ?? ""
        for entry in wanted + actual where entry.mark.count == 1 && entry.mark != "|" && entry.mark != "#" {
            #expect(report.contains(entry.mark), "\(entry.mark) is not in the report:\n\(report)")
        }
        let meanings = Dictionary((wanted + actual).map { ($0.mark, [$0.value]) }, uniquingKeysWith: +)
        for (mark, values) in meanings where mark != "|" && mark != "#" {
            #expect(Set(values).count == 1, "\(mark) means \(values)")
        }
        // A right answer has no rows.
        let right = try JSON(parsing: try #require(Playground.check(lesson: "search", exercise: 1,
                                                                    answer: "typed | filter length(it) > 3 | debounce 300ms")))
        #expect(array(right["rows"]).isEmpty)
    }
}

import JSONText
import Language
@testable import REPL
import Testing
import Trace

/// What the playground's page draws: a run's diagram (its SVG, with the text diagram's
/// letters) and a wrong answer's wanted and actual events with the report's letters.
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

    @Test("a value has the same letter in the run's diagram as in its text diagram, which comes apart from the events")
    func lettersAgreeWithTheTrace() throws {
        let reply = try JSON(parsing: Playground.run(#"""
            let text = hot "-a-b|" {a: "kit", b: "kitten"}
            text | filter length(it) > 3 | map {t: it, n: length(it)} | map it.t + "!"
            """#))
        // The text diagram is not in the output (the page folds it).
        let output = reply["output"]?.stringValue ?? ""
        #expect(output.contains("next \"kitten!\"") && !output.contains("where "))
        let trace = array(reply["traces"]).first?.stringValue ?? ""
        #expect(trace.hasPrefix("» text | filter"))
        let legend = try #require(trace.split(separator: "\n").first { $0.hasPrefix("where ") })
        let svg = array(reply["svgs"]).first?.stringValue ?? ""
        let svgLegend = svg.split(separator: "\n").filter { $0.contains(#"class="legend""#) }.joined(separator: "\n")
        let pairs = legend.dropFirst("where ".count).split(separator: ", ").filter { $0.dropFirst().hasPrefix(" = ") }
        #expect(pairs.count >= 2, "\(legend)")
        for pair in pairs {
            // A value of up to three characters is drawn in its marble, not lettered.
            let value = pair.dropFirst(4)
            if let inline = SVGMarbleDiagram<Value>.inline(String(value)) {
                #expect(svg.contains(">\(inline)</text>"), "\(value) is not drawn in its marble")
                continue
            }
            #expect(svgLegend.contains(pair.replacingOccurrences(of: "\"", with: "&quot;")), "\(pair) is not in the SVG's legend:\n\(svgLegend)")
        }
    }

    @Test("a run's diagram is drawn to the width asked for, within the narrowest plot")
    func drawnToTheWidthAsked() throws {
        let width = { (asked: Int) throws -> Double in
            let svg = self.array(try JSON(parsing: Playground.run(#"cold "-a-b|""#, width: asked))["svgs"]).first?.stringValue ?? ""
            let attribute = try #require(svg.firstRange(of: #/ width="([0-9.]+)"/#))
            return Double(svg[attribute].split(separator: "\"")[1]) ?? 0
        }
        #expect(try width(300) < 400)
        #expect(try width(1000) > 1000)
        #expect(try width(100) == width(240))
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

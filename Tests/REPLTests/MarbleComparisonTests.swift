import Foundation
import Signals
import Testing
import Trace

/// A failure quotes the expected marble as written and draws the actual events in its
/// style: both lines must still be true marbles. For every marble an `expect` of the
/// scripts and Examples writes, compared with the same events moved later (by a frame, by
/// a few, past a time progression), each line read back gives its events at their frames,
/// and the expected line is the marble as written, spaces aside.
@Suite("Comparisons in the task's own words")
struct MarbleComparisonTests {
    static var written: [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var marbles: [String] = []
        for folder in ["Tests/Scripts", "Examples"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            for name in names.sorted() where name.hasSuffix(".frp") {
                let text = (try? String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name), encoding: .utf8)) ?? ""
                let pattern = try! NSRegularExpression(pattern: #"emits "([^"]*)""#)
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    if let range = Range(match.range(at: 1), in: text) { marbles.append(String(text[range])) }
                }
            }
        }
        return marbles
    }

    @Test("both lines read back as their events, for every expect's marble against later events")
    func linesReadBack() throws {
        let marbles = Self.written
        #expect(marbles.count > 300)
        var compared = 0
        for text in marbles {
            guard let marble = try? Marble.parse(text), let tokens = try? Marble.tokens(text) else { continue }
            #expect(tokens.map(\.text).joined() == text.filter { $0 != " " }, "\(text): tokens \(tokens.map(\.text))")
            for shift in [1, 3, 250] {
                // Events moved later, the last event of each frame a little more (groups split).
                var actual = marble.entries.map { Marble.Entry(frame: $0.frame + shift, mark: $0.mark) }
                if actual.count > 1 { actual[actual.count - 1].frame += shift }
                let comparison = MarbleComparison(written: tokens, expectedEntries: marble.entries, actual: actual,
                                                  endsWithSilence: marble.endsWithSilence, width: marble.width, difference: 0)
                let expectedBack = try Marble.parse(comparison.expected)
                #expect(expectedBack.entries.map(\.frame) == marble.entries.map(\.frame), "\(text): \(comparison.expected)")
                #expect(comparison.expected.filter { $0 != " " } == text.filter { $0 != " " }, "\(text) redrawn as \(comparison.expected)")
                if !comparison.drawnLate {
                    let actualBack = try Marble.parse(comparison.actual)
                    #expect(actualBack.entries.map(\.frame) == actual.map(\.frame), "\(text) +\(shift): \(comparison.actual)")
                    #expect(actualBack.entries.map(\.mark) == actual.map(\.mark), "\(text) +\(shift): \(comparison.actual)")
                }
                compared += 1
            }
        }
        #expect(compared > 900)
    }

    @Test("marks of one frame start in one column, and the caret is under the earlier differing event")
    func columnsAndCaret() throws {
        let written = "803ms c 350ms d 200ms |"
        let marble = try Marble.parse(written)
        let actual = [Marble.Entry(frame: 301, mark: .value("a"))] + marble.entries
        let comparison = MarbleComparison(written: try Marble.tokens(written), expectedEntries: marble.entries, actual: actual,
                                          endsWithSilence: false, width: marble.width, difference: 0)
        #expect(comparison.expected == "803ms         c 350ms d 200ms |")
        #expect(comparison.actual == "301ms a 501ms c 350ms d 200ms |")
        #expect(Array(comparison.actual)[comparison.caret] == "a")
    }
}

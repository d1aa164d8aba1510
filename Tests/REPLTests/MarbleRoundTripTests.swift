import Foundation
import Language
@testable import REPL
import Signals
import Testing
import Trace

/// Every drawn row is a true marble: read back with frp's own marble parser, a row (with
/// the groups under it) gives the events its stage sent, at their times. Run over every
/// run of every Example, Tests/Scripts file, catalogue example and lesson, fused and unfused.
@Suite("Diagram rows read back as marbles")
struct MarbleRoundTripTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every script of the corpus, as (name, text).
    static var corpus: [(String, String)] {
        let files = ["Examples", "Tests/Scripts"].flatMap { folder -> [(String, String)] in
            let directory = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".frp") }.sorted().compactMap { name in
                let path = directory.appendingPathComponent(name).path
                return (try? String(contentsOfFile: path, encoding: .utf8)).map { (path, $0) }
            }
        }
        let examples = PhotoSources.catalogue.specs.map { ("<example of \($0.name)>", $0.example) }
        let lessons = Lesson.all.map { lesson -> (String, String) in
            let text = lesson.steps.compactMap { step -> String? in
                switch step {
                case .given(let text), .run(let text): return text
                default: return nil
                }
            }.joined(separator: "\n")
            return ("<lesson \(lesson.name)>", text)
        }
        return files + examples + lessons
    }

    @Test("every row of every run reads back as its events", arguments: [true, false])
    func roundTrip(fused: Bool) throws {
        var rowsRead = 0, exact = 0, runs = 0
        for (name, text) in Self.corpus {
            var frontend = Frontend.forFiles()
            let (statements, diagnostics) = frontend.load(Source(name: name, text: text))
            guard diagnostics.isEmpty else { continue }
            let properties = PropertyStore()
            for statement in statements {
                let pipeline: CheckedPipeline
                switch statement {
                case .run(let run, _, _): pipeline = run
                case .expect(let expected, _, _, _, _, _, _): pipeline = expected
                case .declareProperty, .bindProperty, .assign:
                    let context = RunContext(scheduler: .virtual(), properties: properties)
                    _ = properties.apply(statement, in: context)
                    context.finish()
                    continue
                default: continue
                }
                var options = RunOptions()
                options.fused = fused
                var traced = Run(pipeline: pipeline, options: options, properties: properties)
                traced.traced = true
                let outcome = traced.perform { _, _ in }
                guard let tracer = outcome.tracer else { continue }
                runs += 1
                let diagram = MarbleDiagram(tracer: tracer, end: outcome.end, describe: { $0.legendDescription },
                                            detail: { $0.description })
                guard let rows = diagram.exactRows() else { continue }
                exact += 1
                for (row, runs, line, under) in rows where !row.droppedOldest {
                    let read = try Self.readBack(line, under: under)
                    #expect(read == Self.events(of: row, runs: runs), "\(name): \(pipeline.text)\n  row \(row.label): \(line)\n  under: \(under)")
                    rowsRead += 1
                    #expect(Self.endsLast(line), "a mark after the line's end: \(name): \(pipeline.text)\n  row \(row.label): \(line)")
                }
            }
        }
        #expect(rowsRead > 500 && exact * 10 >= runs * 9, "\(rowsRead) rows read, \(exact) of \(runs) runs drawn exactly")
    }

    @Test("the reader itself: a group, a fold, a later subscription, a group under its row")
    func reader() throws {
        #expect(try Self.readBack("-a 400ms b|", under: []) == [Event(1, "v"), Event(402, "v"), Event(403, "|")])
        #expect(try Self.readBack("(ab)--c", under: []) == [Event(0, "v"), Event(0, "v"), Event(6, "v")])
        #expect(try Self.readBack("  --x!-x|", under: []) == [Event(4, "v"), Event(7, "v"), Event(8, "|")])
        #expect(try Self.readBack("ad!", under: ["(abc)"]) == [Event(0, "v"), Event(0, "v"), Event(0, "v"), Event(1, "v")])
    }

    /// Whether nothing but the group's `)` follows a line's first end (`|`, `#`, `!`): the
    /// notation's "nothing after the end" (time progressions of the axis aside).
    static func endsLast(_ line: String) -> Bool {
        guard let end = line.firstIndex(where: { "|#!".contains($0) }) else { return true }
        let after = line[line.index(after: end)...].replacing(#/ [0-9.]+(ms|s|m) /#, with: "")
        return after.allSatisfy { $0 == ")" || $0 == " " }
    }

    @Test("a line's end is its last mark: the checker of the notation itself")
    func endsLastReader() {
        #expect(Self.endsLast("-a-(b|)"))
        #expect(Self.endsLast("-a 400ms b|"))
        #expect(!Self.endsLast("-a|-a|"))
        #expect(!Self.endsLast("---# 499ms ---(a|)"))
    }

    struct Event: Equatable, Comparable {
        let frame: Int
        let kind: Character
        init(_ frame: Int, _ kind: Character) { self.frame = frame; self.kind = kind }
        static func < (a: Event, b: Event) -> Bool { (a.frame, String(a.kind)) < (b.frame, String(b.kind)) }
    }

    /// What the stage sent to the runs a line draws: values, completions and errors, by frame.
    static func events(of row: Tracer<Value>.Row, runs: Set<Int>) -> [Event] {
        var events: [Event] = []
        // A row of one run draws every event it logged.
        let all = row.subscriptionCount == 1
        row.log.withEntries { older, newer in
            for entry in Array(older) + Array(newer) where all || runs.contains(entry.subscription) {
                let kind: Character
                switch entry.event {
                case .next: kind = "v"
                case .completed: kind = "|"
                case .error: kind = "#"
                }
                events.append(Event(Int(entry.time.nanoseconds / 1_000_000), kind))
            }
        }
        return events.sorted()
    }

    /// A row read with `Marble.parse`: `─` is `-`; a space outside a time progression is a
    /// frame (the row's stage not subscribed); `!` (a cancellation, which is not an event)
    /// is a frame; ends are read as values at their offsets, so a row with several runs
    /// (`-x|-x|`) parses whole. A group under the row adds its events at the frame of the
    /// mark above its `(`.
    static func readBack(_ line: String, under: [String]) throws -> [Event] {
        var characters = Array(line.replacing("─", with: "-"))
        // Time progressions: digits and a unit between spaces.
        var protected = [Bool](repeating: false, count: characters.count)
        let text = String(characters)
        for match in text.matches(of: /\ \d+(ms|s|m)(\ |$)/) {
            let start = text.distance(from: text.startIndex, to: match.range.lowerBound)
            let end = text.distance(from: text.startIndex, to: match.range.upperBound)
            for index in start..<end { protected[index] = true }
        }
        var original = characters
        var inGroup = false
        for index in characters.indices {
            switch characters[index] {
            case " " where !protected[index]: characters[index] = "-"
            case "(": inGroup = true
            case ")": inGroup = false
            case "!" where !inGroup: characters[index] = "-"
            case "|", "#": characters[index] = "E"
            default: break
            }
        }
        // A `!` inside a group: out of it, as a frame after it (the same width).
        while let bang = characters.firstIndex(of: "!"), let close = characters[bang...].firstIndex(of: ")") {
            characters.remove(at: bang)
            original.remove(at: bang)
            characters.insert("-", at: close)
            original.insert("-", at: close)
        }
        let marble = try Marble.parse(String(characters))
        var events = marble.entries.map { entry -> Event in
            let mark = original[entry.offset]
            return Event(entry.frame, mark == "|" || mark == "#" ? mark : "v")
        }
        for extra in under {
            for (offset, character) in extra.enumerated() where character == "(" {
                guard let above = marble.entries.first(where: { $0.offset == offset }) else { continue }
                let group = extra.dropFirst(offset + 1).prefix { $0 != ")" }
                for mark in group.dropFirst() where mark != "!" {
                    events.append(Event(above.frame, mark == "|" || mark == "#" ? mark : "v"))
                }
            }
        }
        return events.sorted()
    }
}

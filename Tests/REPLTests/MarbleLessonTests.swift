import Foundation
import Language
@testable import REPL
import Signals
import Testing
import TestSupport

/// The parts of the marble notation a marble can use (LANGUAGE.md, "Marbles").
enum MarbleElement: String, CaseIterable, Comparable, CustomStringConvertible {
    case frame = "`-` (a frame)"
    case value = "a value (letter or digit)"
    case completion = "`|`"
    case error = "`#`"
    case group = "a group `( )`"
    case progression = "a time progression (`500ms`)"
    case subscription = "`^`"
    case values = "a values record `{a: …}`"
    case message = "`error \"…\"`"

    var description: String { rawValue }

    static func < (left: MarbleElement, right: MarbleElement) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}

/// Which elements a marble, a step or an exercise uses or teaches. Not the parser: a second
/// reading, so that the walk below checks what the lessons say against what they ask.
enum Notation {
    /// `500ms`, `1.5s`, `2m`: a whole space-separated word (the parser's rule: at the start
    /// or after a space, and before a space or the end).
    static func isProgression(_ word: Substring) -> Bool {
        word.wholeMatch(of: /[0-9]+(\.[0-9]+)?(ms|s|m)/) != nil
    }

    /// The elements of a marble's text (what is between its quotes).
    static func elements(ofMarble text: String) -> Set<MarbleElement> {
        var found = Set<MarbleElement>()
        for word in text.split(separator: " ") {
            if isProgression(word) {
                found.insert(.progression)
                continue
            }
            for character in word {
                switch character {
                case "-": found.insert(.frame)
                case "(", ")": found.insert(.group)
                case "|": found.insert(.completion)
                case "#": found.insert(.error)
                case "^": found.insert(.subscription)
                default: if character.isASCII, character.isLetter || character.isNumber { found.insert(.value) }
                }
            }
        }
        return found
    }

    /// `"MARBLE" [VALUES] [error "MESSAGE"]`, from its opening quote: the marble's
    /// elements, and a record and a message after it.
    static func elements(ofLiteral text: Substring) -> Set<MarbleElement> {
        guard text.first == "\"", let close = text.dropFirst().firstIndex(of: "\"") else { return [] }
        var found = elements(ofMarble: String(text[text.index(after: text.startIndex)..<close]))
        var rest = text[text.index(after: close)...].drop { $0 == " " }
        if rest.first == "{" {
            found.insert(.values)
            var depth = 0
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "{" { depth += 1 }
                if character == "}" { depth -= 1; if depth == 0 { break } }
            }
            rest = rest.drop { $0 == " " }
        }
        if rest.hasPrefix("error \"") { found.insert(.message) }
        return found
    }

    /// What an exercise's expected run uses: its `emits` text.
    static func elements(ofExpected emits: String) -> Set<MarbleElement> {
        elements(ofLiteral: emits[...])
    }

    /// What a run or a given shows: the marbles of its `cold`, `hot` (and `emits`) literals.
    static func shown(in text: String) -> Set<MarbleElement> {
        var found = Set<MarbleElement>()
        for match in text.matches(of: /\b(?:cold|hot|emits)\s+(?=")/) {
            found.formUnion(elements(ofLiteral: text[match.range.upperBound...]))
        }
        return found
    }

    /// What a reading teaches: the marbles it quotes (as a run shows them), and its code
    /// spans that are marble notation: `-`, `(ab)`, `500ms`, `{a: 1}`, `error "offline"`. A
    /// span of words (`take 3`, `popular`) is a pipeline, not a marble.
    static func taught(byReading text: String) -> Set<MarbleElement> {
        var found = shown(in: text)
        let spans = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
        for span in spans {
            if span.prefixMatch(of: /\{\s*[A-Za-z0-9]\s*:/) != nil { found.insert(.values); continue }
            if span.hasPrefix("error \"") { found.insert(.message); continue }
            guard (try? Marble.parse(String(span), kind: .hot)) != nil else { continue }
            let marks = span.contains { "-|#()^".contains($0) }
            let progressions = span.split(separator: " ").allSatisfy(isProgression)
            let oneValue = span.count == 1
            if marks || progressions || oneValue { found.formUnion(elements(ofMarble: String(span))) }
        }
        return found
    }

    /// Every exercise, in `Lesson.all` order, whose marble uses an element that no earlier
    /// reading, given or run (of its lesson or an earlier one) has taught.
    static func untaught(in lessons: [Lesson]) -> [(lesson: String, exercise: Int, emits: String, missing: [MarbleElement])] {
        var taught = Set<MarbleElement>()
        var found: [(String, Int, String, [MarbleElement])] = []
        for lesson in lessons {
            var number = 0
            for step in lesson.steps {
                switch step {
                case .read(let text): taught.formUnion(Notation.taught(byReading: text))
                case .given(let text), .run(let text), .fails(let text): taught.formUnion(shown(in: text))
                case .exercise(let exercise):
                    number += 1
                    let missing = elements(ofExpected: exercise.emits).subtracting(taught)
                    if !missing.isEmpty { found.append((lesson.name, number, exercise.emits, missing.sorted())) }
                }
            }
        }
        return found
    }
}

@Suite("The marbles lesson")
struct MarbleLessonTests {
    @Test("the classifier reads marbles, runs and readings as the notation says")
    func classifier() {
        #expect(Notation.elements(ofExpected: #""-a 500ms (b|)" {b: 1}"#)
                == [.frame, .value, .progression, .group, .completion, .values])
        #expect(Notation.elements(ofExpected: #""-a-#" error "timeout""#) == [.frame, .value, .error, .message])
        #expect(Notation.elements(ofExpected: #""-a-#" {a: {n: 1}} error "x""#) == [.frame, .value, .error, .values, .message])
        #expect(Notation.elements(ofExpected: #""500ms|""#) == [.value, .completion])  // not a progression: no space before `|`
        #expect(Notation.shown(in: #"let field = hot "-a-^-b|" {a: "x"}"#) == [.frame, .value, .subscription, .completion, .values])
        #expect(Notation.shown(in: "popular | take 3 | map name").isEmpty)
        #expect(Notation.taught(byReading: "`-` is a frame, `(ab)` a group, `1s` a wait") == [.frame, .group, .value, .progression])
        #expect(Notation.taught(byReading: "`{a: 1}` and `error \"offline\"`") == [.values, .message])
        // Pipelines and names in code spans are not marbles.
        #expect(Notation.taught(byReading: "`take 3`, `popular`, `A | then B`, `!`, `{photos: 1}`").isEmpty)
    }

    @Test("every exercise's marble uses only notation that an earlier step of its lesson or an earlier lesson taught")
    func notationTaughtBeforeUsed() {
        for (lesson, number, emits, missing) in Notation.untaught(in: Lesson.all) {
            Issue.record("\(lesson) exercise \(number) expects \(emits), using \(missing) before any step teaches it")
        }
    }

    @Test("the walk catches what the marbles lesson is there for: without it, the first feed exercise uses untaught notation")
    func walkWithoutTheMarblesLesson() throws {
        let found = Notation.untaught(in: Lesson.all.filter { $0.name != "marbles" })
        let feed = try #require(found.first)
        #expect(feed.lesson == "feed" && feed.exercise == 1)
        #expect(Set(feed.missing).isSuperset(of: [.group, .progression, .completion, .values]))
    }

    @Test("the marbles lesson comes first, and its readings teach every element of the notation in words")
    func readingsTeachEverything() throws {
        let marbles = try #require(Lesson.all.first)
        #expect(marbles.name == "marbles")
        var taught = Set<MarbleElement>()
        for case .read(let text) in marbles.steps { taught.formUnion(Notation.taught(byReading: text)) }
        #expect(taught == Set(MarbleElement.allCases), "never read about: \(Set(MarbleElement.allCases).subtracting(taught).sorted())")
        // Each run draws its trace (LessonTests.stepsRun runs them all); each element is also shown running.
        var shown = Set<MarbleElement>()
        for step in marbles.steps {
            if case .run(let text) = step { shown.formUnion(Notation.shown(in: text)) }
            if case .fails(let text) = step { shown.formUnion(Notation.shown(in: text)) }
        }
        #expect(shown == Set(MarbleElement.allCases), "never run: \(Set(MarbleElement.allCases).subtracting(shown).sorted())")
    }

    @Test("its exercises ask for a group, a time progression and an error; each is solved by its solution and refuses its mistakes with their hints")
    func exercises() {
        let exercises = exercisesInContext().filter { $0.lesson == "marbles" }
        #expect(exercises.count >= 4)
        let used = exercises.map { Notation.elements(ofExpected: $0.exercise.emits) }
        for element in [MarbleElement.group, .progression, .error, .message, .values] {
            #expect(used.contains { $0.contains(element) }, "no exercise uses \(element)")
        }
        for (lesson, number, exercise, frontend) in exercises {
            let checker = AnswerCheck(frontend: frontend)
            guard case .right = checker.check(exercise.solution, for: exercise) else {
                Issue.record("\(lesson) exercise \(number): the solution is not right")
                continue
            }
            #expect(!exercise.hint.isEmpty)
            #expect((1...2).contains(exercise.mistakes.count), "\(lesson) exercise \(number)")
            for mistake in exercise.mistakes {
                guard case .wrong(_, let hint, _, _) = checker.check(mistake.answer, for: exercise) else {
                    Issue.record("\(lesson) exercise \(number): `\(mistake.answer)` is not refused")
                    continue
                }
                #expect(hint == mistake.hint, "\(lesson) exercise \(number): `\(mistake.answer)` gets \(hint ?? "no hint")")
            }
        }
    }

    @Test("frp explain marbles: every element on one screen, a group and a time progression run")
    func explainMarbles() {
        let (found, text) = explained("marbles")
        #expect(found)
        #expect(!text.contains("stderr:"))
        let lines = text.components(separatedBy: "\n")
        #expect(lines.count <= 40, "\(lines.count) lines")
        let marks = lines.prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(marks == ["-", "a", "{a:", "|", "#", "(ab)", "500ms", "^", "space"])
        for words in [#"error "MESSAGE""#, "(a|)", "1s", "hot \"MARBLE\"", "cold \"MARBLE\""] {
            #expect(text.contains(words), "no \(words)")
        }
        #expect(text.contains("» cold \"-(ab)-c|\"\n      1ms  next \"a\"\n      1ms  next \"b\"\n      6ms  next \"c\"\n      7ms  completed\n"))
        #expect(text.contains("» cold \"-a 500ms b|\"\n      1ms  next \"a\"\n    502ms  next \"b\"\n    503ms  completed\n"))
        #expect(CommandLineNames.operators.contains("marbles"))
    }
}

extension BinaryTests {
    @Test("frp explain marbles exits 0; :help marbles at the prompt is :explain marbles",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func explainMarblesCommand() throws {
        let explain = try run(["explain", "marbles", "--ascii"], input: "")
        #expect(explain.status == 0)
        for mark in ["-", "|", "#", "(ab)", "(a|)", "500ms", "^", "{a: 1", #"error "MESSAGE""#] {
            #expect(explain.output.contains(mark), "no \(mark)")
        }
        let repl = try run([], input: ":help marbles\n:explain marbles\n")
        let halves = repl.output.components(separatedBy: "Marbles: a signal drawn as text")
        #expect(halves.count == 3)
        #expect(halves[1] == halves[2])
    }

    @Test("printf 'cold \"--a--b|\" {a: 1, b: 2}' | frp learn marbles: the first exercise is checked from a pipe",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func pipedMarbles() throws {
        let path = temporaryPath()
        let (status, output) = try Self.run(["learn", "marbles", "--ascii"],
                                            input: "cold \"--a---b|\" {a: 1, b: 2}\ncold \"--a--b|\" {a: 1, b: 2}\n",
                                            environment: ["FRP_PROGRESS": path])
        #expect(status == 0)
        #expect(output.hasPrefix("Reading and writing marbles — "))
        #expect(output.contains("Hint: b came at 6 ms: a takes its own frame (2)"))
        #expect(output.contains("✓ Right"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "marbles 7 solved 1\n")
    }
}

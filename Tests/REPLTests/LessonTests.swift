import Foundation
import Language
@testable import REPL
import Testing
import TestSupport

/// Each exercise of the lessons with the names its lesson has given by then.
func exercisesInContext() -> [(lesson: String, number: Int, exercise: Exercise, frontend: Frontend)] {
    var found: [(String, Int, Exercise, Frontend)] = []
    for lesson in Lesson.all {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        var number = 0
        for step in lesson.steps {
            switch step {
            case .given(let text):
                let (_, diagnostics) = frontend.load(Source(name: "<given>", text: text))
                #expect(diagnostics.isEmpty, "\(lesson.name): \(text)")
            case .exercise(let exercise):
                number += 1
                found.append((lesson.name, number, exercise, frontend))
            case .read, .run, .fails:
                break
            }
        }
    }
    return found
}

func temporaryPath(_ name: String = "progress") -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + "-" + name).path
}

@Suite("Lessons")
struct LessonTests {
    @Test("the marble notation first, then the six scenarios, then the three families, each a lesson with read, run and exercise steps")
    func lessons() {
        #expect(Lesson.all.map(\.name) == ["marbles", "feed", "search", "login", "friends", "token", "hotcold", "time", "many", "groups"])
        for lesson in Lesson.all {
            #expect(lesson.steps.contains { if case .run = $0 { true } else { false } }, "\(lesson.name) runs nothing")
            #expect(lesson.exercises.count >= 2, "\(lesson.name)")
            #expect(Set(lesson.exercises.map(\.solution)).count == lesson.exercises.count)
        }
    }

    /// The operators a pipeline's text uses, nested pipelines included (not those inside
    /// the names it refers to: a lesson has shown those when it gave them).
    private func operators(in text: String, given frontend: Frontend) -> Set<String> {
        var frontend = frontend
        let (statements, _) = frontend.load(Source(name: "<step>", text: text))
        var names = Set<String>()
        func visit(_ pipeline: CheckedPipeline) {
            if case .source(let stage) = pipeline.head { visit(stage) }
            if case .value(.pipeline(let inner)) = pipeline.head { visit(inner) }
            pipeline.stages.forEach(visit)
        }
        func visit(_ stage: CheckedStage) {
            names.insert(stage.spec.name)
            for argument in stage.arguments {
                if case .pipeline(let inner) = argument { visit(inner) }
                if case .expression(.pipeline(let inner)) = argument { visit(inner) }
            }
        }
        for statement in statements {
            switch statement {
            case .run(let pipeline, _, _), .bind(_, let pipeline): visit(pipeline)
            default: break
            }
        }
        return names
    }

    @Test("a lesson runs every operator (and service) before an exercise needs it")
    func demonstratedBeforeNeeded() {
        for lesson in Lesson.all {
            var frontend = Frontend(catalogue: PhotoSources.catalogue)
            var shown = Set<String>()
            var words = Set<String>()
            var number = 0
            for step in lesson.steps {
                switch step {
                case .given(let text), .run(let text), .fails(let text):
                    shown.formUnion(operators(in: text, given: frontend))
                    if case .given = step { _ = frontend.load(Source(name: "<given>", text: text)) }
                case .exercise(let exercise):
                    number += 1
                    let needed = operators(in: exercise.solution, given: frontend).subtracting(shown)
                    #expect(needed.isEmpty, "\(lesson.name) exercise \(number) needs \(needed.sorted()) before a run shows it")
                    let fields = Self.fields(in: exercise.solution, given: frontend).subtracting(words)
                    #expect(fields.isEmpty, "\(lesson.name) exercise \(number) needs the fields \(fields.sorted()) before a step names them")
                case .read:
                    break
                }
                // Every word a step shows (a field named in a reading, or used in a run).
                switch step {
                case .read(let text), .given(let text), .run(let text), .fails(let text): words.formUnion(Self.words(in: text))
                case .exercise(let exercise): words.formUnion(Self.words(in: exercise.task))
                }
            }
        }
    }

    static func words(in text: String) -> Set<String> {
        Set(text.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
    }

    /// The fields a solution reads: its words that are not operators, sources, functions,
    /// names given, words of the language or inside strings.
    static func fields(in solution: String, given frontend: Frontend) -> Set<String> {
        let unquoted = solution.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
        let language: Set<String> = ["it", "acc", "error", "true", "false", "null", "and", "or", "not", "if", "then", "else", "matches", "ms", "s"]
        return words(in: unquoted).filter { word in
            !(word.first?.isNumber ?? true) && PhotoSources.catalogue[word] == nil && Function.named[word] == nil
                && !frontend.environment.names.contains(word) && !language.contains(word)
        }
    }

    @Test("every exercise's reference solution produces its marble")
    func solutionsPass() {
        let exercises = exercisesInContext()
        #expect(exercises.count == Lesson.all.map(\.exercises.count).reduce(0, +))
        for (lesson, number, exercise, frontend) in exercises {
            let verdict = AnswerCheck(frontend: frontend).check(exercise.solution, for: exercise)
            guard case .right = verdict else {
                Issue.record("\(lesson) exercise \(number): the solution gives \(verdict)")
                continue
            }
        }
    }

    @Test("every exercise rejects each of its mistakes by running it, names the first differing event, and gives that mistake's own hint")
    func mistakesRejected() {
        for (lesson, number, exercise, frontend) in exercisesInContext() {
            #expect(!exercise.mistakes.isEmpty, "\(lesson) exercise \(number) keeps no mistake")
            for mistake in exercise.mistakes {
                let verdict = AnswerCheck(frontend: frontend).check(mistake.answer, for: exercise)
                guard case .wrong(let report, let hint, _, _) = verdict else {
                    Issue.record("\(lesson) exercise \(number): `\(mistake.answer)` gives \(verdict), not a wrong marble")
                    continue
                }
                #expect(report.contains { $0.hasPrefix("first difference (event ") }, "\(lesson) \(number): \(report)")
                // Two mistakes that behave alike could not be told apart: each must get its own.
                #expect(hint == mistake.hint, "\(lesson) \(number): `\(mistake.answer)` gets \(hint ?? "no hint")")
            }
        }
    }

    @Test("every exercise holds its idea: each way around it sends the wanted marble and is told the idea's missing part")
    func ideasHeld() {
        var walked = 0
        for (lesson, number, exercise, frontend) in exercisesInContext() {
            for idea in exercise.ideas {
                #expect(!idea.waysAround.isEmpty, "\(lesson) exercise \(number): an idea without a way around it is not tested")
                for way in idea.waysAround {
                    walked += 1
                    let verdict = AnswerCheck(frontend: frontend).check(way, for: exercise)
                    guard case .missesIdea(let message) = verdict else {
                        Issue.record("\(lesson) exercise \(number): `\(way.prefix(80))` gives \(verdict), not the idea's message")
                        continue
                    }
                    #expect(message == idea.message, "\(lesson) \(number): \(message)")
                }
            }
        }
        #expect(walked >= 8)
    }

    @Test("an exercise about a service's or a given name's values refuses their events written by hand as a marble")
    func marbleByHandRefused() {
        var refused = 0
        for (lesson, number, exercise, frontend) in exercisesInContext() {
            var solutionFrontend = frontend
            let (statements, _) = solutionFrontend.load(Source(name: "<solution>", text: exercise.solution))
            guard case .run(let solution, _, _)? = statements.first else { continue }
            let sources = AnswerCheck.sources(of: solution)
            guard !sources.isEmpty else { continue }
            // The wanted events, written by hand: the marble the exercise emits, as a source.
            let byHand = "cold " + exercise.emits
            let verdict = AnswerCheck(frontend: frontend).check(byHand, for: exercise)
            guard case .missesIdea(let message) = verdict else {
                Issue.record("\(lesson) exercise \(number): `\(byHand)` gives \(verdict)")
                continue
            }
            refused += 1
            #expect(sources.allSatisfy { message.contains("`\($0)`") }, "\(lesson) \(number): \(message)")
        }
        #expect(refused >= 10)
    }

    @Test("the code a lesson's hints and ideas suggest checks as typed (a stage after a source), in the lesson's names")
    func suggestedCodeChecks() {
        var checked = 0
        for lesson in Lesson.all {
            var frontend = Frontend(catalogue: PhotoSources.catalogue)
            for step in lesson.steps { if case .given(let text) = step { _ = frontend.load(Source(name: "<given>", text: text)) } }
            let texts = lesson.exercises.flatMap { [$0.hint, $0.nudge] + $0.mistakes.map(\.hint) + $0.ideas.map(\.message) }
            for snippet in texts.flatMap(Self.quotedCode) {
                let words = snippet.split(separator: " ")
                // A placeholder (`catch P`), a single word (a name mentioned), or not a pipeline.
                guard words.count > 1, let first = words.first.map(String.init), first.first?.isLetter == true,
                      !words.contains(where: { $0.count >= 1 && $0.allSatisfy(\.isUppercase) }) else { continue }
                let isStage = PhotoSources.catalogue[first]?.role == .operator
                guard isStage || PhotoSources.catalogue[first] != nil || frontend.environment.names.contains(first) else { continue }
                // `of error` is said of a catch's pipeline, where `error` is bound.
                let typed = isStage ? "never | " + snippet : words.contains("error") ? "never | catch (\(snippet))" : snippet
                var checker = frontend
                let (_, diagnostics) = checker.load(Source(name: "<hint>", text: typed))
                #expect(diagnostics.isEmpty, "\(lesson.name): `\(snippet)` does not check: \(diagnostics.map(\.title))")
                checked += 1
            }
        }
        #expect(checked >= 10)
    }

    /// The text between backticks.
    static func quotedCode(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test("a run that fails gets a hint about its failure, not about counting; the right values at other times are said so")
    func hintsFromTheRun() throws {
        let (_, _, search, frontend) = try #require(exercisesInContext().first { $0.lesson == "search" && $0.number == 2 })
        let failing = AnswerCheck(frontend: frontend).check("typed | switchMap (search it | map photos.total)", for: search)
        guard case .wrong(_, let hint, _, _) = failing else { Issue.record("\(failing)"); return }
        #expect(hint?.hasPrefix("your run failed at 401ms: “search: the text must be longer than 3 characters") == true, "\(hint ?? "")")
        #expect(hint?.contains("count") == false)
        let (_, _, first, marbles) = try #require(exercisesInContext().first { $0.lesson == "marbles" && $0.number == 1 })
        let late = AnswerCheck(frontend: marbles).check(#"cold "---a--b|" {a: 1, b: 2}"#, for: first)
        guard case .wrong(_, let lateHint, _, _) = late else { Issue.record("\(late)"); return }
        #expect(lateHint == "the right values in the right order, at other times: look at what in your pipeline waits (or does not)")
    }

    @Test("an answer written otherwise but behaving as a known mistake gets that mistake's hint; signals sent as values get the flatMap hint")
    func hintsAimedAtTheMistake() throws {
        let feed = exercisesInContext().filter { $0.lesson == "feed" }
        let (_, _, takeFirst, frontend) = try #require(feed.first)
        // `take 2` before the filter, written with the filter's condition the other way round.
        let verdict = AnswerCheck(frontend: frontend).check(#"popular | take 2 | filter "Fine Art" == category | map name"#, for: takeFirst)
        guard case .wrong(_, let hint, _, _) = verdict else { Issue.record("\(verdict)"); return }
        #expect(hint == takeFirst.mistakes[0].hint)

        let (_, _, downloads, downloadsFrontend) = feed[1]
        let signals = AnswerCheck(frontend: downloadsFrontend).check("popular | take 3 | map (download images[0].url)", for: downloads)
        guard case .wrong(_, let signalHint, _, _) = signals else { Issue.record("\(signals)"); return }
        #expect(signalHint?.contains("flatten them with flatMap") == true)
    }

    @Test("an answer written differently but behaving the same is right: the check runs it, it does not compare text")
    func sameBehaviourOtherText() throws {
        let (_, _, exercise, frontend) = try #require(exercisesInContext().first { $0.lesson == "search" && $0.number == 1 })
        let checker = AnswerCheck(frontend: frontend)
        guard case .right = checker.check("typed | debounce 300ms | filter length(it) >= 4", for: exercise) else {
            Issue.record("an equivalent answer was rejected")
            return
        }
        guard case .doesNotCheck(let diagnostics) = checker.check("typed | debounse 300ms", for: exercise) else {
            Issue.record("a misspelt operator was not a diagnostic")
            return
        }
        #expect(diagnostics.first?.contains("\n1| typed | debounse 300ms\n           ^^^^^^^^\nHint: did you mean `debounce`?") == true)
        guard case .notOnePipeline = checker.check("let x = typed", for: exercise) else {
            Issue.record("a let was taken for an answer")
            return
        }
    }

    @Test("every lesson's given names and runs check and end by themselves")
    func stepsRun() {
        for lesson in Lesson.all {
            let captured = Captured()
            let demonstration = Demonstration(output: captured.output, style: .init())
            for step in lesson.steps {
                switch step {
                case .given(let text): #expect(demonstration.run(text, name: "<given>"), "\(lesson.name): \(text)")
                case .run(let text), .fails(let text):
                    let before = captured.text.count
                    #expect(demonstration.run(text, name: "<run>"), "\(lesson.name): \(text)")
                    // A demonstration runs clean unless the lesson says it fails: an error
                    // event would be shown with no word about it.
                    let errs = captured.text.dropFirst(before).split(separator: "\n").contains { $0.split(separator: " ").dropFirst().first == "error" }
                    if case .run = step { #expect(!errs, "\(lesson.name): `\(text)` fails and the lesson does not say so") }
                    if case .fails = step { #expect(errs, "\(lesson.name): `\(text)` is said to fail and does not") }
                case .read, .exercise: break
                }
            }
            #expect(!captured.text.contains("stderr:"))
            #expect(!captured.text.contains("stopped after") && !captured.text.contains("still open"))
            #expect(captured.text.contains("1 col = "), "\(lesson.name) draws no trace")
        }
    }
}

@Suite("frp learn")
struct LearnTests {
    func session(_ lines: [String], lesson: String?, progress path: String, restart: Bool = false, step: Int? = nil) -> (status: Int32, text: String) {
        let captured = Captured()
        let status = Learn(input: .lines(lines), output: captured.output, progressPath: path).run(lesson, restart: restart, step: step)
        return (status, captured.text)
    }

    @Test("hints come graded, a nudge, the operator, the answer; an answer after the solution is seen, not solved; off-by-one and silence get aimed hints")
    func gradedHints() throws {
        let path = temporaryPath()
        let feed = Lesson.feed.exercises[0]
        let run = session([#"popular | filter category == "Fine Art" | map name | take 3"#, "photo 1 | catch never", "hint", "hint", "hint",
                           feed.solution, "quit"], lesson: "feed", progress: path, step: 3)
        #expect(run.text.contains("Hint: one value too many: it sent 3, the task wants 2; count again"), "\(run.text)")
        #expect(run.text.contains("Hint: it sent nothing in that time, not even its end"))
        #expect(!run.text.contains("retry asks again"), "silence is not the retry mistake")
        #expect(run.text.contains("Hint 1 of 3: \(feed.nudge)"))
        #expect(run.text.contains("Hint 2 of 3: \(feed.hint.prefix(30))"))
        #expect(run.text.contains("Hint 3 of 3: one solution: \(feed.solution)"))
        #expect(run.text.contains("counted as seen, not solved"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "feed 7 seen 1\n")
        #expect(session([], lesson: nil, progress: path).text.contains("7 of 12 steps, 0 of 3 exercises solved, 1 answered after the solution"))
    }

    @Test("the graded hints start from the difference found: a values mistake first hears it is about values, not frames; long lines wrap at words")
    func hintsStartFromTheDifference() throws {
        let path = temporaryPath()
        let run = session([#"cold "--a--b|""#, "hint", "hint", "quit"], lesson: "marbles", progress: path, step: 4)
        let values = "Hint: your last answer sent every event at the right time, but other values"
        #expect(run.text.contains(values), "\(run.text)")
        // The graded hints go on after it, from the first.
        #expect(run.text.contains("Hint 1 of 3: \(Lesson.marbles.exercises[0].nudge.prefix(30))"))
        let time = session([#"cold "--a--(b|)" {a: 1, b: 2}"#, "hint", "quit"], lesson: "marbles", progress: path, step: 4)
        #expect(time.text.contains("Hint: your last answer sent the right kinds of events, at other times"), "\(time.text)")
        let feed = session([#"popular | filter category == "Fine Art" | take 2"#, "quit"], lesson: "feed", progress: path, step: 4)
        let reportLines = feed.text.split(separator: "\n").drop { !$0.contains("Not that marble yet") }.prefix { !$0.contains("Your pipeline") }
        #expect(reportLines.count > 5 && reportLines.allSatisfy { $0.count <= 100 }, "\(reportLines)")
    }

    @Test("skip shows the answer it skipped; the solution shown, then quit, then the right answer on another visit is seen, not solved")
    func skipShowsTheAnswerAndSeenIsKept() throws {
        let path = temporaryPath()
        let feed = Lesson.feed.exercises[0]
        let skipped = session(["skip", "quit"], lesson: "feed", progress: path, step: 3)
        #expect(skipped.text.contains("Skipped. One solution: \(feed.solution)"), "\(skipped.text)")
        let shown = temporaryPath()
        _ = session(["solution", "quit"], lesson: "feed", progress: shown, step: 3)
        #expect(try String(contentsOfFile: shown, encoding: .utf8).contains("seen 1"))
        let later = session([feed.solution, "quit"], lesson: "feed", progress: shown, step: 3)
        #expect(later.text.contains("counted as seen, not solved"), "\(later.text)")
        #expect(try !String(contentsOfFile: shown, encoding: .utf8).contains("solved"))
    }

    @Test("a skipped exercise is said so, and frp learn NAME STEP goes back to it; steps lists them; a replay stopped says where to go on")
    func skipAndReturn() throws {
        let path = temporaryPath()
        let answers = exercisesInContext().filter { $0.lesson == "token" }.map(\.exercise.solution)
        let first = session(["skip", answers[1]], lesson: "token", progress: path)
        #expect(first.text.contains("Lesson done: 1 of 2 exercises solved, 1 skipped."), "\(first.text)")
        let step = Lesson.token.step(ofExercise: 1)
        #expect(first.text.contains("To go back: exercise 1: `frp learn token \(step)`."))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "token 7 solved 2 skipped 1\n")
        let back = session(["steps", answers[0], "quit"], lesson: "token", progress: path, step: step)
        #expect(back.text.contains("Continuing at step \(step)."))
        #expect(back.text.contains("  \(step)  exercise 1: Ask for the profile"))
        #expect(back.text.contains("(`frp learn token N` starts at step N)"))
        #expect(back.text.contains("Stopped after step \(step + 1)") || back.text.contains("Stopped at step"), "\(back.text)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "token 7 solved 1,2\n")
        #expect(session([], lesson: "token", progress: path, step: 99).status == 1)
    }

    @Test("the answer's diagram draws the exercise's values with the exercise's letters")
    func exerciseLetters() {
        let solution = exercisesInContext().first { $0.lesson == "friends" }!.exercise.solution
        let run = session([solution, "quit"], lesson: "friends", progress: temporaryPath(), restart: true)
        // The exercise says {a: 0, b: 11}: the given field's "Ann" gives up its `a`.
        let row = run.text.split(separator: "\n").last { $0.hasPrefix("map length(it)  ") }
        #expect(row?.filter(\.isLetter) == "maplengthitab", "\(row ?? "no row")")
        #expect(run.text.contains("where a = 0, b = 11,"))
    }

    @Test("a wrong answer shows both marbles and the first differing event; hint, then a right one; progress is saved")
    func wrongThenRight() throws {
        let path = temporaryPath()
        let first = session(["photo 1 | retry 1", "hint", "photo 1 | catch empty"], lesson: "feed", progress: path,
                            restart: true)
        #expect(first.status == 0)
        // It stops at the first exercise's prompt: nothing was typed for it.
        #expect(first.text.contains("Exercise 1 of 3: Send the names of the first 2 photos"))
        #expect(first.text.contains("answer> photo 1 | retry 1\n✗ Not that marble yet:"))
        // The learner's own run, stage by stage, under the two marbles.
        #expect(first.text.contains("Your pipeline, stage by stage:\n» photo 1 | retry 1\n"))
        #expect(first.text.contains("\nretry 1 "))
        // A sentence longer than the width wraps at a word, indented under its start.
        #expect(first.text.contains("first difference (event 1): expected next \"Bright Horizon\" at frame 500, got error \"photo:"))
        #expect(first.text.contains("photo with id 1\" at frame 400"))
        #expect(first.text.contains("Hint 1 of 3: Which photos, then what of them, then how many"))
        #expect(first.text.contains("answer> photo 1 | catch empty\n✗"))
        #expect(first.text.hasSuffix("Stopped at step 4 of 12; `frp learn feed 4` goes on from here."))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "feed 3\n")

        let second = session([#"popular | filter category == "Fine Art" | take 2 | map name"#, "skip", "solution"],
                             lesson: "feed", progress: path)
        #expect(second.text.contains("Continuing at step 4."))
        #expect(second.text.contains("✓ Right: it produces that marble. Its run:\n» popular | filter category"))
        #expect(second.text.contains("Skipped."))
        #expect(second.text.contains("One solution: photo 1 | catch empty"))
        // The third exercise's solution was shown before the input ended: seen, and kept.
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == "feed 11 solved 1 skipped 2 seen 3\n", "\(saved)")

        let list = session([], lesson: nil, progress: path)
        #expect(list.text.contains("  feed     The photo feed: filter, map, take, flatMap, catch"))
        #expect(list.text.contains("11 of 12 steps, 1 of 3 exercises solved, 1 skipped"))
        #expect(list.text.contains("  search   Search as you type: filter, debounce, switchMap"))
    }

    @Test("a finished lesson says so in the list, and starts over when asked for again, keeping its progress")
    func finished() throws {
        let path = temporaryPath()
        let answers = exercisesInContext().filter { $0.lesson == "token" }.map(\.exercise.solution)
        let run = session(answers, lesson: "token", progress: path)
        #expect(run.text.contains("Lesson done: 2 of 2 exercises solved."))
        #expect(run.text.contains("Next: frp learn marbles"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "token 7 solved 1,2\n")
        #expect(session([], lesson: nil, progress: path).text.contains("done, 2 of 2 exercises solved"))
        let again = session(["quit"], lesson: "token", progress: path)
        #expect(again.text.contains("(You finished this lesson before: here it is again. `frp learn token N` starts at step N.)"))
        // Taking it again never loses what was done (it became `token 5`).
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "token 7 solved 1,2\n")
        _ = session(["quit"], lesson: "token", progress: path, restart: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "token 7 solved 1,2\n")
    }

    @Test("saving progress writes no file it did not make: a symlink at the old temporary name is left alone")
    func temporaryFileIsNew() throws {
        let path = temporaryPath()
        let target = temporaryPath()
        try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path + ".tmp", withDestinationPath: target)
        _ = session(["quit"], lesson: "token", progress: path, restart: true)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "token 5\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
            .filter { $0.hasPrefix((path as NSString).lastPathComponent + ".") && $0 != (path as NSString).lastPathComponent + ".tmp" }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test("an answer that does not parse gets the diagnostic with its caret")
    func diagnostic() {
        let run = session(["profile | catch (of error"], lesson: "token", progress: temporaryPath(), restart: true)
        #expect(run.text.contains("stderr: -- "))
        #expect(run.text.contains("<answer>:1:"))
    }

    @Test("a damaged progress file is survived: unreadable lines are left out and said, the rest is kept")
    func damagedProgress() throws {
        let path = temporaryPath()
        try Data([0xFF, 0x00, 0x0A] + Array("search 99999999999999999999\nfeed 2 solved x\nlogin 3 solved 1\nnolesson 2\n".utf8))
            .write(to: URL(fileURLWithPath: path))
        let list = session([], lesson: nil, progress: path)
        #expect(list.status == 0)
        #expect(list.text.contains("stderr: frp learn: 4 lines of \(path) could not be read and were left out"))
        #expect(list.text.contains("3 of 15 steps, 1 of 3 exercises solved"))
        #expect(!list.text.contains("feed     The photo feed: filter, map, take, flatMap, catch               2 of"))
        // The next save writes it anew, with what could be read.
        _ = session(["quit"], lesson: "search", progress: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "search 5\nlogin 3 solved 1\n")
    }

    @Test("a progress file that cannot be written is said, and the lesson goes on")
    func unwritableProgress() {
        let run = session(["quit"], lesson: "token", progress: "/nonexistent/dir/progress")
        #expect(run.status == 0)
        #expect(run.text.contains("stderr: frp learn: cannot save progress to /nonexistent/dir/progress"))
        #expect(run.text.contains("Exercise 1 of 2"))
    }

    @Test("an unknown lesson says what is close")
    func unknownLesson() {
        let run = session([], lesson: "serch", progress: temporaryPath())
        #expect(run.status == 1)
        #expect(run.text == "stderr: There is no lesson called `serch`. Did you mean `search`? The lessons: marbles, feed, search, login, friends, token, hotcold, time, many, groups.")
    }

    @Test("progress reads back what it wrote")
    func progressRoundTrip() {
        var progress = Progress()
        progress["friends"] = .init(stepsDone: 4, solved: [2, 1])
        progress["feed"] = .init(stepsDone: 1)
        #expect(progress.text == "feed 1\nfriends 4 solved 1,2\n")
        let (read, problem) = Progress.parse(progress.text, path: "p")
        #expect(problem == nil)
        #expect(read == progress)
    }
}

extension BinaryTests {
    @Test("printf 'answer' | frp learn search: piped answers are checked, progress lands in FRP_PROGRESS",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func pipedLearn() throws {
        let path = temporaryPath()
        let (status, output) = try Self.run(["learn", "search", "--ascii"], input: "typed | filter length(it) > 3 | debounce 300ms\n",
                                            environment: ["FRP_PROGRESS": path])
        #expect(status == 0)
        #expect(output.contains("✓ Right"))
        #expect(output.contains("debounce 300ms         -- 400ms - 100ms - 299ms c 50ms - 299ms d 200ms |"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "search 9 solved 1\n")
    }
}

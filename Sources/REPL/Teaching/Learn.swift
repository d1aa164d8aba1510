import Language
import Trace

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `frp learn`: the lessons with their progress; `frp learn NAME`: one lesson, from where
/// the learner left it. Steps are read, shown running, or exercises; in an exercise the
/// learner types a pipeline (checked by running it: `AnswerCheck`), or `hint`, `solution`,
/// `skip`, `quit`. Progress is saved after every step.
public struct Learn {
    let input: LearnerInput
    let output: Output
    let style: DiagramStyle
    /// Where progress is kept; nil: nowhere (no HOME and no FRP_PROGRESS).
    let progressPath: String?

    /// At a terminal through the line editor; piped input is read plainly, so
    /// `printf 'answer\n' | frp learn search` works.
    public init(style: DiagramStyle) {
        self.init(input: .terminalOrPipe(), output: .standard, style: style, progressPath: Progress.defaultPath)
    }

    init(input: LearnerInput, output: Output, style: DiagramStyle = DiagramStyle(), progressPath: String?) {
        self.input = input
        self.output = output
        self.style = style
        self.progressPath = progressPath
    }

    private var width: Int { min(style.width, 100) }

    /// The command: the list, or one lesson (`restart`: from its first step; `step`: from
    /// that step, 1-based). Exit status 1 for an unknown lesson or step.
    public func run(_ name: String?, restart: Bool = false, step: Int? = nil) -> Int32 {
        var progress = Progress()
        if let progressPath {
            let (loaded, problem) = Progress.load(from: progressPath)
            progress = loaded
            if let problem { output.error("frp learn: \(problem)") }
        }
        guard let name else {
            list(progress)
            return 0
        }
        guard let lesson = Lesson.named(name) else {
            let names = Lesson.all.map(\.name)
            let close = suggestion(for: name, among: names).map { " Did you mean `\($0)`?" } ?? ""
            output.error("There is no lesson called `\(name)`.\(close) The lessons: \(names.joined(separator: ", ")).")
            return 1
        }
        if let step, !(1...lesson.steps.count).contains(step) {
            output.error("The lesson `\(name)` has steps 1 to \(lesson.steps.count); `frp learn \(name) N` starts at step N.")
            return 1
        }
        teach(lesson, progress: &progress, restart: restart, from: step.map { $0 - 1 })
        return 0
    }

    func list(_ progress: Progress) {
        let place = progressPath.map { "progress in \($0)" } ?? "progress is not kept: set FRP_PROGRESS"
        output.line("Lessons (frp learn NAME starts or continues one; \(place)):")
        let nameWidth = (Lesson.all.map(\.name.count).max() ?? 0) + 2
        let titleWidth = (Lesson.all.map(\.title.count).max() ?? 0) + 2
        for lesson in Lesson.all {
            output.line("  " + lesson.name.padded(to: nameWidth) + lesson.title.padded(to: titleWidth)
                        + Learn.state(of: lesson, progress[lesson.name]))
        }
    }

    /// `not started`, `3 of 9 steps, 1 of 3 exercises solved`, `done, 2 of 3 exercises
    /// solved, 1 skipped`.
    static func state(of lesson: Lesson, _ entry: Progress.Entry) -> String {
        var solved = "\(entry.solved.count) of \(lesson.exercises.count) exercises solved"
        if !entry.skipped.isEmpty { solved += ", \(entry.skipped.count) skipped" }
        if !entry.seen.isEmpty { solved += ", \(entry.seen.count) answered after the solution" }
        if entry.stepsDone == 0 { return "not started" }
        if entry.stepsDone >= lesson.steps.count { return "done, " + solved }
        return "\(entry.stepsDone) of \(lesson.steps.count) steps, " + solved
    }

    private enum ExerciseOutcome {
        case solved, seen, skipped
        /// Stopped; `sawSolution`: after the solution was shown, which is kept (an answer
        /// on a later visit is seen, not solved).
        case quit(sawSolution: Bool)
    }

    private func teach(_ lesson: Lesson, progress: inout Progress, restart: Bool, from step: Int? = nil) {
        // What was done before stays done: a lesson taken again (or restarted) adds to it,
        // never takes from it.
        let before = progress[lesson.name]
        var entry = before
        if let step {
            entry.stepsDone = step
        } else if restart || entry.stepsDone >= lesson.steps.count {
            if entry.stepsDone >= lesson.steps.count, !restart {
                output.line("(You finished this lesson before: here it is again. `frp learn \(lesson.name) N` starts at step N.)")
            }
            entry.stepsDone = 0
        }
        output.line("\(lesson.title) — \(lesson.steps.count) steps, \(lesson.exercises.count) exercises")
        output.line("Everything runs in virtual time: instant, and the same every time. Type `quit` to stop; your progress is kept.")
        let demonstration = Demonstration(output: output, style: style)
        let start = entry.stepsDone
        if start > 0 {
            output.line("Continuing at step \(start + 1).")
            // The names the earlier steps gave, so the answers can use them.
            for step in lesson.steps[..<start] {
                if case .given(let text) = step { showGiven(text, in: demonstration) }
            }
        }
        var exerciseNumber = lesson.steps[..<start].filter { if case .exercise = $0 { true } else { false } }.count
        for index in start..<lesson.steps.count {
            output.line("")
            output.line("[\(index + 1)/\(lesson.steps.count)]")
            let step = lesson.steps[index]
            switch step {
            case .read(let text):
                for paragraph in text.split(separator: "\n") {
                    for line in String(paragraph).wrapped(width: width) { output.line(line) }
                }
            case .given(let text):
                showGiven(text, in: demonstration)
            case .run(let text):
                output.line("Run:")
                demonstration.run(text, name: "<lesson \(lesson.name)>")
            case .fails(let text):
                output.line("Run (it fails, on purpose):")
                demonstration.run(text, name: "<lesson \(lesson.name)>")
            case .exercise(let exercise):
                exerciseNumber += 1
                let seenBefore = entry.seen.contains(exerciseNumber) || before.seen.contains(exerciseNumber)
                switch practise(exercise, number: exerciseNumber, of: lesson, in: demonstration, seenBefore: seenBefore) {
                case .solved: entry.record(exerciseNumber, as: \.solved)
                case .seen: entry.record(exerciseNumber, as: \.seen)
                case .skipped: if !entry.solved.contains(exerciseNumber) { entry.record(exerciseNumber, as: \.skipped) }
                case .quit(let sawSolution):
                    if sawSolution, !entry.solved.contains(exerciseNumber), !before.solved.contains(exerciseNumber) {
                        entry.record(exerciseNumber, as: \.seen)
                        progress[lesson.name] = entry.merged(with: before)
                        save(progress)
                    }
                    output.line("Stopped at step \(index + 1) of \(lesson.steps.count); `frp learn \(lesson.name) \(index + 1)` goes on from here.")
                    return
                }
            }
            entry.stepsDone = index + 1
            progress[lesson.name] = entry.merged(with: before)
            save(progress)
            let pauses: Bool = { switch step { case .read, .run, .fails: true; case .given, .exercise: false } }()
            if pauses, input.interactive, index + 1 < lesson.steps.count {
                guard let answer = input.read("(Enter: go on, quit: stop) "), !Learn.isQuit(answer) else {
                    output.line("Stopped after step \(index + 1) of \(lesson.steps.count); `frp learn \(lesson.name) \(index + 2)` goes on from here.")
                    return
                }
            }
        }
        output.line("")
        let done = progress[lesson.name]
        output.line("Lesson done: \(Learn.state(of: lesson, done).dropFirst("done, ".count)).")
        let open = done.skipped.union(done.seen).sorted()
        if !open.isEmpty {
            let places = open.map { "exercise \($0): `frp learn \(lesson.name) \(lesson.step(ofExercise: $0))`" }
            output.line("To go back: " + places.joined(separator: "; ") + ".")
        }
        if let next = Lesson.all.first(where: { progress[$0.name].stepsDone < $0.steps.count }) {
            output.line("Next: frp learn \(next.name)  (\(next.title))")
        } else {
            output.line("That was the last one; `frp explain` has every operator, and a guide to choosing one.")
        }
    }

    private func showGiven(_ text: String, in demonstration: Demonstration) {
        output.line("Given:")
        for line in text.split(separator: "\n") { output.line("  " + line) }
        demonstration.run(text, name: "<given>")
    }

    /// `seenBefore`: its solution was shown on an earlier visit, so a right answer now is seen.
    private func practise(_ exercise: Exercise, number: Int, of lesson: Lesson, in demonstration: Demonstration,
                          seenBefore: Bool) -> ExerciseOutcome {
        say("Exercise \(number) of \(lesson.exercises.count): \(exercise.task)")
        output.line("Write the pipeline that produces")
        output.line("  " + exercise.emits)
        output.line("(or type hint, solution, steps, skip, quit)")
        var hintsGiven = 0
        var sawSolution = seenBefore
        // The kind of difference of the last wrong answer, said before the graded hints.
        var difference: String?
        while true {
            guard let answer = readAnswer(demonstration.frontend) else { return .quit(sawSolution: sawSolution) }
            switch answer.lowercased().trimmingCharacters(of: ": ") {
            case "": continue
            case "hint":
                // First what the last answer's difference was, when its kind is clear; then a
                // nudge, the operator, the answer (which counts as the solution seen).
                if let kind = difference {
                    difference = nil
                    say("Hint: " + kind + ".")
                    continue
                }
                let hints = exercise.hints
                say("Hint \(min(hintsGiven, hints.count - 1) + 1) of \(hints.count): " + hints[min(hintsGiven, hints.count - 1)])
                hintsGiven += 1
                if hintsGiven >= hints.count { sawSolution = true }
                continue
            case "solution":
                say("One solution: " + exercise.solution)
                sawSolution = true
                continue
            case "steps": listSteps(of: lesson); continue
            case "skip":
                say("Skipped. One solution: " + exercise.solution)
                return .skipped
            case "quit", "q": return .quit(sawSolution: sawSolution)
            default: break
            }
            if !input.interactive { output.line("answer> " + answer) }
            input.remember(answer)
            switch AnswerCheck(frontend: demonstration.frontend).check(answer, for: exercise) {
            case .right:
                output.line(sawSolution ? "✓ Right: it produces that marble (after the solution was shown: counted as seen, not solved). Its run:"
                                        : "✓ Right: it produces that marble. Its run:")
                demonstration.run(answer, name: "<answer>", marks: AnswerCheck(frontend: demonstration.frontend).marks(of: exercise))
                return sawSolution ? .seen : .solved
            case .wrong(let report, let hint, let letters, let drawn):
                difference = drawn?.kind
                output.line("✗ Not that marble yet:")
                // The marble rows as drawn (they line up); the sentences wrapped at word
                // ends, as the prompt lays out a legend, not cut mid-word by the terminal.
                for line in report {
                    let drawn = line.hasPrefix("expected:") || line.hasPrefix("actual:") || line.allSatisfy { $0 == " " || $0 == "^" }
                    if drawn || line.count + 2 <= width {
                        output.line("  " + line)
                    } else {
                        for (index, part) in line.wrapped(width: width - 2, indent: "  ").enumerated() { output.line(index == 0 ? "  " + part.dropFirst(2) : "  " + part) }
                    }
                }
                // The learner's own run, stage by stage: where it went another way, each
                // value with the letter the comparison above gave it.
                output.line("Your pipeline, stage by stage:")
                demonstration.run(answer, name: "<answer>", marks: AnswerCheck(frontend: demonstration.frontend).marks(of: exercise),
                                  letters: letters)
                if let hint { say("Hint: " + hint) }
                output.line("Try again (or hint, solution, steps, skip, quit).")
            case .doesNotCheck(let diagnostics):
                for diagnostic in diagnostics { output.error(diagnostic) }
            case .notOnePipeline:
                output.line("Write one pipeline; the names given above are already defined.")
            case .missesIdea(let message):
                output.line("✗ It produces that marble, but misses the point of the exercise:")
                say(message)
                output.line("Try again (or hint, solution, steps, skip, quit).")
            }
        }
    }

    /// A sentence of the lesson, wrapped at word ends to the width.
    private func say(_ text: String) {
        for line in text.wrapped(width: width, indent: "") { output.line(line) }
    }

    /// `steps`: every step of the lesson in a line, and how to go to one.
    private func listSteps(of lesson: Lesson) {
        var exercise = 0
        for (index, step) in lesson.steps.enumerated() {
            let what: String
            switch step {
            case .read(let text): what = "read: " + text.wordPrefix(60) + "…"
            case .given(let text): what = "given: " + (text.split(separator: "\n").first.map(String.init) ?? "")
            case .run(let text), .fails(let text): what = "run: " + text
            case .exercise(let task):
                exercise += 1
                what = "exercise \(exercise): " + task.task.wordPrefix(60) + (task.task.count > 60 ? "…" : "")
            }
            output.line("  \(String(index + 1).padded(to: 3))" + what)
        }
        output.line("(`frp learn \(lesson.name) N` starts at step N)")
    }

    /// One answer, over several lines while a bracket is open or a line ends with `|`;
    /// nil at the end of input.
    private func readAnswer(_ frontend: Frontend) -> String? {
        if input.interactive {
            CompletionHook.current = Completion(catalogue: frontend.catalogue, names: frontend.environment.names)
        }
        guard var text = input.read("answer> ") else { return nil }
        while Repl.continues(text) {
            guard let more = input.read("   ...> ") else { return text }
            text += "\n" + more
        }
        return text
    }

    private func save(_ progress: Progress) {
        guard let progressPath else { return }
        do throws(AtomicFile.Failure) {
            try progress.save(to: progressPath)
        } catch {
            output.error("frp learn: cannot save progress to \(progressPath): \(error.reason)")
        }
    }

    static func isQuit(_ text: String) -> Bool {
        ["quit", "q"].contains(text.lowercased().trimmingCharacters(of: ": "))
    }
}

/// Where the learner's lines come from: the REPL's line editor at a terminal (history,
/// TAB completion), plain lines when standard input is not a terminal, a list in tests.
struct LearnerInput {
    /// At a terminal: the lesson pauses after each reading and run.
    let interactive: Bool
    let read: (_ prompt: String) -> String?
    /// Keeps an answer in the history (up-arrow brings a wrong one back to edit).
    var remember: (String) -> Void = { _ in }

    static func terminalOrPipe() -> LearnerInput {
        guard isatty(0) == 1, let editor = LineEditor() else {
            return LearnerInput(interactive: false, read: { _ in readLine(strippingNewline: true) })
        }
        Interrupt.install()
        CompletionHook.install()
        return LearnerInput(interactive: true, read: { prompt in
            while true {
                if let line = editor.read(prompt: prompt) { return line }
                // Ctrl-C clears the line; Ctrl-D ends the input.
                guard Interrupt.take() else { return nil }
            }
        }, remember: { editor.remember($0) })
    }

    static func lines(_ lines: [String]) -> LearnerInput {
        var remaining = lines[...]
        return LearnerInput(interactive: false, read: { _ in remaining.popFirst() })
    }
}

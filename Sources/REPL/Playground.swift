import JSONText
import Language
import Trace

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The browser playground's work, for `frp serve` (which only routes to it): a script run
/// as `frp run --virtual` runs it — virtual time, the same event limit, a limit of real
/// time, no files — and an operator explained as `frp explain` explains it.
public enum Playground {
    /// A run of a script stops after this much real time (virtual time is instant: only
    /// synchronous work without end takes long).
    public static let realTimeLimit = Duration.seconds(5)

    /// The reply to `POST /run`, as JSON: `status` (frp run's exit status), `output` (the
    /// events and the text diagrams), `diagnostics` (as the terminal prints them) and
    /// `svgs` (each run's diagram).
    public static func run(_ script: String) -> String {
        let folder = temporaryFolder()
        defer { removeFolder(folder) }
        let output = Collected()
        var runner = ScriptRunner(clock: .virtual, svgPath: folder.map { $0 + "/run.svg" }, output: output.output)
        runner.sandboxed = true
        let status = runner.run(Source(name: "playground.frp", text: script), wallClockLimit: realTimeLimit)
        let svgs = folder.map(svgFiles) ?? []
        let diagnostics = output.errors.filter { !$0.hasPrefix("frp: wrote ") }
        return "{\"status\":\(status),\"output\":\(JSONText.quoted(output.lines.joined(separator: "\n")))"
            + ",\"diagnostics\":\(JSONText.quoted(diagnostics.joined(separator: "\n\n")))"
            + ",\"svgs\":[\(svgs.map(JSONText.quoted).joined(separator: ","))]}"
    }

    /// `frp explain NAME`'s text (its example run and drawn), nil for a name it does not know.
    public static func explain(_ name: String) -> String? {
        let output = Collected()
        guard Explainer(output: output.output).run(name) == 0 else { return nil }
        return output.lines.joined(separator: "\n")
    }

    /// The operators and sources, for the page's menu.
    public static var operators: [String] { PhotoSources.catalogue.names }

    /// The lines a run wrote, and its errors.
    private final class Collected: @unchecked Sendable {
        private(set) var lines: [String] = []
        private(set) var errors: [String] = []
        var output: Output {
            Output(line: { [self] in lines.append($0) }, error: { [self] in errors.append($0) })
        }
    }

    private static func temporaryFolder() -> String? {
        var template = Array("/tmp/frp-playground-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return mkdtemp(base).map { String(cString: $0) }
        }
    }

    /// The SVGs of the runs, in order: run.svg, run-2.svg, ...
    private static func svgFiles(in folder: String) -> [String] {
        var files: [String] = []
        var number = 1
        while true {
            let path = number == 1 ? folder + "/run.svg" : Session.numbered(folder + "/run.svg", number)
            guard let bytes = SourceFile.readBytes(path) else { break }
            files.append(String(decoding: bytes, as: UTF8.self))
            number += 1
        }
        return files
    }

    private static func removeFolder(_ folder: String?) {
        guard let folder else { return }
        var number = 1
        while unlink(number == 1 ? folder + "/run.svg" : Session.numbered(folder + "/run.svg", number)) == 0 { number += 1 }
        rmdir(folder)
    }
}

// MARK: Lessons

extension Playground {
    /// The lessons, as JSON for the page: each step's kind and text (an exercise's task,
    /// marble and hint), in order.
    public static var lessons: String {
        let items = Lesson.all.map { lesson -> String in
            let steps = lesson.steps.map { step -> String in
                switch step {
                case .read(let text): return "{\"kind\":\"read\",\"text\":\(JSONText.quoted(text))}"
                case .given(let text): return "{\"kind\":\"given\",\"text\":\(JSONText.quoted(text))}"
                case .run(let text): return "{\"kind\":\"run\",\"text\":\(JSONText.quoted(text))}"
                case .exercise(let exercise):
                    return "{\"kind\":\"exercise\",\"task\":\(JSONText.quoted(exercise.task)),\"emits\":\(JSONText.quoted(exercise.emits))"
                        + ",\"hint\":\(JSONText.quoted(exercise.hint))}"
                }
            }
            return "{\"name\":\(JSONText.quoted(lesson.name)),\"title\":\(JSONText.quoted(lesson.title)),\"steps\":[\(steps.joined(separator: ","))]}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    /// An answer to a lesson's exercise (numbered from 1), checked as `frp learn` checks
    /// it; nil when there is no such exercise. JSON: `verdict` (right, wrong, diagnostics,
    /// notOnePipeline), `report` (the marbles and the first difference, or the
    /// diagnostics) and `hint` (aimed at the mistake, when there is one).
    public static func check(lesson name: String, exercise number: Int, answer: String) -> String? {
        guard let lesson = Lesson.named(name) else { return nil }
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        var exercises = 0
        for step in lesson.steps {
            switch step {
            case .given(let text):
                _ = frontend.load(Source(name: "<given>", text: text))
            case .exercise(let exercise):
                exercises += 1
                guard exercises == number else { continue }
                let verdict: (name: String, report: [String], hint: String?)
                switch AnswerCheck(frontend: frontend).check(answer, for: exercise) {
                case .right: verdict = ("right", [], nil)
                case .wrong(let report, let hint): verdict = ("wrong", report, hint)
                case .doesNotCheck(let diagnostics): verdict = ("diagnostics", diagnostics, nil)
                case .notOnePipeline: verdict = ("notOnePipeline", ["Write one pipeline; the names given above are already defined."], nil)
                }
                return "{\"verdict\":\"\(verdict.name)\",\"report\":\(JSONText.quoted(verdict.report.joined(separator: "\n")))"
                    + ",\"hint\":\(verdict.hint.map(JSONText.quoted) ?? "null")}"
            case .read, .run:
                break
            }
        }
        return nil
    }
}

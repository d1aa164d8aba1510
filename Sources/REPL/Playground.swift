import Export
import JSONText
import Language
import Signals
import Trace


/// The browser playground's work, for `frp serve` (which only routes to it): a script run
/// as `frp run --virtual` runs it — virtual time, the same event limit, a limit of real
/// time, no files — and an operator explained as `frp explain` explains it.
public enum Playground {
    /// A run of a script stops after this much real time (virtual time is instant: only
    /// synchronous work without end takes long).
    public static let realTimeLimit = Duration.seconds(5)

    /// The reply to `POST /run`, as JSON: `status` (frp run's exit status), `output` (the
    /// events and the expects' verdicts), `traces` (each run's text diagram), `diagnostics` (as the terminal prints them), `svgs`
    /// (each run's diagram, its time axis `width` pixels wide), `notes` (what was left out, and why) and `results` (each run's
    /// printed events as a row of the page's one diagram: `PlaygroundRows`). The run stops when
    /// `stop` says so (the server shutting down) or at `realTimeLimit`, whichever is first.
    /// Everything the request does counts against the one limit: checking, every run,
    /// printing, tracing and drawing, and the reply's rows; past it, what is left is not
    /// done and the notes say so (with only the runs counted, printing and drawing long
    /// values held the page far past the limit).
    public static func run(_ script: String, width: Int = 720, stop: @escaping @Sendable () -> Bool = { false }) -> String {
        let limit = RealTimeLimit(realTimeLimit)
        let output = Collected()
        var runner = ScriptRunner(clock: .virtual, output: output.output)
        runner.sandboxed = true
        runner.interrupted = stop
        runner.diagrams = { output.svgs.append($0) }
        runner.svgPlotWidth = Double(width)
        runner.textDiagrams = { output.traces.append($0) }
        runner.memoryLimit = memoryLimit
        let source = Source(name: "playground.frp", text: script)
        let status = runner.run(source, realTimeLimit: limit)
        var notes: [String] = []
        var svgs: [String] = []
        var size = 0
        for (index, svg) in output.svgs.enumerated() {
            size += svg.utf8.count
            if svg.utf8.count > largestDiagram || size > largestReply {
                notes.append("The diagram of run \(index + 1) (\(svg.utf8.count / 1024) KB) is left out: a reply carries at most \(largestDiagram >> 20) MB of a diagram and \(largestReply >> 20) MB in all. `frp run --svg FILE` draws it.")
            } else {
                svgs.append(svg)
            }
        }
        // Said where it is seen whatever the output's size (the output says it too, at its end).
        if limit.hasPassed {
            notes.append("The script's limit of \(realTimeLimit) of real time had passed: what was left of it was not done.")
        }
        // The text diagrams, folded on the page: within what is left of the reply's size.
        var traces: [String] = []
        for trace in output.traces {
            size += trace.utf8.count
            if size > largestReply { break }
            traces.append(trace)
        }
        if traces.count < output.traces.count {
            notes.append("The text diagrams of runs \(traces.count + 1)–\(output.traces.count) are left out: a reply carries at most \(largestReply >> 20) MB.")
        }
        var text = output.lines.joined(separator: "\n")
        if output.cut > 0 || text.utf8.count > largestReply {
            text = String(decoding: text.utf8.prefix(largestReply), as: UTF8.self)
            notes.append("The output is cut after \(largestReply >> 20) MB.")
        }
        return JSON.object([
            "status": .number(Int(status)), "output": .string(text),
            "diagnostics": .string(output.errors.joined(separator: "\n\n")),
            // A script that did not check has its diagnostics' places marked (checked again:
            // the runner printed them; one that ran has none).
            "marks": .array(status == 2 ? marks(script) : []),
            "svgs": .array(svgs.map(JSON.string)), "notes": .array(notes.map(JSON.string)),
            "traces": .array(traces.map(JSON.string)),
        ]).text
    }

    /// Where the script's diagnostics are, for the page to mark in its editor: `line`,
    /// `column` (from 1, in characters) and `length`, and the diagnostic's `title`.
    static func marks(_ script: String) -> [JSON] {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        return frontend.load(Source(name: "playground.frp", text: script)).1.filter { $0.origin == nil }.map { diagnostic in
            .object(["line": .number(diagnostic.location.line), "column": .number(diagnostic.location.column),
                     "length": .number(diagnostic.length), "title": .string(diagnostic.code.title)])
        }
    }

    /// Heap one run may add: a page open to the network runs strangers' scripts.
    public static let memoryLimit = 512 << 20

    /// The most of one diagram, and of the whole reply, the page is sent.
    static let largestDiagram = 2 << 20
    static let largestReply = 8 << 20

    /// The diagrams' stylesheet, scoped to them, for the page (which takes no inline style).
    public static var diagramStylesheet: String { DiagramStylesheet.css(scope: "svg.\(DiagramStylesheet.rootClass)") }

    /// `frp explain NAME`'s text (its example run and drawn), nil for a name it does not know.
    public static func explain(_ name: String) -> String? {
        let output = Collected()
        guard Explainer(output: output.output).run(name) == 0 else { return nil }
        return output.lines.joined(separator: "\n")
    }

    /// The reply to `POST /export` (RxJS) and `POST /export/combine`, as JSON: the script's
    /// expects and runs as `frp export --to rxjs|combine` writes them (with no files to
    /// import): `body` (the tests), `file` (the whole runnable file), `notes` (what was left
    /// out, with its line) and `summary`; or `diagnostics` when the script does not check.
    public static func export(_ script: String, to target: String = "rxjs") -> String {
        let source = Source(name: "playground", text: script)
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let (statements, diagnostics) = frontend.load(source)
        guard diagnostics.isEmpty else {
            return JSON.object(["diagnostics": .string(diagnostics.map { $0.rendered(in: source) }.joined(separator: "\n"))]).text
        }
        let export = ExportRunner.Exported(statements, source: source, to: ExportRunner.Target(rawValue: target) ?? .rxjs)
        return JSON.object([
            "body": .string(export.body), "file": .string(export.file),
            "notes": .array(export.skipped.map { .string($0.line > 0 ? "line \($0.line): \($0.reason)" : $0.reason) }),
            "summary": .string(export.summary),
        ]).text
    }

    /// The reply to `POST /marbles`, as JSON: every `cold`/`hot` marble of the script, read
    /// by frp's marble parser (the page parses none): `kind`, `text`, `width` (frames),
    /// `entries` (`frame`, `mark`: a letter, `|` or `#`), `subscriptionPoint` (a hot
    /// marble's `^`: its marks may go before it, to negative frames), and `draggable` with a
    /// `reason` when not (a marble that does not read).
    public static func marbles(_ script: String) -> String {
        let source = Source(name: "playground", text: script)
        let uses = marbleUses(in: source)
        let found = MarbleLiteral.all(in: source, catalogue: PhotoSources.catalogue).map { literal -> JSON in
            var fields = [JSON.Field("kind", .string(literal.kind == .hot ? "hot" : "cold")), JSON.Field("text", .string(literal.text))]
            do throws(MarbleError) {
                let marble = try Marble.parse(literal.text, kind: literal.kind)
                fields.append(JSON.Field("width", .number(marble.width)))
                // Each value's text (its VALUES', else the mark's own string) and what its
                // marble shows: the value itself when short, as in the stage diagram.
                let use = uses[marble.written] ?? MarbleUse(readByRun: true, perRun: false)
                let named = use.values
                fields.append(JSON.Field("readByRun", .bool(use.readByRun)))
                fields.append(JSON.Field("perRun", .bool(use.perRun)))
                fields.append(JSON.Field("entries", .array(marble.entries.map { entry in
                    guard case .value(let mark) = entry.mark else {
                        return .object(["frame": .number(entry.frame), "mark": .string(Self.mark(entry.mark))])
                    }
                    let value = named[mark] ?? "\"\(mark)\""
                    return .object(["frame": .number(entry.frame), "mark": .string(String(mark)), "value": .string(value),
                                    "shown": .string(SVGMarbleDiagram<Value>.inline(value) ?? String(mark))])
                })))
                fields.append(JSON.Field("subscriptionPoint", .bool(marble.hasSubscriptionPoint)))
                fields.append(JSON.Field("draggable", .bool(true)))
            } catch {
                fields += [JSON.Field("entries", .array([])), JSON.Field("draggable", .bool(false)), JSON.Field("reason", .string(error.message))]
            }
            return JSON.object(fields)
        }
        return JSON.object(["marbles": .array(found)]).text
    }

    /// The reply to `POST /marbles/M/E/F`: the script with entry E of marble M moved to
    /// frame F, the marble written anew (`Marble.written`), as JSON `script`, and `entry`,
    /// the moved mark's place among the marble's entries now; or `error`
    /// when the move cannot be written (a mark closer to a group than its width).
    public static func move(_ script: String, marble number: Int, entry: Int, frame: Int) -> String {
        let source = Source(name: "playground", text: script)
        let literals = MarbleLiteral.all(in: source, catalogue: PhotoSources.catalogue)
        guard literals.indices.contains(number), let marble = try? Marble.parse(literals[number].text, kind: literals[number].kind),
              marble.entries.indices.contains(entry) else {
            return JSON.object(["error": .string("there is no such marble or mark to move")]).text
        }
        guard frame >= 0 || marble.hasSubscriptionPoint else {
            return JSON.object(["error": .string("a mark moves before 0 only in a hot marble with ^ (its subscription point, frame 0)")]).text
        }
        let moved = marble.moving(entry, to: frame)
        let silentTo = marble.endsWithSilence ? marble.width : 0
        do throws(Marble.WritingProblem) {
            let text = try Marble.written(moved, width: max(silentTo, (moved.map(\.frame).max() ?? 0) + 1),
                                          subscriptionPoint: marble.hasSubscriptionPoint)
            // Where the moved mark is now among the marble's entries (the page keeps it focused).
            let movedTo = moved.firstIndex { $0.offset == marble.entries[entry].offset && $0.mark == marble.entries[entry].mark } ?? entry
            return JSON.object(["script": .string(literals[number].replaced(with: text, in: source)), "entry": .number(movedTo)]).text
        } catch {
            switch error {
            case .tooClose(let at):
                return JSON.object(["error": .string("a mark at \(at)ms would be closer to the group before it than the group's width: no marble can say it")]).text
            case .onSubscriptionPoint:
                return JSON.object(["error": .string("the group would reach the subscription point, `^`, which takes frame 0: no marble can say it")]).text
            }
        }
    }

    /// What the script does with each of its marbles, by the marble's text: each mark's
    /// value's text (its VALUES), whether a run reads it or only an `expect` (which the
    /// page draws apart: it belongs to its expect, not to a run's output), and whether its
    /// time starts anew at each run of an inner pipeline.
    struct MarbleUse {
        var values: [Character: String] = [:]
        var readByRun = false
        var perRun = true
    }

    /// The uses by the marble's text, and each marble's values by where its source is
    /// (`line:column`: two marbles of one text may give their letters other values).
    static func marbleUses(in source: Source) -> [String: MarbleUse] { marbleReadings(in: source).uses }

    static func marbleReadings(in source: Source) -> (uses: [String: MarbleUse], valuesByPlace: [String: [Character: String]]) {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let (statements, _) = frontend.load(source)
        var found: [String: MarbleUse] = [:]
        var valuesByPlace: [String: [Character: String]] = [:]
        let properties = PropertyStore()
        for statement in statements {
            guard let pipeline = statement.readPipeline else { continue }
            // A `let`'s pipeline counts where a run or an expect reads it.
            if case .bind = statement { continue }
            var byRun = true
            if case .expect = statement { byRun = false }
            for (text, values, perRun, site) in pipeline.marbleSources {
                var use = found[text] ?? MarbleUse()
                if let values {
                    let named = Dictionary(MarbleNames.of([values], properties: properties).map { ($0.mark, $0.full) }) { first, _ in first }
                    if use.values.isEmpty { use.values = named }
                    valuesByPlace["\(site.line):\(site.column)"] = named
                }
                use.readByRun = use.readByRun || byRun
                use.perRun = use.perRun && perRun
                found[text] = use
            }
        }
        return (found, valuesByPlace)
    }

    private static func mark(_ mark: Marble.Mark) -> String {
        switch mark {
        case .value(let character): return String(character)
        case .completed: return "|"
        case .error: return "#"
        }
    }

    /// An operator's page (`GET /operators/NAME`), as JSON: what `frp explain` says of it,
    /// in parts the page lays out — `signature`, `family`, `summary`, `explanation`,
    /// `example` (the script the page draws and runs), `elsewhere`, `reactiveCocoa`, and
    /// `contrasts` (`name`, `difference`, each a link to its own page); nil for no such
    /// name. As `frp explain`, another library's name opens frp's entry with a `note` that
    /// says so (`mergeMap`), and RxJS's words that frp writes otherwise (`BehaviorSubject`)
    /// and the statements (`var`) have pages: how frp writes them, the first example run.
    public static func operatorPage(_ name: String) -> String? {
        let catalogue = PhotoSources.catalogue
        // The notation itself, as `frp explain marbles` says it, a group drawn.
        if name == "marbles" {
            let marks = Explainer.marbleMarks.map { "`\($0.0)`: \($0.1)." }.joined(separator: " ")
            return JSON.object([
                "name": .string("marbles"), "signature": .string(#"cold "MARBLE" [VALUES]"#), "family": .string("The notation"),
                "summary": .string(Explainer.marbleIntroduction.replacingOccurrences(of: "\n", with: " ")),
                "explanation": .string(marks + " " + Explainer.marbleSources), "example": .string(#"cold "-(ab)-c|""#),
                "elsewhere": .array([]), "reactiveCocoa": .string(""), "contrasts": .array([]),
            ]).text
        }
        if let topic = StatementTopic.named(name) {
            return JSON.object([
                "name": .string(topic.name), "signature": .string(topic.signature), "family": .string(topic.kind),
                "summary": .string(""), "explanation": .string(topic.explanation),
                "example": .string(topic.examples.first?.script ?? ""), "elsewhere": .array([]), "reactiveCocoa": .string(""),
                "contrasts": .array([]),
            ]).text
        }
        let elsewhere = catalogue.elsewhere(name)
        guard let spec = catalogue[name] ?? elsewhere?.spec else { return nil }
        let note = elsewhere.map { "`\(name)` is \($0.library)'s name; here it is `\(spec.name)`." } ?? ""
        return JSON.object([
            "name": .string(spec.name), "signature": .string(spec.signature), "family": .string(spec.family.rawValue),
            "summary": .string(spec.summary), "explanation": .string(spec.explanation), "example": .string(spec.example),
            "elsewhere": .array(spec.elsewhere.map(JSON.string)), "reactiveCocoa": .string(spec.reactiveCocoa),
            "contrasts": .array(spec.contrasts.map { .object(["name": .string($0.name), "difference": .string($0.difference)]) }),
            "note": .string(note),
        ]).text
    }

    /// The Examples, for the page's menu (`GET /examples`): JSON, `name` and `title` each.
    public static var examples: String {
        JSON.array(ExampleFolder.examples.map { .object(["name": .string($0.name), "title": .string($0.title)]) }).text
    }

    /// An Example's script as written (`GET /examples/NAME`); nil for no such Example.
    public static func example(_ name: String) -> String? { ExampleFolder.text(name) }

    /// The operators and sources, for the page's menu.
    public static var operators: [String] { PhotoSources.catalogue.names }

    /// The page's menu by family, as `frp explain` lists them (`GET /families`): JSON, each
    /// `family` and its `names`, then RxJS's and RAC 2's words frp writes otherwise.
    public static var families: String {
        let catalogue = PhotoSources.catalogue
        var groups: [JSON] = OperatorSpec.Family.allCases.compactMap { family in
            let names = catalogue.specs.filter { $0.family == family }.map(\.name)
            return names.isEmpty ? nil : .object(["family": .string(family.rawValue), "names": .array(names.map(JSON.string))])
        }
        groups.insert(.object(["family": .string("The notation"), "names": .array([.string("marbles")])]), at: 0)
        groups.append(.object(["family": .string("RxJS's and RAC 2's words frp writes otherwise"),
                               "names": .array(StatementTopic.rxjsWords.map { .string($0.name) })]))
        return JSON.array(groups).text
    }

    /// The lines a run wrote, its errors and its diagrams.
    /// Lines past `largestReply` bytes are counted, not kept (`cut`).
    private final class Collected: @unchecked Sendable {
        private(set) var lines: [String] = []
        private(set) var errors: [String] = []
        private var size = 0
        private(set) var cut = 0
        var svgs: [String] = []
        var traces: [String] = []
        var output: Output {
            Output(line: { [self] in keep($0, in: &lines) }, error: { [self] in keep($0, in: &errors) })
        }

        private func keep(_ line: String, in kept: inout [String]) {
            size += line.utf8.count + 1
            if size > largestReply { cut += 1 } else { kept.append(line) }
        }
    }
}

// MARK: Lessons

extension Playground {
    /// The lessons, as JSON for the page: each step's kind and text (an exercise's task,
    /// marble and hint), in order.
    public static var lessons: String {
        let items = Lesson.all.map { lesson -> JSON in
            let steps = lesson.steps.map { step -> JSON in
                switch step {
                case .read(let text): .object(["kind": .string("read"), "text": .string(text)])
                case .given(let text): .object(["kind": .string("given"), "text": .string(text)])
                case .run(let text): .object(["kind": .string("run"), "text": .string(text)])
                case .fails(let text): .object(["kind": .string("run"), "text": .string(text), "fails": .bool(true)])
                case .exercise(let exercise):
                    .object(["kind": .string("exercise"), "task": .string(exercise.task), "emits": .string(exercise.emits),
                             "hints": .array(exercise.hints.map(JSON.string))])
                }
            }
            return .object(["name": .string(lesson.name), "title": .string(lesson.title), "steps": .array(steps)])
        }
        return JSON.array(items).text
    }

    /// An answer to a lesson's exercise (numbered from 1), checked as `frp learn` checks
    /// it; nil when there is no such exercise. JSON: `verdict` (right, wrong, diagnostics,
    /// notOnePipeline, idea: the marble is right but a part of the exercise's idea is
    /// missing, said in `report`), `report` (the marbles and the first difference, or the
    /// diagnostics), `hint` (aimed at the mistake, when there is one), `difference` (whether
    /// the values or the times differed, when that is clear: the first hint the page gives
    /// after it) and, for a wrong answer, `rows`: the wanted events and the answer's, for one diagram on one axis,
    /// with the report's letters.
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
                var rows: [JSON] = []
                var difference: String?
                switch AnswerCheck(frontend: frontend, realTimeLimit: RealTimeLimit(realTimeLimit)).check(answer, for: exercise) {
                case .right: verdict = ("right", [], nil)
                case .wrong(let report, let hint, let letters, let drawn):
                    verdict = ("wrong", report, hint)
                    if let drawn { rows = Self.rows(drawn, letters: letters) }
                    difference = drawn?.kind
                case .doesNotCheck(let diagnostics): verdict = ("diagnostics", diagnostics, nil)
                case .notOnePipeline: verdict = ("notOnePipeline", ["Write one pipeline; the names given above are already defined."], nil)
                case .missesIdea(let message): verdict = ("idea", [message], nil)
                }
                return JSON.object([
                    "verdict": .string(verdict.name), "report": .string(verdict.report.joined(separator: "\n")),
                    "hint": verdict.hint.map(JSON.string) ?? .null, "rows": .array(rows),
                    "difference": difference.map(JSON.string) ?? .null,
                ]).text
            case .read, .run, .fails:
                break
            }
        }
        return nil
    }

    /// A wrong answer's two rows: the wanted marble as written, and what the answer sent
    /// (within the comparison's window), lettered as the report letters them.
    private static func rows(_ drawn: AnswerCheck.Drawn, letters named: [(mark: Character, full: String)]) -> [JSON] {
        var letters = Letters(reserving: [], limit: 62, named: named)
        let values = Dictionary(named.map { ($0.mark, $0.full) }, uniquingKeysWith: { first, _ in first })
        return [PlaygroundRows.row(label: "wanted", marble: drawn.wanted, values: values),
                PlaygroundRows.row(label: "your answer", events: drawn.actual, end: drawn.wanted.width, letters: &letters)]
    }
}

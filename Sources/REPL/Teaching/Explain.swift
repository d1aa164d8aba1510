import Language
import Trace

/// `frp explain OP` and `:explain OP`: what an operator does, its signature, its example
/// run right there in virtual time with the marble diagram it produced, its names
/// elsewhere, and the operators it is mistaken for with the difference. Everything comes
/// from the catalogue the checker uses, so an explanation cannot drift from the language.
/// `frp explain` alone: every operator by family, and the "which operator do I need?" guide.
public struct Explainer {
    let catalogue: Catalogue
    let style: DiagramStyle
    let output: Output
    /// How the reader asks for another explanation: `frp explain`, or `:explain` at the prompt.
    let invocation: String
    /// The session's names (at the prompt): a definition or a `let` is explained too.
    var environment = Environment()

    public init(style: DiagramStyle = DiagramStyle(), output: Output = .standard) {
        self.init(catalogue: PhotoSources.catalogue, style: style, output: output, invocation: "frp explain")
    }

    init(catalogue: Catalogue, style: DiagramStyle, output: Output, invocation: String) {
        self.catalogue = catalogue
        self.style = style
        self.output = output
        self.invocation = invocation
    }

    /// The command: one operator, or the overview. Exit status 1 for an unknown name.
    public func run(_ name: String?) -> Int32 {
        guard let name else {
            overview()
            return 0
        }
        return explain(name) ? 0 : 1
    }

    private var width: Int { min(style.width, 100) }

    /// A name the session defined (`def`, a `let` of stages or of a pipeline): what it
    /// stands for, and a line on each operator it uses. False when it is not one.
    private func explainUserName(_ name: String) -> Bool {
        let operators: [String]
        if let definition = environment.definitions[name] {
            output.line("`\(name)` is your definition, used as a stage:")
            output.line("  " + definition.text)
            operators = definition.stages.map(\.name)
        } else if case .signal(let pipeline)? = environment.bindings[name] {
            output.line("`\(name)` is your name for a pipeline:")
            output.line("  let \(name) = \(pipeline.text)")
            let head: [String] = if case .source(let stage) = pipeline.head { [stage.spec.name] } else { [] }
            operators = head + pipeline.stages.map(\.spec.name)
        } else {
            return false
        }
        let known = operators.compactMap { catalogue[$0] }
        if !known.isEmpty { output.line("") }
        var seen = Set<String>()
        for spec in known where seen.insert(spec.name).inserted {
            for line in "\(spec.name): \(spec.summary)".wrapped(width: width, indent: "  ") { output.line(line) }
        }
        output.line("(`\(invocation) OPERATOR` for more on each)")
        return true
    }

    /// Explains one operator; false (and a message naming what is close) when there is
    /// none by that name.
    @discardableResult
    func explain(_ name: String) -> Bool {
        if explainUserName(name) { return true }
        if let code = DiagnosticCode.named(name) {
            for line in DiagnosticExplanation(code: code).lines(width: width, color: style.color) ?? ["\(code.code) \(code.title)"] {
                output.line(line)
            }
            return true
        }
        if name == "marbles" {
            explainMarbles()
            return true
        }
        if let topic = StatementTopic.named(name) {
            explain(topic)
            return true
        }
        let elsewhere = catalogue.elsewhere(name)
        guard let spec = catalogue[name] ?? elsewhere?.spec else {
            let close = suggestion(for: name, among: catalogue.names).map { " Did you mean `\($0)`?" } ?? ""
            output.error("I do not know an operator called `\(name)`.\(close) `\(invocation)` lists them all.")
            return false
        }
        if let library = elsewhere?.library {
            output.line("`\(name)` is \(library)'s name; here it is `\(spec.name)`:")
            output.line("")
        }
        output.line(spec.signature + "    (\(spec.family.rawValue.lowercased()))")
        for line in (spec.summary + " " + spec.explanation).wrapped(width: width, indent: "  ") { output.line(line) }
        if !spec.aliases.isEmpty { output.line("  Also called: " + spec.aliases.joined(separator: ", ")) }
        output.line("")
        output.line("Example, run now in virtual time:")
        Demonstration(output: output, style: style, catalogue: catalogue).run(spec.example, name: "<example of \(spec.name)>")
        if !spec.elsewhere.isEmpty {
            output.line("")
            output.line("Elsewhere:")
            for name in spec.elsewhere { output.line("  " + name) }
        }
        if !spec.reactiveCocoa.isEmpty {
            output.line("")
            output.line("In ReactiveCocoa:")
            for line in spec.reactiveCocoa.wrapped(width: width, indent: "  ") { output.line(line) }
        }
        if !spec.contrasts.isEmpty {
            output.line("")
            output.line("Often confused with " + spec.confusedWith.map { "`\($0)`" }.joined(separator: ", ") + ":")
            for contrast in spec.contrasts {
                for (index, line) in contrast.difference.wrapped(width: width, indent: "    ").enumerated() {
                    output.line(index == 0 ? "  - " + line.dropFirst(4) : line)
                }
            }
            output.line("(\(invocation) " + spec.confusedWith.joined(separator: ", ") + " for theirs)")
        }
        return true
    }

    /// `frp explain marbles`: the notation on one screen, with a group and a time
    /// progression run there and then.
    /// A statement (`var`): how it is written, what it means, its examples run now.
    func explain(_ topic: StatementTopic) {
        output.line(topic.signature + "    (\(topic.kind))")
        for line in topic.explanation.wrapped(width: width, indent: "  ") { output.line(line) }
        let demonstration = Demonstration(output: output, style: style, catalogue: catalogue)
        for example in topic.examples {
            output.line("")
            output.line(example.caption)
            demonstration.run(example.script, name: "<example of \(topic.name)>")
        }
    }

    /// The marble notation, mark by mark: `frp explain marbles` and the playground's page.
    static let marbleIntroduction = "Marbles: a signal drawn as text, as RxJS's TestScheduler draws it (run mode).\n"
        + "One character is one frame; a frame is 1 ms of virtual time, counted from 0."
    static let marbleMarks: [(String, String)] = [
        ("-", "one frame passes, nothing happens"),
        ("a  7", "a value (a letter or digit) at its frame; it takes that frame too"),
        ("{a: 1, b: {n: 5}}", "after the marble: the letters' values (else a letter is its string)"),
        ("|", "completed; nothing comes after | or #"),
        ("#", "failed; its message is \"error\" unless error \"MESSAGE\" follows the marble (and its values)"),
        ("(ab)  (a|)", "events at one frame, the frame where ( is; the group takes its full width in time: (ab) is 4 frames"),
        ("500ms  1s  2m", "time progression, at the start or between spaces: -a 500ms b puts a at 1 and b at 502"),
        ("^", "in a hot marble: where the run subscribes, time 0; what came before is missed"),
        ("space", "ignored elsewhere: use it to line marbles up"),
    ]
    static let marbleSources = #"cold "MARBLE" [VALUES] [error "MESSAGE"] plays it from each subscription; hot "MARBLE" plays it once, "#
        + #"from the start of the run. expect PIPELINE emits "MARBLE" [VALUES] compares every event: frame, kind and value."#

    func explainMarbles() {
        for line in Self.marbleIntroduction.split(separator: "\n") { output.line(String(line)) }
        let marks = Self.marbleMarks
        let column = (marks.map(\.0.count).max() ?? 0) + 2
        for (mark, meaning) in marks {
            for (index, line) in meaning.wrapped(width: width - column - 2).enumerated() {
                output.line("  " + (index == 0 ? mark : "").padded(to: column) + line)
            }
        }
        for line in Self.marbleSources.wrapped(width: width) { output.line(line) }
        output.line("")
        output.line("A group, run now in virtual time (a and b at 1 ms; (ab) takes frames 1 to 4, so c comes at 6):")
        let demonstration = Demonstration(output: output, style: style, catalogue: catalogue)
        demonstration.run(#"cold "-(ab)-c|""#, name: "<example of marbles>")
        output.line("")
        output.line("A time progression (a takes frame 1, so the 500 ms start at 2 and b comes at 502):")
        demonstration.run(#"cold "-a 500ms b|""#, name: "<example of marbles>")
        output.line("")
        output.line("(frp learn marbles teaches it step by step, with exercises)")
    }

    /// Every operator by family, then the guide.
    func overview() {
        output.line("Every operator, by family (\(invocation) OP: one in full, with its example run):")
        for line in Explainer.families(catalogue) {
            for (index, wrapped) in line.wrapped(width: width, indent: "    ").enumerated() {
                output.line(index == 0 ? "  " + wrapped.dropFirst(4) : wrapped)
            }
        }
        let words = "RxJS's and RAC 2's words frp writes otherwise: " + StatementTopic.rxjsWords.map(\.name).joined(separator: ", ")
        for (index, wrapped) in words.wrapped(width: width, indent: "    ").enumerated() {
            output.line(index == 0 ? "  " + wrapped.dropFirst(4) : wrapped)
        }
        output.line("")
        for line in Guide.standard.rendered(width: width) { output.line(line) }
    }

    /// `Flattening: flatMap, switchMap, ...`, one line per family that has operators.
    static func families(_ catalogue: Catalogue) -> [String] {
        OperatorSpec.Family.allCases.compactMap { family in
            let names = catalogue.specs.filter { $0.family == family }.map(\.name)
            return names.isEmpty ? nil : "\(family.rawValue): " + names.joined(separator: ", ")
        }
    }
}

/// What the shell completes after `frp explain` and `frp learn` (the command line cannot see
/// the catalogue or the lessons itself).
public enum CommandLineNames {
    /// The operators and sources, and `marbles` (the notation).
    public static var operators: [String] { PhotoSources.catalogue.names + ["marbles"] + StatementTopic.all.map(\.name) }
    public static var lessons: [String] { Lesson.all.map(\.name) }
}

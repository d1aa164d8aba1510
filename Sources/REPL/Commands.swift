import CLineEdit
import Import
import Language

/// What a command of the prompt works on: the session's names (`:reset` forgets them), its
/// runs and settings, the inputs that checked (`:save` writes them), where it prints.
struct CommandContext {
    var frontend: Frontend
    let session: Session
    var inputs: [String]
    let output: Output
}

/// A command of the prompt in one row: its names, what it takes, the words completed after
/// it, its lines in `:help`, and what it does. Dispatch, completion, `:help` and the hint
/// for a mistyped command all read `Command.all`, so a command is added in one place.
struct Command: Sendable {
    enum Result { case done, quit }

    let name: String
    var aliases: [String] = []
    /// Whether it takes nothing after its name (`:quit now` is refused, not ignored).
    var takesNothing = false
    /// The words TAB completes after it (`:time v` → `virtual`).
    var words: [String] = []
    /// Whether TAB completes the catalogue's operators and sources after it (`:explain sw`).
    var completesOperators = false
    /// Its entries in `:help`'s list of commands, none when `:help` says it elsewhere.
    var help: [String] = []
    /// Does it, given the words after its name joined (nil when there are none) and all
    /// the words.
    let run: @Sendable (inout CommandContext, _ argument: String?, _ words: [String]) -> Result

    /// The command a typed line names, by its name or another name.
    static func named(_ name: String) -> Command? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every name, the others included (`:h`, `:q`), as TAB offers them after `:`.
    static var names: [String] { all.map(\.name) }

    /// What other prompts understand without a colon, and the command each means here.
    static let habits = ["help": ":help", "help()": ":help", "?": ":help", "exit": ":quit", "exit()": ":quit",
                         "quit": ":quit", "quit()": ":quit"]

    /// Runs a line that starts with `:`.
    static func perform(_ line: String, in context: inout CommandContext) -> Result {
        let words = line.split(separator: " ").map(String.init)
        let argument = words.count > 1 ? words[1...].joined(separator: " ") : nil
        guard let command = named(words.first ?? "") else {
            let hint = suggestion(for: words.first ?? "", among: names).map { " Did you mean \($0)?" } ?? ""
            context.output.error("I do not know the command \(words.first ?? line).\(hint) The commands are \(names.joined(separator: ", ")).")
            return .done
        }
        if command.takesNothing, let argument {
            context.output.error("\(words[0]) takes nothing after it (got `\(argument)`)")
            return .done
        }
        return command.run(&context, argument, words)
    }

    static let all: [Command] = [
        Command(name: ":help", aliases: [":h"], completesOperators: true, run: explain),
        Command(name: ":explain", completesOperators: true, help: [":explain OP (one operator in full, its example run)", ":explain (which operator do I need?)"],
                run: explain),
        Command(name: ":time", words: ["live", "virtual"], help: [":time live|virtual|10x"], run: time),
        Command(name: ":trace", words: ["on", "off"], help: [":trace on|off"], run: trace),
        Command(name: ":plan", help: [":plan PIPELINE (what fuses, what runs per value)"], run: plan),
        Command(name: ":jobs", takesNothing: true) { context, _, _ in
            context.output.line(context.session.jobs?.list() ?? "")
            return .done
        },
        Command(name: ":stop", run: stop),
        Command(name: ":load", help: [":load FILE"], run: load),
        Command(name: ":save", help: [":save FILE (this session's inputs as a script)"], run: save),
        Command(name: ":import", help: [":import FILE.js (RxJS code as a script: shown, then run)"], run: importRxJS),
        Command(name: ":export", words: ExportRunner.Target.allCases.map(\.rawValue),
                help: [":export rxjs|combine [FILE] (them as RxJS or Combine)"], run: export),
        Command(name: ":reset", takesNothing: true, help: [":reset"]) { context, _, _ in
            context.frontend = Frontend.forFiles()
            context.inputs = []
            context.output.line("names forgotten")
            return .done
        },
        Command(name: ":quit", aliases: [":q"], takesNothing: true, help: [":quit (or Ctrl-D)"]) { _, _, _ in .quit },
    ]

    /// `:help [OP]`, `:explain [OP]`: `:help OP` is `:explain OP`; `:explain` alone is the
    /// operators by family and the guide, `:help` alone how to use the prompt.
    private static func explain(_ context: inout CommandContext, _ argument: String?, _ words: [String]) -> Result {
        var explainer = Explainer(catalogue: context.frontend.catalogue, style: context.session.outputs.diagramStyle,
                                  output: context.output, invocation: ":explain")
        explainer.environment = context.frontend.environment
        if let argument {
            explainer.explain(argument)
        } else if words.first == ":explain" {
            explainer.overview()
        } else {
            context.output.line(Help.overview(context.frontend.catalogue, width: Int(frp_edit_columns())))
        }
        return .done
    }

    /// The plan of what is typed after it, checked against the session's names (nothing
    /// is bound or run).
    private static func plan(_ context: inout CommandContext, _ argument: String?, _ words: [String]) -> Result {
        guard let argument else {
            context.output.error(":plan takes a pipeline: :plan range 1, 10 | map it * 2 | take 3")
            return .done
        }
        var checking = context.frontend
        let source = Source(name: "plan", text: argument)
        let (statements, diagnostics) = checking.load(source)
        for diagnostic in diagnostics { context.output.error(diagnostic.rendered(in: source)) }
        guard diagnostics.isEmpty else { return .done }
        for line in Plans.lines(statements, traced: context.session.outputs.tracing) { context.output.line(line) }
        return .done
    }

    private static func time(_ context: inout CommandContext, _ argument: String?, _ words: [String]) -> Result {
        switch argument {
        case "live"?: context.session.options.clock = .live(speed: 1)
        case "virtual"?: context.session.options.clock = .virtual
        case let speed? where speed.hasSuffix("x") && Double(speed.dropLast()).map({ $0 > 0 && $0.isFinite }) == true:
            context.session.options.clock = .live(speed: Double(speed.dropLast()) ?? 1)
        default:
            context.output.error(":time takes live, virtual or a speed like 10x")
            return .done
        }
        context.output.line("time: \(argument ?? "")")
        return .done
    }

    private static func trace(_ context: inout CommandContext, _ argument: String?, _ words: [String]) -> Result {
        guard argument == "on" || argument == "off" else {
            context.output.error(":trace takes on or off")
            return .done
        }
        context.session.outputs.tracing = argument == "on"
        context.output.line("trace: \(argument ?? "")")
        return .done
    }

    private static func stop(_ context: inout CommandContext, _ argument: String?, _ words: [String]) -> Result {
        guard let jobs = context.session.jobs, !jobs.jobs.isEmpty else {
            context.output.line("nothing to stop: no pipeline runs in the background (`PIPELINE &` starts one)")
            return .done
        }
        guard let argument else {
            jobs.stopAll(reason: ":stop")
            return .done
        }
        guard let number = Int(argument.trimmingCharacters(of: "[] ")) else {
            context.output.error(":stop takes a job's number (see :jobs), or nothing to stop them all")
            return .done
        }
        if !jobs.stop(number) { context.output.error("there is no job \(number) (see :jobs)") }
        return .done
    }

    private static func load(_ context: inout CommandContext, _ argument: String?, _ words: [String]) -> Result {
        guard let path = argument else {
            context.output.error(":load takes a file: :load Examples/01-first-steps.frp")
            return .done
        }
        switch SourceFile.load(path) {
        case .failure(let failure): context.output.error(failure.message)
        case .success(let source): execute(source, &context)
        }
        return .done
    }

    /// A script's statements checked and run in the session, as if typed; kept for `:save`
    /// when it checks.
    private static func execute(_ source: Source, _ context: inout CommandContext) {
        let (statements, diagnostics) = context.frontend.load(source)
        for diagnostic in diagnostics { context.output.error(diagnostic.rendered(in: source)) }
        if diagnostics.isEmpty { context.inputs.append(source.text) }
        for statement in statements { context.session.execute(statement) }
    }

    /// RxJS code in a file, written as frp (`frp import`), shown, then run as `:load` runs a
    /// script; what was left out said with its line.
    private static func importRxJS(_ context: inout CommandContext, _ argument: String?, _ words: [String]) -> Result {
        guard let path = argument else {
            context.output.error(":import takes a file of RxJS code: :import Tests/Import/corpus/01-interval-take-map.js")
            return .done
        }
        switch SourceFile.load(path) {
        case .failure(let failure): context.output.error(failure.message)
        case .success(let code):
            let imported = RxJSImport.script(from: code.text, catalogue: PhotoSources.catalogue)
            for line in imported.script.split(separator: "\n") { context.output.line(String(line)) }
            for left in imported.leftOut { context.output.error("line \(left.line): left out: \(left.reason)") }
            execute(Source(name: path, text: imported.script), &context)
        }
        return .done
    }

    private static func save(_ context: inout CommandContext, _ argument: String?, _ words: [String]) -> Result {
        guard let path = argument else {
            context.output.error(":save takes a file: :save session.frp")
            return .done
        }
        let text = context.inputs.joined(separator: "\n") + "\n"
        do throws(AtomicFile.Failure) {
            try AtomicFile.replace(path, with: text, inPlaceUnlessRegular: true)
            context.output.line("saved \(context.inputs.count) inputs to \(path)")
        } catch {
            context.output.error("cannot write \(path): \(error.reason)")
        }
        return .done
    }

    /// This session's inputs, as `:save` writes them, exported as `frp export` does.
    private static func export(_ context: inout CommandContext, _ argument: String?, _ words: [String]) -> Result {
        guard words.count >= 2, let target = ExportRunner.Target(rawValue: words[1]) else {
            context.output.error(":export takes rxjs or combine, and a file to write it to: :export rxjs [FILE]")
            return .done
        }
        let source = Source(name: "session", text: context.inputs.joined(separator: "\n") + "\n")
        var exporting = Frontend.forFiles()
        let (statements, _) = exporting.load(source)
        let export = ExportRunner.Exported(statements, source: source, to: target)
        for skipped in export.skipped { context.output.error("input line \(skipped.line): \(skipped.reason)") }
        guard words.count > 2 else {
            context.output.line(String(export.body.dropLast()))
            context.output.line("// \(export.summary); the whole file: :export \(target.rawValue) FILE")
            return .done
        }
        let path = words[2...].joined(separator: " ")
        do throws(AtomicFile.Failure) {
            try AtomicFile.replace(path, with: export.file, inPlaceUnlessRegular: true)
            context.output.line("\(export.summary) to \(path)" + (target == .rxjs ? ": NODE_PATH=/usr/share/nodejs node \(path)" : ""))
        } catch {
            context.output.error("cannot write \(path): \(error.reason)")
        }
        return .done
    }
}

import ArgumentParser
import REPL

/// `frp` — the REPL; `frp run FILE`; `frp test FILE_OR_DIR...`. Arguments only: the work
/// is in the REPL module.
struct FRP: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frp",
        abstract: "A REPL and scripting language for reactive signal pipelines.",
        discussion: """
            Without a subcommand, frp starts the REPL. Try:
              of 1, 2, 3 | map it * 10
              cold "-a-b-c-|" | take 2
            """,
        subcommands: [RunCommand.self, TestCommand.self, ExplainCommand.self, LearnCommand.self, ReplCommand.self],
        defaultSubcommand: ReplCommand.self
    )
}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a .frp script: print each event as it happens, then the marble trace.")

    @Argument(help: "The script to run.")
    var file: String

    @Flag(help: "Run in virtual time: instant and deterministic.")
    var virtual = false

    @Option(help: "Run N times faster than real time.")
    var speed: Double?

    @Flag(help: "Do not record or draw the marble trace.")
    var noTrace = false

    @Flag(help: "Draw marble diagrams with ASCII only (automatic when the locale is not UTF-8).")
    var ascii = false

    @Option(name: .customLong("events"), help: "Write every traced event to FILE, one JSON object per line.")
    var eventsPath: String?

    @Option(name: .customLong("svg"), help: "Write each run's marble diagram to FILE as SVG (FILE-2.svg for the second run, ...).")
    var svgPath: String?

    @Option(name: .customLong("fail"), help: "Make every request of a service fail: --fail search, or --fail \"search=offline\".")
    var fail: [String] = []

    @Option(name: .customLong("slow"), help: "Make a service N times slower: --slow search=5.")
    var slow: [String] = []

    func validate() throws {
        if let speed, !(speed > 0 && speed.isFinite) {
            throw ValidationError("--speed needs a positive number, like --speed 10")
        }
        if virtual, speed != nil {
            throw ValidationError("--virtual and --speed do not go together: virtual time is already instant")
        }
    }

    func run() throws {
        let clock: ScriptRunner.Clock = virtual ? .virtual : .live(speed: speed ?? 1)
        let failures: ServiceFailures
        do { failures = try ServiceFailures(fail: fail, slow: slow) } catch { throw ValidationError(error.message) }
        let status = ScriptRunner(clock: clock, trace: !noTrace, diagram: .fromEnvironment(ascii: ascii),
                                  eventsPath: eventsPath, svgPath: svgPath, failures: failures).run(path: file)
        if status != 0 { throw ExitCode(status) }
    }
}

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check every `expect` in .frp files, in virtual time.",
        discussion: "The last line is `N passed, N failed`. Exit status: 0 all pass, 1 a failure, 2 a file that cannot be read or parsed.")

    @Argument(help: "Files or directories (searched for .frp files).")
    var paths: [String]

    func run() throws {
        let status = TestRunner().run(paths: paths)
        if status != 0 { throw ExitCode(status) }
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain an operator: what it does, its example run with its marble diagram, its names elsewhere, what it is confused with.",
        discussion: "Without an operator: every operator by family, and a \"which operator do I need?\" guide.")

    @Argument(help: "The operator or source, like switchMap.")
    var name: String?

    @Flag(help: "Draw marble diagrams with ASCII only (automatic when the locale is not UTF-8).")
    var ascii = false

    func run() throws {
        let status = Explainer(style: .fromEnvironment(ascii: ascii)).run(name)
        if status != 0 { throw ExitCode(status) }
    }
}

struct LearnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Lessons from the classic scenarios, with exercises checked by running your answer.",
        discussion: """
            Without a lesson: the lessons and your progress (kept in FRP_PROGRESS or ~/.frp_progress).
            In an exercise, type a pipeline, or hint, solution, skip, quit.
            Piped input works too: printf 'ANSWER\\n' | frp learn search
            """)

    @Argument(help: "The lesson, like search.")
    var lesson: String?

    @Flag(help: "Start the lesson from its first step.")
    var restart = false

    @Flag(help: "Draw marble diagrams with ASCII only (automatic when the locale is not UTF-8).")
    var ascii = false

    func run() throws {
        let status = Learn(style: .fromEnvironment(ascii: ascii)).run(lesson, restart: restart)
        if status != 0 { throw ExitCode(status) }
    }
}

struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl", abstract: "Start the REPL (the default).", shouldDisplay: false)

    func run() throws {
        let status = Repl().run()
        if status != 0 { throw ExitCode(status) }
    }
}

FRP.main()

import ArgumentParser
import Dispatch
import PhotoClient
import PhotoServer
import REPL
import Services
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `frp` — the REPL; `frp run FILE`; `frp test FILE_OR_DIR...`; `frp serve`. Arguments
/// only: the work is in the REPL, PhotoServer and PhotoClient modules.
struct FRP: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frp",
        abstract: "A REPL and scripting language for reactive signal pipelines.",
        discussion: """
            Without a subcommand, frp starts the REPL. Try:
              of 1, 2, 3 | map it * 10
              cold "-a-b-c-|" | take 2
            `frp FILE.frp` is `frp run FILE.frp`.
            """,
        version: "frp 0.4.0",
        subcommands: [RunCommand.self, TestCommand.self, ExplainCommand.self, LearnCommand.self, ExportCommand.self, ImportCommand.self, ServeCommand.self,
                      PlayCommand.self, ReplCommand.self],
        defaultSubcommand: ReplCommand.self
    )
}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a .frp script: print each event as it happens, then the marble trace.",
        discussion: "Exit status: 0; 1 an `expect` failed or --svg/--events could not be written; 2 a file that cannot be read or checked; 130 Ctrl-C.")

    @Argument(help: "The script to run.", completion: .file(extensions: ["frp"]))
    var file: String

    @Flag(help: "Run in virtual time: instant and deterministic.")
    var virtual = false

    @Option(help: ArgumentHelp("Run N times faster than real time.", valueName: "N"))
    var speed: Double?

    @Flag(help: "Do not record or draw the marble trace.")
    var noTrace = false

    @Flag(help: "Print each pipeline's plan (what fuses into one operator, what is built alone, how a flatMap runs its pipeline for each value) instead of running the script.")
    var plan = false

    @Flag(help: "Draw marble diagrams with ASCII only (automatic when the locale is not UTF-8).")
    var ascii = false

    @Option(help: ArgumentHelp("Colour: auto (at a terminal, unless NO_COLOR is set), always or never.", valueName: "WHEN"))
    var color: ColorChoice = .auto

    @Option(name: .customLong("events"), help: ArgumentHelp("Write every traced event to FILE, one JSON object per line.", valueName: "FILE"))
    var eventsPath: String?

    @Option(name: .customLong("svg"), help: ArgumentHelp("Write each run's marble diagram to FILE as SVG (FILE-2.svg for the second run, ...).", valueName: "FILE"))
    var svgPath: String?

    @Option(name: .customLong("fail"), help: ArgumentHelp("Make every request of a service fail in the script's runs: --fail search, or --fail \"search=offline\". Its `expect` lines keep the normal services (a `service NAME fails` statement changes those).", valueName: "SERVICE[=MESSAGE]"))
    var fail: [String] = []

    @Option(name: .customLong("slow"), help: ArgumentHelp("Make a service N times slower in the script's runs (not its `expect` lines): --slow search=5.", valueName: "SERVICE=N"))
    var slow: [String] = []

    @Option(name: .customLong("max-events"), parsing: .unconditional, help: ArgumentHelp(
        "Stop a run after N events.", valueName: "N"))
    var maxEvents = ScriptRunner.defaultMaxEvents

    @Option(help: ArgumentHelp("Stop the script after this much real time, like 10s or 500ms (work without end in one instant, `range 1, 1e12 | count`, ends too).", valueName: "DURATION"))
    var timeout: String?

    /// `--timeout`'s duration.
    var timeoutDuration: Duration? {
        guard let timeout else { return nil }
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        guard let unit = units.first(where: { timeout.hasSuffix($0.suffix) && Double(timeout.dropLast($0.suffix.count)) != nil }),
              let number = Double(timeout.dropLast(unit.suffix.count)), number > 0, number.isFinite, number * unit.seconds < 1e9
        else { return nil }
        return .milliseconds(Int64((number * unit.seconds * 1000).rounded(.up)))
    }

    @OptionGroup var services: ServicesOption

    func validate() throws {
        if maxEvents < 1 {
            throw ValidationError("--max-events needs a positive whole number, like --max-events 5000")
        }
        if let speed, !(speed > 0 && speed.isFinite) {
            throw ValidationError("--speed needs a positive number, like --speed 10")
        }
        if virtual, speed != nil {
            throw ValidationError("--virtual and --speed do not go together: virtual time is already instant")
        }
        if timeout != nil, timeoutDuration == nil {
            throw ValidationError("--timeout needs a duration, like --timeout 10s or --timeout 500ms")
        }
    }

    func run() throws {
        if plan {
            let status = ScriptRunner.plan(path: file, traced: !noTrace)
            try StandardOutput.check()
            if status != 0 { throw ExitCode(status) }
            return
        }
        let clock: ScriptRunner.Clock = virtual ? .virtual : .live(speed: speed ?? 1)
        let failures: ServiceFailures
        do { failures = try ServiceFailures(fail: fail, slow: slow) } catch { throw ValidationError(error.message) }
        let status = ScriptRunner(clock: clock, trace: !noTrace, diagram: .fromEnvironment(ascii: ascii, color: color),
                                  eventsPath: eventsPath, svgPath: svgPath, failures: failures,
                                  transport: try services.transport(), maxEvents: maxEvents).run(path: file, timeout: timeoutDuration)
        try StandardOutput.check()
        if status != 0 { throw ExitCode(status) }
    }
}

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check every `expect` in .frp files, in virtual time.",
        discussion: "The last line is `N passed, N failed`. Exit status: 0 all pass, 1 a failure, 2 a file that cannot be read or parsed.")

    @Argument(help: "Files or directories (searched for .frp files).", completion: .file(extensions: ["frp"]))
    var paths: [String]

    @Flag(name: .shortAndLong, help: "List each file and each expect as it passes.")
    var verbose = false

    @OptionGroup var services: ServicesOption

    func run() throws {
        let status = TestRunner(transport: try services.transport(), verbose: verbose).run(paths: paths)
        try StandardOutput.check()
        if status != 0 { throw ExitCode(status) }
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain an operator: what it does, its example run with its marble diagram, its names elsewhere, what it is confused with.",
        discussion: "Without an operator: every operator by family, and a \"which operator do I need?\" guide.")

    @Argument(help: "The operator or source, like switchMap.", completion: .custom { _, _, _ in CommandLineNames.operators })
    var name: String?

    @Flag(help: "Draw marble diagrams with ASCII only (automatic when the locale is not UTF-8).")
    var ascii = false

    @Option(help: ArgumentHelp("Colour: auto (at a terminal, unless NO_COLOR is set), always or never.", valueName: "WHEN"))
    var color: ColorChoice = .auto

    func run() throws {
        let status = Explainer(style: .fromEnvironment(ascii: ascii, color: color)).run(name)
        if status != 0 { throw ExitCode(status) }
    }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a script's expects as RxJS 7 or Swift Combine: a file that runs them in virtual time.",
        discussion: """
            The code goes to standard output; what has no counterpart (an action, a service
            failing on demand, frp's own error messages) is listed on standard error with its
            line.
            RxJS: run the file with RxJS on Node's module path: NODE_PATH=/usr/share/nodejs node out.js
            Combine: make the file the main.swift of an executable that depends on OpenCombine
            (or build it on Apple's platforms, with Combine), and run it.
            Exit status: 0 written, 2 a file that cannot be read or checked.
            """)

    @Option(help: "The library: rxjs or combine.")
    var to: ExportRunner.Target = .rxjs

    @Option(name: .short, help: "A script given here instead of a file.")
    var e: String?

    @Argument(help: "The script.", completion: .file(extensions: ["frp"]))
    var file: String?

    func validate() throws {
        if (file == nil) == (e == nil) { throw ValidationError("give a file or -e SCRIPT, one of them") }
    }

    func run() throws {
        let status = ExportRunner(to: to).run(path: file, expression: e)
        try StandardOutput.check()
        if status != 0 { throw ExitCode(status) }
    }
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write RxJS code as an frp script: a let for each constant, a run for each subscription.",
        discussion: """
            The script goes to standard output; each statement frp cannot do the same (a DOM
            event, a Promise, a side effect other than console.log) is left out and said on
            standard error with its line. Run it: frp import ex.js > ex.frp && frp run ex.frp
            Exit status: 0 written, 1 nothing could be imported, 2 a file that cannot be read.
            """)

    @Option(name: .short, help: "RxJS code given here instead of a file.")
    var e: String?

    @Argument(help: "The RxJS code.", completion: .file(extensions: ["js", "ts", "mjs"]))
    var file: String?

    func validate() throws {
        if (file == nil) == (e == nil) { throw ValidationError("give a file or -e CODE, one of them") }
    }

    func run() throws {
        let status = ImportRunner().run(path: file, code: e)
        try StandardOutput.check()
        if status != 0 { throw ExitCode(status) }
    }
}

struct LearnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Lessons from the classic scenarios, with exercises checked by running your answer.",
        discussion: """
            Without a lesson: the lessons and your progress (kept in FRP_PROGRESS or ~/.frp_progress).
            In an exercise, type a pipeline, or hint (asked again: more), solution, steps, skip, quit.
            frp learn feed 4 starts the lesson at step 4 (back to a skipped exercise, say).
            Piped input works too: printf 'ANSWER\\n' | frp learn search
            """)

    @Argument(help: "The lesson, like search.", completion: .custom { _, _, _ in CommandLineNames.lessons })
    var lesson: String?

    @Argument(help: "The step to start at (1 is the first); without it, where you left the lesson.")
    var step: Int?

    @Flag(help: "Start the lesson from its first step.")
    var restart = false

    @Flag(help: "Draw marble diagrams with ASCII only (automatic when the locale is not UTF-8).")
    var ascii = false

    @Option(help: ArgumentHelp("Colour: auto (at a terminal, unless NO_COLOR is set), always or never.", valueName: "WHEN"))
    var color: ColorChoice = .auto

    func run() throws {
        let status = Learn(style: .fromEnvironment(ascii: ascii, color: color)).run(lesson, restart: restart, step: step)
        if status != 0 { throw ExitCode(status) }
    }
}

struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl", abstract: "Start the REPL (the default).")

    @OptionGroup var services: ServicesOption

    @Option(help: ArgumentHelp("Colour: auto (at a terminal, unless NO_COLOR is set), always or never.", valueName: "WHEN"))
    var color: ColorChoice = .auto

    func run() throws {
        let status = Repl(transport: try services.transport(), color: color).run()
        if status != 0 { throw ExitCode(status) }
    }
}

/// `--services URL` on run, test and the REPL: the photo services' answers over HTTP.
struct ServicesOption: ParsableArguments {
    @Option(name: .customLong("services"), help: ArgumentHelp(
        "Ask the photo services at URL (started with `frp serve`) instead of the ones in this process.",
        valueName: "URL"))
    var url: String?

    /// The transport; a server that does not answer is a message and exit status 2, before
    /// anything runs.
    func transport() throws -> any PhotoTransport {
        guard let url else { return InProcessTransport.shared }
        let transport: HTTPTransport
        do throws(HTTPTransportError) {
            transport = try HTTPTransport(base: url)
        } catch {
            throw ValidationError(error.message)
        }
        if let problem = transport.check() {
            StandardError.write("frp: \(problem.message)\n")
            throw ExitCode(2)
        }
        return transport
    }
}

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the photo services over HTTP on 127.0.0.1, shaped like the 500px and Flickr APIs.",
        discussion: "Prints the URL it listens on; `frp run --services URL`, `frp test --services URL` and `frp --services URL` then ask it. GET / is the playground (a page: run a script, drag its marbles, explain an operator), GET /api lists the endpoints, GET /v1/stats counts the requests. Ctrl-C (or SIGTERM) stops it, aborting the replies it holds.")

    @Option(help: ArgumentHelp("The port to listen on (0 picks a free one, and prints it).", valueName: "PORT"))
    var port: Int = 8080

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port needs a number from 0 to 65535, like --port 8080") }
    }

    func run() throws {
        try ServeCommand.serve(port: port, name: "frp serve") { url in
            print("frp serve: listening on \(url)  (Ctrl-C stops)")
            print("  the playground: open \(url)/ in a browser")
            print("  try: frp run --virtual --services \(url) Examples/10-popular-photos.frp")
        }
    }
}

/// `frp play`: the playground on a free port (`frp serve --port 0`), its address printed.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Start the playground in a browser page: frp serve on a free port, with its address printed.",
        discussion: "The page runs scripts in virtual time, draws their diagrams, lets you drag a source's marbles, explains operators and checks lesson answers. Ctrl-C stops it.")

    func run() throws {
        try ServeCommand.serve(port: 0, name: "frp play") { url in
            print("frp play: open \(url)/ in a browser  (Ctrl-C stops)")
        }
    }
}

/// Output that could not be written (`> /dev/full`) is a failure, not a silent success.
enum StandardOutput {
    static func check() throws {
        if fflush(stdout) != 0 || ferror(stdout) != 0 {
            StandardError.write("frp: cannot write the output: \(String(cString: strerror(errno)))\n")
            throw ExitCode(1)
        }
    }
}

extension ColorChoice: ExpressibleByArgument {}

enum StandardError {
    static func write(_ text: String) {
        fputs(text, stderr)
    }
}

FRP.main(CommandLineShortcut.arguments(Array(CommandLine.arguments.dropFirst())))

extension ExportRunner.Target: ExpressibleByArgument {}

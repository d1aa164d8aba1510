import CLineEdit
import Language
import Services
import Signals
import Trace

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `frp run FILE`: runs each statement in order, printing each event as it happens, with
/// its time.
public struct ScriptRunner {
    public enum Clock: Equatable, Sendable {
        case virtual
        case live(speed: Double)
    }

    let clock: Clock
    let trace: Bool
    let output: Output
    let diagram: DiagramStyle
    let eventsPath: String?
    let svgPath: String?
    let failures: ServiceFailures
    /// Where the services' answers come from (`--services URL`: over HTTP).
    let transport: any PhotoTransport
    /// A run stops after this many events (`--max-events N`).
    let maxEvents: Int
    /// For a script that came over the network (the browser playground): it may not read
    /// files (`import`), and Ctrl-C belongs to the server, not to the run.
    public var sandboxed = false
    /// Asked between events: true stops the run (a sandboxed one's Ctrl-C: the server
    /// shutting down).
    public var interrupted: (@Sendable () -> Bool)?
    /// Where each run's SVG diagram goes instead of a file (the playground's reply).
    public var diagrams: ((String) -> Void)?
    /// Heap each run may add, in bytes; nil: no limit.
    public var memoryLimit: Int?

    public init(clock: Clock, trace: Bool = true, diagram: DiagramStyle = DiagramStyle(),
                eventsPath: String? = nil, svgPath: String? = nil, failures: ServiceFailures = ServiceFailures(),
                transport: any PhotoTransport = InProcessTransport.shared, maxEvents: Int = ScriptRunner.defaultMaxEvents,
                output: Output = .standard) {
        self.maxEvents = maxEvents
        self.clock = clock
        self.trace = trace
        self.diagram = diagram
        self.eventsPath = eventsPath
        self.svgPath = svgPath
        self.failures = failures
        self.transport = transport
        self.output = output
    }

    /// Where a run stops unless `--max-events` says otherwise: a screenful of `interval`.
    public static let defaultMaxEvents = Session.eventLimit

    /// Runs the file; returns the exit status: 0, 1 when an `expect` failed or the trace
    /// could not be written, 2 when the file cannot be read or checked, 130 at Ctrl-C.
    public func run(path: String, timeout: Duration? = nil) -> Int32 {
        // A live run into a pipe (`| tee log`) prints each event when it happens, not
        // when the buffer fills.
        if case .live = clock { setvbuf(frp_stdout(), nil, _IOLBF, 0) }
        let loaded = SourceFile.load(path)
        guard case .success(let source) = loaded else {
            if case .failure(let failure) = loaded { output.error(failure.message) }
            return 2
        }
        return run(source, wallClockLimit: timeout)
    }

    /// Runs a script's text (the fuzzer's entry: `wallClockLimit` bounds the whole script,
    /// so work that only Ctrl-C would stop ends too).
    public func run(_ source: Source, wallClockLimit: Duration? = nil) -> Int32 {
        // From here: checking (definitions put in place, imports) counts against it too.
        let realTimeLimit = wallClockLimit.map(RealTimeLimit.init)
        var frontend = sandboxed ? Frontend(catalogue: PhotoSources.catalogue) : Frontend.forFiles()
        frontend.operatorList = Frontend.commandLineOperatorList
        let (statements, diagnostics) = frontend.load(source)
        if !diagnostics.isEmpty {
            for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source, color: diagram.color)) }
            return 2
        }
        var options = RunOptions()
        options.clock = clock
        options.tracing = trace
        options.realTimeLimit = realTimeLimit
        options.memoryLimit = memoryLimit
        options.eventLimit = RunOptions.EventLimit(count: maxEvents, name: "frp run's limit",
                                                   advice: "`--max-events N` to see more, `take N` to see fewer")
        if let interrupted {
            options.interrupted = interrupted
            options.interruptReason = { "the server stopping" }
        } else if !sandboxed {
            Interrupt.install()
            options.interrupted = { Interrupt.isSet }
        }
        if let eventsPath {
            do throws(AtomicFile.Failure) {
                options.eventLog = try EventLog(path: eventsPath)
            } catch {
                output.error("frp: cannot write \(eventsPath): \(error.reason)")
                return 2
            }
        }
        options.svgPath = svgPath
        options.diagrams = diagrams
        options.serviceFailures = failures.table
        options.transport = transport
        options.diagramStyle = diagram
        options.prettyValues = !sandboxed && isatty(1) == 1
        let session = Session(options: options, output: output)
        session.interruptEchoes = !sandboxed && isatty(0) == 1 && isatty(1) == 1
        // However the script stops (Ctrl-C, its real-time limit), the events so far are kept.
        defer { putEventsInPlace(session) }
        for (index, statement) in statements.enumerated() {
            // Past the limit, nothing more runs: each statement would draw and write again.
            if let realTimeLimit, realTimeLimit.hasPassed {
                let left = statements.count - index
                output.line("stopped: the script's limit of \(realTimeLimit.duration) of real time has passed; "
                    + "\(left) statement\(left == 1 ? " was" : "s were") not run")
                return 1
            }
            session.execute(statement)
            // Ctrl-C stops the script after the run it cancelled has drawn its trace.
            if !sandboxed, Interrupt.take() { return 130 }
        }
        let eventsPlaced = putEventsInPlace(session)
        return session.problems > 0 || !eventsPlaced ? 1 : 0
    }

    /// Renames the `--events` file, written beside its path, over it (once); false, with
    /// the reason, when that failed, and the old file is then as it was.
    @discardableResult
    private func putEventsInPlace(_ session: Session) -> Bool {
        guard let eventsPath, let log = session.options.eventLog else { return true }
        session.options.eventLog = nil
        do throws(AtomicFile.Failure) {
            try log.commit()
        } catch {
            output.error("frp: cannot write the events: \(error.reason)")
            return false
        }
        output.error("frp: wrote \(eventsPath)")
        return true
    }
}

/// Where the runners write: events and results to standard output, problems to
/// standard error.
public struct Output: Sendable {
    public let line: @Sendable (String) -> Void
    public let error: @Sendable (String) -> Void

    public init(line: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.line = line
        self.error = error
    }

    public static let standard = Output(
        line: { text in print(text) },
        error: { text in
            // Standard output is buffered: what was printed before the problem comes first.
            fflush(frp_stdout())
            var standardError = StandardError()
            print(text, to: &standardError)
        }
    )
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        _ = string.utf8CString.withUnsafeBufferPointer { buffer in
            Glibc.write(2, buffer.baseAddress, buffer.count - 1)
        }
    }
}

/// Reads a script file as bytes, so invalid UTF-8 becomes a diagnostic, not a crash.
enum SourceFile {
    /// How long a named pipe (FIFO) may go without a writer before it is refused.
    static let fifoWait = Duration.seconds(10)

    static func load(_ path: String, fifoWait: Duration = SourceFile.fifoWait) -> Result<Source, LoadFailure> {
        let file: UnsafeMutablePointer<FILE>?
        switch FIFO.open(path, within: fifoWait) {
        case .notAFIFO: file = fopen(path, "rb")
        case .opened(let opened): file = opened
        case .noWriter:
            return .failure(LoadFailure(path: path, reason: "it is a named pipe (FIFO) and nothing was written to it within \(fifoWait)"))
        }
        guard let file, let bytes = readBytes(file) else {
            return .failure(LoadFailure(path: path, reason: String(cString: strerror(errno))))
        }
        switch Source.decode(bytes: bytes, name: path) {
        case .success(let source): return .success(source)
        case .failure(let diagnostic): return .failure(LoadFailure(message: diagnostic.rendered(in: nil), reason: diagnostic.message))
        }
    }

    /// The file's bytes, but at most one past `Source.sizeLimit`: a stream (`/dev/zero`)
    /// or a huge file is refused by `Source.decode` without being read whole.
    static func readBytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        return readBytes(file)
    }

    static func readBytes(_ file: UnsafeMutablePointer<FILE>) -> [UInt8]? {
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= Source.sizeLimit {
            let count = fread(&buffer, 1, buffer.count, file)
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            if count < buffer.count {
                if ferror(file) != 0 { return nil }
                break
            }
        }
        return bytes
    }
}

struct LoadFailure: Error {
    /// The whole sentence for the command line.
    let message: String
    /// Why, without the path (an `import` names the file itself).
    let reason: String

    init(message: String, reason: String) {
        self.message = message
        self.reason = reason
    }

    init(path: String, reason: String) {
        self.init(message: "frp: cannot read \(path): \(reason)", reason: reason)
    }
}

extension Frontend {
    /// The photo site's sources, and `import` reading files as `frp run` does.
    static func forFiles() -> Frontend {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        frontend.readFile = { path in SourceFile.load(path).mapError { Frontend.ImportFailure($0.reason) } }
        return frontend
    }
}

extension DiagramStyle {
    /// From the environment: Unicode lines when LC_ALL / LC_CTYPE / LANG say UTF-8 (unless
    /// `--ascii`), as wide as the terminal (or COLUMNS), colours only on a terminal and
    /// never when NO_COLOR is set (no-color.org).
    /// `--color`: `auto` colours at a terminal unless NO_COLOR is set (no-color.org).
    /// (Also `REPL.ColorChoice`, for the command line, which does not import Trace.)
    public enum ColorChoice: String, CaseIterable, Sendable {
        case auto, always, never
    }

    public static func fromEnvironment(ascii: Bool, color choice: ColorChoice = .auto) -> DiagramStyle {
        let names: [String] = ["LC_ALL", "LC_CTYPE", "LANG"]
        let locale = names.lazy.compactMap { name in getenv(name).map { String(cString: $0) } }
            .first { !$0.isEmpty } ?? ""
        let utf8 = locale.uppercased().contains("UTF-8") || locale.uppercased().contains("UTF8")
        var size = winsize()
        var width = 100
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 {
            width = Int(size.ws_col)
        } else if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 20 {
            width = columns
        }
        let color: Bool
        switch choice {
        case .auto: color = isatty(1) == 1 && getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true
        case .always: color = true
        case .never: color = false
        }
        return DiagramStyle(unicode: utf8 && !ascii, width: width, color: color, ascii: ascii || !utf8)
    }
}

/// Failures on demand, from the command line: `--fail search` (or `--fail "search=offline"`)
/// makes every request of a service fail; `--slow search=5` makes it five times slower.
public struct ServiceFailures: Sendable {
    var table: [String: PhotoServices.Failure] = [:]

    public init() {}

    /// Reads `--fail` and `--slow` values; a mistake is a message for the user.
    public init(fail: [String], slow: [String]) throws(ServiceFailureError) {
        let names = Set(PhotoSite.services.map(\.name))
        func check(_ name: String) throws(ServiceFailureError) {
            guard names.contains(name) else {
                throw ServiceFailureError(message: "there is no service called `\(name)`; the services are \(names.sorted().joined(separator: ", "))")
            }
        }
        for item in fail {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            try check(parts[0])
            table[parts[0]] = .fail(parts.count > 1 ? parts[1] : "failed on demand")
        }
        for item in slow {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            try check(parts[0])
            guard parts.count == 2, let factor = Double(parts[1]), factor > 0, factor.isFinite else {
                throw ServiceFailureError(message: "--slow needs SERVICE=FACTOR, like --slow search=5")
            }
            table[parts[0]] = .slow(factor)
        }
    }
}

public struct ServiceFailureError: Error {
    public let message: String
}

public typealias ColorChoice = DiagramStyle.ColorChoice

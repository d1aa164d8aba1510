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
    /// Virtual time, or live at a speed: the scheduler's own (one clock type).
    public typealias Clock = Scheduler.Clock

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
    /// Where each run's text diagram goes instead of the output (the playground's fold).
    public var textDiagrams: ((String) -> Void)?
    /// The width each SVG's time axis is drawn to (the playground's panel).
    public var svgPlotWidth = SVGMarbleDiagram<Value>.defaultPlotWidth
    /// Heap each run may add, in bytes; nil: no limit.
    public var memoryLimit: Int?
    /// Whether runs of simple stages are fused (the differential runs set it both ways).
    public var fused = Fusion.enabled

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
        // A named pipe is read within the script's limit too.
        let loaded = SourceFile.load(path, fifoWait: timeout.map { min($0, SourceFile.fifoWait) } ?? SourceFile.fifoWait)
        guard case .success(let source) = loaded else {
            if case .failure(let failure) = loaded { output.error(failure.message) }
            return 2
        }
        return run(source, wallClockLimit: timeout)
    }

    /// `frp run --plan`: the file checked, and each pipeline's plan printed; nothing runs.
    /// Exit status 2 when the file cannot be read or checked.
    public static func plan(path: String, traced: Bool, output: Output = .standard) -> Int32 {
        let loaded = SourceFile.load(path)
        guard case .success(let source) = loaded else {
            if case .failure(let failure) = loaded { output.error(failure.message) }
            return 2
        }
        var frontend = Frontend.forFiles()
        let (statements, diagnostics) = frontend.load(source)
        for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
        guard diagnostics.isEmpty else { return 2 }
        for line in Plans.lines(statements, traced: traced) { output.line(line) }
        return 0
    }

    /// Runs a script's text (the fuzzer's entry: `wallClockLimit` bounds the whole script,
    /// so work that only Ctrl-C would stop ends too).
    public func run(_ source: Source, wallClockLimit: Duration? = nil) -> Int32 {
        // From here: checking (definitions put in place, imports) counts against it too.
        run(source, realTimeLimit: wallClockLimit.map(RealTimeLimit.init))
    }

    /// The same, within a limit that began earlier (a playground request's, which its
    /// reply's making counts against too).
    func run(_ source: Source, realTimeLimit: RealTimeLimit?) -> Int32 {
        var frontend = sandboxed ? Frontend.sandboxed() : Frontend.forFiles()
        frontend.operatorList = Frontend.commandLineOperatorList
        let (statements, diagnostics) = frontend.load(source)
        if !diagnostics.isEmpty {
            for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source, color: diagram.color)) }
            return 2
        }
        var options = RunOptions()
        options.clock = clock
        options.realTimeLimit = realTimeLimit
        options.memoryLimit = memoryLimit
        options.fused = fused
        options.eventLimit = RunOptions.EventLimit(count: maxEvents, name: "frp run's limit",
                                                   advice: "`--max-events N` to see more, `take N` to see fewer")
        if let interrupted {
            options.interrupted = interrupted
            options.interruptReason = { "the server stopping" }
        } else if !sandboxed {
            Interrupt.install()
            options.interrupted = { Interrupt.isSet }
        }
        var outputs = RunOutputs(tracing: trace, diagramStyle: diagram, prettyValues: !sandboxed && isatty(1) == 1,
                                 svgPath: svgPath, diagrams: diagrams)
        outputs.svgPlotWidth = svgPlotWidth
        outputs.textDiagrams = textDiagrams
        if svgPath != nil || diagrams != nil { outputs.scriptMarbles = ScriptMarbles(source) }
        if let eventsPath {
            do throws(AtomicFile.Failure) {
                outputs.eventsFile = try EventsFile(path: eventsPath)
            } catch {
                output.error("frp: cannot write \(eventsPath): \(error.reason)")
                return 2
            }
        }
        options.serviceFailures = failures.table
        options.transport = transport
        let session = Session(options: options, outputs: outputs, output: output)
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
        guard let eventsPath, let log = session.outputs.eventsFile, log.isWritable else { return true }
        session.outputs.eventsFile = nil
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

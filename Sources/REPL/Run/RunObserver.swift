import Language
import Signals
import Trace

/// Who listens to a run. A run is driven by `Run` (how: `RunOptions`); what becomes of it
/// is its observers' (where: `RunOutputs`): each is told every event as it happens, then
/// the finished run, and each is one output: the printed events, the text diagram, an SVG
/// file or reply, the events file, the playground's rows. `Session` makes them from its
/// outputs for each run and tells them in order, which is the order of the output.
protocol RunObserver {
    /// An event the run sent, at its time.
    func observe(_ event: Event<Value>, at time: Time)
    /// The run is over: its trace is finished and read-only. `report` carries what the
    /// observers before it showed (letters) and what went wrong (an unwritable file).
    func finished(_ run: FinishedRun, report: inout RunReport)
}

extension RunObserver {
    func observe(_ event: Event<Value>, at time: Time) {}
}

/// A run when it is over, as every observer reads it.
struct FinishedRun {
    /// The pipeline as written (its heading).
    let title: String
    /// Its number in the session (`trace-2.svg`).
    let number: Int
    /// How it ran: the limits a stop line names.
    let options: RunOptions
    let outcome: RunOutcome
    /// Letters named before the run (a lesson's `{a: "kit"}`, a comparison above it).
    let named: [(mark: Character, full: String)]

    /// Whether there is time left to draw it: past the script's limit of real time a
    /// trace is not drawn or written (drawing counts against the limit as running does).
    var drawable: Bool {
        guard outcome.tracer != nil, let limit = options.realTimeLimit else { return true }
        return !limit.hasPassed
    }
}

/// What the observers of one run pass on, in their order.
struct RunReport {
    /// The letters on the screen, for a later view to letter the same values alike: the
    /// text diagram's first, then the named ones.
    var letters: [(mark: Character, full: String)]
    /// Outputs that could not be written: `frp run` exits 1.
    var problems = 0
}

/// Where a session's runs go: the outputs it makes observers of, each run. How a run runs
/// is `RunOptions`; a background job takes both from its session.
struct RunOutputs {
    /// Whether the trace is drawn as text after the run (`--no-trace`, `:trace off`).
    var tracing = true
    /// How diagrams are drawn (width, ASCII, colour); event lines take its width and colour.
    var diagramStyle = DiagramStyle()
    /// Whether a value too wide for a line is laid out over several (at a terminal; piped
    /// output stays one line per event, as tests and tools read it).
    var prettyValues = false
    /// Where every traced event goes as one JSON object per line (`--events FILE`).
    var eventsFile: EventsFile?
    /// Where each run's SVG diagram goes (`--svg FILE`; the second run's is FILE-2.svg).
    var svgPath: String?
    /// Where each run's SVG diagram goes instead of a file (the playground's reply).
    var diagrams: ((String) -> Void)?
    /// The width an SVG's time axis is drawn to, and the script's marbles its rows play.
    /// Where each run's text diagram goes instead of the output (the playground's fold).
    var textDiagrams: ((String) -> Void)?
    var svgPlotWidth = SVGMarbleDiagram<Value>.defaultPlotWidth
    var scriptMarbles: ScriptMarbles?

    /// Whether a run must keep a trace: to draw it, or for the events and SVG outputs.
    var keepsTrace: Bool { tracing || eventsFile?.isWritable == true || svgPath != nil || diagrams != nil }

    /// The observers of one run, in the order of what they print.
    func observers(output: Output, interruptEchoes: Bool) -> [any RunObserver] {
        var observers: [any RunObserver] = [EventPrinter(output: output, line: EventLine(style: diagramStyle, pretty: prettyValues),
                                                         interruptEchoes: interruptEchoes)]
        observers.append(TraceText(output: output, style: diagramStyle, draws: tracing, elsewhere: textDiagrams))
        if let diagrams {
            observers.append(SVGDiagram(destination: .reply(diagrams), output: output, plotWidth: svgPlotWidth, marbles: scriptMarbles))
        } else if let svgPath {
            observers.append(SVGDiagram(destination: .file(svgPath), output: output, plotWidth: svgPlotWidth, marbles: scriptMarbles))
        }
        if let eventsFile, eventsFile.isWritable { observers.append(EventsFlush(file: eventsFile, output: output)) }
        return observers
    }
}

import Language
import Signals
import Trace

/// Prints each event as it happens (`    12ms  next "kitten"`), then why the run stopped
/// when it did not end, and what it left behind.
struct EventPrinter: RunObserver {
    let output: Output
    let line: EventLine
    /// Whether the terminal echoes Ctrl-C as `^C` where the cursor is: the line saying
    /// the run was cancelled then starts on a new line.
    let interruptEchoes: Bool

    func observe(_ event: Event<Value>, at time: Time) {
        output.line(line.text(event, at: time))
    }

    func finished(_ run: FinishedRun, report: inout RunReport) {
        let time = EventLine.time(run.outcome.end)
        let options = run.options
        switch run.outcome.stop {
        case .ended: break
        case .eventLimit:
            let limit = options.eventLimit ?? RunOptions.EventLimit()
            output.line("\(time)  stopped after \(limit.count) event\(limit.count == 1 ? "" : "s"), \(limit.name) (\(limit.advice))")
        case .interrupted:
            if interruptEchoes { output.line("") }
            output.line("\(time)  cancelled")
        case .realTime:
            output.line("\(time)  stopped after \(options.realTimeLimit?.duration ?? .zero) of real time")
        case .memory:
            output.line("\(time)  stopped after using more than \((options.memoryLimit ?? 0) >> 20) MB of memory, the most a run may here")
        case .horizon:
            output.line("\(time)  stopped after \(Session.virtualTimeLimit) of virtual time: the signal had not ended")
        case .quiescent:
            output.line("\(time)  (still open, but nothing more can happen: no timers or requests are pending)")
        }
        if !run.outcome.leftovers.isEmpty { output.error("frp: \(run.outcome.leftovers.report)") }
    }
}

/// The trace drawn as text under the events (each stage a row), then the run's requests.
struct TraceText: RunObserver {
    let output: Output
    let style: DiagramStyle
    /// Whether the diagram is drawn (`:trace off` still prints the requests).
    let draws: Bool
    /// Where the drawn diagram goes instead of the output, with its run's title first (the
    /// playground folds it under the events, its one picture being the SVG).
    let elsewhere: ((String) -> Void)?

    func finished(_ run: FinishedRun, report: inout RunReport) {
        guard run.drawable else {
            output.line("(not drawn: the script's limit of \(run.options.realTimeLimit?.duration ?? .zero) of real time has passed)")
            if let line = run.outcome.requestSummary { output.line(line) }
            return
        }
        if draws, let tracer = run.outcome.tracer {
            let diagram = MarbleDiagram(tracer: tracer, end: run.outcome.end, style: style,
                                        describe: { $0.legendDescription }, detail: { $0.shownDescription }, named: run.named)
            if !diagram.isEmpty {
                let (drawn, letters) = diagram.renderLettered()
                if let elsewhere { elsewhere("» " + run.title + "\n" + drawn) } else { output.line(drawn) }
                // The trace's letters first: a value has one letter in both drawings of the run.
                report.letters = letters + report.letters
            }
        }
        if let line = run.outcome.requestSummary { output.line(line) }
    }
}

/// The trace drawn as SVG: to a file (`--svg FILE`, the second run's FILE-2.svg), or
/// handed over (the playground's reply).
struct SVGDiagram: RunObserver {
    enum Destination {
        case file(String)
        case reply((String) -> Void)
    }

    let destination: Destination
    let output: Output
    let plotWidth: Double
    let marbles: ScriptMarbles?

    func finished(_ run: FinishedRun, report: inout RunReport) {
        guard run.drawable, let tracer = run.outcome.tracer else { return }
        let svg = SVGMarbleDiagram(tracer: tracer, end: run.outcome.end, title: run.title,
                                   describe: { $0.legendDescription }, detail: { $0.shownDescription }, named: run.named,
                                   plotWidth: plotWidth, marbleRow: { [marbles] in marbles?.row(key: $0, label: $1) }).render()
        switch destination {
        case .reply(let deliver):
            deliver(svg)
        case .file(let svgPath):
            let path = run.number == 1 ? svgPath : Session.numbered(svgPath, run.number)
            do throws(AtomicFile.Failure) {
                try AtomicFile.replace(path, with: svg, inPlaceUnlessRegular: true)
                output.error("frp: wrote \(path)")
            } catch {
                output.error("frp: cannot write \(path): \(error.reason)")
                report.problems += 1
            }
        }
    }
}

/// Writes out the run's records of the events file (they are written as the trace
/// records them); a failure gives the file up, and later runs write none.
struct EventsFlush: RunObserver {
    let file: EventsFile
    let output: Output

    func finished(_ run: FinishedRun, report: inout RunReport) {
        guard run.drawable else { return }
        do throws(AtomicFile.Failure) {
            try file.flush()
        } catch {
            output.error("frp: cannot write the events: \(error.reason)")
            report.problems += 1
            file.discard()
        }
    }
}

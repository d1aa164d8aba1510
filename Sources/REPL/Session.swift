import Dispatch
import Language
import Services
import Signals
import Trace

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs checked statements: the state a script or a REPL session keeps between them
/// (properties, service settings), each run told to the observers its outputs make.
final class Session {
    /// How every run of the session runs: clock, limits, services, fusion.
    var options: RunOptions
    /// Where its runs go: printed events, diagrams, files (`RunObserver`).
    var outputs: RunOutputs
    let output: Output
    let properties = PropertyStore()
    /// Virtual runs stop after this much virtual time if the pipeline has not ended.
    static let virtualTimeLimit = TimeSpan.seconds(600)
    /// A run stops after this many events (the pipeline is disposed): a screenful of
    /// `interval` is enough to see what it does.
    static let eventLimit = 1_000
    /// Whether the terminal echoes Ctrl-C as `^C` where the cursor is (a run at a
    /// terminal): the line saying the run was cancelled then starts on a new line.
    var interruptEchoes = false
    /// Failed expects and output that could not be written: `frp run` exits 1 if any.
    private(set) var problems = 0
    private var runNumber = 0
    /// The REPL's background pipelines (`&`); nil in scripts, where `&` runs in the foreground.
    var jobs: Jobs?
    /// Services made to fail or be slow by `service` statements: for the runs and the
    /// expects after them (the options' failures, `--fail`/`--slow`, are for runs only).
    var serviceSettings: [String: PhotoServices.Failure] = [:]

    init(options: RunOptions, outputs: RunOutputs = RunOutputs(), output: Output) {
        self.options = options
        self.outputs = outputs
        self.output = output
    }

    func execute(_ statement: CheckedStatement) {
        switch statement {
        case .bind, .define:
            break  // the checker resolved the name; later uses compile its pipeline or stages
        case .declareProperty, .assign, .bindProperty:
            var options = self.options
            options.serviceFailures = options.serviceFailures.merging(serviceSettings) { $1 }
            let context = options.makeContext(properties: properties, write: { [output] in output.line($0) })
            defer { context.finish() }
            switch properties.apply(statement, in: context) {
            case .success(let set):
                if case .assign = statement, let (name, value) = set { jobs?.propertyChanged(name, to: value) }
            case .failure(let error):
                output.error("error: \(error.message)")
            }
        case .run(let pipeline, _, _) where pipeline.plainValue.map(isShown) == true:
            show(value: pipeline)
        case .run(let pipeline, let background, _):
            if background, let jobs {
                if options.clock == .virtual {
                    output.line("(virtual time is instant: running it in the foreground; `:time live` for background runs)")
                    run(pipeline)
                } else {
                    jobs.start(pipeline, like: self)
                }
            } else {
                run(pipeline)
            }
        case .service(let name, let setting):
            serviceSettings.apply(setting, to: name)
        case .expect(let pipeline, let marble, let marbleText, let values, let error, let line, _):
            let outcome = Expectation(pipeline: pipeline, marble: marble, marbleText: marbleText,
                                      values: values, errorMessage: error, failures: serviceSettings, transport: options.transport,
                                      realTimeLimit: options.realTimeLimit, properties: properties.values).run()
            if outcome.passed {
                output.line("✓ line \(line): \(pipeline.text) emits \"\(marbleText)\"")
            } else {
                problems += 1
                output.line("✗ line \(line): \(pipeline.text) emits \"\(marbleText)\"")
                for reportLine in outcome.report { output.line("    " + reportLine) }
            }
        }
    }

    /// A statement as its output starts: `» of 1, 2` (`>>` in ASCII).
    func heading(_ text: String) -> String {
        "\(outputs.diagramStyle.ascii ? ">>" : "»") \(text)"
    }

    /// Whether a plain value can be shown: a property that failed to be declared is run,
    /// and its run says there is no such property.
    private func isShown(_ expression: CheckedExpression) -> Bool {
        if case .property(let name) = expression { return properties.property(name) != nil }
        return true
    }

    /// A value that is not a stream (`1 + 2`, a property's name): its heading, then the
    /// value, as node and Python print one; no events, no trace.
    private func show(value pipeline: CheckedPipeline) {
        guard let expression = pipeline.plainValue else { return }
        output.line(heading(pipeline.text))
        let context = options.makeContext(properties: properties, write: { [output] in output.line($0) })
        defer { context.finish() }
        do throws(EvaluationFailure) {
            let value = try Compiler(context: context).evaluate(expression)
            output.line(outputs.prettyValues ? value.pretty(width: outputs.diagramStyle.width, indent: 0).joined(separator: "\n") : value.printed)
        } catch {
            output.error("error: \(error.message)")
        }
    }

    /// Runs a pipeline to its end (or a limit), telling each event with its time, then the
    /// finished run, to the observers its outputs make (the printed events, the trace...).
    /// `started` sees the run's scheduler before time starts (a background job makes its
    /// inlet there).
    /// `marking`: records of marks (`{a: "kit"}`) whose letters the trace keeps before the
    /// pipeline's own (a lesson's exercise draws its answer with the exercise's letters).
    /// `letters`: values already lettered on the screen (a comparison above the trace).
    func run(_ pipeline: CheckedPipeline, marking: [CheckedExpression] = [], letters: [(mark: Character, full: String)] = [],
             started: ((Scheduler) -> Void)? = nil) {
        runNumber += 1
        var options = self.options
        options.serviceFailures = options.serviceFailures.merging(serviceSettings) { $1 }
        let output = self.output
        // A CRLF file's continued statement keeps its `\r`s in its text: not printed.
        let text = String(String.UnicodeScalarView(pipeline.text.unicodeScalars.filter { $0 != "\r" }))
        output.line(heading(text))
        let observers = outputs.observers(output: output, interruptEchoes: interruptEchoes)
        var run = Run(pipeline: pipeline, options: options, properties: properties, write: { output.line($0) },
                      number: runNumber)
        run.traced = outputs.keepsTrace
        if let eventsFile = outputs.eventsFile, eventsFile.isWritable {
            let number = runNumber
            run.records = { record in eventsFile.write(record, run: number) }
        }
        let outcome = run.perform(started: started) { event, time in
            for observer in observers { observer.observe(event, at: time) }
        }
        // The letters on the screen already (a comparison above) first, so a letter means
        // one value there and in the trace; then the marks the script gave values.
        let named = letters + MarbleNames.of(marking + pipeline.marbleValueRecords, properties: properties)
        let finished = FinishedRun(title: text, number: runNumber, options: options, outcome: outcome, named: named)
        var report = RunReport(letters: named)
        for observer in observers { observer.finished(finished, report: &report) }
        problems += report.problems
    }

}

extension Session {
    /// `trace.svg` → `trace-2.svg`.
    static func numbered(_ path: String, _ number: Int) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "\(path)-\(number)" }
        return "\(path[..<dot])-\(number)\(path[dot...])"
    }
}

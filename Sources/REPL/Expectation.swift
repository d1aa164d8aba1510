import Language
import Services
import Signals
import Trace

/// Runs one `expect` in virtual time from frame 0 and compares every event: frame, kind
/// and value.
struct Expectation {
    let pipeline: CheckedPipeline
    let marble: Marble
    let marbleText: String
    let values: CheckedExpression?
    let errorMessage: String?
    /// Services made to fail or be slow by `service` statements before the expect.
    var failures: [String: PhotoServices.Failure] = [:]
    /// Where the services' answers come from; virtual time waits for them, so the outcome
    /// is the same for every transport.
    var transport: any PhotoTransport = InProcessTransport.shared
    /// The script's limit of real time, when it has one (the fuzzer's).
    var realTimeLimit: RealTimeLimit? = nil
    /// The sources beyond the language's own, for each run, when not the photo services
    /// (a test gives a leaky one).
    var services: ((Scheduler) -> SourceProvider)? = nil
    /// The properties (`var`) declared before the expect, with their values at that point.
    var properties: [String: Value] = [:]

    struct Outcome {
        var passed: Bool
        /// Expected and actual drawn one above the other, the first difference marked,
        /// and the differing events; empty when passed.
        var report: [String]
        /// What the pipeline sent within the comparison's window.
        var actual: [Recorded<Value>] = []
        /// Stopped by a limit (real time, events) before the window's end: what it sent
        /// says nothing of what it would have.
        var stopped = false
        /// The letters the report gave values (the task's, then new ones): a trace drawn
        /// under it keeps them.
        var letters: [(mark: Character, full: String)] = []
    }

    func run() -> Outcome {
        // A marble that ends with a `-` run (or a time progression) means "nothing more
        // within its width"; one that ends with a value or a group without an end compares
        // the events that follow too, as RxJS does, for up to `openHorizon` frames (a
        // source that never ends must not run forever).
        let open = endsOpen
        let width = max(marble.width - 1, 0) + (open ? Expectation.openHorizon : 0)
        let limit = RealTimeLimit(Expectation.wallClockLimit).earlier(realTimeLimit)
        let (actual, table, stop, leftovers) = record(for: .milliseconds(width), within: limit)
        switch stop {
        case .realTime:
            return Outcome(passed: false, report: [
                "stopped after \(limit.duration) of real time: the pipeline works without end in one instant",
                "(a synchronous source such as `range 1, 1e12` that nothing stops: add `take N`)"], stopped: true)
        case .eventLimit:
            return Outcome(passed: false, report: [
                "stopped after \(Expectation.eventLimit) events, an expect's limit: the marble has \(marble.entries.count)",
                "(compare fewer with `take N`)"], stopped: true)
        default: break
        }
        guard leftovers.isEmpty else { return Outcome(passed: false, report: [leftovers.report]) }
        let expected = marble.entries.map { entry -> Recorded<Value> in
            let event: Event<Value>
            switch entry.mark {
            case .value(let mark): event = .next(table[mark] ?? .string(String(mark)))
            case .completed: event = .completed
            case .error: event = .error(SignalError(errorMessage ?? "error"))
            }
            return Recorded(time: .frame(entry.frame), event: event)
        }
        guard !same(expected, actual) else { return Outcome(passed: true, report: [], actual: actual) }
        // Show what happened next too (the run is deterministic, so a longer one is the
        // same run, continued): a delayed event shows where it went.
        let longer = open ? actual : record(for: .milliseconds(width + max(20, width)), within: limit).events
        // What is drawn stops a little past the expected marble: an endless source
        // compared for `openHorizon` frames would fill the screen.
        let firstDifferent = Expectation.firstDifference(expected, longer)
        let shownFrames = max(marble.width, firstDifferent < longer.count ? longer[firstDifferent].frame + 1 : 1) + 20
        let shown = longer.prefix { $0.frame < shownFrames }
        var (report, letters) = describeDifference(expected: expected, actual: longer, drawn: shown.count, table: table)
        if shown.count < longer.count {
            report.append("(what it sent is drawn up to \(shownFrames - 1) ms; it went on to \(longer.last.map { String($0.frame) } ?? "?") ms)")
        } else if longer.count > actual.count {
            report.append("(the expected marble ends at \(width) ms; what it sent after that is drawn too, to show where it went)")
        }
        if open, actual.count > expected.count, same(expected, Array(actual.prefix(expected.count))) {
            report.append("hint: more came after the marble's last event; end the marble with `-` to look only within its width")
        }
        return Outcome(passed: false, report: report, actual: actual, letters: letters)
    }

    /// How far an expectation whose marble ends with a value looks past it, in frames
    /// (RxJS's TestScheduler stops at 750).
    static let openHorizon = 1000

    /// Whether the marble ends with a value or a group that has no end, rather than with
    /// `|`, `#`, a `-` run or a time progression.
    private var endsOpen: Bool {
        !marble.entries.isEmpty && !marble.terminates && !marble.endsWithSilence
    }

    /// One run of the pipeline in virtual time, recorded for `limit`.
    /// An expectation runs in virtual time, so only synchronous work without end can take
    /// long: it is stopped after this much real time.
    static let wallClockLimit = Duration.seconds(10)
    /// An expectation records at most this many events (each is kept to compare): a
    /// marble is written by hand, and a long run recorded whole would hold every event.
    static let eventLimit = 100_000

    /// The run is also checked for leaks: after it is disposed, nothing it started may be
    /// left (`Leftovers`).
    private func record(for limit: TimeSpan, within realTime: RealTimeLimit)
        -> (events: [Recorded<Value>], table: [Character: Value], stop: RunOutcome.Stop, leftovers: Leftovers) {
        var options = RunOptions.expectation(window: limit, within: realTime, transport: transport, failures: failures)
        options.services = services
        let store = PropertyStore()
        for (name, value) in properties { store.declare(name, value) }
        var events: [Recorded<Value>] = []
        let outcome = Run(pipeline: pipeline, options: options, properties: store).perform { event, time in
            events.append(Recorded(time: time, event: event))
        }
        return (events, valueTable(store), outcome.stop, outcome.leftovers)
    }

    /// The marks the pipeline's own marbles give values (`{a: "kit"}`): after the expect's,
    /// the comparison letters those values so, as the trace under it does.
    private var sourceNames: [(mark: Character, full: String)] {
        let store = PropertyStore()
        for (name, value) in properties { store.declare(name, value) }
        return MarbleNames.of(pipeline.marbleValueRecords, properties: store)
    }

    /// What each mark of the marble stands for: VALUES, else the mark as a string.
    private func valueTable(_ properties: PropertyStore) -> [Character: Value] {
        var table: [Character: Value] = [:]
        for entry in marble.entries {
            if case .value(let mark) = entry.mark { table[mark] = .string(String(mark)) }
        }
        let context = RunContext(scheduler: .virtual(), properties: properties)
        defer { context.finish() }
        let compiler = Compiler(context: context)
        if let values, case .record(let record)? = try? compiler.evaluate(values) {
            for field in record.fields where field.name.count == 1 {
                if let mark = field.name.first { table[mark] = field.value }
            }
        }
        return table
    }

    private func same(_ a: [Recorded<Value>], _ b: [Recorded<Value>]) -> Bool { Expectation.same(a, b) }

    /// Whether two recordings have the same events at the same frames.
    static func same(_ a: [Recorded<Value>], _ b: [Recorded<Value>]) -> Bool {
        a.count == b.count && firstDifference(a, b) == a.count
    }

    /// The index of the first event where two recordings differ (the shorter one's
    /// count when one is the beginning of the other).
    static func firstDifference(_ a: [Recorded<Value>], _ b: [Recorded<Value>]) -> Int {
        zip(a, b).enumerated().first { pair in
            pair.element.0.frame != pair.element.1.frame || !same(pair.element.0.event, pair.element.1.event)
        }?.offset ?? min(a.count, b.count)
    }

    /// Events compared as marbles compare them: a NaN expected is a NaN received (the
    /// language's `==` keeps IEEE's `nan != nan`, so `distinctUntilChanged` passes NaNs
    /// on, as RxJS does).
    static func same(_ a: Event<Value>, _ b: Event<Value>) -> Bool {
        guard case .next(let x) = a, case .next(let y) = b else { return a == b }
        return same(x, y)
    }

    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.list(let xs), .list(let ys)): return xs.count == ys.count && zip(xs, ys).allSatisfy { same($0, $1) }
        case (.record(let x), .record(let y)):
            return x.fields.count == y.fields.count
                && x.fields.allSatisfy { field in y[field.name].map { same(field.value, $0) } ?? false }
        default: return a == b
        }
    }

    /// Both marbles (the actual one drawn for its first `drawn` events), the first
    /// difference marked and named.
    private func describeDifference(expected: [Recorded<Value>], actual: [Recorded<Value>], drawn: Int,
                                    table: [Character: Value]) -> ([String], letters: [(mark: Character, full: String)]) {
        // The task's letters first (its VALUES, or each mark as its own text), then its
        // sources' (a marble's VALUES), then new letters for new values; every letter drawn
        // gets a legend entry. The trace under it starts from these (one labelling).
        let named = table.sorted { $0.key < $1.key }.map { (mark: $0.key, full: $0.value.description) } + sourceNames
        let values = actual.prefix(drawn).compactMap { recorded -> String? in
            if case .next(let value) = recorded.event { return value.description }
            return nil
        }
        var letters = Letters(reserving: values, limit: 52, named: named, legendsNamed: true)
        for entry in marble.entries {
            if case .value(let mark) = entry.mark, let value = table[mark] {
                _ = letters.letter(full: value.description, short: value.abbreviated)
            }
        }
        let actualEntries = actual.prefix(drawn).map { recorded -> Marble.Entry in
            switch recorded.event {
            case .completed: return Marble.Entry(frame: recorded.frame, mark: .completed)
            case .error: return Marble.Entry(frame: recorded.frame, mark: .error)
            case .next(let value):
                return Marble.Entry(frame: recorded.frame, mark: .value(letters.letter(full: value.description, short: value.shortened(to: 40))))
            }
        }
        let index = Expectation.firstDifference(expected, actual)
        // The marble as written above the actual events drawn in its style.
        let comparison = MarbleComparison(written: (try? Marble.tokens(marbleText)) ?? [], expectedEntries: marble.entries,
                                          actual: actualEntries, endsWithSilence: marble.endsWithSilence,
                                          width: marble.width, difference: index)
        var lines = ["expected: \(comparison.expected)", "actual:   \(comparison.actual)"]
        lines.append(String(repeating: " ", count: 10 + comparison.caret) + "^")
        if comparison.drawnLate {
            lines.append("(some of what it sent is drawn a little later than it came: a group takes its width, and they were closer; the times below are exact)")
        }
        // A time progression's row is spaced out so that the two rows line up.
        if comparison.expected.contains("  ") || comparison.actual.contains("  ") {
            lines.append("(spaces only line the two rows up: they take no time)")
        }
        var want = index < expected.count ? describe(expected[index]) : "nothing more"
        var got = index < actual.count ? describe(actual[index]) : "nothing more"
        // Values that read the same shortened: each around its first differing character.
        if want == got, index < expected.count, index < actual.count,
           case .next(let wanted) = expected[index].event, case .next(let gotten) = actual[index].event,
           let at = TextDifference.first(wanted.description, gotten.description) {
            want = describe(expected[index], as: TextDifference.excerpt(wanted.description, around: at))
            got = describe(actual[index], as: TextDifference.excerpt(gotten.description, around: at))
        }
        lines.append("first difference (event \(index + 1)): expected \(want), got \(got)")
        let legend = letters.legend()
        if !legend.isEmpty { lines.append("where " + legend.joined(separator: ", ")) }
        return (lines, letters.assigned)
    }

    /// `next "kitten" at frame 3`; `text`, when given, is how the value reads.
    private func describe(_ recorded: Recorded<Value>, as text: String? = nil) -> String {
        let what: String
        switch recorded.event {
        case .next(let value): what = "next \(text ?? value.abbreviated)"
        case .completed: what = "completed"
        case .error(let error): what = "error \(Value.string(error.message))"
        }
        return "\(what) at frame \(recorded.frame)"
    }
}

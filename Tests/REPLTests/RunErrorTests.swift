import Language
@testable import REPL
import Signals
import Testing
import TestSupport

/// A row of a run-error table: the engine's (group 09), the language's (group 10) or an
/// expression's (group 11).
enum AnyRunErrorKind: Hashable, Sendable, CustomStringConvertible {
    case engine(RunErrorKind)
    case language(LanguageRunErrorKind)
    case expression(ExpressionFailureKind)

    static var allCases: [AnyRunErrorKind] {
        RunErrorKind.allCases.map(AnyRunErrorKind.engine) + LanguageRunErrorKind.allCases.map(AnyRunErrorKind.language)
            + ExpressionFailureKind.allCases.map(AnyRunErrorKind.expression)
    }

    var description: String {
        switch self {
        case .engine(let kind): return kind.rawValue
        case .language(let kind): return kind.rawValue
        case .expression(let kind): return kind.rawValue
        }
    }

    /// The row `error` was made from, in the table this row belongs to.
    func made(_ error: SignalError) -> Bool {
        switch self {
        case .engine(let kind): return error.kind == kind
        case .language(let kind): return error.languageKind == kind
        case .expression(let kind): return error.expressionKind == kind
        }
    }
}

/// A script that raises one run-time error, and a piece of what it says.
struct RunErrorCase: Sendable, CustomTestStringConvertible {
    let kind: AnyRunErrorKind
    let script: String
    let fragment: String
    /// Run as if stopped (Ctrl-C, the limit of real time) from the start.
    var interrupted = false
    /// Whether a `ScriptRunner` can show it: every run of the runner has the services.
    var throughRunner = true

    init(_ kind: RunErrorKind, _ script: String, _ fragment: String, interrupted: Bool = false) {
        self.kind = .engine(kind)
        self.script = script
        self.fragment = fragment
        self.interrupted = interrupted
    }

    init(_ kind: LanguageRunErrorKind, _ script: String, _ fragment: String, throughRunner: Bool = true) {
        self.kind = .language(kind)
        self.script = script
        self.fragment = fragment
        self.throughRunner = throughRunner
    }

    init(_ kind: ExpressionFailureKind, _ script: String, _ fragment: String) {
        self.kind = .expression(kind)
        self.script = script
        self.fragment = fragment
    }

    var testDescription: String { "\(kind): \(script)" }
}

/// Every run-time error a script can raise, one script each; those no script can raise,
/// with the reason.
@Suite("Run-time errors")
struct RunErrorTests {
    static let cases: [RunErrorCase] = [
        // 09 the engine
        RunErrorCase(.negativeCount, "of -1 | flatMap (of 1 | take it)", "take: the count must not be negative, got -1"),
        RunErrorCase(.timeout, "never | timeout 5ms", "timeout: no event within 5ms"),
        RunErrorCase(.backlog, "range 1, 2000000 | concatMap (timer 1ms)",
                     "concatMap: more than 1000000 values waiting (the source sends faster than they are used"),
        RunErrorCase(.emptySequence, "empty | first", "first: the signal completed without a value"),
        RunErrorCase(.emptySequence, "empty | last", "last: the signal completed without a value"),
        RunErrorCase(.outOfRange, "of 1, 2 | elementAt 5", "elementAt: the signal completed after 2 values, before the one at 5"),
        RunErrorCase(.expandTooDeep, "of 1 | expand (of it + 1)", "expand: more than 128 runs inside one another at one instant"),
        RunErrorCase(.closedAtOnce, "cold \"-a|\" | windowWhen empty", "windowWhen: more than 128 closing runs ended at once"),
        RunErrorCase(.tooMany, "of 1, 2 | single", "single: more than one value met the condition, where one was wanted"),
        RunErrorCase(.replayTooLarge, "of 200000 | flatMap (of 1 | replay it)", "replay: at most 100000 values can be kept, got 200000"),
        RunErrorCase(.bufferCount, "of 0 | flatMap (of 1 | buffer it)", "buffer: the count must be at least 1, got 0"),
        RunErrorCase(.bufferTooFull, "range 1, 3000 | buffer 1000000, 1",
                     "buffer: 1000000, 1 would hold more than 1000000 values at once (a list of 1000000 opens every 1 values)"),
        RunErrorCase(.flatMapLimit, "of 0 | flatMap (of 1 | flatMap (of 2), it)",
                     "flatMap: the number of runs at once must be 1 or more, not 0"),
        RunErrorCase(.retryInterrupted, #"fail "x" | retry"#, "retry: interrupted after 1 attempt", interrupted: true),
        RunErrorCase(.repeatInterrupted, "of 1 | repeat", "repeat: interrupted after 1 run", interrupted: true),
        // 10 the language
        RunErrorCase(.notWholeNumber, "of 1.5 | flatMap (of 1 | take it)", "1:26 take: take needs a whole number, not 1.5"),
        RunErrorCase(.notACondition, "of 1 | filter it",
                     "1:8 filter: filter needs a condition that is true or false, not a number (1)"),
        RunErrorCase(.notACondition, "of 1 | takeWhile it",
                     "1:8 takeWhile: takeWhile needs a condition that is true or false, not a number (1)"),
        RunErrorCase(.notASignal, "of {a: 1} | flatMap it.a",
                     "1:13 flatMap: flatMap needs a signal, got a number (1); `of X` makes a signal of one value"),
        RunErrorCase(.notSignalsOfSignals, "of 1 | switchToLatest",
                     "1:8 switchToLatest: switchToLatest needs a signal of signals, got a number (1)"),
        RunErrorCase(.skipWithNotifier, #"cold "-a|" | buffer (timer 1ms), 2"#, "buffer closed by a signal takes no SKIP"),
        RunErrorCase(.notAnEvent, #"of {kind: "nxt"} | dematerialize"#,
                     "1:20 dematerialize: dematerialize needs records like {kind: "),
        RunErrorCase(.notAList, "of 1 | flatMap (from it)", "1:17 from: from needs a list, got a number (1); `of X` sends one value"),
        RunErrorCase(.bufferTooLarge, "of 2000000 | flatMap (of 1 | buffer it)",
                     "1:30 buffer: buffer holds at most 1000000 values, not 2000000"),
        // A ScriptRunner always has the services: only an embedding without them says so.
        RunErrorCase(.serviceUnavailable, #"search "cats""#, "1:1 search: `search` is not available here", throughRunner: false),
        RunErrorCase(.noSuchProperty, "var x = 1 / 0\nx", "no property called `x`"),
        // 11 expressions: a script for each message
        RunErrorCase(.cannotAdd, #"of 1 | map it + "a""#, "1:15 map: I cannot add a number and a string (use string(x) to join text)"),
        RunErrorCase(.notNumbers, #"of "a" | map it * 2"#, "1:17 map: `*` needs two numbers, not a string and a number"),
        RunErrorCase(.notNumbers, #"of "a" | map -it"#, "map: `-` needs a number, not a string"),
        RunErrorCase(.notBooleans, "of 1 | not", "1:8 not: `not` needs a boolean, not a number"),
        RunErrorCase(.notBooleans, "of 1 | map it and true", "1:15 map: `and` needs booleans on both sides, not a number"),
        RunErrorCase(.notBooleans, "of false | map it or 2", "map: `or` needs booleans on both sides, not a number"),
        RunErrorCase(.notBooleans, "of 1 | map if it then 1 else 2", "map: `if` needs a boolean condition, not a number"),
        RunErrorCase(.cannotCompare, #"of "a" | map it < 1"#, "map: I cannot compare a string with a number"),
        RunErrorCase(.divisionByZero, "of 0 | map 1 / it", "1:14 map: division by zero"),
        RunErrorCase(.divisionByZero, "of 0 | map 1 % it", "1:14 map: remainder of a division by zero"),
        RunErrorCase(.notText, #"of 1 | map it matches "a""#,
                     "map: `matches` needs a string on the left and a pattern string on the right, not a number and a string"),
        RunErrorCase(.notText, #"of 1 | map "a" matches it"#, "map: `matches` needs a string on the left and a pattern string on the right, not a string and a number"),
        RunErrorCase(.badPattern, #"of "(" | map "a" matches it + "x""#, " is not a regular expression I can read: a `(` is never closed"),
        RunErrorCase(.notARecord, "of 1 | map it.name", "map: I cannot read the field `name` of a number (1)"),
        RunErrorCase(.noSuchField, "of [{a: 1}] | map it[0].b", "map: the record has no field `b`: did you mean `a`? It has `a`"),
        RunErrorCase(.outsideTheList, "of [1] | map it[3]", "map: index 3 is outside the list of 1"),
        RunErrorCase(.cannotIndex, "of 1 | map it[0]", "map: I cannot index a number with a number"),
        RunErrorCase(.wrongArgument, "of 1 | map length(it)", "map: `length` needs a string, list, record or bytes, not a number"),
        RunErrorCase(.wrongArgument, "of [1, \"a\"] | map sum(it)", "map: `sum` needs a list of numbers, not a list holding a string"),
        RunErrorCase(.wrongArgument, "of 1 | map each(it, 1)", "1:12 map: `each` needs a list, not a number"),
        RunErrorCase(.wrongArgument, "of [1] | map keep(it, 2)", "1:14 map: `keep` needs a condition that is true or false for each item, not a number"),
        RunErrorCase(.notANumber, #"of "abc" | map number(it)"#, " is not a number"),
        RunErrorCase(.notFound, #"of [{a: 1}] | map find(it, "a", 2)"#, "map: no item of the list has a = 2"),
        RunErrorCase(.tooLong, "range 1, 1000001 | reduce [], acc + [it]", "reduce: the list would be longer than 1000000 items"),
        RunErrorCase(.tooDeep, "range 1, 300 | scan [], [acc]", "scan: the value would nest lists and records more than 200 levels deep"),
        RunErrorCase(.durationOutOfRange, "of 1e15 | map it * 1ms", "map: a duration of 1000000000000000 ms is past the longest"),
        RunErrorCase(.notADuration, "of 1 | delay it", "1:8 delay: a duration was wanted, not a number (1)"),
    ]

    /// The rows no script can raise, and why: each guards the library's own use or an
    /// invariant the checker keeps.
    static let unreachable: [AnyRunErrorKind: String] = [
        .engine(.negativeDuration): "durations are written, not computed: the checker refuses a negative one (FRP0412)",
        .engine(.intervalPeriod): "the checker refuses a period under 1ms (FRP0413)",
        .engine(.actionDisabled): "the action stage's refused inputs are dropped: apply's error reaches no view",
        .engine(.actionExecuting): "the action stage's refused inputs are dropped: apply's error reaches no view",
        .engine(.sendAfterEnd): "no script sends to a subject: hot sources deliver without the check",
        .engine(.reentrantSend): "no script sends to a subject: hot sources deliver without the check",
        .engine(.readOnlyProperty): "a script's properties are writable; an action's own (read-only) ones are set with try?",
        .engine(.reentrantSet): "a script sets a property only in a statement, never while it delivers",
        .language(.hotSourceNotStarted): "the checker lists every hot source a pipeline reaches; the run starts them all",
        .language(.actionNotMade): "compiling the named action's pipeline registers its action before the view looks",
        .expression(.unknownFunction): "the checker refuses a function it does not know (FRP0303)",
        .expression(.argumentCount): "the checker refuses a call with the wrong count of arguments",
        .expression(.interrupted): "raised inside one costly operation when the run's real-time limit passes: RequestLimitTests.matchesStopsInside (wall clock, so not here)",
    ]

    @Test("a script raises it, and the runner prints it as an error event", arguments: cases.filter(\.throughRunner))
    func printed(_ row: RunErrorCase) {
        let captured = Captured()
        var runner = ScriptRunner(clock: .virtual, trace: false, output: captured.output)
        if row.interrupted { runner.interrupted = { true } }
        _ = runner.run(Source(name: "run-error.frp", text: row.script))
        let errors = captured.text.split(separator: "\n").filter { $0.contains("error \"") }
        #expect(errors.contains { $0.contains(row.fragment) }, "\(row.kind) not printed; the run printed:\n\(captured.text)")
    }

    @Test("the error event is made from its row", arguments: cases)
    func madeFromItsRow(_ row: RunErrorCase) {
        let (statements, diagnostics, rendered) = checked(row.script, name: "run-error.frp", catalogue: PhotoSources.catalogue)
        guard diagnostics.isEmpty, case .run(let pipeline, _, _)? = statements.last else {
            Issue.record("\(row.script) did not load: \(rendered)")
            return
        }
        let scheduler = Scheduler.virtual()
        if row.interrupted { scheduler.interrupted = { true } }
        let context = RunContext(scheduler: scheduler, write: { _ in })
        let compiler = Compiler(context: context)
        compiler.startHotSources(pipeline)
        var failure: SignalError?
        let lifetime = compiler.signal(pipeline).subscribe { event in
            if case .error(let error) = event { failure = error }
        }
        scheduler.run(until: scheduler.now + .seconds(10), shouldStop: { failure != nil })
        lifetime.dispose()
        context.finish()
        guard let failure else {
            Issue.record("\(row.script) raised no error")
            return
        }
        #expect(failure.message.contains(row.fragment), "\(failure.message)")
        #expect(row.kind.made(failure), "\(failure.message): engine row \(String(describing: failure.kind)), language row \(String(describing: failure.languageKind))")
    }

    @Test("every row of both tables has a script that raises it, or a reason none can")
    func complete() {
        let covered = Set(Self.cases.map(\.kind))
        for kind in AnyRunErrorKind.allCases {
            #expect(covered.contains(kind) != (Self.unreachable[kind] != nil),
                    "\(kind): a script that raises it, or (only) a reason in `unreachable`")
        }
    }

    @Test("codes are unique, in their group, and the script's own text has no row")
    func codes() {
        let all = AnyRunErrorKind.allCases.map(\.description)
        #expect(Set(all.map { $0.prefix(7) }).count == all.count)
        #expect(RunErrorKind.allCases.allSatisfy { $0.rawValue.hasPrefix("FRP09") && RunErrorKind(number: $0.number) == $0 })
        #expect(LanguageRunErrorKind.allCases.allSatisfy { $0.rawValue.hasPrefix("FRP10") && LanguageRunErrorKind(number: $0.number) == $0 })
        #expect(ExpressionFailureKind.allCases.allSatisfy { $0.rawValue.hasPrefix("FRP11") && ExpressionFailureKind(number: $0.number) == $0 })
        #expect(LanguageRunErrorKind(number: 1001) == nil, "1001 is retired")
        let raised = SignalError("offline")
        #expect(raised.kind == nil && raised.languageKind == nil)
        // Equal when they say the same: an expect's `#` compares the message alone.
        #expect(SignalError.timeout(.milliseconds(5)) == SignalError("timeout: no event within 5ms"))
    }
}

import Language
@testable import REPL
import Signals
import Testing
import TestSupport
import Trace

/// A source that leaks on purpose: it arms a timer it never cancels and counts a request
/// it never closes, as a buggy operator or service would.
final class LeakySources: SourceProvider {
    static let spec = OperatorSpec(name: "leaky", role: .source, family: .services, parameters: [],
                                   summary: "Sends a, completes, and forgets a timer and a request.", example: "leaky")
    var specs: [OperatorSpec] { [Self.spec] }
    private(set) var openRequests = 0

    func signal(for name: String, arguments: [Value], context: RunContext) -> Signal<Value> {
        Signal(unchecked: { [self] observer, _ in
            openRequests += 1
            context.scheduler.schedule(after: .seconds(1)) {}
            observer.next(.string("a"))
            observer.terminate(.completed)
        })
    }
}

@Suite("Leak checks")
struct LeakTests {
    func expectation(_ text: String) throws -> REPL.Expectation {
        var frontend = Frontend(catalogue: Catalogue.standard.adding([LeakySources.spec]))
        let (statements, diagnostics) = frontend.load(Source(name: "leak.frp", text: text))
        #expect(diagnostics.isEmpty)
        guard case .expect(let pipeline, let marble, let marbleText, let values, let error, _, _)? = statements.first else {
            throw LoadFailure(message: "no expect", reason: "no expect")
        }
        var expectation = REPL.Expectation(pipeline: pipeline, marble: marble, marbleText: marbleText, values: values, errorMessage: error)
        expectation.services = { _ in LeakySources() }
        return expectation
    }

    @Test("an expectation whose run leaves a timer and a request behind fails, and says so")
    func leakingExpectationFails() throws {
        let outcome = try expectation(#"expect leaky emits "(a|)""#).run()
        #expect(!outcome.passed)
        #expect(outcome.report == ["after it was disposed, the run left 1 armed timer, 1 open request behind: a leak in frp (please report it with this pipeline)"])
        // The same events from a source that cleans up pass.
        #expect(try expectation(#"expect of "a" emits "(a|)""#).run().passed)
    }

    @Test("the hot sources' own events still to come are not a leak")
    func hotTimersAreNotLeaks() throws {
        #expect(try expectation(#"expect hot "-a-b-c-d|" | take 1 emits "-(a|)""#).run().passed)
    }

    @Test("the stage probes count live subscriptions: one never disposed is a leftover")
    func subscriptionsAreCounted() {
        let count = SubscriptionCount()
        let context = RunContext(scheduler: .virtual())
        let disposed = Signal<Value>.never.probed(CountedStage(count)).subscribe { _ in }
        let forgotten = Signal<Value>.never.probed(CountedStage(count)).subscribe { _ in }
        #expect(count.live == 2)
        disposed.dispose()
        #expect(Leftovers(of: context, live: count) == Leftovers(subscriptions: 1))
        #expect(Leftovers(of: context, live: count).description == "1 live subscription")
        forgotten.dispose()
        #expect(Leftovers(of: context, live: count).isEmpty)
    }

    @Test("every example and test script runs and is disposed without leftovers (traced, so subscriptions are counted)")
    func examplesLeaveNothing() throws {
        let root = TraceSnapshotTests.root
        for directory in ["Examples", "Tests/Scripts"] {
            let paths = ScriptFiles.find(under: root.appendingPathComponent(directory).path)
            // Finding no scripts would pass without checking anything.
            #expect(paths.count >= 10, "only \(paths.count) scripts in \(directory)")
            for path in paths {
                let captured = Captured()
                _ = ScriptRunner(clock: .virtual, trace: true, output: captured.output).run(path: path)
                #expect(!captured.text.contains("a leak in frp"), "\(path)")
            }
        }
    }

    /// Runs a traced pipeline the way a session does, then lets go of everything; true
    /// when its context and its tracer were freed.
    func contextIsFreed(_ text: String, finishing: Bool = true) throws -> Bool {
        weak var freed: RunContext?
        weak var freedTracer: Tracer<Value>?
        try {
            var frontend = Frontend(catalogue: PhotoSources.catalogue)
            let (statements, diagnostics) = frontend.load(Source(name: "freed.frp", text: text))
            guard diagnostics.isEmpty, case .run(let pipeline, _, _)? = statements.last else { throw LoadFailure(message: "no run", reason: "no run") }
            let scheduler = Scheduler.virtual()
            let context = RunContext(scheduler: scheduler, services: PhotoSources(scheduler: scheduler), write: { _ in })
            let tracer = Tracer<Value>(scheduler: scheduler)
            context.trace = { stage, depth in tracer.stageProbe(for: stage, depth: depth) }
            _ = Compiler(context: context).signal(pipeline).record(on: scheduler)
            if finishing { context.finish() }
            freed = context
            freedTracer = tracer
        }()
        return freed == nil && freedTracer == nil
    }

    @Test("a run's objects are freed once it is over: let signals and traced signal values held them in cycles (LeakSanitizer)")
    func runIsFreed() throws {
        // A let signal holds the compiler and the context that holds it, until `finish`.
        #expect(try !contextIsFreed("let s = of 1, 2 | map it * 2\ns", finishing: false))
        #expect(try contextIsFreed("let s = of 1, 2 | map it * 2\ns"))
        // The trace keeps a stand-in for a signal value, not the signal (which holds the probes).
        #expect(try contextIsFreed("interval 100ms | take 2 | map (search \"cats\") | switchToLatest"))
        // An action's run holds its pipeline, which holds the compiler, until `finish`.
        #expect(try contextIsFreed("let save = cold \"-s-s|\" | action (timer 2ms)\nexecuting save | merge (errors save)"))
        #expect(try contextIsFreed("executing (cold \"-s|\" | action (photo 1) enabledBy (of true))"))
    }
}

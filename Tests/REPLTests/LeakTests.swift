import Language
@testable import REPL
import Signals
import Testing

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
            throw LoadFailure("no expect")
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
            for path in ScriptFiles.find(under: root.appendingPathComponent(directory).path) {
                let captured = Captured()
                _ = ScriptRunner(clock: .virtual, trace: true, output: captured.output).run(path: path)
                #expect(!captured.text.contains("a leak in frp"), "\(path)")
            }
        }
    }
}

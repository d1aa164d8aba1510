import Language
import TestSupport
import Testing

/// The plan of a pipeline (`Planner`): what fuses, what is built alone or lifted, how a
/// flattening stage runs its pipeline for each value, in each mode. The differential tests
/// prove that every plan sends the same events; these say which plan is made, so a change
/// that silently stops fusing (or starts subscribing known runs) fails here.
@Suite("Plans")
struct PlannerTests {
    static let untraced = RunMode(probed: false)
    static let traced = RunMode(probed: true)
    static let unfused = RunMode(probed: false, fuses: false)

    func pipeline(_ text: String) -> CheckedPipeline? {
        let (statements, diagnostics, _) = checked(text, name: "plan.frp")
        guard diagnostics.isEmpty, case .run(let pipeline, _, _)? = statements.last else {
            Issue.record("\(text) did not load: \(diagnostics)")
            return nil
        }
        return pipeline
    }

    func plan(_ text: String, _ mode: RunMode) -> PipelinePlan? {
        pipeline(text).map { Planner.plan($0, mode: mode, inner: false) }
    }

    @Test("a run of simple stages is one fused operator, a range pushing into it; unfused, each is built alone")
    func fusedRun() throws {
        let text = "range 1, 10 | filter it % 2 == 0 | map it * 3 | reduce 0, acc + it | delay 1ms"
        let fused = try #require(plan(text, Self.untraced))
        #expect(fused.steps == [.fused(0..<3, rangePushes: true), .alone(3, lifted: false)])
        // Traced, the fused operator is probed inside: it still fuses.
        #expect(plan(text, Self.traced)?.steps == fused.steps)
        let unfused = try #require(plan(text, Self.unfused))
        #expect(unfused.steps == (0..<4).map { .alone($0, lifted: false) })
    }

    @Test("one simple stage of an inner pipeline is built alone (lifted when its arguments are constant), two fuse")
    func innerPipelines() throws {
        let flat = try #require(pipeline("cold \"-a|\" | flatMap (cold \"-x|\" | take 1 | map it)"))
        guard case .subscribed(let inner) = Planner.inner(flatInner(flat), mode: Self.traced).runs else {
            Issue.record("a traced run subscribes each value's pipeline")
            return
        }
        #expect(inner.steps == [.fused(0..<2, rangePushes: false)])
        let one = try #require(pipeline("cold \"-a|\" | flatMap (cold \"-x|\" | delay 1ms)"))
        guard case .subscribed(let alone) = Planner.inner(flatInner(one), mode: Self.untraced).runs else {
            Issue.record("a cold marble is subscribed")
            return
        }
        #expect(alone.steps == [.alone(0, lifted: true)])
        #expect(!alone.sharesHead)
    }

    @Test("a known source and the stages that fold into it run as values, a last take counted; traced, they are subscribed")
    func knownRuns() throws {
        let flat = try #require(pipeline("range 1, 3 | flatMap (timer 1s | mapTo it | take 1) | count"))
        let untraced = Planner.inner(flatInner(flat), mode: Self.untraced)
        #expect(untraced.countsTake)
        guard case .known(let folded, let rest) = untraced.runs else {
            Issue.record("an untraced timer | mapTo is a known run")
            return
        }
        #expect(folded == 1)
        #expect(rest?.steps == [])
        let traced = Planner.inner(flatInner(flat), mode: Self.traced)
        #expect(!traced.countsTake)
        guard case .subscribed = traced.runs else {
            Issue.record("a traced run subscribes each value's pipeline (each has its rows)")
            return
        }
        // Counting subscriptions only (the leak check) keeps a known run with nothing after it;
        // a take after it is built and subscribed, as it is counted only untraced.
        let onlyKnown = try #require(pipeline("range 1, 3 | flatMap (timer 1s | mapTo it)"))
        let counting = RunMode(probed: true, probesOnlyCount: true)
        guard case .known(1, nil) = Planner.inner(flatInner(onlyKnown), mode: counting).runs,
              case .subscribed = Planner.inner(flatInner(flat), mode: counting).runs else {
            Issue.record("the leak check runs a known run as values, and subscribes one with a take after it")
            return
        }
        // The plan of the outer pipeline holds the flattening stage's.
        #expect(plan("range 1, 3 | flatMap (timer 1s | mapTo it | take 1) | count", Self.untraced)?.inner.map(\.stage) == [0])
    }

    @Test("a source the same for every value is built once, when nothing folds into it")
    func sharedHead() throws {
        let flat = try #require(pipeline("range 1, 3 | flatMap (timer 1s | delay 1ms)"))
        guard case .subscribed(let inner) = Planner.inner(flatInner(flat), mode: Self.untraced).runs else {
            Issue.record("a constant timer with nothing folded is subscribed, its head shared")
            return
        }
        #expect(inner.sharesHead)
        #expect(inner.isLifted)
    }

    @Test("the plan in words names what fused and what runs for each value")
    func words() throws {
        let flat = try #require(pipeline("range 1, 10 | filter it > 2 | map it * 2 | flatMap (of it, it | take 1)"))
        let lines = PlanText.lines(flat, mode: Self.untraced)
        #expect(lines == [
            "  `filter it > 2 | map it * 2`: one fused operator; `range 1, 10` pushes its numbers into it as a loop",
            "  `flatMap (of it, it | take 1)`: built alone",
            "    for each value, `of it, it | take 1`:",
            "      `take 1`: counted by the flattener's run, no stage built",
            "      `of it, it`: its values computed when the run is built, sent at once or after its delay, nothing subscribed",
        ])
    }

    /// The pipeline of the pipeline's first flattening stage.
    private func flatInner(_ pipeline: CheckedPipeline) -> CheckedPipeline {
        for stage in pipeline.stages {
            for argument in stage.arguments { if case .pipeline(let inner) = argument { return inner } }
        }
        Issue.record("no inner pipeline in \(pipeline.text)")
        return pipeline
    }
}

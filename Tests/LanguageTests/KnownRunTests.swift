import Language
import Signals
import TestSupport
import Testing

/// An inner pipeline made of a source that knows what it sends (`of`, `from`, `timer`) and
/// stages that make each value into at most one (`map`, `mapTo`, `filter`) runs as its
/// values, computed when it is built (`StageArguments.perValueRuns`). Fused runs take that
/// path, unfused ones subscribe the pipeline: both must send the same events at the same
/// times, errors included.
@Suite("Known inner runs")
struct KnownRunTests {
    /// Every event of the script's last pipeline, with its time, fused or not.
    func events(_ text: String, fused: Bool) -> [String] {
        let (statements, diagnostics, _) = checked(text, name: "known.frp")
        guard diagnostics.isEmpty, case .run(let pipeline, _, _)? = statements.last else {
            Issue.record("\(text) did not load: \(diagnostics)")
            return []
        }
        let scheduler = Scheduler.virtual()
        let context = RunContext(scheduler: scheduler)
        context.fuses = fused
        var events: [String] = []
        Compiler(context: context).signal(pipeline).subscribe { event in
            events.append("\(scheduler.now.nanoseconds / 1_000_000)ms \(event)")
        }
        scheduler.run()
        return events
    }

    static let source = #"cold "-a-b--c|" {a: 1, b: 2, c: 3}"#

    /// A case for every catalogue entry that folds values (`each`), and the ways they meet.
    static let pipelines: [(entry: String, pipeline: String)] = [
        ("mapTo", "flatMap (timer 3ms | mapTo it)"),
        ("mapTo", "switchMap (timer 2ms | mapTo it * 10)"),
        ("map", "concatMap (timer 2ms | map it + 1 | filter it > 0)"),
        ("mapTo", "exhaustMap (timer 3ms | mapTo it)"),
        ("map", "flatMap (timer 2ms | mapTo it | map it * 3), 2"),
        ("filter", "flatMap (of it, it * 2 | filter it > 2 | map it * 10)"),
        ("filter", "flatMap (timer 1ms | mapTo it | filter it == 2)"),
        ("map", "flatMap (from [it, 0, it] | map it * 2) | take 4"),
        // Errors come where and when the pipeline would send them.
        ("map", #"flatMap (timer 2ms | mapTo it | map (if it == 2 then raise("two") else it))"#),
        ("filter", "flatMap (of it, it + 1 | filter it)"),
        ("map", "switchMap (of it, it | map it.name)"),
    ]

    @Test("the same events at the same times fused (values computed when built) and unfused")
    func sameEvents() {
        for (_, pipeline) in Self.pipelines {
            let text = "\(Self.source) | \(pipeline)"
            let fused = events(text, fused: true)
            #expect(fused == events(text, fused: false), "\(pipeline)")
            #expect(fused.contains { $0.contains("next") || $0.contains("error") }, "\(pipeline) sent nothing")
        }
    }

    @Test("a delayed run sends at its time: values after the delay, errors at their place")
    func times() {
        #expect(events("\(Self.source) | flatMap (timer 3ms | mapTo it)", fused: true)
                == ["4ms next(1)", "6ms next(2)", "9ms next(3)", "9ms completed"])
        #expect(events(#"\#(Self.source) | flatMap (timer 2ms | mapTo it | map (if it == 2 then raise("two") else it))"#, fused: true)
                == ["3ms next(1)", "5ms error(two)"])
    }

    @Test("every entry that folds values has a case here")
    func everyEntry() {
        let folding = Set(Catalogue.standard.specs.filter { $0.each != nil }.map(\.name))
        #expect(folding == Set(Self.pipelines.map(\.entry)))
    }

    @Test("a stage reading a property, whose value changes with time, keeps the general path")
    func propertiesStayLive() {
        let text = """
        var limit = 1
        cold "-a-b|" {a: 1, b: 2} | flatMap (timer 5ms | mapTo it | filter it > limit)
        """
        #expect(events(text, fused: true) == events(text, fused: false))
    }

    /// `of`'s values are written in the list its last run was sent from
    /// (`StageArguments.valuesReader`): a run that still holds that list (here a `repeat`
    /// subscribes `of` again 3 ms later, after the next value's run was made) must send
    /// its own values, not the next run's.
    @Test("a run's list is its own while the next values are read")
    func heldList() {
        let text = "\(Self.source) | flatMap (of it, it * 10 | repeat 2 delay 3ms)"
        let fused = events(text, fused: true)
        #expect(fused == ["1ms next(1)", "1ms next(10)", "3ms next(2)", "3ms next(20)", "4ms next(1)", "4ms next(10)",
                          "6ms next(3)", "6ms next(30)", "6ms next(2)", "6ms next(20)", "9ms next(3)", "9ms next(30)",
                          "9ms completed"])
        #expect(fused == events(text, fused: false))
    }
}

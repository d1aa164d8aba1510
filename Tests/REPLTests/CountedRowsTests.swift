import Language
@testable import REPL
import Signals
import Testing
@testable import Trace

/// A traced `range`'s rows of pure number stages before a sum are counted as the loop goes
/// and recorded when it stops (Language's `FusedStages.CountedRows`): the trace must be the
/// one recording each event as it comes leaves, entry for entry.
@Suite("Counted rows")
struct CountedRowsTests {
    struct Trace: Equatable {
        var rows: [String]
        var dropped: Int
        var recorded: Int
        var newest: String?
        var sum: String
    }

    /// The run's trace, every row's entries with their times and subscriptions, what each
    /// overwrote, the budget's count and its newest row; and how many values were counted.
    func trace(_ text: String, limit: Int, counting: Bool) throws -> (trace: Trace, counted: Int) {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let (statements, diagnostics) = frontend.load(Source(name: "counted.frp", text: text))
        guard diagnostics.isEmpty, case .run(let pipeline, _, _)? = statements.last else {
            throw LoadFailure(message: "no run", reason: "no run")
        }
        let scheduler = Scheduler.virtual()
        let context = RunContext(scheduler: scheduler, services: PhotoSources(scheduler: scheduler), write: { _ in })
        context.countsRows = counting
        let tracer = Tracer<Value>(scheduler: scheduler, eventLimit: limit)
        context.trace = { stage, depth in tracer.stageProbe(for: stage, depth: depth) }
        let sent = Compiler(context: context).signal(pipeline).record(on: scheduler)
        defer { context.finish() }
        let rows = tracer.rows.map { row in
            "\(row.label): \(row.events.map { "\($0.time.nanoseconds) \($0.event) \($0.subscription)" }) overwrote \(row.log.overwritten)"
        }
        let newest = tracer.rows.first { ObjectIdentifier($0.log) == tracer.budget.newest }?.label
        return (Trace(rows: rows, dropped: tracer.droppedEvents, recorded: tracer.budget.recorded, newest: newest,
                      sum: "\(sent)"), context.countedValues)
    }

    @Test("counted rows keep the entries, the overwritten counts and the budget that recording each event keeps",
          arguments: [
              // The P1 script's shape.
              ("range 1, 5000 | filter it % 2 == 0 | map it * 3 | reduce 0, acc + it", 4_000),
              // The last values dropped by a filter after a map: the map's row recorded last.
              ("range 1, 3000 | map it * 2 | filter it % 7 == 0 | reduce 0, acc + it", 2_000),
              // Three rows, a selective filter first: its row fills late.
              ("range 7, 40000 | filter it % 97 == 3 | map it - 1 | map it * 0.5 | reduce 0, acc + it", 30_000),
              // A form with no answer for every other value (`it % 2` of 2.5): counting
              // stops there, and starts again at the loop's next poll.
              ("range 1, 4000 | map it / 2 | filter it % 2 == 0 | reduce 0, acc + it", 50),
              // Counted in batches until the batch where the form has no answer (from 0 on:
              // `it % 2` of a negative), which then goes one by one, as the values after it.
              ("range 1, 4000 | map it * -1 | map it + 3000 | filter it % 2 == 0 | reduce 0, acc + it", 2_900),
              // From a poll's value, and a range shorter than a batch: counted from the first
              // value, while the logs keep nothing yet.
              ("range 64, 3000 | filter it % 3 == 0 | reduce 0, acc + it", 3_000),
              ("range 1, 40 | map it * 2 | reduce 0, acc + it", 40),
          ])
    func sameTrace(_ script: String, counts: Int) throws {
        for limit in [10, 64, 700, 5_000] {
            let counted = try trace(script, limit: limit, counting: true)
            let recorded = try trace(script, limit: limit, counting: false)
            #expect(counted.trace == recorded.trace, "\(script), \(limit) entries")
            #expect(recorded.counted == 0)
            if limit == 10 { #expect(counted.counted >= counts, "\(script): the rows were counted") }
        }
    }

    @Test("rows of other shapes record each event as it comes")
    func otherShapesRecord() throws {
        for script in ["range 1, 3000 | filter it % 2 == 0 | map it * 3 | scan 0, acc + it | count",
                       "range 1, 3000 | filter it % 2 == 0 | map it + 1 | take 2000 | reduce 0, acc + it",
                       "range 1, 3000 | map it * 2 | reduce [], acc + [it]"] {
            let counted = try trace(script, limit: 10, counting: true)
            #expect(counted.counted == 0, "\(script)")
            #expect(counted.trace == (try trace(script, limit: 10, counting: false)).trace, "\(script)")
        }
    }
}

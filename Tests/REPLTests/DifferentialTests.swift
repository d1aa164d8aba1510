import Foundation
import Language
@testable import REPL
import Testing

/// Fusion and tracing are switches of a run, not second semantics: every script of the
/// corpus — Tests/Scripts, Examples, Tests/Fuzz and every catalogue example — prints the
/// same events, error messages, `expect` verdicts and status fused, unfused and traced
/// (`DifferentialRun`; the fuzzer compares the scripts it makes the same way).
@Suite("Fused, unfused and traced runs agree")
struct DifferentialTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var corpus: [String] {
        ["Tests/Scripts", "Examples", "Tests/Fuzz"].flatMap { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0.hasSuffix(".frp") }.sorted().map { root.appendingPathComponent(folder).appendingPathComponent($0).path }
        }
    }

    @Test("every script of the corpus", arguments: corpus)
    func script(path: String) throws {
        guard case .success(let source) = SourceFile.load(path) else {
            Issue.record("cannot read \(path)")
            return
        }
        #expect(DifferentialRun.difference(source) == nil, "\(path): \(DifferentialRun.difference(source) ?? "")")
    }

    @Test("every catalogue example")
    func examples() {
        for spec in PhotoSources.catalogue.specs {
            let source = Source(name: "<example of \(spec.name)>", text: spec.example)
            #expect(DifferentialRun.difference(source) == nil, "\(spec.name): \(DifferentialRun.difference(source) ?? "")")
        }
    }

    /// An inner chain of fused stages is planned once per flatMap when its
    /// once-arguments are constant (`take 2`), and per value when they read `it` (`take
    /// it`): untraced (a traced run plans each value), each run's events are the unfused
    /// run's and the ones written here.
    @Test("an inner fused chain planned once reads each value's own once-arguments")
    func innerChainPlans() {
        let cases: [(String, [String])] = [
            (#"cold "-a-b-----|" {a: 1, b: 2} | flatMap (of 5, 6, 7 | scan it, acc + it | take it)"#,
             ["1ms  next 6", "3ms  next 7", "3ms  next 13", "9ms  completed"]),
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (of it, it * 2, it * 3 | map it + 1 | take 2)"#,
             ["1ms  next 2", "1ms  next 3", "3ms  next 3", "3ms  next 5", "4ms  completed"]),
            (#"cold "-a-b|" {a: 4, b: 5} | flatMap (of 4, 5, 6 | filter it > 4 | reduce it, acc + it)"#,
             ["1ms  next 15", "3ms  next 16", "4ms  completed"]),
        ]
        expectUntracedRuns(cases)
    }

    /// A known source and the stages after it that fold (`map`, `mapTo`, `filter`) are
    /// one source of the values they would send, and only the stages after them are
    /// subscribed for each value (`StageArguments.perValueRuns`): untraced, each run's
    /// events are the unfused run's and the ones written here, an error on the way
    /// included (it takes the general path, where and when it would come).
    @Test("an inner pipeline's folded source sends what its stages would")
    func innerFoldedPrefix() {
        let cases: [(String, [String])] = [
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (timer 2ms | mapTo it * 10 | take 1)"#,
             ["3ms  next 10", "5ms  next 20", "5ms  completed"]),
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (of it, it + 1 | map it * 2 | filter it > 2 | take 1)"#,
             ["1ms  next 4", "3ms  next 4", "4ms  completed"]),
            (#"cold "-a-b|" {a: 1, b: 2} | concatMap (of it, it | filter it > 1 | scan 0, acc + it)"#,
             ["3ms  next 2", "3ms  next 4", "4ms  completed"]),
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (timer 1ms | filter it > 5 | take 1)"#,
             ["4ms  completed"]),
            (#"cold "-a|" {a: 1} | flatMap (of it | map it.name | take 1)"#, []),
            // Nothing folded after a source that reads `it`: its values per value, its
            // arguments not built again.
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (of it * 3, it | take 1)"#,
             ["1ms  next 3", "3ms  next 6", "4ms  completed"]),
            // The last `take` counted by the run (`InnerRuns.taking`): cancelled by
            // switchMap, ended early by its source, stopped from outside, failed before
            // it is done.
            (#"cold "-a-b|" {a: 1, b: 2} | switchMap (timer 3ms | mapTo it | take 1)"#,
             ["6ms  next 2", "6ms  completed"]),
            (#"cold "-a|" {a: 1} | flatMap (of it, it | take 5)"#, ["1ms  next 1", "1ms  next 1", "2ms  completed"]),
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (timer 5ms | mapTo it | take 1) | take 1"#,
             ["6ms  next 1", "6ms  completed"]),
            (#"cold "-a|" {a: 1} | flatMap (cold "-x-#" | take 3)"#, [#"2ms  next "x""#]),
        ]
        expectUntracedRuns(cases)
    }

    /// An inner pipeline's last `take N` is counted by the run when N is the same for every
    /// value and above 0; otherwise built as a stage. Its source may be any signal.
    @Test("an inner pipeline's last take counted by its run sends what the stage would")
    func innerLastTake() {
        let cases: [(String, [String])] = [
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (cold "-x-y-z|" {x: 1, y: 2, z: 3} | map it * 10 | take 2)"#,
             ["2ms  next 10", "4ms  next 20", "4ms  next 10", "6ms  next 20", "6ms  completed"]),
            (#"cold "-a-b|" {a: 1, b: 2} | switchMap (cold "--x|" | mapTo it | take 1)"#,
             ["5ms  next 2", "5ms  completed"]),
            (#"cold "-a|" {a: 1} | flatMap (cold "-x|" | take 3)"#, [#"2ms  next "x""#, "3ms  completed"]),
            // Not counted: a count that reads the value, none, a value alone before it.
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (of 7, 8, 9 | delay 1ms | take it)"#,
             ["2ms  next 7", "4ms  next 7", "4ms  next 8", "4ms  completed"]),
            (#"cold "-a|" {a: 1} | flatMap (of it | take 0)"#, ["2ms  completed"]),
            (#"cold "-a|" {a: 5} | flatMap (it | take 1)"#, ["1ms  next 5", "2ms  completed"]),
            (#"cold "-a|" {a: 1} | flatMap (cold "-x-#" | delay 1ms | take 2)"#, [#"3ms  next "x""#]),
        ]
        expectUntracedRuns(cases)
    }

    /// Stages whose entries declare their build as a function of the signal before them
    /// (`OperatorSpec.lift`), after a folded source: made once per flatMap when their
    /// arguments are the same for every value, read per value when not.
    @Test("an inner pipeline's lifted stages after a folded source send what they would built per value")
    func innerLiftedStages() {
        let cases: [(String, [String])] = [
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (of it, it * 2, it * 3 | skip 1)"#,
             ["1ms  next 2", "1ms  next 3", "3ms  next 4", "3ms  next 6", "4ms  completed"]),
            (#"cold "-a-b|" {a: 1, b: 2} | concatMap (of it, it * 2 | takeLast 1 | startWith 0)"#,
             ["1ms  next 0", "1ms  next 2", "3ms  next 0", "3ms  next 4", "4ms  completed"]),
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (timer 1ms | mapTo it | delay 2ms)"#,
             ["4ms  next 1", "6ms  next 2", "6ms  completed"]),
            (#"cold "-a|" {a: 1} | flatMap (of it, it + 1, it + 2 | pairwise)"#,
             ["1ms  next [1, 2]", "1ms  next [2, 3]", "2ms  completed"]),
            // A count that reads the value: read per value.
            (#"cold "-a-b|" {a: 1, b: 2} | flatMap (of 7, 8, 9 | skip it)"#,
             ["1ms  next 8", "1ms  next 9", "3ms  next 9", "4ms  completed"]),
        ]
        expectUntracedRuns(cases)
    }

    /// A fused `range` sends its values in batches of 64 (`FusedStages.Stage.pushNumbers`):
    /// a number a form cannot answer, a `take`, an error or a downstream that ends the run
    /// in the middle of a batch or at its edge give what one by one gives.
    @Test("a range's batches through the number lane send what one value at a time does")
    func rangeBatches() {
        let cases: [(String, [String])] = [
            // Mask forms answer naturals only: the batch goes one by one from -1 on.
            ("range 1, 100 | map it * -1 | map it + 30 | filter it % 2 == 0 | take 3",
             ["0ms  next 28", "0ms  next 26", "0ms  next 24", "0ms  completed"]),
            ("range 1, 100 | map it * -1 | map it + 30 | filter it % 2 == 0 | reduce 0, acc + it",
             ["0ms  next -1050", "0ms  completed"]),
            ("range 1, 200 | map it - 50 | map it % 4 | reduce 0, acc + it", ["0ms  next 152", "0ms  completed"]),
            ("range 1, 150 | filter it % 2 == 0 | take 40 | scan 0, acc + it | filter it > 1500 | take 2",
             ["0ms  next 1560", "0ms  next 1640", "0ms  completed"]),
            // An error after the first batch's edge (64).
            ("range 60, 10 | filter it % 2 == 0 | map 10 / (it - 66)",
             ["0ms  next -1.6666666666666667", "0ms  next -2.5", "0ms  next -5"]),
            ("range 1, 200 | take 63 | reduce 0, acc + it", ["0ms  next 2016", "0ms  completed"]),
            ("range 1, 1000 | map it * 2 | first it > 100", ["0ms  next 102", "0ms  completed"]),
            ("range 1, 1000 | map it * 2 | takeWhile it < 200 | count", ["0ms  next 99", "0ms  completed"]),
        ]
        expectUntracedRuns(cases)
    }

    /// Each script's untraced events fused are its events unfused, and (values and
    /// completions) the ones written.
    func expectUntracedRuns(_ cases: [(String, [String])]) {
        for (text, expected) in cases {
            let source = Source(name: "inner.frp", text: text + "\n")
            let fused = DifferentialRun.events(of: source, fused: true, traced: false, limit: .seconds(60))
            let unfused = DifferentialRun.events(of: source, fused: false, traced: false, limit: .seconds(60))
            #expect(fused == unfused, "\(text)")
            let events = fused?.filter { $0.contains("next") || $0.contains("completed") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(events == expected, "\(text): \(events ?? [])")
        }
    }

    @Test("it compares what could differ: an event's value, an error's message, a status")
    func comparedLines() {
        #expect(DifferentialRun.isCompared("      3ms  next \"a\""))
        #expect(DifferentialRun.isCompared("     1.5s  error \"2:3 take: take needs a whole number, not 1.5\""))
        #expect(DifferentialRun.isCompared("» of 1 | map it"))
        #expect(DifferentialRun.isCompared("✗ line 2: of 1 emits \"a\""))
        #expect(!DifferentialRun.isCompared("cold \"-a|\"  -a|"))
        #expect(!DifferentialRun.isCompared("1 col = 1ms"))
        #expect(!DifferentialRun.isCompared("  take 1 at 3ms: when cold sent a"))
    }

    /// The fuzzer's first find (after 31,647 executions): the unfused run of this script passed
    /// its 2 s limit under the fuzzer's instrumentation and said so on a line the comparison
    /// skips, so "status 1" was compared with the fused run's "status 0".
    @Test("a run stopped by the real-time limit is not compared: where it stops is the machine's")
    func stoppedByTheClock() {
        let source = Source(name: "fuzz.frp", text: "range 1, 1000000 | reduce [], acc + [it] | map length(it)\n")
        #expect(DifferentialRun.events(of: source, fused: false, traced: false, limit: .milliseconds(1)) == nil)
        #expect(DifferentialRun.events(of: source, fused: true, traced: false, limit: .seconds(60)) != nil)
    }
}

import Language
@testable import REPL
import Signals
import Testing
import TestSupport
import Trace

/// Runs a script in virtual time and returns its status and what it printed.
func runScript(_ text: String, trace: Bool = false) -> (status: Int32, output: String) {
    let captured = Captured()
    let status = ScriptRunner(clock: .virtual, trace: trace, output: captured.output)
        .run(Source(name: "limits.frp", text: text))
    return (status, captured.text)
}

/// Limits that hold while a pipeline runs: a value that would grow past one is an error
/// event that names the place, and nothing holds on to more than it shows.
@Suite("Limits of a run")
struct RunLimitTests {
    @Test("the trace keeps the first and last 1,000 inner runs of a stage (it kept all: 1.2 GB for 3 million); the diagram draws the first and the last, and says which it left out")
    func innerRunsAreBounded() {
        let (_, output) = runScript("range 1, 5000 | switchMap (never) | count\nfail \"x\" | retry 4000", trace: true)
        #expect(output.contains("(never): runs 6–4999 are not drawn (their events are in the output)"))
        #expect(output.contains("fail \"x\": runs 6–4000 are not drawn (their events are in the output)"))
        #expect(output.contains("  ↳ run 5000 "))
        let tracer = Tracer<Value>(scheduler: .virtual())
        let probe = tracer.probe(key: "k", label: "inner", depth: 1, line: 1, column: 1)
        for _ in 0..<10_000 {
            let subscription = probe.subscribed()
            probe.disposed(subscription: subscription, cancelled: true)
        }
        #expect(probe.row.subscriptions.count == 2_000)
        #expect(probe.row.subscriptionCount == 10_000)
        #expect(probe.row.subscriptions.last?.number == 9_999 && probe.row.subscriptions.last?.cancelled == true)
    }

    @Test("a scan that wraps acc in a list at every value stops at 200 levels, with its place (it overflowed the stack)")
    func nestingGrowsPerValue() {
        let (status, output) = runScript("range 1, 100000 | scan [], [acc] | last")
        #expect(status == 0)
        #expect(output.contains(#"error "1:28 scan: the value would nest lists and records more than 200 levels deep, the most a value may""#))
        #expect(runScript("range 1, 100000 | scan {}, {a: acc} | last").output.contains("1:28 scan: the value would nest"))
    }

    @Test("a scan that doubles a shared list stops at a million items in all, before printing it would never end")
    func sharedPartsCount() {
        let (_, output) = runScript("range 1, 100 | scan [], [acc, acc] | map string(it) | last")
        #expect(output.contains(#"error "1:25 scan: the list would be longer than 1000000 items (lists inside it included)"#))
    }

    @Test("reduce [], acc + [it] collects a million values in place, and fails past the list limit")
    func reduceIntoList() {
        let started = ContinuousClock.now
        let (_, output) = runScript("range 1, 1000000 | reduce [], acc + [it] | map length(it)\nrange 1, 1000001 | reduce [], acc + [it]")
        #expect(output.contains("next 1000000\n"))
        #expect(output.contains(#"error "2:35 reduce: the list would be longer than 1000000 items"#))
        // Copying the list at every value took a minute for a tenth of this.
        #expect(ContinuousClock.now - started < .seconds(30))
        // It means what `+` means: the same list, the same errors.
        #expect(runScript("of 1, 2 | reduce [0], acc + [it * 2, {n: it}]").output.contains("next [0, 2, {n: 1}, 4, {n: 2}]"))
        #expect(runScript("of 1, 2 | reduce [0], acc + [length(acc)]").output.contains("next [0, 1, 2]"))
        #expect(runScript("of 1, 2 | reduce [], acc + it").output.contains(#"error "1:26 reduce: I cannot add a list and a number""#))
    }

    @Test("an event and a log line print at most 10,000 characters of a value")
    func printedValuesAreCut() {
        let (_, output) = runScript("range 1, 100000 | reduce [], acc + [it] | log \"all\"")
        let lines = output.split(separator: "\n")
        let event = lines.first { $0.contains("next [1, 2, 3") }
        let logged = lines.first { $0.contains("all: next [1, 2, 3") }
        #expect(event.map { $0.count < 10_100 && $0.hasSuffix("…") } == true)
        #expect(logged.map { $0.count < 10_100 && $0.hasSuffix("…") } == true)
    }

    @Test("a nested repetition in a pattern stays linear: (a+)+b on a long text (a backtracking matcher hung)")
    func patternStaysLinear() {
        let text = String(repeating: "a", count: 2000)
        let started = ContinuousClock.now
        let (_, output) = runScript("of \"\(text)!\", \"\(text)b\" | map it matches \"(a+)+b\"")
        #expect(output.contains("next false\n") && output.contains("next true\n"))
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("the trace keeps the beginning of a big value, so its memory bound holds for values of any size")
    func traceKeepsSummaries() {
        let tracer = Tracer<Value>(scheduler: .virtual())
        let stage = TracedStage(tracer.probe(key: "k", label: "scan", depth: 0, line: 1, column: 1))
        let big = Value.list((0..<100_000).map { .number(Double($0)) })
        let long = Value.string(String(repeating: "x", count: 1_000_000))
        var heard: [Value] = []
        tracer.listener = { record in if case .next(let value) = record.kind { heard.append(value) } }
        stage.received(.next(big), subscription: 0)
        stage.received(.next(long), subscription: 0)
        stage.received(.next(.number(1)), subscription: 0)
        let kept = tracer.rows[0].events.compactMap { event -> Value? in
            if case .next(let value) = event.event { return value } else { return nil }
        }
        #expect(kept.count == 3)
        // The beginning, and what was cut said with its size.
        if case .list(let items) = kept[0] {
            #expect(items.count == 65)
            #expect(items.last == .string("… 100000 items"))
        } else { Issue.record("not a list") }
        #expect(kept[1] == .string(String(repeating: "x", count: 120) + "… (1000000 bytes)"))
        #expect(kept[2] == .number(1))
        // A legend reads the same; `--events` hears the whole value.
        #expect(kept[0].abbreviated(to: 40) == big.abbreviated(to: 40))
        #expect(kept[1].abbreviated(to: 40) == long.abbreviated(to: 40))
        #expect(heard == [big, long, .number(1)])
    }
}

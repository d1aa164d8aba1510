// The benchmark suite: each case is a function in Cases.swift, measured by Harness.swift.
// `swift run -c release Benchmarks [WORD]` runs the cases whose name contains WORD.

// P4's measurements run in a child process of this program.
runP4ChildIfAsked()

// P1: 10,000,000 integers through filter even → map ×3 → sum.
let p1 = [
    Case(name: "hand loop", events: count) { check(handLoop(count)) },
    Case(name: "push chain (3 objects)", events: count) { check(pushChainSum(count)) },
    Case(name: "Signals, inline", events: count) { check(signalsInline(count)) },
    Case(name: "Signals, built at run time", events: count) { check(signalsBuiltAtRunTime(count)) },
    Case(name: "DSL script, compiled", events: count) { check(dsl(count)) },
    Case(name: "DSL script, traced (P5)", events: count) { check(dslTraced(count)) },
    Case(name: "OpenCombine 0.14.0", events: count) { check(openCombine(count)) },
]
report("P1: 10M integers, filter even → map ×3 → sum", selected(p1, baseline: "hand loop").map { measure($0) },
       baseline: "hand loop", goal: "Signals ≤ 5 ns/event, DSL ≤ 25 ns/event")

// P2: interval 1ms | take 1,000,000 | count, in virtual time.
let p2 = [
    Case(name: "bare re-armed timer", events: ticks) { bareTimer(ticks) },
    Case(name: "interval | take | count", events: ticks) { intervalTakeCount(ticks) },
]
report("P2: 1M virtual-time ticks", selected(p2, baseline: "bare re-armed timer").map { measure($0) },
       baseline: "bare re-armed timer", goal: "≤ 150 ns/tick")

// P4: peak RSS of a traced run (every stage traced, the diagram drawn), 1M vs 10M values.
if filter == nil || "P4 memory traced".contains(filter ?? "") {
    print("\nP4: peak RSS of a traced run of the P1 script, each in a fresh process  (goal: flat, < 50 MB)")
    let sizes = [1_000_000, 10_000_000]
    let peaks = sizes.map { tracedRunPeakMegabytes($0) }
    for (size, peak) in zip(sizes, peaks) {
        print("  \(size / 1_000_000)M values  " + (peak.map { format($0, 8) + " MB" } ?? "(the child failed)"))
    }
    if let small = peaks[0], let large = peaks[1] { print("  10M / 1M: " + format(large / small, 6)) }
}

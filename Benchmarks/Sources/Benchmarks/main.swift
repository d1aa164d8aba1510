// The benchmark suite: each case is a function in Cases.swift, measured by Harness.swift.
// `swift run -c release Benchmarks [WORD]` runs the cases whose name contains WORD.

// P4's measurements run in a child process of this program.
runP4ChildIfAsked()
runP8ChildIfAsked()

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
let p1Measured = report("P1: 10M integers, filter even → map ×3 → sum", p1, baseline: "hand loop", goal: "DSL ≤ 5 ns/event, no slower than the graph built at run time")

// P2: interval 1ms | take 1,000,000 | count, in virtual time.
let p2 = [
    Case(name: "bare re-armed timer", events: ticks) { bareTimer(ticks) },
    Case(name: "interval | take | count", events: ticks) { intervalTakeCount(ticks) },
]
report("P2: 1M virtual-time ticks", p2,
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

// P5 measured on the command itself: what `frp run --virtual` adds (drawing, letters, the
// trace's memory) over the benchmark's own traced case.
let p5 = [
    Case(name: "frp run --virtual --no-trace", events: count) { check(command(p1Script, traced: false)) },
    Case(name: "frp run --virtual (traced)", events: count) { check(command(p1Script, traced: true)) },
]
report("P5: the P1 script as the command runs it, whole run", p5,
       baseline: "frp run --virtual --no-trace", rounds: 3, goal: "traced ≤ 1.25× untraced")
// The same as a user runs it: the release `frp` binary, a fresh process each time (start-up
// and a fresh heap included), against the push chain of P1 measured above.
if filter == nil || "P5 process".contains(filter ?? "") {
    let pushChain = p1Measured.first { $0.name == "push chain (3 objects)" }?.nanosecondsPerEvent
    print("  as a fresh process, `frp run` of the release build  (median of 5, in rounds; goal: untraced ≤ 4× the push chain, traced ≤ 1.25× untraced)")
    if let (untraced, traced) = processSamples(p1Script, events: count, rounds: 5) {
        for (name, own) in [("frp run --virtual --no-trace", untraced), ("frp run --virtual (traced)", traced)] {
            guard !own.contains(where: \.isNaN) else { print("  \(name): a run failed"); continue }
            let versus = pushChain.map { "  " + format(median(own) / $0, 8) + "× the push chain" } ?? ""
            print("  " + name.padding(30) + format(median(own), 8) + " ns/event" + versus)
        }
        print("  traced ÷ untraced: " + format(pairedRatio(traced, untraced), 6))
    } else {
        print("  no release frp to run (make bench builds it)")
    }
}

// P6: 100,000 values accumulated into one list or text, as the user runs it (traced).
let p6 = [
    Case(name: "scan [], acc + [it] | count", events: accumulated) {
        expect(command("range 1, \(accumulated) | scan [], acc + [it] | count", traced: true), accumulated, "P6 list")
    },
    Case(name: "scan \"\", acc + \"x\" | count", events: accumulated) {
        expect(command("range 1, \(accumulated) | scan \"\", acc + \"x\" | count", traced: true), accumulated, "P6 text")
    },
]
report("P6: accumulating 100k values, traced", p6, baseline: p6[0].name, rounds: 3, goal: "≤ 1 s a run, i.e. ≤ 10,000 ns/value")

// P7: 1M outer values, two inner values each (2M inner events), counted.
let inner = 2 * outerValues
let p7 = [
    Case(name: "hand loop", events: inner) { expect(handFlatMap(outerValues), inner, "hand") },
    Case(name: "OpenCombine flatMap", events: inner) { expect(openCombineFlatMap(outerValues), inner, "OpenCombine") },
    Case(name: "flatMap (of it, it)", events: inner) {
        expect(command("range 1, \(outerValues) | flatMap (of it, it) | count", traced: false), inner, "flatMap")
    },
    Case(name: "switchMap (of it, it)", events: inner) {
        expect(command("range 1, \(outerValues) | switchMap (of it, it) | count", traced: false), inner, "switchMap")
    },
    Case(name: "concatMap (of it, it)", events: inner) {
        expect(command("range 1, \(outerValues) | concatMap (of it, it) | count", traced: false), inner, "concatMap")
    },
    // Not the goal's case: an inner pipeline with a stage that is not folded is subscribed
    // as a signal (the three above, and `of it, it | map it`, send their values as
    // immediate runs, `InnerRun`).
    Case(name: "flatMap (of it, it | map it)", events: inner) {
        expect(command("range 1, \(outerValues) | flatMap (of it, it | map it) | count", traced: false), inner, "flatMap folded")
    },
    Case(name: "flatMap (of it, it | take 2) *", events: inner) {
        expect(command("range 1, \(outerValues) | flatMap (of it, it | take 2) | count", traced: false), inner, "flatMap general")
    },
]
report("P7: higher-order, 1M outer values × 2 inner", p7,
       baseline: "hand loop", rounds: 3, goal: "≤ 100 ns per inner event; `*` ≤ 150")
if filter == nil || "P7 higher-order".contains(filter ?? "") {
    print("  * an inner pipeline with a stage that is not folded (take): subscribed per value (Lifetime, observers), not an immediate run")
}

// P8: a timer per value in virtual time, each size in a fresh process (time and peak RSS).
if filter == nil || "P8 timers".contains(filter ?? "") {
    print("\nP8: range 1, N | flatMap (timer 1s | mapTo it) | count, virtual time, whole process, median of 3 in rounds  (goal: ≤ 300 ns/timer, ≤ 300 MB at 1M; per-timer cost flat)")
    print("  each inner run a delayed run (its values known when built: a timer in its place, no subscription)")
    // The folded and the general run of one size in rounds, one after the other.
    let sizes = [10_000, 100_000, 1_000_000]
    let measured = sizes.map { n in childrenInRounds(n, kinds: n >= 100_000 ? ["known", "subscribed"] : ["known"]) }
    for (n, kinds) in zip(sizes, measured) {
        guard let folded = kinds?.first else { print("  \(n): a child failed"); continue }
        print("  " + String(n).padding(9) + format(folded.nanosecondsPerTimer, 8) + " ns/timer  " + format(folded.megabytes, 8) + " MB peak")
    }
    print("  * each inner run subscribed (flatMap (timer 1s | mapTo it | take 1): take is not folded), the general path")
    print("    (goal: ≤ 3.5× the folded run above per timer, ≤ 250 MB at 1M)")
    for (n, kinds) in zip(sizes, measured) where n >= 100_000 {
        guard let kinds, kinds.count == 2 else { continue }
        let general = kinds[1]
        print("  " + String(n).padding(9) + format(general.nanosecondsPerTimer, 8) + " ns/timer  " + format(general.megabytes, 8)
              + " MB peak  *  " + format(general.ratio, 6) + "× folded")
    }
    print("  the scheduler alone, N timers at spread due times, scheduled then fired (a heap: log N per operation)")
    for n in [10_000, 100_000, 1_000_000] {
        let (answer, seconds) = timed { expect(schedulerTimers(n), n, "scheduler \(n)") }
        let perTimer = seconds * 1e9 / Double(n)
        let levels = Double(Double(n).exponent)  // log2 N, rounded down: the heap's depth
        let line = "  " + String(n).padding(9) + format(perTimer, 8) + " ns/timer  " + format(perTimer / levels, 8)
        print(line + " ns per timer per heap level" + (answer == 0 ? "  (wrong answer)" : ""))
    }
}

// Scaling: the cost per stage is constant when events/s falls as 1 / stages.
if filter == nil || "scaling stages".contains(filter ?? "") {
    print("\nScaling: range 1, 1M | map × S | reduce, untraced  (events/s through the whole chain)")
    let n = 1_000_000
    for stages in [1, 4, 16, 64] {
        let expected = n * (n + 1) / 2 + n * stages
        let (answer, seconds) = timed { expect(mapChain(n, stages: stages), expected, "\(stages) stages") }
        let perStage = seconds * 1e9 / Double(n * stages)
        print("  " + "\(stages) stage\(stages == 1 ? "" : "s")".padding(10) + format(Double(n) / seconds / 1e6, 8) + " M events/s  "
              + format(perStage, 8) + " ns per event per stage" + (answer == 0 ? "  (wrong answer)" : ""))
    }
}

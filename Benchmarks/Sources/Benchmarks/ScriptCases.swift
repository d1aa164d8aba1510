// The script as the user runs it (P5), accumulation (P6), higher-order operators (P7), many
// timers (P8) and the cost per stage. Each case computes and checks its answer: a wrong one
// prints a line and counts nothing.

import Foundation
import Language
import OpenCombine
import REPL
import Signals

/// Runs a script as `frp run --virtual [--no-trace]` does (the diagram drawn, the output
/// dropped), and returns the last number printed on an event line (the count or sum).
func command(_ text: String, traced: Bool) -> Int {
    let last = LastNumber()
    let output = Output(line: { line in last.see(line) }, error: { line in print("  error: \(line)") })
    _ = ScriptRunner(clock: .virtual, trace: traced, output: output).run(Source(name: "bench.frp", text: text))
    return last.value
}

/// The last `next N` an event line printed.
final class LastNumber: @unchecked Sendable {
    private let lock = NSLock()
    private var number = 0
    var value: Int { lock.withLock { number } }
    func see(_ line: String) {
        guard let range = line.range(of: "next ") else { return }
        if let value = Int(line[range.upperBound...].prefix { $0.isNumber }) { lock.withLock { number = value } }
    }
}

/// A case's answer, checked: a wrong one is said and counts as nothing.
func expect(_ answer: Int, _ expected: Int, _ name: String) -> Int {
    if answer != expected { print("  WRONG: \(name) answered \(answer), not \(expected)") }
    return answer == expected ? answer : 0
}

let p1Script = "range 1, \(count) | filter it % 2 == 0 | map it * 3 | reduce 0, acc + it"

// MARK: P6

let accumulated = 100_000

// MARK: P7

let outerValues = 1_000_000

/// The hand-written floor: two inner values per outer value, counted.
@inline(never) func handFlatMap(_ n: Int) -> Int {
    var counted = 0
    for value in 1...n {
        for _ in [value, value] { counted &+= 1 }
    }
    return counted
}

@inline(never) func openCombineFlatMap(_ n: Int) -> Int {
    var counted = 0
    _ = (1...n).publisher.flatMap { value in [value, value].publisher }.count().sink { counted = $0 }
    return counted
}

// MARK: P8

/// P8's inner pipelines: the issue's, whose values are known when it is built (a delayed
/// run: a timer in its place), and one with a stage that is not folded (`take 1`), so each
/// inner run is subscribed: the general path, for reference.
let p8Inners = ["known": "timer 1s | mapTo it", "subscribed": "timer 1s | mapTo it | take 1"]

/// `range 1, N | flatMap (INNER) | count` in virtual time, in this process.
func manyTimers(_ n: Int, inner: String) -> Int {
    command("range 1, \(n) | flatMap (\(inner)) | count", traced: false)
}

/// P8 in a fresh process (`Benchmarks --p8-child N KIND`): seconds and peak RSS in MB.
func timersChild(_ n: Int, kind: String = "known") -> (seconds: Double, megabytes: Double)? {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    child.arguments = ["--p8-child", String(n), kind]
    let output = Pipe()
    child.standardOutput = output
    do { try child.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    let parts = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard parts.count == 2 else { return nil }
    return (parts[0], parts[1] / 1024)
}

/// `timersChild` of each kind at size `n`, three rounds (`sampleInRounds`): each kind's
/// median time per timer and median peak, and each kind's time against the first kind's
/// (the median of the rounds' ratios); nil when a child failed.
func childrenInRounds(_ n: Int, kinds: [String]) -> [(nanosecondsPerTimer: Double, megabytes: Double, ratio: Double)]? {
    let samples = sampleInRounds(3, kinds.map { kind in { timersChild(n, kind: kind) } })
    guard samples.allSatisfy({ $0.allSatisfy { $0 != nil } }) else { return nil }
    let seconds = samples.map { $0.map { $0!.seconds * 1e9 / Double(n) } }
    return zip(seconds, samples).map { own, runs in
        (median(own), median(runs.map { $0!.megabytes }), pairedRatio(own, seconds[0]))
    }
}

func runP8ChildIfAsked() {
    let arguments = CommandLine.arguments
    guard arguments.count == 4, arguments[1] == "--p8-child", let n = Int(arguments[2]), let inner = p8Inners[arguments[3]] else {
        return
    }
    let start = DispatchTime.now().uptimeNanoseconds
    let counted = manyTimers(n, inner: inner)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if counted != n { print("  WRONG: \(counted) timers fired, not \(n)") }
    print(seconds, peakResidentKilobytes() ?? -1)
    exit(0)
}

// MARK: Scaling

/// `range 1, N | map it + 1 | ... (stages times)` untraced: the sum's check is N + stages.
func mapChain(_ n: Int, stages: Int) -> Int {
    let maps = Array(repeating: "map it + 1", count: stages).joined(separator: " | ")
    return command("range 1, \(n) | \(maps) | reduce 0, acc + it", traced: false)
}

/// The answer and how many seconds the work took.
func timed(_ work: () -> Int) -> (answer: Int, seconds: Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let answer = work()
    return (answer, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

/// P8's scheduler alone: `n` timers at due times spread over a second (each a pseudo-random
/// millisecond), scheduled then run; the answer is how many fired.
func schedulerTimers(_ n: Int) -> Int {
    let scheduler = Scheduler.virtual()
    var fired = 0
    for index in 0..<n {
        scheduler.schedule(after: .milliseconds((index &* 7919) % 1000)) { fired += 1 }
    }
    scheduler.run()
    return fired
}

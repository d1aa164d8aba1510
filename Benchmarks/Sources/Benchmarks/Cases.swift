import Language
import OpenCombine
import REPL
import Signals
import Trace

// Outside main.swift: top-level code there is main-actor isolated, and its closures would
// pay an executor check per call that no user of the library pays.

let count = 10_000_000
let expectedSum = (1...count).reduce(0) { $1 % 2 == 0 ? $0 &+ $1 &* 3 : $0 }
let ticks = 1_000_000

func check(_ sum: Int) -> Int {
    if sum != expectedSum { print("wrong sum \(sum), expected \(expectedSum)") }
    return sum
}

/// The floor: a loop the compiler can vectorise.
@inline(never) func handLoop(_ n: Int) -> Int {
    var sum = 0
    for value in 1...n where value % 2 == 0 { sum &+= value &* 3 }
    return sum
}

/// A minimal push chain, one object per stage, calls through a protocol: what any engine
/// that builds its graph at run time pays at least.
protocol Stage: AnyObject { func push(_ value: Int) }

final class FilterStage: Stage {
    let next: Stage
    init(_ next: Stage) { self.next = next }
    func push(_ value: Int) { if value % 2 == 0 { next.push(value) } }
}

final class MapStage: Stage {
    let next: Stage
    init(_ next: Stage) { self.next = next }
    func push(_ value: Int) { next.push(value &* 3) }
}

final class SumStage: Stage {
    var sum = 0
    func push(_ value: Int) { sum &+= value }
}

@inline(never) func pushChain(_ n: Int, _ head: Stage) { for value in 1...n { head.push(value) } }

/// The library as a user writes it: the chain is visible to the optimiser.
@inline(never) func signalsInline(_ n: Int) -> Int {
    var sum = 0
    Signal.range(1, n).filter { $0 % 2 == 0 }.map { $0 &* 3 }.reduce(0) { $0 &+ $1 }
        .subscribe { if case .next(let value) = $0 { sum = value } }
    return sum
}

/// The library when the graph is built elsewhere (as the language does): no fusion.
@inline(never) func buildSignal(_ n: Int) -> Signal<Int> {
    Signal.range(1, n).filter { $0 % 2 == 0 }.map { $0 &* 3 }.reduce(0) { $0 &+ $1 }
}

@inline(never) func openCombine(_ n: Int) -> Int {
    var sum = 0
    _ = (1...n).publisher.filter { $0 % 2 == 0 }.map { $0 &* 3 }.reduce(0, &+)
        .sink { sum = $0 }
    return sum
}

/// The same work as a script: parsed and checked once, compiled to signals, run.
@inline(never) func dsl(_ n: Int) -> Int { script(n, traced: false) }

/// P5: the script with every stage traced (probes, rows, bounded memory).
@inline(never) func dslTraced(_ n: Int) -> Int { script(n, traced: true) }

func script(_ n: Int, traced: Bool) -> Int {
    var frontend = Frontend()
    let source = Source(name: "p1.frp", text: "range 1, \(n) | filter it % 2 == 0 | map it * 3 | reduce 0, acc + it")
    let (statements, diagnostics) = frontend.load(source)
    guard diagnostics.isEmpty, case .run(let pipeline, _, _)? = statements.first else {
        print(diagnostics.map { $0.rendered(in: source) }.joined(separator: "\n"))
        return 0
    }
    let scheduler = Scheduler.virtual()
    let context = RunContext(scheduler: scheduler)
    if traced {
        let tracer = Tracer<Value>(scheduler: scheduler)
        context.trace = { stage, depth in
            tracer.stageProbe(for: stage, depth: depth)
        }
    }
    let compiler = Compiler(context: context)
    var sum = 0
    compiler.signal(pipeline).subscribe { event in
        if case .next(.number(let value)) = event { sum = Int(value) }
    }
    return sum
}

@inline(never) func bareTimer(_ n: Int) -> Int {
    let scheduler = Scheduler.virtual()
    var fired = 0
    var timer: Signals.Timer?
    timer = scheduler.makeTimer {
        fired += 1
        if fired < n { timer?.schedule(after: .milliseconds(1)) }
    }
    timer?.schedule(after: .milliseconds(1))
    scheduler.run()
    timer = nil
    return fired
}

@inline(never) func intervalTakeCount(_ n: Int) -> Int {
    let scheduler = Scheduler.virtual()
    var result = 0
    Signal<Int>.interval(.milliseconds(1), on: scheduler).take(n).count()
        .subscribe { if case .next(let value) = $0 { result = value } }
    scheduler.run()
    return result
}

@inline(never) func pushChainSum(_ n: Int) -> Int {
    let sum = SumStage()
    pushChain(n, FilterStage(MapStage(sum)))
    return sum.sum
}

@inline(never) func signalsBuiltAtRunTime(_ n: Int) -> Int {
    var sum = 0
    buildSignal(n).subscribe { if case .next(let value) = $0 { sum = value } }
    return sum
}


// P4: peak memory of a traced run, which keeps a bounded window of events. Each size runs
// in a fresh process (`Benchmarks --p4-child N`), so one run's heap does not hide another's.

import Foundation

/// `Benchmarks --p4-child N`: runs the P1 script on N values as `frp run --virtual` does —
/// every stage traced, the diagram drawn, the output dropped — prints its peak RSS in kB
/// and exits.
func runP4ChildIfAsked() {
    let arguments = CommandLine.arguments
    guard arguments.count == 3, arguments[1] == "--p4-child", let n = Int(arguments[2]) else { return }
    let silent = Output(line: { _ in }, error: { _ in })
    let source = Source(name: "p4.frp", text: "range 1, \(n) | filter it % 2 == 0 | map it * 3 | reduce 0, acc + it")
    _ = ScriptRunner(clock: .virtual, trace: true, output: silent).run(source)
    print(peakResidentKilobytes() ?? -1)
    exit(0)
}

/// VmHWM of this process: the most resident memory it ever had.
func peakResidentKilobytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}

/// Runs the child for N values and returns its peak RSS in MB.
func tracedRunPeakMegabytes(_ n: Int) -> Double? {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    child.arguments = ["--p4-child", String(n)]
    let output = Pipe()
    child.standardOutput = output
    do { try child.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return Int(text.split(separator: "\n").last ?? "").map { Double($0) / 1024 }
}

/// The release `frp` binary beside the checkout (`make bench` builds it first), nil when
/// there is none.
let releaseFRP: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let binary = root.appendingPathComponent(".build/release/frp")
    return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
}()

/// The script's runs untraced and traced, as a user runs it (`processNanosecondsPerEvent`),
/// in rounds, as the cases measured in process (`sampleInRounds`); nil without a release
/// binary, NaN for a run that failed.
func processSamples(_ script: String, events: Int, rounds: Int) -> (untraced: [Double], traced: [Double])? {
    guard let binary = releaseFRP else { return nil }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("p5-process-\(getpid()).frp")
    guard (try? script.write(to: file, atomically: true, encoding: .utf8)) != nil else { return nil }
    defer { try? FileManager.default.removeItem(at: file) }
    let samples = sampleInRounds(rounds, [false, true].map { traced in
        { processNanosecondsPerEvent(binary, file, traced: traced, events: events) ?? .nan }
    })
    return (samples[0], samples[1])
}

/// A script as a user runs it: `frp run --virtual` of the release binary in a fresh process,
/// its whole wall time (start-up included) per event; nil when it could not run.
func processNanosecondsPerEvent(_ binary: URL, _ file: URL, traced: Bool, events: Int) -> Double? {
    let arguments = [binary.path, "run", "--virtual"] + (traced ? [] : ["--no-trace"]) + [file.path]
    // posix_spawn and waitpid, as hyperfine runs a command: Foundation's Process watched
    // the child from a thread of its own, and the traced run measured 1.49× the untraced
    // one where hyperfine measured 1.28×.
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, binary.path, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    guard waitpid(pid, &status, 0) == pid, status == 0 else { return nil }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(events)
}

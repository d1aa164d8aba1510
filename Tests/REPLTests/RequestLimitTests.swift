import Foundation
import Language
@testable import REPL
import Testing
import TestSupport

/// A script's real-time limit holds for everything it does — checking, each statement,
/// bound properties, costly operations inside one event — and its event limits for what it
/// records (Reliability III: one shared link held the playground for minutes). Each test
/// asserts what stopped the work; without the limit each would run for minutes or exhaust
/// memory, not pass.
@Suite("Limits of a whole script")
struct RequestLimitTests {
    func run(_ text: String, limit: Duration = .milliseconds(300)) -> (status: Int32, output: String) {
        let captured = Captured()
        let status = ScriptRunner(clock: .virtual, trace: false, output: captured.output)
            .run(Source(name: "limits.frp", text: text), wallClockLimit: limit)
        return (status, captured.text)
    }

    /// A 16 MB text (doubled 24 times).
    static let bigText = "range 1, 24 | scan \"x\", acc + acc | last"

    @Test("a costly operation in each event (contains on 16 MB) stops at the limit, and the statements after it do not run")
    func costlyEventsStop() {
        let (status, output) = run("""
            \(Self.bigText) | combineLatest (range 1, 100) | map contains(it[0], "y") | count
            of 1
            of 2
            """)
        #expect(output.contains("stopped after 0.3 seconds of real time"))
        #expect(output.contains("stopped: the script's limit of 0.3 seconds of real time has passed; 2 statements were not run"))
        #expect(!output.contains("next 2"))
        #expect(status == 1)
    }

    @Test("one matches over megabytes is stopped inside, at the limit")
    func matchesStopsInside() {
        let (_, output) = run("range 1, 22 | scan \"a\", acc + acc | last | map it matches \"(a|b)*c\"")
        #expect(output.contains("stopped: the run was interrupted"))
        #expect(output.contains("stopped after 0.3 seconds of real time"))
    }

    @Test("a bound property's pipeline runs under the run's limit (it started before the limit was set)")
    func boundPropertyStops() {
        let (_, output) = run("var a <- range 1, 1e12\na | take 3")
        #expect(output.contains("stopped after 0.3 seconds of real time"))
    }

    @Test("an expect records at most 100,000 events, then fails saying so (1.2e7 took 1.5 GB)")
    func expectEventLimit() {
        let (status, output) = run("expect range 1, 1.2e7 emits \"a\"", limit: .seconds(60))
        #expect(status == 1)
        #expect(output.contains("stopped after 100000 events, an expect's limit: the marble has 1"))
    }

    @Test("overlapping buffers fail past a million values held at once (buffer 20000, 1 took 2.2 GB)")
    func overlappingBuffers() {
        let (_, output) = run("range 1, 20000 | buffer 20000, 1 | count", limit: .seconds(60))
        #expect(output.contains("buffer: 20000, 1 would hold more than 1000000 values at once"))
        #expect(run("range 1, 10 | buffer 3, 1 | count").output.contains("next 10"))
    }

    @Test("a run with a memory limit stops past it and says so (a timer storm took 813 MB)")
    func memoryLimit() {
        let captured = Captured()
        var runner = ScriptRunner(clock: .virtual, trace: false, output: captured.output)
        runner.memoryLimit = 64 << 20
        _ = runner.run(Source(name: "storm.frp", text: "range 1, 5000000 | flatMap (timer 1s | map [it, it] | take 1) | count"),
                       wallClockLimit: .seconds(60))
        #expect(captured.text.contains("stopped after using more than 64 MB of memory"))
    }

    @Test("the playground's run stops when the server stops, and says who stopped it")
    func playgroundStops() {
        let reply = Playground.run("range 1, 1e12 | count", stop: { true })
        #expect(reply.contains("cancelled"))
        #expect(reply.contains("\"notes\":[]"))
    }

    @Test("a playground request's reply counts against its limit: printing, drawing and the rows of 18 runs of 1,000 long values (it held the page 14 s)")
    func replyWithinTheLimit() throws {
        let script = ["let big = range 1, 14 | scan \"a\", acc + acc | takeLast 1",
                      "let q = timer 0ms | then (range 1, 1000) | withLatestFrom big"] + Array(repeating: "q", count: 18)
        let started = ContinuousClock.now
        let reply = Playground.run(script.joined(separator: "\n"))
        let took = ContinuousClock.now - started
        #expect(took < .seconds(7), "\(took)")
        let json = try #require(try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])
        let notes = try #require(json["notes"] as? [String])
        // What was left is said: the statements not run, the runs not drawn, the output cut.
        #expect(notes.contains { $0.hasPrefix("The output is cut after 8 MB") })
        #expect(notes.contains { $0.contains("limit of 5.0 seconds of real time had passed") }, "\(notes)")
        #expect((json["output"] as? String)?.utf8.count ?? .max <= 8 << 20)
    }

    @Test("a lesson answer over the network gets the playground's limit: an endless answer is stopped, not run for ten seconds")
    func lessonAnswerLimit() throws {
        let reply = try #require(Playground.check(lesson: "feed", exercise: 1, answer: "range 1, 1e12 | count"))
        #expect(reply.contains("\"verdict\":\"wrong\""))
        #expect(reply.contains("stopped after 5.0 seconds of real time"))
        #expect(reply.contains("\"hint\":null"))
    }
}

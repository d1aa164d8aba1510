import Language
import Foundation
@testable import REPL
import Signals
import Synchronization
import Trace
import Testing
import TestSupport

/// What `frp run --virtual` prints for a script: its events and its trace.
func trace(_ script: String) throws -> String {
    let captured = Captured()
    _ = ScriptRunner(clock: .virtual, output: captured.output).run(path: try temporaryScript(script))
    return captured.text
}


@Suite("frp test")
struct TestCommandTests {
    @Test("a stream given as a script is refused at the size limit, not read without end")
    func streamIsRefused() {
        guard case .failure(let failure) = SourceFile.load("/dev/zero") else {
            Issue.record("/dev/zero was read as a script")
            return
        }
        #expect(failure.message.contains("FILE TOO LARGE"))
        // It cannot know the size of a stream, and says so (it said "16842752 bytes").
        #expect(failure.message.contains("This file has more than 4194304 bytes (4 MB), the most I read."))
    }

    @Test("a byte-order mark is skipped and lone carriage returns end lines (UNEXPECTED CHARACTER, TOO MANY ARGUMENTS before)")
    func bomAndCarriageReturns() throws {
        guard case .success(let source) = Source.decode(bytes: [0xEF, 0xBB, 0xBF] + Array("of 1\rexpect of 2 emits \"(a|)\" {a: 2}\r".utf8), name: "mac.frp") else {
            Issue.record("the file was refused")
            return
        }
        let captured = Captured()
        #expect(ScriptRunner(clock: .virtual, trace: false, output: captured.output).run(source) == 0)
        #expect(captured.text.contains("» of 1\n      0ms  next 1"))
        #expect(captured.text.contains("✓ line 2: of 2 emits"))
    }

    @Test("a script's real-time limit ends work without end in one instant, with a message")
    func timeout() throws {
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, trace: false, output: captured.output)
            .run(Source(name: "t.frp", text: "range 1, 1000000000000 | count"), wallClockLimit: .milliseconds(200))
        #expect(captured.text.contains("stopped after 0.2 seconds of real time"))
    }

    @Test("frp run exits 1 when an expect fails or its events cannot be written")
    func runStatus() throws {
        let failing = try temporaryScript("expect of 1 emits \"(a|)\" {a: 2}\nof 1")
        #expect(ScriptRunner(clock: .virtual, trace: false, output: Captured().output).run(path: failing) == 1)
        let fine = try temporaryScript("expect of 1 emits \"(a|)\" {a: 1}\nof 1")
        #expect(ScriptRunner(clock: .virtual, trace: false, output: Captured().output).run(path: fine) == 0)
        let captured = Captured()
        #expect(ScriptRunner(clock: .virtual, trace: true, eventsPath: "/dev/full", output: captured.output).run(path: fine) == 1)
        #expect(captured.text.contains("cannot write the events: No space left on device"))
    }

    @Test("--fail and --slow with an empty service name are a message, not a trap")
    func emptyServiceName() {
        #expect(throws: ServiceFailureError.self) { try ServiceFailures(fail: [""], slow: []) }
        #expect(throws: ServiceFailureError.self) { try ServiceFailures(fail: ["=x"], slow: []) }
        #expect(throws: ServiceFailureError.self) { try ServiceFailures(fail: [], slow: ["=5"]) }
    }

    @Test("a marble that ends with a value compares what comes after it too; a trailing - run is a window")
    func openMarbleComparesWhatFollows() throws {
        let path = try temporaryScript("""
            expect cold "-a-#" emits "-a"
            expect cold "-a-b-c|" emits "-a"
            expect interval 2ms emits "--a" {a: 0}
            expect cold "-a" emits "-a"
            expect cold "-a-b-c|" emits "-a-"
            expect interval 2ms emits "--a-" {a: 0}
            """)
        let captured = Captured()
        let status = TestRunner(output: captured.output).run(paths: [path])
        #expect(status == 1)
        #expect(captured.text.hasSuffix("3 passed, 3 failed"))
        #expect(captured.text.contains("first difference (event 2): expected nothing more, got error \"error\" at frame 3"))
        #expect(captured.text.contains("hint: more came after the marble's last event; end the marble with `-` to look only within its width"))
        // An endless source is drawn only a little past the marble.
        #expect(captured.text.contains("(what it sent is drawn up to 24 ms; it went on to 1002 ms)"))
        #expect(!captured.text.contains("FAIL \(path):4:1") && !captured.text.contains("FAIL \(path):5:1"))
    }

    @Test("a failure names the actual event even when it comes long after the expected marble")
    func lateEventIsNamed() throws {
        let path = try temporaryScript("expect of 3 | delay 800ms emits \"600ms (n|)\" {n: 3}")
        let captured = Captured()
        _ = TestRunner(output: captured.output).run(paths: [path])
        // The expected marble as written; the actual one in its style (its 600ms kept,
        // the rest a progression of its own), the caret under the first difference.
        #expect(captured.text.contains("expected: 600ms (n|)\n  actual:   600ms 200ms (n|)\n                   ^\n"))
        #expect(captured.text.contains("first difference (event 1): expected next 3 at frame 600, got next 3 at frame 800"))
    }

    @Test("a failure says when the actual marble cannot show its events at their frames")
    func drawnLateIsSaid() throws {
        let path = try temporaryScript("""
            expect of 1, 2 | concat (cold "-c|") emits "(ab)c|" {a: 1, b: 2}
            expect cold "-a-b|" emits "-a-c|"
            """)
        let captured = Captured()
        _ = TestRunner(output: captured.output).run(paths: [path])
        let reports = captured.text.components(separatedBy: "FAIL ")
        #expect(reports.count == 3)
        #expect(reports[1].contains("actual:   (ab)c|\n"))
        #expect(reports[1].contains("(some of what it sent is drawn a little later than it came"))
        #expect(reports[1].contains("expected next \"c\" at frame 4, got next \"c\" at frame 1"))
        #expect(!reports[2].contains("drawn later"))
    }

    @Test("a wrong expectation fails, with both marbles and the first difference")
    func wrongExpectationFails() throws {
        let path = try temporaryScript("""
            expect cold "-a-b-c-|" | take 2 emits "-a-(b|)"
            expect cold "-a-b-c-|" | take 2 emits "-a-b-|"
            """)
        let captured = Captured()
        let status = TestRunner(output: captured.output).run(paths: [path])
        #expect(status == 1)
        #expect(captured.text.hasSuffix("1 passed, 1 failed"))
        #expect(captured.text.contains("FAIL \(path):2:1"))
        // Marks of one frame start in one column; the caret is under the earlier of the
        // two differing events (the actual `|` inside its group).
        #expect(captured.text.contains("expected: -a-b   -|\n  actual:   -a-(b|)\n                 ^\n"))
        #expect(captured.text.contains("first difference (event 3): expected completed at frame 5, got completed at frame 3"))
        // README shows this failure: it must be what frp prints.
        let readme = try String(contentsOf: TraceSnapshotTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let report = captured.text.components(separatedBy: "FAIL \(path):2:1\n")[1].components(separatedBy: "\n\n")[0]
        #expect(readme.contains(report.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")), "README's failure is not what frp prints:\n\(report)")
    }

    @Test("a failure draws what the run did after the expected width, so a late event shows where it went")
    func actualPastTheWidth() throws {
        let path = try temporaryScript(#"expect cold "-a-b|" | delay 2ms emits "-a-b|""#)
        let captured = Captured()
        #expect(TestRunner(output: captured.output).run(paths: [path]) == 1)
        #expect(captured.text.contains("expected: -a-b|\n  actual:   ---a-(b|)"))
        #expect(captured.text.contains("first difference (event 1): expected next \"a\" at frame 1, got next \"a\" at frame 3"))
        #expect(captured.text.contains("(the expected marble ends at 4 ms; what it sent after that is drawn too, to show where it went)"))
    }

    @Test("values the expectation does not name get letters and a legend")
    func legendForUnknownValues() throws {
        let path = try temporaryScript(#"expect of 1, 2 | map it * 10 emits "(ab|)" {a: 10, b: 30}"#)
        let captured = Captured()
        #expect(TestRunner(output: captured.output).run(paths: [path]) == 1)
        #expect(captured.text.contains("actual:   (ac|)"))
        // Every letter drawn has an entry: the expectation's own, and the new one.
        #expect(captured.text.contains("where a = 10, b = 30, c = 20"))
    }

    @Test("a file that does not parse exits 2 with its diagnostic")
    func unparsableFile() throws {
        let path = try temporaryScript("of 1 | fitler it > 1\n")
        let captured = Captured()
        #expect(TestRunner(output: captured.output).run(paths: [path]) == 2)
        #expect(captured.text.contains("-- UNKNOWN OPERATOR"))
        #expect(captured.text.contains("Hint: did you mean `filter`?"))
        #expect(captured.text.hasSuffix("0 passed, 0 failed"))
    }

    @Test("a missing file exits 2")
    func missingFile() {
        let captured = Captured()
        #expect(TestRunner(output: captured.output).run(paths: ["/nonexistent/x.frp"]) == 2)
        #expect(captured.text.contains("cannot read /nonexistent/x.frp"))
    }
}

@Suite("frp run")
struct RunCommandTests {
    @Test("a virtual run prints each event with its time, then the marble trace of every stage")
    func virtualRun() throws {
        let path = try temporaryScript("""
            cold "-a--b|" | map it + "!"
            of 1 | map it / 0
            """)
        let captured = Captured()
        #expect(ScriptRunner(clock: .virtual, output: captured.output).run(path: path) == 0)
        #expect(captured.text == """
            » cold "-a--b|" | map it + "!"
                  1ms  next "a!"
                  4ms  next "b!"
                  5ms  completed
            1 col = 1ms
            cold "-a--b|"  -a--b|
            map it + "!"   -c--d|
            where a = "a", b = "b", c = "a!", d = "b!"
            » of 1 | map it / 0
                  0ms  error "2:15 map: division by zero"
            1 col = 1ms
            of 1        (a!)
            map it / 0  #
            where a = 1
            # = 2:15 map: division by zero
            ! cancelled:
              of 1 at 0ms: when map it / 0 failed
            """)
    }

    @Test("--no-trace prints only the events")
    func noTrace() throws {
        let path = try temporaryScript("cold \"-a|\"")
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, trace: false, output: captured.output).run(path: path)
        #expect(captured.text == """
            » cold "-a|"
                  1ms  next "a"
                  2ms  completed
            """)
    }

    @Test("the trace shows switchMap cancelling the stale inner run")
    func traceShowsCancellation() throws {
        let path = try temporaryScript("cold \"-a--b|\" | switchMap (cold \"--x|\")")
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, output: captured.output).run(path: path)
        #expect(captured.text.hasSuffix("""
            1 col = 1ms
            cold "-a--b|"            -a--b|
            switchMap (cold "--x|")  ---x--x|
              cold "--x|"             --x!
              ↳ run 2                    --x|
            where a = "a", b = "b", x = "x"
            ! cancelled:
              cold "--x|" (1st) at 4ms: when cold "-a--b|" sent "b"
            """))
        // At 4 ms `b` comes before the first inner's end (it was scheduled first), so the
        // first inner is cancelled (`!`) by switchMap, and the trace says what caused it;
        // the second run has a lane of its own, so the first one's line ends at its `!`.
    }

    @Test("a one-letter string keeps its own mark; another value takes a free letter, even when it comes first")
    func ownMarks() throws {
        let path = try temporaryScript(#"timer 1ms | merge (cold "--a|")"#)
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, output: captured.output).run(path: path)
        #expect(captured.text.contains("merge (cold \"--a|\")  -ba|\n"))
        // Every letter drawn has a legend entry, its own mark too.
        #expect(captured.text.hasSuffix("\nwhere a = \"a\", b = 0"))
    }

    @Test("an endless pipeline in virtual time stops at the event limit")
    func endlessVirtualRun() throws {
        let path = try temporaryScript("interval 1ms")
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, output: captured.output).run(path: path)
        #expect(captured.text.contains("stopped after 1000 events, frp run's limit (`--max-events N` to see more, `take N` to see fewer)"))
    }

    @Test("a runaway synchronous source respects take and stops at the event limit")
    func runawaySourceRespectsTakeAndLimit() throws {
        let path = try temporaryScript("""
            range 1, 1000000000000 | take 3
            range 1, 1000000000000 | map it * 2
            """)
        let captured = Captured()
        #expect(ScriptRunner(clock: .virtual, trace: false, output: captured.output).run(path: path) == 0)
        #expect(captured.text.contains("next 3\n") && captured.text.contains("completed"))
        #expect(captured.text.contains("stopped after 1000 events"))
    }

    @Test("a synchronous loop that sends nothing is stopped by an interrupt (Ctrl-C)")
    func silentLoopIsInterruptible() throws {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let (statements, diagnostics) = frontend.load(Source(name: "x.frp", text: "range 1, 1000000000000 | filter it < 0\nfail \"down\" | retry 1000000000"))
        #expect(diagnostics.isEmpty)
        let captured = Captured()
        var polls = 0
        var options = RunOptions()
        options.interrupted = { polls += 1; return polls > 50 }
        let session = Session(options: options, outputs: RunOutputs(tracing: false), output: captured.output)
        session.execute(statements[0])
        #expect(captured.text.contains("cancelled"))
        polls = 0
        session.execute(statements[1])
        #expect(captured.text.contains("error \"retry: interrupted after"))
    }

    @Test("the views of a named action share one subscription to its inputs")
    func actionViewsShareInputs() throws {
        let path = try temporaryScript("""
            let presses = cold "-p-----p|" | log "inputs"
            let save = presses | action (timer 2ms | mapTo "saved")
            save | merge (executing save) | merge (enabled save) | merge (errors save)
            """)
        let captured = Captured()
        #expect(ScriptRunner(clock: .virtual, trace: false, output: captured.output).run(path: path) == 0)
        #expect(captured.text.components(separatedBy: "inputs: subscribed").count - 1 == 1)
        #expect(captured.text.components(separatedBy: "next \"saved\"").count - 1 == 2)
    }

    @Test("a signal that can never end is reported, not waited for")
    func neverEnds() throws {
        let path = try temporaryScript("never")
        let captured = Captured()
        _ = ScriptRunner(clock: .live(speed: 1), output: captured.output).run(path: path)
        #expect(captured.text.contains("still open, but nothing more can happen"))
    }

    @Test("live time scaled 1000x ends a 2 s delay before 2 s of real time, and its trace reads seconds")
    func scaledTime() throws {
        let path = try temporaryScript("of 1 | delay 2s")
        let captured = Captured()
        let started = ContinuousClock.now
        _ = ScriptRunner(clock: .live(speed: 1000), output: captured.output).run(path: path)
        // Not a speed measurement: unscaled, the run could not end before 2 s.
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(captured.text.contains("next 1"))
        #expect(captured.text.contains("completed"))
        // The event's time is read on the scaled clock: at least the 2 s the delay waits.
        let eventLine = captured.text.split(separator: "\n").first { $0.contains("next 1") }
        let time = try #require(eventLine?.split(separator: " ").first)
        #expect(time.hasSuffix("s") && !time.hasSuffix("ms"))
        #expect((Double(time.dropLast()) ?? 0) >= 2)
    }
}

@Suite("The binary")
struct BinaryTests {
    static var binary: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/frp").path
    }

    /// The binary run with `arguments`, `input` on its standard input, `environment` added to
    /// this process's, in `directory`: its status and what it printed (both streams).
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:],
                    in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = directory
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func run(_ arguments: [String], input: String) throws -> (status: Int32, output: String) {
        try Self.run(arguments, input: input)
    }

    @Test("piped input runs line by line with no prompt, and a mistake does not end the session",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func pipedRepl() throws {
        let result = try run([], input: "let x = 5\nof x | mapp it\nof x, 2 | map it * 10\n")
        #expect(result.status == 0)
        #expect(!result.output.contains("frp>"))
        #expect(result.output.contains("-- UNKNOWN OPERATOR"))
        #expect(result.output.contains("next 50"))
        #expect(result.output.contains("next 20"))
    }

    @Test("--max-events with a negative number says what it needs (not \"Missing value\")",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func negativeMaxEvents() throws {
        let path = try temporaryScript("of 1")
        let result = try run(["run", "--max-events", "-1", path], input: "")
        #expect(result.status == 64)
        #expect(result.output.contains("--max-events needs a positive whole number"))
    }
}

@Suite("Trace export")
struct TraceExportTests {
    @Test("--events writes every traced event as one JSON object per line, cancellations included")
    func eventsAsNDJSON() throws {
        let path = try temporaryScript("cold \"-a--b|\" | switchMap (cold \"--x|\")")
        let events = path + ".ndjson"
        let captured = Captured()
        #expect(ScriptRunner(clock: .virtual, trace: false, eventsPath: events, output: captured.output).run(path: path) == 0)
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.allSatisfy { object in
            ["run", "time_ms", "stage", "depth", "subscription", "event"].allSatisfy { object[$0] != nil }
        })
        let kinds = Set(objects.compactMap { $0["event"] as? String })
        #expect(kinds == ["subscribed", "next", "completed", "cancelled", "disposed"])
        let cancelled = objects.filter { $0["event"] as? String == "cancelled" }
        #expect(cancelled.count == 1)
        #expect(cancelled.first?["stage"] as? String == "cold \"--x|\"")
        #expect(cancelled.first?["time_ms"] as? Int == 4)
        #expect(cancelled.first?["depth"] as? Int == 1)
        #expect(cancelled.first?["cause"] as? String == "when cold \"-a--b|\" sent \"b\"")
        let values = objects.filter { $0["event"] as? String == "next" && $0["stage"] as? String == "cold \"-a--b|\"" }
        #expect(values.compactMap { $0["value"] as? String } == ["a", "b"])
    }
}

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Counts the elements and classes of an XML document (and fails on XML that does not parse).
final class ElementCounter: NSObject, XMLParserDelegate {
    var elements: [String: Int] = [:]
    var classes: [String: Int] = [:]
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements[name, default: 0] += 1
        if let kind = attributes["class"] { classes[kind, default: 0] += 1 }
    }
}

extension TraceExportTests {
    @Test("--svg writes a valid SVG with a circle per value, bars, crosses and cancel marks")
    func svgExport() throws {
        let path = try temporaryScript("""
            cold "-a--b|" | switchMap (cold "--x|")
            cold "-a-#" | map it
            """)
        let svg = path + ".svg"
        _ = ScriptRunner(clock: .virtual, trace: false, svgPath: svg, output: Captured().output).run(path: path)
        for (file, circles) in [(svg, 6), (svg.replacingOccurrences(of: ".svg", with: "-2.svg"), 2)] {
            let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: file)))
            let counter = ElementCounter()
            parser.delegate = counter
            #expect(parser.parse(), "\(file) is not well-formed XML")
            #expect(counter.elements["svg"] == 1)
            #expect(counter.elements["circle"] == circles)
            if circles == 6 {
                #expect(counter.classes["cancelled"] == 1)
                #expect(counter.classes["completed"] == 3)
            } else {
                #expect(counter.classes["error"] == 2)
            }
        }
    }
}

@Suite("Who cancelled whom")
struct CancellationCauseTests {
    @Test("a cancellation's time reads as the event column's (1.2s, not 1200ms)")
    func cancellationTimeReadsLikeEvents() throws {
        let text = try trace("interval 600ms | take 2")
        #expect(text.contains("     1.2s  next 1"))
        #expect(text.contains("interval 600ms at 1.2s: when take 2 completed"))
    }

    @Test("take cancels its source, and every stage between them, when it completes")
    func take() throws {
        let text = try trace("interval 10ms | map it * 2 | filter it > 0 | take 2")
        #expect(text.contains("interval 10ms at 30ms: when take 2 completed"))
        // map and filter are fused when the run is not traced; traced, they are cancelled too.
        #expect(text.contains("map it * 2 at 30ms: when take 2 completed"))
    }

    @Test("takeUntil names its notifier; switchMap the value that replaced the inner run")
    func takeUntilAndSwitchMap() throws {
        let text = try trace(#"cold "-a-b-c-d|" | switchMap (interval 3ms) | takeUntil (cold "------x|")"#)
        #expect(text.contains("! cancelled:"))
        #expect(text.contains(#"interval 3ms (1st) at 3ms: when cold "-a-b-c-d|" sent "b""#))
        #expect(text.contains("when takeUntil (cold \"------x|\") completed"))
    }

    @Test("the tracer keeps a bounded window: the busiest row becomes a ring of its newest events")
    func boundedRing() {
        let scheduler = Scheduler.virtual()
        let tracer = Tracer<Int>(scheduler: scheduler, eventLimit: 100)
        let busy = tracer.probe(key: "busy", label: "busy", depth: 0, line: 1, column: 1)
        let rare = tracer.probe(key: "rare", label: "rare", depth: 0, line: 1, column: 9)
        let subscription = busy.subscribed()
        _ = rare.subscribed()
        rare.received(.next(-1), subscription: 0)
        for value in 0..<10_000 { busy.received(.next(value), subscription: subscription) }
        let kept = tracer.rows[0].events.compactMap(\.event.value)
        #expect(kept.count < 100 && kept.count >= 80)
        #expect(kept.last == 9_999, "the newest events are kept")
        #expect(kept == Array((10_000 - kept.count)..<10_000), "in order, oldest first")
        #expect(tracer.rows[1].events.compactMap(\.event.value) == [-1], "a quiet row keeps its events")
        #expect(tracer.droppedEvents == 10_001 - kept.count - 1)
    }

    @Test("the ring frees the events it drops and overwrites, and the rest with the tracer")
    func ringFreesEvents() {
        let census = Census()
        var tracer: Tracer<Token>? = Tracer<Token>(scheduler: Scheduler.virtual(), eventLimit: 100)
        var row = tracer?.probe(key: "busy", label: "busy", depth: 0, line: 1, column: 1)
        let subscription = row?.subscribed() ?? 0
        for value in 0..<1_000 { row?.received(.next(Token(value, census)), subscription: subscription) }
        let kept = tracer?.rows[0].events.compactMap(\.event.value?.value) ?? []
        #expect(kept == Array((1_000 - kept.count)..<1_000))
        #expect(census.alive == kept.count, "only the kept events are alive")
        // The probe holds its tracer.
        tracer = nil
        row = nil
        #expect(census.alive == 0)
    }
}

@Suite("Failures on demand")
struct FailuresOnDemandTests {
    @Test("--fail makes a service's requests fail, --slow makes them slower")
    func failAndSlow() throws {
        let path = try temporaryScript(#"search "cats" | map photos.total > 0"#)
        let failing = Captured()
        _ = ScriptRunner(clock: .virtual, trace: false, failures: try ServiceFailures(fail: ["search=offline"], slow: []),
                         output: failing.output).run(path: path)
        #expect(failing.text.contains(#"400ms  error "search: offline""#))
        let slow = Captured()
        _ = ScriptRunner(clock: .virtual, trace: false, failures: try ServiceFailures(fail: [], slow: ["search=3"]),
                         output: slow.output).run(path: path)
        #expect(slow.text.contains("1.2s  next true"))
    }

    @Test("an unknown service or a bad factor is a clear error")
    func mistakes() {
        #expect(throws: ServiceFailureError.self) { try ServiceFailures(fail: ["serch"], slow: []) }
        #expect(throws: ServiceFailureError.self) { try ServiceFailures(fail: [], slow: ["search=fast"]) }
    }
}

extension BinaryTests {
    @Test(":help lists the families, :help OP explains one, :quit ends the session",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func helpCommands() throws {
        let result = try run([], input: ":help\n:help debounce\n:quit\nof 1\n")
        #expect(result.status == 0)
        #expect(result.output.contains("Flattening: flatMap, switchMap, concatMap, exhaustMap, switchToLatest"))
        #expect(result.output.contains("RAC2: throttle: (a debounce!)"))
        #expect(!result.output.contains("next 1"))
    }
}

extension BinaryTests {
    @Test(":time virtual, :trace off, :save, :reset and :load work on a piped session",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func sessionCommands() throws {
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".frp").path
        let result = try run([], input: """
            :time virtual
            :trace off
            let x = cold "-a-b|"
            x | map it + "!"
            :save \(saved)
            :reset
            :load \(saved)
            """)
        #expect(result.status == 0)
        #expect(result.output.components(separatedBy: #"3ms  next "b!""#).count == 3)
        #expect(!result.output.contains("1 col ="))
        #expect(try String(contentsOfFile: saved, encoding: .utf8) == "let x = cold \"-a-b|\"\nx | map it + \"!\"\n")
    }
}

extension BinaryTests {
    @Test(":import FILE.js shows the RxJS code as a script, says what it left out, and runs it",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func importAtThePrompt() throws {
        let code = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".js").path
        try """
            import { of } from 'rxjs';
            const doubled = of(1, 2).pipe(map(v => v * 2));
            doubled.pipe(tap(v => v)).subscribe(console.log);
            doubled.subscribe(v => console.log(`got ${v}`));
            """.write(toFile: code, atomically: true, encoding: .utf8)
        let result = try run([], input: ":time virtual\n:import \(code)\n")
        #expect(result.status == 0)
        #expect(result.output.contains("let doubled = of 1, 2 | map it * 2\n"), "\(result.output)")
        #expect(result.output.contains("\ndoubled | map (\"got \" + string(it))\n"), "\(result.output)")
        #expect(result.output.contains("line 3: left out: `tap` runs a side effect"), "\(result.output)")
        #expect(result.output.contains("0ms  next \"got 4\""))
    }

    @Test(":explain a definition or a let name: what it stands for and a line on each operator it uses; import at the prompt",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func explainUserNames() throws {
        let library = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".frp").path
        try "def above(n) = filter rating > n | take 3\n".write(toFile: library, atomically: true, encoding: .utf8)
        let result = try run([], input: """
            import "\(library)"
            :explain above
            let best = popular | above 90 | map name
            :explain best
            """)
        #expect(result.status == 0)
        #expect(result.output.contains("`above` is your definition, used as a stage:\n  def above(n) = filter rating > n | take 3\n\n  filter: Forwards"))
        #expect(result.output.contains("`best` is your name for a pipeline:\n  let best = popular | above 90 | map name\n\n  popular: The 500px"))
        #expect(result.output.contains("  map: Sends"))
    }
}

/// The trace of scenario runs, as a person reads it, compared with the text kept in
/// Tests/Snapshots (virtual time makes it deterministic). `FRP_RECORD_SNAPSHOTS=1 swift
/// test` writes them anew; review the difference before committing.
@Suite("Trace snapshots")
struct TraceSnapshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every example, found in Examples/ (a new one gets its snapshot with
    /// FRP_RECORD_SNAPSHOTS=1, and fails until it has one).
    static var examples: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Examples").path)) ?? []
        return names.filter { $0.hasSuffix(".frp") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test("every example is there to snapshot")
    func examplesFound() {
        #expect(Self.examples.count >= 17)
    }

    @Test("example runs draw the same diagrams", arguments: TraceSnapshotTests.examples)
    func scenario(name: String) throws {
        let script = Self.root.appendingPathComponent("Examples/\(name).frp").path
        let captured = Captured()
        #expect(ScriptRunner(clock: .virtual, output: captured.output).run(path: script) == 0)
        let snapshot = Self.root.appendingPathComponent("Tests/Snapshots/\(name).txt")
        let actual = captured.text + "\n"
        if ProcessInfo.processInfo.environment["FRP_RECORD_SNAPSHOTS"] == "1" {
            try actual.write(to: snapshot, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: snapshot, encoding: .utf8)
        #expect(actual == expected)
    }
}

/// Counts the tokens alive, to see that a container frees what it drops.
final class Census { var alive = 0 }

final class Token {
    let value: Int
    let census: Census
    init(_ value: Int, _ census: Census) {
        self.value = value
        self.census = census
        census.alive += 1
    }
    deinit { census.alive -= 1 }
}

/// The marble trace's drawing: letters for values, groups for one instant, an honest scale.
@Suite("Marble trace")
struct MarbleTraceTests {
    @Test("a long error message is cut on its event line and in the legend, saying its length")
    func longErrorCut() throws {
        let text = try trace("range 1, 18 | reduce \"ab\", acc + acc | switchMap (fail it)")
        // The message is 524,288 characters: written out whole, twice, before.
        #expect(text.utf8.count < 30_000)
        #expect(text.contains("… (524288 characters)"))
        #expect(text.split(separator: "\n").contains { $0.contains("error \"abab") })
    }

    @Test("values over 120 characters that begin alike get their own letters (the kept beginning says the size)")
    func longValuesAlike() throws {
        let text = try trace("of \"ab\" | map it + it | map it + it | map it + it | map it + it | map it + it | map it + it | map it + it | map it + it")
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("map it + it") }
        let letters = rows.compactMap { $0.split(separator: "(").last?.first }
        #expect(letters.count == 8)
        #expect(Set(letters).count == 8, "\(rows)")
    }

    @Test("long values that read the same shortened get different letters, and the legend shows where they differ")
    func longValues() throws {
        let long = String(repeating: "a", count: 60)
        let text = try trace(#"of "\#(long)1", "\#(long)2" | distinctUntilChanged"#)
        #expect(text.contains("distinctUntilChanged              (ab|)"))
        #expect(text.contains(#"where a = "aaaaaaaaa…aaaaaaaaaa1", b = "aaaaaaaaa…aaaaaaaaaa2""#))
    }

    @Test("a failed expect shows long values around their first difference")
    func longValuesInAFailure() throws {
        let long = String(repeating: "a", count: 60)
        let path = try temporaryScript(#"expect of "\#(long)1", "\#(long)2" emits "(ab|)" {a: "\#(long)1", b: "\#(long)1"}"#)
        let captured = Captured()
        #expect(TestRunner(output: captured.output).run(paths: [path]) == 1)
        #expect(captured.text.contains(#"expected next "aaaaaaaaa…aaaaaaaaaa1" at frame 0, got next "aaaaaaaaa…aaaaaaaaaa2" at frame 0"#))
    }

    @Test("many values at one instant are a group, or `*` when too many; the legend lists only letters drawn")
    func bursts() throws {
        let text = try trace("range 1, 200 | filter it % 50 == 0")
        #expect(text.contains("range 1, 200         (*|)\nfilter it % 50 == 0  (abcd|)\nwhere a = 50, b = 100, c = 150, d = 200\n* = several values in one column"))
    }

    @Test("past the letters, values are drawn `?`, explained, never `*`")
    func outOfLetters() throws {
        let text = try trace("interval 1ms | take 30")
        #expect(text.contains("take 30       -abcdefghijklmnopqrstuvwxyz???(?|)"))
        #expect(text.contains("? = one of 4 more values (only 26 get letters)"))
        #expect(!text.contains("* ="))
    }

    @Test("a group takes its width in time, so at 1 ms a column a row is an exact marble")
    func exactGroups() throws {
        let text = try trace(#"cold "-(abc)-d|" | map it"#)
        #expect(text.contains("1 col = 1ms\ncold \"-(abc)-d|\"  -(abc)-d|\nmap it            -(abc)-d|"))
        let path = try temporaryScript(#"expect cold "-(abc)-d|" | map it emits "-(abc)-d|""#)
        #expect(TestRunner(output: Captured().output).run(paths: [path]) == 0)
    }

    @Test("a group wider than the time to the next event stands under its row; later marks keep their columns")
    func groupUnderItsRow() throws {
        let text = try trace(#"cold "(abc)" | merge (cold "-d|")"#)
        #expect(text.contains("1 col = 1ms; a group under a row happened at the instant of the mark above its `(`"))
        #expect(text.contains("merge (cold \"-d|\")  ad!\n                    (abc)\n"))
    }

    @Test("many inner runs ending at one instant: the first five and the last on lanes, the others said, the scale stays 1 ms, every row fits")
    func manyEndsAtOnce() throws {
        let text = try trace("range 1, 100 | flatMap (of it)")
        #expect(text.contains("1 col = 1ms\nrange 1, 100     (*|)\nflatMap (of it)  (*|)\n  of it          (a|)\n  ↳ run 2        (b|)\n"))
        #expect(text.contains("  ↳ run 100      (f|)\n"))
        #expect(text.contains("of it: runs 6–99 are not drawn (their events are in the output)"))
        let nested = try trace(#"cold "-a-b|" | flatMap (cold "-a-b|" | flatMap (cold "-a-b|" | flatMap (cold "-a-b|" | flatMap (cold "-a-b|" | flatMap (cold "-a|")))))"#)
        let widest = nested.split(separator: "\n").filter { !$0.hasPrefix("»") }.map(\.count).max() ?? 0
        #expect(widest <= DiagramStyle().width, "2^n inner runs end at once: no row of one `|` each")
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, maxEvents: 20_000, output: captured.output)
            .run(path: try temporaryScript("range 1, 5000 | flatMap (of it)"))
        #expect(captured.text.contains("  ↳ run 5000     (f|)\n"))
    }

    @Test("the SVG draws many marks at one instant as one, inside its picture")
    func svgBounded() throws {
        let path = try temporaryScript("range 1, 5000 | flatMap (of it)")
        let svg = path + ".svg"
        _ = ScriptRunner(clock: .virtual, trace: false, svgPath: svg, maxEvents: 20_000, output: Captured().output).run(path: path)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.utf8.count < 6_000, "not a line and a circle per inner run")
        // The first 5 inner runs and the last have lanes of their own; the others are said.
        #expect(text.contains("↳ run 5000"))
        #expect(text.contains("of it: runs 6–4999 are not drawn"))
    }

    @Test("the part of a row dropped to bound memory is drawn `~` (not silence) and explained")
    func droppedPart() {
        let scheduler = Scheduler.virtual()
        let tracer = Tracer<Int>(scheduler: scheduler, eventLimit: 100)
        let busy = tracer.probe(key: "busy", label: "busy", depth: 0, line: 1, column: 1)
        let subscription = busy.subscribed()
        for value in 0..<1_000 {
            scheduler.advance(to: Time(nanoseconds: Int64(value) * 1_000_000))
            busy.received(.next(value % 3), subscription: subscription)
        }
        tracer.resolveCauses()
        let text = MarbleDiagram(tracer: tracer, end: scheduler.now, describe: { "\($0)" }).render()
        let row = text.split(separator: "\n")[1]
        #expect(row.hasPrefix("busy      ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~*"), "\(row)")
        #expect(text.contains("~ = events dropped to bound memory (time that was not silent)"))
    }

    @Test("--ascii prints only ASCII; a CRLF statement's header has no \\r; record keys that are not names are quoted")
    func asciiAndText() throws {
        let path = try temporaryScript("of 2 |\r\n  map {\"a b\": it, 日本: 1, x_1: 2, 7: 3}\r\ncold \"-a|\" | map \"\(String(repeating: "x", count: 40))\"\r\n")
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, diagram: DiagramStyle(ascii: true), output: captured.output).run(path: path)
        #expect(captured.text.unicodeScalars.allSatisfy { $0.isASCII || "日本".unicodeScalars.contains($0) }, "\(captured.text)")
        #expect(captured.text.contains(">> of 2 |\n  map"))
        #expect(!captured.text.contains("\r"))
        #expect(captured.text.contains(#"next {"a b": 2, 日本: 1, x_1: 2, 7: 3}"#))
        #expect(captured.text.contains("..."))
    }
}

extension BinaryTests {
    @Test("output that cannot be written is a failure with a message, not exit 0",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full") && FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func fullOutput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryTests.binary)
        process.arguments = ["run", "--virtual", try temporaryScript("of 1, 2, 3")]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(said.contains("frp: cannot write the output: No space left on device"))
    }

    @Test("the CLI fits in: --version, value names in help, frp test -v, and frp run says what it wrote",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func commandLine() throws {
        let version = try run(["--version"], input: "")
        #expect(version.status == 0 && version.output == "frp 0.4.0\n")
        let help = try run(["run", "--help"], input: "")
        #expect(help.output.contains("--speed <N>") && help.output.contains("--svg <FILE>") && help.output.contains("--services <URL>")
                && help.output.contains("--color <WHEN>"))
        let root = URL(fileURLWithPath: BinaryTests.binary).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = root.appendingPathComponent("Tests/Scripts/creating.frp").path
        let verbose = try run(["test", "-v", script], input: "")
        #expect(verbose.output.hasPrefix(script + "\n  ✓ 2:1 expect of 1, 2, 3 emits \"(abc|)\"\n"))
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".svg").path
        let wrote = try run(["run", "--virtual", "--svg", svg, root.appendingPathComponent("Examples/01-first-steps.frp").path], input: "")
        #expect(wrote.output.contains("frp: wrote \(svg)\n"))
        #expect(FileManager.default.fileExists(atPath: svg))
    }
}

extension BinaryTests {
    @Test("piped input behaves as typed: a property set on the last line reaches a background job before the end",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func pipedPropertyReachesJob() throws {
        let result = try run([], input: "var text = \"cat\"\ntext | map it + \"s\" &\ntext := \"dog\"\n")
        #expect(result.status == 0)
        #expect(result.output.contains("next \"cats\""))
        #expect(result.output.contains("next \"dogs\""), "\(result.output)")
        #expect(result.output.contains("(end of input: stopping the background pipelines)"))
    }

    @Test("`_` is the last pipeline run, usable as a source",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func lastRun() throws {
        let result = try run([], input: "of 1, 2, 3 | map it * 10\n_ | take 2 | map it + 1\n")
        #expect(result.output.contains("» _ | take 2 | map it + 1\n      0ms  next 11\n      0ms  next 21\n      0ms  completed"))
    }
}

extension BinaryTests {
    @Test("shell completion: operator names after explain, lessons after learn, from the catalogue and the lessons",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func shellCompletion() throws {
        let script = try run(["--generate-completion-script", "bash"], input: "")
        #expect(script.output.contains("---completion explain"))
        let operators = try run(["---completion", "explain", "--", "positional@0", "2", "0"], input: "")
        #expect(Set(operators.output.split(separator: "\n").map(String.init)) == Set(CommandLineNames.operators))
        #expect(Set(CommandLineNames.operators) == Set(PhotoSources.catalogue.names + ["marbles"] + StatementTopic.all.map(\.name)))
        let lessons = try run(["---completion", "learn", "--", "positional@0", "2", "0"], input: "")
        #expect(lessons.output.split(separator: "\n").map(String.init) == Lesson.all.map(\.name))
    }
}

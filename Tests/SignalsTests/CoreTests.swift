import Signals
import Testing

@Suite("Core operators")
struct CoreTests {
    @Test("map transforms each value and passes the end on")
    func mapTransforms() {
        let test = MarbleTest()
        let source = test.cold("-a-b-|", ["a": 1, "b": 2])
        test.expect(source.signal.map { $0 * 10 }, emits: "-x-y-|", ["x": 10, "y": 20])
        #expect(source.liveSubscriptions == 0)
    }

    @Test("map passes an error on")
    func mapPassesError() {
        let test = MarbleTest()
        test.expect(test.cold("-a-#", error: "boom").signal.map { $0 + "!" },
                    emits: "-x-#", ["x": "a!"], error: "boom")
    }

    @Test("filter keeps the values that pass")
    func filterKeeps() {
        let test = MarbleTest()
        let source = test.cold("-1-2-3-4-|", ["1": 1, "2": 2, "3": 3, "4": 4])
        test.expect(source.signal.filter { $0 > 2 }, emits: "-----3-4-|", ["3": 3, "4": 4])
    }

    @Test("take completes with the last value and disposes upstream")
    func takeCompletesWithLastValue() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-|")
        test.expect(source.signal.take(2), emits: "-a-(b|)")
        #expect(source.liveSubscriptions == 0)
        #expect(source.subscriptions.map { $0.disposed?.frame } == [3])
    }

    @Test("takeLast sends the last N values at the completion, or all when fewer came")
    func takeLastSendsTheLastValues() {
        let test = MarbleTest()
        let source = test.cold("--a-----b----c---d--|")
        test.expect(source.signal.takeLast(2), emits: "--------------------(cd|)")
        test.expect(test.cold("--a-----b--|").signal.takeLast(5), emits: "-----------(ab|)")
        // takeLast 0 completes at once and never subscribes (RxJS's `count <= 0 ? () => EMPTY`).
        let unused = test.cold("--a--b--|")
        test.expect(unused.signal.takeLast(0), emits: "|")
        #expect(unused.subscriptions.isEmpty)
        test.expect(test.cold("--a--#", error: "boom").signal.takeLast(2), emits: "-----#", error: "boom")
        #expect(source.liveSubscriptions == 0)
    }

    @Test("buffer with a skip opens a list every SKIP values (RxJS bufferCount), and sends the open ones at the end")
    func bufferEvery() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b-c-d-e-|").signal.buffer(count: 3, every: 2).map { $0.joined() },
                    emits: "-----x---y-(z|)", ["x": "abc", "y": "cde", "z": "e"])
        test.expect(test.cold("-a-b-c-d-e-|").signal.buffer(count: 2, every: 3).map { $0.joined() },
                    emits: "---x-----y-|", ["x": "ab", "y": "de"])
        test.expect(test.cold("-a-#", error: "boom").signal.buffer(count: 2, every: 1).map { $0.joined() },
                    emits: "---#", error: "boom")
    }

    @Test("takeWhile inclusive sends the value that failed, then completes")
    func takeWhileInclusive() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-a-|", ["a": 1, "b": 2, "c": 3])
        test.expect(source.signal.takeWhile(inclusive: true) { $0 < 3 }, emits: "-a-b-(c|)", ["a": 1, "b": 2, "c": 3])
        #expect(source.liveSubscriptions == 0)
    }

    @Test("take of a negative count fails instead of trapping")
    func takeNegativeFails() {
        let test = MarbleTest()
        test.expect(test.cold("-a-|").signal.take(-1), emits: "#",
                    error: "take: the count must not be negative, got -1")
    }

    @Test("take stops a synchronous range early")
    func takeStopsRange() {
        var values: [Int] = []
        Signal.range(1, 1_000_000_000).take(3).subscribe { if case .next(let v) = $0 { values.append(v) } }
        #expect(values == [1, 2, 3])
    }

    @Test("disposing mid-stream cancels the source's timers")
    func disposeCancelsTimers() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-|")
        test.expect(source.signal, emits: "-a-", )
        #expect(source.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("re-subscribing a cold signal starts it again")
    func resubscribeStartsAgain() {
        let test = MarbleTest()
        let source = test.cold("-a|")
        let mapped = source.signal.map { $0.uppercased() }
        test.expect(mapped, emits: "-A|", ["A": "A"])
        test.expect(mapped, emits: "-A|", ["A": "A"])
        #expect(source.subscriptions.count == 2)
    }
}

@Suite("Marbles")
struct MarbleTests {
    @Test("groups take their full width and time progressions add frames")
    func groupsAndProgressions() throws {
        let marble = try Marble.parse("-(ab)-c 5ms d|")
        #expect(marble.entries.map(\.frame) == [1, 1, 6, 12, 13])
    }

    @Test("a moment reads in ms under a second, else in seconds; live nanoseconds are rounded")
    func reading() {
        #expect(Time(nanoseconds: 12_000_000).reading == "12ms")
        #expect(Time(nanoseconds: 857_467_388).reading == "857.5ms")
        #expect(Time(nanoseconds: 1_500_000_000).reading == "1.5s")
        #expect(Time(nanoseconds: 1_010_400_000).reading == "1.01s")
        #expect(Time(nanoseconds: 2_000_000_000).reading == "2s")
    }

    @Test("a marble knows whether frames pass after its last mark")
    func endsWithSilence() throws {
        #expect(try Marble.parse("-a--").endsWithSilence)
        #expect(try Marble.parse("a 5ms").endsWithSilence)
        #expect(try !Marble.parse("-a").endsWithSilence)
        #expect(try !Marble.parse("-(ab)").endsWithSilence)
        #expect(try !Marble.parse("-a 1").endsWithSilence)
        #expect(try !Marble.parse("-a|").endsWithSilence)
    }

    @Test("a hot marble counts frames from the subscription point")
    func subscriptionPoint() throws {
        let marble = try Marble.parse("-a-^-b-|", kind: .hot)
        #expect(marble.entries.map(\.frame) == [-2, 2, 4])
    }

    @Test("a cold marble refuses ^ and events after the end")
    func coldRefuses() {
        #expect(throws: MarbleError.self) { try Marble.parse("-^-a", kind: .cold) }
        #expect(throws: MarbleError.self) { try Marble.parse("-a-|-b") }
        #expect(throws: MarbleError.self) { try Marble.parse("-(a-b)") }
        #expect(throws: MarbleError.self) { try Marble.parse("-(ab") }
    }

    @Test("a drawn row pasted back is told what to write: `-` for `─`, no `!`")
    func drawnMarks() {
        for (text, hint) in [("─a─|", "a drawing's `─` is written `-` in a marble: one frame"),
                             ("-a—|", "write `-` for a frame (this is a dash, not a hyphen)"),
                             ("-a-(b!)", "`!` is a drawing's mark for a cancelled stage; a marble ends with `|` or `#`, or simply stops")] {
            do throws(MarbleError) {
                _ = try Marble.parse(text)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.hint == hint, "\(text)")
            }
        }
    }

    @Test("drawing groups events of one frame")
    func drawGroups() throws {
        let marble = try Marble.parse("--a-(bc|)")
        #expect(Marble.draw(marble.entries) == "--a-(bc|)")
    }
}

@Suite("Runtime errors in closures")
struct ThrowingClosureTests {
    @Test("a map transform that throws ends the signal with its error and disposes upstream")
    func mapThrows() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-|")
        let mapped = source.signal.map { value throws(SignalError) -> String in
            if value == "b" { throw SignalError("map: b is not allowed") }
            return value
        }
        test.expect(mapped, emits: "-a-#", error: "map: b is not allowed")
        #expect(source.liveSubscriptions == 0)
        #expect(source.subscriptions.map { $0.disposed?.frame } == [3])
    }

    @Test("a filter predicate that throws ends the signal with its error")
    func filterThrows() {
        let test = MarbleTest()
        let filtered = test.cold("-a-b-|").signal.filter { value throws(SignalError) -> Bool in
            if value == "b" { throw SignalError("nope") }
            return true
        }
        test.expect(filtered, emits: "-a-#", error: "nope")
    }
}

@Suite("Drawing marbles")
struct DrawingTests {
    @Test("a long wait is drawn as a time progression that parses back to the same frames")
    func longWaits() throws {
        let entries = [Marble.Entry(frame: 3801, mark: .value("t")), Marble.Entry(frame: 4103, mark: .completed)]
        let drawn = Marble.draw(entries)
        #expect(drawn == "3801ms t 301ms |")
        #expect(try Marble.parse(drawn).entries.map(\.frame) == [3801, 4103])
    }

    @Test("marbles drawn together fold the same waits, so their columns line up")
    func aligned() throws {
        let expected = try Marble.parse("2000ms a 999ms b|").entries
        let actual = try Marble.parse("2000ms a 3000ms c").entries
        let drawn = Marble.drawAligned([expected, actual])
        #expect(drawn == ["2000ms a 999ms b|", "2000ms a 999ms -- 1999ms c"])
        #expect(try drawn.map { try Marble.parse($0).entries.map(\.frame) } == [[2000, 3000, 3001], [2000, 5001]])
    }

    @Test("a window after the last event is folded too, not drawn as thousands of dashes")
    func foldedWindow() throws {
        let expected = try Marble.parse("2000ms b 1000ms -")
        let drawn = Marble.drawAligned([expected.entries], width: expected.width)
        #expect(drawn == ["2000ms b 1001ms"])
        #expect(drawn[0].count < 20)
    }
}

@Suite("Marbles written from their events")
struct MarbleWritingTests {
    @Test("a marble written from its events reads back as the same events: dashes, times, groups")
    func roundTrip() throws {
        for text in ["-a-b|", "-a 400ms b 100ms c 350ms d 500ms |", "(ab)-c|", "--a--#", "a", "-(a|)", "---", "12ms a 3ms (bc) 20ms |"] {
            let marble = try Marble.parse(text)
            let written = try Marble.written(marble.entries, width: marble.endsWithSilence ? marble.width : 0)
            #expect(try Marble.parse(written).entries.map { [$0.frame] } == marble.entries.map { [$0.frame] }, "\(text) → \(written)")
            #expect(try Marble.parse(written).entries.map(\.mark) == marble.entries.map(\.mark), "\(text) → \(written)")
        }
        #expect(try Marble.written(Marble.parse("-a 400ms b|").moving(1, to: 403)) == "-a 401ms (b|)")
    }

    @Test("a hot marble's ^ is written back at frame zero, its earlier marks before it")
    func subscriptionPoint() throws {
        for text in ["-a-^-b-c-|", "a^b", "(ab)-^c|", "12ms a 3ms ^ b 20ms |", "^a|", "--^", "^", "a 15ms ^"] {
            let marble = try Marble.parse(text, kind: .hot)
            let written = try Marble.written(marble.entries, width: marble.endsWithSilence ? marble.width : 0, subscriptionPoint: true)
            let again = try Marble.parse(written, kind: .hot)
            #expect(again.entries.map(\.frame) == marble.entries.map(\.frame), "\(text) → \(written)")
            #expect(again.entries.map(\.mark) == marble.entries.map(\.mark), "\(text) → \(written)")
            #expect(again.hasSubscriptionPoint, "\(text) → \(written)")
        }
        let hot = try Marble.parse("-a-^-b|", kind: .hot)
        // Before the ^, past the other value; onto frame 0, it stops on its side.
        #expect(try Marble.written(hot.moving(1, to: -5), subscriptionPoint: true) == "b--a-^--|")
        #expect(try Marble.written(hot.moving(0, to: 0), subscriptionPoint: true) == "a^-b|")
        #expect(try Marble.written(hot.moving(1, to: 0), subscriptionPoint: true) == "a-^b-|")
        // A group before the ^ that would reach it.
        #expect(throws: Marble.WritingProblem.onSubscriptionPoint) { try Marble.written([
            .init(frame: -2, mark: .value("a")), .init(frame: -2, mark: .value("b")),
        ], subscriptionPoint: true) }
    }

    @Test("a moved value joins the values it lands on as a group (what follows pushed past the group), takes the end along; a mark too close to a group is refused when written")
    func moving() throws {
        let marble = try Marble.parse("-a-b|")
        #expect(try Marble.written(marble.moving(0, to: 3)) == "---(ba)|")
        #expect(try Marble.written(marble.moving(1, to: 1)) == "-(ab)|")
        #expect(try Marble.written(Marble.parse("-a-b---c|").moving(0, to: 3)) == "---(ba)c|")
        #expect(try Marble.written(marble.moving(1, to: 7)) == "-a-----b|")
        #expect(try Marble.written(marble.moving(2, to: 0)) == "-a-(b|)")
        #expect(throws: Marble.WritingProblem.tooClose(frame: 2)) { try Marble.written([
            .init(frame: 0, mark: .value("a")), .init(frame: 0, mark: .value("b")), .init(frame: 2, mark: .completed),
        ]) }
    }
}

import Signals
import Testing

/// The operators that cut a signal into lists closed by signals, windows and groups, on
/// cases of RxJS 7's specs (buffer-spec, bufferWhen-spec, bufferToggle-spec, window-spec,
/// windowCount-spec, windowTime-spec, windowToggle-spec, windowWhen-spec, groupBy-spec),
/// in frames of 1 ms. A window or group is read as the string of its values.
@Suite("Cutting into lists, windows and groups")
struct CuttingTests {
    @Test("buffer closed by a signal: what came since the last list at each notifier value, the rest at the end")
    func bufferClosedBySignal() {
        let test = MarbleTest()
        let notifier = test.cold("----x-----x|")
        test.expect(test.cold("-a-b---c-|").signal.buffer(closedBy: notifier.signal).map { $0.joined() },
                    emits: "----x----(y|)", ["x": "ab", "y": "c"])
        // An empty list when nothing came; the notifier's error is the signal's.
        let empty = MarbleTest()
        let ticks = empty.cold("-x-x|")
        empty.expect(empty.cold("--a---|").signal.buffer(closedBy: ticks.signal).map { $0.joined() },
                     emits: "-e-a--(e|)", ["e": "", "a": "a"])
        let failing = MarbleTest()
        let broken = failing.cold("---#", error: "boom")
        failing.expect(failing.cold("-a-b-|").signal.buffer(closedBy: broken.signal).map { $0.joined() },
                       emits: "---#", [:], error: "boom")
    }

    @Test("bufferWhen: a new closing run for each list; a run that completes leaves the list open")
    func bufferWhen() {
        let test = MarbleTest()
        let closing = test.cold("---x|")
        test.expect(test.cold("-a-b---c-|").signal.bufferWhen { closing.signal }.map { $0.joined() },
                    emits: "---x--y--(z|)", ["x": "a", "y": "b", "z": "c"])
        let quiet = MarbleTest()
        let ends = quiet.cold("--|")
        quiet.expect(quiet.cold("-a-b|").signal.bufferWhen { ends.signal }.map { $0.joined() },
                     emits: "----(x|)", ["x": "ab"])
        // Runs that close at once, each inside the one before, fail rather than recurse
        // (after the empty lists they closed).
        let atOnce = MarbleTest()
        atOnce.expect(atOnce.cold("-a|").signal.bufferWhen { Signal<Int>.of(1) }.filter { !$0.isEmpty }.map { $0.joined() },
                      emits: "#", [:], error: SignalError.closedAtOnce("bufferWhen", 128).message)
    }

    @Test("bufferToggle: lists opened by one signal and closed by runs made from its values; open ones sent at the end")
    func bufferToggle() {
        let test = MarbleTest()
        let openings = test.cold("x---y|")
        let closing = test.cold("--z|")
        test.expect(test.cold("-a-b-c-d-e|").signal.bufferToggle(openings.signal, closing: { _ in closing.signal }).map { $0.joined() },
                    emits: "--x---y---|", ["x": "a", "y": "c"])
        let open = MarbleTest()
        let starts = open.cold("x-y|")
        open.expect(open.cold("-a-b-c|").signal.bufferToggle(starts.signal, closing: { _ in Signal<Int>.never }).map { $0.joined() },
                    emits: "------(xy|)", ["x": "abc", "y": "bc"])
    }

    @Test("window: one window at once, a new one at each boundary; the source's end ends the last")
    func window() {
        let test = MarbleTest()
        let boundaries = test.cold("--x---x|")
        test.expect(test.cold("-a-b-c-d|").signal.window(boundaries.signal).flatMap { $0.toArray() }.map { $0.joined() },
                    emits: "--x---y-(z|)", ["x": "a", "y": "bc", "z": "d"])
        let failing = MarbleTest()
        let none = failing.cold("--x|")
        failing.expect(failing.cold("-a-b-#", error: "boom").signal.window(none.signal).flatMap { $0.toArray() }.map { $0.joined() },
                       emits: "--x--#", ["x": "a"], error: "boom")
    }

    @Test("windowCount: windows of N values, a new one every SKIP; the first at once")
    func windowCount() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b-c-d-e|").signal.windowCount(2).flatMap { $0.toArray() }.map { $0.joined() },
                    emits: "---x---y--(z|)", ["x": "ab", "y": "cd", "z": "e"])
        let sliding = MarbleTest()
        sliding.expect(sliding.cold("-a-b-c-d|").signal.windowCount(3, every: 1).flatMap { $0.toArray() }.map { $0.joined() },
                       emits: "-----x-y(zwv|)", ["x": "abc", "y": "bcd", "z": "cd", "w": "d", "v": ""])
        let skipping = MarbleTest()
        skipping.expect(skipping.cold("-a-b-c-d-e|").signal.windowCount(2, every: 3).flatMap { $0.toArray() }.map { $0.joined() },
                        emits: "---x-----y|", ["x": "ab", "y": "de"])
    }

    @Test("windowTime: a window every span on its own clock")
    func windowTime() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b-c-d-e|").signal.windowTime(.milliseconds(4), on: test.scheduler).flatMap { $0.toArray() }.map { $0.joined() },
                    emits: "----x---y-(z|)", ["x": "ab", "y": "cd", "z": "e"])
    }

    @Test("windowToggle: windows opened by one signal and ended by runs made from its values")
    func windowToggle() {
        let test = MarbleTest()
        let openings = test.cold("x---y|")
        let closing = test.cold("--z|")
        test.expect(test.cold("-a-b-c-d-e|").signal.windowToggle(openings.signal, closing: { _ in closing.signal }).flatMap { $0.toArray() }.map { $0.joined() },
                    emits: "--x---y---|", ["x": "a", "y": "c"])
    }

    @Test("windowWhen: a run's value or completion ends the window and starts the next")
    func windowWhen() {
        let test = MarbleTest()
        let closing = test.cold("----x|")
        test.expect(test.cold("-a-b-c-d-e|").signal.windowWhen { closing.signal }.flatMap { $0.toArray() }.map { $0.joined() },
                    emits: "----x---y-(z|)", ["x": "ab", "y": "cd", "z": "e"])
        let quiet = MarbleTest()
        let ends = quiet.cold("---|")
        quiet.expect(quiet.cold("-a-b-c-d|").signal.windowWhen { ends.signal }.flatMap { $0.toArray() }.map { $0.joined() },
                     emits: "---x--y-(z|)", ["x": "a", "y": "bc", "z": "d"])
        let atOnce = MarbleTest()
        atOnce.expect(atOnce.cold("-a|").signal.windowWhen { Signal<Int>.empty }.flatMap { $0.toArray() }.filter { !$0.isEmpty }.map { $0.joined() },
                      emits: "#", [:], error: SignalError.closedAtOnce("windowWhen", 128).message)
    }

    @Test("groupBy: a group per key, sent before its first value; the source outlives the groups' own subscriber")
    func groupBy() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b-c-d|").signal.groupBy { $0 < "c" }.flatMap { $0.group.toArray() }.map { $0.joined() },
                    emits: "--------(xy|)", ["x": "ab", "y": "cd"])
        let keys = MarbleTest()
        keys.expect(keys.cold("-a-b-a|").signal.groupBy { $0 }.map { "\($0.key)" }, emits: "-a-b--|")
        let outlived = MarbleTest()
        outlived.expect(outlived.cold("-a-b-a|").signal.groupBy { $0 }.take(1).flatMap { $0.group }, emits: "-a---a|")
    }
}

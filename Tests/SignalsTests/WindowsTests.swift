import Signals
import Testing

/// The operators whose window or wait is a signal made from each value, on cases of RxJS
/// 7's specs (throttle-spec, audit-spec, delayWhen-spec), in frames of 1 ms.
@Suite("Windows and waits made from values")
struct WindowsTests {
    @Test("throttle by a signal: the first value of each window, the window ended by the duration's first value")
    func throttleBySignal() {
        let test = MarbleTest()
        let duration = test.cold("--x|")
        test.expect(test.cold("-abc---d-|").signal.throttle(by: { _ in duration.signal }), emits: "-a-----d-|")
        let trailing = MarbleTest()
        let window = trailing.cold("--x|")
        trailing.expect(trailing.cold("-abc---d-|").signal.throttle(by: { _ in window.signal }, trailing: true),
                        emits: "-a-c---d-|")
        // A duration that completes without a value ends the window quietly: `c`, at the
        // frame it ends, came first (its source was subscribed first) and was ignored.
        let silent = MarbleTest()
        let quiet = silent.cold("--|")
        silent.expect(silent.cold("-abc---d-|").signal.throttle(by: { _ in quiet.signal }, trailing: true), emits: "-a-----d-|")
        // Its error is the signal's.
        let failing = MarbleTest()
        let broken = failing.cold("--#", error: "boom")
        failing.expect(failing.cold("-abc---d-|").signal.throttle(by: { _ in broken.signal }), emits: "-a-#", error: "boom")
    }

    @Test("audit by a signal: the latest value when the wait opened by a value ends; a silent wait keeps it for the next")
    func auditBySignal() {
        let test = MarbleTest()
        let wait = test.cold("--x|")
        test.expect(test.cold("-a-b----c--|").signal.audit(by: { _ in wait.signal }), emits: "---b------c|")
        let silent = MarbleTest()
        let quiet = silent.cold("--|")
        silent.expect(silent.cold("-a-b----c|").signal.audit(by: { _ in quiet.signal }), emits: "----------|")
        let failing = MarbleTest()
        let broken = failing.cold("--#", error: "boom")
        failing.expect(failing.cold("-a-b----c|").signal.audit(by: { _ in broken.signal }), emits: "---#", error: "boom")
    }

    @Test("delayWhen: each value at its duration's first value; a silent duration drops it")
    func delayWhen() {
        let test = MarbleTest()
        let long = test.cold("----x|"), short = test.cold("-x|")
        test.expect(test.cold("-a-b|").signal.delayWhen { $0 == "a" ? long.signal : short.signal }, emits: "----b(a|)")
        let silent = MarbleTest()
        let quiet = silent.cold("--|")
        silent.expect(silent.cold("-a-b|").signal.delayWhen { _ in quiet.signal }, emits: "-----|")
    }
}

extension WindowsTests {
    @Test("bufferTime: a list every span (empty when nothing came), the rest at the end; an error drops what is held")
    func bufferTime() {
        let test = MarbleTest()
        // The span's timer is armed before the source is subscribed: at frame 3 it comes
        // before `b`, as in RxJS.
        test.expect(test.cold("-a-b------c|").signal.bufferTime(.milliseconds(3), on: test.scheduler).map { $0.joined() },
                    emits: "---x--y--e-(z|)", ["x": "a", "y": "b", "e": "", "z": "c"])
        let failed = MarbleTest()
        failed.expect(failed.cold("-a-#", error: "boom").signal.bufferTime(.milliseconds(2), on: failed.scheduler).map { $0.joined() },
                      emits: "--x#", ["x": "a"], error: "boom")
        let zero = MarbleTest()
        zero.expect(zero.cold("-a|").signal.bufferTime(.zero, on: zero.scheduler).map { $0.joined() }, emits: "#",
                    error: "bufferTime: the period must be greater than 0, got 0ms (a span of 0 would emit forever without letting time pass)")
    }
}

@Suite("Events as values")
struct NotificationTests {
    @Test("materialize sends every event as a value, then completes; dematerialize gives the events back")
    func roundTrip() {
        let test = MarbleTest()
        let described = test.cold("-a-#", error: "boom").signal.materialize().map { event -> String in
            switch event {
            case .next(let value): return "n" + value
            case .error(let error): return "e" + error.message
            case .completed: return "c"
            }
        }
        test.expect(described, emits: "-x-(y|)", ["x": "na", "y": "eboom"])
        let back = MarbleTest()
        back.expect(back.cold("-a-#", error: "boom").signal.materialize().dematerialize(), emits: "-a-#", error: "boom")
        let ended = MarbleTest()
        ended.expect(ended.cold("-a|").signal.materialize().dematerialize(), emits: "-a|")
    }
}

extension WindowsTests {
    @Test("expand: each value, then what its run sends, expanded again, depth first; runs nested at one instant past the limit fail")
    func expand() {
        let test = MarbleTest()
        let doubled = test.cold("-a------b-----|").signal.expand { value in
            value.count < 3 ? Signal.sequence([value + value.prefix(1)]) : .empty
        }
        test.expect(doubled, emits: "-(xyz)--(uvw)-|", ["x": "a", "y": "aa", "z": "aaa", "u": "b", "v": "bb", "w": "bbb"])
        let deep = MarbleTest()
        deep.expect(deep.cold("a|").signal.expand({ Signal.sequence([$0 + "a"]) }, depthLimit: 2).map { String($0.count) },
                    emits: "(123#)", error: "expand: more than 2 runs inside one another at one instant (each sent a value at once); end it with `take N` or a condition that makes `empty`")
    }
}

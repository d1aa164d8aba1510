import Signals
import Testing

/// The questions about a whole signal and the filters by place, on marbles (their
/// expectations are RxJS 7's: Tests/RxJS runs the same on it).
@Suite("Conditions and places")
struct ConditionsTests {
    @Test("defaultIfEmpty sends its value at an empty end only; an error goes on as it is")
    func defaultIfEmpty() {
        let test = MarbleTest()
        test.expect(test.cold("---|").signal.defaultIfEmpty("d"), emits: "---(d|)")
        test.expect(test.cold("-a-|").signal.defaultIfEmpty("d"), emits: "-a-|")
        test.expect(test.cold("--#", error: "boom").signal.defaultIfEmpty("d"), emits: "--#", error: "boom")
    }

    @Test("settle answers at the value that settles it, stopping the source, or at the end")
    func settleStopsTheSource() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-|")
        test.expect(source.signal.settle({ value, _ in value == "b" ? "y" : nil }, atEnd: "n"), emits: "---(y|)")
        #expect(source.subscriptions.map { $0.disposed?.frame } == [3])
        test.expect(test.cold("-a-|").signal.settle({ _, _ in nil as String? }, atEnd: "n"), emits: "---(n|)")
        // The place counts every value, those that did not settle it too.
        test.expect(test.cold("-a-b|").signal.settle({ _, index in index == 1 ? "i" : nil }, atEnd: "n"), emits: "---(i|)")
        test.expect(test.cold("-a-b|").signal.settle({ _, _ throws(SignalError) -> String? in throw SignalError("boom") }, atEnd: "n"),
                    emits: "-#", error: "boom")
    }

    @Test("elementAt sends the value at a place and stops; too few values are its default or an error")
    func elementAt() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-|")
        test.expect(source.signal.elementAt(1), emits: "---(b|)")
        #expect(source.subscriptions.map { $0.disposed?.frame } == [3])
        test.expect(test.cold("-a|").signal.elementAt(3, default: "z"), emits: "--(z|)")
        test.expect(test.cold("-a|").signal.elementAt(3), emits: "--#",
                    error: "elementAt: the signal completed after 1 value, before the one at 3")
    }

    @Test("single sends the one match at the end; a second match fails at once and stops the source; none fails at the end")
    func single() {
        let stopped = MarbleTest()
        let source = stopped.cold("-a-b-c-|")
        stopped.expect(source.signal.single { $0 != "a" }, emits: "-----#", error: "single: more than one value met the condition, where one was wanted")
        #expect(source.subscriptions.map { $0.disposed?.frame } == [5])
        let test = MarbleTest()
        test.expect(test.cold("-a-b-c|").signal.single { $0 == "b" }, emits: "------(b|)")
        test.expect(test.cold("-a|").signal.single { _ in false }, emits: "--#", error: "single: the signal completed without a value")
        test.expect(test.cold("-a-#", error: "boom").signal.single { _ in true }, emits: "---#", error: "boom")
    }

    @Test("sequenceEqual: true when both end having sent equal values in order; false at a difference (both stopped) or a value after the other's end")
    func sequenceEqual() {
        let same = MarbleTest()
        same.expect(same.cold("-a-b-|").signal.sequenceEqual(same.cold("--a-b|").signal).map { $0 ? "t" : "f" }, emits: "-----(t|)")
        let differs = MarbleTest()
        let other = differs.cold("--a-c-d|")
        differs.expect(differs.cold("-a-b|").signal.sequenceEqual(other.signal).map { $0 ? "t" : "f" }, emits: "----(f|)")
        #expect(other.subscriptions.map { $0.disposed?.frame } == [4])
        let longer = MarbleTest()
        longer.expect(longer.cold("-a|").signal.sequenceEqual(longer.cold("-a-b|").signal).map { $0 ? "t" : "f" }, emits: "---(f|)")
        let failed = MarbleTest()
        failed.expect(failed.cold("-a|").signal.sequenceEqual(failed.cold("-#", error: "boom").signal).map { $0 ? "t" : "f" },
                      emits: "-#", error: "boom")
    }

    @Test("skipLast holds the last N back, and forwards everything for 0")
    func skipLast() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b-c-d|").signal.skipLast(2), emits: "-----a-b|")
        test.expect(test.cold("-a-b|").signal.skipLast(0), emits: "-a-b|")
        test.expect(test.cold("-a-b-#", error: "boom").signal.skipLast(1), emits: "---a-#", error: "boom")
    }

    @Test("distinct forwards a key never seen before in the run")
    func distinct() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b-a-c-b|").signal.distinct(key: { $0 }), emits: "-a-b---c--|")
        test.expect(test.cold("-a-A-b|").signal.distinct(key: { $0.lowercased() }), emits: "-a---b|")
    }

    @Test("toArray and endWith send at the end, nothing after an error")
    func atTheEnd() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b-c|").signal.toArray().map { $0.joined() }, emits: "------(x|)", ["x": "abc"])
        test.expect(test.cold("-a-b|").signal.endWith(["x", "y"]), emits: "-a-b(xy|)")
        test.expect(test.cold("-a-#", error: "boom").signal.endWith(["x"]), emits: "-a-#", error: "boom")
    }

    @Test("keepBest keeps the first value until a later one replaces it, and sends nothing for none")
    func keepBest() {
        let test = MarbleTest()
        test.expect(test.cold("-c-a-b|").signal.keepBest { later, kept in later < kept }, emits: "------(a|)")
        test.expect(test.cold("--|").signal.keepBest { later, kept in later < kept }, emits: "--|")
    }
}

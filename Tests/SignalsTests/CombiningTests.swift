import Signals
import Testing

@Suite("Combining")
struct CombiningTests {
    @Test("merge completes when all inputs have, and disposes all on disposal")
    func mergeDisposal() {
        let test = MarbleTest()
        let a = test.cold("-a---a-|")
        let b = test.cold("--b-b-b-b|")
        test.expect(Signal.merge([a.signal, b.signal]), emits: "-ab-")
        #expect(a.liveSubscriptions == 0)
        #expect(b.liveSubscriptions == 0)
    }

    @Test("an error in one merged input disposes the others")
    func mergeErrorDisposes() {
        let test = MarbleTest()
        let a = test.cold("---#")
        let b = test.cold("-b-----b|")
        test.expect(a.signal.merge(b.signal), emits: "-b-#")
        #expect(b.liveSubscriptions == 0)
        #expect(b.subscriptions.map { $0.disposed?.frame } == [3])
    }

    @Test("concat subscribes the next signal only when the previous completes")
    func concatSubscribesLater() {
        let test = MarbleTest()
        let second = test.cold("-b|")
        test.expect(test.cold("-a|").signal.concat(second.signal), emits: "-a-b|")
        #expect(second.subscriptions.map { $0.subscribed.frame } == [2])
    }

    @Test("combineLatest completes when all inputs have, even one that sent nothing (RxJS 7, ReactiveSwift)")
    func combineLatestEmptyInput() {
        let test = MarbleTest()
        let a = test.cold("-a---a|")
        test.expect(Signal.combineLatest([a.signal, test.cold("--|").signal]).map { $0.joined() }, emits: "------|")
        #expect(a.liveSubscriptions == 0)
    }

    @Test("combineLatest pairs the latest of each as a tuple")
    func combineLatestTuple() {
        let test = MarbleTest()
        let result = test.cold("-a---b|").signal.combineLatest(test.cold("--x-|").signal).map { $0 + $1 }
        test.expect(result, emits: "--c--d|", ["c": "ax", "d": "bx"])
    }

    @Test("zip completes when a completed input has nothing left to pair")
    func zipCompletion() {
        let test = MarbleTest()
        // rxjs spec/operators/zip-spec.ts: "should complete when the shorter source completes
        // and its buffer is empty".
        let result = test.cold("-a-b-|").signal.zip(test.cold("--x--y--z|").signal).map { $0 + $1 }
        test.expect(result, emits: "--c--(d|)", ["c": "ax", "d": "by"])
    }

    @Test("withLatestFrom ignores values until the other has one")
    func withLatestFromWaits() {
        let test = MarbleTest()
        let result = test.cold("-a--b-c|").signal.withLatestFrom(test.cold("---x|").signal).map { $0 + $1 }
        test.expect(result, emits: "----d-e|", ["d": "bx", "e": "cx"])
    }

    @Test("sample sends the latest value only if it is new since the last sample")
    func sampleOnlyNew() {
        let test = MarbleTest()
        test.expect(test.cold("-a-------|").signal.sample(test.cold("--x-x-x|").signal), emits: "--a------|")
    }

    @Test("takeUntil completes and disposes both when the notifier sends")
    func takeUntilDisposesBoth() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-d-|")
        let notifier = test.cold("----x-x|")
        test.expect(source.signal.takeUntil(notifier.signal), emits: "-a-b|")
        #expect(source.liveSubscriptions == 0)
        #expect(notifier.liveSubscriptions == 0)
    }

    @Test("then ignores values and continues after completion")
    func thenContinues() {
        let test = MarbleTest()
        test.expect(test.cold("-a-|").signal.then(test.cold("-b|").signal), emits: "----b|")
    }
}

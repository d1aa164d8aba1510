import Signals
import Testing

@Suite("Flattening")
struct FlatteningTests {
    @Test("switchMap disposes the previous inner when a new value arrives")
    func switchMapDisposesPreviousInner() {
        let test = MarbleTest()
        let inner = test.cold("--x--y|")
        test.expect(test.hot("-a---b-----|").signal.switchMap { _ in inner.signal }, emits: "---x---x--y|")
        #expect(inner.subscriptions.map { $0.subscribed.frame } == [1, 5])
        #expect(inner.subscriptions.map { $0.disposed?.frame } == [5, 11])
        #expect(inner.liveSubscriptions == 0)
    }

    @Test("flatMap runs inners at once and completes after the last")
    func flatMapMerges() {
        let test = MarbleTest()
        let inner = test.cold("-x-y|")
        test.expect(test.cold("-a--b|").signal.flatMap { _ in inner.signal }, emits: "--x-yx-y|")
        #expect(inner.subscriptions.count == 2)
        #expect(inner.liveSubscriptions == 0)
    }

    @Test("concatMap waits for each inner before the next")
    func concatMapQueues() {
        let test = MarbleTest()
        let inner = test.cold("-x-y|")
        test.expect(test.cold("-a--b|").signal.concatMap { _ in inner.signal }, emits: "--x-y-x-y|")
        #expect(inner.subscriptions.map { $0.subscribed.frame } == [1, 5])
    }

    @Test("exhaustMap drops values while an inner runs")
    func exhaustMapDrops() {
        let test = MarbleTest()
        let inner = test.cold("-x-y|")
        test.expect(test.cold("-a--b|").signal.exhaustMap { _ in inner.signal }, emits: "--x-y|")
        #expect(inner.subscriptions.count == 1)
    }

    @Test("disposing mid-stream disposes every running inner and the source",
          arguments: [FlattenStrategy.merge, .latest, .concat, .exhaust])
    func disposalReachesInners(strategy: FlattenStrategy) {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-|")
        let inner = test.cold("-x-x-x-x-x|")
        // Disposed at frame 1, just after the first inner was subscribed.
        test.expect(source.signal.flatten(strategy) { _ in inner.signal }, emits: "--")
        #expect(inner.subscriptions.map { $0.disposed?.frame } == [1])
        #expect(source.liveSubscriptions == 0)
        #expect(inner.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("an inner error ends everything and disposes the rest")
    func innerErrorEndsAll() {
        let test = MarbleTest()
        let source = test.cold("-a-b-----|")
        var count = 0
        let result = source.signal.flatMap { _ -> Signal<String> in
            count += 1
            return count == 2 ? test.cold("-#").signal : test.cold("-x-x-x-x|").signal
        }
        // At frame 4 the first inner's x was scheduled before the second inner's error.
        test.expect(result, emits: "--x-(x#)")
        #expect(source.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("concatMap of 100,000 synchronous inners does not grow the stack")
    func concatMapSynchronousInners() {
        var total = 0
        var completed = false
        Signal.range(1, 100_000).concatMap { Signal.of($0, $0) }.subscribe { event in
            switch event {
            case .next(let value): total += value
            case .completed: completed = true
            case .error: break
            }
        }
        #expect(total == 100_000 * 100_001)
        #expect(completed)
    }

    @Test("switchToLatest follows the newest inner signal")
    func switchToLatest() {
        let test = MarbleTest()
        let inner = test.cold("-x-y|")
        test.expect(test.cold("-a--b|").signal.map { _ in inner.signal }.switchToLatest(), emits: "--x--x-y|")
        #expect(inner.liveSubscriptions == 0)
    }
}

@Suite("Handling errors")
struct ErrorHandlingTests {
    @Test("catchError disposes the failed source and continues with the handler")
    func catchContinues() {
        let test = MarbleTest()
        let source = test.cold("-a-#", error: "boom")
        let handler = test.cold("-r|")
        var caught: [String] = []
        let result = source.signal.catchError { error in
            caught.append(error.message)
            return handler.signal
        }
        test.expect(result, emits: "-a--r|")
        #expect(caught == ["boom"])
        #expect(source.liveSubscriptions == 0)
        #expect(handler.liveSubscriptions == 0)
    }

    @Test("retry resubscribes up to N more times, then fails")
    func retryResubscribes() {
        let test = MarbleTest()
        let source = test.cold("-a-#")
        test.expect(source.signal.retry(2), emits: "-a--a--a-#")
        #expect(source.subscriptions.map { $0.subscribed.frame } == [0, 3, 6])
        #expect(source.liveSubscriptions == 0)
    }

    @Test("retry stops retrying once it succeeds")
    func retryStopsOnSuccess() {
        let test = MarbleTest()
        var attempts = 0
        let flaky = Signal<String>.deferred {
            attempts += 1
            return attempts < 2 ? test.cold("-#").signal : test.cold("-a|").signal
        }
        test.expect(flaky.retry(5), emits: "--a|")
        #expect(attempts == 2)
    }

    @Test("retry of a source that fails at once does not recurse")
    func retrySynchronousFailure() {
        var events: [Event<Int>] = []
        Signal<Int>.fail(SignalError("no")).retry(100_000).subscribe { events.append($0) }
        #expect(events == [.error(SignalError("no"))])
    }

    @Test("repeat subscribes again at each completion, N runs in all, and each run is disposed before the next")
    func repeatResubscribes() {
        let test = MarbleTest()
        let source = test.cold("-a|")
        test.expect(source.signal.repeat(3), emits: "-a-a-a|")
        #expect(source.subscriptions.map { $0.subscribed.frame } == [0, 2, 4])
        #expect(source.subscriptions.map { $0.disposed?.frame } == [2, 4, 6])
    }

    @Test("repeat of a source that completes at once does not recurse, and take ends it")
    func repeatSynchronousCompletion() {
        var events: [Event<Int>] = []
        Signal<Int>.of(7).repeat(Int.max).take(100_000).subscribe { events.append($0) }
        #expect(events.count == 100_001)
        #expect(events.last == .completed)
    }

    @Test("repeat for ever stops with an error when the run is interrupted")
    func repeatInterrupted() {
        var events: [Event<Int>] = []
        var runs = 0
        Signal<Int>.of(7).repeat(Int.max, interrupted: {
            runs += 1
            return runs > 3
        }).subscribe { events.append($0) }
        #expect(events.count == 5)
        #expect(events.last == .error(.repeatInterrupted(runs: 4)))
    }

    @Test("negative counts are error events, not traps")
    func negativeCounts() {
        let test = MarbleTest()
        test.expect(test.cold("-a|").signal.retry(-1), emits: "#", error: "retry: the count must not be negative, got -1")
        test.expect(test.cold("-a|").signal.skip(-2), emits: "#", error: "skip: the count must not be negative, got -2")
        test.expect(test.cold("-a|").signal.buffer(count: 0).map { $0.joined() }, emits: "#",
                    error: "buffer: the count must be at least 1, got 0")
    }

    /// A run's lifetime is reused for the next value when nothing holds it any more
    /// (`Flattener.renewedRun`): new again (not ended, its cleanups its own), and never one
    /// that its source still holds.
    @Test("a run's lifetime is reused only when nothing else holds it, and is as new")
    func runsReuseTheirLifetime() {
        let scheduler = Scheduler.virtual()
        var seen: [ObjectIdentifier] = [], ended = 0
        let free = Signal<Int>.sequence([1, 2, 3]).flatten(.concat, runs: .taking(1) { value in
            Signal(unchecked: { observer, lifetime in
                seen.append(ObjectIdentifier(lifetime))
                let disposed = lifetime.isDisposed
                #expect(!disposed)
                lifetime.onDispose { ended += 1 }
                observer.next(value)
            })
        }).record(on: scheduler)
        #expect(free.map(\.event) == [.next(1), .next(2), .next(3), .completed])
        #expect(Set(seen).count == 1, "one lifetime for the three runs")
        #expect(ended == 3)
        var held: [Lifetime] = []
        let kept = Signal<Int>.sequence([1, 2, 3]).flatten(.concat) { value in
            Signal(unchecked: { observer, lifetime in
                held.append(lifetime)
                observer.next(value)
                observer.terminate(.completed)
            })
        }.record(on: scheduler)
        #expect(kept.map(\.event) == [.next(1), .next(2), .next(3), .completed])
        #expect(Set(held.map(ObjectIdentifier.init)).count == 3)
        let allEnded = held.allSatisfy { $0.isDisposed }
        #expect(allEnded)
    }

    /// A run that takes its first values (`InnerRuns.taking`, an inner pipeline's last
    /// `take`) counts them on its own lifetime: it ends as `take` would, cancelled, stopped
    /// from outside or done, with nothing left armed.
    @Test("runs taking their first values: cancelled, stopped from outside or done, they end as take would")
    func runsTakingTheirFirstValues() {
        let scheduler = Scheduler.virtual()
        func run(_ value: String) -> Signal<String> {
            Signal<String>.timer(.milliseconds(5), sending: value, on: scheduler)
        }
        let latest = Signal<String>.sequence(["a", "b", "c"]).flatten(.latest, runs: .taking(1, run)).record(on: scheduler)
        #expect(latest.map(\.event) == [.next("c"), .completed])
        #expect(latest.map(\.time) == [Time(nanoseconds: 5_000_000), Time(nanoseconds: 5_000_000)])
        #expect(scheduler.pendingTimers == 0)
        let first = Signal<String>.sequence(["a", "b"]).flatten(.merge, runs: .taking(1, run)).take(1).record(on: scheduler)
        #expect(first.map(\.event) == [.next("a"), .completed])
        #expect(scheduler.pendingTimers == 0)
        let short = Signal<String>.sequence(["a"]).flatten(.merge, runs: .taking(5) { _ in
            Signal<String>.sequence(["x", "y"])
        }).record(on: scheduler)
        #expect(short.map(\.event) == [.next("x"), .next("y"), .completed])
        // It stops its source with its last value: the values after it are never made.
        var made = 0
        let counted = Signal<Int>.sequence([1, 2]).flatten(.concat, runs: .taking(2) { value in
            Signal<Int>.range(0, 100).map { made += 1; return $0 * value }
        }).record(on: scheduler)
        #expect(counted.map(\.event) == [.next(0), .next(1), .next(0), .next(2), .completed])
        #expect(made == 4)
        let failed = Signal<Int>.sequence([1]).flatten(.merge, runs: .taking(3) { _ in
            Signal<Int>.sequence([7]).concat(.fail(SignalError("no")))
        }).record(on: scheduler)
        #expect(failed.map(\.event) == [.next(7), .error(SignalError("no"))])
        // A count the run's 32 bits cannot hold takes as `take` does (a stage instead).
        let huge = Signal<Int>.sequence([1, 2]).flatten(.concat, runs: .taking(Int(Int32.max) + 2) { value in
            Signal<Int>.sequence([value, -value])
        }).record(on: scheduler)
        #expect(huge.map(\.event) == [.next(1), .next(-1), .next(2), .next(-2), .completed])
        let atTheLimit = Signal<Int>.sequence([3]).flatten(.merge, runs: .taking(Int(Int32.max)) { value in
            Signal<Int>.sequence([value, value])
        }).record(on: scheduler)
        #expect(atTheLimit.map(\.event) == [.next(3), .next(3), .completed])
    }
}

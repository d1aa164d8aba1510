import Signals
import Testing

// Marble cases ported from RxJS 7.8.2 (ReactiveX/rxjs, tag 7.8.2):
// spec/observables/{interval,timer}-spec.ts and
// spec/operators/{debounceTime,throttleTime,delay,timeout}-spec.ts. Each test that follows
// one names it. RxJS accepts negative durations (as 0) and `interval(0)`; here those fail.

private let digits: [Character: Int] = ["0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6]

@Suite("interval and timer")
struct IntervalTimerTests {
    @Test("interval sends 0, 1, 2, ... one period apart, the first after one period")
    func intervalTicks() {
        // interval-spec "should set up an interval" (period 10 there, 3 here).
        let test = MarbleTest()
        test.expect(Signal.interval(.milliseconds(3), on: test.scheduler),
                    emits: "---0--1--2--3--4--5--6--", digits)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("interval stops when take has enough and leaves no timer")
    func intervalWithTake() {
        let test = MarbleTest()
        test.expect(Signal.interval(.milliseconds(2), on: test.scheduler).take(3),
                    emits: "--0-1-(2|)", digits)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("interval counts from 0 again for each subscription")
    func intervalResubscribes() {
        let test = MarbleTest()
        let ticks = Signal.interval(.milliseconds(1), on: test.scheduler).take(2)
        test.expect(ticks, emits: "-0(1|)", digits)
        test.expect(ticks, emits: "-0(1|)", digits)
    }

    @Test("interval of 0 fails instead of emitting forever without time passing")
    func intervalZeroFails() {
        let test = MarbleTest()
        test.expect(Signal.interval(.zero, on: test.scheduler), emits: "#", digits,
                    error: "interval: the period must be greater than 0, got 0ms "
                        + "(an interval of 0 would emit forever without letting time pass)")
        test.expect(Signal.interval(.milliseconds(-1), on: test.scheduler), emits: "#", digits,
                    error: "interval: the period must be greater than 0, got -1ms "
                        + "(an interval of 0 would emit forever without letting time pass)")
    }

    @Test("interval delivers a million ticks through one re-armed timer")
    func intervalManyTicks() {
        let scheduler = Scheduler.virtual()
        var count = 0
        var completed = false
        Signal.interval(.milliseconds(1), on: scheduler).take(1_000_000).subscribe { event in
            switch event {
            case .next: count += 1
            case .completed: completed = true
            case .error: break
            }
        }
        #expect(scheduler.pendingTimers == 1)
        scheduler.run()
        #expect(count == 1_000_000)
        #expect(completed)
        #expect(scheduler.now == .frame(1_000_000))
        #expect(scheduler.pendingTimers == 0)
    }

    @Test("timer sends 0 after its delay, then completes")
    func timerOnce() {
        // timer-spec "should schedule a value of 0 then complete".
        let test = MarbleTest()
        test.expect(Signal.timer(.milliseconds(5), on: test.scheduler), emits: "-----(0|)", digits)
    }

    @Test("timer of 0 sends 0 and completes at once")
    func timerZero() {
        // timer-spec "should emit a single value immediately".
        let test = MarbleTest()
        test.expect(Signal.timer(.zero, on: test.scheduler), emits: "(0|)", digits)
    }

    @Test("a timer disposed before it fires leaves nothing scheduled")
    func timerDisposed() {
        let test = MarbleTest()
        test.expect(Signal.timer(.milliseconds(5), on: test.scheduler), emits: "---", digits)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("timer of a negative delay fails")
    func timerNegativeFails() {
        let test = MarbleTest()
        test.expect(Signal.timer(.milliseconds(-3), on: test.scheduler), emits: "#", digits,
                    error: "timer: the duration must not be negative, got -3ms")
    }
}

@Suite("debounce")
struct DebounceTests {
    @Test("debounce sends the last value of each burst once the time has passed quietly")
    func debounceBursts() {
        // debounceTime-spec "should debounce values by 2 time units".
        let test = MarbleTest()
        let source = test.hot("-a--bc--d---|")
        test.expect(source.signal.debounce(.milliseconds(2), on: test.scheduler),
                    emits: "---a---c--d-|")
        #expect(source.subscriberCount == 0)
    }

    @Test("debounce sends the pending value at once when the source completes")
    func debounceFlushesOnCompletion() {
        // debounceTime-spec "should delay all elements by the specified time".
        let test = MarbleTest()
        test.expect(test.hot("-a--------b------c----|").signal.debounce(.milliseconds(5), on: test.scheduler),
                    emits: "------a--------b------(c|)")
    }

    @Test("debounce keeps only the last of values at one frame")
    func debounceGroup() {
        // debounceTime-spec "should debounce and delay element by the specified time".
        let test = MarbleTest()
        test.expect(test.hot("-a--(bc)-----------d-------|").signal.debounce(.milliseconds(5), on: test.scheduler),
                    emits: "---------c--------------d--|")
    }

    @Test("debounce of a source that keeps talking sends only its last value, at completion")
    func debounceBusySource() {
        // debounceTime-spec "should debounce all elements while source emits within given time".
        let test = MarbleTest()
        test.expect(test.hot("--a--b--c--d--e--f--g--h-|").signal.debounce(.milliseconds(4), on: test.scheduler),
                    emits: "-------------------------(h|)")
    }

    @Test("debounce drops the pending value when the source fails")
    func debounceErrorDropsPending() {
        // debounceTime-spec "should debounce all element while source emits within given time
        // until raises error" and "should delay all elements until source raises error".
        let test = MarbleTest()
        test.expect(test.hot("--a--b--c--d--e--f--g--h-#").signal.debounce(.milliseconds(4), on: test.scheduler),
                    emits: "-------------------------#")
        test.expect(test.hot("-a--------b------c----#").signal.debounce(.milliseconds(5), on: test.scheduler),
                    emits: "------a--------b------#")
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("debounce passes on completion and errors of a source without values")
    func debounceEmptySources() {
        // debounceTime-spec "should complete when source does not emit", "...is empty",
        // "should raise error when source does not emit and raises error", "...throws".
        let test = MarbleTest()
        test.expect(test.hot("-----|").signal.debounce(.milliseconds(1), on: test.scheduler), emits: "-----|")
        test.expect(test.cold("|").signal.debounce(.milliseconds(1), on: test.scheduler), emits: "|")
        test.expect(test.hot("-----#").signal.debounce(.milliseconds(1), on: test.scheduler), emits: "-----#")
        test.expect(test.cold("#").signal.debounce(.milliseconds(1), on: test.scheduler), emits: "#")
        test.expect(test.cold("-").signal.debounce(.milliseconds(1), on: test.scheduler), emits: "-")
    }

    @Test("disposing debounce mid-stream disposes the source and cancels its timer")
    func debounceDisposal() {
        // debounceTime-spec "should allow unsubscribing early and explicitly".
        let test = MarbleTest()
        let source = test.cold("--a--bc--d----|")
        test.expect(source.signal.debounce(.milliseconds(2), on: test.scheduler), emits: "----a---")
        #expect(source.liveSubscriptions == 0)
        #expect(source.subscriptions.map { $0.disposed?.frame } == [7])
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("debounce starts over for each subscription")
    func debounceResubscribes() {
        let test = MarbleTest()
        let source = test.cold("-ab--|")
        let debounced = source.signal.debounce(.milliseconds(2), on: test.scheduler)
        test.expect(debounced, emits: "----b|")
        test.expect(debounced, emits: "----b|")
        #expect(source.subscriptions.count == 2)
    }

    @Test("a value sent back into the source while debounce delivers starts a new burst")
    func debounceReentrant() throws {
        // debounceTime-spec "should debounce correctly when synchronously reentered".
        let scheduler = Scheduler.virtual()
        let subject = Subject<Int>()
        var results: [Int] = []
        subject.signal.debounce(.zero, on: scheduler).subscribe { event in
            guard case .next(let value) = event else { return }
            results.append(value)
            if value == 1 { try? subject.send(2) }
        }
        try subject.send(1)
        scheduler.run()
        #expect(results == [1, 2])
    }

    @Test("debounce's last value at completion can end the subscription downstream")
    func debounceFlushWithTake() {
        let test = MarbleTest()
        let source = test.cold("ab|")
        test.expect(source.signal.debounce(.milliseconds(5), on: test.scheduler).take(1), emits: "--(b|)")
        #expect(source.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("debounce of a negative time fails")
    func debounceNegativeFails() {
        let test = MarbleTest()
        test.expect(test.cold("-a|").signal.debounce(.milliseconds(-1), on: test.scheduler), emits: "#",
                    error: "debounce: the duration must not be negative, got -1ms")
    }
}

@Suite("throttle")
struct ThrottleTests {
    @Test("throttle sends a value, then ignores values for the duration")
    func throttleLeading() {
        // throttleTime-spec "should immediately emit the first value in each time window".
        let test = MarbleTest()
        let source = test.hot("-a-x-y----b---x-cx---|")
        test.expect(source.signal.throttle(.milliseconds(5), on: test.scheduler),
                    emits: "-a--------b-----c----|")
        #expect(source.subscriberCount == 0)
    }

    @Test("throttle with a trailing edge sends the latest dropped value when its window ends, and that opens the next")
    func throttleTrailing() {
        // throttleTime-spec "should handle a busy producer emitting a regular repeating
        // sequence" with {leading: true, trailing: true} (RxJS 7.5.7 gives this marble).
        let test = MarbleTest()
        test.expect(test.hot("abcdefabcdefabcdefabcdefa|").signal.throttle(.milliseconds(5), trailing: true, on: test.scheduler),
                    emits: "a----f----e----d----c----(a|)")
        // Without the leading edge, a window's first value only opens it.
        test.expect(test.cold("-a-b-c---d|").signal.throttle(.milliseconds(3), leading: false, trailing: true, on: test.scheduler),
                    emits: "----b--c--(d|)")
    }

    @Test("throttle mirrors a source that is slower than the window")
    func throttleSlowSource() {
        // throttleTime-spec "should simply mirror the source if values are not emitted often enough".
        let test = MarbleTest()
        test.expect(test.hot("-a--------b-----c----|").signal.throttle(.milliseconds(5), on: test.scheduler),
                    emits: "-a--------b-----c----|")
    }

    @Test("throttle ignores a value at the frame its window ends when the value was scheduled first")
    func throttleBusyProducer() {
        // throttleTime-spec "should handle a busy producer emitting a regular repeating sequence":
        // the hot value at frame 5 was scheduled before the window's timer, so it comes first.
        let test = MarbleTest()
        test.expect(test.hot("abcdefabcdefabcdefabcdefa|").signal.throttle(.milliseconds(5), on: test.scheduler),
                    emits: "a-----a-----a-----a-----a|")
    }

    @Test("throttle passes on the end of sources without values")
    func throttleEmptySources() {
        // throttleTime-spec "should complete when source does not emit", "should raise error
        // when source does not emit and raises error", "should handle an empty source",
        // "...a never source", "...a throw source".
        let test = MarbleTest()
        test.expect(test.hot("-----|").signal.throttle(.milliseconds(5), on: test.scheduler), emits: "-----|")
        test.expect(test.hot("-----#").signal.throttle(.milliseconds(10), on: test.scheduler), emits: "-----#")
        test.expect(test.cold("|").signal.throttle(.milliseconds(30), on: test.scheduler), emits: "|")
        test.expect(test.cold("-").signal.throttle(.milliseconds(30), on: test.scheduler), emits: "-")
        test.expect(test.cold("#").signal.throttle(.milliseconds(30), on: test.scheduler), emits: "#")
    }

    @Test("throttle passes an error on and cancels its window")
    func throttleError() {
        // throttleTime-spec "should throttle values until source raises error".
        let test = MarbleTest()
        let source = test.cold("-a--(bc)-------d---------------#")
        test.expect(source.signal.throttle(.milliseconds(5), on: test.scheduler),
                    emits: "-a-------------d---------------#")
        #expect(test.scheduler.pendingTimers == 0)
        #expect(source.liveSubscriptions == 0)
    }

    @Test("disposing throttle mid-stream disposes the source and cancels its window")
    func throttleDisposal() {
        // throttleTime-spec "should throttle and does not complete when source does not completes".
        let test = MarbleTest()
        let source = test.cold("-a--(bc)-------d----------------")
        test.expect(source.signal.throttle(.milliseconds(5), on: test.scheduler),
                    emits: "-a-------------d----------------")
        #expect(source.subscriptions.map { $0.disposed?.frame } == [31])
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("throttle of a synchronous source sends only the first value")
    func throttleSynchronous() {
        // throttleTime-spec "should throttle events by 5 time units" (of(1, 2, 3) gives 1).
        let test = MarbleTest()
        test.expect(Signal.of(1, 2, 3).throttle(.milliseconds(5), on: test.scheduler),
                    emits: "(1|)", digits)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("throttle opens a fresh window for each subscription")
    func throttleResubscribes() {
        let test = MarbleTest()
        let source = test.cold("ab--c|")
        let throttled = source.signal.throttle(.milliseconds(3), on: test.scheduler)
        test.expect(throttled, emits: "a---c|")
        test.expect(throttled, emits: "a---c|")
    }

    @Test("throttle opens no window when its value ends the subscription")
    func throttleWithTake() {
        let test = MarbleTest()
        let source = test.cold("a-b|")
        test.expect(source.signal.throttle(.milliseconds(5), on: test.scheduler).take(1), emits: "(a|)")
        #expect(source.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("throttle of a negative duration fails")
    func throttleNegativeFails() {
        let test = MarbleTest()
        test.expect(test.cold("-a|").signal.throttle(.milliseconds(-5), on: test.scheduler), emits: "#",
                    error: "throttle: the duration must not be negative, got -5ms")
    }
}

@Suite("delay")
struct DelayTests {
    @Test("delay shifts every value and completes when the last one is out")
    func delayShifts() {
        // delay-spec "should delay by specified timeframe".
        let test = MarbleTest()
        let source = test.hot("---a--b--|")
        test.expect(source.signal.delay(.milliseconds(2), on: test.scheduler), emits: "-----a--b|")
        #expect(source.subscriberCount == 0)
    }

    @Test("delay holds the completion back until the last delayed value is out")
    func delayHoldsCompletion() {
        // delay-spec "should delay complete when a value is scheduled": the source itself is
        // disposed when it completes, at frame 3.
        let test = MarbleTest()
        let source = test.cold("-a-|")
        test.expect(source.signal.delay(.milliseconds(3), on: test.scheduler), emits: "----(a|)")
        #expect(source.subscriptions.map { $0.disposed?.frame } == [3])
    }

    @Test("delay passes an error on at once, without delaying it")
    func delayErrorNotDelayed() {
        // delay-spec "should raise error when source raises error".
        let test = MarbleTest()
        test.expect(test.hot("---a---b---#").signal.delay(.milliseconds(3), on: test.scheduler),
                    emits: "------a---b#")
    }

    @Test("delay drops the values still waiting when the source fails")
    func delayErrorDropsWaiting() {
        let test = MarbleTest()
        let source = test.cold("-a-#")
        test.expect(source.signal.delay(.milliseconds(5), on: test.scheduler), emits: "---#")
        #expect(test.scheduler.pendingTimers == 0)
        #expect(source.liveSubscriptions == 0)
    }

    @Test("delay passes on the completion of a source without values at once")
    func delayEmptySources() {
        // delay-spec "should delay when source does not emit", "should not delay when source
        // is empty", "should not complete when source never completes".
        let test = MarbleTest()
        test.expect(test.hot("----|").signal.delay(.milliseconds(3), on: test.scheduler), emits: "----|")
        test.expect(test.cold("|").signal.delay(.milliseconds(3), on: test.scheduler), emits: "|")
        test.expect(test.cold("-").signal.delay(.milliseconds(3), on: test.scheduler), emits: "-")
    }

    @Test("disposing delay mid-stream disposes the source and cancels the waiting values")
    func delayDisposal() {
        // delay-spec "should not complete when source does not complete" (unsubscribed at 16)
        // and "should not break unsubscription chains when result is unsubscribed explicitly".
        let test = MarbleTest()
        let source = test.cold("---a---b---------")
        test.expect(source.signal.delay(.milliseconds(3), on: test.scheduler), emits: "------a---b------")
        #expect(source.subscriptions.map { $0.disposed?.frame } == [16])
        let another = test.cold("---a---b----")
        test.expect(another.signal.delay(.milliseconds(3), on: test.scheduler), emits: "------a--")
        #expect(another.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("delay keeps values that overlap in time in order")
    func delayOverlapping() {
        let test = MarbleTest()
        test.expect(test.cold("ab(cd)e|").signal.delay(.milliseconds(10), on: test.scheduler),
                    emits: "----------ab(cd)(e|)")
    }

    @Test("delay of a source faster than the delay keeps every value, in order")
    func delayManyWaiting() {
        let scheduler = Scheduler.virtual()
        var received: [Int] = []
        var completedAt: Time?
        Signal.interval(.milliseconds(1), on: scheduler).take(1_000)
            .delay(.milliseconds(100), on: scheduler)
            .subscribe { event in
                switch event {
                case .next(let value): received.append(value)
                case .completed: completedAt = scheduler.now
                case .error: break
                }
            }
        scheduler.run()
        #expect(received == Array(0..<1_000))
        #expect(completedAt == .frame(1_100))
        #expect(scheduler.pendingTimers == 0)
    }

    @Test("delay of 0 sends each value at its own frame")
    func delayZero() {
        let test = MarbleTest()
        test.expect(test.cold("a-b|").signal.delay(.zero, on: test.scheduler), emits: "a-b|")
    }

    @Test("delay starts over for each subscription")
    func delayResubscribes() {
        let test = MarbleTest()
        let source = test.cold("a|")
        let delayed = source.signal.delay(.milliseconds(2), on: test.scheduler)
        test.expect(delayed, emits: "--(a|)")
        test.expect(delayed, emits: "--(a|)")
        #expect(source.subscriptions.count == 2)
    }

    @Test("delay of a negative duration fails")
    func delayNegativeFails() {
        // RxJS treats it as 0 (delay-spec "should not delay at all if the delay number is
        // negative"); here misuse is an error event.
        let test = MarbleTest()
        test.expect(test.cold("-a|").signal.delay(.milliseconds(-1), on: test.scheduler), emits: "#",
                    error: "delay: the duration must not be negative, got -1ms")
    }
}

@Suite("timeout")
struct TimeoutTests {
    @Test("timeout fails when no value arrives in time after subscribing, and disposes the source first")
    func timeoutFirstValue() {
        // timeout-spec "should timeout after a specified timeout period".
        let test = MarbleTest()
        let source = test.cold("-------a--b--|")
        test.expect(source.signal.timeout(.milliseconds(5), on: test.scheduler), emits: "-----#",
                    error: "timeout: no event within 5ms")
        #expect(source.subscriptions.map { $0.disposed?.frame } == [5])
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("timeout mirrors a source that sends in time, and completion cancels it")
    func timeoutInTime() {
        // timeout-spec "should not timeout if source emits within timeout period".
        let test = MarbleTest()
        let source = test.cold("--a--b--c--d--e--|")
        test.expect(source.signal.timeout(.milliseconds(5), on: test.scheduler), emits: "--a--b--c--d--e--|")
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("timeout fails when the gap after a value is too long")
    func timeoutBetweenValues() {
        // timeout-spec "should timeout after a specified timeout period between emit with
        // default error while source emits".
        let test = MarbleTest()
        let source = test.cold("---a---b---c------d---e---|")
        test.expect(source.signal.timeout(.milliseconds(5), on: test.scheduler), emits: "---a---b---c----#",
                    error: "timeout: no event within 5ms")
        #expect(source.subscriptions.map { $0.disposed?.frame } == [16])
    }

    @Test("timeout passes a source's error on and cancels its timer")
    func timeoutError() {
        let test = MarbleTest()
        test.expect(test.cold("--a-#", error: "boom").signal.timeout(.milliseconds(5), on: test.scheduler),
                    emits: "--a-#", error: "boom")
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("disposing timeout mid-stream disposes the source and cancels its timer")
    func timeoutDisposal() {
        // timeout-spec "should allow unsubscribing explicitly and early".
        let test = MarbleTest()
        let source = test.cold("--a--b--c---d--e--|")
        test.expect(source.signal.timeout(.milliseconds(5), on: test.scheduler), emits: "--a--b--c--")
        #expect(source.subscriptions.map { $0.disposed?.frame } == [10])
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("timeout of a synchronous source never fires")
    func timeoutSynchronous() {
        // timeout-spec "should work with synchronous observable".
        let test = MarbleTest()
        test.expect(Signal.of(1).timeout(.milliseconds(10), on: test.scheduler), emits: "(1|)", digits)
        test.expect(Signal<Int>.empty.timeout(.milliseconds(10), on: test.scheduler), emits: "|", digits)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("timeout sets no timer when its value ends the subscription")
    func timeoutWithTake() {
        let test = MarbleTest()
        let source = test.cold("-a-b|")
        test.expect(source.signal.timeout(.milliseconds(5), on: test.scheduler).take(1), emits: "-(a|)")
        #expect(source.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("timeout starts its clock again for each subscription")
    func timeoutResubscribes() {
        let test = MarbleTest()
        let source = test.cold("--a----b|")
        let limited = source.signal.timeout(.milliseconds(3), on: test.scheduler)
        test.expect(limited, emits: "--a--#", error: "timeout: no event within 3ms")
        test.expect(limited, emits: "--a--#", error: "timeout: no event within 3ms")
        #expect(source.subscriptions.count == 2)
    }

    @Test("timeout of 0 fails at once for a source that does not send while subscribed")
    func timeoutZero() {
        let test = MarbleTest()
        test.expect(test.cold("-a|").signal.timeout(.zero, on: test.scheduler), emits: "#",
                    error: "timeout: no event within 0ms")
    }

    @Test("timeout of a negative duration fails")
    func timeoutNegativeFails() {
        let test = MarbleTest()
        test.expect(test.cold("-a|").signal.timeout(.milliseconds(-2), on: test.scheduler), emits: "#",
                    error: "timeout: the duration must not be negative, got -2ms")
    }
}

import Signals
import Testing

@Suite("Timing")
struct TimingTests {
    @Test("interval ticks from 0 and take stops its timer")
    func intervalStops() {
        let test = MarbleTest()
        let ticks = Signal<Int>.interval(.milliseconds(2), on: test.scheduler).take(3)
        test.expect(ticks, emits: "--a-b-(c|)", ["a": 0, "b": 1, "c": 2])
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("interval of zero fails instead of spinning")
    func intervalZero() {
        let test = MarbleTest()
        test.expect(Signal<Int>.interval(.zero, on: test.scheduler), emits: "#", [:],
                    error: "interval: the period must be greater than 0, got 0ms (an interval of 0 would emit forever without letting time pass)")
    }

    @Test("debounce sends the pending value on completion and drops it on error")
    func debounceEnds() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b|").signal.debounce(.milliseconds(3), on: test.scheduler), emits: "----(b|)")
        test.expect(test.cold("-a-b#").signal.debounce(.milliseconds(3), on: test.scheduler), emits: "----#")
    }

    @Test("debounce disposed mid-stream leaves no timer")
    func debounceDisposal() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-d|")
        test.expect(source.signal.debounce(.milliseconds(5), on: test.scheduler), emits: "----")
        #expect(test.scheduler.pendingTimers == 0)
        #expect(source.liveSubscriptions == 0)
    }

    @Test("throttle lets a value through, then ignores values for the duration")
    func throttleLeading() {
        let test = MarbleTest()
        test.expect(test.cold("-abc-d-e-|").signal.throttle(.milliseconds(4), on: test.scheduler), emits: "-a-----e-|")
        // d comes at frame 5, the instant the window closes: it was scheduled first, so it
        // still finds the window open and is dropped (the tie rule: arming order, as in RxJS).
    }

    @Test("delay completes after the last delayed value, and errors at once")
    func delayCompletion() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b|").signal.delay(.milliseconds(3), on: test.scheduler), emits: "----a-(b|)")
        test.expect(test.cold("-a#").signal.delay(.milliseconds(3), on: test.scheduler), emits: "--#")
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("timeout fails when no value comes in time, and is cancelled by completion")
    func timeoutFails() {
        let test = MarbleTest()
        let slow = test.cold("-a-----b|")
        test.expect(slow.signal.timeout(.milliseconds(3), on: test.scheduler), emits: "-a--#",
                    error: "timeout: no event within 3ms")
        #expect(slow.liveSubscriptions == 0)
        test.expect(test.cold("-a-b|").signal.timeout(.milliseconds(3), on: test.scheduler), emits: "-a-b|")
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("a virtual scheduler runs a million timers in order: by due time, ties in arming order")
    func manyTimers() {
        let scheduler = Scheduler.virtual()
        let count = 1_000_000
        var fired: [Int] = []
        fired.reserveCapacity(count)
        for index in 0..<count {
            scheduler.schedule(after: .milliseconds((index * 7919) % 1000)) { fired.append(index) }
        }
        scheduler.run()
        let expected = (0..<count).sorted { a, b in
            let (x, y) = ((a * 7919) % 1000, (b * 7919) % 1000)
            return x < y || (x == y && a < b)
        }
        #expect(fired == expected)
    }
}

@Suite("Sharing, properties and actions")
struct SharingTests {
    @Test("share makes one upstream subscription for concurrent subscribers")
    func shareSubscribesOnce() {
        let test = MarbleTest()
        let request = test.cold("---(r|)")
        let shared = request.signal.share()
        var first: [String] = [], second: [String] = []
        shared.subscribe { if case .next(let value) = $0 { first.append(value) } }
        shared.subscribe { if case .next(let value) = $0 { second.append(value) } }
        test.scheduler.run()
        #expect(request.subscriptions.count == 1)
        #expect(first == ["r"] && second == ["r"])
        #expect(request.liveSubscriptions == 0)
    }

    @Test("a cold signal subscribed twice runs twice")
    func coldRunsTwice() {
        let test = MarbleTest()
        let request = test.cold("---(r|)")
        request.signal.subscribe { _ in }
        request.signal.subscribe { _ in }
        test.scheduler.run()
        #expect(request.subscriptions.count == 2)
    }

    @Test("share disposes the source when the last subscriber leaves")
    func shareRefCount() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c|")
        let shared = source.signal.share()
        let one = shared.subscribe { _ in }
        let two = shared.subscribe { _ in }
        test.scheduler.run(until: .frame(2))
        one.dispose()
        #expect(source.liveSubscriptions == 1)
        two.dispose()
        #expect(source.liveSubscriptions == 0)
    }

    @Test("replay gives a late subscriber the last values")
    func replayLate() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c|")
        let replayed = source.signal.replay(2)
        replayed.subscribe { _ in }
        test.scheduler.run(until: .frame(4))
        var late: [String] = []
        replayed.subscribe { if case .next(let value) = $0 { late.append(value) } }
        #expect(late == ["a", "b"])
        test.scheduler.run()
        #expect(late == ["a", "b", "c"])
        #expect(source.subscriptions.count == 1)
    }

    @Test("a property sends its current value, then its changes")
    func propertyProducer() throws {
        let property = Property(1)
        var seen: [Int] = []
        property.producer.subscribe { if case .next(let value) = $0 { seen.append(value) } }
        try property.set(2)
        try property.set(3)
        #expect(seen == [1, 2, 3])
    }

    @Test("setting a property from inside its own delivery is refused, not a crash")
    func propertyReentrancy() {
        let property = Property(0)
        var refusal: SignalError?
        property.signal.subscribe { _ in
            do throws(SignalError) { try property.set(99) } catch { refusal = error }
        }
        #expect(throws: Never.self) { try property.set(1) }
        #expect(refusal != nil)
        #expect(property.value == 1)
    }

    @Test("sending to a completed subject is refused")
    func subjectAfterCompletion() throws {
        let subject = Subject<Int>()
        try subject.terminate(.completed)
        #expect(throws: SignalError.self) { try subject.send(1) }
    }

    @Test("an action is executing while it runs, refuses a second run, and reports errors separately")
    func actionLifecycle() {
        let test = MarbleTest()
        let action = Action<String, String> { input in
            input == "bad" ? test.cold("----#", error: "wrong password").signal : test.cold("----(k|)").signal
        }
        var executing: [String] = []
        action.isExecuting.producer.subscribe { event in
            if case .next(let busy) = event { executing.append("\(test.scheduler.now.frame):\(busy)") }
        }
        var errors: [String] = []
        action.errors.subscribe { if case .next(let error) = $0 { errors.append(error.message) } }

        var refused: SignalError?
        action.apply("good").subscribe { _ in }
        action.apply("again").subscribe { if case .error(let error) = $0 { refused = error } }
        test.scheduler.run()
        action.apply("bad").subscribe { _ in }
        test.scheduler.run()

        #expect(executing == ["0:false", "0:true", "4:false", "4:true", "8:false"])
        #expect(refused?.message == "action is already executing")
        #expect(errors == ["wrong password"])
        #expect(action.isEnabled.value)
    }
}

@Suite("Sources stop when disposed")
struct SourcesStopTests {
    @Test("timer sends nothing more once its value ended the subscription")
    func timerStopsAfterItsValue() {
        let scheduler = Scheduler.virtual()
        var events: [Event<Int>] = []
        var lifetime: Lifetime?
        lifetime = Signal<Int>.timer(.milliseconds(2), on: scheduler).subscribe(Observer(
            next: { value in
                events.append(.next(value))
                lifetime?.dispose()
            },
            terminate: { events.append($0.event()) }))
        scheduler.run()
        #expect(events == [.next(0)])
    }

    /// `start` with a plain observer: nothing but the timer itself keeps an ended
    /// subscription from hearing more (`subscribe`'s end drops late events anyway).
    @Test("a timer's values stop, with no completion, when one of them ends the subscription; the scheduler's count of armed timers stays true",
          arguments: [[7], [7, 8, 9]])
    func timerHearsItsCancel(values: [Int]) {
        let scheduler = Scheduler.virtual()
        var events: [Event<Int>] = []
        let lifetime = Lifetime()
        let sent: RunValues<Int> = values.count == 1 ? .one(values[0]) : .list(values)
        Signal<Int>.timer(.milliseconds(2), sending: sent, on: scheduler).start(Observer(
            next: { value in
                events.append(.next(value))
                lifetime.dispose()
                #expect(scheduler.pendingTimers == 1)
            },
            terminate: { events.append($0.event()) }), in: lifetime)
        var later = 0
        scheduler.schedule(after: .milliseconds(3)) { later += 1 }
        scheduler.run()
        #expect(events == [.next(7)])
        #expect(later == 1 && scheduler.pendingTimers == 0)

        // Not ended by its value: all of them, then the completion.
        var all: [Event<Int>] = []
        Signal<Int>.timer(.milliseconds(2), sending: sent, on: scheduler).start(Observer(
            next: { all.append(.next($0)) }, terminate: { all.append($0.event()) }), in: Lifetime())
        scheduler.run()
        #expect(all == values.map { .next($0) } + [.completed])
    }

    @Test("timeInterval pairs each value with the time since the one before (since the subscription for the first); timestamp with the clock's time")
    func timeIntervalAndTimestamp() {
        let test = MarbleTest()
        // Subscribed at frame 2, so the first interval is 1 where the timestamp is 3 (each
        // on a scheduler of its own, as each run has: the clock starts at 0).
        func late<Output>(_ operator: @escaping (Signal<String>) -> Signal<Output>) -> Signal<Output> {
            let source = test.cold("-a--b|")
            return Signal<Int>.timer(.milliseconds(2), on: test.scheduler).switchMap { _ in `operator`(source.signal) }
        }
        test.expect(late { $0.timeInterval(on: test.scheduler) }.map { "\($0.value)\(Int($0.interval.milliseconds))" },
                    emits: "---x--y|", ["x": "a1", "y": "b3"])
        let clock = MarbleTest()
        let source = clock.cold("-a--b|")
        let stamped = Signal<Int>.timer(.milliseconds(2), on: clock.scheduler).switchMap { _ in source.signal.timestamp(on: clock.scheduler) }
        clock.expect(stamped.map { "\($0.value)\($0.time.frame)" }, emits: "---x--y|", ["x": "a3", "y": "b6"])
        test.expect(test.cold("-a-#", error: "boom").signal.timeInterval(on: test.scheduler).map(\.value),
                    emits: "-a-#", error: "boom")
    }
}

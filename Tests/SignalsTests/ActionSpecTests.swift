import Signals
import Testing

/// Records a Bool property's changes with their frame, as the login scenario prints them.
private func log(_ property: Property<Bool>, _ name: String, on scheduler: Scheduler, into lines: Lines) {
    property.signal.subscribe { event in
        if case .next(let value) = event { lines.append("\(scheduler.now.frame)ms \(name) \(value)") }
    }
}

private final class Lines {
    var all: [String] = []
    func append(_ line: String) { all.append(line) }
}

@Suite("Action")
struct ActionSpecTests {
    @Test("a login action executes for 4 s, refuses a second apply meanwhile, and reports its state")
    func loginFlow() {
        let test = MarbleTest()
        let scheduler = test.scheduler
        let credentialsAreValid = Property(true)
        let login = Action<String, String>(enabledIf: credentialsAreValid) { (name: String) in
            Signal.timer(.seconds(4), on: scheduler).map { _ in "welcome \(name)" }
        }
        let lines = Lines()
        log(login.isExecuting, "executing", on: scheduler, into: lines)
        log(login.isEnabled, "enabled", on: scheduler, into: lines)
        login.values.subscribe { if case .next(let value) = $0 { lines.append("\(scheduler.now.frame)ms value \(value)") } }

        let first = test.subscribe(login.apply("ann"))
        let second = test.subscribe(login.apply("bob"), at: 1000)
        scheduler.run()

        test.expect(first, emitted: "4s (w|)", ["w": "welcome ann"])
        test.expect(second, emitted: "1s #", [:], error: "action is already executing")
        #expect(lines.all == [
            "0ms executing true", "0ms enabled false",
            // The value comes first; the execution ends with the completion just after it.
            "4000ms value welcome ann",
            "4000ms executing false", "4000ms enabled true",
        ])
        #expect(!login.isExecuting.value)
        #expect(scheduler.pendingTimers == 0)
    }

    @Test("starts sends each accepted input when its execution starts, after executing turns true; a refused apply sends none")
    func startsPerExecution() {
        let test = MarbleTest()
        let scheduler = test.scheduler
        let search = Action<String, String> { (text: String) in
            Signal.timer(.milliseconds(3), on: scheduler).map { _ in text }
        }
        let lines = Lines()
        log(search.isExecuting, "executing", on: scheduler, into: lines)
        search.starts.subscribe { if case .next(let input) = $0 { lines.append("\(scheduler.now.frame)ms start \(input)") } }
        _ = test.subscribe(search.apply("cat"))
        _ = test.subscribe(search.apply("dog"), at: 1)
        _ = test.subscribe(search.apply("owl"), at: 5)
        scheduler.run()
        #expect(lines.all == [
            "0ms executing true", "0ms start cat", "3ms executing false",
            "5ms executing true", "5ms start owl", "8ms executing false",
        ])
    }

    @Test("an execution's error goes to errors and to apply's subscriber, and the action stays usable")
    func errorsKeepActionUsable() {
        let test = MarbleTest()
        let scheduler = test.scheduler
        let login = Action<String, String> { (name: String) in
            name == "bad"
                ? Signal.timer(.seconds(2), on: scheduler).map { _ throws(SignalError) -> String in
                    throw SignalError("wrong password")
                }
                : Signal.timer(.seconds(1), on: scheduler).map { _ in "welcome \(name)" }
        }
        var errors: [String] = []
        var values: [String] = []
        login.errors.subscribe { if case .next(let error) = $0 { errors.append("\(scheduler.now.frame)ms \(error)") } }
        login.values.subscribe { if case .next(let value) = $0 { values.append(value) } }

        let failed = test.subscribe(login.apply("bad"))
        let retried = test.subscribe(login.apply("ann"), at: 3000)
        scheduler.run()

        test.expect(failed, emitted: "2s #", [:], error: "wrong password")
        test.expect(retried, emitted: "4s (w|)", ["w": "welcome ann"])
        #expect(errors == ["2000ms wrong password"])
        #expect(values == ["welcome ann"])
        #expect(login.isEnabled.value)
    }

    @Test("apply refuses while the action is disabled, and isEnabled follows enabledIf")
    func disabledActionRefuses() throws {
        let test = MarbleTest()
        let valid = Property(false)
        let action = Action<Int, Int>(enabledIf: valid) { Signal.of($0 * 2) }
        #expect(!action.isEnabled.value)
        test.expect(action.apply(1), emits: "#", [:], error: "action is disabled")
        try valid.set(true)
        #expect(action.isEnabled.value)
        test.expect(action.apply(1), emits: "(2|)", ["2": 2])
        #expect(!action.isExecuting.value)
    }

    @Test("an action enabled by a signal is enabled until its first value, then follows it")
    func enabledBySignal() {
        let test = MarbleTest()
        let enabled = test.cold("--f--t", ["f": false, "t": true])
        let action = Action<Int, Int>(enabledIf: enabled.signal) { Signal.of($0) }
        let states = test.subscribe(action.isEnabled.producer)
        test.scheduler.run()
        test.expect(states, emitted: "t-f--t", ["t": true, "f": false])
    }

    @Test("a synchronous execution is executing, then not, within one frame")
    func synchronousExecution() {
        let test = MarbleTest()
        let action = Action<Int, Int> { Signal.of($0, $0 + 1) }
        let lines = Lines()
        log(action.isExecuting, "executing", on: test.scheduler, into: lines)
        test.expect(action.apply(1), emits: "(12|)", ["1": 1, "2": 2])
        #expect(lines.all == ["0ms executing true", "0ms executing false"])
    }

    @Test("disposing apply's subscription cancels the execution and frees the action")
    func disposalCancelsExecution() {
        let test = MarbleTest()
        let work = test.cold("--a--b|")
        let action = Action<Int, String> { _ in work.signal }
        test.expect(action.apply(1), emits: "--a-")
        #expect(work.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
        #expect(!action.isExecuting.value)
        #expect(action.isEnabled.value)
        // Applied again, the work starts over.
        test.expect(action.apply(2), emits: "--a--b|")
        #expect(work.subscriptions.count == 2)
    }

    @Test("a subscriber may apply the action again when it hears the end of an execution")
    func applyAgainFromCompletion() {
        let test = MarbleTest()
        let action = Action<Int, Int> { value in
            Signal.timer(.milliseconds(2), on: test.scheduler).map { _ in value }
        }
        var received: [Int] = []
        func run(_ input: Int) {
            action.apply(input).subscribe { event in
                switch event {
                case .next(let value): received.append(value)
                case .completed: if input < 3 { run(input + 1) }
                case .error(let error): Issue.record("unexpected \(error)")
                }
            }
        }
        run(1)
        test.scheduler.run()
        #expect(received == [1, 2, 3])
        #expect(test.scheduler.now == .frame(6))
    }

    @Test("an execute closure that throws fails that apply and reports on errors")
    func executeThrows() {
        let test = MarbleTest()
        let action = Action<Int, Int> { (value: Int) throws(SignalError) -> Signal<Int> in
            if value < 0 { throw SignalError("negative input") }
            return Signal.of(value)
        }
        var errors: [SignalError] = []
        action.errors.subscribe { if case .next(let error) = $0 { errors.append(error) } }
        test.expect(action.apply(-1), emits: "#", [:], error: "negative input")
        #expect(errors == [SignalError("negative input")])
        #expect(!action.isExecuting.value)
        test.expect(action.apply(4), emits: "(4|)", ["4": 4])
    }

    @Test("an action's state properties cannot be set from outside")
    func stateIsReadOnly() {
        let action = Action<Int, Int> { Signal.of($0) }
        #expect(throws: SignalError("cannot set a read-only property: only its action changes it")) {
            try action.isExecuting.set(true)
        }
        action.isEnabled.value = false
        #expect(action.isEnabled.value)
    }
}

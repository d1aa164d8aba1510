import Signals
import Testing

private let numbers: [Character: Int] = ["0": 0, "1": 1, "2": 2, "3": 3, "5": 5, "7": 7, "9": 9]

@Suite("Property")
struct PropertySpecTests {
    @Test("a property's value reads back what was set")
    func valueGetSet() throws {
        let property = Property(1)
        #expect(property.value == 1)
        property.value = 2
        #expect(property.value == 2)
        try property.set(3)
        #expect(property.value == 3)
    }

    @Test("producer sends the current value at subscription, then every change")
    func producerSendsCurrentThenChanges() {
        let test = MarbleTest()
        let property = Property(1)
        test.scheduler.schedule(after: .milliseconds(3)) { property.value = 2 }
        test.scheduler.schedule(after: .milliseconds(6)) { property.value = 5 }
        let early = test.subscribe(property.producer)
        let late = test.subscribe(property.producer, at: 4)
        test.scheduler.run()
        test.expect(early, emitted: "1--2--5", numbers)
        test.expect(late, emitted: "----2-5", numbers)
    }

    @Test("signal sends only the changes after subscription")
    func signalSendsChanges() {
        let test = MarbleTest()
        let property = Property(1)
        test.scheduler.schedule(after: .milliseconds(3)) { property.value = 2 }
        test.scheduler.schedule(after: .milliseconds(6)) { property.value = 5 }
        let early = test.subscribe(property.signal)
        let late = test.subscribe(property.signal, at: 4)
        test.scheduler.run()
        test.expect(early, emitted: "---2--5", numbers)
        test.expect(late, emitted: "------5", numbers)
    }

    @Test("setting a property while it delivers a change is reported, and changes nothing")
    func reentrantSetIsReported() {
        let property = Property(0)
        var reported: SignalError?
        var seenBySecond: [Int] = []
        property.signal.subscribe { event in
            guard case .next(let value) = event, value == 1 else { return }
            do throws(SignalError) {
                try property.set(99)
            } catch {
                reported = error
            }
            // The assignment form is refused the same way, silently.
            property.value = 98
        }
        property.signal.subscribe { if case .next(let value) = $0 { seenBySecond.append(value) } }
        property.value = 1
        #expect(reported?.message == "re-entrant set: a subscriber of a property set it while it was delivering a change")
        #expect(property.value == 1)
        #expect(seenBySecond == [1])
    }

    @Test("setting a property while its producer delivers the current value is re-entrant too")
    func reentrantSetDuringFirstValue() {
        let property = Property("a")
        var reported = false
        property.producer.subscribe { _ in
            do throws(SignalError) { try property.set("b") } catch { reported = true }
        }
        #expect(reported)
        #expect(property.value == "a")
        // Outside a delivery, setting works again.
        #expect(throws: Never.self) { try property.set("c") }
    }

    @Test("a subscriber of a property that is disposed stops listening")
    func disposalStopsListening() {
        let property = Property(0)
        var received: [Int] = []
        let lifetime = property.producer.subscribe { if case .next(let value) = $0 { received.append(value) } }
        #expect(property.subscriberCount == 1)
        property.value = 1
        lifetime.dispose()
        property.value = 2
        #expect(received == [0, 1])
        #expect(property.subscriberCount == 0)
    }

    @Test("take of a producer gets the current value and leaves no subscriber behind")
    func producerWithTake() {
        let test = MarbleTest()
        let property = Property(7)
        test.expect(property.producer.take(1), emits: "(7|)", numbers)
        #expect(property.subscriberCount == 0)
    }

    @Test("each subscription to the producer starts from the value of that moment")
    func producerResubscribes() {
        let test = MarbleTest()
        let property = Property(1)
        test.expect(property.producer, emits: "1-", numbers)
        property.value = 2
        test.expect(property.producer, emits: "2-", numbers)
        #expect(property.subscriberCount == 0)
    }

    @Test("a property that follows a signal takes its values and refuses to be set")
    func followingProperty() {
        let test = MarbleTest()
        let source = test.cold("--3--5|", numbers)
        let property = Property(initial: 0, then: source.signal)
        let changes = test.subscribe(property.producer)
        test.scheduler.run()
        test.expect(changes, emitted: "0-3--5", numbers)
        #expect(property.value == 5)
        #expect(source.liveSubscriptions == 0)
        #expect(throws: SignalError("cannot set a read-only property: it follows a signal")) {
            try property.set(9)
        }
        property.value = 9
        #expect(property.value == 5)
    }

    @Test("a property that follows a failing signal keeps its last value")
    func followingPropertyKeepsValueOnError() {
        let test = MarbleTest()
        let source = test.cold("-3#", numbers)
        let property = Property(initial: 0, then: source.signal)
        test.scheduler.run()
        #expect(property.value == 3)
        #expect(source.liveSubscriptions == 0)
    }

    @Test("a following property stops its signal when it goes away")
    func followingPropertyDeinit() {
        let test = MarbleTest()
        let source = test.cold("-3-5-7-9|", numbers)
        var property: Property<Int>? = Property(initial: 0, then: source.signal)
        test.scheduler.run(until: .frame(2))
        #expect(property?.value == 3)
        property = nil
        #expect(source.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }
}

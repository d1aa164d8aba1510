import Foundation
import Signals
import Synchronization
import Testing

@Suite("Inlets: other threads reaching a run")
struct InletTests {
    @Test("virtual time waits for an expected reply before it fires the next timer")
    func virtualTimeWaitsForExpectedMail() {
        let scheduler = Scheduler.virtual()
        var order: [String] = []
        let inlet = scheduler.makeInlet { (message: String) in order.append("\(message) at \(scheduler.now.frame)") }
        scheduler.schedule(after: .milliseconds(1)) { order.append("timer at \(scheduler.now.frame)") }
        inlet.expect()
        // The reply comes from another thread, whenever that thread gets to it: the run
        // must not let time pass before it arrived.
        Thread { inlet.post("reply", expected: true) }.start()
        scheduler.run()
        #expect(order == ["reply at 0", "timer at 1"])
    }

    @Test("a run waiting for a reply that never comes still stops when interrupted")
    func waitingRunCanBeInterrupted() {
        let scheduler = Scheduler.virtual()
        let inlet = scheduler.makeInlet { (_: Int) in }
        inlet.expect()
        var polls = 0
        scheduler.interrupted = {
            polls += 1
            return polls > 3
        }
        var fired = false
        scheduler.schedule(after: .milliseconds(1)) { fired = true }
        scheduler.run()
        #expect(polls == 4)
        #expect(!fired)
    }

    @Test("live time delivers a reply posted while it waits for no timer")
    func liveTimeWaitsForMailWithoutTimers() {
        let scheduler = Scheduler.live()
        var received: [Int] = []
        let inlet = scheduler.makeInlet { (value: Int) in received.append(value) }
        inlet.expect()
        Thread { inlet.post(7, expected: true) }.start()
        scheduler.run()
        #expect(received == [7])
    }
}

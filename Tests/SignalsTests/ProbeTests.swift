import Signals
import Testing

final class ProbeLog: Probe {
    typealias Value = String
    var lines: [String] = []
    var count = 0
    let scheduler: Scheduler
    init(_ scheduler: Scheduler) { self.scheduler = scheduler }
    func subscribed() -> Int {
        count += 1
        lines.append("\(scheduler.now.frame) sub\(count)")
        return count
    }
    func received(_ event: Event<String>, subscription: Int) {
        lines.append("\(scheduler.now.frame) sub\(subscription) \(event)")
    }
    func disposed(subscription: Int, cancelled: Bool) {
        lines.append("\(scheduler.now.frame) sub\(subscription) \(cancelled ? "cancelled" : "disposed")")
    }
}

@Suite("Probe")
struct ProbeTests {
    @Test("a probe hears subscription, events and the disposal after completion")
    func hearsCompletion() {
        let test = MarbleTest()
        let log = ProbeLog(test.scheduler)
        test.expect(test.cold("-a|").signal.probed(log), emits: "-a|")
        #expect(log.lines == ["0 sub1", "1 sub1 next(\"a\")", "2 sub1 completed", "2 sub1 disposed"])
    }

    @Test("a probe upstream of take sees its subscription cancelled")
    func seesCancellation() {
        let test = MarbleTest()
        let log = ProbeLog(test.scheduler)
        test.expect(test.cold("-a-b-|").signal.probed(log).take(1), emits: "-(a|)")
        #expect(log.lines == ["0 sub1", "1 sub1 next(\"a\")", "1 sub1 cancelled"])
    }
}

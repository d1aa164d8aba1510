import Services
import Signals
import Testing

@Suite("The photo services, in process")
struct ServiceTests {
    func run(_ signal: Signal<PhotoServices.Reply>, on scheduler: Scheduler) -> [Recorded<PhotoServices.Reply>] {
        signal.record(on: scheduler)
    }

    func text(_ reply: PhotoServices.Reply) -> String {
        switch reply {
        case .json(let bytes), .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test("a request answers after its latency, and each subscription is one request")
    func latencyAndCounting() {
        let scheduler = Scheduler.virtual()
        let services = PhotoServices(scheduler: scheduler)
        let events = run(services.request("login", [.text("Jiuchabaikaishui"), .text("123456")]), on: scheduler)
        #expect(events.map(\.frame) == [4000, 4000])
        #expect(events.first.map { text($0.event.value ?? .json([])) } == #"{"code":0,"message":"welcome"}"#)
        _ = run(services.request("login", [.text("x"), .text("y")]), on: scheduler)
        #expect(services.requests["login"] == 2)
    }

    @Test("disposing a request before it answers cancels it, and says so")
    func cancellation() {
        let scheduler = Scheduler.virtual()
        let services = PhotoServices(scheduler: scheduler)
        let lifetime = services.request("friends", []).subscribe { _ in }
        scheduler.run(until: .frame(1000))
        lifetime.dispose()
        #expect(services.cancelled["friends"] == 1)
        #expect(scheduler.pendingTimers == 0)
    }

    @Test("profile fails until a token was fetched")
    func tokenRefresh() {
        let scheduler = Scheduler.virtual()
        let services = PhotoServices(scheduler: scheduler)
        #expect(run(services.request("profile", []), on: scheduler).last?.event == .error(SignalError("profile: token expired")))
        _ = run(services.request("token", []), on: scheduler)
        #expect(run(services.request("profile", []), on: scheduler).last?.event == .completed)
    }

    @Test("failures on demand: a service made to fail, or slow")
    func failuresOnDemand() {
        let scheduler = Scheduler.virtual()
        let services = PhotoServices(scheduler: scheduler)
        services.failures["search"] = .fail("offline")
        #expect(run(services.request("search", [.text("cats")]), on: scheduler).last?.event == .error(SignalError("search: offline")))
        services.failures["search"] = .slow(3)
        #expect(run(services.request("search", [.text("cats")]), on: scheduler).last?.frame == 1200)
    }

    @Test("bad input is an error event with a clear message")
    func badInput() {
        let scheduler = Scheduler.virtual()
        let services = PhotoServices(scheduler: scheduler)
        #expect(run(services.request("photo", [.number(1)]), on: scheduler).last?.event == .error(SignalError("photo: no photo with id 1")))
        #expect(run(services.request("download", [.text("not a url")]), on: scheduler).last?.event
                == .error(SignalError("download: malformed URL \"not a url\"")))
        #expect(run(services.request("search", [.text("")]), on: scheduler).last?.event
                == .error(SignalError("search: the text must be longer than 3 characters, got \"\"")))
    }
}

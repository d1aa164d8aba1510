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

@Suite("The services' HTTP shape")
struct RouteTests {
    func target(_ name: String, _ arguments: [String]) -> String {
        guard let route = PhotoSite.service(named: name)?.route else { return "no such service" }
        let target = route.target(for: arguments)
        return "\(target.method.rawValue) \(target.pathAndQuery)" + (target.form.map { " form \($0)" } ?? "")
    }

    @Test("requests are shaped like 500px and Flickr; arguments are percent-encoded")
    func shapes() {
        #expect(target("popular", []) == "GET /v1/photos?feature=popular&rpp=100&page=1&exclude=Nude")
        #expect(target("photo", ["12 3"]) == "GET /v1/photos/12%203")
        #expect(target("search", ["café & cats"]) == "GET /services/rest/?method=flickr.photos.search&sort=interestingness-desc&per_page=20&format=json&nojsoncallback=1&text=caf%C3%A9%20%26%20cats")
        #expect(target("login", ["a=b", "p&q"]) == "POST /v1/login form username=a%3Db&password=p%26q")
        #expect(target("profile", []) == "GET /v1/users/me")
    }

    @Test("an image on the site is fetched at its own path; any other text goes to /v1/download")
    func downloads() {
        #expect(target("download", ["http://photos.invalid/images/100007/3.png"]) == "GET /images/100007/3.png")
        #expect(target("download", ["http://photos.invalid/avatars/123.png"]) == "GET /avatars/123.png")
        #expect(target("download", ["not a url"]) == "GET /v1/download?url=not%20a%20url")
        #expect(target("download", ["http://photos.invalid/images/../x.png"]) == "GET /v1/download?url=http%3A%2F%2Fphotos.invalid%2Fimages%2F..%2Fx.png")
        #expect(target("download", ["http://elsewhere.example/images/1/3.png"]).hasPrefix("GET /v1/download?url="))
    }

    @Test("form encoding round-trips any text, and malformed escapes are refused")
    func formEncoding() {
        let items = [("text", "a b+c&d=é/%"), ("empty", "")]
        let decoded = FormEncoding.decode(FormEncoding.encode(items))
        #expect(decoded?.map(\.0) == items.map(\.0))
        #expect(decoded?.map(\.1) == items.map(\.1))
        #expect(FormEncoding.unescape("a+b%20c") == "a b c")
        #expect(FormEncoding.unescape("%zz") == nil)
        #expect(FormEncoding.unescape("%C3") == nil)
    }

    @Test("a string field is read from a JSON reply, escapes and all")
    func stringField() {
        let reply = Array(#"{"n": 1, "list": [{"error": "inner"}, "]"], "error": "a \"b\" \u00e9 \ud83d\ude00"}"#.utf8)
        #expect(PhotoReplies.stringField("error", in: reply) == "a \"b\" é 😀")
        #expect(PhotoReplies.stringField("missing", in: reply) == nil)
        #expect(PhotoReplies.stringField("error", in: Array("not json".utf8)) == nil)
        #expect(PhotoReplies.stringField("error", in: PhotoReplies.error("line\nbreak")) == "line\nbreak")
    }

    @Test("each run holds its own token; the site accepts only tokens it issued")
    func tokensPerRun() {
        let site = PhotoSite()
        let transport = InProcessTransport(site: site)
        let scheduler = Scheduler.virtual()
        let first = PhotoServices(transport: transport, scheduler: scheduler)
        _ = first.request("token", []).record(on: scheduler)
        _ = first.request("token", []).record(on: scheduler)
        #expect(first.token == "fresh-2")
        let second = PhotoServices(transport: transport, scheduler: scheduler)
        #expect(second.token == nil)
        #expect(second.request("profile", []).record(on: scheduler).last?.event == .error(SignalError("profile: token expired")))
        #expect(site.answer(ServiceRequest(service: "profile", token: "fresh-2")) != site.answer(ServiceRequest(service: "profile", token: "fresh-3")))
    }
}

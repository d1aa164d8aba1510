import JSONText
import Language
import Services
import Signals

/// The photo services as sources of the language: `popular`, `photo ID`, `search TEXT`,
/// ... Each run gets its own services (stateful ones — the access token — start afresh),
/// on the run's scheduler, with answers from `transport` (in process, or over HTTP).
final class PhotoSources: SourceProvider {
    let services: PhotoServices

    init(scheduler: Scheduler, transport: any PhotoTransport = InProcessTransport.shared,
         failures: [String: PhotoServices.Failure] = [:]) {
        services = PhotoServices(transport: transport, scheduler: scheduler)
        services.failures = failures
    }

    static let specs: [OperatorSpec] = (PhotoSite.services.map { ($0.name, $0.parameters, $0.summary, $0.example, $0.recordFields) }
                                         + DeviceCache.services.map { ($0.name, $0.parameters, $0.summary, $0.example, nil) }).map { service in
        OperatorSpec(
            name: service.0, role: .source, family: .services,
            parameters: service.1.map { Parameter($0, .value) },
            summary: service.2,
            example: service.3,
            recordFields: service.4)
    }

    /// The device's cache (scenario 10), for this run.
    private let cache = DeviceCache()

    /// The language's catalogue with the services added.
    static let catalogue = Catalogue.standard.adding(specs)

    var specs: [OperatorSpec] { Self.specs }

    var openRequests: Int { services.openRequests }

    /// `requests: photo 1, download 3 (2 cancelled)`, or nil when the run made none.
    var requestSummary: String? {
        guard !services.requests.isEmpty else { return nil }
        let parts = services.requests.keys.sorted().map { name -> String in
            let cancelled = services.cancelled[name, default: 0]
            return "\(name) \(services.requests[name, default: 0])" + (cancelled > 0 ? " (\(cancelled) cancelled)" : "")
        }
        return "requests: " + parts.joined(separator: ", ")
    }

    func signal(for name: String, arguments: [Value], context: RunContext) -> Signal<Value> {
        if DeviceCache.services.contains(where: { $0.name == name }) {
            return services.serve(name) { [cache, scheduler = context.scheduler] in
                cache.answer(name, arguments, now: scheduler.now)
            }
        }
        var converted: [PhotoServices.Argument] = []
        for value in arguments {
            switch value {
            case .number(let number): converted.append(.number(number))
            case .string(let text): converted.append(.text(text))
            case .signal:
                // `login user, password` inside an action whose form has a `password` field,
                // while a `let password = ...` signal hides it.
                return .fail(SignalError("\(name): an argument is a signal, not a value (if it is a `let` name that hides a field of the same name, write it.FIELD)"))
            default: converted.append(.text(value.description))
            }
        }
        let shape = PhotoSite.service(named: name)?.shape ?? .document
        let replies = services.request(name, converted)
        return Signal(unchecked: { observer, lifetime in
            let upstream = lifetime.child()
            replies.start(Observer(
                next: { reply in
                    switch PhotoSources.values(of: reply, shaped: shape, service: name) {
                    case .success(let values):
                        for value in values {
                            if upstream.isDisposed { return }
                            observer.next(value)
                        }
                    case .failure(let error):
                        upstream.dispose()
                        observer.terminate(.error(error))
                    }
                },
                terminate: observer.terminate), in: upstream)
        })
    }

    /// The values a reply stands for: the whole document, one field of it, or one value per
    /// element of a list field (the popular feed, photo by photo).
    static func values(of reply: PhotoServices.Reply, shaped shape: ReplyShape, service: String) -> Result<[Value], SignalError> {
        let document: Value
        switch reply {
        case .bytes(let bytes): return .success([.bytes(Bytes(bytes))])
        case .json(let json):
            do throws(JSONError) { document = try Value(json: json) } catch {
                return .failure(SignalError("\(service): the reply is not JSON (\(error))"))
            }
        }
        switch shape {
        case .document:
            return .success([document])
        case .field(let field):
            guard case .record(let record) = document, let value = record[field] else {
                return .failure(SignalError("\(service): the reply has no `\(field)`"))
            }
            return .success([value])
        case .each(let field):
            guard case .record(let record) = document, case .list(let items)? = record[field] else {
                return .failure(SignalError("\(service): the reply has no list `\(field)`"))
            }
            return .success(items)
        }
    }
}

/// The photo client's own cache (scenario 10: cache, then network). Every run starts with
/// copies stored an hour before it, so they are stale; `store` makes a fresh one, which
/// stays fresh for a minute of the run's time.
final class DeviceCache {
    static let services: [(name: String, parameters: [String], summary: String, example: String)] = [
        ("cache", ["KEY"], "The cached copy stored under KEY (10ms); fails when it is stale: older than a minute, as every copy is when a run starts.",
         #"cache "popular" | catch (popularPage | flatMap (store "popular", it)) | map length(it)"#),
        ("store", ["KEY", "VALUE"], "Stores VALUE under KEY as a fresh copy (5ms) and sends it.", #"store "k", 1 | then (cache "k")"#),
    ]
    static let freshFor = TimeSpan.seconds(60)

    private var entries: [String: (value: Value, stored: Time)] = [:]

    func answer(_ service: String, _ arguments: [Value], now: Time) -> (latency: TimeSpan, result: Result<[Value], SignalError>) {
        let key = arguments.first.map { value in
            if case .string(let text) = value { return text }
            return value.description
        } ?? ""
        if service == "store" {
            let value = arguments.count > 1 ? arguments[1] : .null
            entries[key] = (value, now)
            return (.milliseconds(5), .success([value]))
        }
        guard let entry = entries[key], now - entry.stored < DeviceCache.freshFor else {
            let age = entries[key].map { "stored \(EventLine.time(Time(nanoseconds: (now - $0.stored).nanoseconds)).drop { $0 == " " }) ago" } ?? "stored 1h ago"
            return (.milliseconds(10), .failure(SignalError("cache: the copy of \(Value.string(key).description) is stale (\(age))")))
        }
        return (.milliseconds(10), .success([entry.value]))
    }
}

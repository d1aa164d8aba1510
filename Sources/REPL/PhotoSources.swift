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

    static let specs: [OperatorSpec] = PhotoSite.services.map { service in
        OperatorSpec(
            name: service.name, role: .source, family: .services,
            parameters: service.parameters.map { Parameter($0, .value) },
            summary: service.summary,
            example: service.parameters.isEmpty ? service.name : "\(service.name) …")
    }

    /// The language's catalogue with the services added.
    static let catalogue = Catalogue.standard.adding(specs)

    var specs: [OperatorSpec] { Self.specs }

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
        let converted = arguments.map { value -> PhotoServices.Argument in
            switch value {
            case .number(let number): return .number(number)
            case .string(let text): return .text(text)
            default: return .text(value.description)
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

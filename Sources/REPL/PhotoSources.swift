import Language
import Services
import Signals

/// The photo services as sources of the language: `popular`, `photo ID`, `search TEXT`,
/// ... Each run gets its own services (stateful ones — the access token — start afresh),
/// on the run's scheduler.
final class PhotoSources: SourceProvider {
    let services: PhotoServices

    init(scheduler: Scheduler, failures: [String: PhotoServices.Failure] = [:]) {
        services = PhotoServices(catalog: PhotoSources.catalog, scheduler: scheduler)
        services.failures = failures
    }

    /// Generated once per process: it is the same every time.
    static let catalog = PhotoCatalog()

    static let specs: [OperatorSpec] = PhotoServices.services.map { service in
        OperatorSpec(
            name: service.name, role: .source, family: .services,
            parameters: service.parameters.map { Parameter($0, .value) },
            summary: service.summary,
            example: service.parameters.isEmpty ? service.name : "\(service.name) …")
    }

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
        let converted = arguments.map { value -> PhotoServices.Argument in
            switch value {
            case .number(let number): return .number(number)
            case .string(let text): return .text(text)
            default: return .text(value.description)
            }
        }
        return services.request(name, converted).map { reply throws(SignalError) -> Value in
            switch reply {
            case .bytes(let bytes): return .bytes(Bytes(bytes))
            case .json(let json):
                do throws(JSONError) { return try Value(json: json) } catch {
                    throw SignalError("\(name): the reply is not JSON (\(error))")
                }
            }
        }
    }
}

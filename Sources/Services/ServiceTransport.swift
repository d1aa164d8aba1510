/// Where the services' answers come from. The run's side — latency on its scheduler,
/// counting, cancellation, failures on demand, the token it holds — is `PhotoServices`,
/// the same for every transport; a transport only fetches the answer to a request.
///
/// In process (the default) it is `PhotoSite.answer`, called at once; over HTTP
/// (`--services URL`, the PhotoClient module) it is a request to `frp serve`.
public protocol PhotoTransport: Sendable {
    /// Starts fetching the answer. `answered` is called exactly once, from any thread —
    /// also after `cancel` (with whatever the cancellation left), so the run can count on
    /// it — and its caller hands it to the run's thread.
    func send(_ request: ServiceRequest, answered: @escaping @Sendable (ServiceAnswer) -> Void) -> ServiceCall
}

/// A request in flight; `cancel` stops it (over HTTP: aborts the request, and the server
/// sees it).
public struct ServiceCall: Sendable {
    public let cancel: @Sendable () -> Void

    public init(cancel: @escaping @Sendable () -> Void) {
        self.cancel = cancel
    }
}

/// The site in this process: offline, instant.
public struct InProcessTransport: PhotoTransport {
    public let site: PhotoSite

    public init(site: PhotoSite) {
        self.site = site
    }

    /// One site per process: the catalog is generated once (it is the same every time).
    public static let shared = InProcessTransport(site: PhotoSite())

    public func send(_ request: ServiceRequest, answered: @escaping @Sendable (ServiceAnswer) -> Void) -> ServiceCall {
        answered(site.answer(request))
        return ServiceCall(cancel: {})
    }
}

import Signals

/// The photo services of the tutorials, as one run sees them: each request is a cold
/// signal that answers after the service's latency on the run's scheduler (virtual, live
/// or scaled), is cancelled by disposal, and is counted. The answer itself comes from a
/// transport (`PhotoSite` in process, or `frp serve` over HTTP); the timing stays here, so
/// both transports give the same events.
public final class PhotoServices {
    public enum Reply: Equatable, Sendable {
        case json([UInt8])
        case bytes([UInt8])
    }

    public enum Argument: Equatable, Sendable {
        case number(Double)
        case text(String)

        /// How it travels: numbers without a needless `.0`.
        public var text: String {
            switch self {
            case .text(let text): return text
            case .number(let number):
                return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            }
        }
    }

    /// Failures on demand, for teaching catch, retry and timeout.
    public enum Failure: Equatable, Sendable {
        /// Every request fails with this message.
        case fail(String)
        /// The first N requests of each run fail with this message; later ones answer
        /// (for teaching `retry`).
        case failFirst(Int, String)
        /// Every request takes this many times longer.
        case slow(Double)
    }

    public let transport: any PhotoTransport
    let scheduler: Scheduler
    /// Requests made, by service, this run.
    public private(set) var requests: [String: Int] = [:]
    /// Requests cancelled before they answered, by service.
    public private(set) var cancelled: [String: Int] = [:]
    /// Requests that have neither answered nor been cancelled: 0 once a run is disposed,
    /// or a subscription leaked.
    public private(set) var openRequests = 0
    public var failures: [String: Failure] = [:]
    /// The access token this run holds, once `token` answered (state per run: a new run
    /// starts without one, and requests carry it).
    public private(set) var token: String?

    /// Answers on their way, by call number; they reach this thread through `inlet`.
    private var waiting: [Int: (ServiceAnswer) -> Void] = [:]
    private var lastCall = 0
    private lazy var inlet: Inlet<Answered> = scheduler.makeInlet { [weak self] (message: Answered) in
        self?.waiting.removeValue(forKey: message.call)?(message.answer)
    }

    private struct Answered: Sendable {
        let call: Int
        let answer: ServiceAnswer
    }

    public init(transport: any PhotoTransport = InProcessTransport.shared, scheduler: Scheduler) {
        self.transport = transport
        self.scheduler = scheduler
    }

    /// One request: a cold signal (each subscription is one request) that sends the reply
    /// and completes, or fails with `service: reason`.
    public func request(_ name: String, _ arguments: [Argument]) -> Signal<Reply> {
        let replies: Signal<Reply> = timed(name) { [self] slowness, answered in
            var request = ServiceRequest(service: name, arguments: arguments.map(\.text), token: token)
            if case .live(let speed) = scheduler.clock { request.speed = speed / slowness }
            let call = send(request) { answer in
                answered(answer.map { [$0] }.mapError { SignalError("\(name): \($0.message)") })
            }
            return (PhotoSite.service(named: name)?.latency(request.arguments) ?? .zero, call)
        }
        guard name == "token" else { return replies }
        // The run holds the token from the moment the reply reaches it (not when it left
        // the site): later requests carry it.
        return Signal(unchecked: { [self] observer, lifetime in
            replies.start(Observer(
                next: { [self] reply in
                    if case .json(let json) = reply { token = PhotoReplies.stringField("token", in: json) }
                    observer.next(reply)
                },
                terminate: observer.terminate), in: lifetime)
        })
    }

    /// A request to a service of the caller's (the device's cache): answered by `answer`
    /// after its latency, counted, cancellable and failing on demand like the others.
    public func serve<Payload>(_ name: String,
                               _ answer: @escaping () -> (latency: TimeSpan, result: Result<[Payload], SignalError>)) -> Signal<Payload> {
        timed(name) { _, answered in
            let (latency, result) = answer()
            answered(result)
            return (latency, {})
        }
    }

    /// What every request shares, whoever answers it: it is counted; its latency timer is
    /// armed when it is made (so in virtual time a reply on its way holds time still, and in
    /// live time a reply later than the latency is delivered when it comes); failures on
    /// demand apply; disposal before the end cancels it.
    ///
    /// `start` gets the `--slow` factor and a function to call with the answer (on this
    /// thread, at once or later); it returns the latency and how to cancel.
    private func timed<Payload>(
        _ name: String,
        start: @escaping (_ slowness: Double, _ answered: @escaping (Result<[Payload], SignalError>) -> Void)
            -> (latency: TimeSpan, cancel: () -> Void)
    ) -> Signal<Payload> {
        Signal(unchecked: { [self] observer, lifetime in
            requests[name, default: 0] += 1
            let number = requests[name, default: 0]
            openRequests += 1
            var slowness = 1.0
            var failure: String?
            switch failures[name] {
            case .fail(let message)?: failure = message
            case .failFirst(let count, let message)? where number <= count: failure = message
            case .slow(let factor)?: slowness = factor
            default: break
            }
            var answer: Result<[Payload], SignalError>?
            var due = false
            var settled = false
            func deliver() {
                guard let answer, !settled else { return }
                settled = true
                openRequests -= 1
                if let failure { return observer.terminate(.error(SignalError("\(name): \(failure)"))) }
                switch answer {
                case .success(let replies):
                    for reply in replies {
                        if lifetime.isDisposed { return }
                        observer.next(reply)
                    }
                    if !lifetime.isDisposed { observer.terminate(.completed) }
                case .failure(let error):
                    observer.terminate(.error(error))
                }
            }
            let (latency, cancel) = start(slowness) { reply in
                answer = reply
                if due { deliver() }
            }
            let slowed = min(Double(latency.nanoseconds) * slowness, Double(TimeSpan.longestMilliseconds) * 1e6)
            let timer = scheduler.schedule(after: TimeSpan(nanoseconds: Int64(slowed))) {
                due = true
                deliver()
            }
            lifetime.onDispose { [self] in
                guard !settled else { return }
                settled = true
                openRequests -= 1
                timer.cancel()
                cancel()
                cancelled[name, default: 0] += 1
            }
        })
    }

    /// Hands the request to the transport; the answer comes back on this thread. The
    /// scheduler is told to expect it, so virtual time does not move past a reply still
    /// on its way. The returned function cancels the call.
    private func send(_ request: ServiceRequest, answered: @escaping (ServiceAnswer) -> Void) -> () -> Void {
        lastCall += 1
        let number = lastCall
        waiting[number] = answered
        let inlet = self.inlet
        inlet.expect()
        let call = transport.send(request) { answer in inlet.post(Answered(call: number, answer: answer), expected: true) }
        return { [weak self] in
            self?.waiting[number] = nil
            call.cancel()
        }
    }
}

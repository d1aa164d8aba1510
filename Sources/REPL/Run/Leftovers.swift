import Language
import Signals

/// What a run left behind once it was disposed: subscriptions still live, timers still
/// armed (other than the hot sources' own events) and requests still open. Disposal
/// cancels all work, so each is 0 — anything else is a leak in frp, and `frp test` fails
/// the expectation that shows it.
struct Leftovers: Equatable, CustomStringConvertible {
    var subscriptions = 0
    var timers = 0
    var requests = 0

    init(subscriptions: Int = 0, timers: Int = 0, requests: Int = 0) {
        self.subscriptions = subscriptions
        self.timers = timers
        self.requests = requests
    }

    /// Counts them for a disposed run (`live` is nil when the run did not count them).
    init(of context: RunContext, live: SubscriptionCount?) {
        subscriptions = live?.live ?? 0
        timers = context.scheduler.pendingTimers - context.hotSourceTimers
        requests = context.services?.openRequests ?? 0
    }

    var isEmpty: Bool { self == Leftovers() }

    /// `2 live subscriptions, 1 armed timer`
    var description: String {
        func count(_ number: Int, _ what: String) -> String? {
            number == 0 ? nil : "\(number) \(what)\(number == 1 ? "" : "s")"
        }
        return [count(subscriptions, "live subscription"), count(timers, "armed timer"), count(requests, "open request")]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// The sentence a run or a failed expectation prints.
    var report: String {
        "after it was disposed, the run left \(description) behind: a leak in frp (please report it with this pipeline)"
    }
}

/// Live subscriptions of a run's stages: each stage's probe adds its subscriptions and
/// takes away its disposals.
final class SubscriptionCount {
    var live = 0
}

/// The probe of an untraced run that checks for leaks: it only counts (no event costs
/// more than an empty call).
final class CountedStage: Language.StageRecorder {
    let count: SubscriptionCount

    init(_ count: SubscriptionCount) {
        self.count = count
    }

    override func subscribed() -> Int {
        count.live += 1
        return 0
    }

    override func disposed(subscription: Int, cancelled: Bool) { count.live -= 1 }
}

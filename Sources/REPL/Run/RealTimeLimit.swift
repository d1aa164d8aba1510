import Dispatch

/// Real time some work may take, from when the limit was made: a script's (the fuzzer's
/// bound, shared by all its runs), an expectation's.
struct RealTimeLimit: Sendable {
    let duration: Duration
    let end: ContinuousClock.Instant

    init(_ duration: Duration) {
        self.duration = duration
        end = .now + duration
    }

    var hasPassed: Bool { ContinuousClock.now >= end }

    /// This limit, or `other` when that one is up first.
    func earlier(_ other: RealTimeLimit?) -> RealTimeLimit {
        guard let other, other.end < end else { return self }
        return other
    }
}

/// A run's real-time limit, cheap to poll. The scheduler polls it before every timer and
/// synchronous loops every 64 values: it reads the clock every 8th poll (`passed`). A
/// costly operation inside an event (`matches` or `contains` over megabytes, a long text
/// built) asks through `Interruption`, which reads the clock at once (`passedNow`): an
/// event that takes long cannot carry a run past its limit, as it could if the clock were
/// read only every 512 events (a few slow events would run far past the limit). It reads
/// the clock itself rather than being told by a timer on another thread: a timer on
/// Dispatch's global queue never fired while two runs kept both of its threads busy.
/// The end is kept as plain nanoseconds of the monotonic clock (a
/// `ContinuousClock.Instant` is read through witness tables, costly at every poll).
final class Deadline {
    /// `DispatchTime`'s uptime nanoseconds at the end; `.max` without a limit.
    private let end: UInt64
    private var polls = 0
    private(set) var expired = false

    init(_ limit: RealTimeLimit?) {
        guard let limit else {
            end = .max
            return
        }
        let (seconds, attoseconds) = (limit.end - .now).components
        let nanoseconds = max(0, Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
        end = DispatchTime.now().uptimeNanoseconds &+ UInt64(min(nanoseconds, 1e18))
    }

    /// Whether the end has come, reading the clock every 8th time.
    func passed() -> Bool {
        if end == .max { return false }
        guard !expired else { return true }
        polls &+= 1
        return polls & 7 == 0 ? passedNow() : false
    }

    /// Whether the end has come, reading the clock now.
    func passedNow() -> Bool {
        guard end != .max, !expired else { return expired }
        if DispatchTime.now().uptimeNanoseconds >= end { expired = true }
        return expired
    }
}

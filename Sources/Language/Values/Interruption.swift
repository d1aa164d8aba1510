/// Whether the run on this thread must stop: its real-time limit passed, Ctrl-C, `:stop`.
/// The scheduler asks between events; a costly operation inside one event (`matches` or
/// `contains` over megabytes, a long text or list built) asks through `check()`, so a limit
/// holds inside an event too, where one `matches` over megabytes could otherwise run far past
/// it and not be stopped. A run binds it for its thread (`Interruption.$current.withValue`);
/// code that is not part of a run (the checker folding constants) has none and is never
/// stopped.
public final class Interruption: @unchecked Sendable {
    /// Unchecked: it is bound and asked on the run's one thread only (STYLE §8).
    @TaskLocal public static var current: Interruption?

    private let asked: () -> Bool

    public init(_ asked: @escaping () -> Bool) {
        self.asked = asked
    }

    /// Throws when the current run must stop; costs one task-local read otherwise.
    public static func check() throws(EvaluationFailure) {
        if let current, current.asked() { throw .stopped }
    }
}

extension Value {
    /// Whether an operation on this value may take long enough to ask `Interruption`: a
    /// text over 64 KB or a list of more than 64 K items (both read in constant time).
    var isCostly: Bool {
        switch self {
        case .string(let text): return text.utf8.count > 1 << 16
        case .list(let items): return items.count > 1 << 16
        default: return false
        }
    }
}

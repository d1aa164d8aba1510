/// What a signal says: any number of values, then at most one terminal event.
///
/// After `completed` or `error` nothing more is delivered (ReactiveSwift's `Event`,
/// RxJS's notification kinds).
public enum Event<Value> {
    case next(Value)
    case error(SignalError)
    case completed

    /// The terminal part of the event, or nil for a value.
    @inlinable public var termination: Termination? {
        switch self {
        case .next: return nil
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }

    @inlinable public var value: Value? {
        if case .next(let value) = self { return value }
        return nil
    }
}

extension Event: Equatable where Value: Equatable {}
extension Event: Sendable where Value: Sendable {}

/// How a signal ended.
public enum Termination: Equatable, Sendable {
    case completed
    case error(SignalError)

    @inlinable public func event<Value>(of _: Value.Type = Value.self) -> Event<Value> {
        switch self {
        case .completed: return .completed
        case .error(let error): return .error(error)
        }
    }
}

/// The one error type of the engine. Failures are values: a message a person can read.
///
/// Misuse of the library (negative counts, sending after completion, re-entrant sends)
/// is reported with one of these, never trapped.
public struct SignalError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    public static func negativeCount(_ operatorName: String, _ count: Int) -> SignalError {
        SignalError("\(operatorName): the count must not be negative, got \(count)")
    }
    public static func negativeDuration(_ operatorName: String, _ span: TimeSpan) -> SignalError {
        SignalError("\(operatorName): the duration must not be negative, got \(span)")
    }
    public static func timeout(_ span: TimeSpan) -> SignalError {
        SignalError("timeout: no event within \(span)")
    }

    /// An operator holds more waiting work than `Backlog` allows.
    public static func backlog(_ operatorName: String, _ what: String, _ limit: Int) -> SignalError {
        SignalError("\(operatorName): more than \(limit) \(what) (the source sends faster than they are used: slow it down, or take fewer)")
    }
}

/// How much work an operator may hold while it waits: values queued by concatMap, zip and
/// delay, inner signals running at once in flatMap. A synchronous source (`range 1, 1e12
/// | concatMap (timer 1ms)`) would fill them without end; past the limit they fail.
/// A million of either: `make bench` (P8) measures what a million inner runs take, delayed
/// runs (`timer 1s | mapTo it`) and subscribed ones.
public enum Backlog {
    public static let waitingValues = 1_000_000
    public static let runningInners = 1_000_000
}

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

    /// Whether it is `completed` (which holds nothing), read without copying the event.
    @inlinable public var isCompletion: Bool {
        if case .completed = self { return true }
        return false
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
/// is reported with one of these, never trapped. Each of the engine's own is made by a
/// constructor of its row in a run-error table (`RunErrorKind`, in RunErrors.swift), and
/// keeps that row; `init(_:)` is for text the script raised itself, which has none.
///
/// Two errors are equal when they say the same thing: the row is where the text came from,
/// not part of what it says (an expect's `#` compares the message alone).
public struct SignalError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// The number of the row it was made from (901 for FRP0901), 0 for the script's own
    /// text. A number, not the row: the error travels in every `Event`, and stays small.
    let row: UInt16

    /// An error with the script's own text (`fail "offline"`, a marble's `#`, a service's
    /// failure): no row of a run-error table.
    public init(_ message: String) {
        self.message = message
        row = 0
    }

    init(_ message: String, row: UInt16) {
        self.message = message
        self.row = row
    }

    public var description: String { message }

    public static func == (left: SignalError, right: SignalError) -> Bool { left.message == right.message }
    public func hash(into hasher: inout Hasher) { hasher.combine(message) }
}

/// How much work an operator may hold while it waits: values queued by concatMap, zip and
/// delay, inner signals running at once in flatMap. A synchronous source (`range 1, 1e12
/// | concatMap (timer 1ms)`) would fill them without end; past the limit they fail.
/// A million of either: `make bench` measures what a million inner runs take, delayed
/// runs (`timer 1s | mapTo it`) and subscribed ones.
public enum Backlog {
    public static let waitingValues = 1_000_000
    public static let runningInners = 1_000_000
}

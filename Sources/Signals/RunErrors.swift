/// The engine's own errors while a signal runs: group 09 of the codes (`CodeTable`). The
/// language's run-time errors are group 10 (`LanguageRunErrorKind`), the front end's
/// diagnostics groups 00-05 (`DiagnosticCode`). An error the script raises itself (`fail
/// "…"`, `raise`, a marble's `#`, a service's failure) is its own text and has no row.
public enum RunErrorKind: String, CodeTable {
    case negativeCount = "FRP0901 NEGATIVE COUNT"
    case negativeDuration = "FRP0902 NEGATIVE DURATION"
    case timeout = "FRP0903 TIMEOUT"
    case backlog = "FRP0904 BACKLOG"
    case emptySequence = "FRP0905 EMPTY SEQUENCE"
    case actionDisabled = "FRP0906 ACTION DISABLED"
    case actionExecuting = "FRP0907 ACTION EXECUTING"
    case replayTooLarge = "FRP0908 REPLAY TOO LARGE"
    case bufferCount = "FRP0909 BUFFER COUNT"
    case bufferTooFull = "FRP0910 BUFFER TOO FULL"
    case flatMapLimit = "FRP0911 FLATMAP LIMIT"
    case retryInterrupted = "FRP0912 RETRY INTERRUPTED"
    case intervalPeriod = "FRP0913 INTERVAL PERIOD"
    case sendAfterEnd = "FRP0914 SEND AFTER END"
    case reentrantSend = "FRP0915 RE-ENTRANT SEND"
    case readOnlyProperty = "FRP0916 READ-ONLY PROPERTY"
    case reentrantSet = "FRP0917 RE-ENTRANT SET"
    case repeatInterrupted = "FRP0918 REPEAT INTERRUPTED"
    case outOfRange = "FRP0919 OUT OF RANGE"
    case tooMany = "FRP0920 TOO MANY"
    case expandTooDeep = "FRP0921 EXPAND TOO DEEP"
    case closedAtOnce = "FRP0922 CLOSED AT ONCE"
}

/// A table of codes, one row each (the front end's diagnostics, the engine's and the
/// language's run-time errors): an enum whose raw value is the row, "FRPggnn TITLE". A code
/// never changes meaning and is never reused; a new row takes the next free number of its
/// group. What each row says is made from typed parameters in one place, never from a
/// string at the call site. `SignalError` keeps the number (ggnn) of the row it came from.
public protocol CodeTable: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension CodeTable {
    /// The code alone: "FRP0901".
    public var code: String { String(rawValue.prefix(7)) }
    /// The title alone: "NEGATIVE COUNT".
    public var title: String { String(rawValue.dropFirst(8)) }
    /// The code's number: 901 for FRP0901.
    public var number: UInt16 { UInt16(rawValue.dropFirst(3).prefix(4)) ?? 0 }

    /// The row whose number this is, nil when none of this table's is.
    public init?(number: UInt16) {
        guard number != 0, let row = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = row
    }
}

extension SignalError {
    /// An error made from a row of a run-error table (`RunErrorKind`, the language's
    /// `LanguageRunErrorKind`): only the tables' constructors call this.
    public init<Kind: CodeTable>(kind: Kind, _ message: String) {
        self.init(message, row: kind.number)
    }

    init(_ kind: RunErrorKind, _ message: String) {
        self.init(kind: kind, message)
    }

    /// The engine's row this error was made from; nil for another table's row and for text
    /// the script raised itself.
    public var kind: RunErrorKind? { kind(in: RunErrorKind.self) }

    /// The row of `table` this error was made from, nil when it was not made from one of
    /// that table's.
    public func kind<Kind: CodeTable>(in table: Kind.Type) -> Kind? { Kind(number: row) }

    // MARK: One constructor per row: the only place its message is written.

    public static func negativeCount(_ operatorName: String, _ count: Int) -> SignalError {
        SignalError(.negativeCount, "\(operatorName): the count must not be negative, got \(count)")
    }
    public static func negativeDuration(_ operatorName: String, _ span: TimeSpan) -> SignalError {
        SignalError(.negativeDuration, "\(operatorName): the duration must not be negative, got \(span)")
    }
    public static func timeout(_ span: TimeSpan) -> SignalError {
        SignalError(.timeout, "timeout: no event within \(span)")
    }
    /// An operator holds more waiting work than `Backlog` allows.
    public static func backlog(_ operatorName: String, _ what: String, _ limit: Int) -> SignalError {
        SignalError(.backlog,
                    "\(operatorName): more than \(limit) \(what) (the source sends faster than they are used: slow it down, or take fewer)")
    }
    /// `first`, `last`: the source completed before sending anything.
    /// `elementAt N` of a signal that completed after fewer values.
    public static func outOfRange(_ operatorName: String, _ index: Int, count: Int) -> SignalError {
        SignalError(.outOfRange, "\(operatorName): the signal completed after \(count) value\(count == 1 ? "" : "s"), before the one at \(index)")
    }
    /// `expand` whose runs send at once, each inside the one before, past `limit`.
    public static func expandTooDeep(_ limit: Int) -> SignalError {
        SignalError(.expandTooDeep, "expand: more than \(limit) runs inside one another at one instant "
            + "(each sent a value at once); end it with `take N` or a condition that makes `empty`")
    }
    /// `bufferWhen`, `windowWhen` whose closing runs end at once, each inside the one
    /// before, past `limit`.
    public static func closedAtOnce(_ operatorName: String, _ limit: Int) -> SignalError {
        SignalError(.closedAtOnce, "\(operatorName): more than \(limit) closing runs ended at once, each inside the one before "
            + "(a closing pipeline must wait: `timer 10ms`, not `of 1` or `empty`)")
    }
    /// `single`: a second value met the condition.
    public static func tooMany(_ operatorName: String) -> SignalError {
        SignalError(.tooMany, "\(operatorName): more than one value met the condition, where one was wanted")
    }
    public static func emptySequence(_ operatorName: String) -> SignalError {
        SignalError(.emptySequence, "\(operatorName): the signal completed without a value")
    }
    /// `apply` of an action whose `enabledIf` is false.
    public static let actionIsDisabled = SignalError(.actionDisabled, "action is disabled")
    /// `apply` of an action while an execution is still running.
    public static let actionIsExecuting = SignalError(.actionExecuting, "action is already executing")
    /// `replay` asked to keep more than `maximumReplayCount` values.
    public static func replayTooLarge(_ count: Int) -> SignalError {
        SignalError(.replayTooLarge, "replay: at most \(maximumReplayCount) values can be kept, got \(count)")
    }
    /// `buffer` with a count or skip below 1 (`count` is the smaller of the two).
    public static func bufferCount(_ count: Int) -> SignalError {
        SignalError(.bufferCount, "buffer: the count must be at least 1, got \(count)")
    }
    /// `buffer count, every` whose open lists would hold more than `most` values at once.
    public static func bufferTooFull(count: Int, every: Int, most: Int) -> SignalError {
        SignalError(.bufferTooFull,
                    "buffer: \(count), \(every) would hold more than \(most) values at once (a list of \(count) opens every \(every) values); a larger SKIP or a smaller N holds fewer")
    }
    /// `flatMap(limit:)` with a limit below 1.
    public static func flatMapLimit(_ limit: Int) -> SignalError {
        SignalError(.flatMapLimit, "flatMap: the number of runs at once must be 1 or more, not \(limit)")
    }
    /// `retry` stopped by the run's interruption (its limit of real time, or Ctrl-C).
    public static func retryInterrupted(attempts: Int) -> SignalError {
        SignalError(.retryInterrupted, "retry: interrupted after \(attempts) \(attempts == 1 ? "attempt" : "attempts")")
    }
    /// `repeat` stopped by the run's interruption (its limit of real time, or Ctrl-C).
    public static func repeatInterrupted(runs: Int) -> SignalError {
        SignalError(.repeatInterrupted, "repeat: interrupted after \(runs) \(runs == 1 ? "run" : "runs")")
    }
    /// `interval` (or another periodic operator: `timer DUE, PERIOD`, `bufferTime`) with a
    /// period of 0 or less.
    public static func intervalPeriod(_ period: TimeSpan, operatorName: String = "interval",
                                      what: String = "an interval") -> SignalError {
        SignalError(.intervalPeriod, "\(operatorName): the period must be greater than 0, got \(period) "
            + "(\(what) of 0 would emit forever without letting time pass)")
    }
    /// A send to a subject that has ended.
    public static func sendAfterEnd(_ termination: Termination) -> SignalError {
        SignalError(.sendAfterEnd,
                    "cannot send to a signal that has already \(termination == .completed ? "completed" : "failed")")
    }
    /// A subscriber sent to the subject it is receiving from.
    public static let reentrantSend = SignalError(.reentrantSend,
                                                  "re-entrant send: a subscriber sent to the signal it is receiving from")
    /// A set of a property that is read-only, with the property's reason.
    public static func readOnlyProperty(_ reason: String) -> SignalError {
        SignalError(.readOnlyProperty, "cannot set a read-only property: \(reason)")
    }
    /// A subscriber of a property set it while it was delivering a change.
    public static let reentrantSet = SignalError(.reentrantSet,
                                                 "re-entrant set: a subscriber of a property set it while it was delivering a change")
}

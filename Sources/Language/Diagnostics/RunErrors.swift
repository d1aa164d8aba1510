import Signals

/// The language's errors while a script runs: group 10 of the codes (`CodeTable`), each
/// said by a `SignalError` constructor below, which keeps the row (`SignalError.languageKind`).
/// An expression's own failures are group 11 (`ExpressionFailureKind`); 1001 (EXPRESSION
/// FAILED, their one row before) is retired and not reused.
public enum LanguageRunErrorKind: String, CodeTable {
    case notWholeNumber = "FRP1002 NOT A WHOLE NUMBER"
    case notACondition = "FRP1003 NOT A CONDITION"
    case notASignal = "FRP1004 NOT A SIGNAL"
    case notSignalsOfSignals = "FRP1005 NOT A SIGNAL OF SIGNALS"
    case notAList = "FRP1006 NOT A LIST"
    case bufferTooLarge = "FRP1007 BUFFER TOO LARGE"
    case serviceUnavailable = "FRP1008 SERVICE UNAVAILABLE"
    case hotSourceNotStarted = "FRP1009 HOT SOURCE NOT STARTED"
    case actionNotMade = "FRP1010 ACTION NOT MADE"
    case noSuchProperty = "FRP1011 NO SUCH PROPERTY"
    case notAnEvent = "FRP1012 NOT AN EVENT"
    case skipWithNotifier = "FRP1013 SKIP WITH A NOTIFIER"
}

extension SignalError {
    /// The language's row this error was made from; nil for the engine's rows and for text
    /// the script raised itself.
    public var languageKind: LanguageRunErrorKind? { kind(in: LanguageRunErrorKind.self) }

    init(_ kind: LanguageRunErrorKind, _ message: String) {
        self.init(kind: kind, message)
    }

    // MARK: One constructor per row: the only place its message is written.

    /// An expression's operation failed: `3:17 map: division by zero` (without a place,
    /// the operation's text alone), keeping the expression row it was made from.
    static func expressionFailed(_ kind: ExpressionFailureKind, _ message: String, at site: Site?) -> SignalError {
        SignalError(kind: kind, site.map { "\($0): \(message)" } ?? message)
    }

    /// A count argument (`take N` with N computed) that is not a whole number.
    static func notWholeNumber(_ site: Site, _ operatorName: String, _ value: Value) -> SignalError {
        SignalError(.notWholeNumber, "\(site): \(operatorName) needs a whole number, not \(value.abbreviated)")
    }

    /// A condition (`filter`, `takeWhile`, ...) that gave something other than a boolean.
    static func notACondition(_ site: Site, _ operatorName: String, _ value: Value) -> SignalError {
        SignalError(.notACondition,
                    "\(site): \(operatorName) needs a condition that is true or false, not \(value.kindDescription) (\(value.abbreviated))")
    }

    /// A signal argument (`merge X`, `flatMap it.replies`) whose value is not a signal.
    static func notASignal(_ site: Site, _ operatorName: String, _ value: Value) -> SignalError {
        SignalError(.notASignal,
                    "\(site): \(operatorName) needs a signal, got \(value.kindDescription) (\(value.abbreviated)); `of X` makes a signal of one value")
    }

    /// `switchToLatest` (`mergeAll`, `concatAll`, ...) over a value that is not a signal.
    static func notSignalsOfSignals(_ site: Site, _ value: Value) -> SignalError {
        SignalError(.notSignalsOfSignals,
                    "\(site): \(site.stage) needs a signal of signals, got \(value.kindDescription) (\(value.abbreviated)); `of X` makes a signal of one value: `map (of X)`")
    }

    /// `from` over a value that is not a list.
    static func notAList(_ site: Site, _ value: Value) -> SignalError {
        SignalError(.notAList,
                    "\(site): from needs a list, got \(value.kindDescription) (\(value.abbreviated)); `of X` sends one value")
    }

    /// `dematerialize` over a value that is not an event record.
    static func notAnEvent(_ site: Site, _ value: Value) -> SignalError {
        SignalError(.notAnEvent, "\(site): dematerialize needs records like {kind: \"next\", value: 1}, {kind: \"error\", error: \"boom\"} "
                    + "or {kind: \"completed\"}, got \(value.kindDescription) (\(value.abbreviated))")
    }

    /// `buffer (P), SKIP`: lists closed by a signal do not overlap.
    static func skipWithNotifier(_ site: Site) -> SignalError {
        SignalError(.skipWithNotifier, "\(site): buffer closed by a signal takes no SKIP (its lists never overlap); "
                    + "for overlapping lists write `bufferToggle (OPENINGS), (CLOSING)`")
    }

    /// `buffer N` with N past the most a list may hold.
    static func bufferTooLarge(_ site: Site, _ size: Int) -> SignalError {
        SignalError(.bufferTooLarge, "\(site): buffer holds at most \(Limits.listItems) values, not \(size)")
    }

    /// A service (a photo source) where the embedding program provides none.
    static func serviceUnavailable(_ site: Site, _ name: String) -> SignalError {
        SignalError(.serviceUnavailable, "\(site): `\(name)` is not available here")
    }

    /// A hot marble the run did not start (the checker lists every one a pipeline reaches:
    /// an internal invariant).
    static func hotSourceNotStarted(_ site: Site) -> SignalError {
        SignalError(.hotSourceNotStarted, "\(site): this hot source was not started with the run")
    }

    /// An action's view (`executing`, `enabled`, `errors`) whose action this run did not make.
    static func actionNotMade(_ site: Site) -> SignalError {
        SignalError(.actionNotMade, "\(site): the action was not made in this run")
    }

    /// A property the run does not have (the checker resolves every name: an internal
    /// invariant).
    static func noSuchProperty(_ name: String) -> SignalError {
        SignalError(.noSuchProperty, "no property called `\(name)`")
    }
}

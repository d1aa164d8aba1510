/// What a reader of ReactiveCocoa 2 (the tutorials' library) types where frp has another
/// spelling or none, each with frp's way and a line to copy: the hint of an unknown name,
/// operator or function (`deliverOn:`, `doNext`, `RAC(self, text)`). A name another
/// library uses for one of our operators is in that entry's `elsewhere` instead
/// (`executionSignals`, `throttle:`), and gets "here it is `executions`".
public enum Spellings {
    /// The advice for `name`, written with or without its selector's colon (`deliverOn:`).
    public static func advice(for name: String) -> String? {
        reactiveCocoa[name.hasSuffix(":") ? String(name.dropLast()) : name]
    }

    static let reactiveCocoa: [String: String] = [
        "publish": share,
        "autoconnect": share,
        "multicast": share,
        "RACObserve": "a property is `var NAME = VALUE`; its values are a signal (`NAME | ...`), `NAME := VALUE` sets it, and `var NAME <- PIPELINE` keeps it bound to a pipeline's latest value",
        "RAC": "`RAC(self, NAME) = SIGNAL` is `var NAME <- PIPELINE` here (a property bound to the pipeline's latest value: `var total <- popular | count`); a signal by name is `let NAME = PIPELINE`",
        "deliverOn": oneThread,
        "deliverOnMainThread": oneThread,
        "subscribeOn": oneThread,
        "doNext": log,
        "doError": log,
        "doCompleted": log,
        "logNext": log,
        "logError": log,
        "logCompleted": log,
        "ignore": "RAC 2's `ignore: X` drops the values equal to X: `filter it != X` here (`text | filter it != \"\"`)",
        "ignoreValues": "RAC 2's `ignoreValues` drops every value and keeps the end: `filter false` here, or `then (PIPELINE)` to go on with another",
        "catchTo": "RAC 2's `catchTo: SIGNAL` is `catch (PIPELINE)` here: `photo 1 | catch (of {name: \"offline\"})`",
        "replayLazily": "`replay N` here: it starts at the first subscriber, as `replayLazily` does (`let latest = popular | replay 1`)",
        "replayLast": "RAC 2's `replayLast` keeps the last value: `replay 1` here (it starts at the first subscriber, as `replayLazily` does)",
    ]

    private static let share = "RAC 2's `publish | autoconnect` is `share` here (one run for everyone subscribed)"
    private static let oneThread = "a run has one thread and every event is delivered on it, so there is no scheduler to move to: leave the stage out (`search \"cats\" | map photos.total`)"
    private static let log = "`log` prints every event (values, the error, the end) with its time: `popular | log \"feed\" | map name`"
}

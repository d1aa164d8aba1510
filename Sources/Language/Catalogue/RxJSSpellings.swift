/// How an entry is written in RxJS 7, for `frp export --to rxjs` (its `.rxjs { … }`): the stage's arguments,
/// already written as JavaScript by their parameter's kind (`WrittenArguments`), in; the RxJS
/// call out. A source gives an Observable (`cold("-a|")`), an operator an operator function
/// for `pipe` (`switchMap((it) => search(it))`). Nil for a use that has no counterpart
/// (`share eager true` needs a `connect()`); an entry without a spelling says why
/// (`.rxjs(without:)`), and `frp export` says so. A test checks every entry says one of
/// the two, and `Tests/RxJS` runs what the export writes on RxJS itself.
public typealias RxJSSpelling = @Sendable (WrittenArguments) -> String?

/// `a, b` of the optional arguments given, up to the last one given (`first(undefined, d)`).
func trailing(_ arguments: [String?]) -> String {
    guard let last = arguments.lastIndex(where: { $0 != nil }) else { return "" }
    return arguments[...last].map { $0 ?? "undefined" }.joined(separator: ", ")
}

/// RxJS's config object for the given options (`{count: 3, delay: 1000}`), "" when none.
func rxjsOptions(_ pairs: [(String, String?)]) -> String {
    let given = pairs.compactMap { key, value in value.map { "\(key): \($0)" } }
    return given.isEmpty ? "" : "{" + given.joined(separator: ", ") + "}"
}

let rxjsNeverAgain = "resetOnError: false, resetOnComplete: false, resetOnRefCountZero: false"

/// `retry(…)` or `repeat(…)`: the count alone, or RxJS's config with the wait (a time, or a
/// notifier made of the pipeline's body with `parameters` bound).
func rxjsRestart(_ name: String, _ a: WrittenArguments, count: Parameter, wait: Parameter, parameters: String) -> String {
    guard let d = a[given: wait] else { return "\(name)(\(a[given: count] ?? ""))" }
    let delay = a.isPipeline(wait) ? "\(parameters) => \(a.body(wait))" : d
    return "\(name)(\(rxjsOptions([("count", a[given: count]), ("delay", delay)])))"
}

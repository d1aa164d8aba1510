/// How each entry is written in Swift Combine, for `frp export --to combine`: the stage's
/// arguments, already written as Swift by their parameter's kind (`WrittenArguments`: a
/// per-value expression as `{ (it) -> V in … }`, a condition as `{ it in holds(…) }`, a
/// duration in milliseconds), in; the Swift out. A source gives a `Signal`
/// (`cold(scheduler, …)`), an operator a method call that follows the one before it
/// (`.map { … }`). `scheduler` is the export's virtual-time scheduler.
///
/// Where Combine's operator behaves otherwise than frp's — `prefix(N)` ends late,
/// `prefix(untilOutputFrom:)` ignores an error, `removeDuplicates(by:)` computes no key of
/// the first value, `debounce` drops the value waiting at the end, `delay` holds the end
/// back, `timeout` finishes, `share()` never restarts — the export's prelude has one that
/// keeps frp's rule (`take`, `takeUntil`, `removingDuplicates`, `debounced`, `delayed`,
/// `timedOut`, `shared`), each with a comment saying how Combine's differs.
///
/// Nil for a use that has no counterpart (`takeWhile … inclusive true`); an entry without a
/// spelling is in `combineMissing`, with the reason `frp export` says. A test checks every
/// entry is in one of the two, and `Tests/Combine` runs what the export writes on OpenCombine.
public typealias CombineSpelling = @Sendable (WrittenArguments) -> String?

extension OperatorSpec {
    /// Its Combine spelling, nil when it has none (`combineMissing` says why).
    public var combine: CombineSpelling? { combineSpellings[name] }
    /// Why it has no Combine spelling, when it has none.
    public var combineMissing: String? { combineWithout[name] }
}

/// A value as a count (`.collect(2)`): a whole-number literal as it is. A count computed at
/// run time (`take it`) is not exported: Combine's operators take an `Int` where frp fails
/// the run on a count that is not a whole number of 0 or more, and the closure that
/// computes it cannot throw.
private func count(_ written: String) -> String? { Int(written) != nil ? written : nil }

/// `.zip(b) { V.list([$0, $1]) }`, or with two signals `.zip(b, c) { V.list([$0, $1, $2]) }`:
/// frp sends the values as one list; Combine takes at most three others.
private func listed(_ method: String, _ a: WrittenArguments) -> String? {
    let others = a.counts["SIGNAL"] ?? 1
    guard (1...2).contains(others) else { return nil }
    return "\(method)(\(a["SIGNAL"]!)) { V.list([" + (0...others).map { "$\($0)" }.joined(separator: ", ") + "]) }"
}

/// `.map { … }`; where the closure can fail (`8 / it`), Combine's `try` form (`.tryMap { … }`),
/// its error made frp's again (`SignalError.of`).
private func evaluating(_ method: String, _ a: WrittenArguments, _ parameter: String, _ arguments: String = "") -> String {
    guard a.throwing.contains(parameter) else { return ".\(method)\(arguments) \(a[parameter]!)" }
    return ".try\(method.prefix(1).uppercased() + method.dropFirst())\(arguments) \(a[parameter]!).mapError(SignalError.of)"
}

let combineSpellings: [String: CombineSpelling] = [
    // Creating
    "cold": { a in "cold(scheduler, \(a["MARBLE"]!))" },
    "hot": { a in "hot(scheduler, \(a["MARBLE"]!))" },
    "of": { a in "of(\(a["VALUE"] ?? ""))" },
    "from": { a in "from(\(a["LIST"]!))" },
    "range": { a in "range(\(a["FROM"]!), \(a["COUNT"]!))" },
    "empty": { _ in "Empty<V, SignalError>().eraseToAnyPublisher()" },
    "never": { _ in "Empty<V, SignalError>(completeImmediately: false).eraseToAnyPublisher()" },
    "fail": { a in "fail(\(a["MESSAGE"]!))" },
    "interval": { a in "interval(scheduler, \(a["PERIOD"]!))" },
    "timer": { a in "timer(scheduler, \(a["DELAY"]!))" },
    // Transforming
    "map": { a in evaluating("map", a, "EXPRESSION") },
    "mapTo": { a in
        a.throwing.contains("VALUE") ? ".tryMap { _ -> V in try \(a["VALUE"]!) }.mapError(SignalError.of)" : ".map { _ -> V in \(a["VALUE"]!) }"
    },
    "not": { _ in ".tryMap { it in try not(it) }.mapError(SignalError.of)" },
    "scan": { a in evaluating("scan", a, "EXPRESSION", "(\(a["SEED"]!))") },
    "reduce": { a in evaluating("reduce", a, "EXPRESSION", "(\(a["SEED"]!))") },
    "buffer": { a in a["SKIP"] == nil ? count(a["N"]!).map { ".collect(\($0)).map { V.list($0) }" } : nil },
    "count": { a in (a["CONDITION"] == nil ? "" : evaluating("filter", a, "CONDITION")) + ".count().map { V.number(Double($0)) }" },
    "startWith": { a in ".prepend(\(a["VALUE"]!))" },
    // Filtering
    "filter": { a in evaluating("filter", a, "CONDITION") },
    "take": { a in count(a["N"]!).map { ".take(\($0))" } },
    "skip": { a in count(a["N"]!).map { ".dropFirst(\($0))" } },
    "takeWhile": { a in a["INCLUSIVE"] == nil || a["INCLUSIVE"] == "false" ? evaluating("prefix", a, "CONDITION") : nil },
    "skipWhile": { a in evaluating("drop", a, "CONDITION") },
    "takeUntil": { a in ".takeUntil(\(a["NOTIFIER"]!))" },
    "first": { a in
        (a["CONDITION"] == nil ? ".first()" : evaluating("first", a, "CONDITION"))
            + (a["DEFAULT"].map { ".replaceEmpty(with: \($0))" } ?? ".failIfEmpty(\"first: the signal completed without a value\")")
    },
    "last": { a in
        (a["CONDITION"] == nil ? ".last()" : evaluating("last", a, "CONDITION"))
            + (a["DEFAULT"].map { ".replaceEmpty(with: \($0))" } ?? ".failIfEmpty(\"last: the signal completed without a value\")")
    },
    "distinctUntilChanged": { a in a["KEY"].map { ".removingDuplicates(key: \($0))" } ?? ".removeDuplicates()" },
    // Conditions
    "defaultIfEmpty": { a in ".replaceEmpty(with: \(a["VALUE"]!))" },
    "every": { a in evaluating("allSatisfy", a, "CONDITION") + ".map { V.bool($0) }" },
    "isEmpty": { _ in ".first().map { _ in V.bool(false) }.replaceEmpty(with: V.bool(true))" },
    "ignoreElements": { _ in ".filter { _ in false }" },
    "toArray": { _ in ".collect().map { V.list($0) }" },
    "endWith": { a in ".append(\(a["VALUE"]!))" },
    // Combining
    "merge": { a in ".merge(with: \(a["SIGNAL"]!))" },
    "concat": { a in (a.counts["SIGNAL"] ?? 1) > 1 ? ".appending(\(a["SIGNAL"]!))" : ".append(\(a["SIGNAL"]!))" },
    "combineLatest": { a in listed(".combineLatest", a) },
    "zip": { a in listed(".zip", a) },
    "then": { a in ".filter { _ in false }.append(\(a["SIGNAL"]!))" },
    // Flattening
    "flatMap": { a in
        guard let n = a["N"] else { return ".flatMap \(a["PIPELINE"]!)" }
        return count(n).map { ".flatMap(maxPublishers: .max(\($0))) \(a["PIPELINE"]!)" }
    },
    "switchMap": { a in ".map \(a["PIPELINE"]!).switchToLatest()" },
    "concatMap": { a in ".flatMap(maxPublishers: .max(1)) \(a["PIPELINE"]!)" },
    // Errors
    "catch": { a in ".catch \(a["PIPELINE"]!)" },
    "retry": { a in
        guard a["D"] == nil else { return nil }
        guard let n = a["N"] else { return ".retry(Int.max)" }
        return count(n).map { ".retry(\($0))" }
    },
    // Timing
    "debounce": { a in a.pipelines.contains("DURATION") ? nil : ".debounced(\(a["DURATION"]!), scheduler)" },
    "delay": { a in ".delayed(\(a["DURATION"]!), scheduler)" },
    "timeout": { a in a["FALLBACK"] == nil ? ".timedOut(\(a["DURATION"]!), scheduler)" : nil },
    // Sharing
    "share": { a in a["RESET"] == nil && a["EAGER"] == nil ? ".shared()" : nil },
    // Debugging
    "log": { a in ".logged(\(a["LABEL"] ?? "\"\""))" },
]

/// The entries with no Combine spelling in the export, and why.
let combineWithout: [String: String] = [
    "pairwise": "Combine has no pairwise operator",
    "takeLast": "Combine has no takeLast operator",
    "withLatestFrom": "Combine has no withLatestFrom operator",
    "sample": "Combine has no sample operator",
    "repeat": "Combine has no repeat operator",
    "exhaustMap": "Combine has no exhaustMap operator",
    "switchToLatest": "a signal of signals: the export's values hold no signal",
    "throttle": "Combine's throttle sends at the end of each window as well, not RxJS's and frp's leading edge",
    "replay": "Combine has no replay operator (no shareReplay)",
    "action": "frp's actions are not written for Combine (the RxJS export has them)",
    "executing": "frp's actions are not written for Combine (the RxJS export has them)",
    "enabled": "frp's actions are not written for Combine (the RxJS export has them)",
    "errors": "frp's actions are not written for Combine (the RxJS export has them)",
    "executions": "frp's actions are not written for Combine (the RxJS export has them)",
    "find": "Combine's first(where:) completes empty where frp sends null; the export does not write the difference yet",
    "findIndex": "Combine has no findIndex operator",
    "race": "Combine has no race operator",
    "forkJoin": "Combine has no forkJoin operator (Publishers.Zip waits for values, not for the end)",
    "skipUntil": "Combine has no skipUntil operator (drop(untilOutputFrom:) is near, but ignores an error of the other)",
    "sampleTime": "Combine has no sample operator",
    "auditTime": "Combine's throttle(latest: true) sends at the window's start as well; it has no audit",
    "pluck": "Combine's map over a key path needs a type the export's values do not have",
    "elementAt": "Combine's output(at:) completes quietly when there are too few values, where frp fails",
    "skipLast": "Combine has no skipLast operator",
    "distinct": "Combine has no distinct operator (removeDuplicates drops repeats in a row only)",
    "min": "Combine's min(by:) keeps which of two equal values it likes; the export does not write RxJS's rule yet",
    "max": "Combine's max(by:) keeps which of two equal values it likes; the export does not write RxJS's rule yet",
]

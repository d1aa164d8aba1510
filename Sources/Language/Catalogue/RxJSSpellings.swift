/// How each entry is written in RxJS 7, for `frp export --to rxjs`: the stage's arguments,
/// already written as JavaScript by their parameter's kind (`WrittenArguments`), in; the RxJS
/// call out. A source gives an Observable (`cold("-a|")`), an operator an operator function
/// for `pipe` (`switchMap((it) => search(it))`). Nil for a use that has no counterpart
/// (`share eager true` needs a `connect()`); an entry without a spelling is in
/// `rxjsMissing`, with the reason `frp export` says. A test checks every entry is in one
/// of the two, and `Tests/RxJS` runs what the export writes on RxJS itself.
public typealias RxJSSpelling = @Sendable (WrittenArguments) -> String?

extension OperatorSpec {
    /// Its RxJS spelling, nil when it has none (`rxjsMissing` says why).
    public var rxjs: RxJSSpelling? { rxjsSpellings[name] }
    /// Why it has no RxJS spelling, when it has none.
    public var rxjsMissing: String? { rxjsWithout[name] }
}

/// `a, b` of the optional arguments given, up to the last one given (`first(undefined, d)`).
private func trailing(_ arguments: [String?]) -> String {
    guard let last = arguments.lastIndex(where: { $0 != nil }) else { return "" }
    return arguments[...last].map { $0 ?? "undefined" }.joined(separator: ", ")
}

/// RxJS's config object for the given options (`{count: 3, delay: 1000}`), "" when none.
private func options(_ pairs: [(String, String?)]) -> String {
    let given = pairs.compactMap { key, value in value.map { "\(key): \($0)" } }
    return given.isEmpty ? "" : "{" + given.joined(separator: ", ") + "}"
}

private let neverAgain = "resetOnError: false, resetOnComplete: false, resetOnRefCountZero: false"

let rxjsSpellings: [String: RxJSSpelling] = [
    // Creating
    "cold": { a in "cold(\(trailing([a["MARBLE"], a["VALUES"], a["MESSAGE"]])))" },
    "hot": { a in "hot(\(trailing([a["MARBLE"], a["VALUES"], a["MESSAGE"]])))" },
    "of": { a in "of(\(a["VALUE"] ?? ""))" },
    "from": { a in "from(\(a["LIST"]!))" },
    "range": { a in "range(\(a["FROM"]!), \(a["COUNT"]!))" },
    "empty": { _ in "EMPTY" },
    "never": { _ in "NEVER" },
    "fail": { a in "throwError(() => \(a["MESSAGE"]!))" },
    "interval": { a in "interval(\(a["PERIOD"]!))" },
    "timer": { a in "timer(\(a["DELAY"]!))" },
    // Transforming
    "map": { a in "map(\(a["EXPRESSION"]!))" },
    "mapTo": { a in "map(() => \(a["VALUE"]!))" },
    "not": { _ in "map((it) => !it)" },
    "scan": { a in "scan(\(a["EXPRESSION"]!), \(a["SEED"]!))" },
    "reduce": { a in "reduce(\(a["EXPRESSION"]!), \(a["SEED"]!))" },
    "pairwise": { _ in "pairwise()" },
    "buffer": { a in "bufferCount(\(trailing([a["N"], a["SKIP"]])))" },
    "count": { a in "count(\(a["CONDITION"] ?? ""))" },
    "startWith": { a in "startWith(\(a["VALUE"]!))" },
    // Filtering
    "filter": { a in "filter(\(a["CONDITION"]!))" },
    "take": { a in "take(\(a["N"]!))" },
    "skip": { a in "skip(\(a["N"]!))" },
    "takeWhile": { a in "takeWhile(\(trailing([a["CONDITION"], a["INCLUSIVE"]])))" },
    "skipWhile": { a in "skipWhile(\(a["CONDITION"]!))" },
    "takeUntil": { a in "takeUntil(\(a["NOTIFIER"]!))" },
    "takeLast": { a in "takeLast(\(a["N"]!))" },
    "first": { a in "first(\(trailing([a["CONDITION"], a["DEFAULT"]])))" },
    "last": { a in "last(\(trailing([a["CONDITION"], a["DEFAULT"]])))" },
    "distinctUntilChanged": { a in a["KEY"].map { "distinctUntilChanged(eq, \($0))" } ?? "distinctUntilChanged(eq)" },
    // Conditions (`Catalogue/Conditions.swift`)
    "defaultIfEmpty": { a in "defaultIfEmpty(\(a["VALUE"]!))" },
    "every": { a in "every(\(a["CONDITION"]!))" },
    "isEmpty": { _ in "isEmpty()" },
    "find": { a in "find(\(a["CONDITION"]!))" },
    "findIndex": { a in "findIndex(\(a["CONDITION"]!))" },
    "elementAt": { a in "elementAt(\(trailing([a["N"], a["DEFAULT"]])))" },
    "ignoreElements": { _ in "ignoreElements()" },
    "skipLast": { a in "skipLast(\(a["N"]!))" },
    // RxJS's distinct keeps keys in a Set (the same object, not the same value): a key is
    // written as frp prints it, so equal lists and records are one key, as in frp.
    "distinct": { a in "distinct((it) => text((\(a["KEY"] ?? "(it) => it"))(it)))" },
    "toArray": { _ in "toArray()" },
    "endWith": { a in "endWith(\(a["VALUE"]!))" },
    "min": { a in a["KEY"].map { "min((a, b) => (\($0))(a) < (\($0))(b) ? -1 : 1)" } ?? "min()" },
    "max": { a in a["KEY"].map { "max((a, b) => (\($0))(a) > (\($0))(b) ? 1 : -1)" } ?? "max()" },
    "race": { a in "raceWith(\(a["SIGNAL"]!))" },
    // forkJoin is a source in RxJS: an operator of pipe is any function of the source.
    "forkJoin": { a in "(source) => forkJoin([source, \(a["SIGNAL"]!)])" },
    "skipUntil": { a in "skipUntil(\(a["NOTIFIER"]!))" },
    "sampleTime": { a in "sampleTime(\(a["PERIOD"]!))" },
    "auditTime": { a in "auditTime(\(a["DURATION"]!))" },
    "pluck": { a in "pluck(\(a["NAME"]!))" },
    // Combining
    "merge": { a in "mergeWith(\(a["SIGNAL"]!))" },
    "concat": { a in "concatWith(\(a["SIGNAL"]!))" },
    "combineLatest": { a in "combineLatestWith(\(a["SIGNAL"]!))" },
    "zip": { a in "zipWith(\(a["SIGNAL"]!))" },
    "withLatestFrom": { a in "withLatestFrom(\(a["SIGNAL"]!))" },
    "sample": { a in "sample(\(a["NOTIFIER"]!))" },
    "then": { a in "ignoreElements(), concatWith(\(a["SIGNAL"]!))" },
    "repeat": { a in
        guard a["D"] != nil else { return "repeat(\(a["N"] ?? ""))" }
        let delay = a.pipelines.contains("D") ? "(it) => \(a.bodies["D"]!)" : a["D"]!
        return "repeat(\(options([("count", a["N"]), ("delay", delay)])))"
    },
    // Flattening
    "flatMap": { a in "mergeMap(\(trailing([a["PIPELINE"], a["N"]])))" },
    "switchMap": { a in "switchMap(\(a["PIPELINE"]!))" },
    "concatMap": { a in "concatMap(\(a["PIPELINE"]!))" },
    "exhaustMap": { a in "exhaustMap(\(a["PIPELINE"]!))" },
    "switchToLatest": { _ in "switchAll()" },
    // Errors
    "catch": { a in "catchError(\(a["PIPELINE"]!))" },
    "retry": { a in
        guard a["D"] != nil else { return "retry(\(a["N"] ?? ""))" }
        let delay = a.pipelines.contains("D") ? "(error, it) => \(a.bodies["D"]!)" : a["D"]!
        return "retry(\(options([("count", a["N"]), ("delay", delay)])))"
    },
    // Timing
    "debounce": { a in a.pipelines.contains("DURATION") ? "debounce(\(a["DURATION"]!))" : "debounceTime(\(a["DURATION"]!))" },
    "throttle": { a in
        // RxJS reads a config's missing edge as false: both are written once one is.
        guard a["LEADING"] != nil || a["TRAILING"] != nil else { return "throttleTime(\(a["DURATION"]!))" }
        return "throttleTime(\(a["DURATION"]!), undefined, {leading: \(a["LEADING"] ?? "true"), trailing: \(a["TRAILING"] ?? "false")})"
    },
    "delay": { a in "delay(\(a["DURATION"]!))" },
    "timeout": { a in a["FALLBACK"].map { "timeout({each: \(a["DURATION"]!), with: () => \($0)})" } ?? "timeout(\(a["DURATION"]!))" },
    // Sharing
    "share": { a in
        if a["EAGER"] == "true" { return nil }
        return a["RESET"] == "false" ? "share({\(neverAgain)})" : "share()"
    },
    "replay": { a in
        if a["EAGER"] == "true" { return nil }
        guard a["RESET"] == "false" else { return "shareReplay({bufferSize: \(a["N"]!), refCount: true})" }
        return "share({connector: () => new ReplaySubject(\(a["N"]!)), \(neverAgain)})"
    },
    // Debugging
    "log": { a in "tap(logged(\(a["LABEL"] ?? "\"\"")))" },
    // Actions: RxJS has none; the export's `actionOf` helper is frp's ActionRun, and a
    // view reads the run its `let` name holds.
    "action": { a in "actionOf(\(trailing([a["PIPELINE"], a["SIGNAL"]])))" },
    "executing": { a in "\(a["ACTION"]!).run.executing" },
    "enabled": { a in "\(a["ACTION"]!).run.enabled" },
    "errors": { a in "\(a["ACTION"]!).run.errors" },
    "executions": { a in "\(a["ACTION"]!).run.executions" },
]

/// The entries with no RxJS spelling in the export, and why (none today: a new entry
/// without a spelling says here why it has none).
let rxjsWithout: [String: String] = [:]

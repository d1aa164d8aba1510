/// Every source and operator the language knows: its name, what it takes, and a line that
/// says what it does. The checker reads arities and kinds from here, the compiler builds
/// from here, and the teaching commands explain from here, so they cannot drift apart
/// (a test runs every example).
public struct OperatorSpec: Sendable {
    public enum Role: Sendable { case source, `operator` }

    public enum Family: String, Sendable, CaseIterable {
        case creating = "Creating"
        case transforming = "Transforming"
        case filtering = "Filtering"
        case combining = "Combining"
        case flattening = "Flattening"
        case errors = "Handling errors"
        case timing = "Timing"
        case sharing = "Sharing"
        case actions = "Actions"
        case debugging = "Debugging"
        case services = "Photo services"
    }

    public var name: String
    public var aliases: [String] = []
    public var role: Role
    public var family: Family
    public var parameters: [Parameter]
    /// One or two sentences, present tense.
    public var summary: String
    /// A pipeline that shows the operator at work; it runs as a test.
    public var example: String
    /// Names elsewhere: "RxJS: switchMap", "ReactiveSwift: flatMap(.latest)".
    public var elsewhere: [String] = []
    public var confusedWith: [String] = []

    /// `switchMap PIPELINE`
    public var signature: String {
        ([name] + parameters.map(\.signature)).joined(separator: " ")
    }
}

public struct Parameter: Sendable {
    public enum Kind: Sendable, Equatable {
        /// An expression evaluated once, when the stage starts.
        case value
        /// An expression evaluated for each value, with `it` bound to it.
        case perValue
        /// An expression evaluated for each value, with `acc` and `it` bound.
        case accumulator
        /// A whole number, evaluated once.
        case count
        /// A duration literal: `300ms`, `2s`.
        case duration
        /// A signal: a parenthesised pipeline or a name.
        case signal
        /// A pipeline run for each value, with `it` bound (flatMap and friends).
        case perValuePipeline
        /// A pipeline run on an error, with `error` bound (catch).
        case errorPipeline
        /// A marble string.
        case marble
        /// A record mapping marble marks to values.
        case marbleValues
        /// A string (a label, a message).
        case text
        /// A name bound with `let` to a pipeline that ends in `action`.
        case action
    }

    public var name: String
    public var kind: Kind
    public var isOptional = false
    /// Takes any number (at least one) of this, separated by commas.
    public var isVariadic = false
    /// Written as `KEYWORD value` (`error "MESSAGE"`).
    public var keyword: String?

    public init(_ name: String, _ kind: Kind, optional: Bool = false, variadic: Bool = false, keyword: String? = nil) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
        self.isVariadic = variadic
        self.keyword = keyword
    }

    var signature: String {
        var text = name
        if let keyword { text = "\(keyword) \(name)" }
        if isVariadic { text += ", ..." }
        return isOptional ? "[\(text)]" : text
    }
}

extension OperatorSpec {
    /// A source provided by the program that embeds the language (the photo services).
    public init(name: String, role: Role, family: Family, parameters: [Parameter], summary: String, example: String) {
        self.init(name, role, family, parameters, summary, example: example)
    }

    init(_ name: String, _ role: Role, _ family: Family, _ parameters: [Parameter],
         _ summary: String, example: String, aliases: [String] = [],
         elsewhere: [String] = [], confusedWith: [String] = []) {
        self.name = name
        self.role = role
        self.family = family
        self.parameters = parameters
        self.summary = summary
        self.example = example
        self.aliases = aliases
        self.elsewhere = elsewhere
        self.confusedWith = confusedWith
    }
}

/// The built-in sources and operators of LANGUAGE.md. Service sources are added by the
/// program that embeds the language (`Catalogue.adding`).
public struct Catalogue: Sendable {
    public private(set) var specs: [OperatorSpec]
    private var index: [String: Int] = [:]

    public init(_ specs: [OperatorSpec]) {
        self.specs = []
        for spec in specs { add(spec) }
    }

    public mutating func add(_ spec: OperatorSpec) {
        specs.append(spec)
        for name in [spec.name] + spec.aliases { index[name] = specs.count - 1 }
    }

    public func adding(_ more: [OperatorSpec]) -> Catalogue {
        var copy = self
        for spec in more { copy.add(spec) }
        return copy
    }

    public subscript(name: String) -> OperatorSpec? {
        index[name].map { specs[$0] }
    }

    public var names: [String] { Array(index.keys).sorted() }

    public func names(role: OperatorSpec.Role) -> [String] {
        specs.filter { $0.role == role }.flatMap { [$0.name] + $0.aliases }.sorted()
    }

    public static let standard = Catalogue(builtins)
}

private let marbleParameters = [
    Parameter("MARBLE", .marble),
    Parameter("VALUES", .marbleValues, optional: true),
    Parameter("MESSAGE", .text, optional: true, keyword: "error"),
]

private let builtins: [OperatorSpec] = [
    // Creating
    .init("cold", .source, .creating, marbleParameters,
          "A source drawn as a marble; its time starts at each subscription.",
          example: #"cold "-a-b-|""#, elsewhere: ["RxJS TestScheduler: cold"]),
    .init("hot", .source, .creating, marbleParameters,
          "A source drawn as a marble on one shared timeline that starts with the run, subscribed or not; `^` marks frame zero.",
          example: #"hot "-a-^-b-c-|""#, elsewhere: ["RxJS TestScheduler: hot"], confusedWith: ["cold", "share"]),
    .init("of", .source, .creating, [Parameter("VALUE", .value, variadic: true)],
          "Sends the values at once, then completes.",
          example: "of 1, 2, 3", elsewhere: ["RxJS: of", "ReactiveSwift: SignalProducer(values:)", "RAC2: RACSignal return:"]),
    .init("range", .source, .creating, [Parameter("FROM", .count), Parameter("COUNT", .count)],
          "Sends COUNT whole numbers from FROM, at once, then completes.",
          example: "range 1, 3", elsewhere: ["RxJS: range"]),
    .init("empty", .source, .creating, [], "Completes at once.",
          example: "empty", elsewhere: ["RxJS: EMPTY", "ReactiveSwift: SignalProducer.empty", "RAC2: RACSignal empty"]),
    .init("never", .source, .creating, [], "Never sends anything, not even an end.",
          example: "never | take 1", elsewhere: ["RxJS: NEVER", "ReactiveSwift: SignalProducer.never"]),
    .init("fail", .source, .creating, [Parameter("MESSAGE", .value)], "Fails at once with the message.",
          example: #"fail "boom""#, elsewhere: ["RxJS: throwError", "ReactiveSwift: SignalProducer(error:)", "RAC2: RACSignal error:"]),
    .init("interval", .source, .timing, [Parameter("PERIOD", .duration)],
          "Sends 0, 1, 2, ... one every PERIOD, the first after one PERIOD.",
          example: "interval 10ms | take 3", elsewhere: ["RxJS: interval", "ReactiveSwift: SignalProducer.timer", "RAC2: RACSignal interval:onScheduler:"]),
    .init("timer", .source, .timing, [Parameter("DELAY", .duration)],
          "Sends 0 after DELAY, then completes.",
          example: "timer 5ms", elsewhere: ["RxJS: timer"]),

    // Transforming
    .init("map", .operator, .transforming, [Parameter("EXPRESSION", .perValue)],
          "Sends the expression's value for each value (`it` is the value).",
          example: "of 1, 2, 3 | map it * 10", elsewhere: ["RxJS: map", "ReactiveSwift: map", "RAC2: map:"]),
    .init("mapTo", .operator, .transforming, [Parameter("VALUE", .value)],
          "Sends the same value for each value.",
          example: #"of 1, 2 | mapTo "clicked""#, elsewhere: ["RxJS: mapTo (deprecated: map(() => v))", "RAC2: mapReplace:"]),
    .init("not", .operator, .transforming, [],
          "Negates each boolean.",
          example: "of true, false | not", elsewhere: ["RAC2: not", "ReactiveSwift: negate()"]),
    .init("scan", .operator, .transforming, [Parameter("SEED", .value), Parameter("EXPRESSION", .accumulator)],
          "Sends each running accumulation (`acc` is the accumulation so far, `it` the value).",
          example: "of 1, 2, 3 | scan 0, acc + it", elsewhere: ["RxJS: scan", "ReactiveSwift: scan", "RAC2: scanWithStart:reduce:"],
          confusedWith: ["reduce"]),
    .init("reduce", .operator, .transforming, [Parameter("SEED", .value), Parameter("EXPRESSION", .accumulator)],
          "Sends only the final accumulation, when the source completes.",
          example: "of 1, 2, 3 | reduce 0, acc + it", elsewhere: ["RxJS: reduce", "ReactiveSwift: reduce", "RAC2: aggregateWithStart:reduce:"],
          confusedWith: ["scan"]),
    .init("pairwise", .operator, .transforming, [],
          "Sends `[previous, current]` for each value after the first.",
          example: "of 1, 2, 3 | pairwise", elsewhere: ["RxJS: pairwise", "ReactiveSwift: combinePrevious"]),
    .init("buffer", .operator, .transforming, [Parameter("N", .count)],
          "Sends lists of N values; the rest as a shorter list on completion.",
          example: "range 1, 5 | buffer 2", elsewhere: ["RxJS: bufferCount", "ReactiveSwift: collect(count:)"]),
    .init("count", .operator, .transforming, [],
          "Sends how many values there were, when the source completes.",
          example: "of 5, 6, 7 | count", elsewhere: ["RxJS: count"]),
    .init("startWith", .operator, .transforming, [Parameter("VALUE", .value)],
          "Sends VALUE first, then everything of the source.",
          example: #"cold "-a-b|" | startWith "s""#, elsewhere: ["RxJS: startWith", "ReactiveSwift: prefix(value:)", "RAC2: startWith:"]),

    // Filtering
    .init("filter", .operator, .filtering, [Parameter("CONDITION", .perValue)],
          "Forwards the values for which the condition is true.",
          example: "range 1, 6 | filter it % 2 == 0", elsewhere: ["RxJS: filter", "ReactiveSwift: filter", "RAC2: filter:"]),
    .init("take", .operator, .filtering, [Parameter("N", .count)],
          "Forwards the first N values, then completes (and stops the source).",
          example: #"cold "-a-b-c-|" | take 2"#, elsewhere: ["RxJS: take", "ReactiveSwift: take(first:)", "RAC2: take:"]),
    .init("skip", .operator, .filtering, [Parameter("N", .count)],
          "Drops the first N values.",
          example: "of 1, 2, 3 | skip 1", elsewhere: ["RxJS: skip", "ReactiveSwift: skip(first:)", "RAC2: skip:"]),
    .init("takeWhile", .operator, .filtering, [Parameter("CONDITION", .perValue)],
          "Forwards values while the condition holds; completes at the first that fails it.",
          example: "range 1, 5 | takeWhile it < 3", elsewhere: ["RxJS: takeWhile", "ReactiveSwift: take(while:)"]),
    .init("skipWhile", .operator, .filtering, [Parameter("CONDITION", .perValue)],
          "Drops values while the condition holds, then forwards everything.",
          example: "range 1, 5 | skipWhile it < 3", elsewhere: ["RxJS: skipWhile", "ReactiveSwift: skip(while:)"]),
    .init("takeUntil", .operator, .filtering, [Parameter("NOTIFIER", .signal)],
          "Forwards values until the notifier sends a value, then completes (and stops both).",
          example: #"cold "-a-b-c-d-|" | takeUntil (cold "----x|")"#,
          elsewhere: ["RxJS: takeUntil", "ReactiveSwift: take(until:)", "RAC2: takeUntil:"]),
    .init("first", .operator, .filtering, [],
          "Forwards the first value, then completes; fails if there is none.",
          example: #"cold "-a-b-|" | first"#, elsewhere: ["RxJS: first"]),
    .init("last", .operator, .filtering, [],
          "Forwards the last value when the source completes; fails if there is none.",
          example: #"cold "-a-b-|" | last"#, elsewhere: ["RxJS: last"]),
    .init("distinctUntilChanged", .operator, .filtering, [],
          "Drops a value equal to the one before it.",
          example: "of 1, 1, 2, 2, 1 | distinctUntilChanged", aliases: ["skipRepeats"],
          elsewhere: ["RxJS: distinctUntilChanged", "ReactiveSwift: skipRepeats", "RAC2: distinctUntilChanged"]),

    // Combining
    .init("merge", .operator, .combining, [Parameter("SIGNAL", .signal, variadic: true)],
          "Forwards the values of the source and of the other signals as they come; completes when all have.",
          example: #"cold "-a---b|" | merge (cold "--x|")"#, elsewhere: ["RxJS: merge", "ReactiveSwift: merge", "RAC2: merge:"]),
    .init("concat", .operator, .combining, [Parameter("SIGNAL", .signal, variadic: true)],
          "Forwards the source, then, when it completes, the next signal.",
          example: #"cold "-a|" | concat (cold "-b|")"#, elsewhere: ["RxJS: concat", "ReactiveSwift: concat", "RAC2: concat:"]),
    .init("combineLatest", .operator, .combining, [Parameter("SIGNAL", .signal, variadic: true)],
          "Sends `[left, right]` with the latest of each whenever either sends, once both have.",
          example: #"cold "-a---b|" | combineLatest (cold "--x-|")"#,
          elsewhere: ["RxJS: combineLatest / combineLatestWith", "ReactiveSwift: combineLatest(with:)", "RAC2: combineLatest:reduce:"],
          confusedWith: ["zip", "withLatestFrom"]),
    .init("zip", .operator, .combining, [Parameter("SIGNAL", .signal, variadic: true)],
          "Pairs values by position: the first with the first, the second with the second.",
          example: #"cold "-a-b-|" | zip (cold "--x--y|")"#, elsewhere: ["RxJS: zip", "ReactiveSwift: zip(with:)", "RAC2: zip:"],
          confusedWith: ["combineLatest"]),
    .init("withLatestFrom", .operator, .combining, [Parameter("SIGNAL", .signal)],
          "On each source value, sends `[value, latest of the other]`, once the other has a value.",
          example: #"cold "--a--b|" | withLatestFrom (cold "-x--y|")"#,
          elsewhere: ["RxJS: withLatestFrom", "ReactiveSwift: withLatest(from:)"], confusedWith: ["combineLatest", "sample"]),
    .init("sample", .operator, .combining, [Parameter("NOTIFIER", .signal)],
          "On each notifier value, sends the source's latest value if it is new since the last sample.",
          example: #"cold "-a-b-c---|" | sample (cold "--x---x-|")"#,
          elsewhere: ["RxJS: sample", "ReactiveSwift: sample(on:)", "RAC2: sample:"], confusedWith: ["withLatestFrom", "throttle"]),
    .init("then", .operator, .combining, [Parameter("SIGNAL", .signal)],
          "Ignores the source's values; when it completes, continues with the signal.",
          example: #"cold "-a-|" | then (cold "-b|")"#, elsewhere: ["ReactiveSwift: then", "RAC2: then:", "RxJS: ignoreElements + concat"]),

    // Flattening
    .init("flatMap", .operator, .flattening, [Parameter("PIPELINE", .perValuePipeline)],
          "Runs the pipeline for each value (`it` is the value) and forwards all of them at once.",
          example: #"cold "-a--b|" | flatMap (cold "-x-y|")"#,
          elsewhere: ["RxJS: mergeMap", "ReactiveSwift: flatMap(.merge)", "RAC2: flattenMap:"],
          confusedWith: ["switchMap", "concatMap", "exhaustMap"]),
    .init("switchMap", .operator, .flattening, [Parameter("PIPELINE", .perValuePipeline)],
          "Runs the pipeline for each value; a new value cancels the previous run.",
          example: #"cold "-a--b|" | switchMap (cold "-x-y|")"#,
          elsewhere: ["RxJS: switchMap", "ReactiveSwift: flatMap(.latest)", "RAC2: flattenMap: + switchToLatest"],
          confusedWith: ["flatMap", "concatMap", "exhaustMap"]),
    .init("concatMap", .operator, .flattening, [Parameter("PIPELINE", .perValuePipeline)],
          "Runs the pipeline for each value, one run at a time, in order.",
          example: #"cold "-a--b|" | concatMap (cold "-x-y|")"#,
          elsewhere: ["RxJS: concatMap", "ReactiveSwift: flatMap(.concat)", "RAC2: concat"],
          confusedWith: ["flatMap", "switchMap", "exhaustMap"]),
    .init("exhaustMap", .operator, .flattening, [Parameter("PIPELINE", .perValuePipeline)],
          "Runs the pipeline for a value only when no run is going on; values meanwhile are dropped.",
          example: #"cold "-a--b|" | exhaustMap (cold "-x-y|")"#,
          elsewhere: ["RxJS: exhaustMap", "ReactiveSwift: flatMap(.throttle)"],
          confusedWith: ["flatMap", "switchMap", "concatMap"]),
    .init("switchToLatest", .operator, .flattening, [],
          "For a signal of signals: forwards the latest inner signal, cancelling the one before.",
          example: #"cold "-a--b|" | map (cold "-x-y|") | switchToLatest"#,
          elsewhere: ["RxJS: switchAll", "ReactiveSwift: flatten(.latest)", "RAC2: switchToLatest"], confusedWith: ["switchMap"]),

    // Errors
    .init("catch", .operator, .errors, [Parameter("PIPELINE", .errorPipeline)],
          "On an error, continues with the pipeline instead (`error` is the error's message).",
          example: #"cold "-a-#" | catch (of "recovered")"#,
          elsewhere: ["RxJS: catchError", "ReactiveSwift: flatMapError", "RAC2: catch:"], confusedWith: ["retry"]),
    .init("retry", .operator, .errors, [Parameter("N", .count)],
          "On an error, subscribes again, up to N more times.",
          example: #"cold "-a-#" | retry 2"#, elsewhere: ["RxJS: retry", "ReactiveSwift: retry(upTo:)", "RAC2: retry:"],
          confusedWith: ["catch"]),

    // Timing
    .init("debounce", .operator, .timing, [Parameter("DURATION", .duration)],
          "Sends a value only after DURATION has passed with no newer value (waits for a pause). ReactiveCocoa 2's `throttle:` is this.",
          example: #"cold "-a-b-----c---|" | debounce 3ms"#,
          elsewhere: ["RxJS: debounceTime", "ReactiveSwift: debounce", "RAC2: throttle: (a debounce!)"], confusedWith: ["throttle"]),
    .init("throttle", .operator, .timing, [Parameter("DURATION", .duration)],
          "Sends a value, then ignores values for DURATION (leading edge). Not ReactiveCocoa 2's `throttle:`, which is a debounce.",
          example: #"cold "-abc---d-|" | throttle 3ms"#,
          elsewhere: ["RxJS: throttleTime", "ReactiveSwift: throttle (trailing)"], confusedWith: ["debounce", "sample"]),
    .init("delay", .operator, .timing, [Parameter("DURATION", .duration)],
          "Sends each value DURATION later; completes when the last delayed value is out.",
          example: #"cold "-a-b|" | delay 3ms"#, elsewhere: ["RxJS: delay", "ReactiveSwift: delay", "RAC2: delay:"]),
    .init("timeout", .operator, .timing, [Parameter("DURATION", .duration)],
          "Fails if no value comes within DURATION of the start or of the last value.",
          example: #"cold "-a-----b|" | timeout 3ms"#, elsewhere: ["RxJS: timeout", "ReactiveSwift: timeout(after:raising:on:)", "RAC2: timeout:onScheduler:"]),

    // Sharing
    .init("share", .operator, .sharing, [],
          "Shares one subscription of the source among all subscribers (publish + autoconnect).",
          example: #"cold "-a-b|" | share"#,
          elsewhere: ["RxJS: share", "RAC2: publish + autoconnect", "ReactiveSwift: replayLazily(upTo: 0)"], confusedWith: ["hot"]),
    .init("replay", .operator, .sharing, [Parameter("N", .count)],
          "Like share, and a late subscriber first gets the last N values.",
          example: #"cold "-a-b|" | replay 1"#, elsewhere: ["RxJS: shareReplay", "ReactiveSwift: replayLazily(upTo:)", "RAC2: replayLast"]),

    // Actions
    .init("action", .operator, .actions,
          [Parameter("PIPELINE", .perValuePipeline), Parameter("SIGNAL", .signal, optional: true, keyword: "enabledBy")],
          "Each value is an input: runs the pipeline for it (`it` is the input) and sends its values, unless the action is disabled (the latest of `enabledBy` is not true) or still executing: then the input is dropped. Failures go to `errors A`, and the action stays usable.",
          example: #"cold "-s-s---s-|" | action (timer 3ms | mapTo "done")"#,
          elsewhere: ["ReactiveSwift: Action(enabledIf:execute:)", "RAC2: RACCommand initWithEnabled:signalBlock:"],
          confusedWith: ["exhaustMap", "executing", "errors"]),
    .init("executing", .source, .actions, [Parameter("ACTION", .action)],
          "Whether the action is executing: false or true at once, then every change.",
          example: #"executing (cold "-s-----|" | action (timer 3ms))"#,
          elsewhere: ["ReactiveSwift: Action.isExecuting", "RAC2: RACCommand executing"], confusedWith: ["enabled"]),
    .init("enabled", .source, .actions, [Parameter("ACTION", .action)],
          "Whether the action would take an input now (enabledBy is true and it is not executing): the current value, then every change.",
          example: #"enabled (cold "-s-----|" | action (timer 3ms) enabledBy (cold "t--f|" {t: true, f: false}))"#,
          elsewhere: ["ReactiveSwift: Action.isEnabled", "RAC2: RACCommand enabled"], confusedWith: ["executing"]),
    .init("errors", .source, .actions, [Parameter("ACTION", .action)],
          "The message of every failed execution of the action, as a value; the action goes on.",
          example: #"errors (cold "-s---s-|" | action (fail "offline"))"#,
          elsewhere: ["ReactiveSwift: Action.errors", "RAC2: RACCommand errors"], confusedWith: ["catch"]),

    // Debugging
    .init("log", .operator, .debugging, [Parameter("LABEL", .text, optional: true)],
          "Passes everything through and prints each event with its time.",
          example: #"cold "-a|" | log "source""#, elsewhere: ["RxJS: tap(console.log)", "ReactiveSwift: logEvents", "RAC2: logAll"]),
]

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
    /// One sentence, present tense: what it does.
    public var summary: String
    /// One or two more sentences: when to use it, what surprises people. `frp explain`
    /// shows it after the summary.
    public var explanation = ""
    /// A pipeline that shows the operator at work, best on marble sources with time so the
    /// trace shows what it did; `let` lines may come first, the last line is run. It runs
    /// as a test, and `frp explain` runs it and draws its trace.
    public var example: String
    /// Names elsewhere: "RxJS: switchMap", "ReactiveSwift: flatMap(.latest)".
    public var elsewhere: [String] = []
    /// The operators it is often mistaken for, each with the difference.
    public var contrasts: [Contrast] = []

    public var confusedWith: [String] { contrasts.map(\.name) }

    /// `switchMap PIPELINE`, `scan SEED, EXPRESSION`, `cold MARBLE [VALUES] [error MESSAGE]`:
    /// as it is written, so commas between arguments, but not before a marble's values or a
    /// keyword.
    public var signature: String {
        var text = name
        for (index, parameter) in parameters.enumerated() {
            let follows = parameter.kind == .marbleValues || parameter.keyword != nil
            text += (index == 0 || follows ? " " : ", ") + parameter.signature
        }
        return text
    }
}

/// An operator often mistaken for another, and the difference in a sentence.
public struct Contrast: Sendable {
    public var name: String
    public var difference: String

    init(_ name: String, _ difference: String) {
        self.name = name
        self.difference = difference
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
    /// The smallest a `.count` may be (`buffer 0` makes no lists).
    public var minimum = 0

    public init(_ name: String, _ kind: Kind, optional: Bool = false, variadic: Bool = false, keyword: String? = nil,
                minimum: Int = 0) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
        self.isVariadic = variadic
        self.keyword = keyword
        self.minimum = minimum
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
         _ summary: String, _ explanation: String = "", example: String, aliases: [String] = [],
         elsewhere: [String] = [], contrasts: [Contrast] = []) {
        self.name = name
        self.role = role
        self.family = family
        self.parameters = parameters
        self.summary = summary
        self.explanation = explanation
        self.example = example
        self.aliases = aliases
        self.elsewhere = elsewhere
        self.contrasts = contrasts
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

    /// The operator another library calls `name` (`mergeMap` is RxJS's `flatMap`), from
    /// the names elsewhere: the library and the spec, or nil when no library calls
    /// something `name`, or when it is one of ours.
    public func elsewhere(_ name: String) -> (library: String, spec: OperatorSpec)? {
        guard self[name] == nil else { return nil }
        var found: (library: String, spec: OperatorSpec)?
        for spec in specs {
            for entry in spec.elsewhere {
                guard let colon = entry.firstRange(of: ": ") else { continue }
                let library = String(entry[..<colon.lowerBound])
                let names = entry[colon.upperBound...].split(separator: " / ")
                guard names.contains(where: { Catalogue.leadingName(of: $0) == name }) else { continue }
                // A name for two of ours (`SignalProducer`) says nothing.
                if let earlier = found, earlier.spec.name != spec.name { return nil }
                if found == nil { found = (library, spec) }
            }
        }
        return found
    }

    /// `mergeMap` of "mergeMap (alias flatMap)", `flatMap` of "flatMap(.merge)",
    /// `scanWithStart` of "scanWithStart:reduce:"; nil for a type (`SignalProducer.empty`)
    /// or a combination (`ignoreElements + concat`).
    private static func leadingName(of text: Substring) -> String? {
        let name = text.prefix { $0.isLetter || $0.isNumber }
        let rest = text.dropFirst(name.count)
        guard let first = name.first, !first.isUppercase || name.allSatisfy({ !$0.isLowercase }) else { return nil }
        guard rest.isEmpty || rest.hasPrefix("(") || rest.hasPrefix(":") || rest.hasPrefix(" ("),
              !rest.contains(" + ") else { return nil }
        return String(name)
    }
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
          "Each subscriber gets its own run from its frame 0, as a request does: subscribe twice and it runs twice. Examples and tests draw their inputs with it.",
          example: #"cold "-a-b-|""#,
          elsewhere: ["RxJS TestScheduler: cold", "ReactiveSwift: SignalProducer (cold by nature)", "RAC2: RACSignal (cold by nature)"],
          contrasts: [
            .init("hot", "hot is one timeline that runs from the start of the run, listened to or not; cold starts over for each subscriber."),
            .init("share", "share makes a cold signal behave hot while someone is subscribed: one run for everyone instead of one each."),
          ]),
    .init("hot", .source, .creating, marbleParameters,
          "A source drawn as a marble on one shared timeline that starts with the run, subscribed or not; `^` marks frame zero.",
          "It is a text field or a button: events happen whether anyone listens, and a subscriber sees only what comes after it subscribed. Frames before `^` happened before the run began.",
          example: #"hot "-a-^-b-c-|""#,
          elsewhere: ["RxJS TestScheduler: hot", "ReactiveSwift: Signal (hot by nature)", "RAC2: RACSubject"],
          contrasts: [
            .init("cold", "cold starts its timeline anew for each subscriber, so nobody misses anything; hot goes on without them."),
            .init("share", "share turns a cold signal hot only while someone is subscribed, and starts it with the first subscriber; hot runs from the start."),
          ]),
    .init("of", .source, .creating, [Parameter("VALUE", .value, variadic: true)],
          "Sends the values at once, then completes.",
          "Everything happens at one instant, frame 0, so its marble is `(abc|)`; use `cold` when the values should be spread in time.",
          example: "of 1, 2, 3",
          elsewhere: ["RxJS: of", "ReactiveSwift: SignalProducer(values:)", "RAC2: RACSignal return: (one value)"]),
    .init("range", .source, .creating, [Parameter("FROM", .count), Parameter("COUNT", .count)],
          "Sends COUNT whole numbers from FROM, at once, then completes.",
          "Like `of`, all at frame 0; the values are numbers (marble digits are strings).",
          example: "range 1, 3",
          elsewhere: ["RxJS: range", "ReactiveSwift: SignalProducer(1...3)", "RAC2: (1...3).rac_sequence.signal"]),
    .init("empty", .source, .creating, [], "Completes at once.",
          "Useful where a pipeline is needed but nothing should happen: `catch empty` turns an error into a quiet end.",
          example: "empty",
          elsewhere: ["RxJS: EMPTY", "ReactiveSwift: SignalProducer.empty", "RAC2: RACSignal empty"],
          contrasts: [.init("never", "never does not even complete: it stays open for ever; empty ends at once.")]),
    .init("never", .source, .creating, [], "Never sends anything, not even an end.",
          "A signal that stays open, to see what an operator does with a source that does not end; here takeUntil ends it.",
          example: "never | takeUntil (timer 5ms)",
          elsewhere: ["RxJS: NEVER", "ReactiveSwift: SignalProducer.never", "RAC2: RACSignal never"],
          contrasts: [.init("empty", "empty completes at once; never stays open, so whatever waits for its end waits for ever.")]),
    .init("fail", .source, .creating, [Parameter("MESSAGE", .value)], "Fails at once with the message.",
          "An error ends a signal: `catch` can continue with another pipeline, `retry` can subscribe again.",
          example: #"fail "boom""#,
          elsewhere: ["RxJS: throwError", "ReactiveSwift: SignalProducer(error:)", "RAC2: RACSignal error:"]),
    .init("interval", .source, .timing, [Parameter("PERIOD", .duration)],
          "Sends 0, 1, 2, ... one every PERIOD, the first after one PERIOD.",
          "It never completes by itself: end it with take, takeUntil, or a switchMap that replaces it.",
          example: "interval 2ms | take 3",
          elsewhere: ["RxJS: interval", "ReactiveSwift: SignalProducer.timer(interval:on:)", "RAC2: RACSignal interval:onScheduler:"],
          contrasts: [.init("timer", "timer sends one value, 0, after its delay and completes; interval goes on sending.")]),
    .init("timer", .source, .timing, [Parameter("DELAY", .duration)],
          "Sends 0 after DELAY, then completes.",
          "A one-off: start something later with `timer 2ms | switchMap P`, or end something with `takeUntil (timer 5ms)`.",
          example: "timer 5ms",
          elsewhere: ["RxJS: timer", "ReactiveSwift: SignalProducer(value: 0).delay(_:on:)", "RAC2: [RACSignal return:@0] delay:"],
          contrasts: [.init("interval", "interval repeats every PERIOD and never completes; timer sends once.")]),

    // Transforming
    .init("map", .operator, .transforming, [Parameter("EXPRESSION", .perValue)],
          "Sends the expression's value for each value (`it` is the value).",
          "One value in, one out, at the same instant; a bare name is a field of `it` (`map name` is `map it.name`). To turn each value into a signal and take its values, use flatMap or switchMap.",
          example: #"cold "-a-b-c|" {a: 1, b: 2, c: 3} | map it * 10"#,
          elsewhere: ["RxJS: map", "ReactiveSwift: map", "RAC2: map:"],
          contrasts: [
            .init("mapTo", "mapTo sends the same value every time; map computes one from each value."),
            .init("flatMap", "flatMap runs a pipeline for each value and sends that pipeline's values; map sends one value per value (a pipeline in map stays a signal, for switchToLatest)."),
          ]),
    .init("mapTo", .operator, .transforming, [Parameter("VALUE", .value)],
          "Sends the same value for each value.",
          "Turns events into facts: clicks into `true`, a finished request into `false` (scenario 14 merges two of them into one \"is active\" signal).",
          example: #"cold "-a--b|" | mapTo "clicked""#,
          elsewhere: ["RxJS: mapTo (deprecated: map(() => v))", "ReactiveSwift: map(value:)", "RAC2: mapReplace:"],
          contrasts: [.init("map", "map computes a value from each value with `it`; mapTo ignores the value and sends its own.")]),
    .init("not", .operator, .transforming, [],
          "Negates each boolean.",
          "A value that is not a boolean is an error. Typical: an action's executing signal, negated, enables a button.",
          example: #"cold "-t-f|" {t: true, f: false} | not"#,
          elsewhere: ["RxJS: map(x => !x)", "ReactiveSwift: negate()", "RAC2: not"]),
    .init("scan", .operator, .transforming, [Parameter("SEED", .value), Parameter("EXPRESSION", .accumulator)],
          "Sends each running accumulation (`acc` is the accumulation so far, `it` the value).",
          "It sends at every step, so it is the state of something that runs: a total so far, a count, the list so far. `acc` starts as SEED.",
          example: #"cold "-a-b-c|" {a: 1, b: 2, c: 3} | scan 0, acc + it"#,
          elsewhere: ["RxJS: scan", "ReactiveSwift: scan", "RAC2: scanWithStart:reduce:"],
          contrasts: [.init("reduce", "reduce sends only the final accumulation, when the source completes; scan sends every step. A running total: scan; one total: reduce.")]),
    .init("reduce", .operator, .transforming, [Parameter("SEED", .value), Parameter("EXPRESSION", .accumulator)],
          "Sends only the final accumulation, when the source completes.",
          "It waits for the end, so on a source that never completes (interval, a text field) it never sends.",
          example: #"cold "-a-b-c|" {a: 1, b: 2, c: 3} | reduce 0, acc + it"#,
          elsewhere: ["RxJS: reduce", "ReactiveSwift: reduce", "RAC2: aggregateWithStart:reduce:"],
          contrasts: [
            .init("scan", "scan sends the accumulation at every value; reduce only once, at the end."),
            .init("count", "count is the reduce that counts: `reduce 0, acc + 1`."),
          ]),
    .init("pairwise", .operator, .transforming, [],
          "Sends `[previous, current]` for each value after the first.",
          "The first value only fills its memory; from the second on, each value goes out with the one before it, which is what a change needs (a direction, a difference).",
          example: #"cold "-a-b-c|" | pairwise"#,
          elsewhere: ["RxJS: pairwise", "ReactiveSwift: combinePrevious()", "RAC2: combinePreviousWithStart:reduce:"],
          contrasts: [.init("buffer", "buffer 2 sends separate pairs, [a, b] then [c, d]; pairwise overlapping ones, [a, b] then [b, c].")]),
    .init("buffer", .operator, .transforming, [Parameter("N", .count, minimum: 1)],
          "Sends lists of N values; the rest as a shorter list on completion.",
          "Nothing goes out until N values have come, so the values wait; the last, shorter list comes with the completion.",
          example: #"cold "-a-b-c-d-e|" | buffer 2"#,
          elsewhere: ["RxJS: bufferCount", "ReactiveSwift: collect(count:)", "RAC2: (none; bufferWithTime:onScheduler: is by time)"],
          contrasts: [.init("pairwise", "pairwise sends each value with the one before it, so pairs overlap; buffer 2 never reuses a value.")]),
    .init("count", .operator, .transforming, [],
          "Sends how many values there were, when the source completes.",
          "Like reduce, it waits for the end; `scan 0, acc + 1` counts as it goes.",
          example: #"cold "-a-b-c|" | count"#,
          elsewhere: ["RxJS: count", "ReactiveSwift: reduce(0) { n, _ in n + 1 }", "RAC2: aggregateWithStart:@0 reduce:"],
          contrasts: [.init("reduce", "reduce folds the values with your expression; count is `reduce 0, acc + 1`.")]),
    .init("startWith", .operator, .transforming, [Parameter("VALUE", .value)],
          "Sends VALUE first, then everything of the source.",
          "VALUE goes out at subscription, before the source has said anything: a default, or a state such as \"checking\" while a request runs.",
          example: #"cold "-a-b|" | startWith "s""#,
          elsewhere: ["RxJS: startWith", "ReactiveSwift: prefix(value:)", "RAC2: startWith:"],
          contrasts: [.init("concat", "concat adds a signal after the source completes; startWith puts a value before it starts.")]),

    // Filtering
    .init("filter", .operator, .filtering, [Parameter("CONDITION", .perValue)],
          "Forwards the values for which the condition is true.",
          "A value that fails is dropped and the signal goes on; the times of the values that pass do not change.",
          example: #"cold "-a-b-c-d|" {a: 1, b: 2, c: 3, d: 4} | filter it % 2 == 0"#,
          elsewhere: ["RxJS: filter", "ReactiveSwift: filter", "RAC2: filter:"],
          contrasts: [.init("takeWhile", "takeWhile completes at the first value that fails; filter drops that value and goes on.")]),
    .init("take", .operator, .filtering, [Parameter("N", .count)],
          "Forwards the first N values, then completes (and stops the source).",
          "It completes with its Nth value and disposes the source at once, which cancels whatever the source was doing (a request, a timer).",
          example: #"cold "-a-b-c-|" | take 2"#,
          elsewhere: ["RxJS: take", "ReactiveSwift: take(first:)", "RAC2: take:"],
          contrasts: [
            .init("first", "first is take 1 that fails when the source completes without a value; take 1 just completes."),
            .init("takeUntil", "takeUntil stops when another signal sends, not after a number of values."),
          ]),
    .init("skip", .operator, .filtering, [Parameter("N", .count)],
          "Drops the first N values.",
          "After those N, everything goes through, ends included.",
          example: #"cold "-a-b-c|" | skip 1"#,
          elsewhere: ["RxJS: skip", "ReactiveSwift: skip(first:)", "RAC2: skip:"],
          contrasts: [.init("skipWhile", "skipWhile drops values while a condition holds, however many; skip drops a number of them.")]),
    .init("takeWhile", .operator, .filtering, [Parameter("CONDITION", .perValue)],
          "Forwards values while the condition holds; completes at the first that fails it.",
          "The failing value is not sent, and the source is stopped: later values that would pass never come.",
          example: #"cold "-a-b-c-d|" {a: 1, b: 2, c: 3, d: 1} | takeWhile it < 3"#,
          elsewhere: ["RxJS: takeWhile", "ReactiveSwift: take(while:)", "RAC2: takeWhileBlock:"],
          contrasts: [
            .init("filter", "filter drops a value that fails and goes on; takeWhile ends there."),
            .init("takeUntil", "takeUntil ends when another signal sends; takeWhile when a value fails a condition."),
          ]),
    .init("skipWhile", .operator, .filtering, [Parameter("CONDITION", .perValue)],
          "Drops values while the condition holds, then forwards everything.",
          "Once a value fails the condition, the condition is never asked again: later values pass even if they would hold.",
          example: #"cold "-a-b-c-d|" {a: 1, b: 2, c: 3, d: 1} | skipWhile it < 3"#,
          elsewhere: ["RxJS: skipWhile", "ReactiveSwift: skip(while:)", "RAC2: skipWhileBlock:"],
          contrasts: [.init("skip", "skip drops a fixed number of values; skipWhile as many as hold the condition.")]),
    .init("takeUntil", .operator, .filtering, [Parameter("NOTIFIER", .signal)],
          "Forwards values until the notifier sends a value, then completes (and stops both).",
          "The cell-reuse pattern: a download runs until the cell is reused, and then it is cancelled.",
          example: #"cold "-a-b-c-d-|" | takeUntil (cold "----x|")"#,
          elsewhere: ["RxJS: takeUntil", "ReactiveSwift: take(until:)", "RAC2: takeUntil:"],
          contrasts: [
            .init("take", "take stops after a number of values; takeUntil when another signal sends."),
            .init("takeWhile", "takeWhile stops at a value that fails a condition; takeUntil at another signal's value."),
          ]),
    .init("first", .operator, .filtering, [],
          "Forwards the first value, then completes; fails if there is none.",
          "Use it when a value must come; when none may, `take 1` ends quietly instead.",
          example: #"cold "-a-b-|" | first"#,
          elsewhere: ["RxJS: first", "ReactiveSwift: take(first: 1)", "RAC2: take:1"],
          contrasts: [
            .init("take", "take 1 completes quietly when the source ends empty; first fails."),
            .init("last", "last waits for the source to complete and sends its final value."),
          ]),
    .init("last", .operator, .filtering, [],
          "Forwards the last value when the source completes; fails if there is none.",
          "Like reduce, it waits for the end: on a source that never completes it never sends.",
          example: #"cold "-a-b-|" | last"#,
          elsewhere: ["RxJS: last", "ReactiveSwift: take(last: 1)", "RAC2: (none; [signal.takeLast:1])"],
          contrasts: [.init("first", "first sends at the first value, at once; last at the end.")]),
    .init("distinctUntilChanged", .operator, .filtering, [],
          "Drops a value equal to the one before it.",
          "It compares only with the value just before (deep equality): `a a b a` gives `a b a`. After a map to a boolean, a \"valid\" flag sends only when it flips.",
          example: #"cold "-a-a-b-b-a|" | distinctUntilChanged"#, aliases: ["skipRepeats"],
          elsewhere: ["RxJS: distinctUntilChanged", "ReactiveSwift: skipRepeats", "RAC2: distinctUntilChanged"]),

    // Combining
    .init("merge", .operator, .combining, [Parameter("SIGNAL", .signal, variadic: true)],
          "Forwards the values of the source and of the other signals as they come; completes when all have.",
          "It subscribes to all of them at once and passes each value on unchanged; an error from any ends it.",
          example: #"cold "-a---b|" | merge (cold "--x|")"#,
          elsewhere: ["RxJS: merge / mergeWith", "ReactiveSwift: merge(with:)", "RAC2: merge:"],
          contrasts: [
            .init("concat", "concat subscribes to the next signal only when the one before completes; merge to all at once."),
            .init("combineLatest", "combineLatest sends [left, right] with the latest of each; merge sends each value on its own."),
          ]),
    .init("concat", .operator, .combining, [Parameter("SIGNAL", .signal, variadic: true)],
          "Forwards the source, then, when it completes, the next signal.",
          "The next signal is subscribed only then, so a cold one starts late and a hot one may have said things already.",
          example: #"cold "-a-b|" | concat (cold "-x-y|")"#,
          elsewhere: ["RxJS: concat / concatWith", "ReactiveSwift: concat", "RAC2: concat:"],
          contrasts: [
            .init("merge", "merge subscribes to every signal at once and interleaves them; concat one after the other."),
            .init("then", "then drops the source's values and keeps only its end; concat forwards them."),
            .init("startWith", "startWith puts one value before the source; concat puts a signal after it."),
          ]),
    .init("combineLatest", .operator, .combining, [Parameter("SIGNAL", .signal, variadic: true)],
          "Sends `[left, right]` with the latest of each whenever either sends, once both have.",
          "It waits until every signal has a value, then sends on every value of any of them; it completes when all have. The login form: enabled = valid user and valid password.",
          example: #"cold "-a---b|" | combineLatest (cold "--x-|")"#,
          elsewhere: ["RxJS: combineLatest / combineLatestWith", "ReactiveSwift: combineLatest(with:)", "RAC2: combineLatest:reduce:"],
          contrasts: [
            .init("zip", "zip pairs values by position and uses each once (the second with the second); combineLatest reuses the latest."),
            .init("withLatestFrom", "withLatestFrom sends only when the source sends; the other signal only updates what it remembers."),
            .init("merge", "merge passes each value on by itself; combineLatest combines the latest of each into one list."),
          ]),
    .init("zip", .operator, .combining, [Parameter("SIGNAL", .signal, variadic: true)],
          "Pairs values by position: the first with the first, the second with the second.",
          "A value waits for its partner, so the slower signal sets the pace; it completes when one has completed and its values are all paired.",
          example: #"cold "-a-b-|" | zip (cold "--x--y|")"#,
          elsewhere: ["RxJS: zip / zipWith", "ReactiveSwift: zip(with:)", "RAC2: zip:"],
          contrasts: [.init("combineLatest", "combineLatest sends whenever either sends, with the latest of the other; zip only when both have a new value.")]),
    .init("withLatestFrom", .operator, .combining, [Parameter("SIGNAL", .signal)],
          "On each source value, sends `[value, latest of the other]`, once the other has a value.",
          "The other signal never triggers anything: it is read, not listened to. A button with the form's current contents.",
          example: #"cold "--a--b|" | withLatestFrom (cold "-x--y|")"#,
          elsewhere: ["RxJS: withLatestFrom", "ReactiveSwift: withLatest(from:)", "RAC2: (none; combineLatest + sample:)"],
          contrasts: [
            .init("combineLatest", "combineLatest sends when either side sends; withLatestFrom only when the source does."),
            .init("sample", "sample sends the source's latest when the notifier sends; withLatestFrom sends on the source's value, with the other's latest."),
          ]),
    .init("sample", .operator, .combining, [Parameter("NOTIFIER", .signal)],
          "On each notifier value, sends the source's latest value if it is new since the last sample.",
          "The notifier decides when; the source decides what. A value is sampled at most once.",
          example: #"cold "-a-b-c---|" | sample (cold "--x---x-|")"#,
          elsewhere: ["RxJS: sample", "ReactiveSwift: sample(on:)", "RAC2: sample:"],
          contrasts: [
            .init("withLatestFrom", "withLatestFrom is driven by the source and reads the other; sample is driven by the notifier and reads the source."),
            .init("throttle", "throttle lets the first value of each time window through; sample takes the latest when another signal says so."),
          ]),
    .init("then", .operator, .combining, [Parameter("SIGNAL", .signal)],
          "Ignores the source's values; when it completes, continues with the signal.",
          "For \"do this, then that\": load the friends, then listen to the search field; fetch a token, then make the request again.",
          example: #"cold "-a-|" | then (cold "-b|")"#,
          elsewhere: ["RxJS: ignoreElements + concat", "ReactiveSwift: then", "RAC2: then:"],
          contrasts: [.init("concat", "concat forwards the source's values and then the next signal's; then only the next signal's.")]),

    // Flattening
    .init("flatMap", .operator, .flattening, [Parameter("PIPELINE", .perValuePipeline)],
          "Runs the pipeline for each value (`it` is the value) and forwards all of them at once.",
          "Every run goes on side by side and their values are merged as they come, so a slow early answer can arrive after a later one. Use it when every run matters: a download for every thumbnail.",
          example: #"cold "-a-b------|" | flatMap (cold "-x--y|" | mapTo it)"#,
          elsewhere: ["RxJS: mergeMap (alias flatMap)", "ReactiveSwift: flatMap(.merge)", "RAC2: flattenMap:"],
          contrasts: [
            .init("switchMap", "switchMap cancels the previous run when a new value arrives: only the latest run's values come through."),
            .init("concatMap", "concatMap runs one at a time and queues the rest: nothing lost, nothing overlapping."),
            .init("exhaustMap", "exhaustMap ignores values while a run is going on: nothing queued, nothing cancelled."),
            .init("map", "map sends one value per value; flatMap sends the values of a pipeline run for each."),
          ]),
    .init("switchMap", .operator, .flattening, [Parameter("PIPELINE", .perValuePipeline)],
          "Runs the pipeline for each value; a new value cancels the previous run.",
          "The classic for search as you type: each new text cancels the stale request, so an old answer never overwrites a newer one. `switchMap P` is `map P | switchToLatest`.",
          example: #"cold "-a-b------|" | switchMap (cold "-x--y|" | mapTo it)"#,
          elsewhere: ["RxJS: switchMap", "ReactiveSwift: flatMap(.latest)", "RAC2: flattenMap: + switchToLatest", "RxSwift: flatMapLatest"],
          contrasts: [
            .init("flatMap", "flatMap keeps every run going: stale answers arrive too, maybe after newer ones."),
            .init("concatMap", "concatMap lets each run finish and starts the next one afterwards."),
            .init("exhaustMap", "exhaustMap keeps the run that is going and drops the new value: the opposite choice."),
            .init("switchToLatest", "switchToLatest flattens a signal that already carries signals; switchMap makes them from values."),
          ]),
    .init("concatMap", .operator, .flattening, [Parameter("PIPELINE", .perValuePipeline)],
          "Runs the pipeline for each value, one run at a time, in order.",
          "Values that come while a run is going on wait their turn, so nothing is lost and order is kept, but the queue can grow.",
          example: #"cold "-a-b------|" | concatMap (cold "-x--y|" | mapTo it)"#,
          elsewhere: ["RxJS: concatMap", "ReactiveSwift: flatMap(.concat)", "RAC2: map: + concat"],
          contrasts: [
            .init("flatMap", "flatMap starts every run at once; concatMap waits for each to finish."),
            .init("switchMap", "switchMap cancels the running one for the new value; concatMap finishes it first."),
            .init("exhaustMap", "exhaustMap drops values that come during a run; concatMap keeps them for later."),
          ]),
    .init("exhaustMap", .operator, .flattening, [Parameter("PIPELINE", .perValuePipeline)],
          "Runs the pipeline for a value only when no run is going on; values meanwhile are dropped.",
          "For a login or submit button: clicks while the request runs are ignored, not queued and not restarting it.",
          example: #"cold "-a-b------|" | exhaustMap (cold "-x--y|" | mapTo it)"#,
          elsewhere: ["RxJS: exhaustMap", "ReactiveSwift: flatMap(.throttle)", "RAC2: (none; RACCommand refuses while executing)", "RxSwift: flatMapFirst"],
          contrasts: [
            .init("flatMap", "flatMap starts a run for every value, overlapping; exhaustMap for none while one runs."),
            .init("switchMap", "switchMap gives up the running one for the new value; exhaustMap gives up the new value."),
            .init("concatMap", "concatMap queues the values that come during a run; exhaustMap drops them."),
            .init("action", "an action drops inputs while busy too, but survives failed runs (errors A) and tells executing and enabled."),
          ]),
    .init("switchToLatest", .operator, .flattening, [],
          "For a signal of signals: forwards the latest inner signal, cancelling the one before.",
          "Where values are already signals (`map (search it)`), it subscribes to each new one and disposes the previous.",
          example: #"cold "-a--b|" | map (cold "-x-y|") | switchToLatest"#,
          elsewhere: ["RxJS: switchAll", "ReactiveSwift: flatten(.latest)", "RAC2: switchToLatest"],
          contrasts: [.init("switchMap", "switchMap takes a pipeline to run per value; switchToLatest takes the signals the source already sends.")]),

    // Errors
    .init("catch", .operator, .errors, [Parameter("PIPELINE", .errorPipeline)],
          "On an error, continues with the pipeline instead (`error` is the error's message).",
          "The source is over; the error does not reach downstream. `catch empty` ends quietly, `catch (of error)` turns it into a value, `catch (token | then profile)` recovers and asks again.",
          example: #"cold "-a-#" | catch (of "recovered")"#,
          elsewhere: ["RxJS: catchError", "ReactiveSwift: flatMapError", "RAC2: catch:"],
          contrasts: [
            .init("retry", "retry subscribes to the same source again; catch continues with another pipeline."),
            .init("errors", "errors A gathers the failures of an action's runs as values, and the action goes on; catch ends one signal's failure."),
          ]),
    .init("retry", .operator, .errors, [Parameter("N", .count)],
          "On an error, subscribes again, up to N more times.",
          "A cold source starts over, so a request is made again; after N more failures the error goes through.",
          example: #"cold "-a-#" | retry 2"#,
          elsewhere: ["RxJS: retry", "ReactiveSwift: retry(upTo:)", "RAC2: retry:"],
          contrasts: [.init("catch", "catch replaces the failed source with another pipeline; retry runs the same one again.")]),

    // Timing
    .init("debounce", .operator, .timing, [Parameter("DURATION", .duration)],
          "Sends a value only after DURATION has passed with no newer value (waits for a pause). ReactiveCocoa 2's `throttle:` is this.",
          "Each value restarts the wait, so a burst becomes its last value, sent DURATION after the burst; a waiting value is sent at completion. Typing: wait for a pause before searching.",
          example: #"cold "-a-b-----c---|" | debounce 3ms"#,
          elsewhere: ["RxJS: debounceTime", "ReactiveSwift: debounce", "RAC2: throttle: (a debounce!)"],
          contrasts: [
            .init("throttle", "throttle sends the FIRST value at once and ignores the rest for DURATION; debounce sends the LAST value after a pause. (ReactiveCocoa 2's `throttle:` is a debounce.)"),
            .init("delay", "delay shifts every value by DURATION and drops none; debounce drops all but the last of a burst."),
          ]),
    .init("throttle", .operator, .timing, [Parameter("DURATION", .duration)],
          "Sends a value, then ignores values for DURATION (leading edge). Not ReactiveCocoa 2's `throttle:`, which is a debounce.",
          "The first value goes through at once and opens a window in which others are dropped: rate-limiting clicks or scrolls. ReactiveSwift's throttle also sends the latest value at the end of each window (leading and trailing).",
          example: #"cold "-abc---d-|" | throttle 3ms"#,
          elsewhere: ["RxJS: throttleTime (leading, the default)", "ReactiveSwift: throttle (leading AND trailing: it also sends the latest at the end of each window)", "RAC2: (none; its throttle: is a debounce)"],
          contrasts: [
            .init("debounce", "debounce waits for a pause and sends the LAST value; throttle sends the FIRST at once. RAC2's `throttle:` is a debounce."),
            .init("sample", "sample sends the latest value when another signal says so; throttle the first of each time window."),
          ]),
    .init("delay", .operator, .timing, [Parameter("DURATION", .duration)],
          "Sends each value DURATION later; completes when the last delayed value is out.",
          "Nothing is dropped and the gaps between values stay the same; errors are not delayed.",
          example: #"cold "-a-b|" | delay 3ms"#,
          elsewhere: ["RxJS: delay", "ReactiveSwift: delay", "RAC2: delay:"],
          contrasts: [.init("debounce", "debounce drops values that are followed too soon by another; delay keeps them all.")]),
    .init("timeout", .operator, .timing, [Parameter("DURATION", .duration)],
          "Fails if no value comes within DURATION of the start or of the last value.",
          "A guard against a request that hangs: the silent source is cancelled and the error can be caught for a fallback.",
          example: #"cold "-a-----b|" | timeout 3ms"#,
          elsewhere: ["RxJS: timeout (each)", "ReactiveSwift: (none; its timeout(after:raising:on:) is a deadline for the whole signal)", "RAC2: (none; its timeout:onScheduler: is a deadline for the whole signal)"]),

    // Sharing
    .init("share", .operator, .sharing, [],
          "Shares one subscription of the source among all subscribers (publish + autoconnect).",
          "Subscribers at the same time share one run, one request; a late one joins the run in progress and misses what came before. When all have left, the next subscriber starts a new run.",
          example: "let clicks = cold \"-a-b-c|\" | share\nclicks | merge (timer 2ms | switchMap clicks)",
          elsewhere: ["RxJS: share", "ReactiveSwift: (closest: replayLazily(upTo: 0), which never starts a new run)", "RAC2: (closest: publish + autoconnect, which never starts a new run)"],
          contrasts: [
            .init("cold", "without share, a cold signal runs again for each subscriber: two subscribers, two requests."),
            .init("hot", "hot runs from the start of the run whether anyone listens; share starts with its first subscriber."),
            .init("replay", "replay also hands a late subscriber the last N values it missed."),
          ]),
    .init("replay", .operator, .sharing, [Parameter("N", .count)],
          "Like share, and a late subscriber first gets the last N values.",
          "The late subscriber gets the remembered values at once, at the instant it subscribes, then goes on with everyone. As with share, when all have left before the source ended, the next subscriber starts a new run (and nothing is remembered); after the source ended, everyone gets the last N and the end.",
          example: "let latest = cold \"-a-b---c|\" | replay 1\nlatest | merge (timer 4ms | switchMap latest)",
          elsewhere: ["RxJS: shareReplay({bufferSize: N, refCount: true})", "ReactiveSwift: (closest: replayLazily(upTo:), which never starts a new run)", "RAC2: (closest: replayLazily, which never starts a new run)"],
          contrasts: [.init("share", "share gives a late subscriber only what comes after it joined; replay first repeats the last N.")]),

    // Actions
    .init("action", .operator, .actions,
          [Parameter("PIPELINE", .perValuePipeline), Parameter("SIGNAL", .signal, optional: true, keyword: "enabledBy")],
          "Each value is an input: runs the pipeline for it (`it` is the input) and sends its values, unless the action is disabled (the latest of `enabledBy` is not true) or still executing: then the input is dropped. Failures go to `errors A`, and the action stays usable.",
          "It is ReactiveCocoa's RACCommand: a button's presses in, one run per press, and `executing A`, `enabled A` and `errors A` to drive the view.",
          example: #"cold "-s-s---s-|" | action (timer 3ms | mapTo "done")"#,
          elsewhere: ["RxJS: (none; exhaustMap, with a BehaviorSubject for the executing state)",
                      "ReactiveSwift: Action(enabledIf:execute:)", "RAC2: RACCommand initWithEnabled:signalBlock:"],
          contrasts: [
            .init("exhaustMap", "exhaustMap also drops values while a run goes on, but a failed run ends it; an action sends failures to `errors A` and goes on, and tells whether it is executing."),
            .init("executing", "executing A is whether the action is busy; the action itself sends the values of its runs."),
            .init("errors", "errors A sends the messages of failed runs; the action sends the values of the runs that succeed."),
          ]),
    .init("executing", .source, .actions, [Parameter("ACTION", .action)],
          "Whether the action is executing: false or true at once, then every change.",
          "It drives a spinner: `executing A | not` is scenario 13's loading indicator.",
          example: #"executing (cold "-s-----|" | action (timer 3ms))"#,
          elsewhere: ["RxJS: (none; a BehaviorSubject set around each run)", "ReactiveSwift: Action.isExecuting", "RAC2: RACCommand executing"],
          contrasts: [
            .init("enabled", "enabled A is whether a press would start a run: false while executing, and also while enabledBy is false."),
            .init("action", "the action sends the values of its runs; executing A only whether one is going on."),
          ]),
    .init("enabled", .source, .actions, [Parameter("ACTION", .action)],
          "Whether the action would take an input now (enabledBy is true and it is not executing): the current value, then every change.",
          "It drives a button: a press while it is false is dropped, so a second press cannot start a second run.",
          example: #"enabled (cold "-s-----|" | action (timer 3ms) enabledBy (cold "t--f|" {t: true, f: false}))"#,
          elsewhere: ["RxJS: (none; combineLatest of the condition and not executing)", "ReactiveSwift: Action.isEnabled", "RAC2: RACCommand enabled"],
          contrasts: [.init("executing", "executing A is only whether a run is going on; enabled A also asks enabledBy.")]),
    .init("errors", .source, .actions, [Parameter("ACTION", .action)],
          "The message of every failed execution of the action, as a value; the action goes on.",
          "A view model's one errors stream: merge the errors of two actions (scenario 15).",
          example: #"errors (cold "-s---s-|" | action (fail "offline"))"#,
          elsewhere: ["RxJS: (none; catchError inside each run, into a Subject)", "ReactiveSwift: Action.errors", "RAC2: RACCommand errors"],
          contrasts: [
            .init("catch", "catch replaces one failed signal with another pipeline; errors A collects the failures of an action's runs while the action goes on."),
            .init("action", "the action sends what its runs produce; errors A what they failed with."),
          ]),

    // Debugging
    .init("log", .operator, .debugging, [Parameter("LABEL", .text, optional: true)],
          "Passes everything through and prints each event with its time.",
          "Put it between two stages to see what flows there, without changing anything.",
          example: #"cold "-a|" | log "source""#,
          elsewhere: ["RxJS: tap(console.log)", "ReactiveSwift: logEvents", "RAC2: logAll"]),
]

import Signals

/// Every source and operator the language knows: its name, what it takes, and a line that
/// says what it does. The checker reads arities and kinds from here, the compiler builds
/// from here, and the teaching commands explain from here, so they cannot drift apart
/// (a test runs every example).
///
/// A class, immutable: every checked stage points at its entry (a copy per stage cost
/// about a hundred bytes per statement of a long script).
public final class OperatorSpec: Sendable {
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

    public let name: String
    public let aliases: [String]
    public let role: Role
    public let family: Family
    public let parameters: [Parameter]
    /// One sentence, present tense: what it does.
    public let summary: String
    /// One or two more sentences: when to use it, what surprises people. `frp explain`
    /// shows it after the summary.
    public let explanation: String
    /// A pipeline that shows the operator at work, best on marble sources with time so the
    /// trace shows what it did; `let` lines may come first, the last line is run. It runs
    /// as a test, and `frp explain` runs it and draws its trace.
    public let example: String
    /// Whether the example ends in an error event on purpose (`fail`, a `retry` that gives
    /// up, a `timeout`); a test fails when an example errs without saying so.
    public let exampleFails: Bool
    /// Where the tutorials' ReactiveCocoa 2 (and ReactiveSwift) behave differently from
    /// this RxJS rule, and how to write their behaviour in frp; "" when alike.
    public let reactiveCocoa: String
    /// Names elsewhere: "RxJS: switchMap", "ReactiveSwift: flatMap(.latest)".
    public let elsewhere: [String]
    /// The operators it is often mistaken for, each with the difference.
    public let contrasts: [Contrast]

    /// Makes the stage's signal from its arguments, read by parameter name.
    public let build: Build
    /// For a source that knows what it sends when it is built (`of`, `from`, `timer`): its
    /// values, sent at once or together after a delay, before it completes. `build` is
    /// made from it, and a flattening operator runs them without subscribing to a signal
    /// (`InnerRun.immediate`, `.delayed`).
    public let known: Known?
    /// A parameter that, given, makes the source's run unknown when built (`timer DUE,
    /// PERIOD` ticks for ever): its `build` says what it does then.
    public let knownUnless: Parameter?
    /// For an operator that makes each value into at most one by itself — no state, no
    /// time, nothing read but the value and its own arguments (`map`, `mapTo`, `filter`):
    /// that function. A known run's values go through it when the run is built, so
    /// `timer 1s | mapTo it` is still a known run. Its `build` must agree with it
    /// (KnownRunTests compare the two on every such entry).
    public let each: Each?
    /// For an operator whose build is its arguments read, then applied to the signal
    /// before it (`take`): that function. `build` is made from it, and an inner
    /// pipeline's stage whose arguments are the same for every value reads them once per
    /// flatMap and applies them to each value's upstream (`Compiler.build`), rather than
    /// building `take 1` again for every value.
    public let lift: Lift?
    /// What kind of operator it is, for the few kinds the catalogue has many of (a
    /// transform, a keep, an accumulation, the first N, a counting source, a flattening):
    /// nil for any other. Its build, `each` and `lift` are derived from it (`Shapes.swift`),
    /// the planner reads it to fuse a chain or plan an inner run (`Planner`), and the fused
    /// stage reads its arguments by the shape's parameters through `StageArguments`, as
    /// the build does, so one mistake gets one message either way.
    public let shape: Shape?
    /// For a source whose every value is a record with these fields (a photo service's
    /// replies), nested ones as paths (`user.username`; a list of records holds its items'
    /// fields: `images.url`): the checker reports a field not among them before the run.
    public let recordFields: [String]?
    /// A checked stage's arguments are laid out as these: the positional parameters, then
    /// the keyword ones (a marble's error text aside, folded into the marble). The checker
    /// lays them out so and `StageArguments` reads them so.
    public let positionalParameters: [Parameter]
    public let keywordParameters: [Parameter]
    /// Their names in that order, computed once: a stage built for every value of flatMap
    /// looked its arguments up by name each time.
    let argumentOrder: [String]
    /// How `frp export` writes it in RxJS 7, or why it does not (`EntryFacts.swift`); nil
    /// for a photo service, which the export writes from its prelude.
    public let rxjs: Spelling<RxJSSpelling>?
    /// How `frp export --to combine` writes it in Swift Combine, or why it does not.
    public let combine: Spelling<CombineSpelling>?
    /// Its leaf in "Which operator do I need?", nil for a photo service.
    public let guide: GuideLeaf?

    init(_ name: String, _ role: Role, _ family: Family, _ parameters: [Parameter],
         _ summary: String, _ explanation: String = "", example: String, exampleFails: Bool = false, aliases: [String] = [],
         elsewhere: [String] = [], reactiveCocoa: String = "", contrasts: [Contrast] = [], shape: Shape? = nil,
         build: Build? = nil, known: Known? = nil, knownUnless: Parameter? = nil, each: Each? = nil, lift: Lift? = nil,
         recordFields: [String]? = nil) {
        self.name = name
        self.recordFields = recordFields
        self.role = role
        self.family = family
        self.parameters = parameters
        self.summary = summary
        self.explanation = explanation
        self.example = example
        self.exampleFails = exampleFails
        self.aliases = aliases
        self.elsewhere = elsewhere
        self.contrasts = contrasts
        self.reactiveCocoa = reactiveCocoa
        self.known = known
        self.knownUnless = knownUnless
        self.shape = shape
        let each = each ?? shape?.each, lift = lift ?? shape?.lift
        self.each = each
        self.lift = lift
        if let build = build ?? shape?.build {
            self.build = build
        } else if let lift {
            self.build = { args throws(SignalError) in try lift(args)(args.upstream) }
        } else if let known {
            self.build = Self.build(known)
        } else {
            preconditionFailure("`\(name)` needs a build")
        }
        positionalParameters = parameters.filter { $0.keyword == nil }
        keywordParameters = parameters.filter { $0.keyword != nil && $0.kind != .text }
        argumentOrder = (positionalParameters + keywordParameters).map(\.name)
        rxjs = nil
        combine = nil
        guide = nil
    }

    /// The facts an entry declares after its making (`EntryFacts.swift`).
    struct Facts {
        var rxjs: Spelling<RxJSSpelling>?
        var combine: Spelling<CombineSpelling>?
        var guide: GuideLeaf?
    }

    /// A copy of `spec` with other facts.
    private init(_ spec: OperatorSpec, _ facts: Facts) {
        (name, aliases, role, family, parameters) = (spec.name, spec.aliases, spec.role, spec.family, spec.parameters)
        (summary, explanation, example, exampleFails) = (spec.summary, spec.explanation, spec.example, spec.exampleFails)
        (reactiveCocoa, elsewhere, contrasts, recordFields) = (spec.reactiveCocoa, spec.elsewhere, spec.contrasts, spec.recordFields)
        (build, known, knownUnless, each, lift, shape) = (spec.build, spec.known, spec.knownUnless, spec.each, spec.lift, spec.shape)
        (positionalParameters, keywordParameters, argumentOrder) = (spec.positionalParameters, spec.keywordParameters, spec.argumentOrder)
        (rxjs, combine, guide) = (facts.rxjs, facts.combine, facts.guide)
    }

    /// This entry with `change` made to its facts.
    func with(_ change: (inout Facts) -> Void) -> OperatorSpec {
        var facts = Facts(rxjs: rxjs, combine: combine, guide: guide)
        change(&facts)
        return OperatorSpec(self, facts)
    }

    public var confusedWith: [String] { contrasts.map(\.name) }

    /// A known source's build: its values at once, or all together after its delay.
    static func build(_ known: @escaping Known) -> Build {
        { args throws(SignalError) in
            let run = try known(args)(args.frame)
            guard let delay = run.delay else { return .sequence(run.values.array) }
            return .timer(delay, sending: run.values, on: args.scheduler)
        }
    }

    /// Whether every value it sends is one it received, unchanged (`filter`, `take`,
    /// `delay`, `share`, `log`): what the checker knows of the values before it holds
    /// after it. A fallback signal (`timeout … with`) brings values of its own.
    /// `CatalogueTests` checks it on every entry's example.
    public var passesValues: Bool {
        role == .operator && [.filtering, .timing, .sharing, .debugging].contains(family)
            && !parameters.contains { $0.kind == .signal && $0.keyword != nil }
    }

    /// The kinds of operator the planner knows, by the parameters each reads.
    public enum Shape: Sendable {
        /// Each value becomes the expression's (`map`).
        case transform(Parameter)
        /// The values for which the condition holds go on (`filter`).
        case keep(Parameter)
        /// An accumulation from a seed, sent at every value or once at the end (`scan`, `reduce`).
        case accumulate(seed: Parameter, update: Parameter, emitsEach: Bool)
        /// The first N values, then the end (`take`).
        case first(Parameter)
        /// Whole numbers counted at the head of a chain, pushed as a loop (`range`).
        case counting(from: Parameter, count: Parameter)
        /// A pipeline run for each value and flattened (`flatMap`): not in a chain, but its
        /// runs are planned (`Planner.inner`: known when built, a counted `take`).
        case flatten(Parameter)

        /// Whether it can stand in a chain after its source.
        var isStage: Bool {
            switch self {
            case .counting, .flatten: false
            case .transform, .keep, .accumulate, .first: true
            }
        }
    }

    /// `switchMap PIPELINE`, `scan [SEED], EXPRESSION`, `cold MARBLE [VALUES] [error MESSAGE]`:
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

/// Makes a stage's signal. An argument the Signals operator refuses (`take -1`) is an error
/// event, thrown here or sent by the operator.
public typealias Build = @Sendable (StageArguments) throws(SignalError) -> Signal<Value>

/// Reads an operator's arguments and makes its function of the signal before it
/// (`OperatorSpec.lift`).
public typealias Lift = @Sendable (StageArguments) throws(SignalError) -> (Signal<Value>) -> Signal<Value>

/// What a source knows it sends (`OperatorSpec.known`): `values`, at once (as `of`) when
/// `delay` is nil, else all together after `delay`; then it completes.
public struct KnownRun {
    public var values: RunValues<Value>
    public var delay: TimeSpan?

    public init(_ values: [Value], after delay: TimeSpan? = nil) {
        self.values = .list(values)
        self.delay = delay
    }

    public init(one value: Value, after delay: TimeSpan? = nil) {
        values = .one(value)
        self.delay = delay
    }
}

/// Reads a source's arguments once and makes its run in a frame (its values may read
/// `it`: `of it, it`), once per value of a flattening operator.
public typealias Known = @Sendable (StageArguments) -> (Frame) throws(SignalError) -> KnownRun

/// Reads an operator's arguments once and makes its function of a frame and a value: the
/// value it turns it into, nil to drop it (`OperatorSpec.each`).
public typealias Each = @Sendable (StageArguments) -> (Frame, Value) throws(SignalError) -> Value?

extension KnownRun {
    /// A stage's `each`, in a class so its closure keeps its own calling convention.
    final class Fold {
        let apply: (Frame, Value) throws(SignalError) -> Value?
        init(_ apply: @escaping (Frame, Value) throws(SignalError) -> Value?) { self.apply = apply }
    }

    /// Its values through a stage's `each` (one value stays one, without a list).
    mutating func fold(_ fold: Fold, _ frame: Frame) throws(SignalError) {
        switch values {
        case .one(let value):
            values = try fold.apply(frame, value).map { .one($0) } ?? .none
        case .list(let list):
            var kept: [Value] = []
            kept.reserveCapacity(list.count)
            for value in list {
                if let result = try fold.apply(frame, value) { kept.append(result) }
            }
            values = .list(kept)
        }
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
        /// An expression evaluated for each value, with `it` bound, that must be true or
        /// false (a signal is neither: the checker says so).
        case condition
        /// An expression evaluated for each value, with `acc` and `it` bound.
        case accumulator
        /// A whole number, evaluated once.
        case count
        /// `true` or `false`, evaluated once: an option (`throttle 1s trailing true`).
        case flag
        /// A duration literal: `300ms`, `2s`.
        case duration
        /// A duration literal, or a pipeline run for each value (`it` bound) whose first
        /// value ends the wait (debounce's).
        case durationOrPipeline
        /// A signal: a parenthesised pipeline or a name.
        case signal
        /// A whole number, or a signal: a parenthesised pipeline or a name bound to one
        /// (`buffer 2`, `buffer (interval 5ms)`).
        case countOrSignal
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
    /// The largest a `.count` may be (`buffer` makes lists of at most `Limits.listItems`).
    public var maximum = Limits.largestCount
    /// The shortest a `.duration` may be (`interval 0ms` would never let time pass).
    public var shortest = TimeSpan.zero
    /// A `.duration` (or `.durationOrPipeline`) that, computed, is computed for each value
    /// with `it` bound (`delay it * 2ms`: each value waits its own time); otherwise a
    /// computed duration is read once, when the stage starts (`timer it * 200ms` in a
    /// flatMap's pipeline, where `it` is the run's value).
    public var durationOfEach = false
    /// Whether a `.marble` is drawn on one shared timeline that runs from the start of the
    /// run (`hot`), rather than anew for each subscriber (`cold`).
    public var marbleKind = Marble.Kind.cold
    /// A `.text` that, when not given, is the text of the pipeline before the stage
    /// (`log` is labelled by what it logs).
    public var defaultsToUpstreamText = false
    /// A flag that, given, makes the stage start with the run (`replay 1 eager true`): the
    /// `let` name whose signal holds it is built when the run starts, wherever it is used
    /// (`Compiler.startHotSources`), as a hot source starts.
    public var startsWithRun = false

    public init(_ name: String, _ kind: Kind, optional: Bool = false, variadic: Bool = false, keyword: String? = nil,
                minimum: Int = 0, maximum: Int = Limits.largestCount, shortest: TimeSpan = .zero,
                marbleKind: Marble.Kind = .cold, defaultsToUpstreamText: Bool = false, startsWithRun: Bool = false,
                durationOfEach: Bool = false) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
        self.isVariadic = variadic
        self.keyword = keyword
        self.minimum = minimum
        self.maximum = maximum
        self.shortest = shortest
        self.marbleKind = marbleKind
        self.defaultsToUpstreamText = defaultsToUpstreamText
        self.startsWithRun = startsWithRun
        self.durationOfEach = durationOfEach
    }

    var signature: String {
        var text = name
        if let keyword { text = "\(keyword) \(kind == .flag ? "true|false" : name)" }
        if isVariadic { text += ", ..." }
        return isOptional ? "[\(text)]" : text
    }
}

extension OperatorSpec {
    /// A source provided by the program that embeds the language (the photo services):
    /// built by the run's `SourceProvider`.
    public convenience init(name: String, role: Role, family: Family, parameters: [Parameter], summary: String, example: String,
                            recordFields: [String]? = nil) {
        self.init(name, role, family, parameters, summary, example: example,
                  build: { args throws(SignalError) in try args.service() }, recordFields: recordFields)
    }
}


/// The built-in sources and operators (docs/language.md). Service sources are added by the
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
        // A RAC2 selector, `throttle:`: the entry that names it whole.
        if name.hasSuffix(":") {
            return specs.lazy.compactMap { spec -> (library: String, spec: OperatorSpec)? in
                spec.elsewhere.contains { $0 == "RAC2: \(name)" || $0.hasPrefix("RAC2: \(name) ") } ? ("RAC2", spec) : nil
            }.first
        }
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

let builtins: [OperatorSpec] = creatingOperators + transformingOperators + cuttingOperators + [partitionOperator] + filteringOperators + conditionsOperators + combiningOperators + flatteningOperators + errorsOperators + timingOperators + sharingOperators + actionsOperators + debuggingOperators

/// A stage's arguments as `frp export` has written them in the target language, for the
/// entry's spelling there (`RxJSSpellings`, `CombineSpellings`) to put in place.
public struct WrittenArguments: Sendable {
    /// Each given argument in the target language, by parameter name: a per-value
    /// expression as a function of `it` (`(it) => …`, `{ (it) -> V in … }`), a per-value
    /// pipeline likewise, a duration in milliseconds, a variadic parameter's values joined
    /// with ", ".
    public let written: [String: String]
    /// A pipeline argument's body alone, for a spelling that names its own parameters
    /// (`retry`'s notifier is `(error, it) => …` in RxJS).
    public let bodies: [String: String]
    /// Whether a `.durationOrPipeline` or `.countOrSignal` argument was a pipeline.
    public let pipelines: Set<String>

    /// How many values a variadic parameter was given (`zip (of 2), (of 3)`: 2).
    public let counts: [String: Int]

    /// The per-value expressions that can fail (`8 / it`): Swift writes them with `try`,
    /// and an operator evaluating one is Combine's `try` form (`tryMap`).
    public let throwing: Set<String>

    /// The durations computed from values (`delay it * 2ms`), written as expressions of
    /// milliseconds (of `it`, for one computed for each value).
    public let computed: Set<String>

    public init(written: [String: String], bodies: [String: String], pipelines: Set<String>, counts: [String: Int] = [:],
                throwing: Set<String> = [], computed: Set<String> = []) {
        self.written = written
        self.bodies = bodies
        self.pipelines = pipelines
        self.counts = counts
        self.throwing = throwing
        self.computed = computed
    }

    /// A parameter's argument as written; the checker has made sure a required one is given.
    subscript(_ parameter: Parameter) -> String {
        precondition(!parameter.isOptional, "\(parameter.name) is optional: read it with [given:]")
        return written[parameter.name] ?? "undefined"
    }

    /// An optional parameter's argument as written, nil when it was not given.
    subscript(given parameter: Parameter) -> String? { written[parameter.name] }

    /// Whether a `.durationOrPipeline` or `.countOrSignal` argument was a pipeline.
    func isPipeline(_ parameter: Parameter) -> Bool { pipelines.contains(parameter.name) }

    /// Whether a duration argument was computed from values (`computed`).
    func isComputed(_ parameter: Parameter) -> Bool { computed.contains(parameter.name) }

    /// A pipeline argument's body alone (`bodies`).
    func body(_ parameter: Parameter) -> String { bodies[parameter.name] ?? "undefined" }

    /// How many values a variadic parameter was given (one when it is not variadic).
    func count(of parameter: Parameter) -> Int { counts[parameter.name] ?? 1 }

    /// Whether the argument is a per-value expression that can fail.
    func canFail(_ parameter: Parameter) -> Bool { throwing.contains(parameter.name) }
}

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
    /// Whether a `.durationOrPipeline` argument was a pipeline.
    public let pipelines: Set<String>

    /// How many values a variadic parameter was given (`zip (of 2), (of 3)`: 2).
    public let counts: [String: Int]

    /// The per-value expressions that can fail (`8 / it`): Swift writes them with `try`,
    /// and an operator evaluating one is Combine's `try` form (`tryMap`).
    public let throwing: Set<String>

    public init(written: [String: String], bodies: [String: String], pipelines: Set<String>, counts: [String: Int] = [:],
                throwing: Set<String> = []) {
        self.written = written
        self.bodies = bodies
        self.pipelines = pipelines
        self.counts = counts
        self.throwing = throwing
    }

    public subscript(_ name: String) -> String? { written[name] }
}

/// The statements a learner asks about as they ask about operators (`frp explain var`):
/// what each means, in the tutorials' words too, and examples run now in virtual time.
/// A test runs every example and fails on a diagnostic or an error event.
struct StatementTopic: Sendable {
    let name: String
    /// How it is written.
    let signature: String
    /// What it is, after the signature: `statement`, or the library whose word it is.
    var kind = "statement"
    let explanation: String
    let examples: [(caption: String, script: String)]

    static func named(_ name: String) -> StatementTopic? { all.first { $0.name == name } }

    static let all: [StatementTopic] = statements + rxjsWords

    private static let statements: [StatementTopic] = [
        StatementTopic(
            name: "var",
            signature: "var NAME = VALUE    var NAME <- PIPELINE    var NAME = VALUE <- PIPELINE",
            explanation: "A property: one value that changes. `NAME` alone prints it; in a pipeline it is a signal that sends the current value at once, then every change, and never completes. `NAME := VALUE` sets it. `var NAME <- PIPELINE` binds it: in every run that reads it, the pipeline's values set it (null until the first); `var NAME = VALUE <- PIPELINE` holds VALUE until then. A property that holds a record has fields: `NAME.FIELD` follows that field (a key path) and `NAME.FIELD := VALUE` sets it. In ReactiveCocoa 2, `RACObserve(self, NAME)` is `NAME` here and `RAC(self, NAME) = signal` is `var NAME <- PIPELINE`.",
            examples: [
                ("A property, set, and read as a signal (its current value at once):",
                 "var total = 1\ntotal := 5\ntotal | map it * 2 | take 1"),
                ("Bound to a pipeline, with a value until its first (a text field's text):",
                 #"var text = "" <- hot "-a--b|" {a: "ca", b: "cat"}"# + "\ntext | map length(it) | take 3"),
            ]),
    ]
}

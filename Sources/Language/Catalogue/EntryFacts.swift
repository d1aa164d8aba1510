/// The facts of an entry that other parts of frp read from it: how `frp export` writes it in
/// each target, and where it stands in the "which operator do I need?" guide. Each is
/// declared on the entry itself (`.rxjs { … }`, `.combine(without: "…")`, `.guide(…)`), so
/// an operator is one declaration.

/// How an entry is written in a target language, or why it is not.
public enum Spelling<Writing: Sendable>: Sendable {
    /// The stage's arguments, written in the target (`WrittenArguments`), in; the target's
    /// call out, nil for a use that has no counterpart (`share eager true`).
    case written(Writing)
    /// Why the target has no spelling for it; `frp export` says so.
    case without(String)

    /// The spelling, nil when there is none.
    public var writing: Writing? {
        if case .written(let writing) = self { writing } else { nil }
    }

    /// Why there is none, nil when there is one.
    public var reason: String? {
        if case .without(let reason) = self { reason } else { nil }
    }
}

/// A branch of "Which operator do I need? I want to ...", in the order `frp explain`
/// shows them; each entry names its own branch and leaf (`OperatorSpec.guide`).
public enum GuideBranch: String, Sendable, CaseIterable {
    case making = "make a signal"
    case changing = "change each value"
    case reducing = "get one value out of all of them, at the end"
    case filtering = "let only some values through"
    case timing = "do something with time"
    case combining = "combine signals"
    case flattening = "start a request (a pipeline) for each value"
    case errors = "handle an error"
    case sharing = "share work between subscribers"
    case actions = "run a command per button press (an action)"
    case debugging = "see what flows"
}

/// Where an entry is met in the guide: its branch, and what the reader wants, in their words
/// ("the first N, then stop").
public struct GuideLeaf: Sendable {
    public let branch: GuideBranch
    public let want: String
}

extension OperatorSpec {
    /// Its RxJS spelling (`take(\(a[n]))`).
    func rxjs(_ writing: @escaping RxJSSpelling) -> OperatorSpec {
        with { $0.rxjs = .written(writing) }
    }

    /// It has no RxJS spelling, and why.
    func rxjs(without reason: String) -> OperatorSpec {
        with { $0.rxjs = .without(reason) }
    }

    /// Its Combine spelling (`.prefix(\(n))`).
    func combine(_ writing: @escaping CombineSpelling) -> OperatorSpec {
        with { $0.combine = .written(writing) }
    }

    /// It has no Combine spelling, and why.
    func combine(without reason: String) -> OperatorSpec {
        with { $0.combine = .without(reason) }
    }

    /// Its leaf in the guide.
    func guide(_ branch: GuideBranch, _ want: String) -> OperatorSpec {
        with { $0.guide = GuideLeaf(branch: branch, want: want) }
    }
}

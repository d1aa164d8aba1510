/// How an entry is written in Swift Combine, for `frp export --to combine` (its `.combine { … }`): the stage's
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
/// spelling says why (`.combine(without:)`), and `frp export` says so. A test checks every
/// entry says one of the two, and `Tests/Combine` runs what the export writes on OpenCombine.
public typealias CombineSpelling = @Sendable (WrittenArguments) -> String?

/// A value as a count (`.collect(2)`): a whole-number literal as it is. A count computed at
/// run time (`take it`) is not exported: Combine's operators take an `Int` where frp fails
/// the run on a count that is not a whole number of 0 or more, and the closure that
/// computes it cannot throw.
func combineCount(_ written: String) -> String? { Int(written) != nil ? written : nil }

/// `.zip(b) { V.list([$0, $1]) }`, or with two signals `.zip(b, c) { V.list([$0, $1, $2]) }`:
/// frp sends the values as one list; Combine takes at most three others.
func listed(_ method: String, _ a: WrittenArguments, _ signals: Parameter) -> String? {
    let others = a.count(of: signals)
    guard (1...2).contains(others) else { return nil }
    return "\(method)(\(a[signals])) { V.list([" + (0...others).map { "$\($0)" }.joined(separator: ", ") + "]) }"
}

/// `.map { … }`; where the closure can fail (`8 / it`), Combine's `try` form (`.tryMap { … }`),
/// its error made frp's again (`SignalError.of`).
func evaluating(_ method: String, _ a: WrittenArguments, _ parameter: Parameter, _ arguments: String = "") -> String {
    let written = a[given: parameter] ?? "undefined"
    guard a.canFail(parameter) else { return ".\(method)\(arguments) \(written)" }
    return ".try\(method.prefix(1).uppercased() + method.dropFirst())\(arguments) \(written).mapError(SignalError.of)"
}

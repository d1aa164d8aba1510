/// Bounds that keep a run's memory and stack finite: a value that would grow past them is
/// an error event naming the limit, and a program that would be too deep to compile or
/// subscribe to is a diagnostic — not a process killed for its memory or its stack.
public enum Limits {
    /// Items in one value, counting those of the lists and records inside it
    /// (`reduce [], acc + [it]`, `buffer N`, `scan [], [acc, acc]`).
    public static let listItems = 1_000_000
    /// Bytes in one text.
    public static let stringBytes = 16 << 20
    /// Characters of a value printed as an event (`next …`, `log`): a list of a million
    /// items is eight megabytes of text, and a thousand of them would not end.
    public static let printedCharacters = 10_000
    /// How deep lists and records may nest in a value (`scan [], [acc]` adds a level per
    /// event): printing, comparing and freeing a value recurse once per level.
    public static let valueNesting = 200
    /// How deep one statement may go: its stages one after the other, those of the `let`
    /// names it uses, and its inner pipelines and expressions. Compiling and subscribing
    /// recurse once per level, so a deeper statement would overflow the stack.
    public static let statementDepth = 500
    /// The largest count an operator takes (`take N`, `retry N`, `range FROM, COUNT`), just
    /// under 1e15: counts are numbers, every whole number is one exactly up to 2^53 (about
    /// 9e15), and two of them added (`range`'s end) stay exact. The checker refuses a bigger
    /// one where it is written; one computed in the run is an error event.
    public static let largestCount = 999_999_999_999_999
    /// Parts of one statement once its `let` values are filled in (each use is compiled
    /// on its own, so `let b = [a, a]`, `let c = [b, b]`, ... doubles at every line).
    public static let statementParts = 100_000
    /// Stages one statement may gain from the definitions it uses, put in place (each use
    /// is checked and compiled on its own): `def d1 = d0 | d0`, `def d2 = d1 | d1`, ...
    /// doubles at every line, and 39 such lines held a server for ten minutes.
    public static let expandedStages = 10_000

}

// MARK: The size of a value

extension Value {
    /// What is wrong with the size of a value built from these parts, if anything: more
    /// items than `Limits.listItems` in all, or nesting deeper than `Limits.valueNesting`.
    /// It walks at most that many items, so a value that shares its parts many times over
    /// costs no more to check than a plain one.
    static func checkSize(ofContainerWith elements: some Collection<Value>) throws(EvaluationFailure) {
        // Numbers and strings only: nothing nests (the common case, checked first).
        guard elements.contains(where: \.isContainer) else { return }
        var measure = SizeMeasure()
        if !measure.fits(elements, depth: 1) {
            throw measure.items > Limits.listItems
                ? EvaluationFailure.tooLong("list", Limits.listItems, "items (lists inside it included)") : EvaluationFailure.tooDeep
        }
    }

    var isContainer: Bool {
        switch self {
        case .list, .record, .signal: return true
        default: return false
        }
    }
}

/// Counts items and nesting, stopping as soon as either is over its limit.
private struct SizeMeasure {
    var items = 0

    mutating func fits(_ elements: some Collection<Value>, depth: Int) -> Bool {
        guard depth <= Limits.valueNesting else { return false }
        items += elements.count
        guard items <= Limits.listItems else { return false }
        for element in elements {
            switch element {
            case .list(let inner): if !fits(inner, depth: depth + 1) { return false }
            case .record(let record): if !fits(record.fields.lazy.map(\.value), depth: depth + 1) { return false }
            default: break
            }
        }
        return true
    }
}

extension Value {
    /// The value as an event line shows it: cut after `Limits.printedCharacters`.
    public var printed: String { abbreviated(to: Limits.printedCharacters) }
}

// MARK: What a trace keeps of a value

extension Value {
    /// Whether the value may hold much more than its `summary` (checked without walking it).
    public var isBig: Bool {
        switch self {
        case .string(let text): return text.utf8.count > Value.summaryCharacters
        case .list, .record, .signal: return true
        default: return false
        }
    }

    /// The beginning of a value: the first `summaryCharacters` of a text, at most
    /// `summaryItems` items of lists and records (depth first). Written out, it begins with
    /// the same `summaryCharacters / 3` characters as the value (each item takes at least
    /// three: `1, `), so a legend that shows fewer reads the same; it is what a trace keeps
    /// of each event, so that its memory stays bounded whatever flows. A signal (`map
    /// (search it)`) is kept as a stand-in that reads the same (`<signal>`) and holds no
    /// part of the run: the trace holding a signal that holds the trace's probes was a
    /// cycle that kept the run in memory (LeakSanitizer found it).
    public var summary: Value {
        var budget = Value.summaryItems
        return summarized(&budget)
    }

    static let summaryCharacters = 120
    static let summaryItems = 64

    private func summarized(_ budget: inout Int) -> Value {
        switch self {
        // What was cut is said, with how much there was: two big values that begin alike
        // but differ in size read differently (and get different letters in a diagram).
        // (Its size in bytes: counting characters walks the whole text, and a trace keeps
        // a summary of every event: `scan "", acc + "x"` took seconds for that alone.)
        case .string(let text) where text.utf8.count > Value.summaryCharacters:
            return .string(String(text.prefix(Value.summaryCharacters)) + "… (\(text.utf8.count) bytes)")
        case .list(let values):
            var kept: [Value] = []
            for value in values {
                guard budget > 0 else { break }
                budget -= 1
                kept.append(value.summarized(&budget))
            }
            if kept.count < values.count { kept.append(.string("… \(values.count) items")) }
            return .list(kept)
        case .record(let record):
            var kept: [(name: String, value: Value)] = []
            for field in record.fields {
                guard budget > 0 else { break }
                budget -= 1
                kept.append((field.name, field.value.summarized(&budget)))
            }
            if kept.count < record.fields.count { kept.append(("…", .string("\(record.fields.count) fields"))) }
            return .record(Record(kept))
        case .signal(let signal):
            return .signal(SignalValue(.never, key: signal.key?.summarized(&budget)))
        default:
            return self
        }
    }
}

// MARK: The size of a statement

/// How deep and how big a checked statement is, as the compiler and a run will recurse
/// through it. A `let` signal is measured once, where it is bound, and counts with its depth
/// where it is used (the compiler makes it once per run); a `let` value is part of every
/// expression that uses it. The walk stops once a limit is passed, so it never recurses
/// deeper than `Limits.statementDepth` itself.
struct StatementExtent {
    /// The depth of each signal bound with `let`, at its end.
    let boundDepths: [String: Int]
    private(set) var deepest = 0
    private(set) var parts = 0

    init(boundDepths: [String: Int]) {
        self.boundDepths = boundDepths
    }

    var withinLimits: Bool { deepest <= Limits.statementDepth && parts <= Limits.statementParts }

    /// Measures a pipeline that starts at `depth`; returns the depth where it ends.
    @discardableResult
    mutating func measure(_ pipeline: CheckedPipeline, at depth: Int) -> Int {
        guard withinLimits else { return depth }
        var level: Int
        switch pipeline.head {
        case .source(let stage): level = depth + 1; measure(stage, at: level)
        case .binding(let name, _): level = depth + (boundDepths[name] ?? 0)
        case .property: level = depth + 1
        case .propertyField(_, let read): level = depth + 1; measure(read, at: level)
        case .value(let expression): level = depth + 1; measure(expression, at: level)
        }
        note(level)
        for stage in pipeline.stages {
            level += 1
            note(level)
            measure(stage, at: level)
        }
        return level
    }

    private mutating func measure(_ stage: CheckedStage, at depth: Int) {
        parts += 1
        for argument in stage.arguments {
            guard withinLimits else { return }
            switch argument {
            case .expression(let expression): measure(expression, at: depth + 1)
            case .pipeline(let inner): measure(inner, at: depth)
            case .marble(_, let values?, _, _): measure(values, at: depth + 1)
            default: break
            }
        }
    }

    private mutating func measure(_ expression: CheckedExpression, at depth: Int) {
        note(depth)
        parts += 1
        guard withinLimits else { return }
        switch expression {
        case .constant, .it, .acc, .error, .property: break
        case .field(let base, _, _), .negate(let base, _), .not(let base, _): measure(base, at: depth + 1)
        case .index(let base, let index, _): measure(base, at: depth + 1); measure(index, at: depth + 1)
        case .binary(_, let left, let right, _): measure(left, at: depth + 1); measure(right, at: depth + 1)
        case .call(_, let arguments, _), .list(let arguments, _):
            for argument in arguments { measure(argument, at: depth + 1) }
        case .record(let fields, _):
            for field in fields { measure(field.1, at: depth + 1) }
        case .conditional(let condition, let then, let otherwise, _):
            measure(condition, at: depth + 1); measure(then, at: depth + 1); measure(otherwise, at: depth + 1)
        case .pipeline(let pipeline): measure(pipeline, at: depth)
        }
    }

    private mutating func note(_ depth: Int) { deepest = max(deepest, depth) }
}

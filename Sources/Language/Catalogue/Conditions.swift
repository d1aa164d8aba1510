import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let condition = Parameter("CONDITION", .condition)
    fileprivate static let defaultValue = Parameter("DEFAULT", .value, optional: true)
    fileprivate static let key = Parameter("KEY", .perValue, optional: true)
    fileprivate static let n = Parameter("N", .count)
    fileprivate static let optionalCondition = Parameter("CONDITION", .condition, optional: true)
    fileprivate static let fieldNames = Parameter("NAME", .value, variadic: true)
    fileprivate static let notifier = Parameter("NOTIFIER", .signal)
    fileprivate static let other = Parameter("SIGNAL", .signal)
    fileprivate static let value = Parameter("VALUE", .value)
    fileprivate static let values = Parameter("VALUE", .value, variadic: true)
}

/// The entries that ask a question of the whole signal (is it empty, does every value
/// hold, which is least), or keep values by their place or by having been seen:
/// RxMarbles' conditional, mathematical and filtering words.
let conditionsOperators: [OperatorSpec] = [
    .init("defaultIfEmpty", .operator, .transforming, [.value],
          "Forwards the source; sends VALUE when it completes without having sent anything.",
          "The placeholder for an empty answer: a search that found nothing shows \"no results\" instead of nothing. An error is not empty: it goes on as it is.",
          example: #"cold "---|" | defaultIfEmpty "none""#,
          elsewhere: ["RxJS: defaultIfEmpty", "RxSwift: ifEmpty(default:)", "ReactiveSwift: (none; a reduce to a flag, then map)", "RAC2: (none)"],
          contrasts: [
            .init("startWith", "startWith sends its value first, always; defaultIfEmpty only at the end, and only when nothing came."),
            .init("isEmpty", "isEmpty sends only whether anything came; defaultIfEmpty forwards what came, or its value."),
          ], lift: { args throws(SignalError) in
        let value = try args.value(.value)
        return { $0.defaultIfEmpty(value) }
    })
    .guide(.combining, "a value in place of nothing (\"no results\")")
    .rxjs { a in "defaultIfEmpty(\(a[.value]))" }
    .combine { a in ".replaceEmpty(with: \(a[.value]))" },
    .init("every", .operator, .transforming, [.condition],
          "Sends true when the source completes and every value met the condition; false at the first that did not (and stops the source).",
          "A question about all of them: it can answer no at once, but yes only at the end, so on a source that never ends and always holds it never answers. An empty source answers true.",
          example: #"cold "-a-b-c|" {a: 2, b: 4, c: 5} | every it % 2 == 0"#, aliases: ["all"],
          elsewhere: ["RxJS: every", "RxSwift: (none; allSatisfy in RxSwiftExt)", "ReactiveSwift: all(_:)", "RAC2: all:"],
          contrasts: [
            .init("find", "find sends the first value that meets the condition; every asks whether all do."),
            .init("sequenceEqual", "sequenceEqual compares each value with another signal's at its place; every asks a condition of each."),
            .init("any", "any answers yes at the first value that meets the condition; every answers no at the first that does not."),
          ]) { args throws(SignalError) in
        let holds = args.condition(.condition)
        return args.upstream.settle({ value, _ throws(SignalError) in try holds(value) ? nil : Value.bool(false) }, atEnd: .bool(true))
    }
    .guide(.reducing, "whether every one meets a condition")
    .rxjs { a in "every(\(a[.condition]))" }
    .combine { a in evaluating("allSatisfy", a, .condition) + ".map { V.bool($0) }" },
    .init("any", .operator, .transforming, [.optionalCondition],
          "Sends true at the first value (that meets CONDITION, when given) and stops the source; false when it completes without one.",
          "The other side of every: one value is enough for yes, and no can come only at the end. Without a condition it asks whether anything came at all (`isEmpty | not`).",
          example: #"cold "-a-b-c|" {a: 1, b: 4, c: 5} | any it % 2 == 0"#,
          elsewhere: ["RAC2: any: (without a block: any)", "RxJS: (none; `every` of the opposite, negated)", "RxSwift: (none)", "ReactiveSwift: (none)"],
          contrasts: [
            .init("every", "every answers no at the first value that fails the condition; any answers yes at the first that meets it."),
            .init("find", "find sends the first value that meets the condition (null when none); any only whether there was one."),
          ]) { args throws(SignalError) in
        guard args.has(.optionalCondition) else {
            return args.upstream.settle({ _, _ throws(SignalError) in Value.bool(true) }, atEnd: .bool(false))
        }
        let holds = args.condition(.optionalCondition)
        return args.upstream.settle({ value, _ throws(SignalError) in try holds(value) ? Value.bool(true) : nil }, atEnd: .bool(false))
    }
    .guide(.reducing, "whether any one meets a condition")
    .rxjs { a in
        guard let condition = a[given: .optionalCondition] else { return "isEmpty(), map((empty) => !empty)" }
        return "every((v) => !(\(condition))(v)), map((all) => !all)"
    }
    .combine { a in
        guard a[given: .optionalCondition] != nil else { return ".first().map { _ in V.bool(true) }.replaceEmpty(with: V.bool(false))" }
        return evaluating("contains", a, .optionalCondition) + ".map { V.bool($0) }"
    },
    .init("isEmpty", .operator, .transforming, [],
          "Sends false at the first value (and stops the source), true when it completes without one.",
          "A question answered as soon as it can be: one value is enough for no. `isEmpty | not` is \"any values at all\".",
          example: #"cold "----|" | isEmpty"#,
          elsewhere: ["RxJS: isEmpty", "RxSwift: (none; take(1) then reduce)", "ReactiveSwift: (none)", "RAC2: (none; any answers the other way)"],
          contrasts: [.init("defaultIfEmpty", "defaultIfEmpty forwards the values and fills in an empty end; isEmpty sends only the answer.")]) { args throws(SignalError) in
        args.upstream.settle({ _, _ throws(SignalError) in Value.bool(false) }, atEnd: .bool(true))
    }
    .guide(.reducing, "whether there were none at all")
    .rxjs { _ in "isEmpty()" }
    .combine { _ in ".first().map { _ in V.bool(false) }.replaceEmpty(with: V.bool(true))" },
    .init("find", .operator, .transforming, [.condition],
          "Sends the first value that meets the condition, and completes (stopping the source); null when the source completes without one.",
          "Like `first CONDITION`, but an empty answer is null, not an error (RxJS's undefined).",
          example: #"cold "-a-b-c|" {a: 1, b: 4, c: 6} | find it > 3"#,
          elsewhere: ["RxJS: find", "RxSwift: (none; filter then take(1))", "ReactiveSwift: filter then take(first: 1)", "RAC2: filter: then take:1"],
          contrasts: [
            .init("first", "`first CONDITION` fails when no value meets it; find sends null."),
            .init("findIndex", "findIndex sends where the value was (from 0), or -1; find sends the value."),
            .init("every", "every asks whether all values meet the condition; find sends the first that does."),
            .init("any", "any sends only whether a value met the condition; find sends that value (or null)."),
          ]) { args throws(SignalError) in
        let holds = args.condition(.condition)
        return args.upstream.settle({ value, _ throws(SignalError) in try holds(value) ? value : nil }, atEnd: .null)
    }
    .guide(.reducing, "the first that meets a condition, or null")
    .rxjs { a in "find(\(a[.condition]))" }
    .combine(without: "Combine's first(where:) completes empty where frp sends null; the export does not write the difference yet"),
    .init("findIndex", .operator, .transforming, [.condition],
          "Sends the place (from 0) of the first value that meets the condition, and completes; -1 when none does.",
          "The place counts every value the source sent, those that did not meet the condition too.",
          example: #"cold "-a-b-c|" {a: 1, b: 4, c: 6} | findIndex it > 3"#,
          elsewhere: ["RxJS: findIndex", "RxSwift: (none; enumerated, then filter)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [.init("find", "find sends the value itself, or null; findIndex its place, or -1.")]) { args throws(SignalError) in
        let holds = args.condition(.condition)
        return args.upstream.settle({ value, index throws(SignalError) in try holds(value) ? Value.number(Double(index)) : nil }, atEnd: .number(-1))
    }
    .guide(.reducing, "where the first that meets a condition was, or -1")
    .rxjs { a in "findIndex(\(a[.condition]))" }
    .combine(without: "Combine has no findIndex operator"),
    .init("elementAt", .operator, .filtering, [.n, .defaultValue],
          "Sends the value at place N (from 0) and completes; when the source completes sooner, DEFAULT, or an error without one.",
          "It stops the source once it has its value. `elementAt 0` is `first`; the error when there are too few values is RxJS's ArgumentOutOfRangeError.",
          example: #"cold "-a-b-c|" | elementAt 1"#,
          elsewhere: ["RxJS: elementAt", "RxSwift: element(at:)", "ReactiveSwift: skip(first: N) then take(first: 1)", "RAC2: skip: then take:1"],
          contrasts: [.init("first", "first sends the value at place 0; elementAt any place.")]) { args throws(SignalError) in
        args.upstream.elementAt(try args.count(.n), default: try args.optionalValue(.defaultValue))
    }
    .guide(.reducing, "the one at a place (the third: 2)")
    .rxjs { a in "elementAt(\(trailing([a[given: .n], a[given: .defaultValue]])))" }
    .combine(without: "Combine's output(at:) completes quietly when there are too few values, where frp fails"),
    .init("single", .operator, .filtering, [.optionalCondition],
          "Sends the one value (that meets CONDITION, when given) when the source completes; fails when a second one comes, or when none did.",
          "For an answer that must be unique: a second match fails at once and stops the source; an end without a match fails too (RxJS's single, its SequenceError and EmptyError). `first` takes the first match and stops; `single` checks that there is no other.",
          example: #"cold "-a-b-c|" {a: 1, b: 2, c: 3} | single it % 2 == 0"#,
          elsewhere: ["RxJS: single", "RxSwift: single", "ReactiveSwift: (none; collect, then a check)", "RAC2: (none)"],
          contrasts: [.init("first", "first takes the first value that meets the condition and stops; single waits for the end and fails when a second one meets it.")]) { args throws(SignalError) in
        args.upstream.single(args.has(.optionalCondition) ? args.condition(.optionalCondition) : { _ throws(SignalError) in true })
    }
    .guide(.reducing, "the one that meets a condition, which must be the only one")
    .rxjs { a in "single(\(a[given: .optionalCondition] ?? ""))" }
    .combine(without: "Combine has no single operator"),
    .init("sequenceEqual", .operator, .transforming, [.other],
          "Sends true when the source and SIGNAL send equal values in the same order and both complete; false at the first difference, or when one sends more.",
          "Both are subscribed at once and compared value by value as they come (deep equality, as `==`): a difference answers at once and stops both. Useful to check a sequence of inputs against a known one (a key code, a gesture).",
          example: #"cold "-a-b-c|" | sequenceEqual (cold "--a-b-c|")"#,
          elsewhere: ["RxJS: sequenceEqual", "RxSwift: (none; zip, then every)", "ReactiveSwift: (none; zip, then a reduce)", "RAC2: (none)"],
          contrasts: [.init("every", "every asks a condition of each value; sequenceEqual compares each value with the other signal's at its place.")]) { args throws(SignalError) in
        args.upstream.sequenceEqual(args.signal(.other)).map { .bool($0) }
    }
    .guide(.reducing, "whether another signal sends the same values, in order")
    .rxjs { a in "sequenceEqual(\(a[.other]), eq)" }
    .combine(without: "Combine has no sequenceEqual operator"),
    .init("ignoreElements", .operator, .transforming, [],
          "Drops every value; forwards the completion or the error.",
          "For when only the end matters (a save finished, or failed). `then` goes on with another signal after the end; `ignoreElements` just passes the end on.",
          example: #"cold "-a-b-|" | ignoreElements"#, aliases: ["ignoreValues"],
          elsewhere: ["RxJS: ignoreElements", "RxSwift: ignoreElements", "ReactiveSwift: (none; filter { _ in false })", "RAC2: ignoreValues"],
          contrasts: [.init("then", "then drops the values too, and then subscribes to another signal; ignoreElements only ends.")],
          lift: { _ throws(SignalError) in { $0.ignoreValues() } })
    .guide(.filtering, "none: only the end, completed or failed")
    .rxjs { _ in "ignoreElements()" }
    .combine { _ in ".filter { _ in false }" },
    .init("skipLast", .operator, .filtering, [.n],
          "Forwards all but the last N values: each goes out when N more have come after it.",
          "It cannot know a value is not among the last N until N more come, so everything is N values late; the last N are never sent.",
          example: #"cold "-a-b-c-d|" | skipLast 2"#,
          elsewhere: ["RxJS: skipLast", "RxSwift: (none)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [.init("takeLast", "takeLast sends the last N, at the end; skipLast all the others, as it goes.")], lift: { args throws(SignalError) in
        let count = try args.count(.n)
        return { $0.skipLast(count) }
    })
    .guide(.filtering, "all but the last N")
    .rxjs { a in "skipLast(\(a[.n]))" }
    .combine(without: "Combine has no skipLast operator"),
    .init("distinct", .operator, .filtering, [.key],
          "Forwards a value (or one whose KEY, when given) that was not seen before in this run.",
          "Every key seen is kept until the end, so on a long signal of new keys the memory grows; `distinctUntilChanged` keeps only the last. `distinct user.id` keeps one photo per user.",
          example: #"cold "-a-b-a-c-b|" | distinct"#,
          elsewhere: ["RxJS: distinct", "RxSwift: (none; distinct in RxSwiftExt)", "ReactiveSwift: uniqueValues()", "RAC2: (none)"],
          contrasts: [
            .init("distinctUntilChanged", "distinctUntilChanged drops only a repeat of the value just before; distinct any value seen before."),
            .init("groupBy", "groupBy sends a signal of every value of each key; distinct only the first value of each."),
          ]) { args throws(SignalError) in
        args.upstream.distinct(key: args.perValue(.key))
    }
    .guide(.filtering, "but never a value seen before")
    // RxJS's distinct keeps keys in a Set (the same object, not the same value): a key is
    // written as frp prints it, so equal lists and records are one key, as in frp.
    .rxjs { a in "distinct((it) => text((\(a[given: .key] ?? "(it) => it"))(it)))" }
    .combine(without: "Combine has no distinct operator (removeDuplicates drops repeats in a row only)"),
    .init("toArray", .operator, .transforming, [],
          "Sends every value as one list when the source completes.",
          "It waits for the end: on a source that never completes it never sends. An empty source sends `[]`.",
          example: #"cold "-a-b-c|" | toArray"#, aliases: ["collect"],
          elsewhere: ["RxJS: toArray", "RxSwift: toArray", "ReactiveSwift: collect()", "RAC2: collect"],
          contrasts: [.init("buffer", "buffer N sends a list of every N values as they come; toArray one list at the end (`reduce [], acc + [it]` written out).")], lift: { _ throws(SignalError) in { $0.toArray().map { .list($0) } } })
    .guide(.reducing, "all of them, as one list")
    .rxjs { _ in "toArray()" }
    .combine { _ in ".collect().map { V.list($0) }" },
    .init("endWith", .operator, .transforming, [.values],
          "Forwards the source; sends the values when it completes, then completes.",
          "The mirror of startWith. After an error nothing is added: the error goes out alone.",
          example: #"cold "-a-b|" | endWith "x", "y""#,
          elsewhere: ["RxJS: endWith", "RxSwift: concat(Observable.of(…))", "ReactiveSwift: concat(value:)", "RAC2: concat: of a RACSignal return:"],
          contrasts: [.init("startWith", "startWith sends its values before the source; endWith after it completes (concat goes on with a whole signal).")]) { args throws(SignalError) in
        args.upstream.endWith(try args.values(.values))
    }
    .guide(.combining, "values after everything else")
    .rxjs { a in "endWith(\(a[.values]))" }
    .combine { a in ".append(\(a[.values]))" },
    .init("skipUntil", .operator, .filtering, [.notifier],
          "Drops the source's values until the notifier sends its first value, then forwards them.",
          "The notifier is subscribed first; if it ends without a value, nothing is ever forwarded. Use it to ignore what a signal says before something is ready.",
          example: #"cold "-a-b-c-d|" | skipUntil (cold "----x|")"#,
          elsewhere: ["RxJS: skipUntil", "RxSwift: skip(until:)", "ReactiveSwift: skip(until:)", "RAC2: (none)"],
          contrasts: [.init("skipWhile", "skipWhile drops values while a condition holds; skipUntil until another signal sends.")]) { args throws(SignalError) in
        args.upstream.skipUntil(args.signal(.notifier))
    }
    .guide(.filtering, "from when another signal first sends on")
    .rxjs { a in "skipUntil(\(a[.notifier]))" }
    .combine(without: "Combine has no skipUntil operator (drop(untilOutputFrom:) is near, but ignores an error of the other)"),
    .init("pluck", .operator, .transforming, [.fieldNames],
          "Sends the field NAME of each value (a path of names goes deeper: `pluck \"user\", \"username\"`); null where there is none.",
          "RxJS's older spelling of `map it.NAME`, which it deprecates. Unlike `map it.name`, a missing field is null, not an error.",
          example: #"cold "-a-b|" {a: {name: "Ann"}, b: {name: "Bo"}} | pluck "name""#,
          elsewhere: ["RxJS: pluck (deprecated: map)", "RxSwift: map(\\.name)", "ReactiveSwift: map(\\.name)", "RAC2: map: with valueForKey:"],
          contrasts: [.init("map", "`map it.name` fails on a value without the field; `pluck \"name\"` sends null.")]) { args throws(SignalError) in
        let names = try args.values(.fieldNames).map { name throws(SignalError) -> String in
            guard case .string(let text) = name else { throw EvaluationFailure.wrongArgument("pluck", needs: "field names as text, like pluck \"name\"", found: name.kindDescription).at(args.site).signalError }
            return text
        }
        return args.upstream.map { value in
            names.reduce(value) { current, name in
                if case .record(let record) = current { record[name] ?? .null } else { .null }
            }
        }
    }
    .guide(.changing, "into one of its fields, null when it has none")
    .rxjs { a in "pluck(\(a[.fieldNames]))" }
    .combine(without: "Combine's map over a key path needs a type the export's values do not have"),
] + [extremum("min", "smallest", contrast: ("max", "max keeps the largest (min is a reduce that keeps the smaller of two).")),
   extremum("max", "largest", contrast: ("min", "min keeps the smallest (max is a reduce that keeps the larger of two)."))]

/// `min` or `max`: the one value kept by comparing keys, RxJS's seedless reduce, where a
/// later value with the same key replaces the one kept.
private func extremum(_ name: String, _ which: String, contrast: (name: String, difference: String)) -> OperatorSpec {
    let smallest = name == "min"
    return .init(name, .operator, .transforming, [.key],
                 "Sends the \(which) value (by KEY, when given) when the source completes; nothing when it sent none.",
                 "Numbers with numbers, texts with texts (anything else is an error event). Of values with the same key, the later is sent, as RxJS's \(name) does. `\(name) rating` sends the photo with the \(smallest ? "lowest" : "highest") rating.",
                 example: #"cold "-a-b-c|" {a: 3, b: 1, c: 2} | "# + name,
                 elsewhere: ["RxJS: \(name)", "RxSwift: (none; reduce)", "ReactiveSwift: (none; reduce)", "RAC2: (none; aggregateWithStart:reduce:)"],
                 contrasts: [.init(contrast.name, contrast.difference)]) { args throws(SignalError) in
        let key = args.perValue(.key), site = args.site
        // The kept value stays only when it is strictly better than the later one.
        return args.upstream.keepBest { later, kept throws(SignalError) in
            let (kept, later) = (try key(kept), try key(later))
            return try !(smallest ? Value.isLess(kept, than: later, at: site) : Value.isLess(later, than: kept, at: site))
        }
    }
    .guide(.reducing, "the \(which) (by a key)")
    // RxJS's comparer keeps the later of two equal keys when it says the later is better.
    .rxjs { a in a[given: .key].map { smallest ? "min((a, b) => (\($0))(a) < (\($0))(b) ? -1 : 1)" : "max((a, b) => (\($0))(a) > (\($0))(b) ? 1 : -1)" } ?? "\(name)()" }
    .combine(without: "Combine's \(name)(by:) keeps which of two equal values it likes; the export does not write RxJS's rule yet")
}

extension Value {
    /// `a < b` as the language compares (numbers with numbers, texts with texts); an error
    /// event at the stage otherwise.
    static func isLess(_ a: Value, than b: Value, at site: Site) throws(SignalError) -> Bool {
        do throws(EvaluationFailure) { return try Operations.compare(.less, a, b) } catch { throw error.at(site).signalError }
    }
}

import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let condition = Parameter("CONDITION", .condition)
    fileprivate static let defaultValue = Parameter("DEFAULT", .value, optional: true, keyword: "default")
    fileprivate static let field = Parameter("NAME", .value)
    fileprivate static let inclusive = Parameter("INCLUSIVE", .flag, optional: true)
    fileprivate static let key = Parameter("KEY", .perValue, optional: true)
    fileprivate static let n = Parameter("N", .count)
    fileprivate static let notifier = Parameter("NOTIFIER", .signal)
    fileprivate static let optionalCondition = Parameter("CONDITION", .condition, optional: true)
}

/// The filtering entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let filteringOperators: [OperatorSpec] = [
    .init("filter", .operator, .filtering, [.condition],
          "Forwards the values for which the condition is true.",
          "A value that fails is dropped and the signal goes on; the times of the values that pass do not change.",
          example: #"cold "-a-b-c-d|" {a: 1, b: 2, c: 3, d: 4} | filter it % 2 == 0"#,
          elsewhere: ["RxJS: filter", "ReactiveSwift: filter", "RAC2: filter:"],
          contrasts: [
            .init("takeWhile", "takeWhile completes at the first value that fails; filter drops that value and goes on."),
            .init("partition", "partition keeps the values that fail the condition too, as a second named signal; filter drops them."),
          ],
          shape: .keep(.condition))
    .guide(.filtering, "those that meet a condition")
    .rxjs { a in "filter(\(a[.condition]))" }
    .combine { a in evaluating("filter", a, .condition) },
    .init("take", .operator, .filtering, [.n],
          "Forwards the first N values, then completes (and stops the source).",
          "It completes with its Nth value and disposes the source at once, which cancels whatever the source was doing (a request, a timer).",
          example: #"cold "-a-b-c-|" | take 2"#,
          elsewhere: ["RxJS: take", "ReactiveSwift: take(first:)", "RAC2: take:"],
          contrasts: [
            .init("first", "first is take 1 that fails when the source completes without a value; take 1 just completes."),
            .init("takeUntil", "takeUntil stops when another signal sends, not after a number of values."),
            .init("takeLast", "takeLast N waits for the end and sends the last N values; take N sends the first N as they come."),
          ], shape: .first(.n))
    .guide(.filtering, "the first N, then stop")
    .rxjs { a in "take(\(a[.n]))" }
    .combine { a in combineCount(a[.n]).map { ".take(\($0))" } },
    .init("skip", .operator, .filtering, [.n],
          "Drops the first N values.",
          "After those N, everything goes through, ends included.",
          example: #"cold "-a-b-c|" | skip 1"#,
          elsewhere: ["RxJS: skip", "ReactiveSwift: skip(first:)", "RAC2: skip:"],
          contrasts: [.init("skipWhile", "skipWhile drops values while a condition holds, however many; skip drops a number of them.")],
          lift: { args throws(SignalError) in
        let count = try args.count(.n)
        return { $0.skip(count) }
    })
    .guide(.filtering, "all but the first N")
    .rxjs { a in "skip(\(a[.n]))" }
    .combine { a in combineCount(a[.n]).map { ".dropFirst(\($0))" } },
    .init("takeWhile", .operator, .filtering, [.condition, .inclusive],
          "Forwards values while the condition holds; completes at the first that fails it (and sends that one too when INCLUSIVE is true).",
          "The failing value is not sent unless INCLUSIVE (RxJS's flag: `takeWhile it < 3, true`), and the source is stopped: later values that would pass never come.",
          example: #"cold "-a-b-c-d|" {a: 1, b: 2, c: 3, d: 1} | takeWhile it < 3"#,
          elsewhere: ["RxJS: takeWhile", "ReactiveSwift: take(while:)", "RAC2: takeWhileBlock:"],
          contrasts: [
            .init("filter", "filter drops a value that fails and goes on; takeWhile ends there."),
            .init("takeUntil", "takeUntil ends when another signal sends; takeWhile when a value fails a condition."),
          ]) { args throws(SignalError) in
        args.upstream.takeWhile(inclusive: try args.flag(.inclusive) ?? false, args.condition(.condition))
    }
    .guide(.filtering, "while a condition holds, then stop")
    .rxjs { a in "takeWhile(\(trailing([a[given: .condition], a[given: .inclusive]])))" }
    .combine { a in a[given: .inclusive] == nil || a[given: .inclusive] == "false" ? evaluating("prefix", a, .condition) : nil },
    .init("skipWhile", .operator, .filtering, [.condition],
          "Drops values while the condition holds, then forwards everything.",
          "Once a value fails the condition, the condition is never asked again: later values pass even if they would hold.",
          example: #"cold "-a-b-c-d|" {a: 1, b: 2, c: 3, d: 1} | skipWhile it < 3"#,
          elsewhere: ["RxJS: skipWhile", "ReactiveSwift: skip(while:)", "RAC2: skipWhileBlock:"],
          contrasts: [
            .init("skip", "skip drops a fixed number of values; skipWhile as many as hold the condition."),
            .init("skipUntil", "skipUntil drops values until another signal sends; skipWhile while a condition holds."),
          ]) { args throws(SignalError) in
        args.upstream.skipWhile(args.condition(.condition))
    }
    .guide(.filtering, "from the first that fails a condition on")
    .rxjs { a in "skipWhile(\(a[.condition]))" }
    .combine { a in evaluating("drop", a, .condition) },
    .init("takeUntil", .operator, .filtering, [.notifier],
          "Forwards values until the notifier sends a value, then completes (and stops both).",
          "The cell-reuse pattern: a download runs until the cell is reused, and then it is cancelled.",
          example: #"cold "-a-b-c-d-|" | takeUntil (cold "----x|")"#,
          elsewhere: ["RxJS: takeUntil", "ReactiveSwift: take(until:)", "RAC2: takeUntil:"],
          reactiveCocoa: "RAC 2's takeUntil: (and ReactiveSwift's take(until:)) also stops when the trigger completes without a value; here only a value stops it. For theirs, write `takeUntil (T | concat (of 0))`: the trigger's completion becomes a value.",
          contrasts: [
            .init("take", "take stops after a number of values; takeUntil when another signal sends."),
            .init("takeWhile", "takeWhile stops at a value that fails a condition; takeUntil at another signal's value."),
          ]) { args throws(SignalError) in
        args.upstream.takeUntil(args.signal(.notifier))
    }
    .guide(.filtering, "until another signal says stop (a reused cell)")
    .rxjs { a in "takeUntil(\(a[.notifier]))" }
    .combine { a in ".takeUntil(\(a[.notifier]))" },
    .init("first", .operator, .filtering, [.optionalCondition, .defaultValue],
          "Forwards the first value (that meets CONDITION, when given), then completes; fails if there is none, or sends DEFAULT when given.",
          "Use it when a value must come; when none may, `take 1` ends quietly instead, and `first default V` sends V. `first rating > 90` is RxJS's first(predicate); `first rating > 90 default null` its first(predicate, defaultValue).",
          example: #"cold "-a-b-|" | first"#,
          elsewhere: ["RxJS: first", "ReactiveSwift: take(first: 1)", "RAC2: take:1"],
          contrasts: [
            .init("take", "take 1 completes quietly when the source ends empty; first fails."),
            .init("last", "last waits for the source to complete and sends its final value."),
            .init("find", "find sends null when no value meets the condition; `first CONDITION` fails."),
            .init("elementAt", "elementAt N sends the value at any place; first the one at place 0."),
            .init("single", "single waits for the end and fails when a second value meets the condition; first takes the first and stops."),
          ]) { args throws(SignalError) in
        (args.has(.optionalCondition) ? args.upstream.filter(args.condition(.optionalCondition)) : args.upstream).first(default: try args.optionalValue(.defaultValue))
    }
    .guide(.filtering, "the first one, which must come")
    .rxjs { a in "first(\(trailing([a[given: .optionalCondition], a[given: .defaultValue]])))" }
    .combine { a in
        (a[given: .optionalCondition] == nil ? ".first()" : evaluating("first", a, .optionalCondition))
            + (a[given: .defaultValue].map { ".replaceEmpty(with: \($0))" } ?? ".failIfEmpty(\"first: the signal completed without a value\")")
    },
    .init("last", .operator, .filtering, [.optionalCondition, .defaultValue],
          "Forwards the last value (that meets CONDITION, when given) when the source completes; fails if there is none, or sends DEFAULT when given.",
          "Like reduce, it waits for the end: on a source that never completes it never sends. `last default V` sends V when nothing came (RxJS's last(predicate, defaultValue)).",
          example: #"cold "-a-b-|" | last"#,
          elsewhere: ["RxJS: last", "ReactiveSwift: take(last: 1)", "RAC2: takeLast:1"],
          contrasts: [
            .init("first", "first sends at the first value, at once; last at the end."),
            .init("takeLast", "takeLast N sends the last N values and never fails; last sends one, and fails when there was none."),
          ]) { args throws(SignalError) in
        (args.has(.optionalCondition) ? args.upstream.filter(args.condition(.optionalCondition)) : args.upstream).last(default: try args.optionalValue(.defaultValue))
    }
    .guide(.reducing, "the last one, which must come (else an error, as with first)")
    .rxjs { a in "last(\(trailing([a[given: .optionalCondition], a[given: .defaultValue]])))" }
    .combine { a in
        (a[given: .optionalCondition] == nil ? ".last()" : evaluating("last", a, .optionalCondition))
            + (a[given: .defaultValue].map { ".replaceEmpty(with: \($0))" } ?? ".failIfEmpty(\"last: the signal completed without a value\")")
    },
    .init("takeLast", .operator, .filtering, [.n],
          "Sends the last N values when the source completes, all at that instant, then completes.",
          "It must wait for the end to know which values were last, so on a source that never completes it never sends. Fewer than N values are all sent; none is not an error.",
          example: #"cold "-a-b-c-|" | takeLast 2"#,
          elsewhere: ["RxJS: takeLast", "ReactiveSwift: take(last:)", "RAC2: takeLast:"],
          contrasts: [
            .init("take", "take N sends the first N values as they come and completes early; takeLast N waits for the end and sends the last N."),
            .init("last", "last sends only the final value, and fails when there was none; takeLast 1 completes quietly instead."),
            .init("skipLast", "skipLast sends all but the last N, as they go; takeLast only the last N, at the end."),
          ], lift: { args throws(SignalError) in
        let count = try args.count(.n)
        return { $0.takeLast(count) }
    })
    .guide(.reducing, "the last N of them")
    .rxjs { a in "takeLast(\(a[.n]))" }
    .combine(without: "Combine has no takeLast operator"),
    .init("distinctUntilChanged", .operator, .filtering, [.key],
          "Drops a value equal to the one before it (or whose KEY is, when given).",
          "It compares only with the value just before (deep equality): `a a b a` gives `a b a`. After a map to a boolean, a \"valid\" flag sends only when it flips. `distinctUntilChanged user.username` compares by that field.",
          example: #"cold "-a-a-b-b-a|" | distinctUntilChanged"#, aliases: ["skipRepeats"],
          elsewhere: ["RxJS: distinctUntilChanged", "ReactiveSwift: skipRepeats", "RAC2: distinctUntilChanged"],
          contrasts: [
            .init("distinct", "distinct drops any value seen before in the run; distinctUntilChanged only a repeat of the one just before."),
            .init("distinctUntilKeyChanged", "distinctUntilKeyChanged compares one field by its name; distinctUntilChanged whole values, or any KEY expression."),
          ]) { args throws(SignalError) in
        guard args.has(.key) else { return args.upstream.distinctUntilChanged() }
        let key = args.perValue(.key)
        return args.upstream.distinctUntilChanged(key: key)
    }
    .guide(.filtering, "but not the same value twice in a row")
    .rxjs { a in a[given: .key].map { "distinctUntilChanged(eq, \($0))" } ?? "distinctUntilChanged(eq)" }
    .combine { a in a[given: .key].map { ".removingDuplicates(key: \($0))" } ?? ".removeDuplicates()" },
    .init("distinctUntilKeyChanged", .operator, .filtering, [.field],
          "Drops a value whose field NAME equals that field of the value before it.",
          "RxJS's distinctUntilKeyChanged: `distinctUntilKeyChanged \"n\"` is `distinctUntilChanged it.n`, except that a value without the field reads it as null instead of failing. Equal is deep equality, as `==` is.",
          example: #"cold "-a-b-c-d|" {a: {n: 1, s: "x"}, b: {n: 1, s: "y"}, c: {n: 2, s: "z"}, d: {n: 1, s: "w"}} | distinctUntilKeyChanged "n""#,
          elsewhere: ["RxJS: distinctUntilKeyChanged", "RxSwift: distinctUntilChanged(at:) (a key path)", "ReactiveSwift: skipRepeats { $0.n == $1.n }", "RAC2: (none)"],
          contrasts: [.init("distinctUntilChanged", "distinctUntilChanged compares whole values, or any KEY expression; distinctUntilKeyChanged one field by its name.")]) { args throws(SignalError) in
        guard case .string(let name) = try args.value(.field) else {
            throw EvaluationFailure.wrongArgument("distinctUntilKeyChanged", needs: "a field's name as text, like distinctUntilKeyChanged \"name\"",
                                                  found: try args.value(.field).kindDescription).at(args.site).signalError
        }
        return args.upstream.distinctUntilChanged(key: { value throws(SignalError) -> Value in
            if case .record(let record) = value { record[name] ?? .null } else { .null }
        })
    }
    .guide(.filtering, "but not the same field twice in a row")
    // RxJS compares with ===; frp's equality is deep, as `eq` is.
    .rxjs { a in "distinctUntilKeyChanged(\(a[.field]), eq)" }
    .combine(without: "the export writes a field by name only inside an expression: `distinctUntilChanged it.NAME` is exported"),
]

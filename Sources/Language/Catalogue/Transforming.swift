import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let condition = Parameter("CONDITION", .condition, optional: true)
    fileprivate static let expression = Parameter("EXPRESSION", .accumulator)
    fileprivate static let n = Parameter("N", .count, minimum: 1, maximum: Limits.listItems)
    fileprivate static let nOrNotifier = Parameter("N", .countOrSignal, minimum: 1, maximum: Limits.listItems)
    fileprivate static let perValue = Parameter("EXPRESSION", .perValue)
    fileprivate static let seed = Parameter("SEED", .value, optional: true)
    fileprivate static let skip = Parameter("SKIP", .count, optional: true, minimum: 1)
    fileprivate static let span = Parameter("SPAN", .duration, shortest: .milliseconds(1))
    fileprivate static let value = Parameter("VALUE", .value)
    fileprivate static let values = Parameter("VALUE", .value, variadic: true)
}

/// The transforming entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let transformingOperators: [OperatorSpec] = [
    .init("map", .operator, .transforming, [.perValue],
          "Sends the expression's value for each value (`it` is the value).",
          "One value in, one out, at the same instant; a bare name is a field of `it` (`map name` is `map it.name`). To turn each value into a signal and take its values, use flatMap or switchMap.",
          example: #"cold "-a-b-c|" {a: 1, b: 2, c: 3} | map it * 10"#,
          elsewhere: ["RxJS: map", "ReactiveSwift: map", "RAC2: map:"],
          contrasts: [
            .init("mapTo", "mapTo sends the same value every time; map computes one from each value."),
            .init("flatMap", "flatMap runs a pipeline for each value and sends that pipeline's values; map sends one value per value (a pipeline in map stays a signal, for switchToLatest)."),
            .init("pluck", "`pluck \"name\"` sends null for a value without the field; `map it.name` fails."),
          ],
          shape: .transform(.perValue))
    .guide(.changing, "into something computed from it")
    .rxjs { a in "map(\(a[.perValue]))" }
    .combine { a in evaluating("map", a, .perValue) },
    .init("mapTo", .operator, .transforming, [.value],
          "Sends the same value for each value.",
          "Turns events into facts: clicks into `true`, a finished request into `false` (scenario 14 merges two of them into one \"is active\" signal). VALUE is read once per subscription: inside a flatMap's or switchMap's pipeline, `mapTo it` sends the value that run was made for, where `map it` would send the run's own values.",
          example: #"cold "-a--b|" | mapTo "clicked""#, aliases: ["mapReplace"],
          elsewhere: ["RxJS: mapTo (deprecated: map(() => v))", "ReactiveSwift: map(value:)", "RAC2: mapReplace:"],
          contrasts: [.init("map", "map computes a value from each value with `it`; mapTo ignores the value and sends its own.")],
          build: { args throws(SignalError) in args.upstream.mapTo(try args.value(.value)) },
          each: { args in
        let read = args.reader(.value)
        return { frame, _ throws(SignalError) in try read(frame) }
    })
    .guide(.changing, "into the same constant (clicks into true)")
    .rxjs { a in "map(() => \(a[.value]))" }
    .combine { a in
        a.canFail(.value) ? ".tryMap { _ -> V in try \(a[.value]) }.mapError(SignalError.of)" : ".map { _ -> V in \(a[.value]) }"
    },
    .init("not", .operator, .transforming, [],
          "Negates each boolean.",
          "A value that is not a boolean is an error. Typical: an action's executing signal, negated, enables a button.",
          example: #"cold "-t-f|" {t: true, f: false} | not"#,
          elsewhere: ["RxJS: map(x => !x)", "ReactiveSwift: negate()", "RAC2: not"]) { args throws(SignalError) in
        let site = args.site
        return args.upstream.map { value throws(SignalError) in
            do throws(EvaluationFailure) { return try Operations.not(value) } catch { throw error.at(site).signalError }
        }
    }
    .guide(.changing, "from true to false and back")
    .rxjs { _ in "map((it) => !it)" }
    .combine { _ in ".tryMap { it in try not(it) }.mapError(SignalError.of)" },
    .init("scan", .operator, .transforming, [.seed, .expression],
          "Sends each running accumulation (`acc` is the accumulation so far, `it` the value).",
          "It sends at every step, so it is the state of something that runs: a total so far, a count, the list so far. `acc` starts as SEED; without SEED (`scan acc + it`), the first value is the first accumulation and is sent as it is, as RxJS's scan without a seed.",
          example: #"cold "-a-b-c|" {a: 1, b: 2, c: 3} | scan 0, acc + it"#,
          elsewhere: ["RxJS: scan", "ReactiveSwift: scan", "RAC2: scanWithStart:reduce:"],
          contrasts: [.init("reduce", "reduce sends only the final accumulation, when the source completes; scan sends every step. A running total: scan; one total: reduce.")], shape: .accumulate(seed: .seed, update: .expression, emitsEach: true))
    .guide(.changing, "into a running total or state, at every step")
    .rxjs { a in "scan(\(trailing([a[given: .expression], a[given: .seed]])))" }
    .combine { a in a[given: .seed].map { evaluating("scan", a, .expression, "(\($0))") } },
    .init("reduce", .operator, .transforming, [.seed, .expression],
          "Sends only the final accumulation, when the source completes.",
          "It waits for the end, so on a source that never completes (interval, a text field) it never sends. Without SEED (`reduce acc + it`), the first value is the first accumulation, and an empty source sends nothing, as RxJS's reduce without a seed.",
          example: #"cold "-a-b-c|" {a: 1, b: 2, c: 3} | reduce 0, acc + it"#, aliases: ["aggregateWithStart"],
          elsewhere: ["RxJS: reduce", "ReactiveSwift: reduce", "RAC2: aggregateWithStart:reduce:"],
          contrasts: [
            .init("scan", "scan sends the accumulation at every value; reduce only once, at the end."),
            .init("count", "count is the reduce that counts: `reduce 0, acc + 1`."),
          ], shape: .accumulate(seed: .seed, update: .expression, emitsEach: false))
    .guide(.reducing, "folded with my own expression")
    .rxjs { a in "reduce(\(trailing([a[given: .expression], a[given: .seed]])))" }
    .combine { a in a[given: .seed].map { evaluating("reduce", a, .expression, "(\($0))") } },
    .init("pairwise", .operator, .transforming, [],
          "Sends `[previous, current]` for each value after the first.",
          "The first value only fills its memory; from the second on, each value goes out with the one before it, which is what a change needs (a direction, a difference).",
          example: #"cold "-a-b-c|" | pairwise"#,
          elsewhere: ["RxJS: pairwise", "ReactiveSwift: combinePrevious()", "RAC2: combinePreviousWithStart:reduce:"],
          contrasts: [.init("buffer", "buffer 2 sends separate pairs, [a, b] then [c, d]; pairwise overlapping ones, [a, b] then [b, c].")],
          lift: { _ throws(SignalError) in { $0.pairwise().map { .list([$0.0, $0.1]) } } })
    .guide(.changing, "together with the value before it")
    .rxjs { _ in "pairwise()" }
    .combine(without: "Combine has no pairwise operator"),
    .init("buffer", .operator, .transforming, [.nOrNotifier, .skip],
          "Sends lists of N values, a new list starting every SKIP values (every N when not given); the rest as shorter lists on completion. `buffer (P)` sends what came since the last list whenever P sends.",
          "Nothing goes out until N values have come, so the values wait; the last, shorter list comes with the completion. `buffer 3, 1` is a sliding window of three. With a signal, `buffer (interval 5ms)`, the signal decides when: a list of what came meanwhile (`[]` when nothing did), and what is held at the completion.",
          example: #"cold "-a-b-c-d-e|" | buffer 2"#, aliases: ["bufferCount"],
          elsewhere: ["RxJS: bufferCount", "ReactiveSwift: collect(count:)", "RAC2: (none; bufferWithTime:onScheduler: is by time)"],
          contrasts: [
            .init("pairwise", "pairwise sends each value with the one before it, so pairs overlap; buffer 2 never reuses a value."),
            .init("toArray", "toArray sends one list of every value, at the end; buffer N a list of every N, as they come."),
            .init("bufferTime", "bufferTime sends a list every SPAN, however many came; buffer N a list of every N values."),
            .init("bufferWhen", "`buffer (P)` runs P once and sends a list at each of its values; bufferWhen starts a new run of its pipeline for each list."),
            .init("window", "window sends each piece as a signal when it starts, and its values as they come; `buffer (P)` as a list when it ends."),
            .init("windowCount", "windowCount N sends a signal at the start of each piece; buffer N a list when it is full."),
          ]) { args throws(SignalError) in
        if args.isPipeline(.nOrNotifier) {
            guard !args.has(.skip) else { throw .skipWithNotifier(args.site) }
            return args.upstream.buffer(closedBy: args.signal(.nOrNotifier)).map { .list($0) }
        }
        let size = try args.count(.nOrNotifier)
        guard size <= Limits.listItems else {
            throw .bufferTooLarge(args.site, size)
        }
        let every = args.has(.skip) ? try args.count(.skip) : nil
        return args.upstream.buffer(count: size, every: every, holdingAtMost: Limits.listItems).map { .list($0) }
    }
    .guide(.changing, "into lists of N values, or cut by a signal")
    .rxjs { a in
        a.isPipeline(.nOrNotifier) ? "buffer(\(a[.nOrNotifier]))" : "bufferCount(\(trailing([a[given: .nOrNotifier], a[given: .skip]])))"
    }
    .combine { a in
        a[given: .skip] == nil && !a.isPipeline(.nOrNotifier) ? combineCount(a[.nOrNotifier]).map { ".collect(\($0)).map { V.list($0) }" } : nil
    },
    .init("bufferTime", .operator, .transforming, [.span],
          "Sends the values of each SPAN as a list, every SPAN from the start (an empty list when none came), and what it holds when the source completes.",
          "The clock is its own, not the values': a span without values still sends `[]`, and the last list comes with the completion. Each span starts when the one before is sent, and a span that ends at a value's frame ends before it, as RxJS's does.",
          example: #"cold "-a-b------c|" | bufferTime 3ms"#,
          elsewhere: ["RxJS: bufferTime", "ReactiveSwift: (none; collect(every:on:) is close)", "RAC2: bufferWithTime:onScheduler:", "RxSwift: buffer(timeSpan:count:scheduler:)"],
          reactiveCocoa: "RAC 2's bufferWithTime: starts its clock at a value and sends no empty buffer: `bufferTime D | filter length(it) > 0` is close to it.",
          contrasts: [
            .init("buffer", "buffer N sends a list of every N values, whenever they come; bufferTime a list every SPAN, however many came."),
            .init("sampleTime", "sampleTime sends the latest value of each period; bufferTime all of them, as a list."),
            .init("bufferWhen", "bufferWhen closes a list when a run of your pipeline sends; bufferTime every SPAN on its own clock."),
            .init("windowTime", "windowTime sends each span's values as a signal from its start; bufferTime as a list when it ends."),
          ]) { args throws(SignalError) in
        args.upstream.bufferTime(try args.duration(.span), on: args.scheduler).map { .list($0) }
    }
    .guide(.changing, "into lists of what came in each span of time")
    .rxjs { a in "bufferTime(\(a[.span]))" }
    .combine(without: "Combine's collect(.byTime) sends no empty list; frp's and RxJS's bufferTime do"),
    .init("materialize", .operator, .transforming, [],
          "Sends each event as a record: `{kind: \"next\", value}` for each value, then `{kind: \"completed\"}` or `{kind: \"error\", error}`, and completes.",
          "It makes the end of a signal a value you can see, filter or count; an error no longer stops what follows. dematerialize turns the records back into events.",
          example: #"cold "-a-#" error "boom" | materialize"#,
          elsewhere: ["RxJS: materialize (Notification objects, kind N, E or C)", "ReactiveSwift: materialize", "RAC2: materialize", "RxSwift: materialize"],
          contrasts: [.init("dematerialize", "dematerialize turns event records back into events; materialize makes events into records.")]) { args throws(SignalError) in
        args.upstream.materialize().map(Value.init(event:))
    }
    .guide(.changing, "into a record of what happened, the end included")
    .rxjs { _ in "materialize(), map(eventRecord)" }
    .combine(without: "Combine has no materialize"),
    .init("dematerialize", .operator, .transforming, [],
          "Turns event records (`{kind: \"next\", value}`, `{kind: \"error\", error}`, `{kind: \"completed\"}`) into the events they describe.",
          "The other way from materialize: a `next` record sends its value, an `error` or `completed` record ends the signal.",
          example: #"cold "-a-b|" {a: {kind: "next", value: 1}, b: {kind: "error", error: "boom"}} | dematerialize"#, exampleFails: true,
          elsewhere: ["RxJS: dematerialize", "ReactiveSwift: dematerialize", "RAC2: dematerialize", "RxSwift: dematerialize"],
          contrasts: [.init("materialize", "materialize makes events into records; dematerialize records back into events.")]) { args throws(SignalError) in
        let site = args.site
        return args.upstream.map { value throws(SignalError) in
            guard let event = value.event else { throw .notAnEvent(site, value) }
            return event
        }.dematerialize()
    }
    .guide(.changing, "from records of events back into the events")
    .rxjs { _ in "map(eventNotification), dematerialize()" }
    .combine(without: "Combine has no dematerialize"),
    .init("count", .operator, .transforming, [.condition],
          "Sends how many values there were (that meet CONDITION, when given), when the source completes.",
          "Like reduce, it waits for the end; `scan 0, acc + 1` counts as it goes.",
          example: #"cold "-a-b-c|" | count"#,
          elsewhere: ["RxJS: count", "ReactiveSwift: reduce(0) { n, _ in n + 1 }", "RAC2: aggregateWithStart:@0 reduce:"],
          contrasts: [.init("reduce", "reduce folds the values with your expression; count is `reduce 0, acc + 1`.")]) { args throws(SignalError) in
        (args.has(.condition) ? args.upstream.filter(args.condition(.condition)) : args.upstream).count().map { .number(Double($0)) }
    }
    .guide(.reducing, "how many there were")
    .rxjs { a in "count(\(a[given: .condition] ?? ""))" }
    .combine { a in (a[given: .condition] == nil ? "" : evaluating("filter", a, .condition)) + ".count().map { V.number(Double($0)) }" },
    .init("startWith", .operator, .transforming, [.values],
          "Sends the VALUEs first, then everything of the source.",
          "VALUE goes out at subscription, before the source has said anything: a default, or a state such as \"checking\" while a request runs.",
          example: #"cold "-a-b|" | startWith "s""#,
          elsewhere: ["RxJS: startWith", "ReactiveSwift: prefix(value:)", "RAC2: startWith:"],
          contrasts: [
            .init("concat", "concat adds a signal after the source completes; startWith puts a value before it starts."),
            .init("endWith", "endWith sends its values after the source completes; startWith before it starts."),
            .init("defaultIfEmpty", "defaultIfEmpty sends its value only at the end, and only when nothing came; startWith always, first."),
          ],
          lift: { args throws(SignalError) in
        let values = try args.values(.values)
        return { $0.startWith(values) }
    })
    .guide(.combining, "a value before everything else (\"loading\")")
    .rxjs { a in "startWith(\(a[.values]))" }
    .combine { a in ".prepend(\(a[.values]))" },
]

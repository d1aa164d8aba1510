import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let n = Parameter("N", .count, optional: true, minimum: 1)
    fileprivate static let pipeline = Parameter("PIPELINE", .perValuePipeline)
}

/// The flattening entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let flatteningOperators: [OperatorSpec] = [
    .init("flatMap", .operator, .flattening, [.pipeline, .n],
          "Runs the pipeline for each value (`it` is the value) and forwards all of them at once; with N, at most N runs at once.",
          "Every run goes on side by side and their values are merged as they come, so a slow early answer can arrive after a later one. Use it when every run matters: a download for every thumbnail. `flatMap (download url), 4` keeps at most 4 downloads going; the other values wait their turn, in order (`flatMap P, 1` is concatMap)." + insideARun,
          example: #"cold "-a-b------|" | flatMap (cold "-x--y|" | mapTo it)"#, aliases: ["mergeMapTo"],
          elsewhere: ["RxJS: mergeMap (alias flatMap; with N: mergeMap(f, N))", "ReactiveSwift: flatMap(.merge) / flatMap(.concurrent(limit: N))", "RAC2: flattenMap:"],
          contrasts: [
            .init("switchMap", "switchMap cancels the previous run when a new value arrives: only the latest run's values come through."),
            .init("concatMap", "concatMap runs one at a time and queues the rest: nothing lost, nothing overlapping."),
            .init("exhaustMap", "exhaustMap ignores values while a run is going on: nothing queued, nothing cancelled."),
            .init("map", "map sends one value per value; flatMap sends the values of a pipeline run for each."),
            .init("expand", "expand runs the pipeline for its own values too, again and again; flatMap for the source's values only."),
          ], shape: .flatten(.pipeline)) { args throws(SignalError) in
        guard args.has(.n) else { return args.upstream.flatten(.merge, runs: args.perValueRuns(.pipeline)) }
        return args.upstream.flatMap(limit: try args.count(.n), runs: args.perValueRuns(.pipeline))
    }
    .guide(.flattening, "and keep every one of them running")
    .rxjs { a in "mergeMap(\(trailing([a[given: .pipeline], a[given: .n]])))" }
    .combine { a in
        guard let n = a[given: .n] else { return ".flatMap \(a[.pipeline])" }
        return combineCount(n).map { ".flatMap(maxPublishers: .max(\($0))) \(a[.pipeline])" }
    },
    .init("switchMap", .operator, .flattening, [.pipeline],
          "Runs the pipeline for each value; a new value cancels the previous run.",
          "The classic for search as you type: each new text cancels the stale request, so an old answer never overwrites a newer one. `switchMap P` is `map P | switchToLatest`." + insideARun,
          example: #"cold "-a-b------|" | switchMap (cold "-x--y|" | mapTo it)"#, aliases: ["switchMapTo"],
          elsewhere: ["RxJS: switchMap", "ReactiveSwift: flatMap(.latest)", "RAC2: flattenMap: + switchToLatest", "RxSwift: flatMapLatest"],
          contrasts: [
            .init("flatMap", "flatMap keeps every run going: stale answers arrive too, maybe after newer ones."),
            .init("concatMap", "concatMap lets each run finish and starts the next one afterwards."),
            .init("exhaustMap", "exhaustMap keeps the run that is going and drops the new value: the opposite choice."),
            .init("switchToLatest", "switchToLatest flattens a signal that already carries signals; switchMap makes them from values."),
          ], shape: .flatten(.pipeline)) { args throws(SignalError) in
        args.upstream.flatten(.latest, runs: args.perValueRuns(.pipeline))
    }
    .guide(.flattening, "and cancel stale requests (search as you type)")
    .rxjs { a in "switchMap(\(a[.pipeline]))" }
    .combine { a in ".map \(a[.pipeline]).switchToLatest()" },
    .init("concatMap", .operator, .flattening, [.pipeline],
          "Runs the pipeline for each value, one run at a time, in order.",
          "Values that come while a run is going on wait their turn, so nothing is lost and order is kept, but the queue can grow." + insideARun,
          example: #"cold "-a-b------|" | concatMap (cold "-x--y|" | mapTo it)"#, aliases: ["concatMapTo"],
          elsewhere: ["RxJS: concatMap", "ReactiveSwift: flatMap(.concat)", "RAC2: map: + concat"],
          contrasts: [
            .init("flatMap", "flatMap starts every run at once; concatMap waits for each to finish."),
            .init("switchMap", "switchMap cancels the running one for the new value; concatMap finishes it first."),
            .init("exhaustMap", "exhaustMap drops values that come during a run; concatMap keeps them for later."),
          ], shape: .flatten(.pipeline)) { args throws(SignalError) in
        args.upstream.flatten(.concat, runs: args.perValueRuns(.pipeline))
    }
    .guide(.flattening, "one at a time, in order, the others waiting")
    .rxjs { a in "concatMap(\(a[.pipeline]))" }
    .combine { a in ".flatMap(maxPublishers: .max(1)) \(a[.pipeline])" },
    .init("exhaustMap", .operator, .flattening, [.pipeline],
          "Runs the pipeline for a value only when no run is going on; values meanwhile are dropped.",
          "For a login or submit button: clicks while the request runs are ignored, not queued and not restarting it." + insideARun,
          example: #"cold "-a-b------|" | exhaustMap (cold "-x--y|" | mapTo it)"#,
          elsewhere: ["RxJS: exhaustMap", "ReactiveSwift: flatMap(.throttle)", "RAC2: (none; RACCommand refuses while executing)", "RxSwift: flatMapFirst"],
          contrasts: [
            .init("flatMap", "flatMap starts a run for every value, overlapping; exhaustMap for none while one runs."),
            .init("switchMap", "switchMap gives up the running one for the new value; exhaustMap gives up the new value."),
            .init("concatMap", "concatMap queues the values that come during a run; exhaustMap drops them."),
            .init("action", "an action drops inputs while busy too, but survives failed runs (errors A) and tells executing and enabled."),
          ], shape: .flatten(.pipeline)) { args throws(SignalError) in
        args.upstream.flatten(.exhaust, runs: args.perValueRuns(.pipeline))
    }
    .guide(.flattening, "and ignore clicks while a request runs")
    .rxjs { a in "exhaustMap(\(a[.pipeline]))" }
    .combine(without: "Combine has no exhaustMap operator"),
    .init("switchToLatest", .operator, .flattening, [],
          "For a signal of signals: forwards the latest inner signal, cancelling the one before.",
          "Where values are already signals (`map (search it)`), it subscribes to each new one and disposes the previous.",
          example: #"cold "-a--b|" | map (cold "-x-y|") | switchToLatest"#, aliases: ["switchAll"],
          elsewhere: ["RxJS: switchAll", "ReactiveSwift: flatten(.latest)", "RAC2: switchToLatest"],
          contrasts: [
            .init("switchMap", "switchMap takes a pipeline to run per value; switchToLatest takes the signals the source already sends."),
            .init("mergeAll", "mergeAll keeps every inner signal running; switchToLatest only the latest."),
          ]) { args throws(SignalError) in
        args.upstream.flatten(.latest, innerSignals(args))
    }
    .guide(.flattening, "when my values already are signals: the latest")
    .rxjs { _ in "switchAll()" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("mergeAll", .operator, .flattening, [.n],
          "For a signal of signals: forwards the values of every inner signal as they come; with N, at most N at once.",
          "flatMap without a pipeline: `map P | mergeAll` is `flatMap P`. With N, the inner signals beyond N wait their turn, in order.",
          example: #"cold "-a--b|" | map (cold "-x-y|" | mapTo it) | mergeAll"#, aliases: ["flatten"],
          elsewhere: ["RxJS: mergeAll", "ReactiveSwift: flatten(.merge)", "RAC2: flatten", "RxSwift: merge()"],
          contrasts: [
            .init("switchToLatest", "switchToLatest cancels the running inner signal when a new one comes; mergeAll keeps them all."),
            .init("concatAll", "concatAll runs the inner signals one after another; mergeAll all at once."),
          ]) { args throws(SignalError) in
        guard args.has(.n) else { return args.upstream.flatten(.merge, innerSignals(args)) }
        return args.upstream.flatMap(limit: try args.count(.n), innerSignals(args))
    }
    .guide(.flattening, "when my values already are signals: all at once")
    .rxjs { a in "mergeAll(\(trailing([a[given: .n]])))" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("concatAll", .operator, .flattening, [],
          "For a signal of signals: forwards each inner signal's values in turn, the next one subscribed when the one before completes.",
          "concatMap without a pipeline: `map P | concatAll` is `concatMap P`. Inner signals that come meanwhile wait, so nothing is lost.",
          example: #"cold "-a--b|" | map (cold "-x-y|" | mapTo it) | concatAll"#,
          elsewhere: ["RxJS: concatAll", "ReactiveSwift: flatten(.concat)", "RAC2: concat", "RxSwift: concat()"],
          contrasts: [
            .init("mergeAll", "mergeAll runs the inner signals side by side; concatAll waits for each to complete."),
            .init("exhaustAll", "exhaustAll drops the inner signals that come while one runs; concatAll keeps them for later."),
          ]) { args throws(SignalError) in
        args.upstream.flatten(.concat, innerSignals(args))
    }
    .guide(.flattening, "when my values already are signals: one after another")
    .rxjs { _ in "concatAll()" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("exhaustAll", .operator, .flattening, [],
          "For a signal of signals: forwards an inner signal only when none is running; the ones that come meanwhile are dropped.",
          "exhaustMap without a pipeline: `map P | exhaustAll` is `exhaustMap P`.",
          example: #"cold "-a-b---c|" | map (cold "-x-y|" | mapTo it) | exhaustAll"#,
          elsewhere: ["RxJS: exhaustAll", "ReactiveSwift: flatten(.throttle)", "RAC2: (none)", "RxSwift: (none)"],
          contrasts: [.init("concatAll", "concatAll keeps the inner signals that come during a run for later; exhaustAll drops them.")]) { args throws(SignalError) in
        args.upstream.flatten(.exhaust, innerSignals(args))
    }
    .guide(.flattening, "when my values already are signals: none while one runs")
    .rxjs { _ in "exhaustAll()" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("combineLatestAll", .operator, .flattening, [],
          "For a signal of signals: when it completes, sends the list of the latest value of each inner signal whenever one sends, once all have sent.",
          "It collects the inner signals until the source completes, then combines them as `combineLatest` does; a source that never completes never starts them.",
          example: #"cold "-a-b|" | map (cold "-x-y|" | mapTo it) | combineLatestAll"#,
          elsewhere: ["RxJS: combineLatestAll (combineAll before 7)", "ReactiveSwift: (none; SignalProducer.combineLatest(producers))", "RAC2: (none; combineLatest: of an array)", "RxSwift: (none)"],
          contrasts: [
            .init("combineLatest", "combineLatest combines the signals it is given; combineLatestAll the signals the source sends, once it has sent them all."),
            .init("zipAll", "zipAll pairs the inner signals' values by their index; combineLatestAll sends the latest of each at every change."),
          ]) { args throws(SignalError) in
        let signal = innerSignals(args)
        return args.upstream.toArray().flatMap { inners in Signal.combineLatest(inners.map(signal)).map { .list($0) } }
    }
    .guide(.flattening, "when my values already are signals: combined, the latest of each")
    .rxjs { _ in "combineLatestAll()" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("zipAll", .operator, .flattening, [],
          "For a signal of signals: when it completes, sends the list of each inner signal's first values, then of their second values, and so on.",
          "It collects the inner signals until the source completes, then zips them as `zip` does: it completes when one of them has completed and its values are used.",
          example: #"cold "-a-b|" | map (cold "-x-y|" | mapTo it) | zipAll"#,
          elsewhere: ["RxJS: zipAll", "ReactiveSwift: (none; SignalProducer.zip(producers))", "RAC2: (none; zip: of an array)", "RxSwift: (none)"],
          contrasts: [
            .init("zip", "zip pairs the values of the signals it is given; zipAll of the signals the source sends, once it has sent them all."),
            .init("combineLatestAll", "combineLatestAll sends the latest of each at every change; zipAll pairs values by their index."),
          ]) { args throws(SignalError) in
        let signal = innerSignals(args)
        return args.upstream.toArray().flatMap { inners in Signal.zip(inners.map(signal)).map { .list($0) } }
    }
    .guide(.flattening, "when my values already are signals: paired by index")
    .rxjs { _ in "zipAll()" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("expand", .operator, .flattening, [.pipeline],
          "Sends each value, runs the pipeline for it (`it` is the value) and expands that run's values the same way, until no run sends.",
          "A recursion: `of 1 | expand (if it < 100 then (of it * 2) else empty)` doubles until 128. Each run's values go out as they come, depth first; it completes when the source and every run have. A run that never stops needs `take N` after it.",
          example: #"cold "-a|" {a: 1} | expand (if it < 8 then (timer 2ms | mapTo it * 2) else empty)"#,
          elsewhere: ["RxJS: expand", "ReactiveSwift: (none; a recursive flatMap)", "RAC2: (none)", "RxSwift: (none)"],
          contrasts: [.init("flatMap", "flatMap runs the pipeline for the source's values only; expand for its own values too, again and again.")]) { args throws(SignalError) in
        args.upstream.expand(args.perValuePipeline(.pipeline))
    }
    .guide(.flattening, "again for every value a run sends (a recursion)")
    .rxjs { a in "expand(\(a[.pipeline]))" }
    .combine(without: "Combine has no expand"),
]

/// What `it` is inside a run's pipeline, said on every entry that runs one for each value:
/// the examples tag each run's values with `mapTo it`.
private let insideARun = " Inside the pipeline, `it` is the value the run was made for where an argument is read once per run (`mapTo it` sends it for each of the run's values), and each value of the run where an expression is read per value (`map it` sends the run's own values)."

/// Each value of a signal of signals as its signal, or the error a value that is not one
/// is (`switchToLatest`, `mergeAll`, `concatAll`, `exhaustAll`).
private func innerSignals(_ args: StageArguments) -> (Value) -> Signal<Value> {
    let site = args.site
    return { value in
        if case .signal(let inner) = value { return inner.signal }
        return .fail(.notSignalsOfSignals(site, value))
    }
}

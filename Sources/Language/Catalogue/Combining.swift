import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let d = Parameter("D", .durationOrPipeline, optional: true, keyword: "delay")
    fileprivate static let n = Parameter("N", .count, optional: true)
    fileprivate static let notifier = Parameter("NOTIFIER", .signal)
    fileprivate static let signal = Parameter("SIGNAL", .signal)
    fileprivate static let signals = Parameter("SIGNAL", .signal, variadic: true)
}

/// The combining entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let combiningOperators: [OperatorSpec] = [
    .init("merge", .operator, .combining, [.signals],
          "Forwards the values of the source and of the other signals as they come; completes when all have.",
          "It subscribes to all of them at once and passes each value on unchanged; an error from any ends it.",
          example: #"cold "-a---b|" | merge (cold "--x|")"#,
          elsewhere: ["RxJS: merge / mergeWith", "ReactiveSwift: merge(with:)", "RAC2: merge:"],
          contrasts: [
            .init("concat", "concat subscribes to the next signal only when the one before completes; merge to all at once."),
            .init("combineLatest", "combineLatest sends [left, right] with the latest of each; merge sends each value on its own."),
          ]) { args throws(SignalError) in
        .merge([args.upstream] + args.signals(.signals))
    }
    .guide(.combining, "pass on whatever either sends, as it comes")
    .rxjs { a in "mergeWith(\(a[.signals]))" }
    .combine { a in ".merge(with: \(a[.signals]))" },
    .init("concat", .operator, .combining, [.signals],
          "Forwards the source, then, when it completes, the next signal.",
          "The next signal is subscribed only then, so a cold one starts late and a hot one may have said things already.",
          example: #"cold "-a-b|" | concat (cold "-x-y|")"#,
          elsewhere: ["RxJS: concat / concatWith", "ReactiveSwift: concat", "RAC2: concat:"],
          contrasts: [
            .init("merge", "merge subscribes to every signal at once and interleaves them; concat one after the other."),
            .init("then", "then drops the source's values and keeps only its end; concat forwards them."),
            .init("startWith", "startWith puts one value before the source; concat puts a signal after it."),
          ]) { args throws(SignalError) in
        .concat([args.upstream] + args.signals(.signals))
    }
    .guide(.combining, "one after the other")
    .rxjs { a in "concatWith(\(a[.signals]))" }
    .combine { a in a.count(of: .signals) > 1 ? ".appending(\(a[.signals]))" : ".append(\(a[.signals]))" },
    .init("combineLatest", .operator, .combining, [.signals],
          "Sends `[left, right]` with the latest of each whenever either sends, once both have.",
          "It waits until every signal has a value, then sends on every value of any of them; it completes when all have. The login form: enabled = valid user and valid password.",
          example: #"cold "-a---b|" | combineLatest (cold "--x-|")"#,
          elsewhere: ["RxJS: combineLatest / combineLatestWith", "ReactiveSwift: combineLatest(with:)", "RAC2: combineLatest:reduce:"],
          contrasts: [
            .init("zip", "zip pairs values by position and uses each once (the second with the second); combineLatest reuses the latest."),
            .init("withLatestFrom", "withLatestFrom sends only when the source sends; the other signal only updates what it remembers."),
            .init("merge", "merge passes each value on by itself; combineLatest combines the latest of each into one list."),
            .init("combineLatestAll", "combineLatestAll combines the signals the source sends, once it has sent them all; combineLatest the signals it is given."),
          ]) { args throws(SignalError) in
        Signal.combineLatest([args.upstream] + args.signals(.signals)).map { .list($0) }
    }
    .guide(.combining, "the latest of two, whenever either changes (a form)")
    .rxjs { a in "combineLatestWith(\(a[.signals]))" }
    .combine { a in listed(".combineLatest", a, .signals) },
    .init("zip", .operator, .combining, [.signals],
          "Pairs values by position: the first with the first, the second with the second.",
          "A value waits for its partner, so the slower signal sets the pace; it completes when one has completed and its values are all paired.",
          example: #"cold "-a-b-|" | zip (cold "--x--y|")"#,
          elsewhere: ["RxJS: zip / zipWith", "ReactiveSwift: zip(with:)", "RAC2: zip:"],
          contrasts: [
            .init("combineLatest", "combineLatest sends whenever either sends, with the latest of the other; zip only when both have a new value."),
            .init("zipAll", "zipAll pairs the values of the signals the source sends, once it has sent them all; zip of the signals it is given."),
          ]) { args throws(SignalError) in
        Signal.zip([args.upstream] + args.signals(.signals)).map { .list($0) }
    }
    .guide(.combining, "in pairs: the first with the first, the second with the second")
    .rxjs { a in "zipWith(\(a[.signals]))" }
    .combine { a in listed(".zip", a, .signals) },
    .init("withLatestFrom", .operator, .combining, [.signal],
          "On each source value, sends `[value, latest of the other]`, once the other has a value.",
          "The other signal never triggers anything: it is read, not listened to. A button with the form's current contents.",
          example: #"cold "--a--b|" | withLatestFrom (cold "-x--y|")"#,
          elsewhere: ["RxJS: withLatestFrom", "ReactiveSwift: withLatest(from:)", "RAC2: (none; combineLatest + sample:)"],
          contrasts: [
            .init("combineLatest", "combineLatest sends when either side sends; withLatestFrom only when the source does."),
            .init("sample", "sample sends the source's latest when the notifier sends; withLatestFrom sends on the source's value, with the other's latest."),
          ]) { args throws(SignalError) in
        args.upstream.withLatestFrom(args.signal(.signal)).map { .list([$0.0, $0.1]) }
    }
    .guide(.combining, "when this one sends, with the latest of the other")
    .rxjs { a in "withLatestFrom(\(a[.signal]))" }
    .combine(without: "Combine has no withLatestFrom operator"),
    .init("sample", .operator, .combining, [.notifier],
          "On each notifier value, sends the source's latest value if it is new since the last sample.",
          "The notifier decides when; the source decides what. A value is sampled at most once.",
          example: #"cold "-a-b-c---|" | sample (cold "--x---x-|")"#,
          elsewhere: ["RxJS: sample", "ReactiveSwift: sample(on:)", "RAC2: sample:"],
          contrasts: [
            .init("withLatestFrom", "withLatestFrom is driven by the source and reads the other; sample is driven by the notifier and reads the source."),
            .init("throttle", "throttle lets the first value of each time window through; sample takes the latest when another signal says so."),
          ]) { args throws(SignalError) in
        args.upstream.sample(args.signal(.notifier))
    }
    .guide(.timing, "take the latest value when another signal ticks, if not sent yet")
    .rxjs { a in "sample(\(a[.notifier]))" }
    .combine(without: "Combine has no sample operator"),
    .init("then", .operator, .combining, [.signal],
          "Ignores the source's values; when it completes, continues with the signal.",
          "For \"do this, then that\": load the friends, then listen to the search field; fetch a token, then make the request again.",
          example: #"cold "-a-|" | then (cold "-b|")"#,
          elsewhere: ["RxJS: ignoreElements + concat", "ReactiveSwift: then", "RAC2: then:"],
          contrasts: [
            .init("concat", "concat forwards the source's values and then the next signal's; then only the next signal's."),
            .init("ignoreElements", "ignoreElements drops the values and only ends; then goes on with another signal."),
          ]) { args throws(SignalError) in
        args.upstream.then(args.signal(.signal))
    }
    .guide(.combining, "ignore this one's values, then go on with another")
    .rxjs { a in "ignoreElements(), concatWith(\(a[.signal]))" }
    .combine { a in ".filter { _ in false }.append(\(a[.signal]))" },
    .init("repeat", .operator, .combining, [.n, .d],
          "When the source completes, subscribes again: N runs in all (without N, for ever); `delay D` waits D before each new run.",
          "A cold source starts over, so `popular | repeat 3` asks three times and sends every reply; an error ends it at once. Without N it never stops by itself: `take`, Ctrl-C or the event limit end it. `repeat delay 30s` polls: run, wait 30 s after the end, run again. D may be a pipeline (`it` is the run's number, 1 for the first repeat): its first value starts the next run, its end without a value completes the signal: `repeat delay (of it | filter it < 5 | delay 1s)` runs five times, a second apart. `repeat 0` completes at once.",
          example: #"cold "-a-b|" | repeat 3"#,
          elsewhere: ["RxJS: repeat (with delay: repeat({count, delay}))", "ReactiveSwift: repeat(_:)", "RAC2: repeat"],
          contrasts: [
            .init("retry", "retry runs the source again when it fails; repeat when it completes."),
            .init("interval", "interval counts on a fixed period whatever the work takes; `repeat delay D` waits D after each run ends, so slow runs never overlap."),
          ]) { args throws(SignalError) in
        let count = args.has(.n) ? try args.count(.n) : Int.max
        return args.upstream.repeat(count, wait: try args.restartWait(.d), on: args.scheduler, interrupted: args.scheduler.interrupted)
    }
    .guide(.combining, "with itself again when it completes (poll, refresh)")
    .rxjs { a in rxjsRestart("repeat", a, count: .n, wait: .d, parameters: "(it)") }
    .combine(without: "Combine has no repeat operator"),
    .init("race", .operator, .combining, [.signals],
          "Mirrors whichever of the source and the signals sends first (a value, an error or the end), and stops the others.",
          "A contest for the first word: a request against a timeout's fallback, two mirrors of one file. They are subscribed in order, so in a tie the source wins.",
          example: #"cold "---a-b|" | race (cold "--x-y|")"#,
          elsewhere: ["RxJS: race / raceWith", "RxSwift: amb", "ReactiveSwift: (none; flatten(.race) of a producer of producers)", "RAC2: (none)"],
          contrasts: [.init("forkJoin", "forkJoin waits for all of them and sends their last values; race follows the first to speak and drops the rest.")]) { args throws(SignalError) in
        .race([args.upstream] + args.signals(.signals))
    }
    .guide(.combining, "follow whichever speaks first")
    .rxjs { a in "raceWith(\(a[.signals]))" }
    .combine(without: "Combine has no race operator"),
    .init("forkJoin", .operator, .combining, [.signals],
          "Sends the list of the last values of the source and the signals when all have completed; completes without one when any completes empty.",
          "Promise.all for signals: start several requests, use them together once every one has answered. An error from any ends it at once. `a | forkJoin (b), (c)` sends `[a's last, b's last, c's last]`.",
          example: #"cold "-a--b|" | forkJoin (cold "--x|")"#,
          elsewhere: ["RxJS: forkJoin", "RxSwift: (none; zip of takeLast(1))", "ReactiveSwift: (none; zip of the producers' last values)", "RAC2: combineLatest: of takeLast:1"],
          contrasts: [.init("race", "race follows the first signal to speak; forkJoin waits for every one to end.")]) { args throws(SignalError) in
        Signal.forkJoin([args.upstream] + args.signals(.signals)).map { .list($0) }
    }
    .guide(.combining, "the last value of each, once all have ended (Promise.all)")
    // forkJoin is a source in RxJS: an operator of pipe is any function of the source.
    .rxjs { a in "(source) => forkJoin([source, \(a[.signals])])" }
    .combine(without: "Combine has no forkJoin operator (Publishers.Zip waits for values, not for the end)"),
]

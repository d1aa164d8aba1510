import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    /// `cold MARBLE [VALUES] [error MESSAGE]`, and the same for `hot`.
    fileprivate static let coldMarble = Parameter("MARBLE", .marble, marbleKind: .cold)
    fileprivate static let hotMarble = Parameter("MARBLE", .marble, marbleKind: .hot)
    fileprivate static let marbleValues = Parameter("VALUES", .marbleValues, optional: true)
    fileprivate static let marbleError = Parameter("MESSAGE", .text, optional: true, keyword: "error")
    fileprivate static let count = Parameter("COUNT", .count)
    fileprivate static let delay = Parameter("DELAY", .duration)
    fileprivate static let from = Parameter("FROM", .count)
    fileprivate static let list = Parameter("LIST", .value)
    fileprivate static let message = Parameter("MESSAGE", .value)
    fileprivate static let period = Parameter("PERIOD", .duration, shortest: .milliseconds(1))
    fileprivate static let optionalPeriod = Parameter("PERIOD", .duration, optional: true, shortest: .milliseconds(1))
    fileprivate static let value = Parameter("VALUE", .value, variadic: true)
}

/// The creating entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let creatingOperators: [OperatorSpec] = [
    .init("cold", .source, .creating, [.coldMarble, .marbleValues, .marbleError],
          "A source drawn as a marble; its time starts at each subscription.",
          "Each subscriber gets its own run from its frame 0, as a request does: subscribe twice and it runs twice. Examples and tests draw their inputs with it.",
          example: #"cold "-a-b-|""#,
          elsewhere: ["RxJS TestScheduler: cold", "ReactiveSwift: SignalProducer (cold by nature)", "RAC2: RACSignal (cold by nature)"],
          contrasts: [
            .init("hot", "hot is one timeline that runs from the start of the run, listened to or not; cold starts over for each subscriber."),
            .init("share", "share makes a cold signal behave hot while someone is subscribed: one run for everyone instead of one each."),
          ]) { args throws(SignalError) in
        args.coldMarble(.coldMarble)
    }
    .guide(.making, "drawn as a marble, afresh for each subscriber (a request)")
    .rxjs { a in "cold(\(trailing([a[.coldMarble], a[given: .marbleValues], a[given: .marbleError]])))" }
    .combine { a in "cold(scheduler, \(a[.coldMarble]))" },
    .init("hot", .source, .creating, [.hotMarble, .marbleValues, .marbleError],
          "A source drawn as a marble on one shared timeline that starts with the run, subscribed or not; `^` marks frame zero.",
          "It is a text field or a button: events happen whether anyone listens, and a subscriber sees only what comes after it subscribed. Frames before `^` happened before the run began.",
          example: #"hot "-a-^-b-c-|""#,
          elsewhere: ["RxJS TestScheduler: hot", "ReactiveSwift: Signal (hot by nature)", "RAC2: RACSubject"],
          contrasts: [
            .init("cold", "cold starts its timeline anew for each subscriber, so nobody misses anything; hot goes on without them."),
            .init("share", "share turns a cold signal hot only while someone is subscribed, and starts it with the first subscriber; hot runs from the start."),
          ]) { args throws(SignalError) in
        args.hotMarble(.hotMarble)
    }
    .guide(.making, "drawn as a marble on one timeline (a text field)")
    .rxjs { a in "hot(\(trailing([a[.hotMarble], a[given: .marbleValues], a[given: .marbleError]])))" }
    .combine { a in "hot(scheduler, \(a[.hotMarble]))" },
    .init("of", .source, .creating, [.value],
          "Sends the values at once, then completes.",
          "Everything happens at one instant, frame 0, so its marble is `(abc|)`; use `cold` when the values should be spread in time.",
          example: "of 1, 2, 3",
          elsewhere: ["RxJS: of", "ReactiveSwift: SignalProducer(values:)", "RAC2: RACSignal return: (one value)"],
          contrasts: [.init("from", "from LIST sends the items of one list value; of sends each of its arguments (`of [1, 2]` sends one list).")],
          known: { args in
        let values = args.valuesReader(.value)
        return { frame throws(SignalError) in KnownRun(try values(frame)) }
    })
    .guide(.making, "of values I have now")
    .rxjs { a in "of(\(a[given: .value] ?? ""))" }
    .combine { a in "of(\(a[given: .value] ?? ""))" },
    .init("from", .source, .creating, [.list],
          "Sends the items of a list, at once, then completes.",
          "It turns a value that is a list into a signal of its items: `popularPage | flatMap (from it)` sends the page's photos one by one, as the classic client's importer did.",
          example: "from [1, 2, 3]",
          elsewhere: ["RxJS: from", "ReactiveSwift: SignalProducer(_: sequence)", "RAC2: NSArray rac_sequence.signal"],
          contrasts: [.init("of", "of sends each of its arguments as it is (a list stays one value); from sends a list's items.")],
          known: { args in
        let read = args.reader(.list), site = args.site
        return { frame throws(SignalError) in
            let list = try read(frame)
            guard case .list(let items) = list else {
                throw .notAList(site, list)
            }
            return KnownRun(items)
        }
    })
    .guide(.making, "of the items of a list (a page of photos, one by one)")
    .rxjs { a in "from(\(a[.list]))" }
    .combine { a in "from(\(a[.list]))" },
    .init("range", .source, .creating, [.from, .count],
          "Sends COUNT whole numbers from FROM, at once, then completes.",
          "Like `of`, all at frame 0; the values are numbers (marble digits are strings).",
          example: "range 1, 3",
          elsewhere: ["RxJS: range", "ReactiveSwift: SignalProducer(1...3)", "RAC2: (1...3).rac_sequence.signal"], shape: .counting(from: .from, count: .count))
    .guide(.making, "of whole numbers counting up")
    .rxjs { a in "range(\(a[.from]), \(a[.count]))" }
    .combine { a in "range(\(a[.from]), \(a[.count]))" },
    .init("empty", .source, .creating, [], "Completes at once.",
          "Useful where a pipeline is needed but nothing should happen: `catch empty` turns an error into a quiet end.",
          example: "empty",
          elsewhere: ["RxJS: EMPTY", "ReactiveSwift: SignalProducer.empty", "RAC2: RACSignal empty"],
          contrasts: [.init("never", "never does not even complete: it stays open for ever; empty ends at once.")]) { args throws(SignalError) in
        .empty
    }
    .guide(.making, "that ends at once")
    .rxjs { _ in "EMPTY" }
    .combine { _ in "Empty<V, SignalError>().eraseToAnyPublisher()" },
    .init("never", .source, .creating, [], "Never sends anything, not even an end.",
          "A signal that stays open, to see what an operator does with a source that does not end; here takeUntil ends it.",
          example: "never | takeUntil (timer 5ms)",
          elsewhere: ["RxJS: NEVER", "ReactiveSwift: SignalProducer.never", "RAC2: RACSignal never"],
          contrasts: [.init("empty", "empty completes at once; never stays open, so whatever waits for its end waits for ever.")]) { args throws(SignalError) in
        .never
    }
    .guide(.making, "that never ends")
    .rxjs { _ in "NEVER" }
    .combine { _ in "Empty<V, SignalError>(completeImmediately: false).eraseToAnyPublisher()" },
    .init("fail", .source, .creating, [.message], "Fails at once with the message.",
          "An error ends a signal: `catch` can continue with another pipeline, `retry` can subscribe again.",
          example: #"fail "boom""#, exampleFails: true,
          elsewhere: ["RxJS: throwError", "ReactiveSwift: SignalProducer(error:)", "RAC2: RACSignal error:"]) { args throws(SignalError) in
        let message = try args.value(.message)
        if case .string(let text) = message { return .fail(SignalError(text)) }
        return .fail(SignalError(message.description))
    }
    .guide(.making, "that fails")
    .rxjs { a in "throwError(() => \(a[.message]))" }
    .combine { a in "fail(\(a[.message]))" },
    .init("interval", .source, .timing, [.period],
          "Sends 0, 1, 2, ... one every PERIOD, the first after one PERIOD.",
          "It never completes by itself: end it with take, takeUntil, or a switchMap that replaces it.",
          example: "interval 2ms | take 3",
          elsewhere: ["RxJS: interval", "ReactiveSwift: SignalProducer.timer(interval:on:)", "RAC2: RACSignal interval:onScheduler:"],
          contrasts: [
            .init("timer", "timer sends one value, 0, after its delay and completes; interval goes on sending."),
            .init("repeat", "`repeat delay D` runs a pipeline again D after each run ends, so runs never overlap; interval ticks on its period whatever the work takes."),
          ]) { args throws(SignalError) in
        Signal<Int>.interval(try args.duration(.period), on: args.scheduler).map { .number(Double($0)) }
    }
    .guide(.making, "that ticks every so often")
    .rxjs { a in "interval(\(a[.period]))" }
    .combine { a in "interval(scheduler, \(a[.period]))" },
    .init("timer", .source, .timing, [.delay, .optionalPeriod],
          "Sends 0 after DELAY, then completes; with PERIOD, goes on sending 1, 2, ... every PERIOD.",
          "A one-off: start something later with `timer 2ms | switchMap P`, or end something with `takeUntil (timer 5ms)`. `timer 0ms, 1s` is an interval that starts at once (RxJS's timer(due, period)). In a run's pipeline the time may be computed from the run's value: `flatMap (timer it * 200ms)`.",
          example: "timer 5ms",
          elsewhere: ["RxJS: timer", "ReactiveSwift: SignalProducer(value: 0).delay(_:on:)", "RAC2: [RACSignal return:@0] delay:"],
          contrasts: [.init("interval", "interval repeats every PERIOD and never completes; timer sends once, or from DELAY on with a PERIOD.")],
          build: { args throws(SignalError) in
        guard args.has(.optionalPeriod) else { return try OperatorSpec.build(timerRun)(args) }
        return Signal<Int>.timer(try args.duration(.delay), period: try args.duration(.optionalPeriod), on: args.scheduler).map { .number(Double($0)) }
    }, known: timerRun, knownUnless: .optionalPeriod)
    .guide(.making, "that sends once, after a while")
    .rxjs { a in "timer(\(trailing([a[given: .delay], a[given: .optionalPeriod]])))" }
    .combine { a in a[given: .optionalPeriod] == nil ? "timer(scheduler, \(a[.delay]))" : nil },
]

/// `timer DELAY` knows its run when built: 0, after DELAY (computed in the run's frame
/// when it is computed: `timer it * 200ms`).
private let timerRun: Known = { args in
    let delay = args.durationReader(.delay)
    return { frame throws(SignalError) in KnownRun(one: .number(0), after: try delay(frame)) }
}

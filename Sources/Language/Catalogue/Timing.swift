import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let duration = Parameter("DURATION", .duration)
    fileprivate static let durationOfEach = Parameter("DURATION", .duration, durationOfEach: true)
    fileprivate static let durationOrPipeline = Parameter("DURATION", .durationOrPipeline, durationOfEach: true)
    fileprivate static let fallback = Parameter("FALLBACK", .signal, optional: true, keyword: "with")
    fileprivate static let leading = Parameter("LEADING", .flag, optional: true, keyword: "leading")
    fileprivate static let period = Parameter("PERIOD", .duration, shortest: .milliseconds(1))
    fileprivate static let pipeline = Parameter("PIPELINE", .perValuePipeline)
    fileprivate static let trailing = Parameter("TRAILING", .flag, optional: true, keyword: "trailing")
}

/// The timing entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let timingOperators: [OperatorSpec] = [
    .init("debounce", .operator, .timing, [.durationOrPipeline],
          "Sends a value only after DURATION has passed with no newer value (waits for a pause).",
          "Each value restarts the wait, so a burst becomes its last value, sent DURATION after the burst; a waiting value is sent at completion. Typing: wait for a pause before searching. DURATION may be a pipeline run for each value (`it`): its first value ends the wait, so `debounce (timer 100ms)` is `debounce 100ms` and the wait can depend on the value; a duration computed from the value (`debounce it * 10ms`) is the same as `debounce (timer it * 10ms)`.",
          example: #"cold "-a-b-----c---|" | debounce 3ms"#,
          elsewhere: ["RxJS: debounceTime / debounce (with a pipeline)", "ReactiveSwift: debounce", "RAC2: throttle: (a debounce!)"],
          reactiveCocoa: "RAC 2's throttle: is this operator: it waits for a pause, then sends the last value. The tutorials' `[text throttle:0.3]` is `text | debounce 300ms` here; frp's `throttle` is RxJS's throttleTime, another thing.",
          contrasts: [
            .init("throttle", "throttle sends the FIRST value at once and ignores the rest for DURATION; debounce sends the LAST value after a pause."),
            .init("delay", "delay shifts every value by DURATION and drops none; debounce drops all but the last of a burst."),
          ]) { args throws(SignalError) in
        if let wait = args.timerOfEach(.durationOrPipeline) { return args.upstream.debounce(by: wait) }
        guard args.isPipeline(.durationOrPipeline) else { return args.upstream.debounce(try args.duration(.durationOrPipeline), on: args.scheduler) }
        return args.upstream.debounce(by: args.perValuePipeline(.durationOrPipeline))
    }
    .guide(.timing, "wait for a pause in typing (RAC2's throttle:)")
    .rxjs { a in
        if let wait = timerOfEach(a, .durationOrPipeline) { return "debounce(\(wait))" }
        return a.isPipeline(.durationOrPipeline) ? "debounce(\(a[.durationOrPipeline]))" : "debounceTime(\(a[.durationOrPipeline]))"
    }
    .combine { a in a.isPipeline(.durationOrPipeline) ? nil : ".debounced(\(a[.durationOrPipeline]), scheduler)" },
    .init("throttle", .operator, .timing, [.durationOrPipeline, .leading, .trailing],
          "Sends a value, then ignores values for DURATION (leading edge).",
          "The first value goes through at once and opens a window in which others are dropped: rate-limiting clicks or scrolls. DURATION may be a pipeline run for each value sent (`it`): its first value ends the window (RxJS's throttle), so `throttle (timer 3ms)` is `throttle 3ms`, and a duration computed from the value (`throttle it * 1ms`) is `throttle (timer it * 1ms)`. `trailing true` also sends the latest dropped value when the window ends (and that opens the next window; a completion waits for it), as ReactiveSwift's throttle does; `leading false` sends no value at once, only at the window's end (RxJS's `{leading, trailing}`).",
          example: #"cold "-abc---d-|" | throttle 3ms"#,
          elsewhere: ["RxJS: throttleTime (leading, the default; `trailing true` is {trailing: true}) / throttle (with a pipeline)", "ReactiveSwift: throttle (leading AND trailing: `throttle D trailing true` here)", "RAC2: (none; its throttle: is a debounce)"],
          reactiveCocoa: "RAC 2's throttle: is not this operator but `debounce`: `[text throttle:0.3]` is `text | debounce 300ms`. ReactiveSwift's throttle sends the first value of a window and the latest at its end: `throttle D trailing true` here; frp's sends only the first by default (RxJS's).",
          contrasts: [
            .init("debounce", "debounce waits for a pause and sends the LAST value; throttle sends the FIRST at once."),
            .init("sample", "sample sends the latest value when another signal says so; throttle the first of each time window."),
            .init("audit", "audit sends the latest value when its window ends; throttle the first, at once."),
          ]) { args throws(SignalError) in
        let leading = try args.flag(.leading) ?? true, trailing = try args.flag(.trailing) ?? false
        if let wait = args.timerOfEach(.durationOrPipeline) { return args.upstream.throttle(by: wait, leading: leading, trailing: trailing) }
        guard args.isPipeline(.durationOrPipeline) else {
            return args.upstream.throttle(try args.duration(.durationOrPipeline), leading: leading, trailing: trailing, on: args.scheduler)
        }
        return args.upstream.throttle(by: args.perValuePipeline(.durationOrPipeline), leading: leading, trailing: trailing)
    }
    .guide(.timing, "let one through, then ignore the rest for a while")
    .rxjs { a in
        let selector = timerOfEach(a, .durationOrPipeline)
        let (name, scheduler) = a.isPipeline(.durationOrPipeline) || selector != nil ? ("throttle", "") : ("throttleTime", " undefined,")
        let duration = selector ?? a[.durationOrPipeline]
        // RxJS reads a config's missing edge as false: both are written once one is.
        guard a[given: .leading] != nil || a[given: .trailing] != nil else { return "\(name)(\(duration))" }
        return "\(name)(\(duration),\(scheduler) {leading: \(a[given: .leading] ?? "true"), trailing: \(a[given: .trailing] ?? "false")})"
    }
    .combine(without: "Combine's throttle sends at the end of each window as well, not RxJS's and frp's leading edge"),
    .init("delay", .operator, .timing, [.durationOfEach],
          "Sends each value DURATION later; completes when the last delayed value is out.",
          "Nothing is dropped and the gaps between values stay the same; errors are not delayed. DURATION may be computed from each value: `delay it * 100ms` holds each value its own time, so the order can change (RxJS's `delayWhen` with a timer).",
          example: #"cold "-a-b|" | delay 3ms"#,
          elsewhere: ["RxJS: delay", "ReactiveSwift: delay", "RAC2: delay:"],
          reactiveCocoa: "RAC 2's delay: (and ReactiveSwift's) delays the completion too: `empty | delay 2s` completes at 2 s there, at once here (RxJS 7). For theirs, write `concat (timer 2s | then empty)` after the delay, or `timer 2s | then empty` alone for the tutorials' smallest demo of time.",
          contrasts: [
            .init("debounce", "debounce drops values that are followed too soon by another; delay keeps them all."),
            .init("delayWhen", "delayWhen waits for a pipeline made from each value; delay shifts every value by one time."),
          ],
          lift: { args throws(SignalError) in
        if let wait = args.timerOfEach(.durationOfEach) { return { $0.delayWhen(wait) } }
        let duration = try args.duration(.durationOfEach), scheduler = args.scheduler
        return { $0.delay(duration, on: scheduler) }
    })
    .guide(.timing, "shift everything later")
    .rxjs { a in timerOfEach(a, .durationOfEach).map { "delayWhen(\($0))" } ?? "delay(\(a[.durationOfEach]))" }
    .combine { a in ".delayed(\(a[.durationOfEach]), scheduler)" },
    .init("delayWhen", .operator, .timing, [.pipeline],
          "Sends each value when the pipeline run for it (`it`) sends its first value; a run that completes without one drops the value.",
          "A delay that depends on the value: `delayWhen (if it > 2 then (timer 4ms) else (timer 1ms))` holds larger values longer, so the order can change. The completion waits for the values still held.",
          example: #"cold "-a-b|" {a: 4, b: 1} | delayWhen (if it > 2 then (timer 4ms) else (timer 1ms))"#,
          elsewhere: ["RxJS: delayWhen", "RxSwift: (none; flatMap to a timer)", "ReactiveSwift: (none; flatMap(.merge) to a timer)", "RAC2: (none)"],
          contrasts: [.init("delay", "delay shifts every value by the same time; delayWhen waits for a pipeline made from each value.")]) { args throws(SignalError) in
        args.upstream.delayWhen(args.perValuePipeline(.pipeline))
    }
    .guide(.timing, "hold each value until a signal made from it sends")
    .rxjs { a in "delayWhen(\(a[.pipeline]))" }
    .combine(without: "Combine has no delay by a signal"),
    .init("timeout", .operator, .timing, [.duration, .fallback],
          "Fails if no value comes within DURATION of the start or of the last value; `with FALLBACK` continues with FALLBACK instead.",
          "A guard against a request that hangs: the silent source is cancelled. `timeout 2s with (of \"cached\")` goes on with the fallback rather than failing; a failure of the source itself still fails.",
          example: #"cold "-a-----b|" | timeout 3ms"#, exampleFails: true,
          elsewhere: ["RxJS: timeout (each; with: the fallback)", "ReactiveSwift: (none; its timeout(after:raising:on:) is a deadline for the whole signal)", "RAC2: (none; its timeout:onScheduler: is a deadline for the whole signal)"]) { args throws(SignalError) in
        args.upstream.timeout(try args.duration(.duration), on: args.scheduler, fallback: args.optionalSignal(.fallback))
    }
    .guide(.timing, "fail when nothing comes for too long")
    .rxjs { a in a[given: .fallback].map { "timeout({each: \(a[.duration]), with: () => \($0)})" } ?? "timeout(\(a[.duration]))" }
    .combine { a in a[given: .fallback] == nil ? ".timedOut(\(a[.duration]), scheduler)" : nil },
    .init("sampleTime", .operator, .timing, [.period],
          "Every PERIOD, sends the source's latest value if it is new since the last sample.",
          "`sample (interval PERIOD)` by its own name: the clock decides when, the source what. Quiet periods send nothing.",
          example: #"cold "-a-b-c---d|" | sampleTime 3ms"#,
          elsewhere: ["RxJS: sampleTime", "RxSwift: sample(Observable<Int>.interval(…))", "ReactiveSwift: sample(on: timer)", "RAC2: sample: of an interval"],
          contrasts: [
            .init("auditTime", "auditTime starts its wait at a value; sampleTime ticks on its own clock."),
            .init("bufferTime", "bufferTime sends every value of each period, as a list; sampleTime only the latest, and nothing for a period without one."),
          ]) { args throws(SignalError) in
        args.upstream.sample(Signal<Int>.interval(try args.duration(.period), on: args.scheduler))
    }
    .guide(.timing, "take the latest value every so often, if not sent yet")
    .rxjs { a in "sampleTime(\(a[.period]))" }
    .combine(without: "Combine has no sample operator"),
    .init("auditTime", .operator, .timing, [.durationOfEach],
          "At a value when no wait runs, waits DURATION, then sends the latest value.",
          "The trailing edge of a window opened by a value: a burst gives its last value, DURATION after the burst began. The end waits for a window that is open. DURATION may be computed from the value that opens the window (`auditTime it * 1ms`).",
          example: #"cold "-a-b----c--|" | auditTime 3ms"#,
          elsewhere: ["RxJS: auditTime", "RxSwift: throttle(…, latest: true) (nearly)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [
            .init("sampleTime", "sampleTime sends on its own clock; auditTime DURATION after the value that opened the window."),
            .init("audit", "audit's wait may be a pipeline made from the value; auditTime's is a fixed time."),
          ]) { args throws(SignalError) in
        if let wait = args.timerOfEach(.durationOfEach) { return args.upstream.audit(by: wait) }
        return args.upstream.auditTime(try args.duration(.durationOfEach), on: args.scheduler)
    }
    .guide(.timing, "wait a while after a value, then send the latest")
    .rxjs { a in timerOfEach(a, .durationOfEach).map { "audit(\($0))" } ?? "auditTime(\(a[.durationOfEach]))" }
    .combine(without: "Combine's throttle(latest: true) sends at the window's start as well; it has no audit"),
    .init("audit", .operator, .timing, [.durationOrPipeline],
          "At a value when no wait runs, waits until DURATION has passed (or the pipeline run for that value sends), then sends the latest value.",
          "auditTime whose wait may be a pipeline run for the value that opened it (`it`), so the wait can depend on the value; `audit 3ms` is `auditTime 3ms`, and `audit it * 3ms` waits a time computed from that value. A wait that completes without a value keeps the latest for the next one.",
          example: #"cold "-a-b----c--|" | audit (cold "--x|")"#,
          elsewhere: ["RxJS: audit (auditTime with a time)", "RxSwift: (none)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [
            .init("auditTime", "auditTime waits a fixed time; audit may wait for a pipeline made from the value."),
            .init("throttle", "throttle sends the first value of a window at once; audit the latest, when the window ends."),
          ]) { args throws(SignalError) in
        if let wait = args.timerOfEach(.durationOrPipeline) { return args.upstream.audit(by: wait) }
        guard args.isPipeline(.durationOrPipeline) else { return args.upstream.auditTime(try args.duration(.durationOrPipeline), on: args.scheduler) }
        return args.upstream.audit(by: args.perValuePipeline(.durationOrPipeline))
    }
    .guide(.timing, "wait for a signal after a value, then send the latest")
    .rxjs { a in
        if let wait = timerOfEach(a, .durationOrPipeline) { return "audit(\(wait))" }
        return a.isPipeline(.durationOrPipeline) ? "audit(\(a[.durationOrPipeline]))" : "auditTime(\(a[.durationOrPipeline]))"
    }
    .combine(without: "Combine's throttle(latest: true) sends at the window's start as well; it has no audit"),
    .init("timeInterval", .operator, .transforming, [],
          "Sends each value as a record {value, interval}: the value, and the milliseconds since the value before it (since the subscription, for the first).",
          "RxJS's timeInterval: how long each value took to come. The end and an error go on as they are; `map it.interval` keeps the times alone.",
          example: #"cold "-a--b---c|" | timeInterval"#,
          elsewhere: ["RxJS: timeInterval", "RxSwift: (none; a scan over the scheduler's now)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [.init("timestamp", "timestamp gives the time since the run began; timeInterval the time since the value before.")]) { args throws(SignalError) in
        args.upstream.timeInterval(on: args.scheduler).map { .record(Record([("value", $0.value), ("interval", .number($0.interval.milliseconds))])) }
    }
    .guide(.timing, "know how long since the value before")
    // RxJS sends a TimeInterval object: a record of its two fields here.
    .rxjs { _ in "timeInterval(), map(({value, interval}) => ({value, interval}))" }
    .combine(without: "Combine's measureInterval sends the intervals without the values"),
    .init("timestamp", .operator, .transforming, [],
          "Sends each value as a record {value, timestamp}: the value, and the milliseconds since the run began when it came.",
          "RxJS's timestamp, on the run's clock: virtual time in a test (frame 3 is 3), the time since the run started live. The end and an error go on as they are.",
          example: #"cold "-a--b---c|" | timestamp"#,
          elsewhere: ["RxJS: timestamp", "RxSwift: (none; map with the scheduler's now)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [.init("timeInterval", "timeInterval gives the time since the value before; timestamp the time since the run began.")]) { args throws(SignalError) in
        args.upstream.timestamp(on: args.scheduler).map { .record(Record([("value", $0.value), ("timestamp", .number(TimeSpan(nanoseconds: $0.time.nanoseconds).milliseconds))])) }
    }
    .guide(.timing, "know when each value came")
    // RxJS sends a Timestamp object: a record of its two fields here.
    .rxjs { _ in "timestamp(), map(({value, timestamp}) => ({value, timestamp}))" }
    .combine(without: "Combine has no timestamp operator (map would read the scheduler's clock outside the pipeline)"),
]

/// A duration computed for each value (`delay it * 2ms`) as RxJS's selector form takes it,
/// a function of the value to a timer: `(it) => timer(it * 2)`; nil for a literal.
private func timerOfEach(_ a: WrittenArguments, _ parameter: Parameter) -> String? {
    a.isComputed(parameter) ? "(it) => timer(\(a[parameter]))" : nil
}

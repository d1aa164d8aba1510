import Signals

/// The parameters of the entries below, each read by its value (`args.signal(.closing)`,
/// `a[.closing]`).
extension Parameter {
    fileprivate static let closing = Parameter("CLOSING", .signal)
    fileprivate static let closingEach = Parameter("CLOSING", .perValuePipeline)
    fileprivate static let boundaries = Parameter("BOUNDARIES", .signal)
    fileprivate static let openings = Parameter("OPENINGS", .signal)
    fileprivate static let key = Parameter("KEY", .perValue)
    fileprivate static let n = Parameter("N", .count, minimum: 1, maximum: Limits.listItems)
    fileprivate static let skip = Parameter("SKIP", .count, optional: true, minimum: 1)
    fileprivate static let span = Parameter("SPAN", .duration, shortest: .milliseconds(1))
}

/// The entries that cut a signal into pieces: lists closed by another signal, windows
/// (each a signal of its own, read with `flatMap (it | …)`) and groups.
let cuttingOperators: [OperatorSpec] = [
    .init("bufferWhen", .operator, .transforming, [.closing],
          "Collects values into a list until a run of CLOSING sends, then sends the list and starts a new run of CLOSING.",
          "Each list has its own closing run, started when the list before is sent (the first before the source is subscribed). A run that completes without a value leaves its list open until the source completes, which sends what is held.",
          example: #"cold "-a-b-c-d-e-f|" | bufferWhen (timer 4ms)"#,
          elsewhere: ["RxJS: bufferWhen", "RxSwift: (none)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [
            .init("buffer", "`buffer (P)` runs P once and sends a list at each of its values; bufferWhen starts a new run of its pipeline for each list."),
            .init("bufferTime", "bufferTime closes a list every SPAN on its own clock; bufferWhen when a run of your pipeline sends."),
            .init("bufferToggle", "bufferToggle opens a list only at a value of OPENINGS, so values between lists are dropped; bufferWhen keeps one list open at all times."),
            .init("windowWhen", "windowWhen sends each piece as a signal when it starts; bufferWhen as a list when it ends."),
          ]) { args throws(SignalError) in
        let closing = args.signal(.closing)
        return args.upstream.bufferWhen { closing }.map { .list($0) }
    }
    .guide(.changing, "into lists closed by runs of a pipeline")
    .rxjs { a in "bufferWhen(() => \(a[.closing]))" }
    .combine(without: "Combine has no buffer closed by a signal"),
    .init("bufferToggle", .operator, .transforming, [.openings, .closingEach],
          "Opens a list at each value of OPENINGS and sends it when the run of CLOSING made for that value (`it`) sends; lists may overlap.",
          "Values that come while no list is open are dropped; a value goes into every open list. A list whose closing run completes without a value stays open until the source completes; then every list not yet sent is sent, oldest first.",
          example: #"cold "-a-b-c-d-e|" | bufferToggle (cold "x---y|"), (timer 2ms)"#,
          elsewhere: ["RxJS: bufferToggle", "RxSwift: (none)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [
            .init("bufferWhen", "bufferWhen keeps one list open at all times; bufferToggle opens a list only at a value of OPENINGS, so values between lists are dropped."),
            .init("windowToggle", "windowToggle sends each piece as a signal while it is open; bufferToggle as a list when it closes."),
          ]) { args throws(SignalError) in
        args.upstream.bufferToggle(args.signal(.openings), closing: args.perValuePipeline(.closingEach)).map { .list($0) }
    }
    .guide(.changing, "into lists opened by one signal and closed by another")
    .rxjs { a in "bufferToggle(\(a[.openings]), \(a[.closingEach]))" }
    .combine(without: "Combine has no buffer opened and closed by signals"),
    .init("window", .operator, .transforming, [.boundaries],
          "Sends a window (a signal of the source's values) at once, and a new one, ending the one before, whenever BOUNDARIES sends.",
          "A window is a signal of its own: read it in a flattening operator, `window (P) | flatMap (it | toArray)`, which subscribes to each window as it comes. It is hot: values sent before a subscriber came are not sent again. The source's end ends the last window.",
          example: #"cold "-a-b-c-d|" | window (cold "--x---x|") | flatMap (it | toArray)"#,
          elsewhere: ["RxJS: window", "RxSwift: (none; window(timeSpan:count:scheduler:) is by time and count)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [
            .init("buffer", "`buffer (P)` sends each piece as a list when it ends; window sends it as a signal when it starts, and its values as they come."),
            .init("groupBy", "groupBy cuts by a key, so pieces run side by side; window by time, one piece after another."),
            .init("windowWhen", "windowWhen starts a new run of its pipeline for each window; `window (P)` runs P once and cuts at each of its values."),
          ]) { args throws(SignalError) in
        args.upstream.window(args.signal(.boundaries)).map { .signal(SignalValue($0)) }
    }
    .guide(.changing, "into windows (a signal each), cut where another signal sends")
    .rxjs { a in "window(\(a[.boundaries]))" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("windowCount", .operator, .transforming, [.n, .skip],
          "Sends windows of N values, a new window starting every SKIP values (every N when not given).",
          "The first window is sent at once, before any value; each closes after its N-th value, and the source's end closes the others. `windowCount 3, 1` is a sliding window, each value in three of them.",
          example: #"cold "-a-b-c-d-e|" | windowCount 2 | flatMap (it | toArray)"#,
          elsewhere: ["RxJS: windowCount", "RxSwift: (none; window(timeSpan:count:scheduler:))", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [
            .init("buffer", "buffer N sends each piece as a list when it is full; windowCount N sends a signal at the start of each piece."),
            .init("windowTime", "windowTime cuts every SPAN; windowCount every N values."),
          ]) { args throws(SignalError) in
        let every = args.has(.skip) ? try args.count(.skip) : nil
        return args.upstream.windowCount(try args.count(.n), every: every).map { .signal(SignalValue($0)) }
    }
    .guide(.changing, "into windows (a signal each) of N values")
    .rxjs { a in "windowCount(\(trailing([a[given: .n], a[given: .skip]])))" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("windowTime", .operator, .transforming, [.span],
          "Sends a window at once and a new one every SPAN; each window sends the values of its span and ends with it.",
          "The clock is its own: a span without values is an empty window. The source's end ends the current window.",
          example: #"cold "-a-b-c-d-e|" | windowTime 4ms | flatMap (it | toArray)"#,
          elsewhere: ["RxJS: windowTime", "RxSwift: window(timeSpan:count:scheduler:)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [
            .init("bufferTime", "bufferTime sends each span's values as a list when it ends; windowTime as a signal from its start."),
            .init("windowCount", "windowCount cuts every N values; windowTime every SPAN."),
          ]) { args throws(SignalError) in
        args.upstream.windowTime(try args.duration(.span), on: args.scheduler).map { .signal(SignalValue($0)) }
    }
    .guide(.changing, "into windows (a signal each) of a span of time")
    .rxjs { a in "windowTime(\(a[.span]))" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("windowToggle", .operator, .transforming, [.openings, .closingEach],
          "Opens a window at each value of OPENINGS, ended when the run of CLOSING made for that value (`it`) sends; windows may overlap.",
          "Values that come while no window is open are dropped; a value goes to every open window. The source's end ends them all.",
          example: #"cold "-a-b-c-d-e|" | windowToggle (cold "x---y|"), (timer 2ms) | flatMap (it | toArray)"#,
          elsewhere: ["RxJS: windowToggle", "RxSwift: (none)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [
            .init("bufferToggle", "bufferToggle sends each piece as a list when it closes; windowToggle as a signal when it opens."),
            .init("windowWhen", "windowWhen keeps one window open at all times; windowToggle opens one only at a value of OPENINGS."),
          ]) { args throws(SignalError) in
        args.upstream.windowToggle(args.signal(.openings), closing: args.perValuePipeline(.closingEach)).map { .signal(SignalValue($0)) }
    }
    .guide(.changing, "into windows (a signal each) opened and closed by signals")
    .rxjs { a in "windowToggle(\(a[.openings]), \(a[.closingEach]))" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("windowWhen", .operator, .transforming, [.closing],
          "Sends a window at once and starts a run of CLOSING; when the run sends or completes, the window ends and a new window and run start.",
          "One window is open at all times, so no value is dropped. Unlike bufferWhen, a closing run that completes without a value also closes the window.",
          example: #"cold "-a-b-c-d-e|" | windowWhen (timer 4ms) | flatMap (it | toArray)"#,
          elsewhere: ["RxJS: windowWhen", "RxSwift: (none)", "ReactiveSwift: (none)", "RAC2: (none)"],
          contrasts: [
            .init("bufferWhen", "bufferWhen sends each piece as a list when it ends; windowWhen as a signal when it starts."),
            .init("window", "`window (P)` runs P once and cuts at each of its values; windowWhen starts a new run of its pipeline for each window."),
            .init("windowToggle", "windowToggle opens a window only at a value of OPENINGS; windowWhen keeps one open at all times."),
          ]) { args throws(SignalError) in
        let closing = args.signal(.closing)
        return args.upstream.windowWhen { closing }.map { .signal(SignalValue($0)) }
    }
    .guide(.changing, "into windows (a signal each) closed by runs of a pipeline")
    .rxjs { a in "windowWhen(() => \(a[.closing]))" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
    .init("groupBy", .operator, .transforming, [.key],
          "Sends a group for each new KEY (computed from each value): a signal of the values with that key, read with `flatMap (it | …)`.",
          "A group is sent before its first value and ends when the source does; its key is `it.key` where the inner pipeline reads `it` once (`flatMap (it | reduce [it.key], acc + [it])`). Groups run side by side. As in RxJS, the source keeps running while a group has a subscriber, even after `take` has stopped the groups' own signal.",
          example: #"cold "-a-b-c-d-e|" {a: 1, b: 2, c: 3, d: 4, e: 5} | groupBy it % 2 | flatMap (it | toArray)"#,
          elsewhere: ["RxJS: groupBy", "RxSwift: groupBy(keySelector:)", "ReactiveSwift: (none)", "RAC2: groupBy:transform:"],
          contrasts: [
            .init("window", "window cuts one piece after another, by a signal; groupBy sorts values into pieces that run side by side."),
            .init("distinct", "distinct sends the first value of each key; groupBy a signal of all of them."),
            .init("partition", "partition splits into two named signals by a condition; groupBy into a group per key, as they come."),
          ]) { args throws(SignalError) in
        args.upstream.groupBy(args.perValue(.key)).map { .signal(SignalValue($0.group, key: $0.key)) }
    }
    .guide(.changing, "into groups by a key (a signal each)")
    .rxjs { a in "groupBy(\(a[.key]))" }
    .combine(without: "a signal of signals: the export's values hold no signal"),
]

extension Parameter {
    fileprivate static let condition = Parameter("CONDITION", .condition)
}

/// `partition`: two signals, named by `let a, b = … | partition C`, which the parser writes
/// as two `let`s of filters. The entry is what explain, the guide and completion know.
let partitionOperator = OperatorSpec(
    Parser.pairOperator, .operator, .filtering, [.condition],
    "Splits the source in two signals, named by a `let` with two names: the values that meet CONDITION, and the others.",
    "`let evens, odds = SOURCE | partition it % 2 == 0` names both; each is the source filtered, run anew wherever it is used (RxJS's partition is two filters too). Written anywhere but there, it is refused: its two signals need names.",
    example: "let evens, odds = cold \"-a-b-c-d|\" {a: 1, b: 2, c: 3, d: 4} | partition it % 2 == 0\nevens | merge (odds | map it * 10)",
    elsewhere: ["RxJS: partition", "RxSwift: (none; two filters)", "ReactiveSwift: (none; two filters)", "RAC2: (none; two filter:)"],
    contrasts: [
        .init("filter", "filter keeps the values that meet a condition and drops the others; partition keeps both, as two named signals."),
        .init("groupBy", "groupBy sorts values into a group per key as they come; partition into two named signals by a condition."),
    ]) { args throws(SignalError) in
    args.upstream.filter(args.condition(.condition))
}
.guide(.filtering, "split into two named signals by a condition")
.rxjs { a in "filter(\(a[.condition]))" }
.combine { a in evaluating("filter", a, .condition) }

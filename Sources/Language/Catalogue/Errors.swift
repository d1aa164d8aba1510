import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let d = Parameter("D", .durationOrPipeline, optional: true, keyword: "delay")
    fileprivate static let n = Parameter("N", .count, optional: true)
    fileprivate static let pipeline = Parameter("PIPELINE", .errorPipeline)
}

/// The errors entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let errorsOperators: [OperatorSpec] = [
    .init("catch", .operator, .errors, [.pipeline],
          "On an error, continues with the pipeline instead (`error` is the error's message).",
          "The source is over; the error does not reach downstream. `catch empty` ends quietly, `catch (of error)` turns it into a value, `catch (token | then profile)` recovers and asks again.",
          example: #"cold "-a-#" | catch (of "recovered")"#,
          elsewhere: ["RxJS: catchError", "ReactiveSwift: flatMapError", "RAC2: catch:"],
          contrasts: [
            .init("retry", "retry subscribes to the same source again; catch continues with another pipeline."),
            .init("errors", "errors A gathers the failures of an action's runs as values, and the action goes on; catch ends one signal's failure."),
          ]) { args throws(SignalError) in
        args.upstream.catchError(args.errorPipeline(.pipeline))
    }
    .guide(.errors, "by going on with something else (a value, a new token)")
    .rxjs { a in "catchError(\(a[.pipeline]))" }
    .combine { a in ".catch \(a[.pipeline])" },
    .init("retry", .operator, .errors, [.n, .d],
          "On an error, subscribes again, up to N more times (without N, for as long as it fails); `delay D` waits D before each new try.",
          "A cold source starts over, so a request is made again; after N more failures the error goes through. Without N it never gives up: Ctrl-C, `take` or the event limit end it. `retry 3 delay 1s` gives a failing server a second between tries. D may be a pipeline (`it` is the try's number, 1 for the first retry): its first value starts the next try, its end without a value ends the signal quietly, its error goes through: `retry delay (of it | filter it <= 3 | delay 1s)` tries three more times, a second apart, then ends quietly.",
          example: #"cold "-a-#" | retry 2"#, exampleFails: true,
          elsewhere: ["RxJS: retry (with delay: retry({count, delay}); a pipeline: delay as a function)", "ReactiveSwift: retry(upTo:) / retry(upTo:interval:on:)", "RAC2: retry:"],
          contrasts: [
            .init("catch", "catch replaces the failed source with another pipeline; retry runs the same one again."),
            .init("repeat", "repeat runs the source again when it completes; retry when it fails."),
          ]) { args throws(SignalError) in
        let count = args.has(.n) ? try args.count(.n) : Int.max
        return args.upstream.retry(count, wait: try args.restartWait(.d), on: args.scheduler, interrupted: args.scheduler.interrupted)
    }
    .guide(.errors, "by trying again")
    .rxjs { a in rxjsRestart("retry", a, count: .n, wait: .d, parameters: "(error, it)") }
    .combine { a in
        guard a[given: .d] == nil else { return nil }
        guard let n = a[given: .n] else { return ".retry(Int.max)" }
        return combineCount(n).map { ".retry(\($0))" }
    },
]

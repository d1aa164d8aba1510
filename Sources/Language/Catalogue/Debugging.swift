import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let label = Parameter("LABEL", .text, optional: true, defaultsToUpstreamText: true)
}

/// The debugging entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let debuggingOperators: [OperatorSpec] = [
    .init("log", .operator, .debugging, [.label],
          "Passes everything through and prints each event with its time.",
          "Put it between two stages to see what flows there, without changing anything.",
          example: #"cold "-a|" | log "source""#,
          elsewhere: ["RxJS: tap(console.log)", "ReactiveSwift: logEvents", "RAC2: logAll"],
          contrasts: [.init("finalize", "finalize prints one line when the subscription ends; log every event.")]) { args throws(SignalError) in
        args.upstream.log(args.text(.label) ?? args.label, on: args.scheduler, to: args.context.write, describe: \.printed)
    }
    .guide(.debugging, "print every event with its time")
    .rxjs { a in "tap(logged(\(a[given: .label] ?? "\"\"")))" }
    .combine { a in ".logged(\(a[given: .label] ?? "\"\""))" },
    .init("finalize", .operator, .debugging, [.label],
          "Passes everything through and prints `LABEL: finalized` once, when the subscription ends: after its completion or error, or when it is cancelled.",
          "Where RxJS code cleans up (closing a connection, hiding a spinner), frp shows when that happens: after the end, or at the cancel a `take` or a `switchMap` makes.",
          example: #"cold "-a-b-c|" | finalize "source" | take 2"#, aliases: ["finally"],
          elsewhere: ["RxJS: finalize", "ReactiveSwift: on(disposed:)", "RAC2: finally: (at the end only, not at a cancel)", "RxSwift: do(onDispose:)"],
          reactiveCocoa: "RAC 2's finally: runs its block when the signal completes or fails, not when its subscription is disposed; frp's finalize runs at either, as RxJS's does.",
          contrasts: [.init("log", "log prints every event as it passes; finalize one line, when the subscription ends.")]) { args throws(SignalError) in
        let label = args.text(.label) ?? args.label, scheduler = args.scheduler, write = args.context.write
        return args.upstream.finalize { write("[\(scheduler.now.logDescription)] \(label): finalized") }
    }
    .guide(.debugging, "know when the subscription ends, by its end or a cancel")
    .rxjs { a in "finalize(finalized(\(a[given: .label] ?? "\"\"")))" }
    .combine(without: "Combine's handleEvents(receiveCancel:) does not run at the end; it has no finalize"),
]

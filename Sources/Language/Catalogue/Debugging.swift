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
          elsewhere: ["RxJS: tap(console.log)", "ReactiveSwift: logEvents", "RAC2: logAll"]) { args throws(SignalError) in
        args.upstream.log(args.text(.label) ?? args.label, on: args.scheduler, to: args.context.write, describe: \.printed)
    }
    .guide(.debugging, "print every event with its time")
    .rxjs { a in "tap(logged(\(a[given: .label] ?? "\"\"")))" }
    .combine { a in ".logged(\(a[given: .label] ?? "\"\""))" },
]

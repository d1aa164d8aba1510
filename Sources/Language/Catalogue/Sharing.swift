import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let eager = Parameter("EAGER", .flag, optional: true, keyword: "eager", startsWithRun: true)
    fileprivate static let n = Parameter("N", .count)
    fileprivate static let reset = Parameter("RESET", .flag, optional: true, keyword: "reset")
}

/// The sharing entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let sharingOperators: [OperatorSpec] = [
    .init("share", .operator, .sharing, [.reset, .eager],
          "Shares one subscription of the source among all subscribers.",
          "Subscribers at the same time share one run, one request; a late one joins the run in progress and misses what came before. When all have left, the next subscriber starts a new run (RxJS's share). `share reset false` connects once and never again: the run goes on when everyone has left, and a subscriber after the end gets the end at once. `share eager true` also connects at the start of the run, before anyone subscribes, as a hot source does.",
          example: "let clicks = cold \"-a-b-c|\" | share\nclicks | merge (timer 2ms | switchMap clicks)",
          elsewhere: ["RxJS: share (reset false: share({resetOnError: false, resetOnComplete: false, resetOnRefCountZero: false}); eager true: connectable(source).connect())",
                      "ReactiveSwift: (closest: replayLazily(upTo: 0), which never starts a new run: `share reset false`)",
                      "RAC2: publish + autoconnect (`share reset false`); publish + connect (`share eager true`)"],
          reactiveCocoa: "RAC 2's `publish` then `autoconnect` connects once and never again: `share reset false` here. A subscriber that comes after the source ended gets nothing in RAC 2 (its subject has no end to give); here it gets the end at once (RxJS's Subject), which ends what it feeds. frp's plain share starts a new run for it instead (RxJS's refCount). Where the seed shares one request for the whole screen, all three make one request while the subscribers overlap. RAC 2's `publish` then `connect` (started at once) is `share eager true`.",
          contrasts: [
            .init("cold", "without share, a cold signal runs again for each subscriber: two subscribers, two requests."),
            .init("hot", "hot runs from the start of the run whether anyone listens; share starts with its first subscriber."),
            .init("replay", "replay also hands a late subscriber the last N values it missed."),
          ]) { args throws(SignalError) in
        let eager = try args.flag(.eager) ?? false
        return args.upstream.share(restarts: try args.flag(.reset) ?? true, connectedUntil: eager ? args.runConnections : nil)
    }
    .guide(.sharing, "one request for everyone subscribed")
    .rxjs { a in
        if a[given: .eager] == "true" { return nil }
        return a[given: .reset] == "false" ? "share({\(rxjsNeverAgain)})" : "share()"
    }
    .combine { a in a[given: .reset] == nil && a[given: .eager] == nil ? ".shared()" : nil },
    .init("replay", .operator, .sharing, [.n, .reset, .eager],
          "Like share, and a late subscriber first gets the last N values.",
          "The late subscriber gets the remembered values at once, at the instant it subscribes, then goes on with everyone. As with share, when all have left before the source ended, the next subscriber starts a new run (and nothing is remembered); after the source ended, everyone gets the last N and the end, and after an error the next subscriber starts a new run. `replay N reset false` never runs the source again: the last N values and the end are kept for everyone, the error too. `replay N eager true` also starts with the run, before anyone subscribes: a cache filled at once (an importer's page), replayed to whoever comes.",
          example: "let latest = cold \"-a-b---c|\" | replay 1\nlatest | merge (timer 4ms | switchMap latest)",
          elsewhere: ["RxJS: shareReplay({bufferSize: N, refCount: true}) (reset false: share({connector: () => new ReplaySubject(N), resetOnError: false, resetOnComplete: false, resetOnRefCountZero: false}); eager true: connectable(source, {connector: () => new ReplaySubject(N)}).connect())",
                      "ReactiveSwift: replayLazily(upTo: N) (`replay N reset false`)",
                      "RAC2: replayLazily (`replay N reset false`); replay, replayLast (`replay N eager true`)"],
          reactiveCocoa: "RAC 2's replay operators never run the source again, and replay an error as well as the values and the end: `replayLazily` is `replay N reset false` here (it starts at the first subscriber), `replay` and `replayLast` are `replay N eager true` (they start at once; `replayLast` keeps 1). frp's plain replay is RxJS's shareReplay with refCount: a new run when everyone left early or after an error.",
          contrasts: [.init("share", "share gives a late subscriber only what comes after it joined; replay first repeats the last N.")]) { args throws(SignalError) in
        let eager = try args.flag(.eager) ?? false
        return args.upstream.replay(try args.count(.n), restarts: try args.flag(.reset) ?? true,
                                    connectedUntil: eager ? args.runConnections : nil)
    }
    .guide(.sharing, "and hand late subscribers the last values")
    .rxjs { a in
        if a[given: .eager] == "true" { return nil }
        guard a[given: .reset] == "false" else { return "shareReplay({bufferSize: \(a[.n]), refCount: true})" }
        return "share({connector: () => new ReplaySubject(\(a[.n])), \(rxjsNeverAgain)})"
    }
    .combine(without: "Combine has no replay operator (no shareReplay)"),
]

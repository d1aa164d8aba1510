import Signals

/// The sharing entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let sharingOperators: [OperatorSpec] = [
    .init("share", .operator, .sharing, [],
          "Shares one subscription of the source among all subscribers (publish + autoconnect).",
          "Subscribers at the same time share one run, one request; a late one joins the run in progress and misses what came before. When all have left, the next subscriber starts a new run.",
          example: "let clicks = cold \"-a-b-c|\" | share\nclicks | merge (timer 2ms | switchMap clicks)",
          elsewhere: ["RxJS: share", "ReactiveSwift: (closest: replayLazily(upTo: 0), which never starts a new run)", "RAC2: (closest: publish + autoconnect, which never starts a new run)"],
          reactiveCocoa: "RAC 2's `publish` then `autoconnect` connects once and never again: a subscriber that comes after the source ended gets only the end. frp's share starts a new run for it (RxJS's refCount). Where the seed shares one request for the whole screen, both make one request while the subscribers overlap.",
          contrasts: [
            .init("cold", "without share, a cold signal runs again for each subscriber: two subscribers, two requests."),
            .init("hot", "hot runs from the start of the run whether anyone listens; share starts with its first subscriber."),
            .init("replay", "replay also hands a late subscriber the last N values it missed."),
          ]) { args throws(SignalError) in
        args.upstream.share()
    },
    .init("replay", .operator, .sharing, [Parameter("N", .count)],
          "Like share, and a late subscriber first gets the last N values.",
          "The late subscriber gets the remembered values at once, at the instant it subscribes, then goes on with everyone. As with share, when all have left before the source ended, the next subscriber starts a new run (and nothing is remembered); after the source ended, everyone gets the last N and the end.",
          example: "let latest = cold \"-a-b---c|\" | replay 1\nlatest | merge (timer 4ms | switchMap latest)",
          elsewhere: ["RxJS: shareReplay({bufferSize: N, refCount: true})", "ReactiveSwift: (closest: replayLazily(upTo:), which never starts a new run)", "RAC2: (closest: replayLazily, which never starts a new run)"],
          contrasts: [.init("share", "share gives a late subscriber only what comes after it joined; replay first repeats the last N.")]) { args throws(SignalError) in
        args.upstream.replay(try args.count("N"))
    },
]

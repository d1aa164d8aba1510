/// RxJS's (and RAC 2's) words that are not operators here, because frp writes the same otherwise
/// (`frp explain BehaviorSubject`): how, with a run. (A name an entry gives as RxJS's,
/// `shareReplay`, opens that entry's page instead.) Subjects and connectables are what
/// a learner meets in RxJS's documentation; frp's sources are cold, and `hot`, `var`,
/// `share` and `replay` are its ways to share.
extension StatementTopic {
    private static func rxjs(_ name: String, _ signature: String, _ explanation: String,
                             _ examples: [(caption: String, script: String)], library: String = "RxJS") -> StatementTopic {
        StatementTopic(name: name, signature: signature, kind: "\(library)'s word; frp writes it otherwise",
                       explanation: explanation, examples: examples)
    }

    static let rxjsWords: [StatementTopic] = [
        rxjs("generate", "generate(initial, condition, iterate)",
             "A loop as a source. frp counts with `range FROM, COUNT` and computes each value with `map`; a loop that stops at a condition is `takeWhile`.",
             [("`generate(0, x => x * x < 50, x => x + 1)` squared:", "range 0, 10 | map it * it | takeWhile it < 50")]),
        rxjs("defer", "defer(() => OBSERVABLE)",
             "Makes the signal when it is subscribed. Every pipeline in frp is made so: each run (each subscription) builds its stages anew, so a pipeline is already deferred.",
             [("Two runs of one `let` name, each made when it is subscribed:", "let clock = timer 2ms | mapTo \"made now\"\nclock | concat (clock)")]),
        rxjs("iif", "iif(() => CONDITION, A, B)",
             "Chooses a signal by a condition when subscribed. frp writes `(if CONDITION then (A) else (B))`, a value that is a signal, decided when the run starts.",
             [("A property chooses which signal runs:", "var online = true\n(if online then (cold \"-a|\") else (cold \"-b|\"))")]),
        rxjs("Subject", "new Subject()  subject.next(v)",
             "A source that sends whether or not anyone listens: a late subscriber misses what came before. frp writes it `hot MARBLE`, where `^` is where the run subscribes; an action's inputs are the other way values come in.",
             [("What came before `^` is missed:", "hot \"-a-^-b-c|\"")]),
        rxjs("BehaviorSubject", "new BehaviorSubject(initial)",
             "A value that changes, sent at once to each subscriber, then every change. frp writes it `var NAME = VALUE` (a property), set with `NAME := VALUE`.",
             [("The current value at once:", "var total = 1\ntotal := 5\ntotal | take 1")]),
        rxjs("ReplaySubject", "new ReplaySubject(N)",
             "Shares one run and gives a late subscriber the last N values first. frp writes `replay N` after the pipeline.",
             [("A late run gets the last 2 values at once:", "let readings = cold \"-a-b-c|\" | replay 2\nreadings | merge (timer 10ms | then (readings))")]),
        rxjs("AsyncSubject", "new AsyncSubject()",
             "Sends only the last value, when the source completes. frp writes `takeLast 1` (or `last`, which fails when there was none).",
             [("Only the last, at the end:", "cold \"-a-b-c|\" | takeLast 1")]),
        rxjs("publish", "publish()  connect()",
             "Shares one run among subscribers, started by hand. frp's `share` starts the run with the first subscriber and stops it after the last (RxJS's `share()`).",
             [("Two subscribers, one run:", "let shared = cold \"-a-b|\" | share\nshared | merge (shared)")]),
        rxjs("multicast", "multicast(subject)",
             "Shares one run through a subject. frp writes `share` (or `replay N` to give late subscribers the last values).",
             [("Two subscribers, one run:", "let shared = cold \"-a-b|\" | share\nshared | merge (shared)")]),
        rxjs("connectable", "connectable(source)  connect()",
             "A shared run started by hand. frp starts a shared run with its first subscriber (`share`), or at the run's start whatever listens (`hot`).",
             [("Started with the run, whoever listens:", "hot \"^-a-b|\"")]),
        rxjs("retryWhen", "retryWhen(errors => errors.pipe(delay(D)))",
             "Resubscribes after an error when a notifier says so; deprecated in RxJS 7 for `retry({count, delay})`. frp writes `retry N delay D`.",
             [("Two more tries, 3 ms after each failure, then a fallback:", "cold \"-a#\" | retry 2 delay 3ms | catch (of \"gave up\")")]),
        rxjs("repeatWhen", "repeatWhen(done => done.pipe(delay(D)))",
             "Resubscribes after completion when a notifier says so; deprecated in RxJS 7 for `repeat({count, delay})`. frp writes `repeat N delay D`.",
             [("Two runs, the second 3 ms after the first ends:", "cold \"-a|\" | repeat 2 delay 3ms")]),
        rxjs("onErrorResumeNext", "onErrorResumeNext(A, B)",
             "Goes on with the next signal whether the one before completed or failed. frp writes `catch empty` (a failure becomes an end) and then `concat`.",
             [("The failure is dropped and the next signal runs:", "cold \"-a#\" | catch empty | concat (cold \"-b|\")")]),
        rxjs("initially", "[signal initially:^{ … }]",
             "Runs a block at each subscription, before the source starts: RAC 2's tutorials show a spinner there. A pipeline here has no side effects but printing; the state the block would set is a value: `startWith \"loading\"` sends it first, and `log` prints each event as it passes.",
             [("A state first, then the answer:", "cold \"--r|\" | mapTo \"done\" | startWith \"loading\"")], library: "RAC 2"),
    ]
}

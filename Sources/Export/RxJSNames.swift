/// Every name the `rxjs` package of RxJS 7.5.7 exports (`Object.keys(require('rxjs'))`):
/// the export imports those its code calls, and a script's own names that are among them
/// are renamed (`JavaScript.isTaken`). A fact about RxJS, not about frp's operators, so a
/// new operator's spelling needs nothing here; `Tests/RxJS/export_test.py` compares the list
/// with the real package.
enum RxJSNames {
    static let exports: Set<String> = [
        "ArgumentOutOfRangeError", "AsyncSubject", "BehaviorSubject", "ConnectableObservable", "EMPTY",
        "EmptyError", "NEVER", "NotFoundError", "Notification", "NotificationKind", "ObjectUnsubscribedError",
        "Observable", "ReplaySubject", "Scheduler", "SequenceError", "Subject", "Subscriber", "Subscription",
        "TimeoutError", "UnsubscriptionError", "VirtualAction", "VirtualTimeScheduler", "animationFrame",
        "animationFrameScheduler", "animationFrames", "asap", "asapScheduler", "async", "asyncScheduler",
        "audit", "auditTime", "bindCallback", "bindNodeCallback", "buffer", "bufferCount", "bufferTime",
        "bufferToggle", "bufferWhen", "catchError", "combineAll", "combineLatest", "combineLatestAll",
        "combineLatestWith", "concat", "concatAll", "concatMap", "concatMapTo", "concatWith", "config",
        "connect", "connectable", "count", "debounce", "debounceTime", "defaultIfEmpty", "defer", "delay",
        "delayWhen", "dematerialize", "distinct", "distinctUntilChanged", "distinctUntilKeyChanged",
        "elementAt", "empty", "endWith", "every", "exhaust", "exhaustAll", "exhaustMap", "expand", "filter",
        "finalize", "find", "findIndex", "first", "firstValueFrom", "flatMap", "forkJoin", "from",
        "fromEvent", "fromEventPattern", "generate", "groupBy", "identity", "ignoreElements", "iif",
        "interval", "isEmpty", "isObservable", "last", "lastValueFrom", "map", "mapTo", "materialize", "max",
        "merge", "mergeAll", "mergeMap", "mergeMapTo", "mergeScan", "mergeWith", "min", "multicast", "never",
        "noop", "observable", "observeOn", "of", "onErrorResumeNext", "pairs", "pairwise", "partition",
        "pipe", "pluck", "publish", "publishBehavior", "publishLast", "publishReplay", "queue",
        "queueScheduler", "race", "raceWith", "range", "reduce", "refCount", "repeat", "repeatWhen", "retry",
        "retryWhen", "sample", "sampleTime", "scan", "scheduled", "sequenceEqual", "share", "shareReplay",
        "single", "skip", "skipLast", "skipUntil", "skipWhile", "startWith", "subscribeOn", "switchAll",
        "switchMap", "switchMapTo", "switchScan", "take", "takeLast", "takeUntil", "takeWhile", "tap",
        "throttle", "throttleTime", "throwError", "throwIfEmpty", "timeInterval", "timeout", "timeoutWith",
        "timer", "timestamp", "toArray", "using", "window", "windowCount", "windowTime", "windowToggle",
        "windowWhen", "withLatestFrom", "zip", "zipAll", "zipWith",
    ]
}

import Signals

/// The parameters of the entries below, each read by its value (`args.count(.n)`, `a[.n]`).
extension Parameter {
    fileprivate static let action = Parameter("ACTION", .action)
    fileprivate static let pipeline = Parameter("PIPELINE", .perValuePipeline)
    fileprivate static let signal = Parameter("SIGNAL", .signal, optional: true, keyword: "enabledBy")
}

/// The actions entries of the catalogue: what the checker, the compiler, `explain` and
/// completion know of each, and how it is built.
let actionsOperators: [OperatorSpec] = [
    .init("action", .operator, .actions,
          [.pipeline, .signal],
          "Each value is an input: runs the pipeline for it (`it` is the input) and sends its values, unless the action is disabled (the latest of `enabledBy` is not true) or still executing: then the input is dropped. Failures go to `errors A`, and the action stays usable.",
          "It is ReactiveCocoa's RACCommand: a button's presses in, one run per press, and `executing A`, `enabled A` and `errors A` to drive the view.",
          example: #"cold "-s-s---s-|" | action (timer 3ms | mapTo "done")"#,
          elsewhere: ["RxJS: (none; exhaustMap, with a BehaviorSubject for the executing state)",
                      "ReactiveSwift: Action(enabledIf:execute:)", "RAC2: RACCommand initWithEnabled:signalBlock:"],
          contrasts: [
            .init("exhaustMap", "exhaustMap also drops values while a run goes on, but a failed run ends it; an action sends failures to `errors A` and goes on, and tells whether it is executing."),
            .init("executing", "executing A is whether the action is busy; the action itself sends the values of its runs."),
            .init("errors", "errors A sends the messages of failed runs; the action sends the values of the runs that succeed."),
            .init("executions", "executions A sends the input of each accepted run as it starts; the action sends what the runs produce."),
          ]) { args throws(SignalError) in
        let run = ActionRun(inputs: args.upstream, enabledBy: args.optionalSignal(.signal), execute: args.perValuePipeline(.pipeline))
        args.register(run)
        return run.values
    }
    .guide(.actions, "one input at a time, dropping presses while busy")
    // Actions: RxJS has none; the export's `actionOf` helper is frp's ActionRun, and a
    // view reads the run its `let` name holds.
    .rxjs { a in "actionOf(\(trailing([a[given: .pipeline], a[given: .signal]])))" }
    .combine(without: "frp's actions are not written for Combine (the RxJS export has them)"),
    .init("executing", .source, .actions, [.action],
          "Whether the action is executing: false or true at once, then every change.",
          "It drives a spinner: `executing A | not` is scenario 13's loading indicator.",
          example: #"executing (cold "-s-----|" | action (timer 3ms))"#,
          elsewhere: ["RxJS: (none; a BehaviorSubject set around each run)", "ReactiveSwift: Action.isExecuting", "RAC2: RACCommand executing"],
          contrasts: [
            .init("enabled", "enabled A is whether a press would start a run: false while executing, and also while enabledBy is false."),
            .init("action", "the action sends the values of its runs; executing A only whether one is going on."),
            .init("executions", "executions A sends the input of each run as it starts; executing A is true while one goes on."),
          ]) { args throws(SignalError) in
        args.action(.action)?.executing ?? args.actionMissing()
    }
    .guide(.actions, "and show that it is running (a spinner)")
    .rxjs { a in "\(a[.action]).run.executing" }
    .combine(without: "frp's actions are not written for Combine (the RxJS export has them)"),
    .init("executions", .source, .actions, [.action],
          "The input of every execution the action accepts, sent when it starts (before the execution's values).",
          "RAC 2's executionSignals: one value per accepted press, none for a press that was dropped. An optimistic view starts here and rolls back on `errors A`: `merge (executions like | mapTo true), (errors like | mapTo false)`; resigning the keyboard once per search is `executions search`.",
          example: #"executions (cold "-s-s---s-|" | action (timer 3ms | mapTo "done"))"#,
          elsewhere: ["RxJS: (none; tap at the start of each exhaustMap run)", "ReactiveSwift: (none; Action.values sends outputs, not starts)",
                      "RAC2: executionSignals (of a RACCommand)"],
          contrasts: [
            .init("executing", "executing A is whether a run is going on (true, then false); executions A sends each run's input once, when it starts."),
            .init("action", "the action sends what its runs produce; executions A the input each run started with."),
          ]) { args throws(SignalError) in
        args.action(.action)?.executions ?? args.actionMissing()
    }
    .guide(.actions, "and react once to each press it accepts (with its input)")
    .rxjs { a in "\(a[.action]).run.executions" }
    .combine(without: "frp's actions are not written for Combine (the RxJS export has them)"),
    .init("enabled", .source, .actions, [.action],
          "Whether the action would take an input now (enabledBy is true and it is not executing): the current value, then every change.",
          "It drives a button: a press while it is false is dropped, so a second press cannot start a second run.",
          example: #"enabled (cold "-s-----|" | action (timer 3ms) enabledBy (cold "t--f|" {t: true, f: false}))"#,
          elsewhere: ["RxJS: (none; combineLatest of the condition and not executing)", "ReactiveSwift: Action.isEnabled", "RAC2: RACCommand enabled"],
          contrasts: [.init("executing", "executing A is only whether a run is going on; enabled A also asks enabledBy.")]) { args throws(SignalError) in
        args.action(.action)?.enabled ?? args.actionMissing()
    }
    .guide(.actions, "and enable the button only when a press would run")
    .rxjs { a in "\(a[.action]).run.enabled" }
    .combine(without: "frp's actions are not written for Combine (the RxJS export has them)"),
    .init("errors", .source, .actions, [.action],
          "The message of every failed execution of the action, as a value; the action goes on.",
          "A view model's one errors stream: merge the errors of two actions (scenario 15).",
          example: #"errors (cold "-s---s-|" | action (fail "offline"))"#,
          elsewhere: ["RxJS: (none; catchError inside each run, into a Subject)", "ReactiveSwift: Action.errors", "RAC2: RACCommand errors"],
          contrasts: [
            .init("catch", "catch replaces one failed signal with another pipeline; errors A collects the failures of an action's runs while the action goes on."),
            .init("action", "the action sends what its runs produce; errors A what they failed with."),
          ]) { args throws(SignalError) in
        args.action(.action)?.errors ?? args.actionMissing()
    }
    .guide(.actions, "and get the failures of its runs as values")
    .rxjs { a in "\(a[.action]).run.errors" }
    .combine(without: "frp's actions are not written for Combine (the RxJS export has them)"),
]

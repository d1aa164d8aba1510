import Signals

/// One `action` stage in one run: RAC 2's `RACCommand`, ReactiveSwift's `Action`, driven
/// by the signal before it (a button's taps, a form's submissions).
///
///     taps                        -s-----s-s-----|
///     action (timer 3ms) ...      ----0------0---|   the values of each execution
///     executing A                 ft--f--t--f        (f to start; the 2nd s of the pair is refused)
///     executions A                -s-----s-------    the input of each accepted execution
///     errors A                    the message of each failed execution, as a value
///
/// Every view (the stage's own output, `executing A`, `executions A`, `enabled A`, `errors A`) shares one
/// subscription to the inputs, made when the first view is subscribed and disposed with
/// the last, as `share` does. An input that arrives while the action is disabled or still
/// executing is refused and dropped (`exhaustMap` does the same without the state). An
/// execution's error goes to `errors A` only: the action stays usable. Every view ends when
/// the inputs have ended and no execution runs (an error of the inputs ends them with it).
final class ActionRun {
    let action: Action<Value, Value>
    private let inputs: Signal<Value>
    /// Whether `enabledBy` last said true: set while the views are connected, so the
    /// subscription to `enabledBy` ends with them (a live text field never completes:
    /// subscribed at construction, it outlived the run).
    private let enabledIf = Property(true)
    private let enabledBy: Signal<Value>?
    private var connection: Lifetime?
    private var viewers = 0
    private var inputsEnded: Termination?
    /// Terminates every view; it sends no values.
    private let ending = Subject<Value>()

    init(inputs: Signal<Value>, enabledBy: Signal<Value>?, execute: @escaping (Value) -> Signal<Value>) {
        self.inputs = inputs
        self.enabledBy = enabledBy
        // Enabled until enabledBy's first value, as RAC 2's RACCommand starts with YES.
        action = Action(enabledIf: enabledIf, execute: execute)
    }

    /// The values of every execution (the `action` stage's output).
    var values: Signal<Value> { view(action.values) }
    /// `true` while an execution runs: its current value first, then every change.
    var executing: Signal<Value> { view(action.isExecuting.producer.map { .bool($0) }) }
    /// Whether an input would be accepted now: enabled and not executing.
    var enabled: Signal<Value> { view(action.isEnabled.producer.map { .bool($0) }) }
    /// The input of every accepted execution, when it starts.
    var executions: Signal<Value> { view(action.starts) }
    /// The message of every failed execution.
    var errors: Signal<Value> { view(action.errors.map { .string($0.message) }) }

    private func view(_ source: Signal<Value>) -> Signal<Value> {
        Signal({ [self] (observer: Observer<Value>, lifetime: Lifetime) in
            if let inputsEnded, !action.isExecuting.value {
                observer.terminate(inputsEnded)
                return
            }
            ending.signal.start(Observer(next: { _ in }, terminate: observer.terminate), in: lifetime.child())
            source.start(observer, in: lifetime.child())
            viewers += 1
            lifetime.onDispose { [weak self] in self?.leave() }
            if viewers == 1 { connect() }
        })
    }

    private func connect() {
        let connection = Lifetime()
        self.connection = connection
        enabledBy?.start(Observer(
            next: { [unowned self] value in try? enabledIf.set(value == .bool(true)) },
            terminate: { _ in }
        ), in: connection.child())
        inputs.start(Observer(
            next: { [unowned self] input in
                action.apply(input).start(Observer(
                    next: { _ in },  // the values reach the views through `action.values`
                    terminate: { [unowned self] _ in endIfIdle() }
                ), in: connection.child())
            },
            terminate: { [unowned self] termination in
                inputsEnded = termination
                endIfIdle()
            }
        ), in: connection)
    }

    private func leave() {
        viewers -= 1
        if viewers == 0 {
            connection?.dispose()
            connection = nil
        }
    }

    private func endIfIdle() {
        guard let inputsEnded, !action.isExecuting.value else { return }
        try? ending.terminate(inputsEnded)
    }
}

/// Work started on demand, one execution at a time, with its state as properties
/// (ReactiveSwift's `Action`, ReactiveCocoa 2's `RACCommand`): a login button's action.
///
///     let login = Action(enabledIf: credentialsAreValid) { (form: Form) in
///         client.login(form)           // a Signal<Session>
///     }
///     login.isExecuting.signal         true when it starts, false when it ends
///     login.apply(form).subscribe { ... }
///
/// `apply` refuses, with an error event, while the action is disabled or still running.
/// The values of every execution also go to `values`, their errors to `errors`; an
/// execution's error does not end those streams, and the action stays usable.
public final class Action<Input, Output> {
    /// True while an execution runs (from the subscription to `apply`'s signal until it
    /// ends or is disposed). Read-only.
    public let isExecuting: Property<Bool>
    /// `enabledIf` and not executing: whether `apply` would start an execution now.
    /// Read-only.
    public let isEnabled: Property<Bool>

    private let enabledIf: Property<Bool>
    private let execute: (Input) throws(SignalError) -> Signal<Output>
    private let startStream = Subject<Input>()
    private let valueStream = Subject<Output>()
    private let errorStream = Subject<SignalError>()
    private let following = Lifetime()

    /// An action that may run while `enabledIf` is true. `execute` makes the work for one
    /// input; it is called for each accepted `apply`, and a throw fails that execution.
    public init(enabledIf: Property<Bool>,
                execute: @escaping (Input) throws(SignalError) -> Signal<Output>) {
        self.enabledIf = enabledIf
        self.execute = execute
        isExecuting = Property(owned: false, by: "action")
        isEnabled = Property(owned: enabledIf.value, by: "action")
        enabledIf.signal.start(Observer(
            next: { [weak self] _ in self?.updateEnabled() },
            terminate: { _ in }
        ), in: following)
    }

    /// An action enabled by the latest value of `enabledIf`, and enabled until its first
    /// value (as RAC 2's `RACCommand` starts its enabled signal with YES).
    public convenience init(enabledIf: Signal<Bool>,
                            execute: @escaping (Input) throws(SignalError) -> Signal<Output>) {
        self.init(enabledIf: Property(initial: true, then: enabledIf), execute: execute)
    }

    /// An action that is always enabled (when not executing).
    public convenience init(execute: @escaping (Input) throws(SignalError) -> Signal<Output>) {
        self.init(enabledIf: Property(owned: true, by: "action"), execute: execute)
    }

    deinit {
        following.dispose()
    }

    /// The input of every execution, when it starts (after `isExecuting` turns true, before
    /// its first value): RAC 2's `executionSignals`, one value per accepted `apply`. Never
    /// ends; refused applies are not here.
    public var starts: Signal<Input> { startStream.signal }

    /// The values of every execution, as they come. Never ends.
    public var values: Signal<Output> { valueStream.signal }

    /// The errors of every execution, as they come. Never ends: an execution that fails
    /// leaves the action usable. Refusals of `apply` are not here, only on `apply`'s signal.
    public var errors: Signal<SignalError> { errorStream.signal }

    /// Starts an execution with `input` when subscribed, and sends its events. Fails at
    /// once with "action is disabled" or "action is already executing" instead when the
    /// action cannot run. Disposing the subscription cancels the execution.
    ///
    ///     execute: (timer 4s | mapTo "ok")
    ///     apply at 0s             4s (ok|)
    ///     apply at 1s             #             action is already executing
    ///     isExecuting.signal      true at 0s, false at 4s
    public func apply(_ input: Input) -> Signal<Output> {
        Signal(unchecked: { [self] observer, lifetime in
            if isExecuting.value {
                observer.terminate(.error(.actionIsExecuting))
                return
            }
            if !enabledIf.value {
                observer.terminate(.error(.actionIsDisabled))
                return
            }
            let work: Signal<Output>
            do throws(SignalError) {
                work = try execute(input)
            } catch {
                observer.terminate(.error(error))
                errorStream.deliver(error)
                return
            }
            var finished = false
            let execution = lifetime.child()
            // Disposed before it ended: the action is free again.
            lifetime.onDispose { [weak self] in
                if !finished {
                    finished = true
                    self?.setExecuting(false)
                }
            }
            setExecuting(true)
            if finished || lifetime.isDisposed { return }
            startStream.deliver(input)
            if finished || lifetime.isDisposed { return }
            let valueStream = valueStream
            work.start(Observer(
                next: { value in
                    observer.next(value)
                    valueStream.deliver(value)
                },
                terminate: { [weak self] termination in
                    guard !finished else { return }
                    finished = true
                    execution.dispose()
                    // Free again before anyone hears of the end, so a subscriber may apply
                    // the action again from its reaction to the end or to the error. The
                    // error reaches `errors` before the execution's own end, so whoever
                    // ends with the execution has seen it.
                    self?.setExecuting(false)
                    if case .error(let error) = termination { self?.errorStream.deliver(error) }
                    observer.terminate(termination)
                }
            ), in: execution)
        })
    }

    private func setExecuting(_ executing: Bool) {
        isExecuting.update(executing)
        updateEnabled()
    }

    private func updateEnabled() {
        let enabled = enabledIf.value && !isExecuting.value
        if enabled != isEnabled.value { isEnabled.update(enabled) }
    }
}

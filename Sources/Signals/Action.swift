/// Work started on demand, one execution at a time (ReactiveSwift Action, RAC2
/// RACCommand). Its values and errors are separate streams that an execution's failure
/// does not end; `isExecuting` is true while one runs.
public final class Action<Input, Output> {
    private let execute: (Input) -> Signal<Output>
    private let valuesSubject = Subject<Output>()
    private let errorsSubject = Subject<SignalError>()
    private let enabledIf: Property<Bool>
    public let isExecuting = Property(false)
    public let isEnabled: Property<Bool>
    private var watcher: Lifetime?

    public init(enabledIf: Property<Bool> = Property(true), execute: @escaping (Input) -> Signal<Output>) {
        self.execute = execute
        self.enabledIf = enabledIf
        self.isEnabled = Property(enabledIf.value)
        let update = { [weak self] in
            guard let self else { return }
            try? isEnabled.set(self.enabledIf.value && !isExecuting.value)
        }
        let watcher = Lifetime()
        enabledIf.signal.startHandler(Observer(next: { _ in update() }, terminate: { _ in }), watcher)
        isExecuting.signal.startHandler(Observer(next: { _ in update() }, terminate: { _ in }), watcher)
        self.watcher = watcher
    }

    deinit { watcher?.dispose() }

    /// Every value of every execution.
    public var values: Signal<Output> { valuesSubject.signal }
    /// Every execution's error; the action stays usable.
    public var errors: Signal<SignalError> { errorsSubject.signal }

    /// A signal that runs one execution when subscribed; it fails at once if the action
    /// is disabled or already executing.
    public func apply(_ input: Input) -> Signal<Output> {
        Signal(unchecked: { [self] observer, lifetime in
            guard enabledIf.value else {
                return observer.terminate(.error(SignalError("action is disabled")))
            }
            guard !isExecuting.value else {
                return observer.terminate(.error(SignalError("action is already executing")))
            }
            try? isExecuting.set(true)
            var finished = false
            let finish = { [self] in
                guard !finished else { return }
                finished = true
                try? isExecuting.set(false)
            }
            lifetime.onDispose(finish)
            execute(input).startHandler(Observer(
                next: { [self] value in
                    valuesSubject.deliver(value)
                    observer.next(value)
                },
                terminate: { [self] termination in
                    if case .error(let error) = termination { errorsSubject.deliver(error) }
                    finish()
                    observer.terminate(termination)
                }
            ), lifetime)
        })
    }
}

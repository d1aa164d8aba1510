/// Where a signal's events go: one closure for values, one for the end.
///
/// A struct of two closures, not a class hierarchy: a closure made inside an
/// `@inlinable` operator is specialised for its value type, so a chain of operators
/// calls concrete code at every stage (a generic class's overridden methods are not
/// specialised, and cost several times as much per event).
public struct Observer<Value> {
    public let next: (Value) -> Void
    public let terminate: (Termination) -> Void

    @inlinable
    public init(next: @escaping (Value) -> Void, terminate: @escaping (Termination) -> Void) {
        self.next = next
        self.terminate = terminate
    }

    @inlinable
    public func send(_ event: Event<Value>) {
        switch event {
        case .next(let value): next(value)
        case .error(let error): terminate(.error(error))
        case .completed: terminate(.completed)
        }
    }

    /// An observer that passes this one's terminal events on and handles values itself.
    @inlinable
    public func withNext<Upstream>(_ next: @escaping (Upstream) -> Void) -> Observer<Upstream> {
        Observer<Upstream>(next: next, terminate: terminate)
    }
}

extension Signal {
    /// Sends `transform(value)` for each value. A transform that throws ends the signal
    /// with its error (the language's runtime errors: `1 / 0`, a missing field), and
    /// disposes upstream.
    ///
    ///     source        -1-2-3-|
    ///     map it * 10   -a-b-c-|     a = 10, b = 20, c = 30
    @inlinable
    public func map<Output>(_ transform: @escaping (Value) throws(SignalError) -> Output) -> Signal<Output> {
        Signal<Output>(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            let next = downstream.next
            self.startHandler(Observer(
                next: { value in
                    do throws(SignalError) {
                        next(try transform(value))
                    } catch {
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: downstream.terminate
            ), upstream)
        })
    }

    /// Sends `value` for each value.
    ///
    ///     source     -a-b-|
    ///     mapTo 1    -1-1-|
    @inlinable
    public func mapTo<Output>(_ value: Output) -> Signal<Output> {
        lift { downstream, _ in
            let next = downstream.next
            return downstream.withNext { _ in next(value) }
        }
    }
}

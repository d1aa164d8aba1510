extension Signal {
    /// Forwards the values for which `isIncluded` is true. A predicate that throws ends
    /// the signal with its error.
    ///
    ///     source          -1-2-3-4-|
    ///     filter it > 2   -----3-4-|
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) throws(SignalError) -> Bool) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            let next = downstream.next
            self.startHandler(Observer(
                next: { value in
                    do throws(SignalError) {
                        if try isIncluded(value) { next(value) }
                    } catch {
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: downstream.terminate
            ), upstream)
        })
    }

    /// Forwards the first `count` values, then completes.
    ///
    ///     source  -a-b-c-|
    ///     take 2  -a-(b|)
    @inlinable
    public func take(_ count: Int) -> Signal<Value> {
        guard count >= 0 else { return .fail(.negativeCount("take", count)) }
        guard count > 0 else { return .empty }
        return Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var remaining = count
            let next = downstream.next
            self.startHandler(Observer(
                next: { value in
                    guard remaining > 0 else { return }
                    remaining -= 1
                    next(value)
                    // Complete with the last value, not at the next one: upstream is freed at once.
                    if remaining == 0 {
                        upstream.dispose()
                        downstream.terminate(.completed)
                    }
                },
                terminate: { if remaining > 0 { downstream.terminate($0) } }
            ), upstream)
        })
    }
}

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
            let stage = MapStage(transform, downstream, lifetime.child())
            self.startHandler(Observer(next: { stage.receive($0) }, terminate: downstream.terminate), stage.upstream)
        })
    }

    /// Sends `value` for each value.
    ///
    ///     source     -a-b-|
    ///     mapTo 1    -1-1-|
    @inlinable
    public func mapTo<Output>(_ value: Output) -> Signal<Output> {
        // One closure holding the value (`lift` would make a second to hold it).
        Signal<Output>(unchecked: { downstream, lifetime in
            let next = downstream.next
            self.startHandler(downstream.withNext { _ in next(value) }, lifetime)
        })
    }
}

extension Signal {
    /// Sends each running accumulation.
    ///
    ///     source              -1-2-3-|
    ///     scan 0, acc + it    -a-b-c-|     a = 1, b = 3, c = 6
    @inlinable
    public func scan<Output>(_ seed: Output,
                             _ accumulate: @escaping (Output, Value) throws(SignalError) -> Output) -> Signal<Output> {
        Signal<Output>(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var accumulation = seed
            let next = downstream.next
            self.startHandler(Observer(
                next: { value in
                    do throws(SignalError) {
                        accumulation = try accumulate(accumulation, value)
                        next(accumulation)
                    } catch {
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: downstream.terminate
            ), upstream)
        })
    }

    /// Sends the final accumulation when the source completes (the seed if it had no
    /// values).
    ///
    ///     source              -1-2-3-|
    ///     reduce 0, acc + it  -------(a|)     a = 6
    @inlinable
    public func reduce<Output>(_ seed: Output,
                               _ accumulate: @escaping (Output, Value) throws(SignalError) -> Output) -> Signal<Output> {
        Signal<Output>(unchecked: { downstream, lifetime in
            let stage = ReduceStage(seed, accumulate, downstream, lifetime.child())
            self.startHandler(Observer(next: { stage.receive($0) }, terminate: { stage.end($0) }), stage.upstream)
        })
    }

    /// Like `scan`, with the accumulation updated in place (Swift's `reduce(into:)`): a
    /// list or text that grows at every value is not copied each time.
    public func scan<Output>(into seed: Output,
                             _ update: @escaping (inout Output, Value) throws(SignalError) -> Void) -> Signal<Output> {
        Signal<Output>(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var accumulation = seed
            self.startHandler(Observer(
                next: { value in
                    do throws(SignalError) {
                        try update(&accumulation, value)
                        downstream.next(accumulation)
                    } catch {
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: downstream.terminate
            ), upstream)
        })
    }

    /// Like `reduce`, with the accumulation updated in place.
    public func reduce<Output>(into seed: Output,
                               _ update: @escaping (inout Output, Value) throws(SignalError) -> Void) -> Signal<Output> {
        Signal<Output>(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var accumulation = seed
            var failed = false
            self.startHandler(Observer(
                next: { value in
                    guard !failed else { return }
                    do throws(SignalError) {
                        try update(&accumulation, value)
                    } catch {
                        failed = true
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: { termination in
                    guard !failed else { return }
                    if termination == .completed { downstream.next(accumulation) }
                    downstream.terminate(termination)
                }
            ), upstream)
        })
    }

    /// Sends `(previous, current)` for each value after the first.
    ///
    ///     source     -a-b-c-|
    ///     pairwise   ---x-y-|     x = (a, b), y = (b, c)
    @inlinable
    public func pairwise() -> Signal<(Value, Value)> {
        lift { downstream, _ in
            var previous: Value?
            let next = downstream.next
            return downstream.withNext { value in
                if let previous { next((previous, value)) }
                previous = value
            }
        }
    }

    /// Sends arrays of `count` values, a new one starting every `every` values (RxJS's
    /// bufferCount; `every` is `count` when nil: separate arrays); on completion, each
    /// array still open that has values.
    ///
    ///     source          -a-b-c-|
    ///     buffer 2        ---x---(y|)       x = [a, b], y = [c]
    ///     buffer 2, 1     ---x-y-(z|)       x = [a, b], y = [b, c], z = [c]
    @inlinable
    /// Overlapping lists (`every` < `count`) hold each value once per open list: past
    /// `most` values held at once it fails, naming the limit (`buffer 20000, 1` over 20,000
    /// values would hold 200 million).
    public func buffer(count: Int, every: Int? = nil, holdingAtMost most: Int = .max) -> Signal<[Value]> {
        // One closure whatever the arguments (see `take`).
        Signal<[Value]>(unchecked: { downstream, lifetime in
            let every = every ?? count
            guard count > 0, every > 0 else {
                return downstream.terminate(.error(.bufferCount(Swift.min(count, every))))
            }
            // The arrays open now, oldest first, and how many values came.
            var open: [[Value]] = []
            var seen = 0
            var held = 0
            let upstream = lifetime.child()
            self.startHandler(Observer(
                next: { value in
                    guard held <= most else { return }
                    if seen % every == 0 {
                        var fresh: [Value] = []
                        // Not `count`: a huge count would reserve memory that no value ever fills.
                        fresh.reserveCapacity(Swift.min(count, 1024))
                        open.append(fresh)
                    }
                    seen &+= 1
                    held += open.count
                    guard held <= most else {
                        open = []
                        upstream.dispose()
                        return downstream.terminate(.error(.bufferTooFull(count: count, every: every, most: most)))
                    }
                    for index in open.indices { open[index].append(value) }
                    while let oldest = open.first, oldest.count >= count {
                        open.removeFirst()
                        held -= oldest.count
                        downstream.next(oldest)
                    }
                },
                terminate: { termination in
                    guard held <= most else { return }
                    if termination == .completed {
                        for array in open where !array.isEmpty { downstream.next(array) }
                    }
                    open = []
                    downstream.terminate(termination)
                }
            ), upstream)
        })
    }

    /// Sends how many values there were, when the source completes.
    ///
    ///     source   -a-b-c-|
    ///     count    -------(3|)
    @inlinable
    public func count() -> Signal<Int> {
        Signal<Int>(unchecked: { downstream, lifetime in
            var total = 0
            self.startHandler(Observer(
                next: { _ in total += 1 },
                terminate: { termination in
                    if termination == .completed { downstream.next(total) }
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Sends `values` at subscription, then everything of the source.
    ///
    ///     source          -a-b-|
    ///     startWith s     sa-b-|
    @inlinable
    public func startWith(_ values: Value...) -> Signal<Value> { startWith(values) }

    /// The same, for values in a list (`startWith a, b`).
    @inlinable
    public func startWith(_ values: [Value]) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            for value in values {
                if lifetime.isDisposed { return }
                downstream.next(value)
            }
            if !lifetime.isDisposed { self.startHandler(downstream, lifetime) }
        })
    }

    /// Drops every value; passes the end on (for `then`).
    @inlinable
    public func ignoreValues<Output>() -> Signal<Output> {
        lift { downstream, _ in downstream.withNext { (_: Value) in } }
    }
}

extension Signal {
    /// Scan without a seed (RxJS's): the first value is the first accumulation, sent as it
    /// is; each later one is `accumulate(accumulation, value)`.
    ///
    ///     source           -1-2-3-|
    ///     scan acc + it    -a-b-c-|     a = 1, b = 3, c = 6
    public func scan(_ accumulate: @escaping (Value, Value) throws(SignalError) -> Value) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var accumulation: Value?
            self.startHandler(Observer(
                next: { value in
                    do throws(SignalError) {
                        let next = try accumulation.map { accumulation throws(SignalError) in try accumulate(accumulation, value) } ?? value
                        accumulation = next
                        downstream.next(next)
                    } catch {
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: downstream.terminate
            ), upstream)
        })
    }

    /// Reduce without a seed (RxJS's): the final accumulation when the source completes,
    /// the first value being the first; nothing when there was no value.
    ///
    ///     source             -1-2-3-|
    ///     reduce acc + it    -------(a|)     a = 6
    public func reduce(_ accumulate: @escaping (Value, Value) throws(SignalError) -> Value) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var accumulation: Value?
            var failed = false
            self.startHandler(Observer(
                next: { value in
                    guard !failed else { return }
                    do throws(SignalError) {
                        accumulation = try accumulation.map { accumulation throws(SignalError) in try accumulate(accumulation, value) } ?? value
                    } catch {
                        failed = true
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: { termination in
                    guard !failed else { return }
                    if termination == .completed, let accumulation { downstream.next(accumulation) }
                    downstream.terminate(termination)
                }
            ), upstream)
        })
    }
}

extension Signal where Value == Bool {
    /// Negates each boolean (RAC2 `not`).
    ///
    ///     source   -t-f-|
    ///     not      -f-t-|
    @inlinable
    public func not() -> Signal<Bool> {
        lift { downstream, _ in
            let next = downstream.next
            return downstream.withNext { next(!$0) }
        }
    }
}

extension Signal {
    /// Sends the non-nil results of `transform`.
    @inlinable
    public func compactMap<Output>(_ transform: @escaping (Value) -> Output?) -> Signal<Output> {
        lift { downstream, _ in
            let next = downstream.next
            return downstream.withNext { if let output = transform($0) { next(output) } }
        }
    }
}

// The state of map and reduce in one object each: their closures capture one reference,
// so a call from upstream passes one context pointer.

@usableFromInline
final class MapStage<Value, Output> {
    @usableFromInline let transform: (Value) throws(SignalError) -> Output
    @usableFromInline let downstream: Observer<Output>
    @usableFromInline let upstream: Lifetime

    @inlinable
    init(_ transform: @escaping (Value) throws(SignalError) -> Output, _ downstream: Observer<Output>, _ upstream: Lifetime) {
        self.transform = transform
        self.downstream = downstream
        self.upstream = upstream
    }

    @inlinable
    func receive(_ value: Value) {
        do throws(SignalError) {
            downstream.next(try transform(value))
        } catch {
            fail(error)
        }
    }

    @inlinable @inline(never)
    func fail(_ error: SignalError) {
        upstream.dispose()
        downstream.terminate(.error(error))
    }
}

@usableFromInline
final class ReduceStage<Value, Output> {
    @usableFromInline var accumulation: Output
    @usableFromInline let accumulate: (Output, Value) throws(SignalError) -> Output
    @usableFromInline let downstream: Observer<Output>
    @usableFromInline let upstream: Lifetime
    @usableFromInline var failed = false

    @inlinable
    init(_ seed: Output, _ accumulate: @escaping (Output, Value) throws(SignalError) -> Output,
         _ downstream: Observer<Output>, _ upstream: Lifetime) {
        self.accumulation = seed
        self.accumulate = accumulate
        self.downstream = downstream
        self.upstream = upstream
    }

    @inlinable
    func receive(_ value: Value) {
        do throws(SignalError) {
            accumulation = try accumulate(accumulation, value)
        } catch {
            fail(error)
        }
    }

    @inlinable @inline(never)
    func fail(_ error: SignalError) {
        failed = true
        upstream.dispose()
        downstream.terminate(.error(error))
    }

    @inlinable
    func end(_ termination: Termination) {
        guard !failed else { return }
        if termination == .completed { downstream.next(accumulation) }
        downstream.terminate(termination)
    }
}

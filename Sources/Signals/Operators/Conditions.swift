/// Operators that answer a question about the whole signal (is it empty, does every value
/// hold, which one is first to), or keep or hold values by their place or by having been
/// seen. Semantics follow RxJS 7.

extension Signal {
    /// Sends `fallback` when the source completes without a value; else forwards it.
    ///
    ///     source              ----|
    ///     defaultIfEmpty d    ----(d|)
    ///     source              -a-|
    ///     defaultIfEmpty d    -a-|
    @inlinable
    public func defaultIfEmpty(_ fallback: Value) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            var sent = false
            self.startHandler(Observer(
                next: { value in
                    sent = true
                    downstream.next(value)
                },
                terminate: { termination in
                    if termination == .completed, !sent { downstream.next(fallback) }
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// The answer to a question about the values, sent once: `answer(value, index)` is
    /// non-nil at the value that settles it (the source is then stopped), `atEnd` when the
    /// source completes first. `every`, `isEmpty`, `find` and `findIndex` are this.
    ///
    ///     source                  -a-b-c-|
    ///     settle at b             ---(b|)
    @inlinable
    public func settle<Output>(_ answer: @escaping (Value, Int) throws(SignalError) -> Output?, atEnd: Output) -> Signal<Output> {
        Signal<Output>(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var index = 0
            var done = false
            self.startHandler(Observer(
                next: { value in
                    guard !done else { return }
                    let settled: Output?
                    do throws(SignalError) { settled = try answer(value, index) } catch {
                        done = true
                        upstream.dispose()
                        return downstream.terminate(.error(error))
                    }
                    index += 1
                    guard let settled else { return }
                    done = true
                    upstream.dispose()
                    downstream.next(settled)
                    downstream.terminate(.completed)
                },
                terminate: { termination in
                    guard !done else { return }
                    done = true
                    if termination == .completed { downstream.next(atEnd) }
                    downstream.terminate(termination)
                }
            ), upstream)
        })
    }

    /// Sends whether the source and `other` send equal values in the same order, then
    /// completes: false at the first difference, or at a value of one after the other
    /// ended; when both have ended, whether nothing was left unmatched (RxJS's
    /// sequenceEqual). Both are subscribed at once; an error of either goes on.
    ///
    ///     source           -a-b-|
    ///     other            --a-b|
    ///     sequenceEqual    -----(t|)
    public func sequenceEqual(_ other: Signal<Value>) -> Signal<Bool> where Value: Equatable {
        Signal<Bool>(unchecked: { downstream, lifetime in
            let sides = lifetime.child()
            // Each side's values not yet matched by the other's, and whether it ended.
            var pending: [[Value]] = [[], []]
            var ended = [false, false]
            var done = false
            func answer(_ equal: Bool) {
                done = true
                sides.dispose()
                downstream.next(equal)
                downstream.terminate(.completed)
            }
            func side(_ me: Int) -> Observer<Value> {
                let them = 1 - me
                return Observer(
                    next: { value in
                        guard !done else { return }
                        if pending[them].isEmpty {
                            if ended[them] { answer(false) } else { pending[me].append(value) }
                        } else if pending[them].removeFirst() != value {
                            answer(false)
                        }
                    },
                    terminate: { termination in
                        guard !done else { return }
                        guard termination == .completed else {
                            done = true
                            sides.dispose()
                            return downstream.terminate(termination)
                        }
                        ended[me] = true
                        if ended[them] { answer(pending[them].isEmpty) }
                    }
                )
            }
            self.startHandler(side(0), sides.child())
            if !done { other.startHandler(side(1), sides.child()) }
        })
    }

    /// Sends the one value that meets `condition` when the source completes. A second one
    /// fails at once, the source stopped; none fails at the end (RxJS's single).
    ///
    ///     source                -a-b-c-|     (only b meets it)
    ///     single                -------(b|)
    ///     single, b and c meet  -----#
    @inlinable
    public func single(_ condition: @escaping (Value) throws(SignalError) -> Bool) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var found: Value?
            var done = false
            self.startHandler(Observer(
                next: { value in
                    guard !done else { return }
                    let meets: Bool
                    do throws(SignalError) { meets = try condition(value) } catch {
                        done = true
                        upstream.dispose()
                        return downstream.terminate(.error(error))
                    }
                    guard meets else { return }
                    guard found == nil else {
                        done = true
                        upstream.dispose()
                        return downstream.terminate(.error(.tooMany("single")))
                    }
                    found = value
                },
                terminate: { termination in
                    guard !done else { return }
                    done = true
                    guard termination == .completed else { return downstream.terminate(termination) }
                    guard let found else { return downstream.terminate(.error(.emptySequence("single"))) }
                    downstream.next(found)
                    downstream.terminate(.completed)
                }
            ), upstream)
        })
    }

    /// Sends the value at `index` (from 0) and completes; when the source completes
    /// sooner, `fallback`, or an error without one (RxJS's ArgumentOutOfRangeError).
    ///
    ///     source          -a-b-c-|
    ///     elementAt 1     ---(b|)
    ///     elementAt 5     -------#
    @inlinable
    public func elementAt(_ index: Int, default fallback: Value? = nil) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            guard index >= 0 else { return downstream.terminate(.error(.negativeCount("elementAt", index))) }
            let upstream = lifetime.child()
            var seen = 0
            var done = false
            self.startHandler(Observer(
                next: { value in
                    guard !done else { return }
                    seen += 1
                    guard seen > index else { return }
                    done = true
                    upstream.dispose()
                    downstream.next(value)
                    downstream.terminate(.completed)
                },
                terminate: { termination in
                    guard !done else { return }
                    done = true
                    guard termination == .completed else { return downstream.terminate(termination) }
                    guard let fallback else { return downstream.terminate(.error(.outOfRange("elementAt", index, count: seen))) }
                    downstream.next(fallback)
                    downstream.terminate(.completed)
                }
            ), upstream)
        })
    }

    /// Forwards all but the last `count` values: each goes out when `count` more have come
    /// after it. `skipLast 0` forwards everything.
    ///
    ///     source      -a-b-c-d-|
    ///     skipLast 2  -----a-b-|
    @inlinable
    public func skipLast(_ count: Int) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            guard count >= 0 else { return downstream.terminate(.error(.negativeCount("skipLast", count))) }
            guard count > 0 else { return self.startHandler(downstream, lifetime) }
            // A ring of the latest `count` values: `oldest` goes out when a new one comes.
            var kept: [Value] = []
            var oldest = 0
            self.startHandler(Observer(
                next: { value in
                    guard kept.count == count else { return kept.append(value) }
                    let out = kept[oldest]
                    kept[oldest] = value
                    oldest = (oldest + 1) % count
                    downstream.next(out)
                },
                terminate: downstream.terminate
            ), lifetime)
        })
    }

    /// Forwards a value whose key was not seen before; the keys are kept for the whole run.
    ///
    ///     source      -a-b-a-c-b-|
    ///     distinct    -a-b---c---|
    @inlinable
    public func distinct<Key: Hashable>(key: @escaping (Value) throws(SignalError) -> Key) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var seen = Set<Key>()
            self.startHandler(Observer(
                next: { value in
                    do throws(SignalError) {
                        if seen.insert(try key(value)).inserted { downstream.next(value) }
                    } catch {
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: downstream.terminate
            ), upstream)
        })
    }

    /// Sends every value as one list when the source completes.
    ///
    ///     source      -a-b-c-|
    ///     toArray     -------([a, b, c]|)
    @inlinable
    public func toArray() -> Signal<[Value]> {
        Signal<[Value]>(unchecked: { downstream, lifetime in
            var values: [Value] = []
            self.startHandler(Observer(
                next: { values.append($0) },
                terminate: { termination in
                    if termination == .completed { downstream.next(values) }
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Sends `values` when the source completes, then completes (an error goes out alone).
    ///
    ///     source          -a-b-|
    ///     endWith x, y    -a-b-(xy|)
    @inlinable
    public func endWith(_ values: [Value]) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            self.startHandler(Observer(
                next: downstream.next,
                terminate: { termination in
                    if termination == .completed {
                        for value in values {
                            if lifetime.isDisposed { return }
                            downstream.next(value)
                        }
                    }
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Keeps the best value so far (the first value to begin with; a later one replaces it
    /// when `replaces(later, kept)`), and sends it when the source completes; nothing when
    /// there was none. `min` and `max` are this, as RxJS's seedless reduce.
    ///
    ///     source              -3-1-2-|
    ///     keepBest (smaller)  -------(1|)
    @inlinable
    public func keepBest(_ replaces: @escaping (Value, Value) throws(SignalError) -> Bool) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let upstream = lifetime.child()
            var best: Value?
            self.startHandler(Observer(
                next: { value in
                    guard let kept = best else { return best = value }
                    do throws(SignalError) {
                        if try replaces(value, kept) { best = value }
                    } catch {
                        upstream.dispose()
                        downstream.terminate(.error(error))
                    }
                },
                terminate: { termination in
                    if termination == .completed, let best { downstream.next(best) }
                    downstream.terminate(termination)
                }
            ), upstream)
        })
    }
}

extension Signal {
    /// Mirrors whichever signal sends first (a value, an error or the end); the others are
    /// stopped then. They are subscribed in order, so in a tie the earlier wins, as in
    /// RxJS's `race`.
    ///
    ///     a       ---a-|
    ///     b       --b--|
    ///     race    --b--|
    public static func race(_ signals: [Signal<Value>]) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            var winner: Int?
            var entrants: [Lifetime] = []
            func wins(_ index: Int) -> Bool {
                if let winner { return winner == index }
                winner = index
                for (other, entrant) in entrants.enumerated() where other != index { entrant.dispose() }
                // The list held each entrant, whose observer held the list: let go of it
                // (the winner ends with this signal's lifetime, its parent).
                entrants = []
                return true
            }
            for (index, signal) in signals.enumerated() {
                if winner != nil || lifetime.isDisposed { return }
                let entrant = lifetime.child()
                entrants.append(entrant)
                signal.startHandler(Observer(
                    next: { value in if wins(index) { downstream.next(value) } },
                    terminate: { termination in
                        if wins(index) { downstream.terminate(termination) }
                    }
                ), entrant)
            }
        })
    }

    /// Sends the last value of every signal, as a list, when all have completed; completes
    /// without a value as soon as one completes without having sent one (RxJS 7's
    /// `forkJoin`); an error ends it at once.
    ///
    ///     a         -a--b|
    ///     b         --x|
    ///     forkJoin  -----([b, x]|)
    public static func forkJoin(_ signals: [Signal<Value>]) -> Signal<[Value]> {
        Signal<[Value]>(unchecked: { downstream, lifetime in
            var last = [Value?](repeating: nil, count: signals.count)
            var running = signals.count
            var done = false
            var inputs: [Lifetime] = []
            func finish(_ termination: Termination) {
                done = true
                for input in inputs { input.dispose() }
                downstream.terminate(termination)
            }
            guard !signals.isEmpty else { return downstream.terminate(.completed) }
            for (index, signal) in signals.enumerated() {
                if done || lifetime.isDisposed { return }
                let input = lifetime.child()
                inputs.append(input)
                signal.startHandler(Observer(
                    next: { value in if !done { last[index] = value } },
                    terminate: { termination in
                        guard !done else { return }
                        guard termination == .completed, last[index] != nil else { return finish(termination) }
                        running -= 1
                        guard running == 0 else { return }
                        downstream.next(last.compactMap { $0 })
                        finish(.completed)
                    }
                ), input)
            }
        })
    }

    /// Drops the values until `notifier` sends its first value, then forwards; a notifier
    /// that ends without one means nothing is forwarded (RxJS's `skipUntil`).
    ///
    ///     source      -a-b-c-d|
    ///     notifier    ----x
    ///     skipUntil   -----c-d|
    public func skipUntil<Other>(_ notifier: Signal<Other>) -> Signal<Value> {
        Signal(unchecked: { downstream, lifetime in
            let gate = lifetime.child()
            var open = false
            notifier.startHandler(Observer(
                next: { _ in
                    open = true
                    gate.dispose()
                },
                terminate: { termination in
                    if case .error = termination { downstream.terminate(termination) }
                }
            ), gate)
            if lifetime.isDisposed { return }
            self.startHandler(Observer(
                next: { value in if open { downstream.next(value) } },
                terminate: downstream.terminate
            ), lifetime)
        })
    }

    /// On a value when no wait is running, waits `duration`, then sends the latest value
    /// (RxJS's `auditTime`); a completion during a wait comes after the wait's value.
    ///
    ///     source          -a-b----c-|
    ///     auditTime 3ms   ----b----c|
    public func auditTime(_ duration: TimeSpan, on scheduler: Scheduler) -> Signal<Value> {
        guard duration >= .zero else { return .fail(.negativeDuration("auditTime", duration)) }
        return Signal(unchecked: { downstream, lifetime in
            var latest: Value?
            var completed = false
            let timer = scheduler.makeTimer {
                if let value = latest {
                    latest = nil
                    downstream.next(value)
                }
                if completed { downstream.terminate(.completed) }
            }
            lifetime.onDispose(cancel: timer)
            self.startHandler(Observer(
                next: { value in
                    latest = value
                    if !timer.isPending { timer.schedule(after: duration) }
                },
                terminate: { termination in
                    guard termination == .completed, timer.isPending else {
                        timer.cancel()
                        return downstream.terminate(termination)
                    }
                    completed = true
                }
            ), lifetime)
        })
    }
}

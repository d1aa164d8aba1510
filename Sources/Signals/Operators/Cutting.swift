/// The operators that cut a signal into pieces: lists closed by another signal (RxJS's
/// `buffer`, `bufferWhen`, `bufferToggle`), windows (each piece a hot signal of its own:
/// `window`, `windowCount`, `windowTime`, `windowToggle`, `windowWhen`) and groups
/// (`groupBy`). Each is RxJS 7.5.7's operator, step for step: what subscribes first, what a
/// closing signal's completion does, what the end of the source sends.
///
/// A window or a group is a `Subject`: it sends to whoever is subscribed when a value comes
/// (a flattening operator subscribes as soon as it is sent), and a late subscriber gets only
/// its end.
extension Signal {
    /// Sends the values held since the last list whenever `notifier` sends (an empty list
    /// when none came), and what is held when the source completes. The notifier's
    /// completion changes nothing; its error is the signal's.
    ///
    ///     source              -a-b---c-|
    ///     notifier            ----x-----x
    ///     buffer (notifier)   ----x----(y|)      x = [a, b], y = [c]
    public func buffer<Other>(closedBy notifier: Signal<Other>) -> Signal<[Value]> {
        Signal<[Value]>(unchecked: { downstream, lifetime in
            var held: [Value] = []
            self.startHandler(Observer(
                next: { held.append($0) },
                terminate: { termination in
                    if termination == .completed { downstream.next(held) }
                    downstream.terminate(termination)
                }
            ), lifetime)
            guard !lifetime.isDisposed else { return }
            notifier.startHandler(Observer(
                next: { _ in
                    let full = held
                    held = []
                    downstream.next(full)
                },
                terminate: { termination in
                    if case .error = termination { downstream.terminate(termination) }
                }
            ), lifetime.child())
        })
    }

    /// Collects values into a list until a run of `closing` sends; then sends the list and
    /// starts a new run (RxJS bufferWhen: the first run starts before the source is
    /// subscribed). A run that completes without a value leaves the list open until the
    /// source completes. Runs that send at once, each inside the one before, fail past
    /// `depthLimit`.
    ///
    ///     source                 -a-b---c-|
    ///     closing (each run)     ---x
    ///     bufferWhen             ---x--y--(z|)      x = [a], y = [b], z = [c]
    public func bufferWhen<Other>(_ closing: @escaping () -> Signal<Other>, depthLimit: Int = 128) -> Signal<[Value]> {
        Signal<[Value]>(unchecked: { downstream, lifetime in
            var held: [Value]?
            var run: Lifetime?
            var depth = 0
            func open() {
                run?.dispose()
                if let full = held { downstream.next(full) }
                held = []
                guard !lifetime.isDisposed else { return }
                depth += 1
                defer { depth -= 1 }
                guard depth <= depthLimit else {
                    return downstream.terminate(.error(.closedAtOnce("bufferWhen", depthLimit)))
                }
                let current = lifetime.child()
                run = current
                closing().startHandler(Observer(
                    next: { _ in if run === current { open() } },
                    terminate: { termination in
                        if case .error = termination { downstream.terminate(termination) }
                    }
                ), current)
            }
            open()
            guard !lifetime.isDisposed else { return }
            self.startHandler(Observer(
                next: { held?.append($0) },
                terminate: { termination in
                    if termination == .completed, let full = held { downstream.next(full) }
                    held = nil
                    downstream.terminate(termination)
                }
            ), lifetime.child())
        })
    }

    /// Opens a list at each value of `openings`, and closes it (sending it) when the run of
    /// `closing` for that value first sends; a list is still open if its run completes
    /// without a value. Lists overlap; a value goes into each open list. On completion, the
    /// lists still open are sent, oldest first.
    ///
    ///     source                 -a-b-c-d-|
    ///     openings               x---y
    ///     closing (each)         ---z
    ///     bufferToggle           ---x---y-|         x = [a], y = [c, d]
    public func bufferToggle<Open, Close>(_ openings: Signal<Open>, closing: @escaping (Open) -> Signal<Close>) -> Signal<[Value]> {
        Signal<[Value]>(unchecked: { downstream, lifetime in
            // The lists still open, oldest first, each with the number of its opening.
            var open: [(number: Int, values: [Value])] = []
            toggle(openings, closing, in: lifetime,
                   open: { open.append(($0, [])) },
                   close: { number in
                       guard let index = open.firstIndex(where: { $0.number == number }) else { return }
                       downstream.next(open.remove(at: index).values)
                   },
                   closingFailed: downstream.terminate, openingsFailed: downstream.terminate)
            guard !lifetime.isDisposed else { return }
            self.startHandler(Observer(
                next: { value in
                    for index in open.indices { open[index].values.append(value) }
                },
                terminate: { termination in
                    if termination == .completed {
                        while !open.isEmpty { downstream.next(open.removeFirst().values) }
                    }
                    downstream.terminate(termination)
                }
            ), lifetime.child())
        })
    }

    /// Sends a window at once, and a new one (ending the one before) whenever `boundaries`
    /// sends; each window sends the source's values while it is the current one. The
    /// source's end ends the window and the signal; the boundaries' completion changes
    /// nothing.
    ///
    ///     source                 -a-b---c-|
    ///     boundaries             ----x
    ///     window                 x---y----|         x = -a-b|, y = ---c-|
    public func window<Other>(_ boundaries: Signal<Other>) -> Signal<Signal<Value>> {
        Signal<Signal<Value>>(unchecked: { downstream, lifetime in
            var current = Subject<Value>()
            func fail(_ termination: Termination) {
                current.end(termination)
                downstream.terminate(termination)
            }
            downstream.next(current.signal)
            self.startHandler(Observer(
                next: { current.deliver($0) },
                terminate: { termination in
                    current.end(termination)
                    downstream.terminate(termination)
                }
            ), lifetime)
            guard !lifetime.isDisposed else { return }
            boundaries.startHandler(Observer(
                next: { _ in
                    current.end(.completed)
                    current = Subject()
                    downstream.next(current.signal)
                },
                terminate: { termination in
                    if case .error = termination { fail(termination) }
                }
            ), lifetime.child())
        })
    }

    /// Windows of `size` values, a new one starting every `every` values (every `size`
    /// when nil): the first window is sent at once, the next after `every` values (RxJS
    /// windowCount). On the source's end, every open window ends too.
    ///
    ///     source                 -a-b-c-|
    ///     windowCount 2          x---y--|           x = -a-(b|), y = -c-|
    public func windowCount(_ size: Int, every: Int? = nil) -> Signal<Signal<Value>> {
        let every = every ?? size
        return Signal<Signal<Value>>(unchecked: { downstream, lifetime in
            var open = [Subject<Value>()]
            var count = 0
            downstream.next(open[0].signal)
            self.startHandler(Observer(
                next: { value in
                    for window in open { window.deliver(value) }
                    let closing = count - size + 1
                    if closing >= 0, closing % every == 0, !open.isEmpty { open.removeFirst().end(.completed) }
                    count += 1
                    if count % every == 0 {
                        let window = Subject<Value>()
                        open.append(window)
                        downstream.next(window.signal)
                    }
                },
                terminate: { termination in
                    while !open.isEmpty { open.removeFirst().end(termination) }
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// A new window every `span`, from the subscription: each window sends the values of
    /// its span and ends when the span does, and the next one starts then (RxJS windowTime
    /// without a creation interval).
    ///
    ///     source                 -a-b---c-|
    ///     windowTime 3ms         x--y--z--|         x = -a-|, y = b--|, z = c-|
    public func windowTime(_ span: TimeSpan, on scheduler: Scheduler) -> Signal<Signal<Value>> {
        Signal<Signal<Value>>(unchecked: { downstream, lifetime in
            guard span > .zero else {
                return downstream.terminate(.error(.intervalPeriod(span, operatorName: "windowTime", what: "a span")))
            }
            var current = Subject<Value>()
            // Weak: the timer's own action arms it again (the observer holds it).
            weak var next: Timer?
            let timer = scheduler.makeTimer {
                current.end(.completed)
                current = Subject()
                downstream.next(current.signal)
                if !lifetime.isDisposed { next?.schedule(after: span) }
            }
            next = timer
            lifetime.onDispose(cancel: timer)
            downstream.next(current.signal)
            timer.schedule(after: span)
            self.startHandler(Observer(
                next: { current.deliver($0) },
                terminate: { termination in
                    timer.cancel()
                    current.end(termination)
                    downstream.terminate(termination)
                }
            ), lifetime)
        })
    }

    /// Opens a window at each value of `openings`, ended when the run of `closing` for that
    /// value first sends; windows overlap, and a value goes to each open one. On the
    /// source's end, every open window ends too.
    ///
    ///     source                 -a-b-c-d-|
    ///     openings               x---y
    ///     closing (each)         ---z
    ///     windowToggle           x---y----|         x = -a-|, y = -c-d|
    public func windowToggle<Open, Close>(_ openings: Signal<Open>, closing: @escaping (Open) -> Signal<Close>) -> Signal<Signal<Value>> {
        Signal<Signal<Value>>(unchecked: { downstream, lifetime in
            // The windows still open, oldest first, each with the number of its opening.
            var open: [(number: Int, window: Subject<Value>)] = []
            func fail(_ termination: Termination) {
                while !open.isEmpty { open.removeFirst().window.end(termination) }
                downstream.terminate(termination)
            }
            toggle(openings, closing, in: lifetime,
                   open: { number in
                       let window = Subject<Value>()
                       open.append((number, window))
                       downstream.next(window.signal)
                   },
                   close: { number in
                       guard let index = open.firstIndex(where: { $0.number == number }) else { return }
                       open.remove(at: index).window.end(.completed)
                   },
                   closingFailed: fail, openingsFailed: downstream.terminate)
            guard !lifetime.isDisposed else { return }
            self.startHandler(Observer(
                next: { value in for (_, window) in open { window.deliver(value) } },
                terminate: fail
            ), lifetime.child())
        })
    }

    /// Sends a window at once, and starts a run of `closing`; when the run sends or
    /// completes, the window ends, a new one is sent and a new run starts (RxJS windowWhen).
    /// Runs that end at once, each inside the one before, fail past `depthLimit`.
    ///
    ///     source                 -a-b---c-|
    ///     closing (each run)     ---x
    ///     windowWhen             x--y--z--|         x = -a-|, y = b--|, z = c-|
    public func windowWhen<Other>(_ closing: @escaping () -> Signal<Other>, depthLimit: Int = 128) -> Signal<Signal<Value>> {
        Signal<Signal<Value>>(unchecked: { downstream, lifetime in
            var current: Subject<Value>?
            var run: Lifetime?
            var depth = 0
            func fail(_ termination: Termination) {
                current?.end(termination)
                downstream.terminate(termination)
            }
            func open() {
                run?.dispose()
                current?.end(.completed)
                let window = Subject<Value>()
                current = window
                downstream.next(window.signal)
                guard !lifetime.isDisposed else { return }
                depth += 1
                defer { depth -= 1 }
                guard depth <= depthLimit else { return fail(.error(.closedAtOnce("windowWhen", depthLimit))) }
                let thisRun = lifetime.child()
                run = thisRun
                closing().startHandler(Observer(
                    next: { _ in if run === thisRun { open() } },
                    terminate: { termination in
                        guard run === thisRun else { return }
                        if case .error = termination { return fail(termination) }
                        open()
                    }
                ), thisRun)
            }
            open()
            guard !lifetime.isDisposed else { return }
            self.startHandler(Observer(
                next: { current?.deliver($0) },
                terminate: fail
            ), lifetime.child())
        })
    }

    /// Sends a group for each new key, `key(value)`: a signal of the values with that key,
    /// sent before its first value. On the source's end every group ends too. As RxJS's
    /// groupBy, the source runs on while any group has a subscriber, even when the groups'
    /// own subscriber has gone (`groupBy … | take 1` still fills the first group).
    ///
    ///     source                 -a-b-c-|           a = 1, b = 2, c = 3
    ///     groupBy it % 2         -x-y---|           x = -a-c-|, y = -b---|
    public func groupBy<Key: Hashable>(_ key: @escaping (Value) throws(SignalError) -> Key) -> Signal<(key: Key, group: Signal<Value>)> {
        Signal<(key: Key, group: Signal<Value>)>(unchecked: { downstream, lifetime in
            var groups: [(key: Key, subject: Subject<Value>)] = []
            var index: [Key: Int] = [:]
            var subscribers = 0
            var outerGone = false
            // The source's own lifetime: it outlives the outer subscription while a group
            // is subscribed.
            let source = Lifetime()
            func end(_ termination: Termination) {
                for group in groups { group.subject.end(termination) }
                groups = []
                index = [:]
                downstream.terminate(termination)
                source.dispose()
            }
            func released() {
                if outerGone, subscribers == 0 { source.dispose() }
            }
            lifetime.onDispose {
                outerGone = true
                released()
            }
            func group(_ subject: Subject<Value>) -> Signal<Value> {
                Signal(unchecked: { observer, groupLifetime in
                    subscribers += 1
                    groupLifetime.onDispose {
                        subscribers -= 1
                        released()
                    }
                    subject.signal.startHandler(observer, groupLifetime)
                })
            }
            self.startHandler(Observer(
                next: { value in
                    let groupKey: Key
                    do throws(SignalError) { groupKey = try key(value) } catch { return end(.error(error)) }
                    let subject: Subject<Value>
                    if let at = index[groupKey] {
                        subject = groups[at].subject
                    } else {
                        subject = Subject()
                        index[groupKey] = groups.count
                        groups.append((groupKey, subject))
                        if !outerGone { downstream.next((groupKey, group(subject))) }
                    }
                    subject.deliver(value)
                },
                terminate: end
            ), source)
        })
    }
}

/// bufferToggle's and windowToggle's openings: at each value of `openings`, `open` the
/// piece numbered for it (from 1), and start the run `closing(value)`, whose first value
/// `close`s it and ends the run; a run that completes leaves its piece open. The
/// completion of either changes nothing; an error goes to `closingFailed` or
/// `openingsFailed`.
private func toggle<Open, Close>(_ openings: Signal<Open>, _ closing: @escaping (Open) -> Signal<Close>, in lifetime: Lifetime,
                                 open: @escaping (Int) -> Void, close: @escaping (Int) -> Void,
                                 closingFailed: @escaping (Termination) -> Void,
                                 openingsFailed: @escaping (Termination) -> Void) {
    var opened = 0
    openings.startHandler(Observer(
        next: { opening in
            opened += 1
            let number = opened
            open(number)
            let run = lifetime.child()
            closing(opening).startHandler(Observer(
                next: { _ in
                    close(number)
                    run.dispose()
                },
                terminate: { termination in
                    if case .error = termination { closingFailed(termination) }
                }
            ), run)
        },
        terminate: { termination in
            if case .error = termination { openingsFailed(termination) }
        }
    ), lifetime.child())
}

import Signals

/// What an entry's shape makes of it: an operator of a shape declares only its shape and
/// its parameters, and its build, its per-value function (`each`) and its lift come from
/// here, so a fused chain (`FusedStages`), a known run's fold and the plain build are one
/// rule read three ways. An operator outside the shapes gives its own build and does not fuse.
extension OperatorSpec.Shape {
    /// The stage's signal, for the shapes that say it all (`map`, `filter`, `scan`,
    /// `reduce`, `range`); nil for `.first` (its lift builds it) and `.flatten` (its own).
    var build: Build? {
        switch self {
        case .transform(let expression):
            return { args in args.upstream.map(args.perValue(expression)) }
        case .keep(let condition):
            return { args in args.upstream.filter(args.condition(condition)) }
        case .accumulate(let seed, let update, let emitsEach):
            return { args throws(SignalError) in
                guard args.has(seed) else {
                    // RxJS's seedless form: the first value is the first accumulation.
                    let accumulate = args.accumulator(update)
                    return emitsEach ? args.upstream.scan(accumulate) : args.upstream.reduce(accumulate)
                }
                let start = try args.value(seed)
                if let append = args.appending(update) {
                    return emitsEach ? args.upstream.scan(into: start, append) : args.upstream.reduce(into: start, append)
                }
                let accumulate = args.accumulator(update)
                return emitsEach ? args.upstream.scan(start, accumulate) : args.upstream.reduce(start, accumulate)
            }
        case .counting(let from, let count):
            return { args throws(SignalError) in Compiler.range(try args.count(from), try args.count(count), on: args.scheduler) }
        case .first, .flatten:
            return nil
        }
    }

    /// What each value becomes, for the shapes that make one value into at most one.
    var each: Each? {
        switch self {
        case .transform(let expression):
            return { args in
                let transform = args.perValue(expression)
                return { _, value throws(SignalError) in try transform(value) }
            }
        case .keep(let condition):
            return { args in
                let holds = args.condition(condition)
                return { _, value throws(SignalError) in try holds(value) ? value : nil }
            }
        case .accumulate, .first, .counting, .flatten:
            return nil
        }
    }

    /// The first N values as a function of the signal before (`take`).
    var lift: Lift? {
        guard case .first(let n) = self else { return nil }
        return { args throws(SignalError) in
            let count = try args.count(n)
            return { $0.take(count) }
        }
    }
}

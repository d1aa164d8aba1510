import Signals

/// The list a per-value reader returned last, to return the next values in
/// (`StageArguments.valuesReader`).
private final class ReusedList {
    var list: [Value] = []
}

/// What a catalogue entry's `build` reads: its checked arguments by parameter name (as the
/// entry declares them, so an entry never counts positions), the signal before it, and the
/// run. Each reader turns its argument into what the Signals operator takes.
public struct StageArguments {
    let compiler: Compiler
    let stage: CheckedStage
    let frame: Frame
    /// The signal the stage follows (`.empty` for a source).
    public let upstream: Signal<Value>
    /// Its expressions compiled by an earlier instantiation of the same stage (an inner
    /// pipeline's, `PipelineTemplate`), else nil: compiled now.
    let slots: EvaluatorSlots?

    init(compiler: Compiler, stage: CheckedStage, frame: Frame, upstream: Signal<Value>, slots: EvaluatorSlots? = nil) {
        self.compiler = compiler
        self.stage = stage
        self.frame = frame
        self.upstream = upstream
        self.slots = slots
    }

    public var context: RunContext { compiler.context }
    public var scheduler: Scheduler { compiler.context.scheduler }
    /// Where the stage is (`3:17 map`), for run-time messages.
    public var site: Site { stage.site }
    public var name: String { stage.spec.name }
    /// The stage as written (`filter rating > 90`).
    public var label: String { stage.label }

    /// Where the argument of the parameter called `name` is: positional parameters in
    /// order, then keyword parameters (the checker's layout, `Checker.checkStage`).
    private func index(_ parameter: Parameter) -> Int {
        guard let index = stage.spec.argumentOrder.firstIndex(of: parameter.name) else {
            preconditionFailure("`\(stage.spec.name)` has no parameter \(parameter.name): its catalogue entry and its build disagree")
        }
        return index
    }

    private func argument(_ parameter: Parameter) -> CheckedArgument {
        let index = index(parameter)
        return index < stage.arguments.count ? stage.arguments[index] : .absent
    }

    /// The compiled expression of the argument in `slot` (`expression`, or a part of it
    /// with a slot of its own past the arguments).
    private func evaluator(_ expression: CheckedExpression, slot: Int) -> Evaluator {
        guard let slots else { return compiler.evaluator(expression, in: frame) }
        return slots.evaluator(slot) { compiler.evaluator(expression, in: frame) }
    }

    /// The argument's compiled expression, nil when it was not given (a fused stage calls
    /// it per value).
    func evaluator(_ parameter: Parameter) -> Evaluator? {
        let index = index(parameter)
        guard index < stage.arguments.count, case .expression(let expression) = stage.arguments[index] else { return nil }
        return evaluator(expression, slot: index)
    }

    /// The argument's number form for `map` (`NumberForms.map`), nil when it has none.
    func numberFunction(_ parameter: Parameter) -> NumberFunction? {
        guard case .expression(let expression) = argument(parameter) else { return nil }
        guard let slots else { return NumberForms.map(expression) }
        return slots.numberForm { NumberForms.map(expression) }
    }

    /// The argument's number form for `filter` (`NumberForms.test`), nil when it has none.
    func numberCondition(_ parameter: Parameter) -> NumberCondition? {
        guard case .expression(let expression) = argument(parameter) else { return nil }
        guard let slots else { return NumberForms.test(expression) }
        return slots.numberForm { NumberForms.test(expression) }
    }

    /// Whether the argument is a pipeline (of a `.durationOrPipeline` or `.countOrSignal` parameter).
    public func isPipeline(_ parameter: Parameter) -> Bool {
        if case .pipeline = argument(parameter) { return true }
        return false
    }

    /// Whether the argument of an optional parameter was given.
    public func has(_ parameter: Parameter) -> Bool {
        if case .absent = argument(parameter) { return false }
        return true
    }

    /// A value evaluated once, now (nil when an optional one was not given). One that is
    /// the same for every instantiation of an inner pipeline (`take 1`) is evaluated at
    /// the first and kept (`EvaluatorSlots.constant`): read again for each value, `take
    /// 1`'s count would be a real share of every general inner run.
    public func optionalValue(_ parameter: Parameter) throws(SignalError) -> Value? {
        let index = index(parameter)
        if let slots, let kept = slots.constant(index) { return kept }
        guard let evaluate = evaluator(parameter) else { return nil }
        let value: Value
        do throws(EvaluationFailure) {
            value = try evaluate(frame)
        } catch {
            throw error.signalError
        }
        slots?.keep(value, slot: index) { stage.isConstant(parameter) }
        return value
    }

    /// What lives as long as the run (`RunContext.connections`): an eager share's connection.
    public var runConnections: Lifetime { context.connections }

    /// A boolean evaluated once, now (nil when an optional one was not given): an option
    /// such as throttle's `trailing true`.
    public func flag(_ parameter: Parameter) throws(SignalError) -> Bool? {
        guard let value = try optionalValue(parameter) else { return nil }
        guard case .bool(let flag) = value else { throw .notACondition(site, name, value) }
        return flag
    }

    public func value(_ parameter: Parameter) throws(SignalError) -> Value {
        try optionalValue(parameter) ?? .null
    }

    /// A value's reader: the argument compiled once, evaluated in the frame it is given
    /// (a known inner run's, one per value: `OperatorSpec.known`, `.each`).
    public func reader(_ parameter: Parameter) -> (Frame) throws(SignalError) -> Value {
        guard let evaluate = evaluator(parameter) else { return { _ in .null } }
        return { frame throws(SignalError) in
            do throws(EvaluationFailure) { return try evaluate(frame) } catch { throw error.signalError }
        }
    }

    /// Every value of a variadic parameter (`of 1, 2, 3`), each evaluated once, now.
    public func values(_ parameter: Parameter) throws(SignalError) -> [Value] {
        let compiled = compiledValues(parameter)
        do throws(EvaluationFailure) {
            return try compiled.map { expression throws(EvaluationFailure) in try expression?.evaluate(frame) ?? .null }
        } catch {
            throw error.signalError
        }
    }

    /// The reader of every value of a variadic parameter, compiled once, for a source made
    /// per value (`of it, it` in a flatMap: `OperatorSpec.known`).
    ///
    /// Each call returns its values in the list the call before returned, when nothing else
    /// holds that list any more (the run that sent its values has ended): a list allocated
    /// and freed per value would be much of what a folded inner run costs. When a run still
    /// holds it (a value sent re-enters the flatMap, or a subscribed run keeps it), the list
    /// is copied on write as any array is: the answer never depends on the reuse.
    public func valuesReader(_ parameter: Parameter) -> (Frame) throws(SignalError) -> [Value] {
        let first = index(parameter), count = stage.arguments.count - first
        // One function writing every value in its place, composed once: each call reaches
        // the expressions through its own captures, where expressions read back from a
        // list were each retained and released around their call (four atomic operations
        // a run of `of it, it`, and retains and releases are much of a flatMap's cost).
        var write: (Frame, inout [Value]) throws(EvaluationFailure) -> Void = { _, _ in }
        for (slot, argument) in zip(first..., stage.arguments[first...]) {
            guard case .expression(let expression) = argument else { continue }
            let before = write, evaluate = evaluator(expression, slot: slot), index = slot - first
            write = { frame, list throws(EvaluationFailure) in
                try before(frame, &list)
                list[index] = try evaluate(frame)
            }
        }
        let reused = ReusedList()
        return { [write] frame throws(SignalError) in
            // Taken out (swapped: no count changed), so that it is unique when the last run
            // let it go; each value written in its place (emptying it first went through
            // the array's generic, costly `replaceSubrange`). A value that is not an
            // expression stays null.
            var list: [Value] = []
            swap(&list, &reused.list)
            if list.count != count { list = Array(repeating: .null, count: count) }
            do throws(EvaluationFailure) { try write(frame, &list) } catch { throw error.signalError }
            reused.list = list
            return list
        }
    }

    /// Each value of a variadic parameter compiled (nil: not an expression).
    private func compiledValues(_ parameter: Parameter) -> [CompiledExpression?] {
        let first = index(parameter)
        // In classes: closures read back from an array are each wrapped in a new thunk.
        return zip(first..., stage.arguments[first...]).map { slot, argument in
            guard case .expression(let expression) = argument else { return nil }
            return CompiledExpression(evaluator(expression, slot: slot))
        }
    }

    /// A whole number evaluated once, now (at most `Limits.largestCount`, as the checker
    /// asks of one written in the script).
    public func count(_ parameter: Parameter) throws(SignalError) -> Int {
        let number = try value(parameter)
        guard case .number(let double) = number, double == double.rounded(), abs(double) <= Double(Limits.largestCount) else {
            throw .notWholeNumber(site, name, number)
        }
        return Int(double)
    }

    /// A duration, read once: a literal, or one computed now (`timer it * 200ms` in a run's
    /// pipeline); a computed one that is not a duration, or is less than none, fails.
    public func duration(_ parameter: Parameter) throws(SignalError) -> TimeSpan {
        if case .duration(let span) = argument(parameter) { return span }
        guard let value = try optionalValue(parameter) else { return .zero }
        return try checkedDuration(value)
    }

    /// A duration's reader, for a known run made for each value: a literal, or the
    /// argument computed in the run's frame.
    public func durationReader(_ parameter: Parameter) -> (Frame) throws(SignalError) -> TimeSpan {
        if case .duration(let span) = argument(parameter) { return { _ in span } }
        let read = reader(parameter), check = checkedDuration
        return { frame throws(SignalError) in try check(try read(frame)) }
    }

    /// A duration computed for each value, `it` bound (`delay it * 2ms`, a parameter
    /// whose `durationOfEach` is set); nil when it is a literal, the same for every value.
    public func durationOfEach(_ parameter: Parameter) -> ((Value) throws(SignalError) -> TimeSpan)? {
        guard case .expression = argument(parameter) else { return nil }
        let compute = perValue(parameter), check = checkedDuration
        return { value throws(SignalError) in try check(try compute(value)) }
    }

    /// For a duration computed for each value (`delay it * 2ms`): each value's wait, as a
    /// timer of that duration (a wrong duration, its error), so that the operator runs as
    /// its form with a pipeline (`delayWhen (timer …)`), as RxJS's selector forms do; nil
    /// for a literal.
    public func timerOfEach(_ parameter: Parameter) -> ((Value) -> Signal<Value>)? {
        guard parameter.durationOfEach, let each = durationOfEach(parameter) else { return nil }
        let scheduler = self.scheduler
        return { value in
            do throws(SignalError) { return Signal.timer(try each(value), sending: .number(0), on: scheduler) } catch { return .fail(error) }
        }
    }

    private func checkedDuration(_ value: Value) throws(SignalError) -> TimeSpan {
        guard case .duration(let span) = value else {
            throw EvaluationFailure.notADuration(value).at(site).signalError
        }
        guard span >= .zero else { throw .negativeDuration(site.description, span) }
        return span
    }

    /// A string argument (a label), nil when it was not given.
    public func text(_ parameter: Parameter) -> String? {
        if case .text(let text) = argument(parameter) { return text }
        return nil
    }

    /// A per-value function: `it` is the value.
    public func perValue(_ parameter: Parameter) -> (Value) throws(SignalError) -> Value {
        guard let evaluate = evaluator(parameter) else { return { $0 } }
        return { value throws(SignalError) in
            do throws(EvaluationFailure) { return try evaluate(Frame(it: value)) } catch { throw error.signalError }
        }
    }

    /// A per-value condition: true or false for each value, an error event otherwise.
    public func condition(_ parameter: Parameter) -> (Value) throws(SignalError) -> Bool {
        // One closure straight to the compiled expression: this is the hot path.
        guard let evaluate = evaluator(parameter) else { return { _ in true } }
        let site = site, name = name
        return { value throws(SignalError) in
            let result: Value
            do throws(EvaluationFailure) { result = try evaluate(Frame(it: value)) } catch { throw error.signalError }
            if case .bool(let bool) = result { return bool }
            throw .notACondition(site, name, result)
        }
    }

    /// A per-value function of the accumulation and the value (`acc`, `it`).
    public func accumulator(_ parameter: Parameter) -> (Value, Value) throws(SignalError) -> Value {
        guard let evaluate = evaluator(parameter) else { return { acc, _ in acc } }
        return { acc, value throws(SignalError) in
            do throws(EvaluationFailure) { return try evaluate(Frame(it: value, acc: acc)) } catch { throw error.signalError }
        }
    }

    /// For an accumulator written `acc + E` where E does not read `acc`: E compiled, whether
    /// it is `it`, and where the `+` is — else nil (evaluate it as written). The one place
    /// the rewrite is recognised: `appending` and the fused `scan`/`reduce` both use it.
    func appendedItems(_ parameter: Parameter) -> (items: Evaluator, itemsAreIt: Bool, site: Site)? {
        guard case .expression(.binary(.add, .acc, let items, let site)) = argument(parameter), !items.readsAccumulator else {
            return nil
        }
        var itemsAreIt = false
        if case .it = items { itemsAreIt = true }
        return (evaluator(items, slot: EvaluatorSlots.partSlot(of: index(parameter), among: stage.arguments.count)), itemsAreIt, site)
    }

    /// For an accumulator written `acc + E` where E does not read `acc`: the update that
    /// appends E in place (`Operations.append`), else nil (evaluate it as written).
    public func appending(_ parameter: Parameter) -> ((inout Value, Value) throws(SignalError) -> Void)? {
        guard let (evaluate, _, site) = appendedItems(parameter) else { return nil }
        return { accumulation, value throws(SignalError) in
            do throws(EvaluationFailure) {
                try Operations.append(&accumulation, try evaluate(Frame(it: value)))
            } catch {
                throw error.at(site).signalError
            }
        }
    }

    /// The signals of a signal parameter, variadic or not (`merge A, B`), each one level
    /// deeper in the trace.
    public func signals(_ parameter: Parameter) -> [Signal<Value>] {
        stage.arguments[index(parameter)...].compactMap { argument in
            guard case .pipeline(let pipeline) = argument else { return nil }
            var inner = frame
            inner.depth += 1
            return compiler.argumentSignal(pipeline, inner, of: stage)
        }
    }

    /// A signal argument; nil when an optional one was not given.
    public func optionalSignal(_ parameter: Parameter) -> Signal<Value>? {
        guard case .pipeline = argument(parameter) else { return nil }
        return signals(parameter).first
    }

    public func signal(_ parameter: Parameter) -> Signal<Value> {
        optionalSignal(parameter) ?? .empty
    }

    /// A pipeline instantiated for each value, with `it` bound to it (debounce's, an
    /// action's), its expressions compiled once.
    public func perValuePipeline(_ parameter: Parameter) -> (Value) -> Signal<Value> {
        guard case .pipeline(let pipeline) = argument(parameter) else { return { _ in .empty } }
        return perValuePipeline(pipeline)
    }

    private func perValuePipeline(_ pipeline: CheckedPipeline) -> (Value) -> Signal<Value> {
        let caught = frame.caught, depth = frame.depth + 1, compiler = compiler, stage = stage
        let template = PipelineTemplate()
        return { value in
            compiler.argumentSignal(pipeline, Frame(it: value, caught: caught, depth: depth), of: stage, template: template)
        }
    }

    /// flatMap's runs: `perValuePipeline`, or, for a pipeline that is a source knowing
    /// what it sends (`of it, it`, `from it.photos`, `timer 1s`) followed only by stages
    /// that make each value into at most one by themselves (`map`, `mapTo`, `filter`, with
    /// expressions that read nothing but values: no property, no pipeline), the values that
    /// pipeline would send, computed when the run is built (`InnerRun.immediate`,
    /// `.delayed`). An expression that fails on the way takes the general path, so its error
    /// comes where and when it would. Not done when the run is traced (each run has its
    /// row's subscription; probes that only count subscriptions do not matter) or not
    /// fused (`FRP_NO_FUSE=1` takes the general path, so the two can be compared).
    ///
    /// When other stages follow those (`timer 1s | mapTo it | take 1`), the source and the
    /// stages before them are folded the same way into a source sending those values
    /// (`Signal.timer(_:sending:on:)`, `.sequence`), and only the stages after it are
    /// built and subscribed for the value: a `mapTo` built, subscribed and torn down for
    /// each value would be a large share of a general inner run. So is a source that reads
    /// the value with nothing folded after it (`of it, it | take 2`): built per value
    /// through its `StageArguments`, it would be much of the run.
    ///
    /// A last stage that takes the first N values (`take N`, its entry's shape `.first`,
    /// N the same for every value) is not built: the flattener's run counts them itself
    /// (`InnerRuns.taking`), untraced (a probe of the stage would be missing) and fused.
    public func perValueRuns(_ parameter: Parameter) -> InnerRuns<Value, Value> {
        guard case .pipeline(let whole) = argument(parameter) else { return .signals(perValuePipeline(parameter)) }
        var plan = Planner.inner(whole, mode: context.mode)
        var trimmed = whole, taking: Int?
        if plan.countsTake {
            // Counted when its N is above 0; else the stage is built as any other.
            if let count = countedTake(whole.stages[whole.stages.count - 1]) {
                trimmed.stages.removeLast()
                taking = count
            } else {
                plan = Planner.inner(whole, mode: context.mode, countingTake: false)
            }
        }
        func runs(_ signals: @escaping (Value) -> Signal<Value>) -> InnerRuns<Value, Value> {
            taking.map { .taking($0, signals) } ?? .signals(signals)
        }
        // Settled: the closures below capture it as a constant (a `var` captured is a box,
        // read through, its arrays retained and released, at every run).
        let pipeline = trimmed
        let general = perValuePipeline(pipeline)
        guard case .known(let folded, let rest) = plan.runs, case .source(let head) = pipeline.head, let known = head.spec.known else {
            return runs(general)
        }
        let caught = frame.caught, depth = frame.depth + 1, scheduler = scheduler
        // Each stage's readers made once (its expressions compiled), read per value.
        let inner = Frame(it: .null, caught: caught, depth: depth)
        func arguments(_ stage: CheckedStage) -> StageArguments {
            StageArguments(compiler: compiler, stage: stage, frame: inner, upstream: .empty, slots: EvaluatorSlots())
        }
        let make = known(arguments(head))
        let folds = pipeline.stages.prefix(folded).compactMap { stage in stage.spec.each.map { KnownRun.Fold($0(arguments(stage))) } }
        guard let rest else {
            return .runs { value in
                let frame = Frame(it: value, caught: caught, depth: depth)
                do throws(SignalError) {
                    var run = try make(frame)
                    for fold in folds { try run.fold(fold, frame) }
                    guard let delay = run.delay else { return .immediate(run.values.array) }
                    return .delayed(delay, run.values, on: scheduler)
                } catch {
                    return .signal(general(value))
                }
            }
        }
        let builder = compiler, template = PipelineTemplate()
        let subscribed = folded < pipeline.stages.count
        return runs { value in
            let frame = Frame(it: value, caught: caught, depth: depth)
            do throws(SignalError) {
                var run = try make(frame)
                for fold in folds { try run.fold(fold, frame) }
                let source: Signal<Value> = run.delay.map { .timer($0, sending: run.values, on: scheduler) } ?? .sequence(run.values.array)
                guard subscribed else { return source }
                // The stages after it, as one function made once when they can be.
                if let lifted = template.rest(made: { builder.lifted(pipeline.stages[folded...], plan: rest, frame, template: template) }) {
                    return lifted(source)
                }
                return builder.stages(pipeline.stages[folded...], of: pipeline.head, upstream: source, frame, template: template, plan: rest)
            } catch {
                return general(value)
            }
        }
    }

    /// The N of a last `take N` the plan counts (`InnerPlan.countsTake`), nil when it is
    /// not above 0 (or not a count): then the stage is built.
    private func countedTake(_ last: CheckedStage) -> Int? {
        guard case .first(let parameter)? = last.spec.shape else { return nil }
        let reader = StageArguments(compiler: compiler, stage: last, frame: Frame(it: .null, caught: frame.caught, depth: frame.depth + 1),
                                    upstream: .empty)
        guard let count = try? reader.count(parameter), count > 0 else { return nil }
        return count
    }

    /// What retry and repeat wait for between runs (a `.durationOrPipeline` parameter):
    /// nothing when not given, a time, or the pipeline run with `it` bound to the run's
    /// number.
    public func restartWait(_ parameter: Parameter) throws(SignalError) -> RestartWait<Value> {
        guard has(parameter) else { return .none }
        guard isPipeline(parameter) else { return .time(try duration(parameter)) }
        let notifier = perValuePipeline(parameter)
        return .notifier { run in notifier(.number(Double(run))) }
    }

    /// A pipeline instantiated for an error, with `error` bound to its message (catch's).
    public func errorPipeline(_ parameter: Parameter) -> (SignalError) -> Signal<Value> {
        guard case .pipeline(let pipeline) = argument(parameter) else { return { .fail($0) } }
        let it = frame.it, depth = frame.depth + 1, compiler = compiler
        return { error in compiler.signal(pipeline, Frame(it: it, caught: Caught(message: error.message), depth: depth)) }
    }

    /// A `cold` marble as a signal: its timeline starts at each subscription.
    public func coldMarble(_ parameter: Parameter) -> Signal<Value> {
        guard case .marble(let marble, let values, let error, _) = argument(parameter) else { return .empty }
        let table = compiler.marbleValues(values)
        return ColdSource(marble, scheduler: scheduler, error: SignalError(error ?? "error")) { table($0) }.signal
    }

    /// A `hot` marble's one timeline, started with the run (`Compiler.startHotSources`).
    public func hotMarble(_ parameter: Parameter) -> Signal<Value> {
        guard case .marble(_, _, _, let id?) = argument(parameter), let hot = context.hotSources[id] else {
            return .fail(.hotSourceNotStarted(site))
        }
        return hot.signal
    }

    /// The run of the action an `action` parameter names (made once per run for a `let`
    /// name): `executing`, `enabled` and `errors` are its views.
    func action(_ parameter: Parameter) -> ActionRun? {
        guard case .pipeline(let pipeline) = argument(parameter), let key = pipeline.actionStage?.site.key else { return nil }
        _ = compiler.signal(pipeline, frame)
        return context.actions[key]
    }

    /// What an action's view sends when its action was not made in this run.
    public func actionMissing() -> Signal<Value> {
        .fail(.actionNotMade(site))
    }

    /// Records the action this stage makes, so its views find it.
    func register(_ action: ActionRun) {
        context.actions[site.key] = action
    }

    /// A source the embedding program provides (a photo service), with every argument
    /// evaluated once, now.
    public func service() throws(SignalError) -> Signal<Value> {
        guard let services = context.services else {
            return .fail(.serviceUnavailable(site, name))
        }
        guard let first = stage.spec.parameters.first else {
            return services.signal(for: name, arguments: [], context: context)
        }
        return services.signal(for: name, arguments: try values(first), context: context)
    }
}

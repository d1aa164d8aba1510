import Signals

/// Turns checked pipelines into signals. Expressions are compiled once per stage
/// instantiation; inner pipelines (flatMap's) are instantiated per value from the same
/// checked tree.
public final class Compiler {
    let context: RunContext
    private lazy var expressions = ExpressionCompiler(
        properties: { [context] in context.properties.value($0) },
        instantiate: { [unowned self] pipeline, frame in self.signal(pipeline, frame) }
    )

    public init(context: RunContext) {
        self.context = context
    }

    /// Starts the hot sources a pipeline can reach (through `let` names and inner
    /// pipelines too): they run from frame 0 of the run, subscribed or not.
    public func startHotSources(_ pipeline: CheckedPipeline) {
        pipeline.forEachHotMarble { id, marble, values, error in
            guard context.hotSources[id] == nil else { return }
            let table = marbleValues(values)
            context.hotSources[id] = HotSource(marble, scheduler: context.scheduler,
                                               error: SignalError(error ?? "error")) { table($0) }
        }
    }

    public func signal(_ pipeline: CheckedPipeline, _ frame: Frame = Frame()) -> Signal<Value> {
        var signal = head(pipeline.head, frame)
        var index = 0
        let stages = pipeline.stages
        while index < stages.count {
            // Runs of simple stages become one operator (FusedStages.swift), probed inside
            // when the run is traced.
            if context.fuses, FusedStages.fusible.contains(stages[index].spec.name) {
                var end = index
                while end < stages.count, FusedStages.fusible.contains(stages[end].spec.name) { end += 1 }
                // A `range` head pushes straight into the chain.
                let direct = index == 0 ? directRange(pipeline.head, frame) : nil
                signal = fused(Array(stages[index..<end]), upstream: signal, frame, direct: direct)
                index = end
                continue
            }
            signal = build(stages[index], upstream: signal, frame)
            if let trace = context.trace { signal = signal.probed(trace(stages[index], frame.depth)) }
            index += 1
        }
        return signal
    }

    /// Compiles an expression for a stage instantiated in `frame` (whose caught error,
    /// if any, is what `error` reads).
    func evaluator(_ expression: CheckedExpression, in frame: Frame = Frame()) -> Evaluator {
        guard frame.caught != nil else { return expressions.compile(expression) }
        var compiler = expressions
        compiler.caught = frame.caught
        return compiler.compile(expression)
    }

    /// `range FROM, COUNT` at the head, with its arguments evaluated, for FusedStages.
    private func directRange(_ head: CheckedHead, _ frame: Frame) -> (start: Int, count: Int, head: CheckedStage)? {
        guard case .source(let stage) = head, stage.spec.name == "range", stage.arguments.count == 2,
              case .expression(let from) = stage.arguments[0], case .expression(let length) = stage.arguments[1],
              case .number(let start)? = try? evaluator(from, in: frame)(frame),
              case .number(let count)? = try? evaluator(length, in: frame)(frame),
              start == start.rounded(), count == count.rounded(), count >= 0, abs(start) < 1e15, count < 1e15
        else { return nil }
        return (Int(start), Int(count), stage)
    }

    private func head(_ head: CheckedHead, _ frame: Frame) -> Signal<Value> {
        switch head {
        case .source(let stage):
            let signal = build(stage, upstream: nil, frame)
            return context.trace.map { signal.probed($0(stage, frame.depth)) } ?? signal
        case .binding(let name, let pipeline):
            if let bound = context.boundSignals[name] { return bound }
            let bound = self.signal(pipeline, Frame())
            context.boundSignals[name] = bound
            return bound
        case .property(let name):
            return context.properties.property(name)?.producer ?? .fail(SignalError("no property called `\(name)`"))
        case .value(let expression):
            return signal(of: expression, frame) { .of($0) }
        }
    }

    /// An expression's value as a signal: the signal it is, else `otherwise` of it.
    private func signal(of expression: CheckedExpression, _ frame: Frame,
                        otherwise: @escaping (Value) -> Signal<Value>) -> Signal<Value> {
        let evaluate = evaluator(expression, in: frame)
        return .deferred {
            do throws(EvaluationFailure) {
                let value = try evaluate(frame)
                if case .signal(let inner) = value { return inner.signal }
                return otherwise(value)
            } catch {
                return .fail(error.signalError)
            }
        }
    }

    /// A signal argument (`merge NAME`, `flatMap it.replies`): when it is only an
    /// expression, a value that is not a signal is an error, as in RxJS ("You provided '5'
    /// where a stream was expected"), the checker's EXPECTED SIGNAL when it cannot know.
    private func argumentSignal(_ pipeline: CheckedPipeline, _ frame: Frame, of stage: CheckedStage) -> Signal<Value> {
        guard pipeline.stages.isEmpty, case .value(let expression) = pipeline.head else { return signal(pipeline, frame) }
        return signal(of: expression, frame) { value in
            .fail(SignalError("\(stage.site): \(stage.spec.name) needs a signal, got \(value.kindDescription) (\(value.abbreviated)); `of X` makes a signal of one value"))
        }
    }

    // MARK: Stages

    private func build(_ stage: CheckedStage, upstream: Signal<Value>?, _ frame: Frame) -> Signal<Value> {
        let arguments = stage.arguments
        let site = stage.site
        let scheduler = context.scheduler
        let source = upstream ?? .empty

        /// An argument evaluated once, now.
        func value(_ index: Int) throws(SignalError) -> Value {
            guard case .expression(let expression) = arguments[index] else { return .null }
            do throws(EvaluationFailure) { return try evaluator(expression, in: frame)(frame) } catch { throw error.signalError }
        }
        func count(_ index: Int) throws(SignalError) -> Int {
            let number = try value(index)
            guard case .number(let double) = number, double == double.rounded(), abs(double) < 1e15 else {
                throw SignalError("\(site): \(stage.spec.name) needs a whole number, not \(number.abbreviated)")
            }
            return Int(double)
        }
        func duration(_ index: Int) -> TimeSpan {
            if case .duration(let span) = arguments[index] { return span }
            return .zero
        }
        /// A per-value function: `it` is the value.
        func perValue(_ index: Int) -> (Value) throws(SignalError) -> Value {
            guard case .expression(let expression) = arguments[index] else { return { $0 } }
            let evaluate = evaluator(expression, in: frame)
            return { value throws(SignalError) in
                do throws(EvaluationFailure) { return try evaluate(Frame(it: value)) } catch { throw error.signalError }
            }
        }
        func condition(_ index: Int) -> (Value) throws(SignalError) -> Bool {
            guard case .expression(let expression) = arguments[index] else { return { _ in true } }
            // One closure straight to the compiled expression: this is the hot path.
            let evaluate = evaluator(expression, in: frame)
            return { value throws(SignalError) in
                let result: Value
                do throws(EvaluationFailure) { result = try evaluate(Frame(it: value)) } catch { throw error.signalError }
                if case .bool(let bool) = result { return bool }
                throw SignalError("\(site): \(stage.spec.name) needs a condition that is true or false, not \(result.kindDescription) (\(result.abbreviated))")
            }
        }
        func accumulator(_ index: Int) -> (Value, Value) throws(SignalError) -> Value {
            guard case .expression(let expression) = arguments[index] else { return { a, _ in a } }
            let evaluate = evaluator(expression, in: frame)
            return { acc, value throws(SignalError) in
                do throws(EvaluationFailure) { return try evaluate(Frame(it: value, acc: acc)) } catch { throw error.signalError }
            }
        }
        func signals(_ index: Int) -> [Signal<Value>] {
            arguments[index...].compactMap { argument in
                if case .pipeline(let pipeline) = argument {
                    var inner = frame
                    inner.depth += 1
                    return self.argumentSignal(pipeline, inner, of: stage)
                }
                return nil
            }
        }
        func perValuePipeline(_ index: Int) -> (Value) -> Signal<Value> {
            guard case .pipeline(let pipeline) = arguments[index] else { return { _ in .empty } }
            let caught = frame.caught, depth = frame.depth + 1
            return { value in self.argumentSignal(pipeline, Frame(it: value, caught: caught, depth: depth), of: stage) }
        }
        func text(_ index: Int) -> String? {
            guard index < arguments.count, case .text(let text) = arguments[index] else { return nil }
            return text
        }

        do throws(SignalError) {
            switch stage.spec.name {
            // Sources
            case "cold":
                guard case .marble(let marble, let values, let error, _) = arguments[0] else { return .empty }
                let table = marbleValues(values)
                return ColdSource(marble, scheduler: scheduler, error: SignalError(error ?? "error")) { table($0) }.signal
            case "hot":
                guard case .marble(_, _, _, let id?) = arguments[0], let hot = context.hotSources[id] else {
                    return .fail(SignalError("\(site): this hot source was not started with the run"))
                }
                return hot.signal
            case "of":
                var values: [Value] = []
                for index in arguments.indices { values.append(try value(index)) }
                return .sequence(values)
            case "range":
                let start = try count(0), length = try count(1)
                return Compiler.range(start, length, on: scheduler)
            case "empty": return .empty
            case "never": return .never
            case "fail":
                let message = try value(0)
                if case .string(let text) = message { return .fail(SignalError(text)) }
                return .fail(SignalError(message.description))
            case "interval":
                return Signal<Int>.interval(duration(0), on: scheduler).map { .number(Double($0)) }
            case "timer":
                return Signal<Int>.timer(duration(0), on: scheduler).map { .number(Double($0)) }

            // Transforming
            case "map": return source.map(perValue(0))
            case "mapTo": return source.mapTo(try value(0))
            case "not":
                return source.map { value throws(SignalError) in
                    do throws(EvaluationFailure) { return try Operations.not(value) } catch {
                        throw SignalError("\(site): \(error.message)")
                    }
                }
            case "scan": return source.scan(try value(0), accumulator(1))
            case "reduce": return source.reduce(try value(0), accumulator(1))
            case "pairwise": return source.pairwise().map { .list([$0.0, $0.1]) }
            case "buffer":
                let size = try count(0)
                guard size <= Limits.listItems else {
                    throw SignalError("\(site): buffer holds at most \(Limits.listItems) values, not \(size)")
                }
                return source.buffer(count: size).map { .list($0) }
            case "count": return source.count().map { .number(Double($0)) }
            case "startWith": return source.startWith(try value(0))

            // Filtering
            case "filter": return source.filter(condition(0))
            case "take": return source.take(try count(0))
            case "skip": return source.skip(try count(0))
            case "takeWhile": return source.takeWhile(condition(0))
            case "skipWhile": return source.skipWhile(condition(0))
            case "takeUntil": return source.takeUntil(signals(0)[0])
            case "first": return source.first()
            case "last": return source.last()
            case "distinctUntilChanged": return source.distinctUntilChanged()

            // Combining
            case "merge": return Signal.merge([source] + signals(0))
            case "concat": return Signal.concat([source] + signals(0))
            case "combineLatest": return Signal.combineLatest([source] + signals(0)).map { .list($0) }
            case "zip": return Signal.zip([source] + signals(0)).map { .list($0) }
            case "withLatestFrom": return source.withLatestFrom(signals(0)[0]).map { .list([$0.0, $0.1]) }
            case "sample": return source.sample(signals(0)[0])
            case "then": return source.then(signals(0)[0])

            // Flattening
            case "flatMap": return source.flatMap(perValuePipeline(0))
            case "switchMap": return source.switchMap(perValuePipeline(0))
            case "concatMap": return source.concatMap(perValuePipeline(0))
            case "exhaustMap": return source.exhaustMap(perValuePipeline(0))
            case "switchToLatest":
                return source.switchMap { value in
                    if case .signal(let inner) = value { return inner.signal }
                    return .fail(SignalError("\(site): switchToLatest needs a signal of signals, got \(value.kindDescription) (\(value.abbreviated)); `of X` makes a signal of one value: `map (of X)`"))
                }

            // Errors
            case "catch":
                guard case .pipeline(let pipeline) = arguments[0] else { return source }
                let it = frame.it, depth = frame.depth + 1
                return source.catchError { error in
                    self.signal(pipeline, Frame(it: it, caught: Caught(message: error.message), depth: depth))
                }
            case "retry": return source.retry(try count(0), interrupted: scheduler.interrupted)

            // Actions
            case "action":
                let enabledBy = arguments.count > 1 ? signals(1).first : nil
                let run = ActionRun(inputs: source, enabledBy: enabledBy, execute: perValuePipeline(0))
                context.actions[site.key] = run
                return run.values
            case "executing", "enabled", "errors":
                guard case .pipeline(let pipeline) = arguments[0], let key = pipeline.actionStage?.site.key else { return .empty }
                // Instantiates the action: once per run for a `let` name.
                _ = self.signal(pipeline, frame)
                guard let run = context.actions[key] else {
                    return .fail(SignalError("\(site): the action was not made in this run"))
                }
                switch stage.spec.name {
                case "executing": return run.executing
                case "enabled": return run.enabled
                default: return run.errors
                }

            // Timing
            case "debounce": return source.debounce(duration(0), on: scheduler)
            case "throttle": return source.throttle(duration(0), on: scheduler)
            case "delay": return source.delay(duration(0), on: scheduler)
            case "timeout": return source.timeout(duration(0), on: scheduler)

            // Sharing
            case "share": return source.share()
            case "replay": return source.replay(try count(0))

            // Debugging
            case "log":
                return source.log(text(0) ?? stage.label, on: scheduler, to: context.write, describe: \.printed)

            default:
                if let services = context.services {
                    var values: [Value] = []
                    for index in arguments.indices { values.append(try value(index)) }
                    return services.signal(for: stage.spec.name, arguments: values, context: context)
                }
                return .fail(SignalError("\(site): `\(stage.spec.name)` is not available here"))
            }
        } catch {
            return .fail(error)
        }
    }

    /// What each mark of a marble stands for: the VALUES record's field, else the mark as
    /// a string (`a` is "a", `1` is "1": LANGUAGE.md).
    private func marbleValues(_ values: CheckedExpression?) -> (Character) -> Value {
        var table: [Character: Value] = [:]
        if let values, case .record(let record)? = try? evaluator(values)(Frame()) {
            for field in record.fields {
                if let mark = field.name.first, field.name.count == 1 { table[mark] = field.value }
            }
        }
        return { mark in table[mark] ?? Compiler.defaultValue(of: mark) }
    }

    static func defaultValue(of mark: Character) -> Value {
        .string(String(mark))
    }
}

extension CheckedPipeline {
    /// Calls `body` for every `hot` marble the pipeline can reach.
    func forEachHotMarble(_ body: (Int, Marble, CheckedExpression?, String?) -> Void) {
        func visit(_ pipeline: CheckedPipeline) {
            switch pipeline.head {
            case .source(let stage): visit(stage)
            case .binding(_, let bound): visit(bound)
            case .property: break
            case .value(let expression): visit(expression)
            }
            for stage in pipeline.stages { visit(stage) }
        }
        func visit(_ stage: CheckedStage) {
            for argument in stage.arguments {
                switch argument {
                case .marble(let marble, let values, let error, let id?): body(id, marble, values, error)
                case .pipeline(let inner): visit(inner)
                case .expression(let expression): visit(expression)
                default: break
                }
            }
        }
        func visit(_ expression: CheckedExpression) {
            if case .pipeline(let inner) = expression { visit(inner) }
        }
        visit(self)
    }
}

extension Compiler {
    /// `range FROM, COUNT` sending numbers directly (no Int-to-value stage per event).
    /// It asks the scheduler whether it was interrupted every 64 values: `range 1, 1e12`
    /// stops at Ctrl-C.
    static func range(_ start: Int, _ count: Int, on scheduler: Scheduler) -> Signal<Value> {
        guard count >= 0 else { return .fail(.negativeCount("range", count)) }
        return Signal(unchecked: { observer, lifetime in
            let (end, overflow) = start.addingReportingOverflow(count)
            var value = start
            while value < (overflow ? Int.max : end) {
                if lifetime.isDisposed { return }
                if value & FusedStages.pollMask == 0, scheduler.interrupted() { return }
                observer.next(.number(Double(value)))
                value += 1
            }
            if !lifetime.isDisposed { observer.terminate(.completed) }
        })
    }

    /// Evaluates an expression that needs no value (`it` is null).
    public func evaluate(_ expression: CheckedExpression) throws(EvaluationFailure) -> Value {
        try evaluator(expression)(Frame())
    }
}

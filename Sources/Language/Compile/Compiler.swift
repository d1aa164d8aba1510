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

    /// Starts the hot sources a statement's pipeline can reach (the checker found them:
    /// `CheckedPipeline.hotSources`): they run from frame 0 of the run, subscribed or not.
    public func startHotSources(_ pipeline: CheckedPipeline) {
        for hot in pipeline.hotSources where context.hotSources[hot.id] == nil {
            let table = marbleValues(hot.values)
            context.hotSources[hot.id] = HotSource(hot.marble, scheduler: context.scheduler,
                                                   error: SignalError(hot.error ?? "error")) { table($0) }
        }
        startEagerBindings(pipeline)
    }

    /// Builds now the `let` names the pipeline reaches whose signal has a stage that starts
    /// with the run (`replay 1 eager true`: `Parameter.startsWithRun`), so it connects at
    /// the run's start even when first used inside an inner pipeline, later.
    private func startEagerBindings(_ pipeline: CheckedPipeline) {
        func visit(_ pipeline: CheckedPipeline) {
            if case .binding(let name, let bound) = pipeline.head {
                visit(bound)
                if bound.stages.contains(where: \.startsWithRun) { _ = boundSignal(name, bound) }
            }
            var stages = pipeline.stages
            if case .source(let stage) = pipeline.head { stages.insert(stage, at: 0) }
            for stage in stages {
                for case .pipeline(let inner) in stage.arguments { visit(inner) }
            }
        }
        visit(pipeline)
    }

    /// A `let` name's signal, built once per run (so `share` shares).
    private func boundSignal(_ name: String, _ pipeline: CheckedPipeline) -> Signal<Value> {
        if let bound = context.boundSignals[name] { return bound }
        let bound = signal(pipeline, Frame())
        context.boundSignals[name] = bound
        return bound
    }

    /// Starts the pipelines of the bound properties a statement reads (`var x <- P`,
    /// `CheckedPipeline.propertyBindings`): from the start of the run, each value sets
    /// the property, until `lifetime` ends; after the run it keeps the last.
    public func startPropertyBindings(_ pipeline: CheckedPipeline, until lifetime: Lifetime) {
        for binding in pipeline.propertyBindings {
            guard let property = context.properties.property(binding.name) else { continue }
            // Each run starts it over: its initial value (or null) until the pipeline sends,
            // not the last run's.
            try? property.set((try? binding.initial.map { expression throws(EvaluationFailure) in try evaluate(expression) }) ?? .null)
            signal(binding.pipeline).start(Observer(
                next: { value in try? property.set(value) },
                terminate: { [context] termination in
                    // Its failure is said: the property stops changing, it does not fail.
                    if case .error(let error) = termination {
                        context.write("`\(binding.name)` stops following its pipeline: \(error.message)")
                    }
                }
            ), in: lifetime.child())
        }
    }

    /// `template`: the pipeline's expressions as compiled by its earlier instantiations
    /// (an inner pipeline's), reused.
    public func signal(_ pipeline: CheckedPipeline, _ frame: Frame = Frame()) -> Signal<Value> {
        signal(pipeline, frame, template: nil)
    }

    func signal(_ pipeline: CheckedPipeline, _ frame: Frame, template: PipelineTemplate?) -> Signal<Value> {
        let plan = template?.plan { Planner.plan(pipeline, mode: context.mode, inner: true) }
            ?? Planner.plan(pipeline, mode: context.mode, inner: false)
        var signal: Signal<Value>
        if let template, plan.sharesHead {
            signal = template.sharedHead { head(pipeline.head, frame, slots: template.slots(0)) }
        } else {
            signal = head(pipeline.head, frame, slots: template?.slots(0))
        }
        return stages(pipeline.stages[...], of: pipeline.head, upstream: signal, frame, template: template, plan: plan)
    }

    /// `stages` (a pipeline's, from any index: their places are their indices in it) after
    /// `upstream`, which is `head`'s signal, or what the stages before them send, as `plan`
    /// (made for them) says.
    func stages(_ stages: ArraySlice<CheckedStage>, of head: CheckedHead, upstream: Signal<Value>, _ frame: Frame,
                template: PipelineTemplate?, plan: PipelinePlan) -> Signal<Value> {
        var signal = upstream
        for step in plan.steps {
            switch step {
            case .fused(let indices, let rangePushes):
                signal = fused(stages[indices], upstream: signal, frame, direct: rangePushes ? directRange(head, frame) : nil,
                               template: template)
            case .alone(let index, let lifted):
                signal = build(stages[index], upstream: signal, frame, slots: template?.slots(index + 1), lifted: lifted)
                if let trace = context.trace { signal = signal.probed(trace(stages[index], frame.depth)) }
            }
        }
        return signal
    }

    /// `stages` as one function of the signal before them, made once per template, when
    /// the plan lifts them all (`PipelinePlan.isLifted`): an inner pipeline's folded source
    /// then goes through them with no stage built per value. Nil when it does not, or
    /// when a stage's arguments cannot be read once.
    func lifted(_ stages: ArraySlice<CheckedStage>, plan: PipelinePlan, _ frame: Frame,
                template: PipelineTemplate) -> ((Signal<Value>) -> Signal<Value>)? {
        guard plan.isLifted else { return nil }
        var functions: [(Signal<Value>) -> Signal<Value>] = []
        for index in stages.indices {
            guard let lifted = lifted(stages[index], frame, slots: template.slots(index + 1)) else { return nil }
            functions.append(lifted)
        }
        if functions.count == 1 { return functions[0] }
        return { upstream in functions.reduce(upstream) { signal, function in function(signal) } }
    }

    /// The stage as a function of its upstream, its arguments read once per template
    /// (`OperatorSpec.lift`, `EvaluatorSlots.lifted`); nil when its entry declares no such
    /// function or its arguments differ between values.
    private func lifted(_ stage: CheckedStage, _ frame: Frame, slots: EvaluatorSlots) -> ((Signal<Value>) -> Signal<Value>)? {
        guard let lift = stage.spec.lift else { return nil }
        return slots.lifted {
            guard stage.isConstant else { return nil }
            return try? lift(StageArguments(compiler: self, stage: stage, frame: frame, upstream: .empty, slots: slots))
        }
    }

    /// Compiles an expression for a stage instantiated in `frame` (whose caught error,
    /// if any, is what `error` reads).
    func evaluator(_ expression: CheckedExpression, in frame: Frame = Frame()) -> Evaluator {
        guard frame.caught != nil else { return expressions.compile(expression) }
        var compiler = expressions
        compiler.caught = frame.caught
        return compiler.compile(expression)
    }

    /// A counting source at the head (`range FROM, COUNT`: its entry's shape), with its
    /// arguments read as its build reads them, for FusedStages; nil when they are not whole
    /// numbers it can count (the source then runs alone and says what is wrong).
    private func directRange(_ head: CheckedHead, _ frame: Frame) -> (start: Int, count: Int, head: CheckedStage)? {
        guard case .source(let stage) = head, case .counting(let fromName, let countName)? = stage.spec.shape else { return nil }
        let args = StageArguments(compiler: self, stage: stage, frame: frame, upstream: .empty)
        guard let start = try? args.count(fromName), let count = try? args.count(countName), count >= 0 else { return nil }
        return (start, count, stage)
    }

    private func head(_ head: CheckedHead, _ frame: Frame, slots: EvaluatorSlots?) -> Signal<Value> {
        switch head {
        case .source(let stage):
            let signal = build(stage, upstream: nil, frame, slots: slots)
            return context.trace.map { signal.probed($0(stage, frame.depth)) } ?? signal
        case .binding(let name, let pipeline):
            return boundSignal(name, pipeline)
        case .property(let name):
            return context.properties.property(name)?.producer ?? .fail(.noSuchProperty(name))
        case .propertyField(let name, let read):
            guard let producer = context.properties.property(name)?.producer else { return .fail(.noSuchProperty(name)) }
            let evaluate = evaluator(read)
            return producer.map { _ throws(SignalError) in
                do throws(EvaluationFailure) { return try evaluate(frame) } catch { throw error.signalError }
            }
        case .value(let expression):
            return signal(of: expression, frame, slots: slots) { .of($0) }
        }
    }

    /// An expression's value as a signal: the signal it is, else `otherwise` of it.
    private func signal(of expression: CheckedExpression, _ frame: Frame, slots: EvaluatorSlots?,
                        otherwise: @escaping (Value) -> Signal<Value>) -> Signal<Value> {
        let evaluate = slots?.evaluator(0) { evaluator(expression, in: frame) } ?? evaluator(expression, in: frame)
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
    func argumentSignal(_ pipeline: CheckedPipeline, _ frame: Frame, of stage: CheckedStage,
                        template: PipelineTemplate? = nil) -> Signal<Value> {
        guard pipeline.stages.isEmpty, case .value(let expression) = pipeline.head else {
            return signal(pipeline, frame, template: template)
        }
        return signal(of: expression, frame, slots: template?.slots(0)) { value in
            .fail(.notASignal(stage.site, stage.spec.name, value))
        }
    }

    // MARK: Stages

    private func build(_ stage: CheckedStage, upstream: Signal<Value>?, _ frame: Frame, slots: EvaluatorSlots?,
                       lifted: Bool = false) -> Signal<Value> {
        // An inner pipeline's stage whose arguments are the same for every value: read once.
        if lifted, let slots, let upstream, let lifted = self.lifted(stage, frame, slots: slots) {
            return lifted(upstream)
        }
        let arguments = StageArguments(compiler: self, stage: stage, frame: frame, upstream: upstream ?? .empty, slots: slots)
        do throws(SignalError) {
            return try stage.spec.build(arguments)
        } catch {
            return .fail(error)
        }
    }

    /// What each mark of a marble stands for: the VALUES record's field, else the mark as
    /// a string (`a` is "a", `1` is "1", as in RxJS's marbles).
    func marbleValues(_ values: CheckedExpression?) -> (Character) -> Value {
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

extension Compiler {
    /// `range FROM, COUNT` sending numbers directly (no Int-to-value stage per event),
    /// stopping when the scheduler is interrupted.
    static func range(_ start: Int, _ count: Int, on scheduler: Scheduler) -> Signal<Value> {
        .counting(from: start, count, as: { .number(Double($0)) }, interrupted: { scheduler.interrupted() })
    }

    /// Evaluates an expression that needs no value (`it` is null).
    public func evaluate(_ expression: CheckedExpression) throws(EvaluationFailure) -> Value {
        try evaluator(expression)(Frame())
    }
}

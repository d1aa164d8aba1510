import Signals

/// The compiled expressions of a pipeline that is instantiated again and again — flatMap's
/// inner pipeline, once per value. Each argument's expression is compiled at the first
/// instantiation and reused: compiling `of it, it` again for each inner run would be much of
/// the run's cost.
///
/// Safe because a template belongs to one `Compiler` (one run) and one pipeline, and every
/// frame it serves has the same `caught` (compiled into `error`): the frames differ only in
/// `it`, which compiled expressions read when they run.
final class PipelineTemplate {
    /// The head's slots, then each stage's, in order.
    private var stages: [EvaluatorSlots] = []
    /// The head's signal, when the plan shares it (`sharedHead`).
    private var head: Signal<Value>?
    /// The pipeline's plan, made at the first instantiation.
    private var madePlan: PipelinePlan?

    /// The plan, made once for every instantiation.
    func plan(made: () -> PipelinePlan) -> PipelinePlan {
        if let madePlan { return madePlan }
        let plan = made()
        madePlan = plan
        return plan
    }

    /// The head's signal built once and reused, when the plan says every instantiation
    /// has the same (`PipelinePlan.sharesHead`): a signal is a recipe each subscription
    /// starts anew, so one serves every instantiation.
    func sharedHead(build: () -> Signal<Value>) -> Signal<Value> {
        if let head { return head }
        let built = build()
        head = built
        return built
    }

    /// The stages after an inner pipeline's folded source as one function, when they can
    /// be (`Compiler.lifted`), found at the first instantiation.
    private var rest = MadeOnce()

    func rest(made: () -> ((Signal<Value>) -> Signal<Value>)?) -> ((Signal<Value>) -> Signal<Value>)? {
        rest.value(made)
    }

    /// The slots of the head (0) or of stage `index - 1`.
    func slots(_ index: Int) -> EvaluatorSlots {
        while stages.count <= index { stages.append(EvaluatorSlots()) }
        return stages[index]
    }
}

/// One stage's compiled expressions, by slot (its argument's index; a part of an argument
/// has a slot past them).
final class EvaluatorSlots {
    /// In classes: a closure kept in an array is stored at the array's abstraction, and
    /// each one read back was wrapped in a new thunk closure (an allocation per read).
    private var evaluators: [CompiledExpression?] = []

    /// The slot of a part of argument `argument` compiled on its own (`acc + E`'s E), past
    /// the stage's `count` arguments: the fused and the unfused builds agree on it.
    static func partSlot(of argument: Int, among count: Int) -> Int { count + argument }

    /// The plan of the fused chain starting at this stage, when it is the same for every
    /// instantiation (`Compiler.fused`).
    var fusedPlan: [FusedStages.Part]?

    /// The stage's number form (`NumberForms`), made by the first instantiation that asks.
    private var numberForm: AnyObject?
    private var numberFormMade = false

    func numberForm<Form: AnyObject>(make: () -> Form?) -> Form? {
        if !numberFormMade {
            numberForm = make()
            numberFormMade = true
        }
        return numberForm as? Form
    }

    /// Arguments evaluated once per instantiation (a count, a seed), by slot: the value
    /// when it is the same for every instantiation (`CheckedStage.isConstant`), found at
    /// the first.
    private enum OnceValue {
        case unread
        case varies
        case constant(Value)
    }
    private var onceValues: [OnceValue] = []

    /// The value kept for the argument in `slot`, nil when none is (not read yet, or not
    /// the same for every instantiation).
    func constant(_ slot: Int) -> Value? {
        guard slot < onceValues.count, case .constant(let value) = onceValues[slot] else { return nil }
        return value
    }

    /// Keeps `value`, the argument in `slot` as first evaluated, when `isConstant()`.
    func keep(_ value: Value, slot: Int, isConstant: () -> Bool) {
        while onceValues.count <= slot { onceValues.append(.unread) }
        guard case .unread = onceValues[slot] else { return }
        onceValues[slot] = isConstant() ? .constant(value) : .varies
    }

    /// The stage as a function of its upstream, its arguments read once (`OperatorSpec.lift`),
    /// made by the first instantiation: nil when they differ between values, or were
    /// refused (each instantiation then builds the stage and says why).
    private var lift = MadeOnce()

    func lifted(made: () -> ((Signal<Value>) -> Signal<Value>)?) -> ((Signal<Value>) -> Signal<Value>)? {
        lift.value(made)
    }

    func evaluator(_ slot: Int, compile: () -> Evaluator) -> Evaluator {
        if slot < evaluators.count, let compiled = evaluators[slot] { return compiled.evaluate }
        let evaluator = compile()
        while evaluators.count <= slot { evaluators.append(nil) }
        evaluators[slot] = CompiledExpression(evaluator)
        return evaluator
    }
}

/// A function of a signal made by the first instantiation of a template that asks for it,
/// then kept, nil included (`PipelineTemplate.rest`, `EvaluatorSlots.lifted`). Of this
/// one type, not generic: a generic cache would store the function at its most general
/// type, and each call would go through a thunk.
struct MadeOnce {
    private var function: ((Signal<Value>) -> Signal<Value>)?
    private var made = false

    mutating func value(_ make: () -> ((Signal<Value>) -> Signal<Value>)?) -> ((Signal<Value>) -> Signal<Value>)? {
        if !made {
            function = make()
            made = true
        }
        return function
    }
}

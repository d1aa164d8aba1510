/// How a run is made, as far as the plan is concerned: whether its stages are probed
/// (traced, or only their subscriptions counted) and whether simple stages fuse
/// (`FRP_NO_FUSE=1` turns fusion off to compare the two paths).
public struct RunMode: Sendable, Equatable {
    public var probed: Bool
    /// Probed only to count subscriptions (the leak check): an inner run known when built
    /// still runs as its values, as no row is drawn.
    public var probesOnlyCount: Bool
    public var fuses: Bool

    public init(probed: Bool, probesOnlyCount: Bool = false, fuses: Bool = true) {
        (self.probed, self.probesOnlyCount, self.fuses) = (probed, probesOnlyCount, fuses)
    }
}

/// How a pipeline runs in one mode, decided once for the pipeline (or, for an inner
/// pipeline, once for every value it serves) before anything is built: which stages run as
/// one fused operator and which are built alone, which of those are made once into a
/// function of what comes before them (lifted), whether an inner pipeline's source is built
/// once for every value, and how each flattening stage runs its inner pipeline. The
/// compiler carries it out; what depends on values at run time (a `range`'s arguments being
/// whole numbers, a counted `take`'s N being above 0) is checked where it is read, and a
/// failed check takes the general path, which sends the same events. `frp run --plan`
/// prints it (`PlanText`).
public struct PipelinePlan: Sendable {
    public enum Step: Sendable, Equatable {
        /// The stages at these indices as one operator (`FusedStages`); `rangePushes`: the
        /// pipeline's `range` pushes its numbers straight into it, as a loop.
        case fused(Range<Int>, rangePushes: Bool)
        /// The stage at this index built alone; `lifted`: its arguments read once for every
        /// value of an inner pipeline, and the stage applied to each value's upstream.
        case alone(Int, lifted: Bool)
    }

    /// The stages from `start` on, in order.
    public let steps: [Step]
    /// An inner pipeline's source built once and shared by every value: it knows what it
    /// sends from arguments the same for every value (`timer 1s`).
    public let sharesHead: Bool
    /// An inner pipeline's stages after its folded source (`InnerPlan.Runs.known`'s rest)
    /// made once into one function of that source: every stage is built alone and lifted,
    /// and nothing is probed.
    public let isLifted: Bool
    /// How each flattening stage (its index) runs its inner pipeline.
    public let inner: [(stage: Int, runs: InnerPlan)]
}

/// How a flattening stage (`flatMap`, `switchMap`, ...) runs its pipeline for each value.
public struct InnerPlan: Sendable {
    public enum Runs: Sendable {
        /// Each value's pipeline built and subscribed, as planned.
        case subscribed(PipelinePlan)
        /// The source knows what it sends (`of it, it`, `timer 1s`) and the first `folded`
        /// stages make each value into at most one by themselves (`map`, `mapTo`, `filter`):
        /// each value's values are computed when its run is built and sent at once or
        /// after the source's delay, with no subscription; the stages after them, if any,
        /// are built on that source as `rest` plans.
        case known(folded: Int, rest: PipelinePlan?)
    }

    public let runs: Runs
    /// A last `take N` (N the same for every value) counted by the flattener's run itself,
    /// no stage built: `runs` plans the pipeline without it.
    public let countsTake: Bool
}

public enum Planner {
    /// The plan of `pipeline`'s stages from `start` on; `inner`: it is instantiated for each
    /// value of a flattening stage (its expressions compiled once, `PipelineTemplate`).
    public static func plan(_ pipeline: CheckedPipeline, from start: Int = 0, mode: RunMode, inner: Bool) -> PipelinePlan {
        let stages = pipeline.stages
        var steps: [PipelinePlan.Step] = []
        var index = start
        while index < stages.endIndex {
            var end = index
            while mode.fuses, end < stages.endIndex, stages[end].fuses { end += 1 }
            let rangePushes = index == 0 && pushesIntoFusedRun(pipeline.head)
            // Fusing pays per event and costs at build: one stage of an inner pipeline (built
            // for every value, sending few) is built alone, unless a `range` pushes into it.
            if end > index, !inner || end - index > 1 || rangePushes {
                steps.append(.fused(index..<end, rangePushes: rangePushes))
                index = end
            } else {
                steps.append(.alone(index, lifted: inner && stages[index].spec.lift != nil && stages[index].isConstant))
                index += 1
            }
        }
        let lifted = inner && !mode.probed && steps.allSatisfy { if case .alone(_, true) = $0 { true } else { false } }
        var flattened: [(stage: Int, runs: InnerPlan)] = []
        for (offset, stage) in stages[start...].enumerated() {
            guard case .flatten(let parameter)? = stage.spec.shape, let argument = stage.argument(parameter),
                  case .pipeline(let pipeline) = argument else { continue }
            flattened.append((start + offset, Self.inner(pipeline, mode: mode)))
        }
        return PipelinePlan(steps: steps, sharesHead: inner && mode.fuses && !mode.probed && sharesHead(pipeline.head),
                            isLifted: lifted, inner: flattened)
    }

    /// How a flattening stage runs `pipeline` for each value; `countingTake`: whether a
    /// last `take N` may be counted (false when its N turned out not to be above 0).
    public static func inner(_ pipeline: CheckedPipeline, mode: RunMode, countingTake: Bool = true) -> InnerPlan {
        var pipeline = pipeline
        let countsTake = countingTake && countsLastTake(pipeline, mode: mode)
        if countsTake { pipeline.stages.removeLast() }
        guard !mode.probed || mode.probesOnlyCount, mode.fuses, case .source(let head) = pipeline.head, head.knowsItsRun else {
            return InnerPlan(runs: .subscribed(plan(pipeline, mode: mode, inner: true)), countsTake: countsTake)
        }
        let folded = pipeline.stages.prefix { $0.spec.each != nil && $0.readsOnlyValues }.count
        let subscribed = pipeline.stages.count - folded
        // A source the same for every value with nothing folded after it is built once
        // instead (`sharesHead`).
        guard subscribed == 0 && !countsTake || (!mode.probed && (folded > 0 || !head.isConstant)) else {
            return InnerPlan(runs: .subscribed(plan(pipeline, mode: mode, inner: true)), countsTake: countsTake)
        }
        let rest = subscribed > 0 || countsTake ? plan(pipeline, from: folded, mode: mode, inner: true) : nil
        return InnerPlan(runs: .known(folded: folded, rest: rest), countsTake: countsTake)
    }

    /// A last stage that takes the first N values, N the same for every value, in an
    /// unprobed, fused run: the flattener counts them (`InnerRuns.taking`). Not when it is
    /// the only stage after a value (`5 | take 1`: the value alone would be a signal
    /// argument, which fails when it is not a signal).
    private static func countsLastTake(_ pipeline: CheckedPipeline, mode: RunMode) -> Bool {
        guard !mode.probed, mode.fuses, let last = pipeline.stages.last, last.isConstant, case .first? = last.spec.shape else {
            return false
        }
        if pipeline.stages.count == 1, case .value = pipeline.head { return false }
        return true
    }

    /// A `range` at the head: its numbers pushed as a loop into the fused run after it.
    private static func pushesIntoFusedRun(_ head: CheckedHead) -> Bool {
        guard case .source(let stage) = head, case .counting? = stage.spec.shape else { return false }
        return true
    }

    /// A source that knows what it sends from arguments the same for every value.
    private static func sharesHead(_ head: CheckedHead) -> Bool {
        guard case .source(let stage) = head else { return false }
        return stage.knowsItsRun && stage.isConstant
    }
}

extension CheckedStage {
    /// Whether it can stand in a fused chain: its shape is a stage's, and an accumulation
    /// has its seed (`scan acc + it`, seeded by its first value, runs alone).
    var fuses: Bool {
        switch spec.shape {
        case .accumulate(let seed, _, _)?: return argument(seed) != nil
        case let shape?: return shape.isStage
        case nil: return false
        }
    }

    /// Whether the source knows what it sends when built (`of`, `timer DELAY`; not `timer
    /// DELAY, PERIOD`, which ticks for ever).
    var knowsItsRun: Bool {
        guard spec.known != nil else { return false }
        return spec.knownUnless.map { argument($0) == nil } ?? true
    }

    /// The argument of `parameter`, nil when the entry has no such parameter or it was not given.
    func argument(_ parameter: Parameter) -> CheckedArgument? {
        guard let index = spec.argumentOrder.firstIndex(of: parameter.name), index < arguments.count else { return nil }
        if case .absent = arguments[index] { return nil }
        return arguments[index]
    }
}

/// A pipeline's plan in words (`frp run --plan`, `:plan`): one line a step, what runs for
/// each value of a flattening stage indented under it.
///
///     range 1, 10 | filter it % 2 == 0 | map it * 3
///       filter it % 2 == 0 | map it * 3: one fused operator; `range 1, 10` pushes its numbers into it as a loop
public enum PlanText {
    public static func lines(_ pipeline: CheckedPipeline, mode: RunMode) -> [String] {
        let plan = Planner.plan(pipeline, mode: mode, inner: false)
        return steps(plan, of: pipeline, indent: "  ")
    }

    /// What a run of this mode is, for a heading: "traced, fused".
    public static func describe(_ mode: RunMode) -> String {
        let probes = mode.probed ? (mode.probesOnlyCount ? "subscriptions counted" : "traced") : "untraced"
        return probes + (mode.fuses ? ", fused" : ", not fused (FRP_NO_FUSE)")
    }

    private static func steps(_ plan: PipelinePlan, of pipeline: CheckedPipeline, indent: String) -> [String] {
        var lines: [String] = []
        if plan.sharesHead { lines.append(indent + "`\(head(pipeline))`: built once, shared by every value") }
        for step in plan.steps {
            switch step {
            case .fused(let indices, let rangePushes):
                let pushed = rangePushes ? "; `\(head(pipeline))` pushes its numbers into it as a loop" : ""
                lines.append(indent + "`\(labels(pipeline, indices))`: one fused operator" + pushed)
            case .alone(let index, let lifted):
                let stage = pipeline.stages[index]
                lines.append(indent + "`\(stage.label)`: built alone" + (lifted ? ", its arguments read once for every value" : ""))
                if let inner = plan.inner.first(where: { $0.stage == index }), case .pipeline(let innerPipeline)? = flattened(stage) {
                    lines += runs(inner.runs, of: innerPipeline, indent: indent + "  ")
                }
            }
        }
        if plan.steps.isEmpty, !plan.sharesHead, case .binding(let name, _) = pipeline.head {
            lines.append(indent + "`\(name)`: its pipeline, as planned where it is bound")
        }
        return lines
    }

    private static func runs(_ inner: InnerPlan, of pipeline: CheckedPipeline, indent: String) -> [String] {
        var lines = ["\(indent)for each value, `\(pipeline.text)`:"]
        let deeper = indent + "  "
        var kept = pipeline
        if inner.countsTake, let last = kept.stages.popLast() {
            lines.append(deeper + "`\(last.label)`: counted by the flattener's run, no stage built")
        }
        switch inner.runs {
        case .subscribed(let plan):
            lines.append(deeper + "built and subscribed")
            lines += steps(plan, of: kept, indent: deeper)
        case .known(let folded, let rest):
            let known = ([head(kept)] + kept.stages.prefix(folded).map(\.label)).joined(separator: " | ")
            lines.append(deeper + "`\(known)`: its values computed when the run is built, sent at once or after its delay, nothing subscribed")
            if let rest, folded < kept.stages.count {
                lines.append(deeper + "then, on those values" + (rest.isLifted ? " (these stages made once into one function of them):" : ":"))
                lines += steps(rest, of: kept, indent: deeper + "  ")
            }
        }
        return lines
    }

    private static func flattened(_ stage: CheckedStage) -> CheckedArgument? {
        guard case .flatten(let parameter)? = stage.spec.shape else { return nil }
        return stage.argument(parameter)
    }

    private static func labels(_ pipeline: CheckedPipeline, _ indices: Range<Int>) -> String {
        pipeline.stages[indices].map(\.label).joined(separator: " | ")
    }

    private static func head(_ pipeline: CheckedPipeline) -> String {
        switch pipeline.head {
        case .source(let stage): stage.label
        case .binding(let name, _), .property(let name), .propertyField(let name, _): name
        case .value: "the value"
        }
    }
}

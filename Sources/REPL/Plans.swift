import Language

/// `frp run --plan FILE` and `:plan PIPELINE`: each pipeline of the statements with its
/// plan in words (`PlanText`), in the mode a run would have: what fuses, what is built
/// alone, how each flattening stage runs its pipeline for each value. Nothing runs.
enum Plans {
    /// The lines for `statements`, each pipeline under its line number and text.
    static func lines(_ statements: [CheckedStatement], traced: Bool) -> [String] {
        let mode = RunMode(probed: traced, fuses: Fusion.enabled)
        var lines = ["plans for a run \(PlanText.describe(mode)):"]
        for statement in statements {
            guard let (heading, pipeline) = planned(statement) else { continue }
            lines.append(heading + pipeline.text)
            lines += PlanText.lines(pipeline, mode: mode)
        }
        if lines.count == 1 { lines.append("(no pipeline to plan)") }
        return lines
    }

    private static func planned(_ statement: CheckedStatement) -> (String, CheckedPipeline)? {
        switch statement {
        case .run(let pipeline, _, let line): ("line \(line): ", pipeline)
        case .expect(let pipeline, _, _, _, _, let line, _): ("line \(line): expect ", pipeline)
        case .bind(let name, let pipeline) where pipeline.plainValue == nil: ("let \(name) = ", pipeline)
        case .bindProperty(let binding): ("var \(binding.name) <- ", binding.pipeline)
        default: nil
        }
    }
}

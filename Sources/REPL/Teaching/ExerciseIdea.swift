import Language
import Signals

/// What an exercise is about, beyond behaving as wanted: what the answer must use or must
/// not use. An answer that sends the wanted marble but goes around the point (a cold source
/// where the task is about a hot one, the given marble pasted back) is not right: the check
/// says which part of the idea is missing.
struct Idea: Sendable {
    enum Part: Sendable {
        /// One of these operators or sources, anywhere in the answer (its inner pipelines
        /// too): `switchMap` for "cancelling a stale search".
        case uses([String])
        /// None of these.
        case avoids([String])
        /// Its marbles written with a time progression (`300ms`), or (false) without one.
        case timeProgression(Bool)
        /// A hot marble with `^` and a value sent before it.
        case valueBeforeSubscription
    }

    let part: Part
    /// What to say when the answer misses it: which part of the idea, in the task's words.
    let message: String
    /// Answers that send the wanted marble but go around the idea: the tests check that
    /// each is told `message`.
    let waysAround: [String]

    init(_ part: Part, _ message: String, waysAround: [String]) {
        self.part = part
        self.message = message
        self.waysAround = waysAround
    }

    /// Whether the answer, as checked, holds this part of the idea.
    func holds(in pipeline: CheckedPipeline) -> Bool {
        let stages = Self.stages(of: pipeline)
        switch part {
        case .uses(let names): return stages.contains { names.contains($0.spec.name) }
        case .avoids(let names): return !stages.contains { names.contains($0.spec.name) }
        case .timeProgression(let wanted):
            let marbles = stages.flatMap(Self.marbles)
            guard !marbles.isEmpty else { return !wanted }
            let written = marbles.contains { marble in
                ((try? Marble.tokens(marble.written, kind: marble.hasSubscriptionPoint ? .hot : .cold)) ?? []).contains { $0.kind == .progression }
            }
            return written == wanted
        case .valueBeforeSubscription:
            return stages.contains { stage in
                stage.spec.name == "hot" && Self.marbles(of: stage).contains { marble in
                    marble.entries.contains { entry in
                        guard entry.frame < 0, case .value = entry.mark else { return false }
                        return true
                    }
                }
            }
        }
    }

    /// Every stage of a pipeline, its source and the pipelines in its arguments included.
    private static func stages(of pipeline: CheckedPipeline) -> [CheckedStage] {
        var found: [CheckedStage] = []
        func visit(_ pipeline: CheckedPipeline) {
            switch pipeline.head {
            case .source(let stage): visit(stage)
            case .value(.pipeline(let inner)): visit(inner)
            default: break
            }
            pipeline.stages.forEach(visit)
        }
        func visit(_ stage: CheckedStage) {
            found.append(stage)
            for argument in stage.arguments {
                if case .pipeline(let inner) = argument { visit(inner) }
                if case .expression(.pipeline(let inner)) = argument { visit(inner) }
            }
        }
        visit(pipeline)
        return found
    }

    private static func marbles(of stage: CheckedStage) -> [Marble] {
        stage.arguments.compactMap { argument in
            if case .marble(let marble, _, _, _) = argument { return marble }
            return nil
        }
    }
}

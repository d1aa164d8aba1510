import Language
import Signals

/// Checks a learner's answer to an exercise by running it in virtual time and comparing
/// its events with the exercise's marble — frame, kind and value, as `expect` does — never
/// by comparing text: any pipeline that behaves the same is right.
struct AnswerCheck {
    enum Verdict {
        case right
        /// Expected and actual marbles one above the other, and the first differing event;
        /// a hint aimed at the mistake when it is one the exercise knows, or one of a kind
        /// (signals sent as values).
        /// `letters`: the values the report lettered, for the trace drawn under it;
        /// `drawn`: the wanted marble and what the answer sent, for two rows on one axis.
        case wrong([String], hint: String?, letters: [(mark: Character, full: String)] = [], drawn: Drawn? = nil)
        /// It does not parse or check: the diagnostics, rendered with their carets.
        case doesNotCheck([String])
        /// It checks but is not one pipeline (a `let`, an `expect`, two lines...).
        case notOnePipeline
        /// It sends the wanted marble but misses a part of the exercise's idea: what to say.
        case missesIdea(String)
    }

    /// What a wrong answer is drawn from: the exercise's marble, and the answer's events
    /// within the comparison's window.
    struct Drawn {
        let wanted: Marble
        let actual: [Recorded<Value>]

        /// What kind of difference it is, in a sentence, when its kind is clear: the right
        /// events at the right times with other values, or the right kinds of events at
        /// other times. The graded hints start from it (a values mistake is not a matter
        /// of counting frames).
        var kind: String? {
            func kind(_ event: Event<Value>) -> Int {
                switch event { case .next: 0; case .completed: 1; case .error: 2 }
            }
            func kind(_ mark: Marble.Mark) -> Int {
                switch mark { case .value: 0; case .completed: 1; case .error: 2 }
            }
            guard wanted.entries.count == actual.count,
                  zip(wanted.entries, actual).allSatisfy({ kind($0.mark) == kind($1.event) }) else { return nil }
            if zip(wanted.entries, actual).allSatisfy({ $0.frame == $1.frame }) {
                return "your last answer sent every event at the right time, but other values: look at what each value is, not at the frames"
            }
            return "your last answer sent the right kinds of events, at other times: look at when each comes (what waits, and for how long)"
        }
    }

    struct Diagnostics: Error {
        let lines: [String]
    }

    /// The names the lesson has given so far.
    let frontend: Frontend
    /// Real time the whole check may take (its runs, the mistakes' runs), when limited:
    /// an answer that comes over the network (the playground).
    var realTimeLimit: RealTimeLimit? = nil

    /// The exercise's marble and values, checked as the `expect` they are; a diagnostic
    /// when they do not check (a mistake in the lesson itself: the tests check every one).
    private func reference(_ exercise: Exercise)
        -> Result<(marble: Marble, text: String, values: CheckedExpression?, error: String?), Diagnostics> {
        var reference = frontend
        let expectation = "expect \(exercise.solution) emits \(exercise.emits)"
        let source = Source(name: "<exercise>", text: expectation)
        let (statements, diagnostics) = reference.load(source)
        guard diagnostics.isEmpty,
              case .expect(_, let marble, let marbleText, let values, let error, _, _)? = statements.first else {
            return .failure(Diagnostics(lines: diagnostics.map { $0.rendered(in: source) }))
        }
        return .success((marble, marbleText, values, error))
    }

    /// The records of marks the exercise gives its values (`{a: "kit"}`), for drawing.
    func marks(of exercise: Exercise) -> [CheckedExpression] {
        guard case .success(let reference) = reference(exercise), let values = reference.values else { return [] }
        return [values]
    }

    func check(_ answer: String, for exercise: Exercise) -> Verdict {
        let marble: Marble, marbleText: String, values: CheckedExpression?, error: String?
        switch reference(exercise) {
        case .success(let found): (marble, marbleText, values, error) = found
        case .failure(let diagnostics): return .doesNotCheck(diagnostics.lines)
        }
        var learner = frontend
        let source = Source(name: "<answer>", text: answer)
        let (statements, diagnostics) = learner.load(source)
        guard diagnostics.isEmpty else { return .doesNotCheck(diagnostics.map { $0.rendered(in: source) }) }
        guard statements.count == 1, case .run(let pipeline, _, _) = statements[0] else { return .notOnePipeline }
        func run(_ pipeline: CheckedPipeline) -> Expectation.Outcome {
            Expectation(pipeline: pipeline, marble: marble, marbleText: marbleText, values: values, errorMessage: error,
                        realTimeLimit: realTimeLimit).run()
        }
        let outcome = run(pipeline)
        if outcome.passed {
            if let missing = missingSources(of: pipeline, in: exercise) { return .missesIdea(missing) }
            return exercise.ideas.first { !$0.holds(in: pipeline) }.map { .missesIdea($0.message) } ?? .right
        }
        guard !outcome.stopped else { return .wrong(outcome.report, hint: nil) }
        return .wrong(outcome.report, hint: hint(for: outcome.actual, of: pipeline, in: exercise, running: run), letters: outcome.letters,
                      drawn: Drawn(wanted: marble, actual: outcome.actual))
    }

    /// The hint of the exercise's mistake that behaves as the answer did (any text that
    /// sends the same events is that mistake), else one for a kind of mistake: a count off
    /// by one, signals sent as values, nothing sent at all.
    private func hint(for actual: [Recorded<Value>], of answer: CheckedPipeline, in exercise: Exercise,
                      running run: (CheckedPipeline) -> Expectation.Outcome) -> String? {
        func pipeline(_ text: String) -> CheckedPipeline? {
            var checker = frontend
            let (statements, _) = checker.load(Source(name: "<mistake>", text: text))
            guard case .run(let pipeline, _, _)? = statements.first else { return nil }
            return pipeline
        }
        for mistake in exercise.mistakes {
            guard let mistaken = pipeline(mistake.answer), Expectation.same(run(mistaken).actual, actual) else { continue }
            // Silence tells no mistake from another (`catch never` is no `retry 1`): then
            // the answer must also use the mistake's operators.
            if actual.isEmpty, AnswerCheck.operators(of: mistaken) != AnswerCheck.operators(of: answer) { continue }
            return mistake.hint
        }
        guard !actual.isEmpty else {
            return "it sent nothing in that time, not even its end: something in it waits for ever (`never`?) or for too long"
        }
        let wantedRun = pipeline(exercise.solution).map { run($0).actual } ?? []
        // A failure the wanted run does not have: about the stage that failed, not about
        // counting (what came before it is cut short by it).
        if case .error(let error)? = actual.last?.event, actual.last?.event != wantedRun.last?.event, let at = actual.last?.time {
            return "your run failed at \(EventLine.time(at).trimmingCharacters(in: .whitespaces)): “\(error.message)”. The stage named there refused what reached it; "
                + "the wanted run does not fail, so keep such values from reaching it (or handle the failure)"
        }
        let sent = AnswerCheck.values(actual), wanted = AnswerCheck.values(wantedRun)
        if sent.count == wanted.count, zip(sent, wanted).allSatisfy(Expectation.same) {
            let sameTimes = zip(actual, wantedRun).allSatisfy { $0.time == $1.time || $0.event.value == nil }
            return sameTimes
                ? "the values are right; the end is not: look at when (and whether) your pipeline completes"
                : "the right values in the right order, at other times: look at what in your pipeline waits (or does not)"
        }
        if abs(sent.count - wanted.count) == 1, zip(sent, wanted).allSatisfy(Expectation.same) {
            return "one value too \(sent.count > wanted.count ? "many" : "few"): it sent \(sent.count), the task wants \(wanted.count); count again"
        }
        let sendsSignals = actual.contains { if case .next(.signal) = $0.event { true } else { false } }
        if sendsSignals {
            return "these values are signals, not their values: flatten them with flatMap (or switchMap, concatMap) instead of map"
        }
        return nil
    }

    /// For an exercise about what happens to a service's or a given name's values: the
    /// ones the solution starts from that the answer does not read, said as the missing
    /// part of the idea (a marble that sends the wanted events, written by hand, reads none).
    private func missingSources(of answer: CheckedPipeline, in exercise: Exercise) -> String? {
        var checker = frontend
        let (statements, _) = checker.load(Source(name: "<solution>", text: exercise.solution))
        guard case .run(let solution, _, _)? = statements.first else { return nil }
        let missing = AnswerCheck.sources(of: solution).subtracting(AnswerCheck.sources(of: answer))
        guard !missing.isEmpty else { return nil }
        let names = missing.sorted().map { "`\($0)`" }.joined(separator: " and ")
        return "the exercise is about what happens to \(names): start from \(missing.count == 1 ? "it" : "them"), "
            + "rather than writing the events it should send by hand"
    }

    /// The services and the names given by the lesson that a pipeline reads, its inner
    /// pipelines included.
    static func sources(of pipeline: CheckedPipeline) -> Set<String> {
        var found = Set<String>()
        func visit(_ pipeline: CheckedPipeline) {
            switch pipeline.head {
            case .source(let stage): visit(stage)
            case .binding(let name, _): found.insert(name)
            case .value(.pipeline(let inner)): visit(inner)
            default: break
            }
            pipeline.stages.forEach(visit)
        }
        func visit(_ stage: CheckedStage) {
            if stage.spec.family == .services { found.insert(stage.spec.name) }
            for argument in stage.arguments {
                if case .pipeline(let inner) = argument { visit(inner) }
                if case .expression(.pipeline(let inner)) = argument { visit(inner) }
            }
        }
        visit(pipeline)
        return found
    }

    /// The catalogue entries of a pipeline's source and stages.
    private static func operators(of pipeline: CheckedPipeline) -> Set<ObjectIdentifier> {
        var entries = Set(pipeline.stages.map { ObjectIdentifier($0.spec) })
        if case .source(let stage) = pipeline.head { entries.insert(ObjectIdentifier(stage.spec)) }
        return entries
    }

    private static func values(_ events: [Recorded<Value>]) -> [Value] {
        events.compactMap { if case .next(let value) = $0.event { value } else { nil } }
    }
}

import Language

/// Checks a learner's answer to an exercise by running it in virtual time and comparing
/// its events with the exercise's marble — frame, kind and value, as `expect` does — never
/// by comparing text: any pipeline that behaves the same is right.
struct AnswerCheck {
    enum Verdict {
        case right
        /// Expected and actual marbles one above the other, and the first differing event.
        case wrong([String])
        /// It does not parse or check: the diagnostics, rendered with their carets.
        case doesNotCheck([String])
        /// It checks but is not one pipeline (a `let`, an `expect`, two lines...).
        case notOnePipeline
    }

    /// The names the lesson has given so far.
    let frontend: Frontend

    func check(_ answer: String, for exercise: Exercise) -> Verdict {
        // The exercise's marble and values, checked as the `expect` they are.
        var reference = frontend
        let expectation = "expect \(exercise.solution) emits \(exercise.emits)"
        let (referenceStatements, referenceDiagnostics) = reference.load(Source(name: "<exercise>", text: expectation))
        guard referenceDiagnostics.isEmpty,
              case .expect(_, let marble, let marbleText, let values, let error, _, _)? = referenceStatements.first else {
            // A mistake in the lesson itself (the tests check every exercise).
            return .doesNotCheck(referenceDiagnostics.map { $0.rendered(in: Source(name: "<exercise>", text: expectation)) })
        }
        var learner = frontend
        let source = Source(name: "<answer>", text: answer)
        let (statements, diagnostics) = learner.load(source)
        guard diagnostics.isEmpty else { return .doesNotCheck(diagnostics.map { $0.rendered(in: source) }) }
        guard statements.count == 1, case .run(let pipeline, _, _) = statements[0] else { return .notOnePipeline }
        let outcome = Expectation(pipeline: pipeline, marble: marble, marbleText: marbleText,
                                  values: values, errorMessage: error).run()
        return outcome.passed ? .right : .wrong(outcome.report)
    }
}

import Language
import Signals

/// What a target language writes for each kind of argument, for the one walk over a
/// stage's arguments (`writtenArguments`): which parameter each argument belongs to, a
/// variadic parameter's values joined with ", ", pipelines as functions of `it`. RxJS's
/// `Writer` and Combine's `SwiftWriter` each say how their language writes the pieces.
protocol ExportWriter {
    /// A per-value expression (`.perValue`, `.condition`, `.accumulator`) as a function of
    /// `it` (and `acc`), and whether it can fail where the language must say so.
    mutating func function(_ expression: CheckedExpression, kind: Parameter.Kind) throws(Unsupported) -> (text: String, throws: Bool)
    /// An expression evaluated once, for `stage` (a language may write it inside a
    /// closure of the spelling's, and say whether it can fail there).
    mutating func value(_ expression: CheckedExpression, of stage: CheckedStage) throws(Unsupported) -> (text: String, throws: Bool)
    /// A pipeline given as an argument, as a signal.
    mutating func signal(_ pipeline: CheckedPipeline) throws(Unsupported) -> String
    /// A pipeline's signal as a function of `it` (flatMap's), or of the error (catch's).
    func perValue(_ body: String) -> String
    func onError(_ body: String) -> String
    /// A marble argument, as the fields the spelling reads (`MARBLE`, `VALUES`, ...).
    mutating func marble(_ marble: Marble, parameter: String, values: CheckedExpression?, error: String?) throws(Unsupported) -> [String: String]
    /// A text argument (a label, a message).
    mutating func text(_ text: String) -> String
}

extension ExportWriter {
    /// The stage's arguments written in the target language, by parameter name.
    mutating func writtenArguments(_ stage: CheckedStage) throws(Unsupported) -> WrittenArguments {
        var written: [String: String] = [:], bodies: [String: String] = [:], pipelines: Set<String> = []
        var counts: [String: Int] = [:], throwing: Set<String> = []
        let parameters = stage.spec.positionalParameters + stage.spec.keywordParameters
        for (index, argument) in stage.arguments.enumerated() {
            // A variadic parameter's further values come after it (`of 1, 2, 3`).
            guard let parameter = index < parameters.count ? parameters[index] : parameters.last(where: \.isVariadic) else { continue }
            let name = parameter.name
            if case .absent = argument { continue }
            counts[name, default: 0] += 1
            switch argument {
            case .absent:
                continue
            case .expression(let expression):
                switch parameter.kind {
                case .perValue, .condition, .accumulator:
                    let function = try self.function(expression, kind: parameter.kind)
                    if function.throws { throwing.insert(name) }
                    written[name] = function.text
                default:
                    let value = try self.value(expression, of: stage)
                    if value.throws { throwing.insert(name) }
                    written[name] = written[name].map { $0 + ", " + value.text } ?? value.text
                }
            case .duration(let span):
                written[name] = String(span.nanoseconds / 1_000_000)
            case .pipeline(let pipeline):
                let body = try signal(pipeline)
                bodies[name] = body
                switch parameter.kind {
                case .perValuePipeline, .durationOrPipeline:
                    written[name] = perValue(body)
                    pipelines.insert(name)
                case .errorPipeline: written[name] = onError(body)
                default: written[name] = written[name].map { $0 + ", " + body } ?? body
                }
            case .marble(let marble, let values, let error, _):
                written.merge(try self.marble(marble, parameter: name, values: values, error: error)) { $1 }
            case .text(let text):
                written[name] = self.text(text)
            }
        }
        return WrittenArguments(written: written, bodies: bodies, pipelines: pipelines, counts: counts, throwing: throwing)
    }
}

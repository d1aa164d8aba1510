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
    /// An expression, as the language writes it.
    mutating func expression(_ expression: CheckedExpression) throws(Unsupported) -> String
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
    /// Why a duration computed from values (`timer it * 200ms`) is not written, nil when
    /// it is (RxJS's durations are numbers of milliseconds, as the export's are).
    var computedDurationMissing: String? { get }

    /// One stage, as its spelling writes it.
    mutating func stage(_ stage: CheckedStage) throws(Unsupported) -> String
    /// The definitions written as functions, each with its function's name.
    var definitions: [String: String] { get }
    /// A use of a definition written as a function, as one operator (`above(90)`).
    func call(_ function: String, _ arguments: [String]) -> String
    /// Whether what it wrote stands on its own: no `let` name, property or service (a
    /// definition's function is written outside every test).
    var writesOnItsOwn: Bool { get }

    /// The numbers and strings written (the arguments the services are recorded for), and
    /// the strings alone (an expected error's text among them was the script's own).
    var constants: [Value] { get set }
    var strings: Set<String> { get set }
    /// The services called, with how many arguments each takes: what is recorded.
    var services: [String: Int] { get }
    /// A constant's part as the language writes it, its items already written.
    func literal(_ part: Literal) -> String
}

/// The parts of a constant value, for a language to spell (`ExportWriter.literal`).
enum Literal {
    case null, bool(Bool), number(Double), string(String)
    /// A definition's parameter, in its function's body (`DefinitionTemplate`).
    case parameter(String)
    case list([String])
    case record([(name: String, value: String)])
}

extension ExportWriter {
    /// A constant value, written by the language's `literal`; the numbers and strings it
    /// holds noted.
    mutating func constant(_ value: Value) throws(Unsupported) -> String {
        switch value {
        case .null: return literal(.null)
        case .bool(let bool): return literal(.bool(bool))
        case .number(let number):
            if !constants.contains(value) { constants.append(value) }
            return literal(.number(number))
        case .string(let text):
            if let parameter = DefinitionTemplate.parameter(in: text) { return literal(.parameter(parameter)) }
            strings.insert(text)
            if !constants.contains(value) { constants.append(value) }
            return literal(.string(text))
        case .list(let items):
            var written: [String] = []
            for item in items { written.append(try constant(item)) }
            return literal(.list(written))
        case .record(let record):
            var written: [(name: String, value: String)] = []
            for (name, field) in record.fields { written.append((name, try constant(field))) }
            return literal(.record(written))
        case .duration(let span):
            // A number of milliseconds, as RxJS's durations are and as the export writes a
            // duration argument.
            return literal(.number(span.milliseconds))
        default:
            throw Unsupported(reason: "the value \(value.abbreviated) has no literal in the export")
        }
    }
}

extension ExportWriter {
    /// The stage's arguments written in the target language, by parameter name.
    mutating func writtenArguments(_ stage: CheckedStage) throws(Unsupported) -> WrittenArguments {
        var written: [String: String] = [:], bodies: [String: String] = [:], pipelines: Set<String> = []
        var counts: [String: Int] = [:], throwing: Set<String> = [], computed: Set<String> = []
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
                case .duration, .durationOrPipeline:
                    if let missing = computedDurationMissing { throw Unsupported(reason: missing) }
                    let value = try self.value(expression, of: stage)
                    computed.insert(name)
                    written[name] = value.text
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
                case .countOrSignal:
                    written[name] = body
                    pipelines.insert(name)
                default: written[name] = written[name].map { $0 + ", " + body } ?? body
                }
            case .marble(let marble, let values, let error, _):
                written.merge(try self.marble(marble, parameter: name, values: values, error: error)) { $1 }
            case .text(let text):
                written[name] = self.text(text)
            }
        }
        return WrittenArguments(written: written, bodies: bodies, pipelines: pipelines, counts: counts, throwing: throwing,
                                computed: computed)
    }
}

extension ExportWriter {
    /// Stages as operators: the stages a definition put in place, when it is written as a
    /// function, as one call of it — not when an argument reads the value (`above it`):
    /// frp puts the argument in place, where `it` is the stage's own value.
    mutating func operators(_ stages: [CheckedStage]) throws(Unsupported) -> [String] {
        var written: [String] = []
        var index = 0
        while index < stages.count {
            if let use = stages[index].definitionUse, use.index == 0, let function = definitions[use.name], index + use.count <= stages.count,
               stages[index..<(index + use.count)].allSatisfy({ $0.definitionUse.map { $0.isSameUse(as: use) } ?? false }),
               !use.arguments.contains(where: { $0.contains(where: readsAValue) }) {
                var arguments: [String] = []
                for argument in use.arguments { arguments.append(try expression(argument)) }
                written.append(call(function, arguments))
                index += use.count
                continue
            }
            written.append(try stage(stages[index]))
            index += 1
        }
        return written
    }
}

/// `it`, `acc` or `error`: what a stage's own value gives.
private func readsAValue(_ part: CheckedExpression) -> Bool {
    switch part {
    case .it, .acc, .error: return true
    default: return false
    }
}

/// The definitions an export writes as functions (`def above(n) = …`): each name with its
/// function's. A definition made again gets a function of its own (`pick_2`), so the uses
/// before it keep the first.
struct DefinedFunctions {
    private(set) var names: [String: String] = [:]
    private var taken: Set<String> = []

    /// Defines `name` anew: its function's text, written by `write` from the function's
    /// name and the template's stages as operators, when the writer `make` gives writes
    /// them on their own; a comment saying it is written in place when it has no
    /// template; nil when its stages cannot stand alone (they are written in place).
    mutating func define<Writer: ExportWriter>(_ name: String, _ template: DefinitionTemplate?, writer make: ([String: String]) -> Writer,
                                               spelled identifier: (String) -> String,
                                               write: (_ function: String, _ operators: [String]) -> String) -> String? {
        names[name] = nil
        guard let template else {
            return "// `\(name)` is written where it is used: a parameter of it is a count, a duration or a signal, which a function of values cannot take."
        }
        var writer = make(names)
        guard let body = try? writer.operators(template.stages), writer.writesOnItsOwn else { return nil }
        var function = identifier(name), again = 1
        while taken.contains(function) {
            again += 1
            function = identifier("\(name)_\(again)")
        }
        taken.insert(function)
        names[name] = function
        return write(function, body)
    }
}

import Language
import Signals

/// A language `frp export` writes a script in: how it writes a test, a run, a definition
/// and a property's value. The walk over the statements is `ExportWalk`, one for every
/// target.
protocol ExportTarget {
    associatedtype Writer: ExportWriter

    /// A writer for one statement, given the services' answers, the services a `service`
    /// statement changed and the definitions written as functions so far.
    func writer(answers: RxJSExport.ServiceAnswers?, changed: Set<String>, definitions: [String: String]) -> Writer
    /// An `expect` as a test of its own, its constants (the `let` names and properties it
    /// uses) before it.
    func test(_ expect: ExportedExpect, writer: inout Writer, bindings: [ExportWalk<Self>.Binding],
              properties: Properties) throws(Unsupported) -> String
    /// A run as a call that prints its events.
    func run(line: Int, text: String, _ pipeline: CheckedPipeline, writer: inout Writer,
             bindings: [ExportWalk<Self>.Binding], properties: Properties) throws(Unsupported) -> String
    /// A definition as a function making its stages one operator; nil when its stages
    /// cannot stand alone (they are then written where they are used).
    func definition(_ name: String, _ template: DefinitionTemplate?, in defined: inout DefinedFunctions,
                    answers: RxJSExport.ServiceAnswers?, changed: Set<String>) -> String?
    /// Why an expected error that is frp's own message is not exported.
    var ownErrorReason: String { get }
    /// How properties' values are written: a constant, a field set in a copy, a binding.
    var propertyWriting: Properties.Writing { get }
}

/// An `expect` statement, as a target writes it.
struct ExportedExpect {
    let pipeline: CheckedPipeline
    let marble: Marble
    let marbleText: String
    let values: CheckedExpression?
    let error: String?
    let line: Int
    /// The line as written, for the test's name.
    let text: String
}

/// The one walk over a checked script's statements that every export makes: the `let`
/// names in order, properties as the statements leave them, the services a `service`
/// statement changed (their recorded answers would be wrong), definitions written as
/// functions, and each `expect` and run handed to the target, or skipped with its line
/// and the reason.
struct ExportWalk<Target: ExportTarget> {
    typealias Binding = (name: String, pipeline: CheckedPipeline)

    private(set) var tests: [String] = []
    /// The definitions written as functions, in order.
    private(set) var functions: [String] = []
    private(set) var skipped: [RxJSExport.Skipped] = []
    private(set) var exported = 0
    private(set) var runs = 0
    /// The services the tests call, and the constants they wrote: what is recorded.
    private(set) var calls = ServiceCalls()

    init(_ statements: [CheckedStatement], source: Source, answers: RxJSExport.ServiceAnswers?, target: Target) {
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func written(_ line: Int, otherwise: String) -> String {
            line <= lines.count ? String(lines[line - 1].drop { $0 == " " }) : otherwise
        }
        var bindings: [Binding] = []
        var properties = Properties(writing: target.propertyWriting)
        var defined = DefinedFunctions()
        var changed: Set<String> = []
        for statement in statements {
            switch statement {
            case .bind(let name, let pipeline):
                bindings.removeAll { $0.name == name }
                bindings.append((name, pipeline))
            case .expect(let pipeline, let marble, let marbleText, let values, let error, let line, _):
                let expect = ExportedExpect(pipeline: pipeline, marble: marble, marbleText: marbleText, values: values,
                                            error: error, line: line, text: written(line, otherwise: marbleText))
                do throws(Unsupported) {
                    var writer = target.writer(answers: answers, changed: changed, definitions: defined.names)
                    let test = try target.test(expect, writer: &writer, bindings: bindings, properties: properties)
                    calls.add(services: writer.services, constants: writer.constants)
                    if let error, error != "error", !writer.strings.contains(error) {
                        throw Unsupported(reason: "\(target.ownErrorReason): \(error)")
                    }
                    tests.append(test)
                    exported += 1
                } catch {
                    skipped.append(RxJSExport.Skipped(line: line, reason: error.reason))
                }
            case .run(let pipeline, _, let line):
                do throws(Unsupported) {
                    var writer = target.writer(answers: answers, changed: changed, definitions: defined.names)
                    let run = try target.run(line: line, text: written(line, otherwise: pipeline.text), pipeline, writer: &writer,
                                             bindings: bindings, properties: properties)
                    calls.add(services: writer.services, constants: writer.constants)
                    tests.append(run)
                    runs += 1
                } catch {
                    skipped.append(RxJSExport.Skipped(line: line, reason: error.reason))
                }
            case .declareProperty(let name, let expression):
                properties.declare(name, expression)
            case .assign(let name, let path, let expression, _):
                properties.assign(name, path: path, expression)
            case .bindProperty(let binding):
                properties.bind(binding)
            case .service(let name, let setting):
                if setting == .normal { changed.remove(name) } else { changed.insert(name) }
            case .define(let name, let template):
                if let function = target.definition(name, template, in: &defined, answers: answers, changed: changed) {
                    functions.append(function)
                }
            }
        }
    }
}

/// The script's properties as the statements so far left them: each one's value as the
/// target writes it (absent when the export cannot write it), and the pipeline a bound one
/// follows.
struct Properties {
    /// How a target writes a property's value.
    struct Writing {
        /// A constant expression's text, nil when it is not one.
        let constant: (CheckedExpression) -> String?
        /// `name.a.b := value`: the old value with the field set, nil when not written.
        let setIn: (_ old: String, _ path: [String], _ value: String) -> String?
        /// Whether a bound property is written (its initial value, then its pipeline's).
        let writesBindings: Bool
    }

    let writing: Writing
    private(set) var values: [String: String] = [:]
    private(set) var bindings: [String: PropertyBinding] = [:]
    /// In the order they were declared.
    private(set) var order: [String] = []

    init(writing: Writing) {
        self.writing = writing
    }

    mutating func declare(_ name: String, _ expression: CheckedExpression) {
        if !order.contains(name) { order.append(name) }
        values[name] = writing.constant(expression)
        bindings[name] = nil
    }

    /// `name := value`, or `name.a.b := value`.
    mutating func assign(_ name: String, path: [String], _ expression: CheckedExpression) {
        guard let value = writing.constant(expression), let old = values[name] else {
            values[name] = nil
            return
        }
        values[name] = path.isEmpty ? value : writing.setIn(old, path, value)
    }

    mutating func bind(_ binding: PropertyBinding) {
        if !order.contains(binding.name) { order.append(binding.name) }
        guard writing.writesBindings else {
            values[binding.name] = nil
            return
        }
        values[binding.name] = binding.initial.map(writing.constant) ?? "null"
        bindings[binding.name] = binding
    }
}

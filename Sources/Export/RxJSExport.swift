import Language
import Signals

/// A checked script written as RxJS 7 (`frp export --to rxjs`): each `expect` becomes an
/// `expectObservable(…).toBe(…)` in a TestScheduler run of its own (frp runs each expect
/// on its own, hot sources from its start), with the `let` names it uses as constants
/// before it, in the script's order. Operators are written as their catalogue entry says
/// (`OperatorSpec.rxjs`), expressions as arrow functions (`it` their parameter). What has no
/// counterpart is left out and listed with its line (`skipped`), never written otherwise.
/// The file runs as it is with RxJS on Node's module path and exits 1 when an expectation
/// fails.
public struct RxJSExport {
    public struct Skipped: Equatable, Sendable {
        public let line: Int
        public let reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// The JavaScript, the statements left out, and how many expects were written.
    public private(set) var javascript = ""
    /// The tests and runs alone, without the prelude (what the prompt shows).
    public private(set) var body = ""
    public private(set) var skipped: [Skipped] = []
    public private(set) var exported = 0
    /// How many runs were written (each prints its events, as `frp run --virtual` does).
    public private(set) var runs = 0

    /// One call of a photo service as it answered: its values at one frame (after its
    /// latency), then its end or its error.
    public struct ServiceReply: Sendable {
        public let frame: Int
        public let values: [Value]
        public let error: String?

        public init(frame: Int, values: [Value], error: String?) {
            self.frame = frame
            self.values = values
            self.error = error
        }
    }

    /// What answers a photo service's calls for the export: the reply, or why that service
    /// cannot be recorded (`.failure`); nil for a name that is not a service.
    public typealias ServiceAnswers = (_ service: String, _ arguments: [Value]) -> Result<ServiceReply, Unsupported>?

    /// Exports the checked statements of `source` (its text gives each expect's line);
    /// `services` answers the photo services' calls (without it, a service is left out).
    public init(_ statements: [CheckedStatement], source: Source, services: ServiceAnswers? = nil) {
        let walk = ExportWalk(statements, source: source, answers: services, target: RxJSTarget())
        (skipped, exported, runs) = (walk.skipped, walk.exported, walk.runs)
        let recorded = services.map { walk.calls.recorded($0) } ?? ""
        let definitionsText = walk.functions.isEmpty ? ""
            : "// The script's definitions, each an operator made with pipe.\n" + walk.functions.joined(separator: "\n") + "\n\n"
        body = definitionsText + walk.tests.joined(separator: "\n") + "\n"
        javascript = Self.prelude(imports: Self.imports(in: recorded + body), actions: body.contains("actionOf(")) + recorded + body
    }

    /// The frame where the expected marble stops looking, as `frp test` compares: its width
    /// when it ends in silence, else 1,000 frames after its last mark (`openHorizon`).
    static func horizon(_ marble: Marble) -> Int {
        if marble.endsWithSilence || marble.entries.isEmpty { return max(marble.width, 1) }
        return (marble.entries.last?.frame ?? 0) + 1_001
    }

    /// The RxJS names the tests call, for one `require`.
    static func imports(in code: String) -> [String] {
        var words = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        // The prelude's `signalOf` calls these two.
        if words.contains("signalOf") { words.formUnion(["isObservable", "of"]) }
        return rxjsExports.intersection(words).sorted()
    }

    /// Every name of `rxjs` (`RxJSNames`): a spelling may write any of them.
    public static let rxjsExports = RxJSNames.exports
}

/// Why a statement was not exported.
public struct Unsupported: Error {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// Writes pipelines and expressions as JavaScript, and remembers what they used.
struct Writer: ExportWriter {
    /// Answers the photo services' calls, when the export records them.
    var answers: RxJSExport.ServiceAnswers?
    /// The services called, with how many arguments each takes.
    private(set) var services: [String: Int] = [:]
    /// The numbers and strings written: the arguments the services are recorded for.
    var constants: [Value] = []

    /// Services a `service NAME fails|slow` statement changed for what follows.
    let changed: Set<String>

    /// The definitions written as functions, each with its function's name: a use of one
    /// is a call of it.
    let definitions: [String: String]

    init(services: RxJSExport.ServiceAnswers? = nil, changed: Set<String> = [], definitions: [String: String] = [:]) {
        answers = services
        self.changed = changed
        self.definitions = definitions
    }

    /// The `let` names used, so their constants come before the test.
    private(set) var used: Set<String> = []
    /// The properties used, each a BehaviorSubject before the test.
    private(set) var usedProperties: Set<String> = []
    /// Every string literal written: an expected error's text among them was the script's own.
    var strings: Set<String> = []
    /// Writing the left side of `??`: a field or an index of null is absent there (`?.`).
    private var readsMayBeAbsent = false

    mutating func pipeline(_ pipeline: CheckedPipeline) throws(Unsupported) -> String {
        let head: String
        var stages: [String] = []
        switch pipeline.head {
        case .source(let stage): head = try self.stage(stage)
        case .binding(let name, _):
            used.insert(name)
            head = JavaScript.identifier(name)
        case .property(let name):
            usedProperties.insert(name)
            head = JavaScript.identifier(name)
        case .propertyField(let name, let read):
            usedProperties.insert(name)
            head = JavaScript.identifier(name)
            stages.append("map(() => \(Self.body(try expression(read))))")
        case .value(let expression):
            // A signal as a value is that signal (`(if c then a else b)` of two pipelines);
            // one that may be either (`it` of a window) is told apart when it runs.
            let written = try self.expression(expression)
            head = Self.isSignal(expression) ? written : expression.isNeverSignal ? "of(\(written))" : "signalOf(\(written))"
        }
        stages += try operators(pipeline.stages)
        guard !stages.isEmpty else { return head }
        return head + ".pipe(" + stages.joined(separator: ", ") + ")"
    }

    func call(_ function: String, _ arguments: [String]) -> String { "\(function)(\(arguments.joined(separator: ", ")))" }

    var writesOnItsOwn: Bool { used.isEmpty && usedProperties.isEmpty && services.isEmpty }

    /// The statements before the test: each property used as a BehaviorSubject holding its
    /// value now, then the `let` names used (and the ones those use) in script order, then
    /// a bound property's pipeline subscribed into it (frp starts it with the run; its error
    /// stops it following, and the property keeps its value).
    mutating func constants(for bindings: [(name: String, pipeline: CheckedPipeline)], properties: Properties) throws(Unsupported) -> [String] {
        var written: [String: String] = [:]
        var bound: [String: String] = [:]
        var subjects: [String: String] = [:]
        var pending = used
        var pendingProperties = usedProperties
        while true {
            if let name = pending.first(where: { written[$0] == nil }) {
                pending.remove(name)
                guard let binding = bindings.first(where: { $0.name == name }) else { continue }
                let (before, beforeProperties) = (used, usedProperties)
                written[name] = "\(JavaScript.identifier(name)) = " + (try pipeline(binding.pipeline))
                pending.formUnion(used.subtracting(before))
                pendingProperties.formUnion(usedProperties.subtracting(beforeProperties))
            } else if let name = pendingProperties.first(where: { subjects[$0] == nil }) {
                pendingProperties.remove(name)
                guard let value = properties.values[name] else {
                    throw Unsupported(reason: "the property `\(name)` holds a value the export cannot write")
                }
                subjects[name] = "\(JavaScript.identifier(name)) = new BehaviorSubject(\(value))"
                if let binding = properties.bindings[name] {
                    let (before, beforeProperties) = (used, usedProperties)
                    bound[name] = "\(try pipeline(binding.pipeline)).subscribe({ next: (value) => \(JavaScript.identifier(name)).next(value), error: () => {} })"
                    pending.formUnion(used.subtracting(before))
                    pendingProperties.formUnion(usedProperties.subtracting(beforeProperties))
                }
            } else {
                break
            }
        }
        return (properties.order.compactMap { subjects[$0] } + bindings.compactMap { written[$0.name] }).map { "const \($0);" }
            + properties.order.compactMap { name in bound[name].map { $0 + ";" } }
    }

    /// A constant expression's JavaScript, nil when it is not one.
    static func constant(_ expression: CheckedExpression) -> String? {
        var writer = Writer()
        return try? writer.value(expression)
    }

    /// A constant expression's JavaScript: a property's value as the script set it.
    mutating func value(_ expression: CheckedExpression) throws(Unsupported) -> String {
        let written = try self.expression(expression)
        guard used.isEmpty, usedProperties.isEmpty else { throw Unsupported(reason: "not a constant") }
        return written
    }

    mutating func stage(_ stage: CheckedStage) throws(Unsupported) -> String {
        let spec = stage.spec
        if spec.family == .services { return try service(stage) }
        guard let spelling = spec.rxjs?.writing else {
            throw Unsupported(reason: "`\(spec.name)`: " + (spec.rxjs?.reason ?? "it has no RxJS spelling"))
        }
        guard let call = spelling(try writtenArguments(stage)) else {
            throw Unsupported(reason: "`\(stage.label)` has no counterpart in RxJS's operators (it connects before anyone subscribes)")
        }
        return call
    }

    // MARK: ExportWriter: how JavaScript writes each kind of argument

    var computedDurationMissing: String? { nil }

    mutating func function(_ expression: CheckedExpression, kind: Parameter.Kind) throws(Unsupported) -> (text: String, throws: Bool) {
        let body = Self.body(try self.expression(expression))
        return (kind == .accumulator ? "(acc, it) => \(body)" : "(it) => \(body)", false)
    }

    mutating func value(_ expression: CheckedExpression, of stage: CheckedStage) throws(Unsupported) -> (text: String, throws: Bool) {
        (try self.expression(expression), false)
    }

    mutating func signal(_ pipeline: CheckedPipeline) throws(Unsupported) -> String { try self.pipeline(pipeline) }
    func perValue(_ body: String) -> String { "(it) => \(body)" }
    func onError(_ body: String) -> String { "(error) => \(body)" }

    mutating func marble(_ marble: Marble, parameter: String, values: CheckedExpression?, error: String?) throws(Unsupported) -> [String: String] {
        var written = [parameter: JavaScript.string(marble.written)]
        if let values { written["VALUES"] = try expression(values) }
        if let error {
            strings.insert(error)
            written["MESSAGE"] = JavaScript.string(error)
        }
        return written
    }

    mutating func text(_ text: String) -> String {
        strings.insert(text)
        return JavaScript.string(text)
    }

    static func isSignal(_ expression: CheckedExpression) -> Bool {
        switch expression {
        case .pipeline: return true
        case .conditional(_, let then, let otherwise, _): return isSignal(then) && isSignal(otherwise)
        default: return false
        }
    }

    /// An arrow function's body: a record literal in parentheses, or it would be a block.
    static func body(_ written: String) -> String { written.hasPrefix("{") ? "(\(written))" : written }

    /// An expected marble's values: its VALUES, and every other letter as its own string
    /// (frp's rule; RxJS's, once it is given values, is undefined); `undefined` when none
    /// is given.
    mutating func values(_ values: CheckedExpression?, marble: Marble) throws(Unsupported) -> String {
        guard let values else { return "undefined" }
        var written = try expression(values)
        let named: Set<String>
        switch values {
        case .record(let fields, _): named = Set(fields.map(\.0))
        case .constant(.record(let record)): named = Set(record.names)
        default: return written
        }
        var letters: [String] = []
        for entry in marble.entries {
            if case .value(let mark) = entry.mark, !named.contains(String(mark)), !letters.contains(String(mark)) {
                letters.append(String(mark))
            }
        }
        guard !letters.isEmpty else { return written }
        written.removeLast()
        return written + (named.isEmpty ? "" : ", ") + letters.map { JavaScript.key($0) + ": " + JavaScript.string($0) }.joined(separator: ", ") + "}"
    }

    /// A photo service's call: the function the export defines for it (`search(it)`).
    private mutating func service(_ stage: CheckedStage) throws(Unsupported) -> String {
        let name = stage.spec.name
        guard let answers else { throw Unsupported(reason: "`\(name)`: a photo service (frp export records them)") }
        var arguments: [String] = []
        for expression in try ServiceCalls.arguments(of: stage, answers: answers, changed: changed, library: "RxJS") {
            arguments.append(try self.expression(expression))
        }
        services[name] = stage.spec.parameters.count
        return "\(JavaScript.identifier(name))(\(arguments.joined(separator: ", ")))"
    }

    /// A value as a JavaScript literal (a service's reply).
    static func literal(_ value: Value) throws(Unsupported) -> String {
        var writer = Writer()
        return try writer.constant(value)
    }

    mutating func expression(_ expression: CheckedExpression) throws(Unsupported) -> String {
        switch expression {
        case .constant(let value): return try constant(value)
        case .it: return "it"
        case .acc: return "acc"
        case .error: return "error"
        case .property(let name):
            usedProperties.insert(name)
            return JavaScript.identifier(name) + ".value"
        case .field(let base, let name, _) where JavaScript.inherited.contains(name):
            // Not `x.constructor`, which every object has: the record's own field.
            return "fn.own(" + (try self.expression(base)) + ", " + JavaScript.string(name) + ")"
        case .field(let base, let name, _):
            let member = JavaScript.member(name)
            return try self.expression(base) + (readsMayBeAbsent ? (member.hasPrefix(".") ? "?" : "?.") : "") + member
        case .index(let base, let index, _):
            return try self.expression(base) + (readsMayBeAbsent ? "?." : "") + "[" + (try self.expression(index)) + "]"
        case .negate(let operand, _): return "-" + (try parenthesised(operand))
        case .not(let operand, _): return "!" + (try parenthesised(operand))
        case .binary(let op, let left, let right, _):
            // `a ?? b`: a field of null on the left is absent, as `?.` makes it in JavaScript.
            let outer = readsMayBeAbsent
            readsMayBeAbsent = op == .coalesce
            let a = try self.expression(left)
            readsMayBeAbsent = outer
            let b = try self.expression(right)
            switch op {
            case .and: return "(\(a) && \(b))"
            case .or: return "(\(a) || \(b))"
            case .equal: return "eq(\(a), \(b))"
            case .notEqual: return "!eq(\(a), \(b))"
            case .less, .lessOrEqual, .greater, .greaterOrEqual, .subtract, .multiply: return "(\(a) \(op.rawValue) \(b))"
            case .coalesce: return "(\(a) ?? \(b))"
            case .add: return "add(\(a), \(b))"
            case .divide: return "div(\(a), \(b))"
            case .remainder: return "rem(\(a), \(b))"
            case .matches: return "matches(\(a), \(b))"
            }
        case .call(let name, let arguments, _):
            var written: [String] = []
            for argument in arguments { written.append(try self.expression(argument)) }
            // A per-item function's expression is a function of the item (`each`, `keep`).
            if Function.named[name]?.isPerItem == true, written.count == 2 { written[1] = "(it) => " + Self.body(written[1]) }
            return "fn.\(name)(\(written.joined(separator: ", ")))"
        case .list(let elements, _):
            var written: [String] = []
            for element in elements { written.append(try self.expression(element)) }
            return "[" + written.joined(separator: ", ") + "]"
        case .record(let fields, _):
            var written: [String] = []
            for (name, value) in fields { written.append(JavaScript.key(name) + ": " + (try self.expression(value))) }
            return "{" + written.joined(separator: ", ") + "}"
        case .conditional(let condition, let then, let otherwise, _):
            return "(\(try self.expression(condition)) ? \(try self.expression(then)) : \(try self.expression(otherwise)))"
        case .pipeline(let pipeline): return try self.pipeline(pipeline)
        }
    }

    private mutating func parenthesised(_ expression: CheckedExpression) throws(Unsupported) -> String {
        "(" + (try self.expression(expression)) + ")"
    }

    /// A constant's parts as JavaScript.
    func literal(_ part: Literal) -> String {
        switch part {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return JavaScript.number(number)
        case .string(let text): return JavaScript.string(text)
        case .parameter(let name): return JavaScript.topLevelIdentifier(name)
        case .list(let items): return "[" + items.joined(separator: ", ") + "]"
        case .record(let fields): return "{" + fields.map { JavaScript.key($0.name) + ": " + $0.value }.joined(separator: ", ") + "}"
        }
    }
}

/// RxJS as a target of the export walk: each expect an `expectMarble` of the prelude's
/// (a TestScheduler run), each run a `showRun`, each definition an operator made with `pipe`.
struct RxJSTarget: ExportTarget {
    var ownErrorReason: String { "the expected error is frp's own message (RxJS words its errors otherwise)" }

    var propertyWriting: Properties.Writing {
        Properties.Writing(constant: Writer.constant, setIn: { old, path, value in
            "setIn(\(old), [\(path.map(JavaScript.string).joined(separator: ", "))], \(value))"
        }, writesBindings: true)
    }

    func writer(answers: RxJSExport.ServiceAnswers?, changed: Set<String>, definitions: [String: String]) -> Writer {
        Writer(services: answers, changed: changed, definitions: definitions)
    }

    func test(_ expect: ExportedExpect, writer: inout Writer, bindings: [ExportWalk<Self>.Binding],
              properties: Properties) throws(Unsupported) -> String {
        let actual = try writer.pipeline(expect.pipeline)
        let constants = try writer.constants(for: bindings, properties: properties)
        let values = try writer.values(expect.values, marble: expect.marble)
        var body = constants.map { "    \($0)\n" }.joined()
        body += "    return \(actual);\n"
        let error = expect.error.map { JavaScript.string($0) } ?? "undefined"
        return """
            expectMarble(\(expect.line), \(JavaScript.string(expect.text)), ({ cold, hot }) => {
            \(body)}, \(JavaScript.string(expect.marbleText)), \(values), \(error), \(RxJSExport.horizon(expect.marble)));

            """
    }

    func run(line: Int, text: String, _ pipeline: CheckedPipeline, writer: inout Writer,
             bindings: [ExportWalk<Self>.Binding], properties: Properties) throws(Unsupported) -> String {
        let actual = try writer.pipeline(pipeline)
        let constants = try writer.constants(for: bindings, properties: properties)
        let body = constants.map { "    \($0)\n" }.joined() + "    return \(actual);\n"
        return """
            showRun(\(line), \(JavaScript.string(text)), ({ cold, hot }) => {
            \(body)});

            """
    }

    func definition(_ name: String, _ template: DefinitionTemplate?, in defined: inout DefinedFunctions,
                    answers: RxJSExport.ServiceAnswers?, changed: Set<String>) -> String? {
        // A function returning the definition's stages as one operator (`pipe`); each use
        // calls it. Its parameters get the file's spelling of names, so `filter` stays
        // rxjs's in the body.
        defined.define(name, template, writer: { Writer(services: answers, changed: changed, definitions: $0) },
                       spelled: JavaScript.topLevelIdentifier) { function, operators in
            let parameters = (template?.parameters ?? []).map(JavaScript.topLevelIdentifier).joined(separator: ", ")
            return "const \(function) = (\(parameters)) => pipe(\(operators.joined(separator: ", ")));"
        }
    }
}

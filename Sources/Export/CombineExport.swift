import Language
import Signals

/// A checked script written as Swift Combine (`frp export --to combine`): each `expect`
/// becomes an `expectMarble` run of its own on a virtual-time scheduler, its marble's
/// events listed as frp's parser read them, with the `let` names it uses as constants
/// before it. Operators are written as their catalogue entry says (`OperatorSpec.combine`),
/// expressions as closures of `it` over the export's value type `V`. What has no
/// counterpart is left out and listed with its line (`skipped`), never written otherwise.
/// The file builds against Combine, or OpenCombine on Linux, and exits 1 when an
/// expectation fails.
public struct CombineExport {
    public private(set) var swift = ""
    /// The tests and runs alone, without the prelude.
    public private(set) var body = ""
    public private(set) var skipped: [RxJSExport.Skipped] = []
    public private(set) var exported = 0
    public private(set) var runs = 0

    /// Exports the checked statements of `source`; `services` answers the photo services'
    /// calls (without it, a service is left out).
    public init(_ statements: [CheckedStatement], source: Source, services: RxJSExport.ServiceAnswers? = nil) {
        let walk = ExportWalk(statements, source: source, answers: services, target: CombineTarget())
        (skipped, exported, runs) = (walk.skipped, walk.exported, walk.runs)
        body = walk.tests.joined(separator: "\n") + "\n"
        let recorded = services.map { Self.recorded(walk.calls.replies($0)) } ?? ""
        if !walk.functions.isEmpty {
            body = "// MARK: the script's definitions, each a function making its stages one operator\n\n"
                + walk.functions.map { $0 + "\n" }.joined() + "\n" + body
        }
        swift = Self.prelude + recorded + body + """
            print("\\(passed) passed, \\(failed) failed")
            exit(failed > 0 ? 1 : 0)

            """
    }

    /// A definition as a function making its stages one operator: each use is
    /// `.through(name(scheduler, …))`; nil when its stages cannot be written.
    fileprivate static func definition(_ name: String, _ template: DefinitionTemplate?, in defined: inout DefinedFunctions,
                                   services: RxJSExport.ServiceAnswers?, changed: Set<String>) -> String? {
        defined.define(name, template, writer: { SwiftWriter(answers: services, changed: changed, definitions: $0) },
                       spelled: SwiftWriter.identifier) { function, operators in
            let parameters = (template?.parameters ?? []).map { "_ \(SwiftWriter.identifier($0)): V" }
            let chain = (operators + [".eraseToAnyPublisher()"]).map { "\n            " + $0 }.joined()
            return """
                func \(function)(\((["_ scheduler: VirtualScheduler"] + parameters).joined(separator: ", "))) -> (Signal) -> Signal {
                    { upstream in
                        upstream\(chain)
                    }
                }

                """
        }
    }

    /// The photo services the script calls, as frp's embedded catalog answered: each reply
    /// (its values as JSON, read by the prelude's `json`) under frp's printing of its
    /// arguments, and a function per service ("" when none is called).
    private static func recorded(_ replies: [(name: String, entries: [(key: String, arguments: [Value], reply: RxJSExport.ServiceReply)])]) -> String {
        guard !replies.isEmpty else { return "" }
        var text = """
            // MARK: the photo services, as frp's embedded catalog answered the calls this script
            // can make (recorded by frp export): after its latency, each sends its values, then ends.


            """
        for (name, entries) in replies {
            let table = entries.map { key, _, reply in
                let values = reply.values.map { "json(\(SwiftWriter.string($0.json)))" }.joined(separator: ", ")
                return "    \(SwiftWriter.string(key)): Reply(after: \(reply.frame), values: [\(values)], error: \(reply.error.map(SwiftWriter.string) ?? "nil")),"
            }
            let function = SwiftWriter.identifier(name)
            text += "let \(function)Replies: [String: Reply] = [\n" + (table.isEmpty ? "    :\n" : table.joined(separator: "\n") + "\n") + "]\n"
            text += "func \(function)(_ scheduler: VirtualScheduler, _ arguments: V...) -> Signal {\n"
            text += "    service(\(function)Replies, \(SwiftWriter.string(name)), scheduler, arguments)\n}\n\n"
        }
        return text
    }

    private static func closure(_ constants: [String], _ actual: String) -> String {
        "{ scheduler in\n" + constants.map { "    \($0)\n" }.joined() + "    return \(actual)\n}"
    }

    fileprivate static func test(line: Int, text: String, constants: [String], actual: String, before: Int, expected: String) -> String {
        "expectMarble(\(line), \(SwiftWriter.string(text)), before: \(before), \(expected)) "
            + closure(constants, actual) + "\n"
    }

    fileprivate static func run(line: Int, text: String, constants: [String], actual: String) -> String {
        "showRun(\(line), \(SwiftWriter.string(text))) " + closure(constants, actual) + "\n"
    }
}

/// Writes pipelines and expressions as Swift over the export's `V`, and remembers what
/// they used.
struct SwiftWriter: ExportWriter {
    /// Answers the photo services' calls, when the export records them.
    var answers: RxJSExport.ServiceAnswers?
    /// Services a `service NAME fails|slow` statement changed for what follows.
    var changed: Set<String> = []
    /// The services called, with how many arguments each takes.
    private(set) var services: [String: Int] = [:]
    /// The numbers and strings written: the arguments the services are recorded for.
    var constants: [Value] = []

    /// The definitions written as functions, each with its function's name.
    let definitions: [String: String]

    init(answers: RxJSExport.ServiceAnswers? = nil, changed: Set<String> = [], definitions: [String: String] = [:]) {
        self.answers = answers
        self.changed = changed
        self.definitions = definitions
    }

    func call(_ function: String, _ arguments: [String]) -> String {
        ".through(\(function)(\((["scheduler"] + arguments).joined(separator: ", "))))"
    }

    var writesOnItsOwn: Bool { used.isEmpty && usedProperties.isEmpty && services.isEmpty }

    /// The `let` names used, so their constants come before the test.
    private(set) var used: Set<String> = []
    private(set) var usedProperties: Set<String> = []
    /// Every string literal written: an expected error's text among them was the script's own.
    var strings: Set<String> = []
    /// How deep in pipelines the writing is (0: a test's own).
    private var nesting = 0
    /// Whether what was written since it was last reset calls a helper that can fail
    /// (`div`, `number`, `from`): it is then written with `try`.
    private var throwing = false

    /// The helpers of the prelude that throw frp's error.
    private static let throwingHelpers: Set<String> = [
        "length", "sum", "first", "last", "each", "keep", "from", "range", "number", "has", "keys", "slice", "where", "find", "join", "raise",
    ]

    /// A pipeline as a signal of its own: one whose making can fail (`of 8 / 0`) is
    /// `attempt { try … }`, its failure the signal's error.
    mutating func signal(_ pipeline: CheckedPipeline) throws(Unsupported) -> String {
        let outer = throwing
        throwing = false
        defer { throwing = outer }
        let written = try self.pipeline(pipeline)
        return throwing ? "attempt { try \(written) }" : written
    }

    /// An expression evaluated in a closure of its own: `try` when it can fail, and the
    /// closure then throws (Combine's `try` operators take such closures).
    private mutating func evaluated(_ expression: CheckedExpression) throws(Unsupported) -> (text: String, throws: Bool) {
        let outer = throwing
        throwing = false
        defer { throwing = outer }
        let written = try self.expression(expression)
        return (written, throwing)
    }

    /// `try ` where the expression can fail.
    private static func tried(_ evaluated: (text: String, throws: Bool)) -> String {
        (evaluated.throws ? "try " : "") + evaluated.text
    }

    /// The pipeline as a `Signal`: a test's own pipeline one operator a line, as a person
    /// writes a Combine chain; a pipeline inside a closure on one line.
    mutating func pipeline(_ pipeline: CheckedPipeline) throws(Unsupported) -> String {
        let outermost = nesting == 0
        nesting += 1
        defer { nesting -= 1 }
        var written: String
        switch pipeline.head {
        case .source(let stage): written = try self.stage(stage)
        case .binding(let name, _):
            used.insert(name)
            written = Self.identifier(name)
        case .property(let name):
            usedProperties.insert(name)
            written = Self.identifier(name)
        case .propertyField(let name, let read):
            usedProperties.insert(name)
            let value = try evaluated(read)
            written = Self.identifier(name)
                + (value.throws ? ".tryMap { _ -> V in \(Self.tried(value)) }.mapError(SignalError.of)" : ".map { _ -> V in \(value.text) }")
        case .value(let expression):
            guard !Writer.isSignal(expression) else {
                throw Unsupported(reason: "a signal as a value: the export's values hold no signal")
            }
            written = "of(\(try self.expression(expression)))"
        }
        let operators = try self.operators(pipeline.stages)
        guard outermost, !operators.isEmpty else { return written + operators.joined() + ".eraseToAnyPublisher()" }
        return written + (operators + [".eraseToAnyPublisher()"]).map { "\n        " + $0 }.joined()
    }

    /// The statements before the test: each property used as a CurrentValueSubject holding
    /// its value now, then the `let` names used (and the ones those use) in script order.
    mutating func constants(for bindings: [(name: String, pipeline: CheckedPipeline)],
                            properties: Properties) throws(Unsupported) -> [String] {
        var written: [String: String] = [:]
        var pending = used
        while let name = pending.first(where: { written[$0] == nil }) {
            pending.remove(name)
            guard let binding = bindings.first(where: { $0.name == name }) else { continue }
            let before = used
            written[name] = "let \(Self.identifier(name)) = " + (try signal(binding.pipeline))
            pending.formUnion(used.subtracting(before))
        }
        var subjects: [String] = []
        for name in usedProperties.sorted() {
            guard let value = properties.values[name] else {
                throw Unsupported(reason: "the property `\(name)` is bound to a pipeline or holds a value the export cannot write")
            }
            subjects.append("let \(Self.identifier(name)) = CurrentValueSubject<V, SignalError>(\(value))")
        }
        return subjects + bindings.compactMap { written[$0.name] }
    }

    /// A constant expression's Swift, nil when it is not one.
    static func constant(_ expression: CheckedExpression) -> String? {
        var writer = SwiftWriter()
        guard let written = try? writer.expression(expression), writer.used.isEmpty, writer.usedProperties.isEmpty else { return nil }
        return written
    }

    /// A marble's events as Swift: `[(1, .next("a")), (3, .completed)]`, each letter's
    /// value from VALUES (or the letter as a text, frp's rule).
    mutating func events(_ marble: Marble, values: CheckedExpression?, error: String?) throws(Unsupported) -> String {
        var named: [String: String] = [:]
        switch values {
        case .none: break
        case .record(let fields, _)?:
            // A value the marble names is known before the run: one that could fail
            // (`1e308 * 10`) is written with `try!`: frp read it when it checked the script.
            for (name, value) in fields {
                let written = try evaluated(value)
                named[name] = (written.throws ? "try! " : "") + written.text
            }
        case .constant(.record(let record))?:
            for (name, value) in record.fields { named[name] = try constant(value) }
        default:
            throw Unsupported(reason: "a marble's values that are not written as a record")
        }
        let events = marble.entries.map { entry -> String in
            switch entry.mark {
            case .value(let mark): return "(\(entry.frame), .next(\(named[String(mark)] ?? Self.string(String(mark)))))"
            case .completed: return "(\(entry.frame), .completed)"
            case .error: return "(\(entry.frame), .error(\(Self.string(error ?? "error"))))"
            }
        }
        return "[" + events.joined(separator: ", ") + "]"
    }

    mutating func stage(_ stage: CheckedStage) throws(Unsupported) -> String {
        let spec = stage.spec
        if spec.family == .services {
            guard let answers else { throw Unsupported(reason: "`\(spec.name)`: a photo service (frp export records them)") }
            var arguments: [String] = []
            for expression in try ServiceCalls.arguments(of: stage, answers: answers, changed: changed, library: "Combine") {
                arguments.append(try self.expression(expression))
            }
            services[spec.name] = spec.parameters.count
            return "\(Self.identifier(spec.name))(" + (["scheduler"] + arguments).joined(separator: ", ") + ")"
        }
        guard let spelling = spec.combine?.writing else {
            throw Unsupported(reason: "`\(spec.name)`: " + (spec.combine?.reason ?? "it has no Combine spelling"))
        }
        if Self.throwingHelpers.contains(spec.name) { throwing = true }
        let written = try writtenArguments(stage)
        guard let call = spelling(written) else {
            // A count the spelling could not take is one computed at run time (`take it`).
            let computed = spec.parameters.contains { $0.kind == .count && written.written[$0.name].map { Int($0) == nil } == true }
            throw Unsupported(reason: "`\(stage.label)` " + (computed
                ? "counts with a value computed at run time: Combine's operators take a whole number written in the code"
                : "has no counterpart in Combine's operators"))
        }
        return call
    }

    // MARK: ExportWriter: how Swift writes each kind of argument

    var computedDurationMissing: String? {
        "a duration computed from values: the Combine export's schedulers take a fixed interval"
    }

    mutating func function(_ expression: CheckedExpression, kind: Parameter.Kind) throws(Unsupported) -> (text: String, throws: Bool) {
        let value = try evaluated(expression)
        switch kind {
        case .condition: return ("{ it in \(Self.tried((text: "holds(\(value.text))", throws: value.throws))) }", value.throws)
        case .accumulator: return ("{ (acc, it) -> V in \(Self.tried(value)) }", value.throws)
        default: return ("{ (it) -> V in \(Self.tried(value)) }", value.throws)
        }
    }

    /// An expression evaluated once but written inside the spelling's closure (`mapTo`'s
    /// `.map { _ -> V in VALUE }`): its failure is the closure's, not the pipeline's.
    mutating func value(_ expression: CheckedExpression, of stage: CheckedStage) throws(Unsupported) -> (text: String, throws: Bool) {
        guard stage.spec.name == "mapTo" else { return (try self.expression(expression), false) }
        return try evaluated(expression)
    }

    func perValue(_ body: String) -> String { "{ (it) -> Signal in \(body) }" }
    func onError(_ body: String) -> String { "{ (failure) -> Signal in \(body) }" }

    mutating func marble(_ marble: Marble, parameter: String, values: CheckedExpression?, error: String?) throws(Unsupported) -> [String: String] {
        if let error { strings.insert(error) }
        return [parameter: try events(marble, values: values, error: error)]
    }

    mutating func text(_ text: String) -> String {
        strings.insert(text)
        return Self.string(text)
    }

    mutating func expression(_ expression: CheckedExpression) throws(Unsupported) -> String {
        switch expression {
        case .constant(let value): return try constant(value)
        case .it: return "it"
        case .acc: return "acc"
        case .error: return "V.string(failure.message)"
        case .property(let name):
            usedProperties.insert(name)
            return Self.identifier(name) + ".value"
        case .field(let base, let name, _):
            throwing = true
            return "field(\(try self.expression(base)), \(Self.string(name)))"
        case .index(let base, let index, _):
            throwing = true
            return "item(\(try self.expression(base)), \(try self.expression(index)))"
        case .negate(let operand, _):
            throwing = true
            return "neg(\(try self.expression(operand)))"
        case .not(let operand, _):
            throwing = true
            return "not(\(try self.expression(operand)))"
        case .binary(let op, let left, let right, _):
            let a = try self.expression(left), b = try self.expression(right)
            if ![.equal, .notEqual, .coalesce].contains(op) { throwing = true }
            // `??` catches an absent left side, so it is written as a function of both.
            let function: String
            switch op {
            case .and: function = "and"
            case .or: function = "or"
            case .equal: function = "eq"
            case .notEqual: function = "ne"
            case .less: function = "lt"
            case .lessOrEqual: function = "le"
            case .greater: function = "gt"
            case .greaterOrEqual: function = "ge"
            case .add: function = "add"
            case .subtract: function = "sub"
            case .multiply: function = "mul"
            case .divide: function = "div"
            case .remainder: function = "rem"
            case .coalesce: function = "coalesce"
            case .matches: throw Unsupported(reason: "`matches`: the export has no regular expressions in Swift")
            }
            return "\(function)(\(a), \(b))"
        case .call(let name, let arguments, _):
            guard Self.functions.contains(name) else { throw Unsupported(reason: "the function `\(name)` is not written for Combine") }
            if Self.throwingHelpers.contains(name) { throwing = true }
            if Function.named[name]?.isPerItem == true, arguments.count == 2 {
                // The item's expression is a closure of its own, throwing or not.
                let list = try self.expression(arguments[0])
                return "\(name)(\(list)) { (it) -> V in \(Self.tried(try evaluated(arguments[1]))) }"
            }
            var written: [String] = []
            for argument in arguments { written.append(try self.expression(argument)) }
            return "\(name == "where" ? "`where`" : name)(\(written.joined(separator: ", ")))"
        case .list(let elements, _):
            var written: [String] = []
            for element in elements { written.append(try self.expression(element)) }
            return "V.list([" + written.joined(separator: ", ") + "])"
        case .record(let fields, _):
            var written: [String] = []
            for (name, value) in fields { written.append(Self.string(name) + ": " + (try self.expression(value))) }
            return written.isEmpty ? "V.record([])" : "[" + written.joined(separator: ", ") + "] as V"
        case .conditional(let condition, let then, let otherwise, _):
            return "(holds(\(try self.expression(condition))) ? \(try self.expression(then)) : \(try self.expression(otherwise)))"
        case .pipeline:
            throw Unsupported(reason: "a signal as a value: the export's values hold no signal")
        }
    }

    /// frp's functions the prelude has.
    static let functions: Set<String> = Set(Function.all.map(\.name))

    /// A constant's parts as Swift over `V`.
    func literal(_ part: Literal) -> String {
        switch part {
        case .null: return "V.null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number):
            if number.isNaN { return "V.number(.nan)" }
            if number.isInfinite { return number < 0 ? "V.number(-.infinity)" : "V.number(.infinity)" }
            let text = JavaScript.number(number)
            return text.hasPrefix("-") ? "V.number(\(text))" : text
        case .string(let text): return Self.string(text)
        case .parameter(let name): return Self.identifier(name)
        case .list(let items): return "V.list([" + items.joined(separator: ", ") + "])"
        case .record(let fields):
            return fields.isEmpty ? "V.record([])" : "[" + fields.map { Self.string($0.name) + ": " + $0.value }.joined(separator: ", ") + "] as V"
        }
    }

    /// A Swift string literal: `\`, `"` and control characters escaped (so `\(` is no
    /// interpolation).
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// A `let` name as a Swift constant: an ASCII name as it is; a keyword, a prelude name
    /// (`let default` would not do) or any other name `_` and its scalars, each one that is
    /// not an ASCII letter or digit written `_xHEX_` and `_` doubled. No plain name starts
    /// with `_`, and the writing is one-to-one, so no two names meet (dropping what was not
    /// a letter made `aⒶ` and `a` one name, and a control character a bad one).
    static func identifier(_ name: String) -> String {
        let isPlain = name.first.map { $0.isASCII && $0.isLetter } == true && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        if isPlain, !reserved.contains(name) { return name }
        return "_" + name.unicodeScalars.map { scalar -> String in
            if scalar == "_" { return "__" }
            return scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? String(scalar) : "_x" + String(scalar.value, radix: 16) + "_"
        }.joined()
    }

    private static let reserved: Set<String> = [
        // Swift's keywords (those of declarations, statements, expressions and types).
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async", "some", "any",
        // The prelude's own names. "V", "Signal", "SignalError", "Event", "Source", "Outlet", "scheduler", "failure", "it", "acc",
        "cold", "hot", "of", "from", "range", "timer", "interval", "fail", "add", "sub", "mul", "div", "rem", "neg", "not",
        "and", "or", "eq", "ne", "lt", "le", "gt", "ge", "item", "length", "string", "contains", "sum", "first", "last",
        "each", "keep", "holds", "number", "coalesce", "compare", "fails", "passed", "failed", "recording", "listed",
        "json", "Reply", "service", "removingDuplicates", "itemsOf", "attempt", "relay", "Relay", "latest", "numeric", "boolean",
        "textOf", "has", "keys", "slice", "find", "join", "raise", "field", "appending", "Combine", "OpenCombine", "print", "exit",
        "through", "upstream",
    ]
}

/// Swift Combine as a target of the export walk: each expect an `expectMarble` of the
/// prelude's on a virtual-time scheduler, each run a `showRun`, each definition a function
/// making its stages one operator. A property is written when its value is a constant.
struct CombineTarget: ExportTarget {
    var ownErrorReason: String { "the expected error is frp's own message (Combine's operators word theirs otherwise)" }

    var propertyWriting: Properties.Writing {
        Properties.Writing(constant: SwiftWriter.constant, setIn: { _, _, _ in nil }, writesBindings: false)
    }

    func writer(answers: RxJSExport.ServiceAnswers?, changed: Set<String>, definitions: [String: String]) -> SwiftWriter {
        SwiftWriter(answers: answers, changed: changed, definitions: definitions)
    }

    func test(_ expect: ExportedExpect, writer: inout SwiftWriter, bindings: [ExportWalk<Self>.Binding],
              properties: Properties) throws(Unsupported) -> String {
        let actual = try writer.signal(expect.pipeline)
        let expected = try writer.events(expect.marble, values: expect.values, error: expect.error)
        let constants = try writer.constants(for: bindings, properties: properties)
        return CombineExport.test(line: expect.line, text: expect.text, constants: constants, actual: actual,
                                  before: RxJSExport.horizon(expect.marble), expected: expected)
    }

    func run(line: Int, text: String, _ pipeline: CheckedPipeline, writer: inout SwiftWriter,
             bindings: [ExportWalk<Self>.Binding], properties: Properties) throws(Unsupported) -> String {
        let actual = try writer.signal(pipeline)
        let constants = try writer.constants(for: bindings, properties: properties)
        return CombineExport.run(line: line, text: text, constants: constants, actual: actual)
    }

    func definition(_ name: String, _ template: DefinitionTemplate?, in defined: inout DefinedFunctions,
                    answers: RxJSExport.ServiceAnswers?, changed: Set<String>) -> String? {
        CombineExport.definition(name, template, in: &defined, services: answers, changed: changed)
    }
}

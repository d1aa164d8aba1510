import Signals

/// The checker's output: a program whose names are resolved and whose argument kinds are
/// known to be right. The compiler turns it into signals without looking anything up.

/// Where something is in the source, and which stage it belongs to: runtime errors name
/// both (`3:17 map: division by zero`).
public struct Site: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var stage: String
    /// Which source of the session it is in (each REPL input is one), so stages of
    /// different inputs at the same line and column stay apart.
    public var input: Int
    /// Where a definition's stage was put to use (`popular | above 90`): the use's place, and
    /// the stage's place among the ones put there. Line and column stay the definition's,
    /// for messages; the use tells the stages of two uses apart and orders the trace.
    public var use: Use?

    public struct Use: Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var index: Int
    }

    /// Where the trace draws the stage's row: at its use, for a definition's stage.
    /// (Columns scaled alike, so a definition's rows sit between the stages around its use.)
    public var order: (line: Int, column: Int) {
        guard let use else { return (line, column * 1_000) }
        return (use.line, use.column * 1_000 + use.index)
    }

    public init(line: Int, column: Int, stage: String, input: Int = 0) {
        self.line = line
        self.column = column
        self.stage = stage
        self.input = input
    }

    /// Identifies the stage's place in the session: `input:line:column`.
    public var key: String {
        "\(input):\(line):\(column)" + (use.map { "@\($0.line):\($0.column).\($0.index)" } ?? "")
    }

    public var description: String { "\(line):\(column) \(stage)" }
}

public indirect enum CheckedExpression: Sendable {
    case constant(Value)
    /// The value flowing through the stage (`it`).
    case it
    /// The accumulation of scan and reduce (`acc`).
    case acc
    /// The error caught by `catch` (`error`): its message.
    case error
    /// The current value of a property (`var`).
    case property(String)
    case field(CheckedExpression, String, Site)
    case index(CheckedExpression, CheckedExpression, Site)
    case negate(CheckedExpression, Site)
    case not(CheckedExpression, Site)
    case binary(BinaryOperator, CheckedExpression, CheckedExpression, Site)
    case call(String, [CheckedExpression], Site)
    case list([CheckedExpression], Site)
    case record([(String, CheckedExpression)], Site)
    case conditional(CheckedExpression, CheckedExpression, CheckedExpression, Site)
    /// A pipeline in an expression (`map (photo id)`): a signal value, made for each value.
    case pipeline(CheckedPipeline)

    /// The value, when it does not depend on anything at run time.
    var constantValue: Value? {
        if case .constant(let value) = self { return value }
        return nil
    }
}

public enum CheckedArgument: Sendable {
    case expression(CheckedExpression)
    case duration(TimeSpan)
    case pipeline(CheckedPipeline)
    case marble(Marble, values: CheckedExpression?, error: String?, hotID: Int?)
    case text(String)
    case absent
}

public struct CheckedStage: Sendable {
    /// Its parts in one object, copied when changed while shared: a stage is copied into
    /// every build of it (an inner pipeline's, once per value), and one reference counted
    /// costs less than five.
    private final class Parts: @unchecked Sendable {
        var spec: OperatorSpec
        var arguments: [CheckedArgument]
        var label: String
        var site: Site
        var definitionUse: DefinitionUse?
        var boundName: String?

        init(spec: OperatorSpec, arguments: [CheckedArgument], label: String, site: Site, definitionUse: DefinitionUse?,
             boundName: String?) {
            (self.spec, self.arguments, self.label, self.site) = (spec, arguments, label, site)
            (self.definitionUse, self.boundName) = (definitionUse, boundName)
        }

        func copy() -> Parts {
            Parts(spec: spec, arguments: arguments, label: label, site: site, definitionUse: definitionUse, boundName: boundName)
        }
    }

    private var parts: Parts

    init(spec: OperatorSpec, arguments: [CheckedArgument], label: String, site: Site) {
        parts = Parts(spec: spec, arguments: arguments, label: label, site: site, definitionUse: nil, boundName: nil)
    }

    /// The parts, to change: copied first when another stage shares them.
    private mutating func changing() -> Parts {
        if !isKnownUniquelyReferenced(&parts) { parts = parts.copy() }
        return parts
    }

    public var spec: OperatorSpec {
        get { parts.spec }
        set { changing().spec = newValue }
    }
    public var arguments: [CheckedArgument] {
        get { parts.arguments }
        set { changing().arguments = newValue }
    }
    /// The stage as written (`filter rating > 90`).
    public var label: String {
        get { parts.label }
        set { changing().label = newValue }
    }
    public var site: Site {
        get { parts.site }
        set { changing().site = newValue }
    }
    /// The definition it was put in place for (`above 90`), when it was.
    public var definitionUse: DefinitionUse? {
        get { parts.definitionUse }
        set { changing().definitionUse = newValue }
    }
    /// Whether it starts with the run: a `startsWithRun` flag given (`replay 1 eager true`).
    var startsWithRun: Bool {
        zip(spec.positionalParameters + spec.keywordParameters, arguments).contains { parameter, argument in
            if case .absent = argument { return false }
            return parameter.startsWithRun
        }
    }

    /// The `let` name of the signal this stage ends (`let valid = … | distinctUntilChanged`).
    public var boundName: String? {
        get { parts.boundName }
        set { changing().boundName = newValue }
    }

    /// How a trace names the stage's row: by the `let` name of the signal it ends (a
    /// source alone is its name: `usernames`; a pipeline's last stage `valid = … | distinctUntilChanged`),
    /// else as written.
    public var traceLabel: String {
        guard let boundName else { return label }
        return spec.role == .source ? boundName : "\(boundName) = … | \(label)"
    }
}

public indirect enum CheckedHead: Sendable {
    /// A field of a property that holds a record (`model.thumbnail`): `read`, the field
    /// read from the property's current value, at once and after every change of the
    /// property (RAC 2's `RACObserve(self, model.thumbnail)`, a key path).
    case propertyField(String, read: CheckedExpression)
    /// A source call: `of 1, 2`, `cold "-a|"`, `popular`.
    case source(CheckedStage)
    /// A signal bound with `let`.
    case binding(String, CheckedPipeline)
    /// A property's values: its current value, then every change.
    case property(String)
    /// A plain expression, as a signal of one value (`let limit = 10` binds the value).
    case value(CheckedExpression)
}

public struct CheckedPipeline: Sendable {
    public var head: CheckedHead
    public var stages: [CheckedStage]
    /// The whole pipeline as written, for headings and labels.
    public var text: String
    /// Every `hot` source a statement's pipeline can reach, through `let` names, inner
    /// pipelines and expressions: they run from frame 0 of the run, subscribed or not.
    /// The checker finds them in its own walk (set on a statement's top pipeline only).
    public var hotSources: [HotMarble] = []
    /// The bound properties (`var x <- PIPELINE`) it reads, found alike: their pipelines
    /// run from the start of the run and set them.
    public var propertyBindings: [PropertyBinding] = []

    init(head: CheckedHead, stages: [CheckedStage], text: String) {
        self.head = head
        self.stages = stages
        self.text = text
    }

    /// The expression it is when it is a value, not a stream: no stage, no source, no
    /// pipeline inside, no bound property or hot source (`1 + 2`, `{a: 1}.a`, a property's
    /// name). The prompt prints it as a value, as node and Python print `1 + 2`.
    public var plainValue: CheckedExpression? {
        guard stages.isEmpty, hotSources.isEmpty, propertyBindings.isEmpty else { return nil }
        switch head {
        case .property(let name):
            return .property(name)
        case .propertyField(_, let read):
            return read
        case .value(let expression):
            let hasPipeline = expression.contains { if case .pipeline = $0 { return true } else { return false } }
            return hasPipeline ? nil : expression
        case .source, .binding:
            return nil
        }
    }

    /// The pipeline bound to `name` by `let`: its last stage (or its source) carries the
    /// name, for the trace's rows.
    func named(_ name: String) -> CheckedPipeline {
        var named = self
        if !named.stages.isEmpty {
            named.stages[named.stages.count - 1].boundName = name
        } else if case .source(var stage) = named.head {
            stage.boundName = name
            named.head = .source(stage)
        }
        return named
    }
}

/// A property and the pipeline that sets it (`var thumbnail <- download url`).
public struct PropertyBinding: Sendable {
    public var name: String
    public var pipeline: CheckedPipeline
    /// What it holds until the pipeline's first value (`var text = "" <- typed`); null
    /// when not given.
    public var initial: CheckedExpression?
}

/// A `hot` source's timeline, numbered across the session so each starts once per run.
public struct HotMarble: Sendable {
    public var id: Int
    public var marble: Marble
    public var values: CheckedExpression?
    public var error: String?
}

/// Where a definition was put to use (`popular | above 90`): its name, the arguments given,
/// and one of its stages' place among them. `frp export` writes such stages as one call of
/// the definition (`above(90)`).
public struct DefinitionUse: Sendable {
    public let name: String
    public let arguments: [CheckedExpression]
    /// Where the use is written.
    public let line: Int
    public let column: Int
    /// This stage's place among the `count` stages the use put in place.
    public let index: Int
    public let count: Int

    /// Whether `other` stands for a stage of the same use.
    public func isSameUse(as other: DefinitionUse) -> Bool {
        name == other.name && line == other.line && column == other.column && count == other.count
    }
}

/// A definition's stages checked with each parameter as a placeholder value (a text no
/// script writes, `DefinitionTemplate.placeholder`), for `frp export` to write the
/// definition as a function of its parameters; nil where a placeholder does not check (a
/// parameter used as a count, `take n`), and the export writes it in place.
public struct DefinitionTemplate: Sendable {
    public let parameters: [String]
    public let stages: [CheckedStage]

    /// The placeholder value of parameter `name`: a control character no script's text
    /// holds (the lexer refuses them), then a token drawn for this process, so that no
    /// text from elsewhere (a service's reply) is taken for a parameter either.
    public static func placeholder(_ name: String) -> String { "\u{1}parameter \(token):\(name)" }

    private static let token = String(UInt64.random(in: .min ... .max), radix: 36)

    /// The parameter a placeholder stands for; nil for any other text.
    public static func parameter(in text: String) -> String? {
        let prefix = placeholder("")
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : nil
    }
}

public enum CheckedStatement: Sendable {
    /// `let NAME = PIPELINE`; a plain expression binds a value.
    case bind(name: String, CheckedPipeline)
    /// `var NAME = EXPRESSION`
    case declareProperty(name: String, CheckedExpression)
    /// `var NAME <- PIPELINE` (`var NAME = VALUE <- PIPELINE`): declared (null, or VALUE,
    /// until its first value), and set by the pipeline in every run that reads it.
    case bindProperty(PropertyBinding)
    /// `NAME := EXPRESSION`; `NAME.FIELD := EXPRESSION` sets a field of the record it holds
    /// (`path`, outermost first).
    case assign(name: String, path: [String], CheckedExpression, Site)
    case run(CheckedPipeline, background: Bool, line: Int)
    case expect(CheckedPipeline, marble: Marble, marbleText: String, values: CheckedExpression?, error: String?, line: Int, column: Int)
    /// `service NAME fails|slow|ok`: how a service behaves in the runs and expects after it.
    case service(name: String, ServiceSetting)
    /// `def NAME(...) = STAGES` or `let NAME = STAGES`: stages a later pipeline uses by name
    /// (the checker puts them in place; nothing runs).
    case define(name: String, template: DefinitionTemplate?)

    /// The pipeline a run, an expect or a `let` reads; nil for another statement.
    public var readPipeline: CheckedPipeline? {
        switch self {
        case .run(let pipeline, _, _), .expect(let pipeline, _, _, _, _, _, _), .bind(_, let pipeline): pipeline
        default: nil
        }
    }
}

extension CheckedPipeline {
    /// The properties (`var`) it reads: as its source, or in an expression of any stage,
    /// inner pipelines included. A background run that observes one stays alive for its
    /// changes.
    public var observedProperties: Set<String> {
        var names = Set<String>()
        func visit(_ pipeline: CheckedPipeline) {
            switch pipeline.head {
            case .source(let stage): visit(stage)
            case .binding(_, let bound): visit(bound)
            case .property(let name), .propertyField(let name, _): names.insert(name)
            case .value(let expression): visit(expression)
            }
            pipeline.stages.forEach(visit)
        }
        func visit(_ stage: CheckedStage) {
            for argument in stage.arguments {
                switch argument {
                case .expression(let expression): visit(expression)
                case .pipeline(let pipeline): visit(pipeline)
                case .marble(_, let values?, _, _): visit(values)
                default: break
                }
            }
        }
        func visit(_ expression: CheckedExpression) {
            switch expression {
            case .property(let name): names.insert(name)
            case .constant, .it, .acc, .error: break
            case .field(let base, _, _), .negate(let base, _), .not(let base, _): visit(base)
            case .index(let base, let index, _): visit(base); visit(index)
            case .binary(_, let left, let right, _): visit(left); visit(right)
            case .call(_, let arguments, _), .list(let arguments, _): arguments.forEach(visit)
            case .record(let fields, _): fields.forEach { visit($0.1) }
            case .conditional(let condition, let then, let otherwise, _): visit(condition); visit(then); visit(otherwise)
            case .pipeline(let pipeline): visit(pipeline)
            }
        }
        visit(self)
        return names
    }
}

extension CheckedPipeline {
    /// The `action` stage this pipeline ends in, directly or through the `let` name it is:
    /// what `executing`, `enabled` and `errors` observe.
    public var actionStage: CheckedStage? {
        if let last = stages.last { return last.spec.family == .actions && last.spec.role == .operator ? last : nil }
        if case .binding(_, let pipeline) = head { return pipeline.actionStage }
        return nil
    }
}

extension CheckedPipeline {
    /// Each marble the pipeline reads (`cold "-b|" {b: "w"}`), inner pipelines and `let`
    /// names (once each) included: its text as written, its VALUES, whether it is in a
    /// pipeline made anew for each value (`flatMap (cold "-x|")`: its time starts at each
    /// run's start), and its source's site. The trace and the page draw the values with the
    /// script's own marks.
    public var marbleSources: [(text: String, values: CheckedExpression?, perRun: Bool, site: Site)] {
        var found: [(text: String, values: CheckedExpression?, perRun: Bool, site: Site)] = []
        var seen = Set<String>()
        func visit(_ pipeline: CheckedPipeline, perRun: Bool) {
            switch pipeline.head {
            case .source(let stage): visit(stage, perRun: perRun)
            case .binding(let name, let bound): if seen.insert(name).inserted { visit(bound, perRun: perRun) }
            case .property, .propertyField: break
            case .value(let expression): if case .pipeline(let inner) = expression { visit(inner, perRun: perRun) }
            }
            pipeline.stages.forEach { visit($0, perRun: perRun) }
        }
        func visit(_ stage: CheckedStage, perRun: Bool) {
            let parameters = stage.spec.positionalParameters + stage.spec.keywordParameters
            for (index, argument) in stage.arguments.enumerated() {
                switch argument {
                case .marble(let marble, let values, _, _): found.append((marble.written, values, perRun, stage.site))
                case .pipeline(let inner):
                    let kind = (index < parameters.count ? parameters[index] : parameters.last)?.kind
                    visit(inner, perRun: perRun || [.perValuePipeline, .errorPipeline, .durationOrPipeline].contains(kind))
                default: break
                }
            }
        }
        visit(self, perRun: false)
        return found
    }

    /// The VALUES records alone.
    public var marbleValueRecords: [CheckedExpression] { marbleSources.compactMap(\.values) }
}

extension CheckedExpression {
    /// Whether it or any part of it passes `test` (an inner pipeline is a part, not entered).
    public func contains(where test: (CheckedExpression) -> Bool) -> Bool {
        if test(self) { return true }
        switch self {
        case .constant, .it, .acc, .error, .property, .pipeline: return false
        case .field(let base, _, _), .negate(let base, _), .not(let base, _): return base.contains(where: test)
        case .index(let base, let index, _): return base.contains(where: test) || index.contains(where: test)
        case .binary(_, let left, let right, _): return left.contains(where: test) || right.contains(where: test)
        case .call(_, let arguments, _), .list(let arguments, _): return arguments.contains { $0.contains(where: test) }
        case .record(let fields, _): return fields.contains { $0.1.contains(where: test) }
        case .conditional(let condition, let then, let otherwise, _):
            return condition.contains(where: test) || then.contains(where: test) || otherwise.contains(where: test)
        }
    }
}

extension CheckedStage {
    /// Whether its arguments are the same for every instantiation: constants, durations,
    /// texts and absent ones (no `it`, `acc`, `error`, property or pipeline, no marble).
    var isConstant: Bool {
        arguments.allSatisfy(Self.isConstant)
    }

    /// Whether the argument for `parameter` is the same for every instantiation.
    func isConstant(_ parameter: Parameter) -> Bool {
        guard let index = spec.argumentOrder.firstIndex(of: parameter.name), index < arguments.count else { return true }
        return Self.isConstant(arguments[index])
    }

    private static func isConstant(_ argument: CheckedArgument) -> Bool {
        switch argument {
        case .expression(let expression): return !expression.contains(where: readsTheRun)
        case .absent, .duration, .text: return true
        case .pipeline, .marble: return false
        }
    }

    /// Whether its arguments are expressions that read nothing but values (`it`, `acc`,
    /// `error`, constants): no property, whose value changes with time, and no pipeline.
    var readsOnlyValues: Bool {
        arguments.allSatisfy { argument in
            switch argument {
            case .expression(let expression): return !expression.contains(where: Self.readsTime)
            case .absent: return true
            default: return false
            }
        }
    }

    /// A part that changes with time: a property, or a pipeline.
    private static func readsTime(_ part: CheckedExpression) -> Bool {
        switch part {
        case .property, .pipeline: return true
        default: return false
        }
    }

    /// A part that changes from one instantiation to the next: a value's (`it`, `acc`,
    /// `error`), or one that changes with time.
    private static func readsTheRun(_ part: CheckedExpression) -> Bool {
        switch part {
        case .it, .acc, .error: return true
        default: return readsTime(part)
        }
    }
}

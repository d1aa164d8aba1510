import Signals

/// The syntax tree. Every node knows its range in the source.

public struct Expression: Sendable {
    public indirect enum Kind: Sendable {
        case number(Double)
        case string(String)
        case bool(Bool)
        case null
        case duration(TimeSpan)
        case list([Expression])
        case record([RecordField])
        /// A bare name: `it`, `acc`, `error`, a `let` name, a source, or a field of `it`.
        case name(String)
        case member(Expression, name: String, nameRange: SourceRange)
        case index(Expression, Expression)
        case call(name: String, arguments: [Expression])
        case negate(Expression)
        case not(Expression)
        case binary(BinaryOperator, Expression, Expression, operatorRange: SourceRange)
        case conditional(Expression, then: Expression, else: Expression)
        /// A parenthesised pipeline with stages: `(download thumbnail | map size)`.
        case pipeline(Pipeline)
    }

    public var kind: Kind
    public var range: SourceRange
    /// How many levels deep the tree below goes (1 for a literal). Every phase after the
    /// parser walks expressions recursively, so the parser refuses one deeper than
    /// `Limits.statementDepth`; kept here so that no walk is needed to know it (a chain
    /// `1 + 1 + …` is as deep as it is long).
    public let height: Int

    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
        self.height = 1 + kind.children.reduce(0) { max($0, $1) }
    }
}

extension Expression.Kind {
    /// The heights of the expressions directly inside.
    var children: [Int] {
        switch self {
        case .number, .string, .bool, .null, .duration, .name: return []
        case .list(let items): return items.map(\.height)
        case .record(let fields): return fields.map(\.value.height)
        case .member(let base, _, _), .negate(let base), .not(let base): return [base.height]
        case .index(let base, let index): return [base.height, index.height]
        case .call(_, let arguments): return arguments.map(\.height)
        case .binary(_, let left, let right, _): return [left.height, right.height]
        case .conditional(let condition, let then, let otherwise): return [condition.height, then.height, otherwise.height]
        case .pipeline(let pipeline): return [pipeline.height]
        }
    }
}

public struct RecordField: Sendable {
    public var name: String
    public var nameRange: SourceRange
    public var value: Expression
}

/// `NAME arguments`: a source call at the head of a pipeline, or a stage after `|`.
public struct Stage: Sendable {
    public var name: String
    public var nameRange: SourceRange
    public var arguments: [Argument]
    public var range: SourceRange
}

public struct Argument: Sendable {
    /// `error` in `cold "-#" error "boom"`.
    public var keyword: String?
    public var value: Expression
    public var range: SourceRange
}

public struct Pipeline: Sendable {
    public enum Head: Sendable {
        case call(Stage)
        case expression(Expression)
    }

    public var head: Head
    public var stages: [Stage]
    public var range: SourceRange
    /// The deepest expression in it, plus one (`Expression.height`).
    public let height: Int

    public init(head: Head, stages: [Stage], range: SourceRange) {
        self.head = head
        self.stages = stages
        self.range = range
        var deepest = 0
        let calls: [Stage]
        switch head {
        case .call(let stage): calls = [stage] + stages
        case .expression(let expression): deepest = expression.height; calls = stages
        }
        for stage in calls {
            for argument in stage.arguments { deepest = max(deepest, argument.value.height) }
        }
        height = deepest + 1
    }
}

public enum Statement: Sendable {
    case `let`(name: String, nameRange: SourceRange, value: Pipeline, range: SourceRange)
    /// `def above(n) = filter rating > n`: stages with parameters, used as a stage.
    case define(name: String, nameRange: SourceRange, parameters: [String], body: Pipeline, range: SourceRange)
    case `var`(name: String, nameRange: SourceRange, value: Expression, range: SourceRange)
    /// `count := 5`; `model.thumbnail := bytes` sets a field (`path`) of the record it holds.
    case assign(name: String, nameRange: SourceRange, path: [String], value: Expression, range: SourceRange)
    case run(Pipeline, background: Bool, range: SourceRange)
    /// `service search fails "offline" 2 times`, `service search slow 5`, `service search ok`
    case service(name: String, nameRange: SourceRange, setting: ServiceSetting, range: SourceRange)
    case expect(Pipeline, marble: String, marbleRange: SourceRange, values: Expression?,
                error: String?, range: SourceRange)
    /// `var thumbnail <- download url`: a property set by a signal's values (RAC's
    /// `RAC(obj, prop) = signal`); `var text = "" <- typed` holds `initial` until the first.
    case bindProperty(name: String, nameRange: SourceRange, initial: Expression?, value: Pipeline, range: SourceRange)
    /// `import "lib.frp"`: the definitions of another file (the Frontend reads it).
    case `import`(path: String, pathRange: SourceRange, range: SourceRange)
}

/// How a service behaves from a `service` statement on: failures on demand, for teaching
/// catch, retry and timeout.
public enum ServiceSetting: Equatable, Sendable {
    /// Every request fails with the message; with `times`, only the first N of each run.
    case fails(message: String?, times: Int?)
    /// Every request takes this many times longer.
    case slow(Double)
    /// As normal again.
    case normal
}

public struct Program: Sendable {
    public var statements: [Statement]
    /// Where the source's comments are, as the lexer found them (labels leave them out).
    public var comments: [SourceRange] = []
}

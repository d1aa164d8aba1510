import Signals

/// What the names of a session mean: `let` bindings and properties. It outlives one
/// source, so a REPL session keeps its names.
public struct Environment: Sendable {
    public enum Binding: Sendable {
        /// `let limit = 10`: the expression is used wherever the name is.
        case value(CheckedExpression)
        case signal(CheckedPipeline)
    }

    public var bindings: [String: Binding] = [:]
    /// Stages defined with `def` (or a `let` of stages without a source), by name.
    public var definitions: [String: Definition] = [:]
    public var properties: Set<String> = []
    /// Hot sources are numbered across the whole session, so each is started once per run.
    var nextHotID = 0
    /// How many sources were loaded before: the number of the next one.
    var loads = 0
    /// How deep each signal bound with `let` goes (`StatementExtent`).
    var boundDepths: [String: Int] = [:]

    public init() {}

    public var names: [String] { Array(bindings.keys) + Array(properties) + Array(definitions.keys) }
}

/// Stages with a name and parameters (`def above(n) = filter rating > n`). They are checked
/// where they are used, with the arguments in place of the parameters, and their own source
/// for positions and text.
public struct Definition: Sendable {
    public var parameters: [String]
    public var stages: [Stage]
    public var source: Source
    /// `def above(n) = filter rating > n`, for `explain` and `:help`.
    public var text: String
}

/// Source text to checked statements: parse, then check, with every diagnostic of both.
public struct Frontend: Sendable {
    public var catalogue: Catalogue
    public var environment = Environment()
    /// How the reader lists the operators, for hints: `:help` at the prompt,
    /// `frp explain` for a file run from the command line.
    public var operatorList = Frontend.replOperatorList
    public static let replOperatorList = "`:help`"
    public static let commandLineOperatorList = "`frp explain`"

    public init(catalogue: Catalogue = .standard) {
        self.catalogue = catalogue
    }

    /// Checks a source against the names bound so far; the names it binds are kept only
    /// when it has no errors (a REPL line with a mistake changes nothing).
    public mutating func load(_ source: Source) -> ([CheckedStatement], [Diagnostic]) {
        let (program, syntaxDiagnostics) = parse(source)
        environment.loads += 1
        guard syntaxDiagnostics.isEmpty else { return ([], syntaxDiagnostics) }
        var checker = Checker(source: source, catalogue: catalogue, environment: environment)
        checker.operatorList = operatorList
        let statements = checker.check(program)
        guard checker.diagnostics.isEmpty else { return ([], checker.diagnostics) }
        environment = checker.environment
        return (statements, [])
    }
}

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
    /// The pipelines that set bound properties (`var x <- PIPELINE`), by name.
    public var propertyBindings: [String: PropertyBinding] = [:]
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
    /// Where the comments of `source` are (labels leave them out), found once.
    var comments: [SourceRange]
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

    /// Reads a file that `import` names (the path already resolved against the importing
    /// file): its source, or a sentence saying why not. Without it, `import` is refused.
    public var readFile: (@Sendable (String) -> Result<Source, ImportFailure>)?

    public struct ImportFailure: Error {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    public init(catalogue: Catalogue = .standard) {
        self.catalogue = catalogue
    }

    /// Checks a source against the names bound so far; the names it binds are kept only
    /// when it has no errors (a REPL line with a mistake changes nothing).
    public mutating func load(_ source: Source) -> ([CheckedStatement], [Diagnostic]) {
        let own = source.name.hasPrefix("<") ? [] : [Frontend.normalized(source.name)]
        return load(source, importing: own, definitionsOnly: false, imported: ImportedFiles())
    }

    /// The files one load has imported: a file imported again (a diamond: two libraries
    /// that import a third) is read and checked once, as a module is — 18 levels of
    /// diamonds read the bottom file 2^18 times.
    private final class ImportedFiles {
        var paths: Set<String> = []
    }

    /// `importing`: the files being read, outermost first (a cycle is refused).
    private mutating func load(_ source: Source, importing: [String], definitionsOnly: Bool,
                               imported: ImportedFiles) -> ([CheckedStatement], [Diagnostic]) {
        let (program, syntaxDiagnostics) = parse(source)
        environment.loads += 1
        guard syntaxDiagnostics.isEmpty else { return ([], syntaxDiagnostics) }
        var working = self
        var statements: [CheckedStatement] = []
        var diagnostics: [Diagnostic] = []
        var pending: [Statement] = []
        func report(_ problem: Problem, _ range: SourceRange) {
            diagnostics.append(Diagnostic(problem, at: range, in: source))
        }
        // Statements are checked in runs between imports, each run seeing what came before.
        func flush() {
            guard !pending.isEmpty else { return }
            var checker = Checker(source: source, comments: program.comments, catalogue: catalogue, environment: working.environment)
            checker.operatorList = operatorList
            statements += checker.check(Program(statements: pending))
            diagnostics += checker.diagnostics
            working.environment = checker.environment
            pending = []
        }
        for statement in program.statements {
            if definitionsOnly, let range = Frontend.notADefinition(statement) {
                report(.notADefinition, range)
                continue
            }
            guard case .import(let path, let pathRange, _) = statement else {
                pending.append(statement)
                continue
            }
            flush()
            let resolved = Frontend.resolve(path, from: source.name)
            guard !importing.contains(resolved) else {
                report(.importCycle(path, cycle: importing.drop { $0 != resolved } + [resolved]), pathRange)
                continue
            }
            // Its definitions are in the environment already.
            guard !imported.paths.contains(resolved) else { continue }
            imported.paths.insert(resolved)
            guard let readFile = working.readFile else {
                report(.importUnavailable, pathRange)
                continue
            }
            switch readFile(resolved) {
            case .failure(let failure):
                report(.cannotImport(path, resolved: resolved, reason: failure.reason), pathRange)
            case .success(let file):
                let (importedStatements, importedDiagnostics) = working.load(file, importing: importing + [resolved], definitionsOnly: true, imported: imported)
                diagnostics += importedDiagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    if diagnostic.origin == nil { diagnostic.origin = file }
                    return diagnostic
                }
                statements += importedStatements
            }
        }
        flush()
        guard diagnostics.isEmpty else { return ([], diagnostics) }
        environment = working.environment
        return (statements, [])
    }

    /// Where a statement that runs something is, for a library that must only define.
    private static func notADefinition(_ statement: Statement) -> SourceRange? {
        switch statement {
        case .let, .define, .var, .bindProperty, .import: return nil
        case .run(_, _, let range), .expect(_, _, _, _, _, let range), .assign(_, _, _, _, let range), .service(_, _, _, let range):
            return range
        }
    }

    /// `path` relative to the folder of the file `from` (the working directory for input
    /// that is not a file), with `.` and `..` folded.
    static func resolve(_ path: String, from: String) -> String {
        if path.hasPrefix("/") || from.hasPrefix("<") { return normalized(path) }
        guard let slash = from.lastIndex(of: "/") else { return normalized(path) }
        return normalized(String(from[...slash]) + path)
    }

    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

import Signals

/// Resolves names and checks every stage's arguments against the catalogue, before
/// anything runs. It reports every problem it finds and goes on.
///
/// This file holds the checker's state, `check(_ program:)`, what a statement reaches
/// (hot sources, bound properties) and the helpers every part uses (text, sites,
/// reporting). The rest is by job, in extensions: Checker+Statements.swift,
/// Checker+Definitions.swift, Checker+Stages.swift, Checker+Expressions.swift.
struct Checker {
    /// The text being checked: the statement's, or a definition's while its stages are
    /// put in place.
    var source: Source
    var comments: [SourceRange]
    /// The definitions being put in place, innermost last: one that uses itself is refused.
    var expanding: [String] = []
    /// Stages the statement being checked has gained from its definitions so far
    /// (`Limits.expandedStages`): each use is put in place whole, so a chain of
    /// definitions that each use the one before twice doubles at every link.
    var expandedStages = 0
    let catalogue: Catalogue
    var environment: Environment
    /// The command that lists the operators, for hints: `:help` in the REPL.
    var operatorList = Frontend.replOperatorList
    private(set) var diagnostics: [Diagnostic] = []
    /// Names whose `let` or `var` had an error: their later uses fail quietly, so one
    /// mistake is reported once, not at every use.
    private(set) var failedNames: Set<String> = []
    /// The hot sources the statement being checked reaches, in the order it reaches them
    /// (`withHotSources` puts them in the order they start in).
    private var hotReached: [HotMarble] = []
    /// The bound properties a statement reads, in the order reached.
    private var bindingsReached: [PropertyBinding] = []

    /// What an expression may refer to where it stands.
    struct Scope {
        var hasIt = false
        var hasAcc = false
        var hasError = false
        /// The stage the expression belongs to, for runtime error messages.
        var stage = ""
        /// The fields of the records `it` stands for, when the checker knows them (a
        /// service's replies, a record literal): a field not among them is reported.
        var itFields: RecordFields?
        /// The fields of the values reaching the stage being checked: its per-value
        /// arguments' `it` (`Checker+Fields`).
        var incomingFields: RecordFields?
    }

    /// `comments`: where the source's comments are, as its program carries them.
    init(source: Source, comments: [SourceRange], catalogue: Catalogue, environment: Environment) {
        self.source = source
        self.comments = comments
        self.catalogue = catalogue
        self.environment = environment
    }

    // MARK: Checking

    mutating func check(_ program: Program) -> [CheckedStatement] {
        var checked: [CheckedStatement] = []
        for statement in program.statements {
            let before = diagnostics.count
            guard let result = check(statement), diagnostics.count == before, fitsLimits(result, statement) else {
                switch statement {
                case .let(let name, _, _, _), .var(let name, _, _, _), .define(let name, _, _, _, _), .bindProperty(let name, _, _, _, _):
                    failedNames.insert(name)
                default: break
                }
                continue
            }
            checked.append(result)
            // Later statements see the names this one binds.
            switch result {
            case .bind(let name, let pipeline):
                if pipeline.stages.isEmpty, case .value(let expression) = pipeline.head,
                   !expression.isPipeline {
                    environment.bindings[name] = .value(expression)
                } else {
                    environment.bindings[name] = .signal(pipeline.named(name))
                }
                environment.properties.remove(name)
            case .run(let pipeline, _, _):
                // `_` is the last pipeline run: `_ | take 2` runs it again.
                environment.bindings["_"] = .signal(pipeline)
            case .declareProperty(let name, _):
                environment.properties.insert(name)
                environment.bindings[name] = nil
                environment.boundDepths[name] = nil
                environment.propertyBindings[name] = nil
            case .bindProperty(let binding):
                environment.properties.insert(binding.name)
                environment.bindings[binding.name] = nil
                environment.boundDepths[binding.name] = nil
                environment.propertyBindings[binding.name] = binding
            default: break
            }
        }
        return checked
    }

    private mutating func check(_ statement: Statement) -> CheckedStatement? {
        hotReached = []
        bindingsReached = []
        expandedStages = 0
        return check(statement, Scope()).map(withHotSources)
    }

    // MARK: What a statement reaches

    /// The statement with the hot sources its checking reached, on its top pipeline, in
    /// the order they were written in the script (their ids count up as they are checked):
    /// the order they start in, which orders their events at a tie (LANGUAGE: a hot source
    /// bound by `let` arms before one written on the `expect` line, as RxJS's
    /// TestScheduler orders hot observables by creation).
    private func withHotSources(_ statement: CheckedStatement) -> CheckedStatement {
        let hot = hotReached.sorted { $0.id < $1.id }
        switch statement {
        case .bind(let name, var pipeline):
            pipeline.hotSources = hot
            pipeline.propertyBindings = bindingsReached
            return .bind(name: name, pipeline)
        case .bindProperty(var binding):
            binding.pipeline.hotSources = hot
            binding.pipeline.propertyBindings = bindingsReached
            return .bindProperty(binding)
        case .run(var pipeline, let background, let line):
            pipeline.hotSources = hot
            pipeline.propertyBindings = bindingsReached
            return .run(pipeline, background: background, line: line)
        case .expect(var pipeline, let marble, let marbleText, let values, let error, let line, let column):
            pipeline.hotSources = hot
            pipeline.propertyBindings = bindingsReached
            return .expect(pipeline, marble: marble, marbleText: marbleText, values: values, error: error, line: line, column: column)
        case .declareProperty, .assign, .service, .define:
            return statement
        }
    }

    /// A signal bound with `let`, used here: its hot sources are this statement's too.
    mutating func reach(_ bound: CheckedPipeline) {
        for hot in bound.hotSources { reach(hot) }
        for binding in bound.propertyBindings where !bindingsReached.contains(where: { $0.name == binding.name }) {
            bindingsReached.append(binding)
        }
    }

    /// A property read here: when bound, its pipeline runs with the statement (and what
    /// that pipeline reaches too).
    mutating func reachProperty(_ name: String) {
        guard let binding = environment.propertyBindings[name],
              !bindingsReached.contains(where: { $0.name == name }) else { return }
        reach(binding.pipeline)
        bindingsReached.append(binding)
    }

    mutating func reach(_ hot: HotMarble) {
        if !hotReached.contains(where: { $0.id == hot.id }) { hotReached.append(hot) }
    }

    // MARK: Helpers

    /// The source text of a range on one line: comments dropped (where the lexer found
    /// them), lines joined.
    func text(_ range: SourceRange) -> String {
        var text = "", start = range.start
        for comment in comments where comment.start >= range.start && comment.start < range.end {
            text += source.text(from: start, to: comment.start)
            start = min(comment.end, range.end)
        }
        text += source.text(from: start, to: range.end)
        return text.split(separator: "\n").map { $0.trimmingCharacters(of: " \t\r") }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    func location(_ range: SourceRange) -> SourceLocation { source.location(of: range.start) }

    func site(_ range: SourceRange, stage: String) -> Site {
        let location = source.location(of: range.start)
        return Site(line: location.line, column: location.column, stage: stage, input: environment.loads)
    }

    mutating func report(_ problem: Problem, _ range: SourceRange) {
        diagnostics.append(Diagnostic(problem, at: range, in: source))
    }

    /// `body`'s result when it reports nothing, nil when it reports something; what it
    /// reports is dropped either way (a check made for `frp export`, not for the script).
    mutating func quietly<Result>(_ body: (inout Checker) -> Result?) -> Result? {
        let before = diagnostics.count
        let result = body(&self)
        let quiet = diagnostics.count == before
        diagnostics.removeSubrange(before...)
        return quiet ? result : nil
    }
}

extension Substring {
    func trimmingCharacters(of set: String) -> String {
        var slice = self
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}

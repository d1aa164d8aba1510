import Signals

/// Resolves names and checks every stage's arguments against the catalogue, before
/// anything runs. It reports every problem it finds and goes on.
struct Checker {
    /// The text being checked: the statement's, or a definition's while its stages are
    /// put in place.
    private(set) var source: Source
    private var comments: [SourceRange]
    /// The definitions being put in place, innermost last: one that uses itself is refused.
    private var expanding: [String] = []
    /// Stages the statement being checked has gained from its definitions so far
    /// (`Limits.expandedStages`): each use is put in place whole, so a chain of
    /// definitions that each use the one before twice doubles at every link.
    private var expandedStages = 0
    let catalogue: Catalogue
    var environment: Environment
    /// The command that lists the operators, for hints: `:help` in the REPL.
    var operatorList = Frontend.replOperatorList
    private(set) var diagnostics: [Diagnostic] = []
    /// Names whose `let` or `var` had an error: their later uses fail quietly, so one
    /// mistake is reported once, not at every use.
    private var failedNames: Set<String> = []
    /// The hot sources the statement being checked reaches, in the order it reaches them:
    /// the order they start in, which orders their events at a tie (`CheckedPipeline.hotSources`).
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
    }

    init(source: Source, catalogue: Catalogue, environment: Environment) {
        self.source = source
        self.comments = Lexer.comments(of: source)
        self.catalogue = catalogue
        self.environment = environment
    }

    // MARK: Statements

    mutating func check(_ program: Program) -> [CheckedStatement] {
        var checked: [CheckedStatement] = []
        for statement in program.statements {
            let before = diagnostics.count
            guard let result = check(statement), diagnostics.count == before, fitsLimits(result, statement) else {
                switch statement {
                case .let(let name, _, _, _), .var(let name, _, _, _), .define(let name, _, _, _, _), .bindProperty(let name, _, _, _):
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
                    environment.bindings[name] = .signal(pipeline)
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
            case .bindProperty(let name, let pipeline):
                environment.properties.insert(name)
                environment.bindings[name] = nil
                environment.boundDepths[name] = nil
                environment.propertyBindings[name] = pipeline
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

    /// The statement with the hot sources its checking reached, on its top pipeline.
    private func withHotSources(_ statement: CheckedStatement) -> CheckedStatement {
        let hot = hotReached
        switch statement {
        case .bind(let name, var pipeline):
            pipeline.hotSources = hot
            pipeline.propertyBindings = bindingsReached
            return .bind(name: name, pipeline)
        case .bindProperty(let name, var pipeline):
            pipeline.hotSources = hot
            pipeline.propertyBindings = bindingsReached
            return .bindProperty(name: name, pipeline)
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
    private mutating func reach(_ bound: CheckedPipeline) {
        for hot in bound.hotSources { reach(hot) }
        for binding in bound.propertyBindings where !bindingsReached.contains(where: { $0.name == binding.name }) {
            bindingsReached.append(binding)
        }
    }

    /// Whether a pipeline's text names `name` (not as a field after `.`).
    private func reads(_ pipeline: Pipeline, _ name: String) -> Bool {
        let (tokens, _) = Lexer.tokens(of: Source(name: "", text: text(pipeline.range)))
        return zip([Token?.none] + tokens.map(Optional.some), tokens).contains { before, token in
            token.kind == .name(name) && before?.kind != .dot
        }
    }

    /// A property read here: when bound, its pipeline runs with the statement (and what
    /// that pipeline reaches too).
    private mutating func reachProperty(_ name: String) {
        guard let pipeline = environment.propertyBindings[name],
              !bindingsReached.contains(where: { $0.name == name }) else { return }
        reach(pipeline)
        bindingsReached.append(PropertyBinding(name: name, pipeline: pipeline))
    }

    private mutating func reach(_ hot: HotMarble) {
        if !hotReached.contains(where: { $0.id == hot.id }) { hotReached.append(hot) }
    }

    private mutating func check(_ statement: Statement, _ top: Scope) -> CheckedStatement? {
        switch statement {
        case .let(let name, let nameRange, let value, let whole):
            guard checkBindable(name, nameRange) else { return nil }
            // `let valid = map ... | distinctUntilChanged`: stages without a source, a definition.
            if let head = stageHead(of: value),
               catalogue[head.name]?.role == .operator || environment.definitions[head.name] != nil {
                return define(name, parameters: [], stages: [head] + value.stages, text: text(whole))
            }
            return checkPipeline(value, top).map { .bind(name: name, $0) }
        case .define(let name, let nameRange, let parameters, let body, let whole):
            guard checkBindable(name, nameRange) else { return nil }
            guard let head = stageHead(of: body) else {
                report(.notStages(name), body.range)
                return nil
            }
            return define(name, parameters: parameters, stages: [head] + body.stages, text: text(whole))
        case .var(let name, let nameRange, let value, _):
            guard checkBindable(name, nameRange) else { return nil }
            return checkExpression(value, top).map { .declareProperty(name: name, $0) }
        case .bindProperty(let name, let nameRange, let value, _):
            guard checkBindable(name, nameRange) else { return nil }
            // The pipeline may not read the property it sets: it would feed itself.
            if reads(value, name) {
                report(.bindsItself(name), nameRange)
                return nil
            }
            return checkPipeline(value, top).map { .bindProperty(name: name, $0) }
        case .assign(let name, let nameRange, let value, _):
            if case .signal? = environment.bindings[name] {
                report(.notAProperty(name), nameRange)
                return nil
            }
            guard environment.properties.contains(name) else {
                report(.unknownProperty(name, close: suggestion(for: name, among: Array(environment.properties))), nameRange)
                return nil
            }
            let site = self.site(nameRange, stage: ":=")
            guard let checked = checkExpression(value, top), !signalAsValue(checked, value, in: value, "`:=`") else { return nil }
            return .assign(name: name, checked, site)
        case .run(let pipeline, let background, let range):
            return checkPipeline(pipeline, top).map { .run($0, background: background, line: location(range).line) }
        case .import:
            // The Frontend reads every import (`Frontend.load`) and passes the checker only
            // the statements between them: none comes here.
            assertionFailure("an import reached the checker")
            return nil
        case .service(let name, let nameRange, let setting, _):
            guard catalogue[name]?.family == .services else {
                let services = catalogue.specs.filter { $0.family == .services }.map(\.name)
                report(.notAService(name, close: suggestion(for: name, among: services), services: services), nameRange)
                return nil
            }
            return .service(name: name, setting)
        case .expect(let pipeline, let marbleText, let marbleRange, let values, let error, let range):
            let checkedPipeline = checkPipeline(pipeline, top)
            let marble = parseMarble(marbleText, marbleRange, kind: .expected)
            let checkedValues = values.flatMap { checkMarbleValues($0) }
            guard let checkedPipeline, let marble else { return nil }
            let start = location(range)
            return .expect(checkedPipeline, marble: marble, marbleText: marbleText, values: checkedValues,
                           error: error, line: start.line, column: start.column)
        }
    }

    /// Whether a checked statement is small enough to compile and run without overflowing
    /// the stack (Limits.statementDepth, Limits.statementParts); a diagnostic if not.
    private mutating func fitsLimits(_ checked: CheckedStatement, _ statement: Statement) -> Bool {
        var extent = StatementExtent(boundDepths: environment.boundDepths)
        switch checked {
        case .bind(let name, let pipeline):
            extent.measure(pipeline, at: 0)
            environment.boundDepths[name] = extent.deepest
        case .bindProperty(_, let pipeline):
            extent.measure(pipeline, at: 0)
        case .declareProperty(_, let expression), .assign(_, let expression, _):
            extent.measure(CheckedPipeline(head: .value(expression), stages: [], text: ""), at: 0)
        case .run(let pipeline, _, _):
            extent.measure(pipeline, at: 0)
            // How deep `_`, the last pipeline run, goes where it is used.
            environment.boundDepths["_"] = extent.deepest
        case .expect(let pipeline, _, _, let values, _, _, _):
            extent.measure(pipeline, at: 0)
            if let values { extent.measure(CheckedPipeline(head: .value(values), stages: [], text: ""), at: 0) }
        case .service, .define:
            return true
        }
        guard !extent.withinLimits else { return true }
        let range: SourceRange
        switch statement {
        case .let(_, _, _, let whole), .var(_, _, _, let whole), .assign(_, _, _, let whole),
             .run(_, _, let whole), .expect(_, _, _, _, _, let whole), .service(_, _, _, let whole),
             .define(_, _, _, _, let whole), .import(_, _, let whole), .bindProperty(_, _, _, let whole):
            range = SourceRange(start: whole.start, end: whole.start + 1)
        }
        if extent.deepest > Limits.statementDepth {
            report(.statementTooDeep, range)
        } else {
            report(.statementTooBig, range)
        }
        return false
    }

    private mutating func checkBindable(_ name: String, _ range: SourceRange) -> Bool {
        if ["it", "acc", "error"].contains(name) || Parser.expressionKeywords.contains(name) {
            report(.reservedName(name), range)
            return false
        }
        if let spec = catalogue[name] {
            report(.nameTaken(name, spec.role), range)
            return false
        }
        return true
    }

    // MARK: Definitions

    /// The first stage of a pipeline written without a source: a call, or a bare name
    /// (`twice | twice`, `distinctUntilChanged`).
    private func stageHead(of pipeline: Pipeline) -> Stage? {
        switch pipeline.head {
        case .call(let stage): return stage
        case .expression(let expression):
            guard case .name(let name) = expression.kind,
                  catalogue[name]?.role == .operator || environment.definitions[name] != nil else { return nil }
            return Stage(name: name, nameRange: expression.range, arguments: [], range: expression.range)
        }
    }

    /// Keeps stages under a name. Their names are checked now (an operator, or a definition
    /// made before: not this one, which would never end); the rest where they are used,
    /// with the arguments in place of the parameters.
    private mutating func define(_ name: String, parameters: [String], stages: [Stage], text: String) -> CheckedStatement? {
        var failed = false
        for stage in stages where catalogue[stage.name]?.role != .operator && environment.definitions[stage.name] == nil {
            failed = true
            if stage.name == name {
                report(.recursiveDefinition(name), stage.nameRange)
            } else if let spec = catalogue[stage.name] {
                report(.notAnOperator(spec.name, .sourceInDefinition(call: self.text(stage.range))), stage.nameRange)
            } else {
                unknownName(stage.name, stage.nameRange, wanted: .operator)
            }
        }
        let duplicates = parameters.filter { parameter in parameters.filter { $0 == parameter }.count > 1 }
        if let duplicate = duplicates.first, let first = stages.first {
            report(.duplicateParameter(duplicate, of: name), first.nameRange)
            failed = true
        }
        guard !failed else { return nil }
        environment.definitions[name] = Definition(parameters: parameters, stages: stages, source: source, comments: comments, text: text)
        environment.bindings[name] = nil
        environment.properties.remove(name)
        return .define(name: name)
    }

    /// A definition's stages, checked in place of `stage` (`above 90`): each parameter is
    /// the argument's value, positions and text are the definition's, and each stage's
    /// label says which definition it came from (`above: filter rating > n`).
    private mutating func expand(_ definition: Definition, at stage: Stage, _ scope: Scope) -> [CheckedStage]? {
        guard !expanding.contains(stage.name) else {
            report(.recursiveDefinition(stage.name), stage.nameRange)
            return nil
        }
        expandedStages += definition.stages.count
        guard expandedStages <= Limits.expandedStages else {
            // Reported once, where the statement first went over.
            if expandedStages - definition.stages.count <= Limits.expandedStages {
                report(.definitionsTooBig(stage.name), stage.nameRange)
            }
            return nil
        }
        let given = stage.arguments.filter { $0.keyword == nil }
        guard given.count == definition.parameters.count, given.count == stage.arguments.count else {
            report(.wrongArguments(stage.name, .definition(parameters: definition.parameters), found: given.count), stage.range)
            return nil
        }
        // The arguments, checked where they are written.
        let useSite = site(stage.nameRange, stage: stage.name)
        var arguments: [CheckedExpression] = []
        for argument in given {
            guard let checked = checkExpression(argument.value, scope) else { return nil }
            arguments.append(checked)
        }
        let saved = (source, comments, environment.bindings)
        defer {
            (source, comments) = (saved.0, saved.1)
            for parameter in definition.parameters { environment.bindings[parameter] = saved.2[parameter] }
            expanding.removeLast()
        }
        for (parameter, value) in zip(definition.parameters, arguments) { environment.bindings[parameter] = .value(value) }
        source = definition.source
        comments = definition.comments
        expanding.append(stage.name)
        var failed = false
        var expanded: [CheckedStage] = []
        for inside in definition.stages {
            if catalogue[inside.name] == nil, let nested = environment.definitions[inside.name] {
                guard let more = expand(nested, at: inside, scope) else { failed = true; continue }
                expanded += more
                continue
            }
            guard let checked = checkOperator(inside, scope) else { failed = true; continue }
            expanded.append(checked)
        }
        // Each stage says which definition it came from, and where it was put to use.
        return failed ? nil : expanded.enumerated().map { index, inner in
            var inner = Checker.placed(inner, at: Site.Use(line: useSite.line, column: useSite.column, index: index))
            inner.label = "\(stage.name): \(inner.label)"
            return inner
        }
    }

    /// A definition's stage put to use at `use`, and the stages of its inner pipelines
    /// with it (their rows go under it in the trace, not where the definition is).
    private static func placed(_ stage: CheckedStage, at use: Site.Use) -> CheckedStage {
        var stage = stage
        if stage.site.use == nil { stage.site.use = use }
        stage.arguments = stage.arguments.map { argument in
            guard case .pipeline(var inner) = argument else { return argument }
            if case .source(let head) = inner.head { inner.head = .source(placed(head, at: use)) }
            inner.stages = inner.stages.map { placed($0, at: use) }
            return .pipeline(inner)
        }
        return stage
    }

    // MARK: Pipelines

    mutating func checkPipeline(_ pipeline: Pipeline, _ scope: Scope) -> CheckedPipeline? {
        let head: CheckedHead?
        switch pipeline.head {
        case .call(let stage): head = checkSourceCall(stage, scope)
        case .expression(let expression): head = checkHeadExpression(expression, scope)
        }
        var stages: [CheckedStage] = []
        var failed = head == nil
        for stage in pipeline.stages {
            if catalogue[stage.name] == nil, let definition = environment.definitions[stage.name] {
                guard let expanded = expand(definition, at: stage, scope) else {
                    failed = true
                    continue
                }
                stages += expanded
                continue
            }
            guard var checked = checkOperator(stage, scope) else {
                failed = true
                continue
            }
            // `log` without a label is labelled by what it logs: the pipeline before it.
            if checked.spec.parameters.first?.defaultsToUpstreamText == true, case .absent? = checked.arguments.first {
                var before = text(SourceRange(start: pipeline.range.start, end: stage.range.start))
                while before.last == " " || before.last == "|" { before.removeLast() }
                checked.arguments[0] = .text(before)
            }
            stages.append(checked)
        }
        guard !failed, let head else { return nil }
        return CheckedPipeline(head: head, stages: stages, text: text(pipeline.range))
    }

    private mutating func checkSourceCall(_ stage: Stage, _ scope: Scope) -> CheckedHead? {
        guard let spec = catalogue[stage.name] else {
            if environment.definitions[stage.name] != nil {
                report(.notASource(stage.name, .definition(use: text(stage.range))), stage.nameRange)
            } else if environment.bindings[stage.name] != nil || environment.properties.contains(stage.name) {
                report(.notAFunction(stage.name, .binding), stage.nameRange)
            } else {
                unknownName(stage.name, stage.nameRange, wanted: .source)
            }
            return nil
        }
        guard spec.role == .source else {
            notASource(spec, stage.nameRange)
            return nil
        }
        return checkStage(stage, spec, scope).map { .source($0) }
    }

    private mutating func checkHeadExpression(_ expression: Expression, _ scope: Scope) -> CheckedHead? {
        if case .name(let name) = expression.kind {
            if case .signal(let pipeline)? = environment.bindings[name] {
                reach(pipeline)
                return .binding(name, pipeline)
            }
            if environment.properties.contains(name) {
                reachProperty(name)
                return .property(name)
            }
            // `not` is a word of expressions too: with a value in scope, it is that word.
            if let spec = catalogue[name], !(Parser.expressionKeywords.contains(name) && scope.hasIt) {
                if spec.role == .operator {
                    notASource(spec, expression.range)
                    return nil
                }
                let stage = Stage(name: name, nameRange: expression.range, arguments: [], range: expression.range)
                return checkStage(stage, spec, scope).map { .source($0) }
            }
            if environment.bindings[name] == nil, !scope.hasIt, !["it", "acc", "error"].contains(name) {
                unknownName(name, expression.range, wanted: .source)
                return nil
            }
        }
        // A run-time error in a pipeline that is only an expression names the expression.
        var scope = scope
        if scope.stage.isEmpty { scope.stage = text(expression.range) }
        return checkExpression(expression, scope).map { .value($0) }
    }

    private mutating func notASource(_ spec: OperatorSpec, _ range: SourceRange) {
        report(.notASource(spec.name, .operator(use: spec.signature)), range)
    }

    private mutating func checkOperator(_ stage: Stage, _ scope: Scope) -> CheckedStage? {
        guard let spec = catalogue[stage.name] else {
            if stage.arguments.isEmpty, environment.bindings[stage.name] != nil {
                report(.notAnOperator(stage.name, .signal), stage.nameRange)
            } else {
                unknownName(stage.name, stage.nameRange, wanted: .operator)
            }
            return nil
        }
        guard spec.role == .operator else {
            report(.notAnOperator(stage.name, .source(call: text(stage.range))), stage.nameRange)
            return nil
        }
        return checkStage(stage, spec, scope)
    }

    // MARK: Arguments

    private mutating func checkStage(_ stage: Stage, _ spec: OperatorSpec, _ scope: Scope) -> CheckedStage? {
        var stageScope = scope
        stageScope.stage = spec.name
        let positional = stage.arguments.filter { $0.keyword == nil }
        let positionalParameters = spec.positionalParameters
        let required = positionalParameters.filter { !$0.isOptional }.count
        let variadic = positionalParameters.contains { $0.isVariadic }

        if positional.count < required {
            let missing = positionalParameters[positional.count]
            report(.missingArgument(spec, missing, found: positional.count), stage.range)
            return nil
        }
        if !variadic, positional.count > positionalParameters.count {
            let extra = positional[positionalParameters.count]
            report(.tooManyArguments(spec, takes: positionalParameters.count), extra.range)
            return nil
        }
        var checked: [CheckedArgument] = []
        var failed = false
        for (index, argument) in positional.enumerated() {
            let parameter = positionalParameters[min(index, positionalParameters.count - 1)]
            if let result = checkArgument(argument.value, parameter, spec, stageScope) { checked.append(result) } else { failed = true }
        }
        // Optional positional parameters that were not given.
        while checked.count < positionalParameters.count, !variadic { checked.append(.absent) }
        // Keyword parameters that are not a marble's error follow the positional ones, in
        // the catalogue's order (absent when not given).
        let keywordParameters = spec.keywordParameters
        var keywordArguments = [CheckedArgument](repeating: .absent, count: keywordParameters.count)
        for argument in stage.arguments where argument.keyword != nil {
            guard let parameter = spec.parameters.first(where: { $0.keyword == argument.keyword }) else {
                report(.unexpectedArgument(spec, keyword: argument.keyword ?? ""), argument.range)
                failed = true
                continue
            }
            if let index = keywordParameters.firstIndex(where: { $0.keyword == argument.keyword }) {
                if let result = checkArgument(argument.value, parameter, spec, stageScope) {
                    keywordArguments[index] = result
                } else {
                    failed = true
                }
                continue
            }
            guard case .string(let message) = argument.value.kind else {
                report(.expectedString(spec, keyword: parameter.keyword ?? ""), argument.value.range)
                failed = true
                continue
            }
            checked = checked.map { argument in
                if case .marble(let marble, let values, _, let id) = argument {
                    return .marble(marble, values: values, error: message, hotID: id)
                }
                return argument
            }
        }
        guard !failed else { return nil }
        checked += keywordArguments
        // A marble's VALUES record belongs with the marble.
        if case .marble(let marble, nil, let error, let id)? = checked.first, checked.count > 1,
           case .expression(let values) = checked[1] {
            checked[0] = .marble(marble, values: values, error: error, hotID: id)
            checked[1] = .absent
        }
        if case .marble(let marble, let values, let error, let id?)? = checked.first {
            reach(HotMarble(id: id, marble: marble, values: values, error: error))
        }
        return CheckedStage(spec: spec, arguments: checked, label: text(stage.range),
                            site: site(stage.nameRange, stage: spec.name))
    }

    private mutating func checkArgument(_ expression: Expression, _ parameter: Parameter, _ spec: OperatorSpec,
                                        _ scope: Scope) -> CheckedArgument? {
        switch parameter.kind {
        case .value, .count:
            guard rejectDuration(expression, spec) else { return nil }
            if parameter.kind == .count, case .pipeline = expression.kind {
                report(.expectedNumber(spec, parameter, found: nil), expression.range)
                return nil
            }
            guard let checked = checkExpression(expression, scope) else { return nil }
            if parameter.kind == .count, signalAsValue(checked, expression, in: expression, "`\(spec.name)`", needs: "needs a whole number",
                                                       fix: .wholeNumbers(signature: spec.signature)) {
                return nil
            }
            if parameter.kind == .count, let value = checked.constantValue, !checkCount(value, expression.range, parameter, spec) {
                return nil
            }
            return .expression(checked)
        case .perValue, .accumulator, .condition:
            guard rejectDuration(expression, spec) else { return nil }
            var inner = scope
            inner.hasIt = true
            inner.hasAcc = parameter.kind == .accumulator
            guard let checked = checkExpression(expression, inner) else { return nil }
            // A condition is true or false for each value; a signal is neither.
            if parameter.kind == .condition, signalAsValue(checked, expression, in: expression, "`\(spec.name)`",
                                                            needs: "needs true or false for each value",
                                                            fix: .latest(signal: text(expression.range), operator: spec.name)) {
                return nil
            }
            return .expression(checked)
        case .duration:
            guard case .duration(let span) = expression.kind else {
                if case .negate(let inner) = expression.kind, case .duration(let span) = inner.kind {
                    report(.negativeDuration(spec.name, span), expression.range)
                    return nil
                }
                var number: Double?
                if case .number(let written) = expression.kind { number = written }
                report(.expectedDuration(spec.name, number: number), expression.range)
                return nil
            }
            if span < parameter.shortest {
                report(.zeroPeriod(spec.name, span, parameter), expression.range)
                return nil
            }
            return .duration(span)
        case .durationOrPipeline:
            var alternative = parameter
            // A duration literal, or what was meant as one (`300`, `-1s`): else a pipeline.
            switch expression.kind {
            case .duration, .number, .negate: alternative.kind = .duration
            default: alternative.kind = .perValuePipeline
            }
            return checkArgument(expression, alternative, spec, scope)
        case .signal, .perValuePipeline, .errorPipeline:
            var inner = scope
            if parameter.kind == .perValuePipeline { inner.hasIt = true }
            if parameter.kind == .errorPipeline { inner.hasError = true }
            return checkSignalArgument(expression, spec, inner).map { .pipeline($0) }
        case .marble:
            guard case .string(let text) = expression.kind else {
                report(.expectedMarble(spec.name), expression.range)
                return nil
            }
            guard let marble = parseMarble(text, expression.range, kind: parameter.marbleKind) else { return nil }
            var id: Int?
            if parameter.marbleKind == .hot {
                id = environment.nextHotID
                environment.nextHotID += 1
            }
            return .marble(marble, values: nil, error: nil, hotID: id)
        case .marbleValues:
            // Folded into the marble argument below; kept here only as a placeholder.
            return checkMarbleValues(expression).map { values in .expression(values) }
        case .text:
            guard case .string(let text) = expression.kind else {
                report(.expectedString(spec), expression.range)
                return nil
            }
            return .text(text)
        case .action:
            guard let pipeline = checkSignalArgument(expression, spec, scope) else { return nil }
            guard pipeline.actionStage != nil else {
                report(.notAnAction(spec.name, signal: text(expression.range)), expression.range)
                return nil
            }
            return .pipeline(pipeline)
        }
    }

    /// A signal argument: a parenthesised pipeline, or a name bound to a signal.
    private mutating func checkSignalArgument(_ expression: Expression, _ spec: OperatorSpec,
                                              _ scope: Scope) -> CheckedPipeline? {
        switch expression.kind {
        case .pipeline(let pipeline):
            return checkPipeline(pipeline, scope)
        case .name(let name):
            guard let head = checkHeadExpression(expression, scope) else { return nil }
            if case .value(let value) = head, value.isNeverSignal {
                expectedSignal(expression, spec)
                return nil
            }
            return CheckedPipeline(head: head, stages: [], text: name)
        default:
            // Anything else is a value: `flatMap it` when `it` is a signal, or an error.
            if scope.hasIt, let checked = checkExpression(expression, scope), !checked.isNeverSignal {
                return CheckedPipeline(head: .value(checked), stages: [], text: text(expression.range))
            }
            expectedSignal(expression, spec)
            return nil
        }
    }

    /// `switchMap (it * 10)`, `merge 3`: a value where a signal must be.
    private mutating func expectedSignal(_ expression: Expression, _ spec: OperatorSpec) {
        var value = text(expression.range)
        if value.hasPrefix("("), value.hasSuffix(")") { value = String(value.dropFirst().dropLast()) }
        report(.expectedSignal(spec.name, value: value), expression.range)
    }

    /// A count known before the run: a whole number from the parameter's minimum to its
    /// maximum (`retry 1e18` would fail in the run, after the others had run).
    private mutating func checkCount(_ value: Value, _ range: SourceRange, _ parameter: Parameter,
                                     _ spec: OperatorSpec) -> Bool {
        guard case .number(let number) = value else {
            report(.expectedNumber(spec, parameter, found: value), range)
            return false
        }
        guard number == number.rounded(), number >= Double(parameter.minimum), number <= Double(parameter.maximum) else {
            report(.badCount(spec, parameter, number), range)
            return false
        }
        return true
    }

    private mutating func rejectDuration(_ expression: Expression, _ spec: OperatorSpec) -> Bool {
        if case .duration(let span) = expression.kind {
            report(.unexpectedDuration(span, for: spec.name), expression.range)
            return false
        }
        return true
    }

    private mutating func checkMarbleValues(_ expression: Expression) -> CheckedExpression? {
        guard case .record = expression.kind else {
            report(.expectedValues, expression.range)
            return nil
        }
        return checkExpression(expression, Scope())
    }

    private mutating func parseMarble(_ text: String, _ range: SourceRange, kind: Marble.Kind) -> Marble? {
        do throws(MarbleError) {
            return try Marble.parse(text, kind: kind)
        } catch {
            // +1 for the opening quote (marbles have no escapes, so offsets line up).
            let start = range.start + 1 + error.offset
            report(.badMarble(error), SourceRange(start: start, end: start + error.length))
            return nil
        }
    }

    // MARK: Expressions

    mutating func checkExpression(_ expression: Expression, _ scope: Scope) -> CheckedExpression? {
        switch expression.kind {
        case .number(let number): return .constant(.number(number))
        case .string(let text): return .constant(.string(text))
        case .bool(let bool): return .constant(.bool(bool))
        case .null: return .constant(.null)
        case .duration(let span):
            report(.unexpectedDuration(span), expression.range)
            return nil
        case .list(let elements):
            var checked: [CheckedExpression] = []
            for element in elements {
                guard let value = checkExpression(element, scope) else { return nil }
                checked.append(value)
            }
            let site = self.site(expression.range, stage: scope.stage)
            if checked.allSatisfy({ $0.constantValue != nil }) {
                return constant(expression.range) { () throws(EvaluationFailure) in
                    let values = checked.compactMap(\.constantValue)
                    try Value.checkSize(ofContainerWith: values)
                    return .list(values)
                }
            }
            return .list(checked, site)
        case .record(let fields):
            var checked: [(String, CheckedExpression)] = []
            for field in fields {
                guard let value = checkExpression(field.value, scope) else { return nil }
                checked.append((field.name, value))
            }
            let site = self.site(expression.range, stage: scope.stage)
            if checked.allSatisfy({ $0.1.constantValue != nil }) {
                return constant(expression.range) { () throws(EvaluationFailure) in
                    let record = Record(checked.compactMap { name, value in value.constantValue.map { (name, $0) } })
                    try Value.checkSize(ofContainerWith: record.fields.lazy.map(\.value))
                    return .record(record)
                }
            }
            return .record(checked, site)
        case .name(let name):
            return resolve(name, expression.range, scope)
        case .member(let base, let name, let nameRange):
            guard let checked = checkExpression(base, scope), !signalAsValue(checked, base, in: expression, "`.\(name)`") else { return nil }
            return .field(checked, name, site(nameRange, stage: scope.stage))
        case .index(let base, let index):
            guard let checkedBase = checkExpression(base, scope), let checkedIndex = checkExpression(index, scope),
                  !signalAsValue(checkedBase, base, in: expression, "`[...]`"),
                  !signalAsValue(checkedIndex, index, in: expression, "`[...]`") else { return nil }
            return .index(checkedBase, checkedIndex, site(expression.range, stage: scope.stage))
        case .call(let name, let arguments) where catalogue[name] != nil
            && !(Function.named[name]?.arity.contains(arguments.count) ?? false):
            // `of(1, 2)`, `interval(100)`: RxJS's way of calling a source.
            let spec = catalogue[name]!
            let durations = spec.parameters.map { $0.kind == .duration }
            let written = arguments.enumerated().map { index, argument in
                var shown = text(argument.range)
                if durations.indices.contains(index), durations[index], case .number = argument.kind { shown += "ms" }
                return shown
            }
            let call = ([name] + [written.joined(separator: ", ")]).filter { !$0.isEmpty }.joined(separator: " ")
            report(.notAFunction(name, .catalogued(spec.role, written: call, durations: durations.contains(true))), expression.range)
            return nil
        case .call(let name, let arguments):
            guard Operations.functionNames.contains(name) else {
                let hint: Problem.NameHint = Checker.seedSpellings[name].map { .habit($0) }
                    ?? suggestion(for: name, among: Operations.functionNames).map { .didYouMean($0) }
                    ?? .look("the functions are \(Operations.functionNames.map { "`\($0)`" }.joined(separator: ", "))")
                report(.unknownFunction(name, hint), expression.range)
                return nil
            }
            let function = Function.named[name]
            guard let function, function.arity.contains(arguments.count) else {
                report(.wrongArguments(name, .function(arity: function?.arity ?? 1...1, signature: function?.signature ?? name + "(x)"),
                                       found: arguments.count), expression.range)
                return nil
            }
            var checked: [CheckedExpression] = []
            for argument in arguments {
                guard let value = checkExpression(argument, scope),
                      !signalAsValue(value, argument, in: expression, "`\(name)`") else { return nil }
                checked.append(value)
            }
            return .call(name, checked, site(expression.range, stage: scope.stage))
        case .negate(let operand):
            guard let checked = checkExpression(operand, scope), !signalAsValue(checked, operand, in: expression, "`-`") else { return nil }
            return .negate(checked, site(expression.range, stage: scope.stage))
        case .not(let operand):
            guard let checked = checkExpression(operand, scope), !signalAsValue(checked, operand, in: expression, "`not`") else { return nil }
            return .not(checked, site(expression.range, stage: scope.stage))
        case .binary(let op, let left, let right, let operatorRange):
            let checkedLeft = checkExpression(left, scope)
            let checkedRight = checkExpression(right, scope)
            guard let checkedLeft, let checkedRight else { return nil }
            if let signal = checkedLeft.isPipeline ? left : checkedRight.isPipeline ? right : nil {
                report(.signalInExpression(text(signal.range), user: "`\(op.rawValue)`", .map(checkedLeft.isPipeline
                    ? "\(text(left.range)) | map it \(op.rawValue) \(text(right.range))"
                    : "\(text(right.range)) | map \(text(left.range)) \(op.rawValue) it")), signal.range)
                return nil
            }
            if op == .matches, case .string(let pattern)? = checkedRight.constantValue {
                do throws(EvaluationFailure) { _ = try Pattern(pattern) } catch {
                    report(.badPattern(error), right.range)
                    return nil
                }
            }
            return .binary(op, checkedLeft, checkedRight, site(operatorRange, stage: scope.stage))
        case .conditional(let condition, let then, let otherwise):
            guard let c = checkExpression(condition, scope), let a = checkExpression(then, scope),
                  let b = checkExpression(otherwise, scope), !signalAsValue(c, condition, in: expression, "`if`") else { return nil }
            return .conditional(c, a, b, site(expression.range, stage: scope.stage))
        case .pipeline(let pipeline):
            return checkPipeline(pipeline, scope).map { .pipeline($0) }
        }
    }

    /// `not s`, `s.x`, `take s` when `s` is a signal: reported (true) where the checker
    /// knows it is one, since it would fail only when it runs. The hint maps over its values.
    private mutating func signalAsValue(_ checked: CheckedExpression, _ part: Expression, in whole: Expression,
                                        _ user: String, needs: String = "works on values", fix: Problem.SignalFix? = nil) -> Bool {
        guard checked.isPipeline else { return false }
        let before = source.text(from: whole.range.start, to: part.range.start)
        let after = source.text(from: part.range.end, to: whole.range.end)
        report(.signalInExpression(text(part.range), user: user, needs: needs, fix ?? .map("\(text(part.range)) | map \(before)it\(after)")),
               part.range)
        return true
    }

    /// A list or record whose parts are all known now, folded into one value — unless it
    /// would be too big (`let b = [a, a]`, `let c = [b, b]`, ...).
    private mutating func constant(_ range: SourceRange, _ make: () throws(EvaluationFailure) -> Value) -> CheckedExpression? {
        do throws(EvaluationFailure) {
            return .constant(try make())
        } catch {
            report(.valueTooBig(error), range)
            return nil
        }
    }

    private mutating func resolve(_ name: String, _ range: SourceRange, _ scope: Scope) -> CheckedExpression? {
        switch name {
        case "it":
            guard scope.hasIt else {
                report(.noValueHere, range)
                return nil
            }
            return .it
        case "acc":
            guard scope.hasAcc else {
                report(.noAccumulatorHere, range)
                return nil
            }
            return .acc
        case "error" where scope.hasError:
            return .error
        default:
            break
        }
        switch environment.bindings[name] {
        case .value(let expression)?: return expression
        case .signal(let pipeline)?:
            reach(pipeline)
            return .pipeline(CheckedPipeline(head: .binding(name, pipeline), stages: [], text: name))
        case nil: break
        }
        if environment.properties.contains(name) {
            reachProperty(name)
            return .property(name)
        }
        if let spec = catalogue[name], spec.role == .source,
           !spec.parameters.contains(where: { !$0.isOptional && $0.keyword == nil }) {
            let stage = CheckedStage(spec: spec, arguments: [], label: name, site: site(range, stage: name))
            return .pipeline(CheckedPipeline(head: .source(stage), stages: [], text: name))
        }
        if scope.hasIt { return .field(.it, name, site(range, stage: scope.stage)) }
        if name == "error" {
            report(.noErrorHere, range)
            return nil
        }
        unknownName(name, range, wanted: nil)
        return nil
    }

    /// The seeds' spellings of things frp has under one name each.
    static let seedSpellings = [
        "publish": "RAC 2's `publish | autoconnect` is `share` here (one run for everyone subscribed)",
        "autoconnect": "RAC 2's `publish | autoconnect` is `share` here (one run for everyone subscribed)",
        "RACObserve": "a property is `var NAME = VALUE`; its values are a signal: `NAME | ...`, and `NAME := VALUE` changes it",
        "RAC": "a property bound to a signal: `var NAME = VALUE`, set with `NAME := VALUE`; a signal by name: `let NAME = PIPELINE`",
    ]

    private mutating func unknownName(_ name: String, _ range: SourceRange, wanted role: OperatorSpec.Role?) {
        if failedNames.contains(name) { return }
        func unknown(_ hint: Problem.NameHint, field: Bool = false) {
            report(role == .operator ? .unknownOperator(name, hint) : .unknownName(name, hint, field: field), range)
        }
        if let hint = Checker.seedSpellings[name] { return unknown(.habit(hint)) }
        if let (library, spec) = catalogue.elsewhere(name) { return unknown(.elsewhere(library: library, ours: spec.name)) }
        let operators = catalogue.names(role: .operator)
        let sources = catalogue.names(role: .source)
        switch role {
        case .operator?:
            unknown(suggestion(for: name, among: operators).map { .didYouMean($0) }
                ?? suggestion(for: name, among: sources + environment.names).map { .closeButNot($0, because: "is close, but it is not an operator") }
                ?? .look("\(operatorList) lists the operators"))
        case .source?:
            unknown(suggestion(for: name, among: sources + environment.names).map { .didYouMean($0) }
                ?? suggestion(for: name, among: operators).map { .closeButNot($0, because: "is an operator: it goes after `|`") }
                ?? .look("a pipeline starts with a source, like `of 1, 2, 3` or `interval 1s`"))
        case nil:
            unknown(suggestion(for: name, among: environment.names + sources).map { .didYouMean($0) }
                ?? .look("bind it first with `let \(name) = ...`"), field: true)
        }
    }

    // MARK: Helpers

    /// The source text of a range on one line: comments dropped (where the lexer found
    /// them), lines joined.
    private func text(_ range: SourceRange) -> String {
        var text = "", start = range.start
        for comment in comments where comment.start >= range.start && comment.start < range.end {
            text += source.text(from: start, to: comment.start)
            start = min(comment.end, range.end)
        }
        text += source.text(from: start, to: range.end)
        return text.split(separator: "\n").map { $0.trimmingCharacters(of: " \t\r") }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func location(_ range: SourceRange) -> SourceLocation { source.location(of: range.start) }

    private func site(_ range: SourceRange, stage: String) -> Site {
        let location = source.location(of: range.start)
        return Site(line: location.line, column: location.column, stage: stage, input: environment.loads)
    }

    private mutating func report(_ problem: Problem, _ range: SourceRange) {
        diagnostics.append(Diagnostic(problem, at: range, in: source))
    }
}

extension CheckedExpression {
    var isPipeline: Bool {
        if case .pipeline = self { return true }
        return false
    }

    /// Whether it is certainly a plain value, whatever flows at run time: a literal, or
    /// what an operator or function makes. `it`, a field or a condition may be a signal.
    var isNeverSignal: Bool {
        switch self {
        case .constant(let value): if case .signal = value { return false } else { return true }
        case .acc, .error, .negate, .not, .binary, .call, .list, .record: return true
        case .it, .property, .field, .index, .conditional, .pipeline: return false
        }
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

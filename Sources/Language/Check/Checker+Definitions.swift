/// The checker's definitions (`def above(n) = filter rating > n`, a `let` of stages): kept
/// under their name (`define`), and put in place where they are used (`expand`, `placed`).
extension Checker {
    /// The first stage of a pipeline written without a source: a call, or a bare name
    /// (`twice | twice`, `distinctUntilChanged`).
    func stageHead(of pipeline: Pipeline) -> Stage? {
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
    mutating func define(_ name: String, parameters: [String], stages: [Stage], text: String) -> CheckedStatement? {
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
        let definition = Definition(parameters: parameters, stages: stages, source: source, comments: comments, text: text)
        environment.definitions[name] = definition
        environment.bindings[name] = nil
        environment.properties.remove(name)
        return .define(name: name, template: template(of: definition))
    }

    /// The definition's stages checked with its parameters as placeholders, quietly: nil
    /// when they do not check so (`DefinitionTemplate`).
    private mutating func template(of definition: Definition) -> DefinitionTemplate? {
        let saved = (expandedStages, definition.parameters.map { environment.bindings[$0] })
        defer {
            expandedStages = saved.0
            for (parameter, binding) in zip(definition.parameters, saved.1) { environment.bindings[parameter] = binding }
        }
        for parameter in definition.parameters {
            environment.bindings[parameter] = .value(.constant(.string(DefinitionTemplate.placeholder(parameter))))
        }
        let stages: [CheckedStage]? = quietly { checker in
            var checked: [CheckedStage] = []
            for inside in definition.stages {
                if checker.catalogue[inside.name] == nil, let nested = checker.environment.definitions[inside.name] {
                    guard let more = checker.expand(nested, at: inside, Scope()) else { return nil }
                    checked += more
                } else {
                    guard let stage = checker.checkOperator(inside, Scope()) else { return nil }
                    checked.append(stage)
                }
            }
            return checked
        }
        return stages.map { DefinitionTemplate(parameters: definition.parameters, stages: $0) }
    }

    /// A definition's stages, checked in place of `stage` (`above 90`): each parameter is
    /// the argument's value, positions and text are the definition's, and each stage's
    /// label says which definition it came from (`above: filter rating > n`).
    mutating func expand(_ definition: Definition, at stage: Stage, _ scope: Scope) -> [CheckedStage]? {
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
            // The outermost use wins: a definition used inside another is that one's.
            inner.definitionUse = DefinitionUse(name: stage.name, arguments: arguments, line: useSite.line, column: useSite.column,
                                                index: index, count: expanded.count)
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
}

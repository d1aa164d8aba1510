/// The checker's statements: `let`, `def`, `var`, `<-`, `:=`, a pipeline run, `service` and
/// `expect` checked, names that may be bound, and the limits a checked statement must fit.
extension Checker {
    mutating func check(_ statement: Statement, _ top: Scope) -> CheckedStatement? {
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
        case .bindProperty(let name, let nameRange, let initial, let value, _):
            guard checkBindable(name, nameRange) else { return nil }
            // The pipeline may not read the property it sets: it would feed itself.
            if reads(value, name) {
                report(.bindsItself(name), nameRange)
                return nil
            }
            var checkedInitial: CheckedExpression?
            if let initial {
                guard let checked = checkExpression(initial, top) else { return nil }
                checkedInitial = checked
            }
            return checkPipeline(value, top).map { .bindProperty(PropertyBinding(name: name, pipeline: $0, initial: checkedInitial)) }
        case .assign(let name, let nameRange, let path, let value, _):
            if environment.bindings[name] != nil {
                report(.notAProperty(name), nameRange)
                return nil
            }
            guard environment.properties.contains(name) else {
                // A one-letter name is one edit from every other: no suggestion.
                let close = name.count > 1 ? suggestion(for: name, among: Array(environment.properties)) : nil
                report(.unknownProperty(name, value: text(value.range), close: close), nameRange)
                return nil
            }
            let site = self.site(nameRange, stage: ":=")
            guard let checked = checkExpression(value, top), !signalAsValue(checked, value, in: value, "`:=`") else { return nil }
            return .assign(name: name, path: path, checked, site)
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
    mutating func fitsLimits(_ checked: CheckedStatement, _ statement: Statement) -> Bool {
        var extent = StatementExtent(boundDepths: environment.boundDepths)
        switch checked {
        case .bind(let name, let pipeline):
            extent.measure(pipeline, at: 0)
            environment.boundDepths[name] = extent.deepest
        case .bindProperty(let binding):
            extent.measure(binding.pipeline, at: 0)
        case .declareProperty(_, let expression), .assign(_, _, let expression, _):
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
        case .let(_, _, _, let whole), .var(_, _, _, let whole), .assign(_, _, _, _, let whole),
             .run(_, _, let whole), .expect(_, _, _, _, _, let whole), .service(_, _, _, let whole),
             .define(_, _, _, _, let whole), .import(_, _, let whole), .bindProperty(_, _, _, _, let whole):
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
        if let keyword = Keyword(rawValue: name), keyword.role == .scoped || keyword.role == .expression {
            report(.reservedName(name), range)
            return false
        }
        if let spec = catalogue[name] {
            report(.nameTaken(name, spec.role), range)
            return false
        }
        return true
    }

    /// Whether a pipeline's text names `name` (not as a field after `.`).
    private func reads(_ pipeline: Pipeline, _ name: String) -> Bool {
        let (tokens, _) = Lexer.tokens(of: Source(name: "", text: text(pipeline.range)))
        return zip([Token?.none] + tokens.map(Optional.some), tokens).contains { before, token in
            token.kind == .name(name) && before?.kind != .dot
        }
    }
}

import Signals

/// The checker's pipelines and stages: a pipeline's head (a source, a bound signal, a
/// property, an expression), its operators, each stage's arguments against its parameters
/// in the catalogue, and marbles with their values.
extension Checker {
    // MARK: Pipelines

    mutating func checkPipeline(_ pipeline: Pipeline, _ scope: Scope) -> CheckedPipeline? {
        var scope = scope
        scope.incomingFields = nil
        let head: CheckedHead?
        switch pipeline.head {
        case .call(let stage): head = checkSourceCall(stage, scope)
        case .expression(let expression): head = checkHeadExpression(expression, scope)
        }
        var stages: [CheckedStage] = []
        var failed = head == nil
        // The fields of the records flowing at each point, while the checker knows them.
        var fields = head.flatMap(recordFields(of:))
        for stage in pipeline.stages {
            if catalogue[stage.name] == nil, let definition = environment.definitions[stage.name] {
                fields = nil
                guard let expanded = expand(definition, at: stage, scope) else {
                    failed = true
                    continue
                }
                stages += expanded
                continue
            }
            var stageScope = scope
            stageScope.incomingFields = fields
            guard var checked = checkOperator(stage, stageScope) else {
                failed = true
                fields = nil
                continue
            }
            fields = recordFields(after: checked, given: fields)
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
            if let spec = catalogue[name], !(Keyword(rawValue: name)?.role == .expression && scope.hasIt) {
                if spec.role == .operator {
                    notASource(spec, expression.range)
                    return nil
                }
                let stage = Stage(name: name, nameRange: expression.range, arguments: [], range: expression.range)
                return checkStage(stage, spec, scope).map { .source($0) }
            }
            if environment.bindings[name] == nil, !scope.hasIt, Keyword(rawValue: name)?.role != .scoped {
                unknownName(name, expression.range, wanted: .source)
                return nil
            }
        }
        // `model.thumbnail`: a field of a property follows the property's changes.
        if let root = Self.memberRoot(expression), environment.properties.contains(root), environment.bindings[root] == nil {
            var scope = scope
            if scope.stage.isEmpty { scope.stage = text(expression.range) }
            return checkExpression(expression, scope).map { .propertyField(root, read: $0) }
        }
        // A run-time error in a pipeline that is only an expression names the expression.
        var scope = scope
        if scope.stage.isEmpty { scope.stage = text(expression.range) }
        return checkExpression(expression, scope).map { .value($0) }
    }

    /// `a` of `a.b.c`: the name a chain of fields starts from; nil for anything else.
    static func memberRoot(_ expression: Expression) -> String? {
        guard case .member(var base, _, _) = expression.kind else { return nil }
        while case .member(let inner, _, _) = base.kind { base = inner }
        if case .name(let name) = base.kind { return name }
        return nil
    }

    private mutating func notASource(_ spec: OperatorSpec, _ range: SourceRange) {
        report(.notASource(spec.name, .operator(use: spec.signature)), range)
    }

    mutating func checkOperator(_ stage: Stage, _ scope: Scope) -> CheckedStage? {
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
        // Its two signals are named by a `let` pair, which the parser wrote as two filters.
        guard spec.name != Parser.pairOperator else {
            report(.partitionUnnamed(pair: nil), stage.range)
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
            let missing = positionalParameters.filter { !$0.isOptional }[positional.count]
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
        // The arguments fill the required parameters, and as many optional ones as there
        // are more arguments, in order: `scan acc + it` is EXPRESSION alone, without SEED.
        var optionalsGiven = positional.count - required
        var arguments = positional.makeIterator()
        for parameter in positionalParameters where !variadic {
            if parameter.isOptional {
                guard optionalsGiven > 0 else {
                    checked.append(.absent)
                    continue
                }
                optionalsGiven -= 1
            }
            guard let argument = arguments.next() else { break }
            if let result = checkArgument(argument.value, parameter, spec, stageScope) { checked.append(result) } else { failed = true }
        }
        for (index, argument) in positional.enumerated() where variadic {
            let parameter = positionalParameters[min(index, positionalParameters.count - 1)]
            if let result = checkArgument(argument.value, parameter, spec, stageScope) { checked.append(result) } else { failed = true }
        }
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
                let word: String? = if case .name(let word) = argument.value.kind { word } else { nil }
                report(.expectedString(spec, keyword: parameter.keyword ?? "", found: word), argument.value.range)
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
        case .flag:
            guard rejectDuration(expression, spec), let checked = checkExpression(expression, scope) else { return nil }
            if let value = checked.constantValue, !(value == .bool(true) || value == .bool(false)) {
                report(.expectedBoolean(spec, parameter, found: value), expression.range)
                return nil
            }
            return .expression(checked)
        case .value, .count:
            return checkValueArgument(expression, parameter, spec, scope)
        case .perValue, .accumulator, .condition:
            guard parameter.kind != .condition || rejectDuration(expression, spec) else { return nil }
            var inner = scope
            inner.hasIt = true
            inner.itFields = scope.incomingFields
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
            return checkDurationArgument(expression, parameter, spec, scope)
        case .durationOrPipeline:
            var alternative = parameter
            // A duration, or what was meant as one (`300`, `-1s`), or one computed
            // (`it * 10ms`): else a pipeline.
            alternative.kind = readsAsDuration(expression) ? .duration : .perValuePipeline
            return checkArgument(expression, alternative, spec, scope)
        case .countOrSignal:
            var alternative = parameter
            alternative.kind = .count
            switch expression.kind {
            case .pipeline: alternative.kind = .signal
            case .name(let name):
                if case .signal = environment.bindings[name] { alternative.kind = .signal }
            default: break
            }
            return checkArgument(expression, alternative, spec, scope)
        case .signal, .perValuePipeline, .errorPipeline:
            var inner = scope
            if parameter.kind == .perValuePipeline {
                inner.hasIt = true
                inner.itFields = scope.incomingFields
            }
            if parameter.kind == .errorPipeline { inner.hasError = true }
            return checkSignalArgument(expression, spec, inner).map { .pipeline($0) }
        case .marble:
            return checkMarbleArgument(expression, parameter, spec)
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

    /// A value, or a whole number (`take N`): a literal count is checked now.
    private mutating func checkValueArgument(_ expression: Expression, _ parameter: Parameter, _ spec: OperatorSpec,
                                             _ scope: Scope) -> CheckedArgument? {
        guard parameter.kind != .count || rejectDuration(expression, spec) else { return nil }
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
    }

    /// A duration: a literal, not shorter than the parameter allows (`interval 0ms`), or
    /// one computed from values (`delay it * 2ms`, `timer it * 200ms`), checked when it is
    /// known now and else when the stage computes it.
    private mutating func checkDurationArgument(_ expression: Expression, _ parameter: Parameter,
                                                _ spec: OperatorSpec, _ scope: Scope) -> CheckedArgument? {
        switch expression.kind {
        case .duration(let span): return checkedDuration(span, expression, parameter, spec)
        case .negate(let inner):
            if case .duration(let span) = inner.kind {
                report(.negativeDuration(spec.name, span), expression.range)
                return nil
            }
        case .number(let written):
            report(.expectedDuration(spec.name, number: written), expression.range)
            return nil
        default: break
        }
        var inner = scope
        if parameter.durationOfEach {
            inner.hasIt = true
            inner.itFields = scope.incomingFields
        }
        guard let checked = checkExpression(expression, inner) else { return nil }
        switch checked.constantValue {
        case .duration(let span)?: return checkedDuration(span, expression, parameter, spec)
        case nil where !checked.isNeverDuration: return .expression(checked)
        default:
            report(.expectedDuration(spec.name, number: nil), expression.range)
            return nil
        }
    }

    private mutating func checkedDuration(_ span: TimeSpan, _ expression: Expression, _ parameter: Parameter,
                                          _ spec: OperatorSpec) -> CheckedArgument? {
        if span < .zero {
            report(.negativeDuration(spec.name, TimeSpan(nanoseconds: -span.nanoseconds)), expression.range)
            return nil
        }
        if span < parameter.shortest {
            report(.zeroPeriod(spec.name, span, parameter), expression.range)
            return nil
        }
        return .duration(span)
    }

    /// Whether a `.durationOrPipeline` argument is a duration: a literal, what was meant as
    /// one (`300`, `-1s`), or a computation (`it * 10ms`, a `let` value) that holds no
    /// pipeline; a parenthesised pipeline or a signal's name is the pipeline.
    private func readsAsDuration(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .duration, .number, .negate, .binary, .member, .index, .call: return true
        case .conditional(_, let then, let otherwise): return readsAsDuration(then) && readsAsDuration(otherwise)
        case .name(let name):
            if case .value = environment.bindings[name] { return true }
            return false
        default: return false
        }
    }

    /// A marble string; a hot one gets its id, so the run starts it at frame 0.
    private mutating func checkMarbleArgument(_ expression: Expression, _ parameter: Parameter,
                                              _ spec: OperatorSpec) -> CheckedArgument? {
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

    /// A duration literal where a count, a flag or a condition goes (`take 5ms`): a duration
    /// is a value, but never one of those.
    private mutating func rejectDuration(_ expression: Expression, _ spec: OperatorSpec) -> Bool {
        if case .duration(let span) = expression.kind {
            report(.unexpectedDuration(span, for: spec.name), expression.range)
            return false
        }
        return true
    }

    mutating func checkMarbleValues(_ expression: Expression) -> CheckedExpression? {
        guard case .record = expression.kind else {
            report(.expectedValues, expression.range)
            return nil
        }
        return checkExpression(expression, Scope())
    }

    mutating func parseMarble(_ text: String, _ range: SourceRange, kind: Marble.Kind) -> Marble? {
        do throws(MarbleError) {
            return try Marble.parse(text, kind: kind)
        } catch {
            // +1 for the opening quote (marbles have no escapes, so offsets line up).
            let start = range.start + 1 + error.offset
            report(.badMarble(error), SourceRange(start: start, end: start + error.length))
            return nil
        }
    }
}

/// The checker's expressions: literals, lists and records (folded when known), names
/// resolved where they stand (`it`, `acc`, `error`, bindings, properties, sources), calls,
/// operators, a signal used as a value, and what to say of a name it does not know.
extension Checker {
    mutating func checkExpression(_ expression: Expression, _ scope: Scope) -> CheckedExpression? {
        switch expression.kind {
        case .number(let number): return .constant(.number(number))
        case .string(let text): return .constant(.string(text))
        case .bool(let bool): return .constant(.bool(bool))
        case .null: return .constant(.null)
        case .duration(let span): return .constant(.duration(span))
        case .list(let elements):
            return checkList(elements, expression.range, scope)
        case .record(let fields):
            return checkRecord(fields, expression.range, scope)
        case .name(let name):
            return resolve(name, expression.range, scope)
        case .member(let base, let name, let nameRange):
            guard let checked = checkExpression(base, scope), !signalAsValue(checked, base, in: expression, "`.\(name)`") else { return nil }
            if case .it = checked, !knownField(name, nameRange, scope) { return nil }
            if !knownField(name, of: checked, nameRange, scope) { return nil }
            return .field(checked, name, site(nameRange, stage: scope.stage))
        case .index(let base, let index):
            guard let checkedBase = checkExpression(base, scope), let checkedIndex = checkExpression(index, scope),
                  !signalAsValue(checkedBase, base, in: expression, "`[...]`"),
                  !signalAsValue(checkedIndex, index, in: expression, "`[...]`") else { return nil }
            return .index(checkedBase, checkedIndex, site(expression.range, stage: scope.stage))
        case .call(let name, let arguments) where catalogue[name] != nil
            && !(Function.named[name]?.arity.contains(arguments.count) ?? false):
            return sourceCalled(name, arguments, expression.range)
        case .call(let name, let arguments):
            return checkCall(name, arguments, expression, scope)
        case .negate(let operand):
            guard let checked = checkExpression(operand, scope), !signalAsValue(checked, operand, in: expression, "`-`") else { return nil }
            return .negate(checked, site(expression.range, stage: scope.stage))
        case .not(let operand):
            guard let checked = checkExpression(operand, scope), !signalAsValue(checked, operand, in: expression, "`not`") else { return nil }
            return .not(checked, site(expression.range, stage: scope.stage))
        case .binary(let op, let left, let right, let operatorRange):
            return checkBinary(op, left, right, operatorRange, expression, scope)
        case .conditional(let condition, let then, let otherwise):
            guard let c = checkExpression(condition, scope), let a = checkExpression(then, scope),
                  let b = checkExpression(otherwise, scope), !signalAsValue(c, condition, in: expression, "`if`") else { return nil }
            return .conditional(c, a, b, site(expression.range, stage: scope.stage))
        case .pipeline(let pipeline):
            return checkPipeline(pipeline, scope).map { .pipeline($0) }
        }
    }

    private mutating func checkList(_ elements: [Expression], _ range: SourceRange, _ scope: Scope) -> CheckedExpression? {
        var checked: [CheckedExpression] = []
        for element in elements {
            guard let value = checkExpression(element, scope) else { return nil }
            checked.append(value)
        }
        let site = self.site(range, stage: scope.stage)
        if checked.allSatisfy({ $0.constantValue != nil }) {
            return constant(range) { () throws(EvaluationFailure) in
                let values = checked.compactMap(\.constantValue)
                try Value.checkSize(ofContainerWith: values)
                return .list(values)
            }
        }
        return .list(checked, site)
    }

    private mutating func checkRecord(_ fields: [RecordField], _ range: SourceRange, _ scope: Scope) -> CheckedExpression? {
        var checked: [(String, CheckedExpression)] = []
        for field in fields {
            guard let value = checkExpression(field.value, scope) else { return nil }
            checked.append((field.name, value))
        }
        let site = self.site(range, stage: scope.stage)
        if checked.allSatisfy({ $0.1.constantValue != nil }) {
            return constant(range) { () throws(EvaluationFailure) in
                let record = Record(checked.compactMap { name, value in value.constantValue.map { (name, $0) } })
                try Value.checkSize(ofContainerWith: record.fields.lazy.map(\.value))
                return .record(record)
            }
        }
        return .record(checked, site)
    }

    /// `of(1, 2)`, `interval(100)`: RxJS's way of calling a source, said with frp's.
    private mutating func sourceCalled(_ name: String, _ arguments: [Expression], _ range: SourceRange) -> CheckedExpression? {
        guard let spec = catalogue[name] else { return nil }
        let durations = spec.parameters.map { $0.kind == .duration }
        let written = arguments.enumerated().map { index, argument in
            var shown = text(argument.range)
            if durations.indices.contains(index), durations[index], case .number = argument.kind { shown += "ms" }
            return shown
        }
        let call = ([name] + [written.joined(separator: ", ")]).filter { !$0.isEmpty }.joined(separator: " ")
        report(.notAFunction(name, .catalogued(spec.role, written: call, durations: durations.contains(true))), range)
        return nil
    }

    private mutating func checkCall(_ name: String, _ arguments: [Expression], _ expression: Expression, _ scope: Scope) -> CheckedExpression? {
        guard Operations.functionNames.contains(name) else {
            let hint: Problem.NameHint = Spellings.advice(for: name).map { .habit($0) }
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
        for (index, argument) in arguments.enumerated() {
            // A per-item function's expression has the item as `it` (its fields unknown).
            var inner = scope
            if function.perItem != nil, index == 1 {
                inner.hasIt = true
                inner.itFields = nil
            }
            guard let value = checkExpression(argument, inner),
                  !signalAsValue(value, argument, in: expression, "`\(name)`") else { return nil }
            checked.append(value)
        }
        return .call(name, checked, site(expression.range, stage: scope.stage))
    }

    private mutating func checkBinary(_ op: BinaryOperator, _ left: Expression, _ right: Expression, _ operatorRange: SourceRange,
                                      _ expression: Expression, _ scope: Scope) -> CheckedExpression? {
        // `it.nick ?? name`: a field that may be missing is asked for on purpose.
        var leftScope = scope
        if op == .coalesce { leftScope.itFields = nil }
        let checkedLeft = checkExpression(left, leftScope)
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
    }

    /// `not s`, `s.x`, `take s` when `s` is a signal: reported (true) where the checker
    /// knows it is one, since it would fail only when it runs. The hint maps over its values.
    mutating func signalAsValue(_ checked: CheckedExpression, _ part: Expression, in whole: Expression,
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
        switch Keyword(rawValue: name) {
        case .it?:
            guard scope.hasIt else {
                report(.noValueHere, range)
                return nil
            }
            return .it
        case .acc?:
            guard scope.hasAcc else {
                report(.noAccumulatorHere, range)
                return nil
            }
            return .acc
        case .error? where scope.hasError:
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
        if scope.hasIt {
            guard knownField(name, range, scope) else { return nil }
            return .field(.it, name, site(range, stage: scope.stage))
        }
        if name == "error" {
            report(.noErrorHere, range)
            return nil
        }
        unknownName(name, range, wanted: nil)
        return nil
    }

    /// The seeds' spellings of things frp has under one name each.
    mutating func unknownName(_ name: String, _ range: SourceRange, wanted role: OperatorSpec.Role?) {
        if failedNames.contains(name) { return }
        func unknown(_ hint: Problem.NameHint, field: Bool = false) {
            report(role == .operator ? .unknownOperator(name, hint) : .unknownName(name, hint, field: field), range)
        }
        if let hint = Spellings.advice(for: name) { return unknown(.habit(hint)) }
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
}

extension CheckedExpression {
    var isPipeline: Bool {
        if case .pipeline = self { return true }
        return false
    }

    /// Whether it is certainly a plain value, whatever flows at run time: a literal, or
    /// what an operator or function makes. `it`, a field or a condition may be a signal.
    public var isNeverSignal: Bool {
        switch self {
        case .constant(let value): if case .signal = value { return false } else { return true }
        case .acc, .error, .negate, .not, .binary, .call, .list, .record: return true
        case .it, .property, .field, .index, .conditional, .pipeline: return false
        }
    }

    /// Whether it is certainly not a duration: a literal of another kind, a condition, a
    /// list or a record. (Arithmetic may make one: `it * 2ms`.)
    var isNeverDuration: Bool {
        switch self {
        case .constant(let value): if case .duration = value { return false } else { return true }
        case .not, .list, .record, .pipeline: return true
        case .binary(let op, _, _, _): return [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .and, .or, .matches].contains(op)
        default: return false
        }
    }
}

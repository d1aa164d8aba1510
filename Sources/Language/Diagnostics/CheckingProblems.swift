import Signals

/// What checking a script can find — names (03), arguments (04), sizes and imports (05) —
/// each a `Problem` made from typed parameters, and each code's long form.
extension Problem {
    /// What to say after "I do not know … called `NAME`:".
    enum NameHint: Equatable {
        /// A close name of the kind wanted.
        case didYouMean(String)
        /// A close name of another kind: `` `x` is close, but it is not an operator ``.
        case closeButNot(String, because: String)
        /// Another library's name for one of ours.
        case elsewhere(library: String, ours: String)
        /// A spelling a reader of another library types, with its own advice.
        case habit(String)
        /// Nothing close: where to look.
        case look(String)

        var text: String {
            switch self {
            case .didYouMean(let name): return "did you mean `\(name)`?"
            case .closeButNot(let name, let because): return "`\(name)` \(because)"
            case .elsewhere(let library, let ours): return "is \(library)'s name; here it is `\(ours)`"
            case .habit(let advice), .look(let advice): return advice
            }
        }
    }

    // MARK: 03 names

    /// `swichMap` where an operator goes.
    static func unknownOperator(_ name: String, _ hint: NameHint) -> Problem {
        Problem(.unknownOperator, "I do not know an operator called `\(name)`:", hint: hint.sentence(for: name))
    }

    /// A name at the head of a pipeline (a source, a `let`), or in an expression (`field`:
    /// no value flows there).
    static func unknownName(_ name: String, _ hint: NameHint, field: Bool = false) -> Problem {
        Problem(.unknownName, field ? "I do not know a name `\(name)` here, and no value flows here whose field it could be:"
                    : "I do not know a source or a name called `\(name)`:", hint: hint.sentence(for: name))
    }

    /// `ln(x)` where no function has that name.
    static func unknownFunction(_ name: String, _ hint: NameHint) -> Problem {
        Problem(.unknownFunction, "I do not know a function called `\(name)`:", hint: hint.sentence(for: name))
    }

    /// `count := 1` where no `var count` was declared; `close`, a property with a close name.
    static func unknownProperty(_ name: String, close: String?) -> Problem {
        Problem(.unknownProperty, "I do not know a property called `\(name)`:",
                hint: close.map { "did you mean `\($0)`?" } ?? "declare it first: `var \(name) = VALUE`")
    }

    /// What stands where a pipeline starts, and needs a signal before it.
    enum Unstarted: Equatable {
        /// A `def` (`use`: the stage as written).
        case definition(use: String)
        /// An operator (`use`: its signature).
        case `operator`(use: String)
    }

    /// `map it * 2` or `above 3` at the head of a pipeline.
    static func notASource(_ name: String, _ what: Unstarted) -> Problem {
        switch what {
        case .definition(let use):
            return Problem(.notASource, "`\(name)` is a definition of stages: it needs a signal before it.",
                           hint: "write it after a source, like `of 1, 2, 3 | \(use)`")
        case .operator(let use):
            return Problem(.notASource, "`\(name)` is an operator: it needs a signal before it.",
                           hint: "write it after a source, like `of 1, 2, 3 | \(use)`")
        }
    }

    /// What stands after `|` (or in a definition's stages) and is not an operator.
    enum Misplaced: Equatable {
        /// A source after `|` (`call`: the stage as written).
        case source(call: String)
        /// A source among a definition's stages.
        case sourceInDefinition(call: String)
        /// A name bound to a signal.
        case signal
    }

    /// `| range 1, 3`, `def d = range 1, 3`, `| clicks`.
    static func notAnOperator(_ name: String, _ what: Misplaced) -> Problem {
        switch what {
        case .source(let call):
            return Problem(.notAnOperator, "`\(name)` is a source: it starts a pipeline, it cannot follow `|`.",
                           hint: "to add its values, write `merge (\(call))` or `concat (\(call))`")
        case .sourceInDefinition(let call):
            return Problem(.notAnOperator, "`\(name)` is a source: a definition stands for stages that follow `|`.",
                           hint: "to add its values, write `merge (\(call))`")
        case .signal:
            return Problem(.notAnOperator, "`\(name)` is a signal, not an operator:",
                           hint: "to combine it, write `merge \(name)`, `concat \(name)` or `switchMap \(name)`")
        }
    }

    /// What is called like a function and is not one.
    enum Uncallable: Equatable {
        /// A name bound with `let` or `var`, given arguments.
        case binding
        /// A source or an operator called with parentheses (`of(1, 2)`): `written`, its
        /// arguments as they go; `durations`, whether one of them is a duration.
        case catalogued(OperatorSpec.Role, written: String, durations: Bool)
    }

    /// `limit 3` when `limit` is a name; `interval(100)`.
    static func notAFunction(_ name: String, _ what: Uncallable) -> Problem {
        switch what {
        case .binding:
            return Problem(.notAFunction, "`\(name)` is a name, and takes no arguments:", hint: "use it alone: `\(name) | ...`")
        case .catalogued(let role, let written, let durations):
            return Problem(.notAFunction, "`\(name)` is \(role == .source ? "a source" : "an operator"), and its arguments go without parentheses:",
                           hint: "write `\(role == .source ? written : "| " + written)`"
                               + (durations ? " (a duration has its unit, like `100ms`)" : ""))
        }
    }

    /// `clicks := 1` when `clicks` is a signal bound with `let`.
    static func notAProperty(_ name: String) -> Problem {
        Problem(.notAProperty, "`\(name)` is a signal bound with `let`, and `:=` sets only a property:",
                hint: "a `let` name cannot change; to have one that does, write `var \(name) = VALUE` instead of `let`")
    }

    /// `service NAME ...` where NAME is not a photo service; `close`, the nearest one.
    static func notAService(_ name: String, close: String?, services: [String]) -> Problem {
        Problem(.notAService, "`service` changes how a photo service behaves, and `\(name)` is not one:",
                hint: close.map { "did you mean `\($0)`?" } ?? "the services are " + services.joined(separator: ", "))
    }

    /// `execute clicks` when `clicks` is a signal, not an action.
    static func notAnAction(_ name: String, signal: String) -> Problem {
        Problem(.notAnAction, "`\(name)` needs an action, and `\(signal)` is a signal:",
                hint: "make one with `let NAME = INPUTS | action (PIPELINE)`, then write `\(name) NAME`")
    }

    /// `def name = 3`: a value or a signal where stages go.
    static func notStages(_ name: String) -> Problem {
        Problem(.notStages, "A definition stands for stages that follow `|`, and this is a value or a signal:",
                hint: "write `def \(name)(n) = filter rating > n`; for a value or a signal, write `let \(name) = ...`")
    }

    /// `let it = 1`.
    static func reservedName(_ name: String) -> Problem {
        Problem(.reservedName, "`\(name)` has a meaning of its own, so I cannot bind it:", hint: "choose another name")
    }

    /// `let map = 1`: the name of a source or an operator (`role`).
    static func nameTaken(_ name: String, _ role: OperatorSpec.Role) -> Problem {
        Problem(.nameTaken, "`\(name)` is the name of an operator or source:",
                hint: "choose another name, so `\(name)` keeps meaning the \(role == .source ? "source" : "operator")")
    }

    /// `var x <- x | map it + 1`.
    static func bindsItself(_ name: String) -> Problem {
        Problem(.bindsItself, "`\(name)` would be set by a pipeline that reads `\(name)`:",
                hint: "bind it to a pipeline of other names; use `scan` to build a value from its own past")
    }

    /// `def loop = map it | loop`.
    static func recursiveDefinition(_ name: String) -> Problem {
        Problem(.recursiveDefinition, "`\(name)` uses itself, and putting it in place would never end:",
                hint: "a definition may use operators and the definitions made before it")
    }

    /// `def between(n, n) = ...`.
    static func duplicateParameter(_ parameter: String, of definition: String) -> Problem {
        Problem(.duplicateParameter, "`\(parameter)` names two parameters of `\(definition)`:", hint: "give each its own name")
    }

    /// `it` where no value flows.
    static var noValueHere: Problem {
        Problem(.noValueHere, "`it` is the value flowing through a stage, but no value flows here:",
                hint: "use `it` in an expression of map, filter, scan, ..., or inside flatMap's pipeline")
    }

    /// `acc` outside `scan` and `reduce`.
    static var noAccumulatorHere: Problem {
        Problem(.noAccumulatorHere, "`acc` is the accumulation of `scan` and `reduce`, and this is not one of them:",
                hint: "write `scan SEED, acc + it` or `reduce SEED, acc + it`")
    }

    /// `error` outside catch's pipeline.
    static var noErrorHere: Problem {
        Problem(.noErrorHere, "`error` is the error `catch` caught, and this is not inside catch's pipeline:",
                hint: "write `catch (of \"failed: \" + error)`")
    }

    /// What to write instead of a signal used as a value.
    enum SignalFix: Equatable {
        /// Work on its values: `` to work on its values, write `clicks | map it + 1` ``.
        case map(String)
        /// A count: the stage written with whole numbers (`signature`).
        case wholeNumbers(signature: String)
        /// A condition: decide by the signal's latest value (`withLatestFrom SIGNAL | OPERATOR it[1]`).
        case latest(signal: String, operator: String)

        var text: String {
            switch self {
            case .map(let fixed): return "to work on its values, write `\(fixed)`"
            case .wholeNumbers(let signature): return "write `\(signature)` with whole numbers"
            case .latest(let signal, let name): return "to decide by another signal's latest value, write `withLatestFrom \(signal) | \(name) it[1]`"
            }
        }
    }

    /// `` `clicks` is a signal, and `+` works on values ``: `user`, what reads the signal;
    /// `needs`, what it needs instead.
    static func signalInExpression(_ signal: String, user: String, needs: String = "works on values", _ fix: SignalFix) -> Problem {
        Problem(.signalInExpression, "`\(signal)` is a signal, and \(user) \(needs):", hint: fix.text)
    }

    // MARK: 04 arguments

    /// What a call with the wrong number of arguments takes.
    enum Takes: Equatable {
        /// A definition's parameters.
        case definition(parameters: [String])
        /// A function's: how many, and its signature.
        case function(arity: ClosedRange<Int>, signature: String)
    }

    /// `above 1, 2` for `def above(n)`; `round(1, 2, 3)`.
    static func wrongArguments(_ name: String, _ takes: Takes, found: Int) -> Problem {
        switch takes {
        case .definition(let parameters):
            return Problem(.wrongArguments, "`\(name)` takes \(parameters.isEmpty ? "no arguments" : parameters.joined(separator: ", ")), and I found \(found) argument\(found == 1 ? "" : "s"):",
                           hint: "write `\(name)\(parameters.isEmpty ? "" : " " + parameters.joined(separator: ", "))`")
        case .function(let arity, let signature):
            let count = arity.count == 1 ? "\(arity.lowerBound)" : "\(arity.lowerBound) or \(arity.upperBound)"
            return Problem(.wrongArguments, "`\(name)` takes \(count == "1" ? "one argument" : count + " arguments"), and I found \(found):",
                           hint: "write `\(arity == 1...1 ? "\(name)(x)" : signature)`")
        }
    }

    /// `take`: a positional argument missing (`found` given before it).
    static func missingArgument(_ spec: OperatorSpec, _ missing: Parameter, found: Int) -> Problem {
        Problem(.missingArgument,
                "`\(spec.name)` needs \(missing.described) (\(missing.name)), and I found \(found == 0 ? "none" : "only \(found) argument\(found == 1 ? "" : "s")"):",
                hint: "write `\(spec.signature)`")
    }

    /// `take 1, 2`: more positional arguments than the `takes` it has.
    static func tooManyArguments(_ spec: OperatorSpec, takes: Int) -> Problem {
        Problem(.tooManyArguments,
                "`\(spec.name)` takes \(takes == 0 ? "no arguments" : "\(takes) argument\(takes == 1 ? "" : "s")"), but I found more:",
                hint: takes == 0 ? "remove it: `\(spec.name)` works alone" : "write `\(spec.signature)`")
    }

    /// `take 2 error "x"`: a keyword the stage does not have.
    static func unexpectedArgument(_ spec: OperatorSpec, keyword: String) -> Problem {
        Problem(.unexpectedArgument, "`\(spec.name)` takes no `\(keyword)` argument:", hint: "write `\(spec.signature)`")
    }

    /// `log 3`; with `keyword`, `cold "-a-#" error 3` (a keyword argument's string).
    static func expectedString(_ spec: OperatorSpec, keyword: String? = nil) -> Problem {
        Problem(.expectedString, keyword.map { "`\($0)` needs a string:" } ?? "`\(spec.name)` needs a string here:",
                hint: "write `\(spec.signature)`")
    }

    /// `take "3"` (`found`, the value), or `take (of 3)` (nil: a pipeline).
    static func expectedNumber(_ spec: OperatorSpec, _ parameter: Parameter, found: Value?) -> Problem {
        guard let found else {
            return Problem(.expectedNumber, "`\(spec.name)` needs a whole number here, not a pipeline:",
                           hint: "write `\(spec.signature)` with whole numbers")
        }
        return Problem(.expectedNumber, "`\(spec.name)` needs a whole number here, not \(found.kindDescription) (\(found.abbreviated)):",
                       hint: countHint(spec, parameter))
    }

    /// `take 1.5`, `take -1`, `take 1e18`: a number the count cannot be.
    static func badCount(_ spec: OperatorSpec, _ parameter: Parameter, _ number: Double) -> Problem {
        if number == number.rounded(), number >= Double(parameter.minimum) {
            return Problem(.badCount, "`\(spec.name)` needs a whole number I can count to, and `\(Value.format(number))` is too big:",
                           hint: "\(parameter.name) goes up to \(parameter.maximum)")
        }
        let least = parameter.minimum == 0 ? "that is not negative" : "of at least \(parameter.minimum)"
        return Problem(.badCount, "`\(spec.name)` needs a whole number \(least), not `\(Value.format(number))`:", hint: countHint(spec, parameter))
    }

    /// `write `take N` with N = 0, 1, 2, ...`.
    private static func countHint(_ spec: OperatorSpec, _ parameter: Parameter) -> String {
        "write `\(spec.signature)` with \(parameter.name) = "
            + (parameter.minimum...parameter.minimum + 2).map(String.init).joined(separator: ", ") + ", ..."
    }

    /// `debounce 300` (`number`), or `debounce "x"` (nil).
    static func expectedDuration(_ name: String, number: Double?) -> Problem {
        Problem(.expectedDuration, "`\(name)` needs a duration here:",
                hint: number.map { "write `\(Value.format($0))ms` for milliseconds or `\(Value.format($0))s` for seconds" }
                    ?? "write a duration like `300ms` or `2s`")
    }

    /// `delay -1s`.
    static func negativeDuration(_ name: String, _ span: TimeSpan) -> Problem {
        Problem(.negativeDuration, "`\(name)` waits for a duration, and `-\(span)` is less than none:",
                hint: "write `\(name) \(span)`, or `0ms` for no wait")
    }

    /// `interval 0ms`: shorter than the parameter's shortest.
    static func zeroPeriod(_ name: String, _ span: TimeSpan, _ parameter: Parameter) -> Problem {
        Problem(.zeroPeriod, "`\(name) \(span)` would send values without end while hardly any time passes:",
                hint: "use a \(parameter.name.lowercased()) of at least \(parameter.shortest)")
    }

    /// `cold 3`.
    static func expectedMarble(_ name: String) -> Problem {
        Problem(.expectedMarble, "`\(name)` needs a marble string here:", hint: #"a marble looks like "-a-b-|""#)
    }

    /// `merge 3`: `value` as written.
    static func expectedSignal(_ name: String, value: String) -> Problem {
        Problem(.expectedSignal, "`\(name)` needs a signal here, and `\(value)` is a value:",
                hint: "`of X` makes a signal of one value: `\(name) (of \(value))`")
    }

    /// `cold "-a|" 3`: a marble's values that are not a record.
    static var expectedValues: Problem {
        Problem(.expectedValues, "I expected a record that says what the marks stand for:", hint: #"write {a: 1, b: "two"} after the marble"#)
    }

    /// `map 300ms` (a stage's, `name`), or a duration inside an expression (nil).
    static func unexpectedDuration(_ span: TimeSpan, for name: String? = nil) -> Problem {
        Problem(.unexpectedDuration, name.map { "`\($0)` needs a value here, not the duration `\(span)`:" } ?? "The duration `\(span)` is not a value:",
                hint: "durations go where an operator waits, like `debounce 300ms`")
    }

    /// `cold "-a-|-b"`.
    static func badMarble(_ error: MarbleError) -> Problem {
        Problem(.badMarble, "This marble does not read right: \(error.message).", hint: error.hint)
    }

    /// `it matches "["`.
    static func badPattern(_ failure: EvaluationFailure) -> Problem {
        Problem(.badPattern, "\(failure.message):", hint: "patterns use the usual syntax, like \"[a-zA-Z0-9_]{6,16}\"")
    }

    /// A list or record known before the run, past `Limits`.
    static func valueTooBig(_ failure: EvaluationFailure) -> Problem {
        Problem(.valueTooBig, "This value is too big: \(failure.message).", hint: "build big values while the pipeline runs, with `scan` or `buffer`")
    }

    // MARK: 05 sizes and imports

    /// Deeper than `Limits.statementDepth`.
    static var statementTooDeep: Problem {
        Problem(.statementTooDeep,
                "This statement goes more than \(Limits.statementDepth) levels deep, counting its stages, those of the `let` names it uses, and its inner pipelines; running it would overflow the stack.",
                hint: "split it into shorter pipelines")
    }

    /// More than `Limits.statementParts` parts.
    static var statementTooBig: Problem {
        Problem(.statementTooBig,
                "This statement has more than \(Limits.statementParts) parts once the `let` values it uses are filled in.",
                hint: "a `let` value is copied wherever it is used: bind a signal instead, or use it less")
    }

    /// Putting the definition `name` in place passes `Limits.expandedStages`.
    static func definitionsTooBig(_ name: String) -> Problem {
        Problem(.definitionsTooBig,
                "Putting `\(name)` in place gives this statement more than \(Limits.expandedStages) stages: each use of a definition is copied whole, so definitions that use the one before twice double at every step.",
                hint: "use fewer definitions inside each other, or bind the shared part once with `let NAME = PIPELINE | share`")
    }

    /// `import` where files cannot be read (the playground, a lesson's answer).
    static var importUnavailable: Problem {
        Problem(.importUnavailable, "Nothing can be imported here:", hint: "use `frp run`, `frp test` or the prompt")
    }

    /// `import "lib.frp"` that cannot be read: `resolved`, its path; `reason`, why.
    static func cannotImport(_ path: String, resolved: String, reason: String) -> Problem {
        Problem(.cannotImport, "I cannot read `\(path)` (\(resolved)): \(reason)", hint: "the path is relative to the importing file's folder")
    }

    /// `import` of a file being imported: `cycle`, the files from it back to it.
    static func importCycle(_ path: String, cycle: [String]) -> Problem {
        Problem(.importCycle, "`\(path)` is already being imported: \(cycle.joined(separator: " → "))",
                hint: "move what both files need into a third one that neither imports back")
    }

    /// A line of an imported file that would run.
    static var notADefinition: Problem {
        Problem(.notADefinition, "An imported file brings definitions, and this line would run:",
                hint: "keep `let`, `def`, `var` and `import` in a library; run and `expect` in the file that imports it")
    }
}

extension Parameter {
    /// `a whole number`, for MISSING ARGUMENT.
    var described: String {
        switch kind {
        case .value: return "a value"
        case .perValue, .condition: return "an expression"
        case .accumulator: return "an expression with `acc` and `it`"
        case .count: return "a whole number"
        case .duration: return "a duration"
        case .durationOrPipeline: return "a duration or a pipeline"
        case .signal: return "a signal"
        case .perValuePipeline: return "a pipeline"
        case .errorPipeline: return "a pipeline"
        case .marble: return "a marble"
        case .marbleValues: return "a record of values"
        case .text: return "a string"
        case .action: return "an action"
        }
    }
}

extension Problem.NameHint {
    /// The hint, with the name where it needs it (`` `flatMapLatest` is RxSwift's name ``).
    func sentence(for name: String) -> String {
        if case .elsewhere = self { return "`\(name)` " + text }
        return text
    }
}

extension DiagnosticCode {
    static let checkingLongForms: [DiagnosticCode: LongForm] = [
        .unknownOperator: LongForm(
            "A stage names an operator the catalogue does not have: a typo, another library's name for one of ours, or a definition made later. The hint names the closest operator, or says whose name it is.",
            wrong: "cold \"-a-b|\" | swichMap (cold \"-x|\")",
            right: "cold \"-a-b|\" | switchMap (cold \"-x|\")"),
        .unknownName: LongForm(
            "A pipeline starts with a name that is neither a source nor a name bound before it (`let`, `var`), or an expression uses a name that is not bound where no value flows.",
            wrong: "let clicks = cold \"-a-b|\"\nclikcs | count",
            right: "let clicks = cold \"-a-b|\"\nclicks | count"),
        .unknownFunction: LongForm(
            "An expression calls a function that does not exist: usually a typo, or a function of another language. The hint names the closest function, or lists them all.",
            wrong: "of \"a\", \"bc\" | map lenght(it)",
            right: "of \"a\", \"bc\" | map length(it)"),
        .unknownProperty: LongForm(
            "`NAME := VALUE` sets a property, and no property of that name was declared with `var`: usually a typo, or a `var` still to write.",
            wrong: "var total = 0\ntotl := 1",
            right: "var total = 0\ntotal := 1"),
        .notASource: LongForm(
            "A pipeline starts with an operator or a definition of stages, which work on the values of a signal before them: the pipeline has no source yet.",
            wrong: "map it * 2",
            right: "of 1, 2, 3 | map it * 2"),
        .notAnOperator: LongForm(
            "A source, or a name bound to a signal, stands after `|` (or among a definition's stages), where an operator goes: a source starts a pipeline of its own. To add its values to the pipeline, merge or concat it.",
            wrong: "of 1, 2 | range 5, 2",
            right: "of 1, 2 | merge (range 5, 2)"),
        .notAFunction: LongForm(
            "Something that is not a function is called like one: a source or an operator with its arguments in parentheses (as RxJS writes them), or a bound name given arguments.",
            wrong: "of(1, 2, 3)",
            right: "of 1, 2, 3"),
        .notAProperty: LongForm(
            "`:=` sets a property, and the name is a signal bound with `let`, which never changes. A name that changes is declared with `var`.",
            wrong: "let clicks = cold \"-a-b|\"\nclicks := 1",
            right: "var clicks = 0\nclicks := 1"),
        .notAService: LongForm(
            "`service` changes how one of the photo services behaves (fails, slow, ok), and the name is not one of them: usually a typo.",
            wrong: "service popluar fails \"offline\"",
            right: "service popular fails \"offline\"\npopular | catch (of [])"),
        .notAnAction: LongForm(
            "`executing`, `enabled` and `errors` watch an action, a name bound to a pipeline that ends in `action`, and the argument is a plain signal.",
            wrong: "let presses = cold \"-s-s|\"\nexecuting presses",
            right: "let save = cold \"-s-s|\" | action (timer 3ms)\nexecuting save | take 3"),
        .notStages: LongForm(
            "`def` names stages that follow `|`, and its body is a value or a signal instead. A value or a signal gets its name with `let`.",
            wrong: "def double = 2",
            right: "def double = map it * 2\nof 1, 2 | double"),
        .reservedName: LongForm(
            "`let`, `var` or `def` would bind a name that already means something wherever it stands (`it`, `acc`, `error`, a keyword like `if`), so it cannot be bound.",
            wrong: "let it = 1",
            right: "let one = 1\nof one"),
        .nameTaken: LongForm(
            "A name is bound that a source or an operator already has: it would hide the source or the operator. Choose another name.",
            wrong: "let count = 3",
            right: "let total = 3\nof total"),
        .bindsItself: LongForm(
            "A property is bound (`var NAME <- PIPELINE`) to a pipeline that reads the property itself, so each value would set it again without end. `scan` builds a value from its own past.",
            wrong: "var x <- x | map it + 1",
            right: "var x <- of 1, 2 | map it + 1"),
        .recursiveDefinition: LongForm(
            "A definition uses itself, directly or through another one; putting it in place would never end. A definition may use operators and the definitions made before it.",
            wrong: "def loop = map it * 2 | loop",
            right: "def double = map it * 2\ndef quadruple = double | double\nof 1, 2 | quadruple"),
        .duplicateParameter: LongForm(
            "Two parameters of a definition have the same name, so the definition could not tell their values apart.",
            wrong: "def between(n, n) = filter it > n\nof 1, 5, 9 | between 2, 8",
            right: "def between(low, high) = filter it > low and it < high\nof 1, 5, 9 | between 2, 8"),
        .noValueHere: LongForm(
            "`it` is the value flowing through a stage, and it is used where no value flows: an argument evaluated once, when the stage starts (`take it`), or outside any stage.",
            wrong: "of 1, 2, 3 | take it",
            right: "of 1, 2, 3 | take 2"),
        .noAccumulatorHere: LongForm(
            "`acc` is what `scan` and `reduce` have accumulated so far, and it is used in another stage.",
            wrong: "of 1, 2, 3 | map acc + it",
            right: "of 1, 2, 3 | scan 0, acc + it"),
        .noErrorHere: LongForm(
            "`error` is the message of the error `catch` caught, and it is used outside catch's pipeline.",
            wrong: "let message = \"failed: \" + error",
            right: "cold \"-a-#\" | catch (of \"failed: \" + error)"),
        .signalInExpression: LongForm(
            "A signal is used where a value goes (in arithmetic, a comparison, a count, a condition): a signal is many values over time, not one. `map` works on each of its values.",
            wrong: "let clicks = cold \"-a-b|\" {a: 1, b: 2}\nof clicks + 1",
            right: "let clicks = cold \"-a-b|\" {a: 1, b: 2}\nclicks | map it + 1"),
        .wrongArguments: LongForm(
            "A definition or a function is given another number of arguments than it takes.",
            wrong: "def above(n) = filter it > n\nof 1, 5, 9 | above 2, 8",
            right: "def above(n) = filter it > n\nof 1, 5, 9 | above 2"),
        .missingArgument: LongForm(
            "A stage is missing an argument it needs; the hint shows what it takes.",
            wrong: "of 1, 2, 3 | take",
            right: "of 1, 2, 3 | take 2"),
        .tooManyArguments: LongForm(
            "A stage is given more arguments than it takes: often two stages written as one, without `|` between them.",
            wrong: "of 1, 2, 3 | take 2, 3",
            right: "of 1, 2, 3 | take 2"),
        .unexpectedArgument: LongForm(
            "A stage is given a keyword argument (`error MESSAGE`, `enabledBy SIGNAL`) that it does not take.",
            wrong: "of 1, 2 | take 1 error \"late\"",
            right: "of 1, 2 | take 1"),
        .expectedDuration: LongForm(
            "An operator that waits needs a duration with its unit (`300ms`, `2s`), and it is given something else, most often a number without a unit.",
            wrong: "of 1 | delay 300",
            right: "of 1 | delay 300ms"),
        .expectedNumber: LongForm(
            "A count (`take N`, `retry N`, `buffer N`) needs a whole number, and it is given another kind of value or a pipeline.",
            wrong: "of 1, 2, 3 | take \"2\"",
            right: "of 1, 2, 3 | take 2"),
        .expectedSignal: LongForm(
            "An operator that combines signals (`merge`, `concat`, `switchMap`, ...) is given a plain value. `of X` makes a signal of one value.",
            wrong: "of 1 | merge 3",
            right: "of 1 | merge (of 3)"),
        .expectedString: LongForm(
            "An argument that is text (a label, an error's message) is given something that is not a string.",
            wrong: "of 1 | log 3",
            right: "of 1 | log \"three\""),
        .expectedValues: LongForm(
            "After a marble comes a record that says what its marks stand for (`{a: 1, b: \"two\"}`), and something else stands there.",
            wrong: "cold \"-a|\" 3",
            right: "cold \"-a|\" {a: 3}"),
        .expectedMarble: LongForm(
            "`cold` and `hot` draw their values as a marble string, like `\"-a-b-|\"`, and are given something else.",
            wrong: "cold 3",
            right: "cold \"-a|\" {a: 3}"),
        .unexpectedDuration: LongForm(
            "A duration stands where a value goes: durations are not values, only what an operator that waits is given.",
            wrong: "of 1 | map 300ms",
            right: "of 1 | delay 300ms"),
        .negativeDuration: LongForm(
            "An operator that waits is given a duration less than none.",
            wrong: "of 1 | delay -1s",
            right: "of 1 | delay 1s"),
        .zeroPeriod: LongForm(
            "A source that sends a value every period (`interval`) is given a period so short that it would send values without end while hardly any time passes.",
            wrong: "interval 0ms | take 3",
            right: "interval 1ms | take 3"),
        .badCount: LongForm(
            "A count is a number that is not whole, is less than the stage allows, or is too big to count to.",
            wrong: "of 1, 2, 3 | take 1.5",
            right: "of 1, 2, 3 | take 2"),
        .badMarble: LongForm(
            "A marble string does not read right: a mark after its end (`|` or `#`), a group not closed, or a character that has no meaning there. The carets point at the place.",
            wrong: "cold \"-a-|-b\"",
            right: "cold \"-a-b|\""),
        .badPattern: LongForm(
            "The pattern after `matches` is not a regular expression: often a bracket or a parenthesis not closed.",
            wrong: "of \"abc\" | filter it matches \"[a-c\"",
            right: "of \"abc\" | filter it matches \"[a-c]+\""),
        .valueTooBig: LongForm(
            "A list or record made before the run, from lists and records known then, would hold more items than a value may (lists inside it counted), or nest too deep. Each use of a list in another copies it.",
            wrong: "let a = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\nlet b = [a, a, a, a, a, a, a, a, a, a]\nlet c = [b, b, b, b, b, b, b, b, b, b]\nlet d = [c, c, c, c, c, c, c, c, c, c]\nlet e = [d, d, d, d, d, d, d, d, d, d]\nlet f = [e, e, e, e, e, e, e, e, e, e]",
            right: "let a = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\nlet b = [a, a, a, a, a, a, a, a, a, a]\nlet c = [b, b, b, b, b, b, b, b, b, b]\nlet d = [c, c, c, c, c, c, c, c, c, c]\nlet e = [d, d, d, d, d, d, d, d, d, d]\nlet f = [e, e]\nof length(f)"),
        .statementTooDeep: LongForm(
            "A statement goes too deep to run: its stages one after the other, with those of the `let` signals and definitions it uses, and its inner pipelines. Running it would overflow the stack.",
            wrong: "def a = map it | map it | map it | map it | map it\ndef b = a | a | a | a | a\ndef c = b | b | b | b | b\nof 1 | c | c | c | c | c",
            right: "def a = map it | map it | map it | map it | map it\ndef b = a | a | a | a | a\ndef c = b | b | b | b | b\nof 1 | c"),
        .statementTooBig: LongForm(
            "A statement has too many parts once the `let` values it uses are filled in: a `let` value is copied wherever it is used, so values made of values double (or more) at every line.",
            wrong: "var p = 1\nlet a = [p, p, p, p, p, p, p, p, p, p]\nlet b = [a, a, a, a, a, a, a, a, a, a]\nlet c = [b, b, b, b, b, b, b, b, b, b]\nlet d = [c, c, c, c, c, c, c, c, c, c]\nlet e = [d, d, d, d, d, d, d, d, d, d]",
            right: "var p = 1\nlet a = [p, p, p, p, p, p, p, p, p, p]\nlet b = [a, a, a, a, a, a, a, a, a, a]\nlet c = [b, b, b, b, b, b, b, b, b, b]\nlet d = [c, c, c, c, c, c, c, c, c, c]\nlet e = [d, d]\nof length(e)"),
        .definitionsTooBig: LongForm(
            "Putting definitions in place gives a statement too many stages: each use of a definition is copied whole, so definitions that each use the one before several times multiply at every line.",
            wrong: "def a = map it | map it | map it | map it | map it | map it | map it | map it | map it | map it\ndef b = a | a | a | a | a | a | a | a | a | a\ndef c = b | b | b | b | b | b | b | b | b | b\ndef d = c | c | c | c | c | c | c | c | c | c\nof 1 | d",
            right: "def a = map it | map it | map it | map it | map it | map it | map it | map it | map it | map it\ndef b = a | a | a | a | a | a | a | a | a | a\nof 1 | b"),
        .importUnavailable: LongForm(
            "`import` reads another file, and here no file can be read: the playground, a lesson's answer. Write what the file would define in place.",
            wrong: "import \"double.frp\"",
            right: "def double = map it * 2\nof 1, 2 | double",
            reading: .withoutFiles),
        .cannotImport: LongForm(
            "The file `import` names cannot be read: it does not exist, or is not readable. The path is relative to the folder of the file that imports it.",
            wrong: "import \"missing.frp\"",
            right: "def double = map it * 2\nof 1, 2 | double"),
        .importCycle: LongForm(
            "A file imports a file that is already being imported: itself, or one that imports it back. What both need goes in a third file that neither imports back.",
            wrong: "import \"example.frp\"",
            right: "def double = map it * 2\nof 1, 2 | double"),
        .notADefinition: LongForm(
            "An imported file is a library: it brings definitions (`let`, `def`, `var`, `import`), and a line of it would run something (a pipeline, `expect`, `:=`, `service`). Run things in the file that imports it.",
            wrong: "import \"library.frp\"",
            right: "def double = map it * 2\nof 1, 2 | double",
            reading: .library(name: "library.frp", text: "def double = map it * 2\nof 1, 2 | double")),
    ]
}

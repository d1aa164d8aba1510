/// What checking a script can find about names (group 03): a name not known, or not of the
/// kind its place needs, a name that cannot be bound, `it`, `acc` or `error` where they mean
/// nothing, a signal used as a value — each a `Problem` made from typed parameters, and each
/// code's long form.
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

    /// `popular | map nmae`: a field the records flowing there do not have; `close`, the
    /// nearest of their `fields`. With `owner`, a field of the records in that field of
    /// theirs (`popular | map user.usrname`).
    static func unknownField(_ name: String, close: String?, fields: [String], in owner: String? = nil) -> Problem {
        let listed = fields.map { "`\($0)`" }.joined(separator: ", ")
        let have = "have \(listed.isEmpty ? "no fields" : listed)"
        let path = owner.map { "\($0).\(name)" } ?? "it.\(name)"
        return Problem(.unknownField, owner.map { "The records in `\($0)` have no field `\(name)`:" } ?? "The values here are records without a field `\(name)`:",
                       hint: close.map { "did you mean `\($0)`? They " + have } ?? "they " + have + "; `\(path) ?? DEFAULT` reads a field that may be missing")
    }

    /// `count := 1` where no `var count` was declared; `close`, a property with a close name.
    /// `value`: the text after `:=`, for the declaration the hint offers.
    static func unknownProperty(_ name: String, value: String, close: String?) -> Problem {
        let declare = "a property is declared first: `var \(name) = \(value)`"
        return Problem(.unknownProperty, "I do not know a property called `\(name)`:",
                       hint: close.map { "did you mean `\($0)`? Otherwise, " + declare } ?? declare)
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
        Problem(.notAProperty, "`\(name)` is bound with `let`, and `:=` sets only a property:",
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
}

extension Problem.NameHint {
    /// The hint, with the name where it needs it (`` `flatMapLatest` is RxSwift's name ``).
    func sentence(for name: String) -> String {
        if case .elsewhere = self { return "`\(name)` " + text }
        return text
    }
}

extension DiagnosticCode {
    /// The long forms of group 03 (`checkingLongForms` holds them with 04 and 05).
    static let nameLongForms: [DiagnosticCode: LongForm] = [
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
        .unknownField: LongForm(
            "An expression reads a field of the values flowing there, and the checker knows those values are records without it: a photo service's replies (their nested records too: `user.usrname`, `images[0].ur`), or records the pipeline made (`of {…}`, `map {…}`). Usually a typo; the run would fail at the first value. A field that may be missing is read with `??`.",
            wrong: "of {name: \"kit\", rating: 91} | map nmae",
            right: "of {name: \"kit\", rating: 91} | map name"),
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
            "`:=` sets a property, and the name is bound with `let` (to a signal or a value), which never changes. A name that changes is declared with `var`.",
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
    ]
}

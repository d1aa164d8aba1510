import Signals

/// What checking a script can find about arguments (group 04): too few or too many, not of
/// the kind a parameter takes (a duration, a count, a signal, a marble, a string), or a
/// value known before the run that cannot be — each a `Problem` made from typed parameters,
/// and each code's long form.
extension Problem {
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
    /// `found`: a bare word where the text was meant (`error timeout`): the hint quotes it.
    static func expectedString(_ spec: OperatorSpec, keyword: String? = nil, found word: String? = nil) -> Problem {
        if let keyword, let word {
            return Problem(.expectedString, "`\(keyword)` needs its message as a string, in quotes:", hint: "write `\(keyword) \"\(word)\"`")
        }
        return Problem(.expectedString, keyword.map { "`\($0)` needs a string:" } ?? "`\(spec.name)` needs a string here:",
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

    /// `throttle 1s trailing 1`: an option that is not `true` or `false` (`found`, its value).
    static func expectedBoolean(_ spec: OperatorSpec, _ parameter: Parameter, found: Value) -> Problem {
        Problem(.expectedBoolean, "`\(spec.name)`'s \(parameter.keyword.map { "`\($0)`" } ?? parameter.name) is true or false, not \(found.kindDescription) (\(found.abbreviated)):",
                hint: "write `\(spec.signature)`")
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
                    ?? "write a duration like `300ms` or `2s`, or compute one from a number: `it * 100ms`")
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

    /// `take 300ms`: a duration where the stage `name` wants a count, a flag or a condition.
    static func unexpectedDuration(_ span: TimeSpan, for name: String) -> Problem {
        Problem(.unexpectedDuration, "`\(name)` does not take the duration `\(span)` here:",
                hint: "durations go where an operator waits, like `debounce 300ms`; to stop after a time, write `takeUntil (timer \(span))`")
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
}

extension Parameter {
    /// `a whole number`, for MISSING ARGUMENT.
    var described: String {
        switch kind {
        case .value: return "a value"
        case .perValue, .condition: return "an expression"
        case .accumulator: return "an expression with `acc` and `it`"
        case .count: return "a whole number"
        case .flag: return "true or false"
        case .duration: return "a duration"
        case .durationOrPipeline: return "a duration or a pipeline"
        case .signal: return "a signal"
        case .countOrSignal: return "a whole number or a signal"
        case .perValuePipeline: return "a pipeline"
        case .errorPipeline: return "a pipeline"
        case .marble: return "a marble"
        case .marbleValues: return "a record of values"
        case .text: return "a string"
        case .action: return "an action"
        }
    }
}

extension DiagnosticCode {
    /// The long forms of group 04 (`checkingLongForms` holds them with 03 and 05).
    static let argumentLongForms: [DiagnosticCode: LongForm] = [
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
        .expectedBoolean: LongForm(
            "An option of an operator (`throttle D trailing true`, `replay N eager true`, `takeWhile C, true`) is true or false, and it is given another kind of value.",
            wrong: "cold \"-ab|\" | throttle 5ms trailing 1",
            right: "cold \"-ab|\" | throttle 5ms trailing true"),
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
            "A duration stands where a count, a flag or a condition goes. A duration is what an operator that waits is given (`delay 300ms`, `delay it * 100ms`), and a value it computes with, but never a number of values.",
            wrong: "interval 1ms | take 300ms",
            right: "interval 1ms | takeUntil (timer 300ms)"),
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
    ]
}

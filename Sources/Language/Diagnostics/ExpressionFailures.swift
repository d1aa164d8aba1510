import Signals

/// What can go wrong inside an expression while a script runs (`1 / 0`, `"a" + {}`, a field
/// of a number): group 11 of the codes (`CodeTable`). Each row is said by one
/// `EvaluationFailure` constructor below, the only place its message is written; the
/// error event keeps the row (`SignalError.expressionKind`). A failure the script raises
/// itself (`raise("too big")`) is its own text and has no row.
///
/// FRP1001 (EXPRESSION FAILED, one row for all of these) is retired and not reused.
public enum ExpressionFailureKind: String, CodeTable {
    case cannotAdd = "FRP1101 CANNOT ADD"
    case notNumbers = "FRP1102 NOT NUMBERS"
    case notBooleans = "FRP1103 NOT BOOLEANS"
    case cannotCompare = "FRP1104 CANNOT COMPARE"
    case divisionByZero = "FRP1105 DIVISION BY ZERO"
    case notText = "FRP1106 NOT TEXT"
    case badPattern = "FRP1107 BAD PATTERN"
    case notARecord = "FRP1108 NOT A RECORD"
    case noSuchField = "FRP1109 NO SUCH FIELD"
    case outsideTheList = "FRP1110 OUTSIDE THE LIST"
    case cannotIndex = "FRP1111 CANNOT INDEX"
    case unknownFunction = "FRP1112 UNKNOWN FUNCTION"
    case argumentCount = "FRP1113 ARGUMENT COUNT"
    case wrongArgument = "FRP1114 WRONG ARGUMENT"
    case notANumber = "FRP1115 NOT A NUMBER"
    case notFound = "FRP1116 NOT FOUND"
    case tooLong = "FRP1117 TOO LONG"
    case tooDeep = "FRP1118 TOO DEEP"
    case interrupted = "FRP1119 INTERRUPTED"
    case durationOutOfRange = "FRP1120 DURATION OUT OF RANGE"
    case notADuration = "FRP1121 NOT A DURATION"
}

extension SignalError {
    /// The expression row this error was made from; nil for the other tables' rows and for
    /// text the script raised itself.
    public var expressionKind: ExpressionFailureKind? { kind(in: ExpressionFailureKind.self) }
}

extension EvaluationFailure {
    // MARK: One constructor per message: the only place it is written.

    /// `+` of two values that do not add (numbers, texts and lists do).
    static func cannotAdd(_ left: Value, _ right: Value) -> EvaluationFailure {
        EvaluationFailure(.cannotAdd, "I cannot add \(left.kindDescription) and \(right.kindDescription)"
            + (left.isString || right.isString ? " (use string(x) to join text)" : ""))
    }

    /// `-`, `*`, `/`, `%` of values that are not both numbers.
    static func notNumbers(_ op: BinaryOperator, _ left: Value, _ right: Value) -> EvaluationFailure {
        EvaluationFailure(.notNumbers, "`\(op.rawValue)` needs two numbers, not \(left.kindDescription) and \(right.kindDescription)")
    }

    /// `-x` of something other than a number.
    static func notANumberToNegate(_ value: Value) -> EvaluationFailure {
        EvaluationFailure(.notNumbers, "`-` needs a number, not \(value.kindDescription)")
    }

    /// `and`, `or` with a side that is not a boolean (`found`, the first such side).
    static func notBooleans(_ op: BinaryOperator, found: Value) -> EvaluationFailure {
        EvaluationFailure(.notBooleans, "`\(op.rawValue)` needs booleans on both sides, not \(found.kindDescription)")
    }

    /// `not x` of something other than a boolean.
    static func notABooleanToNegate(_ value: Value) -> EvaluationFailure {
        EvaluationFailure(.notBooleans, "`not` needs a boolean, not \(value.kindDescription)")
    }

    /// `if C then A else B` whose C is not a boolean.
    static func notABooleanCondition(_ value: Value) -> EvaluationFailure {
        EvaluationFailure(.notBooleans, "`if` needs a boolean condition, not \(value.kindDescription)")
    }

    /// `<`, `<=`, `>`, `>=` of values that are not two numbers or two texts.
    static func cannotCompare(_ left: Value, _ right: Value) -> EvaluationFailure {
        EvaluationFailure(.cannotCompare, "I cannot compare \(left.kindDescription) with \(right.kindDescription)")
    }

    /// `/` or `%` by zero.
    static func divisionByZero(_ op: BinaryOperator) -> EvaluationFailure {
        EvaluationFailure(.divisionByZero, op == .remainder ? "remainder of a division by zero" : "division by zero")
    }

    /// `matches` of something other than a text against a pattern text.
    static func notText(matching left: Value, _ right: Value) -> EvaluationFailure {
        EvaluationFailure(.notText,
                          "`matches` needs a string on the left and a pattern string on the right, not \(left.kindDescription) and \(right.kindDescription)")
    }

    /// A pattern (`matches`) that is not a regular expression frp reads.
    static func badPattern(_ pattern: String, _ reason: String) -> EvaluationFailure {
        EvaluationFailure(.badPattern, "\(Value.quote(pattern)) is not a regular expression I can read: \(reason)")
    }

    /// `x.name` of a value that is not a record; of null it is absent (`??` gives its default).
    static func notARecord(reading name: String, of value: Value) -> EvaluationFailure {
        var failure = EvaluationFailure(.notARecord,
                                        "I cannot read the field `\(name)` of \(value.kindDescription) (\(value.abbreviated))")
        failure.absent = value == .null
        return failure
    }

    /// `model.name := v` where `model` (or a field on the way) holds something other than a record.
    static func notARecord(setting name: String, of value: Value) -> EvaluationFailure {
        EvaluationFailure(.notARecord,
                          "I cannot set the field `\(name)` of \(value.kindDescription) (\(value.abbreviated)): only a record has fields")
    }

    /// `x.name` of a record without that field: absent, with the closest field it has.
    static func noSuchField(_ name: String, in record: Record) -> EvaluationFailure {
        let fields = record.names.map { "`\($0)`" }.joined(separator: ", ")
        let has = "has \(fields.isEmpty ? "none" : fields)"
        let close = suggestion(for: name, among: record.names).map { "did you mean `\($0)`? It \(has)" } ?? "it \(has)"
        return .absent(.noSuchField, "the record has no field `\(name)`: \(close)"
            + "; `??` reads a field that may be missing (`x.\(name) ?? DEFAULT`)")
    }

    /// `list[i]` past its end, negative or not whole: absent.
    static func outsideTheList(_ index: Double, count: Int) -> EvaluationFailure {
        .absent(.outsideTheList, "index \(Value.format(index)) is outside the list of \(count)")
    }

    /// `x[i]` where x is not a list indexed by a number or a record by a text.
    static func cannotIndex(_ container: Value, with index: Value) -> EvaluationFailure {
        EvaluationFailure(.cannotIndex, "I cannot index \(container.kindDescription) with \(index.kindDescription)")
    }

    /// A call of a function the table does not have (the checker refuses one first).
    static func unknownFunction(_ name: String) -> EvaluationFailure {
        EvaluationFailure(.unknownFunction, "I do not know a function called `\(name)`")
    }

    /// A call with a count of arguments the function does not take (the checker refuses one first).
    static func argumentCount(_ function: Function, _ count: Int) -> EvaluationFailure {
        EvaluationFailure(.argumentCount, "`\(function.name)` takes \(function.signature), not \(count) arguments")
    }

    /// A function's argument of a kind it does not take: "`keys` needs a record, not a
    /// number" (`needs`: what the function takes; `found`: what it was given).
    static func wrongArgument(_ function: String, needs: String, found: String) -> EvaluationFailure {
        EvaluationFailure(.wrongArgument, "`\(function)` needs \(needs), not \(found)")
    }

    /// `number(x)` of a text that is not a number.
    static func notANumber(_ text: Value) -> EvaluationFailure {
        EvaluationFailure(.notANumber, "\(text) is not a number")
    }

    /// `find(list, field, value)` with no such item: absent.
    static func notFound(_ field: String, _ value: Value) -> EvaluationFailure {
        .absent(.notFound, "no item of the list has \(field) = \(value.abbreviated)")
    }

    /// A text or list that would grow past `Limits`.
    /// Arithmetic on durations whose result is not a time the language can hold.
    static func durationOutOfRange(_ milliseconds: Double) -> EvaluationFailure {
        EvaluationFailure(.durationOutOfRange, "a duration of \(Value.format(milliseconds)) ms is past the longest, "
                          + "\(TimeSpan.longestMilliseconds) ms (about 30 years)")
    }

    /// A duration argument computed from values (`delay it * 2ms`) that is not a duration.
    static func notADuration(_ value: Value) -> EvaluationFailure {
        EvaluationFailure(.notADuration, "a duration was wanted, not \(value.kindDescription) (\(value.abbreviated)): "
                          + "multiply a number by a unit, as `it * 1ms`")
    }

    static func tooLong(_ what: String, _ limit: Int, _ unit: String) -> EvaluationFailure {
        EvaluationFailure(.tooLong,
                          "the \(what) would be longer than \(limit) \(unit), the most a value may hold (keep fewer: take, or reduce to a number)")
    }

    /// A value that would nest deeper than `Limits.valueNesting`.
    static let tooDeep = EvaluationFailure(
        .tooDeep, "the value would nest lists and records more than \(Limits.valueNesting) levels deep, the most a value may")

    /// The run was stopped inside one costly operation (`Interruption`).
    static let stopped = EvaluationFailure(
        .interrupted, "stopped: the run was interrupted (its limit of real time, or Ctrl-C) during this operation")

    private static func absent(_ kind: ExpressionFailureKind, _ message: String) -> EvaluationFailure {
        var failure = EvaluationFailure(kind, message)
        failure.absent = true
        return failure
    }
}

import Signals

/// What the language's operators and functions do to values. Each failure is a sentence
/// for a person; the compiled expression adds where it happened.
public struct EvaluationFailure: Error, Equatable, Sendable {
    /// Its row (`ExpressionFailures.swift`, where every message is written); nil when the
    /// script raised it itself.
    public let kind: ExpressionFailureKind?
    public let message: String
    /// The node that failed; set by the compiled node, not by the operation.
    public var site: Site?
    /// Raised by the script (`raise "too big"`): the error event is the message alone,
    /// as a mapper's own error is.
    public var raised: Bool { kind == nil }
    /// Something was not there (a field, an index, a field of null): `??` gives its default
    /// instead.
    public var absent = false

    /// Only the constructors of `ExpressionFailures.swift` call this: one per message.
    init(_ kind: ExpressionFailureKind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    init(raised message: String) {
        kind = nil
        self.message = message
    }

    func at(_ site: Site) -> EvaluationFailure {
        guard self.site == nil, !raised else { return self }
        var placed = self
        placed.site = site
        return placed
    }

    /// The error event: `3:17 map: division by zero`; a raised one is the script's own text.
    var signalError: SignalError {
        guard let kind else { return SignalError(message) }
        return .expressionFailed(kind, message, at: site)
    }
}

public enum BinaryOperator: String, Sendable, CaseIterable {
    case or, and
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case matches
    /// `a ?? b`: `a`, unless it is null or not there (a missing field or index), then `b`.
    case coalesce = "??"
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
}

public enum Operations {
    public static func apply(_ op: BinaryOperator, _ left: Value, _ right: Value) throws(EvaluationFailure) -> Value {
        if left.isCostly || right.isCostly { try Interruption.check() }
        switch op {
        case .equal: return .bool(left == right)
        case .notEqual: return .bool(left != right)
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return .bool(try compare(op, left, right))
        case .add: return try add(left, right)
        case .subtract, .multiply, .divide, .remainder: return try arithmetic(op, left, right)
        case .and, .or:
            // Short-circuiting happens in the compiler; here both sides are known.
            guard case .bool(let a) = left, case .bool(let b) = right else {
                throw .notBooleans(op, found: left.isBool ? right : left)
            }
            return .bool(op == .and ? a && b : a || b)
        case .matches:
            return try matches(left, right)
        case .coalesce:
            // The absent case is the compiler's (it catches the failure); here both are values.
            return left == .null ? right : left
        }
    }

    /// Kept out of `apply`: the regex type's size is only known at run time, and a frame
    /// that holds one would fetch its metadata on every call.
    @inline(never)
    static func matches(_ left: Value, _ right: Value) throws(EvaluationFailure) -> Value {
        guard case .string(let text) = left, case .string(let pattern) = right else {
            throw .notText(matching: left, right)
        }
        return .bool(try Pattern(pattern).matches(text))
    }

    @inline(__always)
    public static func add(_ left: Value, _ right: Value) throws(EvaluationFailure) -> Value {
        switch (left, right) {
        case let (.number(a), .number(b)): return .number(a + b)
        case let (.duration(a), .duration(b)): return try duration(a.milliseconds + b.milliseconds)
        case let (.string(a), .string(b)):
            guard a.utf8.count + b.utf8.count <= Limits.stringBytes else { throw .tooLong("text", Limits.stringBytes, "bytes") }
            if left.isCostly || right.isCostly { try Interruption.check() }
            return .string(a + b)
        case let (.list(a), .list(b)):
            guard a.count + b.count <= Limits.listItems else { throw .tooLong("list", Limits.listItems, "items") }
            if left.isCostly || right.isCostly { try Interruption.check() }
            return .list(a + b)
        default:
            throw .cannotAdd(left, right)
        }
    }

    /// `acc = acc + right`, growing a list or a text in place when nothing else holds it
    /// (amortised O(1) per value: `scan [], acc + [it]` was quadratic, each value copying
    /// the whole list). The accumulation is let go of before the append, so its storage
    /// is unique unless a value sent downstream still holds it (then it is copied, once).
    public static func append(_ accumulation: inout Value, _ right: Value) throws(EvaluationFailure) {
        switch right {
        case .list(let added):
            guard case .list(var items) = accumulation else { break }
            guard items.count + added.count <= Limits.listItems else { throw .tooLong("list", Limits.listItems, "items") }
            accumulation = .null
            items.append(contentsOf: added)
            accumulation = .list(items)
            return
        case .string(let added):
            guard case .string(var text) = accumulation else { break }
            guard text.utf8.count + added.utf8.count <= Limits.stringBytes else { throw .tooLong("text", Limits.stringBytes, "bytes") }
            accumulation = .null
            text += added
            accumulation = .string(text)
            return
        default:
            break
        }
        accumulation = try add(accumulation, right)
    }

    @inline(__always)
    public static func arithmetic(_ op: BinaryOperator, _ left: Value, _ right: Value) throws(EvaluationFailure) -> Value {
        guard case .number(let a) = left, case .number(let b) = right else {
            return try durationArithmetic(op, left, right)
        }
        switch op {
        case .subtract: return .number(a - b)
        case .multiply: return .number(a * b)
        case .divide:
            guard b != 0 else { throw .divisionByZero(op) }
            return .number(a / b)
        default:
            guard b != 0 else { throw .divisionByZero(op) }
            return .number(a.truncatingRemainder(dividingBy: b))
        }
    }

    /// A duration times or divided by a number, a duration less another, a duration divided
    /// by a duration (a number): `it * 200ms`, `2s / 4`, `1s / 10ms`.
    @inline(never)
    static func durationArithmetic(_ op: BinaryOperator, _ left: Value, _ right: Value) throws(EvaluationFailure) -> Value {
        switch (op, left, right) {
        case let (.subtract, .duration(a), .duration(b)): return try duration(a.milliseconds - b.milliseconds)
        case let (.multiply, .duration(a), .number(b)), let (.multiply, .number(b), .duration(a)): return try duration(a.milliseconds * b)
        case let (.divide, .duration(a), .number(b)):
            guard b != 0 else { throw .divisionByZero(op) }
            return try duration(a.milliseconds / b)
        case let (.divide, .duration(a), .duration(b)):
            guard b != .zero else { throw .divisionByZero(op) }
            return .number(a.milliseconds / b.milliseconds)
        case let (.remainder, .duration(a), .duration(b)):
            guard b != .zero else { throw .divisionByZero(op) }
            return try duration(a.milliseconds.truncatingRemainder(dividingBy: b.milliseconds))
        default:
            throw .notNumbers(op, left, right)
        }
    }

    /// A duration of `milliseconds`, to the nanosecond, within the longest the language holds.
    static func duration(_ milliseconds: Double) throws(EvaluationFailure) -> Value {
        guard milliseconds.isFinite, abs(milliseconds) <= Double(TimeSpan.longestMilliseconds) else {
            throw .durationOutOfRange(milliseconds)
        }
        return .duration(TimeSpan(nanoseconds: Int64((milliseconds * 1e6).rounded())))
    }

    public static func compare(_ op: BinaryOperator, _ left: Value, _ right: Value) throws(EvaluationFailure) -> Bool {
        let order: Int
        switch (left, right) {
        case let (.number(a), .number(b)): order = a < b ? -1 : (a == b ? 0 : 1)
        case let (.duration(a), .duration(b)): order = a < b ? -1 : (a == b ? 0 : 1)
        case let (.string(a), .string(b)): order = a < b ? -1 : (a == b ? 0 : 1)
        default:
            throw .cannotCompare(left, right)
        }
        switch op {
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        default: return order >= 0
        }
    }

    public static func negate(_ value: Value) throws(EvaluationFailure) -> Value {
        if case .duration(let span) = value { return .duration(TimeSpan(nanoseconds: -span.nanoseconds)) }
        guard case .number(let number) = value else {
            throw .notANumberToNegate(value)
        }
        return .number(-number)
    }

    public static func not(_ value: Value) throws(EvaluationFailure) -> Value {
        guard case .bool(let bool) = value else {
            throw .notABooleanToNegate(value)
        }
        return .bool(!bool)
    }

    public static func field(_ name: String, of value: Value) throws(EvaluationFailure) -> Value {
        guard case .record(let record) = value else {
            // A group's key (`groupBy`), read as RxJS's `group$.key`: off the records' path.
            if name == "key", case .signal(let group) = value, let key = group.key { return key }
            throw .notARecord(reading: name, of: value)
        }
        guard let field = record[name] else { throw .noSuchField(name, in: record) }
        return field
    }

    /// `record` with the field at `path` (outermost first) set to `value`: the record a
    /// property holds after `model.thumbnail := bytes`. A field not there is added; a
    /// value on the way that is not a record is a failure.
    public static func setting(_ path: [String], of record: Value, to value: Value) throws(EvaluationFailure) -> Value {
        guard let name = path.first else { return value }
        guard case .record(var fields) = record else { throw .notARecord(setting: name, of: record) }
        fields[name] = try setting(Array(path.dropFirst()), of: fields[name] ?? .null, to: value)
        let updated = Value.record(fields)
        try Value.checkSize(ofContainerWith: [updated])
        return updated
    }

    public static func index(_ container: Value, _ index: Value) throws(EvaluationFailure) -> Value {
        switch (container, index) {
        case let (.list(list), .number(number)):
            guard number == number.rounded(), number >= 0, number < Double(list.count) else {
                throw .outsideTheList(number, count: list.count)
            }
            return list[Int(number)]
        case let (.record, .string(name)):
            return try field(name, of: container)
        default:
            throw .cannotIndex(container, with: index)
        }
    }

    public static var functionNames: [String] { Function.all.map(\.name) }

    public static func call(_ name: String, _ arguments: [Value]) throws(EvaluationFailure) -> Value {
        guard let function = Function.named[name] else { throw .unknownFunction(name) }
        guard function.arity.contains(arguments.count) else { throw .argumentCount(function, arguments.count) }
        if arguments.contains(where: \.isCostly) { try Interruption.check() }
        return try function.apply(arguments)
    }
}

extension Value {
    var isString: Bool {
        if case .string = self { return true }
        return false
    }

    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }

    /// A short form for messages and legends: at most `limit` characters (only those are
    /// written, however big the value).
    public func abbreviated(to limit: Int = 40) -> String {
        let (text, complete) = description(upTo: limit)
        guard !complete else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    public var abbreviated: String { abbreviated() }
}

extension String {
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}

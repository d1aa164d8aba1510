import Signals

/// What an expression sees when it runs. Small on purpose: one is made per event.
public struct Frame {
    public var it: Value
    public var acc: Value
    /// What `catch` caught, inside its pipeline; nil elsewhere (no copy per event).
    public var caught: Caught? {
        get { if case .caught(let caught) = caughtSlot { caught } else { nil } }
        set { caughtSlot = newValue.map { .caught($0) } ?? .none }
    }
    /// `caught`, stored in an enum of its own: an `Optional<Caught>` field was copied
    /// through `Optional`'s value witness after a metadata lookup (at every copy of a frame,
    /// two per subscribed inner run).
    private var caughtSlot: CaughtSlot
    /// How deep inside inner pipelines (flatMap's, merge's, catch's) this frame is: the
    /// tracer indents those stages under their operator.
    public var depth: Int

    private enum CaughtSlot {
        case none
        case caught(Caught)
    }

    public init(it: Value = .null, acc: Value = .null, caught: Caught? = nil, depth: Int = 0) {
        self.it = it
        self.acc = acc
        self.caughtSlot = caught.map { .caught($0) } ?? .none
        self.depth = depth
    }

    /// The message of the error `catch` caught (`error`).
    public var error: Value { caught?.message ?? .null }
}

/// The error a `catch` caught, as the value `error` reads.
public final class Caught: Sendable {
    public let message: Value
    public init(message: String) { self.message = .string(message) }
}

public typealias Evaluator = (Frame) throws(EvaluationFailure) -> Value

/// Compiles an expression once into nested closures, so nothing is looked up or
/// re-interpreted per event. The common shapes (`it OP constant`, `acc OP it`, a field of
/// `it`) become one closure each instead of three.
struct ExpressionCompiler {
    let properties: (String) -> Value
    let instantiate: (CheckedPipeline, Frame) -> Signal<Value>
    /// What `catch` caught where the expression is compiled: `error` is a constant of
    /// the stage, so frames made per event need not carry it.
    var caught: Caught? = nil

    func compile(_ expression: CheckedExpression) -> Evaluator {
        switch expression {
        case .constant(let value):
            return { _ throws(EvaluationFailure) in value }
        case .it:
            return { frame throws(EvaluationFailure) in frame.it }
        case .acc:
            return { frame throws(EvaluationFailure) in frame.acc }
        case .error:
            let message = caught?.message ?? .null
            return { _ throws(EvaluationFailure) in message }
        case .property(let name):
            let properties = self.properties
            return { _ throws(EvaluationFailure) in properties(name) }
        case .field(.it, let name, let site):
            return { frame throws(EvaluationFailure) in
                do throws(EvaluationFailure) { return try Operations.field(name, of: frame.it) } catch { throw error.at(site) }
            }
        case .field(let base, let name, let site):
            let base = compile(base)
            return { frame throws(EvaluationFailure) in
                let record = try base(frame)
                do throws(EvaluationFailure) { return try Operations.field(name, of: record) } catch { throw error.at(site) }
            }
        case .index(let container, let index, let site):
            let container = compile(container), index = compile(index)
            return { frame throws(EvaluationFailure) in
                let list = try container(frame), position = try index(frame)
                do throws(EvaluationFailure) { return try Operations.index(list, position) } catch { throw error.at(site) }
            }
        case .negate(let operand, let site):
            let operand = compile(operand)
            return { frame throws(EvaluationFailure) in
                let value = try operand(frame)
                do throws(EvaluationFailure) { return try Operations.negate(value) } catch { throw error.at(site) }
            }
        case .not(let operand, let site):
            let operand = compile(operand)
            return { frame throws(EvaluationFailure) in
                let value = try operand(frame)
                do throws(EvaluationFailure) { return try Operations.not(value) } catch { throw error.at(site) }
            }
        case .binary(let op, let left, let right, let site):
            return compileBinary(op, left, right, site)
        case .call(let name, let arguments, let site) where Function.named[name]?.perItem != nil:
            return compileEach(name, arguments, site)
        case .call(let name, let arguments, let site):
            return compileCall(name, arguments, site)
        case .list(let elements, let site):
            return compileList(elements, site)
        case .record(let fields, let site):
            return compileRecord(fields, site)
        case .conditional(let condition, let then, let otherwise, let site):
            let condition = compile(condition), then = compile(then), otherwise = compile(otherwise)
            return { frame throws(EvaluationFailure) in
                switch try condition(frame) {
                case .bool(true): return try then(frame)
                case .bool(false): return try otherwise(frame)
                case let other:
                    throw EvaluationFailure.notABooleanCondition(other).at(site)
                }
            }
        case .pipeline(let pipeline):
            let instantiate = self.instantiate, caught = self.caught
            return { frame throws(EvaluationFailure) in
                .signal(SignalValue(instantiate(pipeline, Frame(it: frame.it, acc: frame.acc, caught: caught, depth: 1))))
            }
        }
    }

    /// `each(LIST, EXPRESSION)`: the expression once per item, `it` the item.
    private func compileEach(_ name: String, _ arguments: [CheckedExpression], _ site: Site) -> Evaluator {
        guard let function = Function.named[name] else { return { _ in .null } }
        let list = compile(arguments[0]), expression = compile(arguments[1])
        return { frame throws(EvaluationFailure) in
            let value = try list(frame)
            var inner = frame
            do throws(EvaluationFailure) {
                return try function.overItems(value) { item throws(EvaluationFailure) in
                    inner.it = item
                    return try expression(inner)
                }
            } catch { throw error.at(site) }
        }
    }

    private func compileCall(_ name: String, _ arguments: [CheckedExpression], _ site: Site) -> Evaluator {
        let arguments = arguments.map(compile)
        return { frame throws(EvaluationFailure) in
            var values: [Value] = []
            for argument in arguments { values.append(try argument(frame)) }
            do throws(EvaluationFailure) { return try Operations.call(name, values) } catch { throw error.at(site) }
        }
    }

    private func compileList(_ elements: [CheckedExpression], _ site: Site) -> Evaluator {
        let elements = elements.map(compile)
        return { frame throws(EvaluationFailure) in
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try element(frame)) }
            // `scan [], [acc]` would nest a level deeper at every value.
            do throws(EvaluationFailure) { try Value.checkSize(ofContainerWith: values) } catch { throw error.at(site) }
            return .list(values)
        }
    }

    private func compileRecord(_ fields: [(String, CheckedExpression)], _ site: Site) -> Evaluator {
        let fields = fields.map { ($0.0, compile($0.1)) }
        return { frame throws(EvaluationFailure) in
            var record = Record()
            for (name, field) in fields { record[name] = try field(frame) }
            do throws(EvaluationFailure) {
                try Value.checkSize(ofContainerWith: record.fields.lazy.map(\.value))
            } catch { throw error.at(site) }
            return .record(record)
        }
    }

    private func compileBinary(_ op: BinaryOperator, _ left: CheckedExpression, _ right: CheckedExpression,
                               _ site: Site) -> Evaluator {
        // `a ?? b`: b only when a is null or not there.
        if op == .coalesce {
            let left = compile(left), right = compile(right)
            return { frame throws(EvaluationFailure) in
                do throws(EvaluationFailure) {
                    let value = try left(frame)
                    if value != .null { return value }
                } catch {
                    guard error.absent else { throw error }
                }
                return try right(frame)
            }
        }
        // `and` / `or` evaluate the right side only when needed.
        if op == .and || op == .or {
            let left = compile(left), right = compile(right)
            let shortCircuit = op == .or
            return { frame throws(EvaluationFailure) in
                let first = try left(frame)
                guard case .bool(let first) = first else { throw EvaluationFailure.notBooleans(op, found: first).at(site) }
                if first == shortCircuit { return .bool(first) }
                let second = try right(frame)
                guard case .bool(let second) = second else { throw EvaluationFailure.notBooleans(op, found: second).at(site) }
                return .bool(second)
            }
        }
        if op == .matches, let pattern = right.constantValue, case .string(let text) = pattern,
           let compiled = try? Pattern(text) {
            let left = compile(left)
            return { frame throws(EvaluationFailure) in
                let subject = try left(frame)
                guard case .string(let subject) = subject else { throw EvaluationFailure.notText(matching: subject, pattern).at(site) }
                do throws(EvaluationFailure) { return .bool(try compiled.matches(subject)) } catch { throw error.at(site) }
            }
        }
        switch (left, right) {
        case (.it, .constant(.number(let constant))):
            return withKernel(op) { Shapes.itNumber($0, constant, site) }
        case (.it, .constant(let constant)):
            return withKernel(op) { Shapes.itConstant($0, constant, site) }
        // `it % 2 == 0`: both operations in one closure; by a power of two, a mask.
        case (.binary(.remainder, .it, .constant(.number(let inner)), let innerSite), .constant(.number(let constant)))
            where Shapes.isPowerOfTwo(inner):
            return withKernel(op) { Shapes.itMaskTwice(inner, innerSite, $0, constant, site) }
        case (.binary(let innerOp, .it, .constant(.number(let inner)), let innerSite), .constant(.number(let constant)))
            where innerOp != .and && innerOp != .or && innerOp != .matches && innerOp != .coalesce:
            return withKernel(innerOp) { first in
                withKernel(op) { second in Shapes.itTwice(first, inner, innerSite, second, constant, site) }
            }
        // `rating > 90`: a field of the value, compared with a constant.
        case (.field(.it, let name, let fieldSite), .constant(let constant)):
            return withKernel(op) { Shapes.fieldConstant($0, name, fieldSite, constant, site) }
        case (.acc, .it):
            return withKernel(op) { Shapes.accIt($0, site) }
        case (_, .constant(let constant)):
            let left = compile(left)
            return withKernel(op) { Shapes.constantRight($0, left, constant, site) }
        default:
            let left = compile(left), right = compile(right)
            return withKernel(op) { Shapes.general($0, left, right, site) }
        }
    }
}

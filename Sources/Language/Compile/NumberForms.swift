/// An expression of `it` alone computed for a number, without making a `Value` or a
/// `Frame`: the fused chain's number lane (`FusedStages.Stage.pushNumber`). It answers nil
/// where it cannot for that number (`it / 0`, `it % 2` of 2.5): the stage then evaluates
/// the expression as written (its `Evaluator`), which gives the value or the error with
/// its site. The operations are the kernels' own (`ArithmeticKernel.number`,
/// `ComparisonKernel.test`), which their `apply` uses for numbers as well, and each form
/// follows the shape the expression compiler picks for the same expression
/// (`ExpressionCompiler.compileBinary`), so the two lanes compute the same thing; the
/// differential test (`ShapeTests`) checks it value by value.
///
/// Why: the P1 script spent 171 instructions an event making frames, returning values
/// for a filter to switch on and destroy, and calling a closure per stage through a frame
/// of 64 bytes (docs/performance.md, P1).
final class NumberFunction {
    let apply: (Double) -> Double?
    init(_ apply: @escaping (Double) -> Double?) { self.apply = apply }
}

/// A condition of `it` alone for a number (`NumberFunction`'s counterpart for `filter`).
final class NumberCondition {
    let apply: (Double) -> Bool?
    init(_ apply: @escaping (Double) -> Bool?) { self.apply = apply }
}

enum NumberForms {
    /// `it`, a number, `it OP c` and `it OP c1 OP c2` with arithmetic operators and
    /// number constants; nil for anything else.
    static func map(_ expression: CheckedExpression) -> NumberFunction? {
        switch expression {
        case .it:
            return NumberFunction { $0 }
        case .constant(.number(let constant)):
            return NumberFunction { _ in constant }
        case .binary(let op, .it, .constant(.number(let constant)), _):
            return OperatorKernels.arithmetic(op) { itNumber($0, constant) }
        case .binary(let second, .binary(let first, .it, .constant(.number(let inner)), _), .constant(.number(let constant)), _):
            return OperatorKernels.arithmetic(first) { first in OperatorKernels.arithmetic(second) { second in itTwice(first, inner, second, constant) } } ?? nil
        default:
            return nil
        }
    }

    /// `it CMP c` and `it OP c1 CMP c2` (`it % 2 == 0`, by a power of two a mask, as
    /// `Shapes.itMaskTwice`) with number constants, and `true`/`false`; nil for anything else.
    static func test(_ expression: CheckedExpression) -> NumberCondition? {
        switch expression {
        case .constant(.bool(let constant)):
            return NumberCondition { _ in constant }
        case .binary(let op, .it, .constant(.number(let constant)), _):
            return OperatorKernels.comparison(op) { compared($0, constant) }
        case .binary(let op, .binary(.remainder, .it, .constant(.number(let divisor)), _), .constant(.number(let constant)), _)
            where Shapes.isPowerOfTwo(divisor):
            return OperatorKernels.comparison(op) { maskCompared(divisor, $0, constant) }
        case .binary(let op, .binary(let first, .it, .constant(.number(let inner)), _), .constant(.number(let constant)), _):
            return OperatorKernels.arithmetic(first) { first in OperatorKernels.comparison(op) { compared(first, inner, $0, constant) } } ?? nil
        default:
            return nil
        }
    }

    private static func itNumber<K: ArithmeticKernel>(_: K.Type, _ constant: Double) -> NumberFunction {
        NumberFunction { x in K.number(x, constant) }
    }

    private static func itTwice<K1: ArithmeticKernel, K2: ArithmeticKernel>(_: K1.Type, _ inner: Double,
                                                                            _: K2.Type, _ constant: Double) -> NumberFunction {
        NumberFunction { x in
            guard let middle = K1.number(x, inner) else { return nil }
            return K2.number(middle, constant)
        }
    }

    private static func compared<K: ComparisonKernel>(_: K.Type, _ constant: Double) -> NumberCondition {
        NumberCondition { x in K.test(x, constant) }
    }

    private static func compared<K1: ArithmeticKernel, K2: ComparisonKernel>(_: K1.Type, _ inner: Double,
                                                                             _: K2.Type, _ constant: Double) -> NumberCondition {
        NumberCondition { x in
            guard let middle = K1.number(x, inner) else { return nil }
            return K2.test(middle, constant)
        }
    }

    /// `it % 2^k CMP c`: the remainder of a natural number as a mask computed once
    /// (`RemainderKernel.number` by a power of two, with the divisor's checks done here).
    private static func maskCompared<K: ComparisonKernel>(_ divisor: Double, _: K.Type, _ constant: Double) -> NumberCondition {
        let mask = (RemainderKernel.natural(divisor) ?? 1) - 1
        return NumberCondition { x in
            guard let i = RemainderKernel.natural(x) else { return nil }
            return K.test(Double(i & mask), constant)
        }
    }
}

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
/// Why: making frames, returning values for a filter to switch on and destroy, and calling a
/// closure per stage through a frame cost a number chain far more than its arithmetic
/// (docs/performance.md).
final class NumberFunction {
    let apply: (Double) -> Double?
    /// `apply` over a batch of numbers in place (`FusedStages.Stage.pushNumbers`), up to
    /// the first it cannot answer: how many it computed. Both are made from one form,
    /// specialised: the loop calls nothing per number.
    let applyAll: (UnsafeMutableBufferPointer<Double>) -> Int

    init<Form: NumberMapForm>(_ form: Form) {
        apply = { form($0) }
        applyAll = { numbers in
            for index in numbers.indices {
                guard let result = form(numbers[index]) else { return index }
                numbers[index] = result
            }
            return numbers.count
        }
    }
}

/// A condition of `it` alone for a number (`NumberFunction`'s counterpart for `filter`).
final class NumberCondition {
    let apply: (Double) -> Bool?
    /// `apply` over a batch of numbers: the ones it keeps moved to the front, in order, up
    /// to the first it cannot answer; how many it kept and how many it read.
    let keepAll: (UnsafeMutableBufferPointer<Double>) -> (kept: Int, read: Int)

    init<Form: NumberTestForm>(_ form: Form) {
        apply = { form($0) }
        keepAll = { form.keepAll($0) }
    }
}

/// A number form of a `map` expression: nil where it cannot answer.
protocol NumberMapForm {
    func callAsFunction(_ x: Double) -> Double?
}

/// A number form of a `filter` condition.
protocol NumberTestForm {
    func callAsFunction(_ x: Double) -> Bool?
    /// The form over a batch (`NumberCondition.keepAll`).
    func keepAll(_ numbers: UnsafeMutableBufferPointer<Double>) -> (kept: Int, read: Int)
}

extension NumberTestForm {
    @inline(__always) func keepAll(_ numbers: UnsafeMutableBufferPointer<Double>) -> (kept: Int, read: Int) {
        keepEach(numbers)
    }

    /// One number at a time, up to the first it cannot answer.
    @inline(__always) func keepEach(_ numbers: UnsafeMutableBufferPointer<Double>) -> (kept: Int, read: Int) {
        var kept = 0
        for index in numbers.indices {
            let number = numbers[index]
            guard let keep = self(number) else { return (kept, index) }
            numbers[kept] = number
            kept &+= keep ? 1 : 0
        }
        return (kept, numbers.count)
    }
}

enum NumberForms {
    /// `it`, a number, `it OP c` and `it OP c1 OP c2` with arithmetic operators and
    /// number constants; nil for anything else.
    static func map(_ expression: CheckedExpression) -> NumberFunction? {
        switch expression {
        case .it:
            return NumberFunction(It())
        case .constant(.number(let constant)):
            return NumberFunction(ConstantNumber(value: constant))
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
            return NumberCondition(ConstantCondition(value: constant))
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
        NumberFunction(ItOperation<K>(constant: constant))
    }

    private static func itTwice<K1: ArithmeticKernel, K2: ArithmeticKernel>(_: K1.Type, _ inner: Double,
                                                                            _: K2.Type, _ constant: Double) -> NumberFunction {
        NumberFunction(Then(first: ItOperation<K1>(constant: inner), second: ItOperation<K2>(constant: constant)))
    }

    private static func compared<K: ComparisonKernel>(_: K.Type, _ constant: Double) -> NumberCondition {
        NumberCondition(ItCompared<K>(constant: constant))
    }

    private static func compared<K1: ArithmeticKernel, K2: ComparisonKernel>(_: K1.Type, _ inner: Double,
                                                                             _: K2.Type, _ constant: Double) -> NumberCondition {
        NumberCondition(Then(first: ItOperation<K1>(constant: inner), second: ItCompared<K2>(constant: constant)))
    }

    private static func maskCompared<K: ComparisonKernel>(_ divisor: Double, _: K.Type, _ constant: Double) -> NumberCondition {
        NumberCondition(ItMaskCompared<K>(mask: (RemainderKernel.natural(divisor) ?? 1) - 1, constant: constant))
    }

    // MARK: The forms

    private struct It: NumberMapForm {
        @inline(__always) func callAsFunction(_ x: Double) -> Double? { x }
    }

    private struct ConstantNumber: NumberMapForm {
        let value: Double
        @inline(__always) func callAsFunction(_ x: Double) -> Double? { value }
    }

    private struct ConstantCondition: NumberTestForm {
        let value: Bool
        @inline(__always) func callAsFunction(_ x: Double) -> Bool? { value }
    }

    private struct ItOperation<K: ArithmeticKernel>: NumberMapForm {
        let constant: Double
        @inline(__always) func callAsFunction(_ x: Double) -> Double? { K.number(x, constant) }
    }

    private struct ItCompared<K: ComparisonKernel>: NumberTestForm {
        let constant: Double
        @inline(__always) func callAsFunction(_ x: Double) -> Bool? { K.test(x, constant) }
    }

    /// A form of `it`, then another of its result (`it OP c1 OP c2`, `it OP c1 CMP c2`):
    /// no answer when either has none.
    fileprivate struct Then<First: NumberMapForm, Second> {
        let first: First
        let second: Second
    }

    /// `it % 2^k CMP c`: the remainder of a natural number as a mask computed once
    /// (`RemainderKernel.number` by a power of two, with the divisor's checks done here).
    private struct ItMaskCompared<K: ComparisonKernel>: NumberTestForm {
        let mask: Int64
        let constant: Double
        /// Bit r: the form's answer for a remainder r (r ≤ `mask`, below 64), by the
        /// kernel's own test; made once, with the form.
        let answers: UInt64

        init(mask: Int64, constant: Double) {
            self.mask = mask
            self.constant = constant
            answers = (0...min(mask, 63)).reduce(0) { bits, r in K.test(Double(r), constant) ? bits | 1 << r : bits }
        }

        @inline(__always) func callAsFunction(_ x: Double) -> Bool? {
            guard let i = RemainderKernel.natural(x) else { return nil }
            return K.test(Double(i & mask), constant)
        }

        /// A batch of natural numbers, found so by one pass without a branch (which the
        /// compiler vectorises), is tested without checking each number again, and by a
        /// remainder below 64 from a bit set of the answers (`answers`): cheaper a number
        /// than testing them one at a time. Any other batch goes one number at a time.
        func keepAll(_ numbers: UnsafeMutableBufferPointer<Double>) -> (kept: Int, read: Int) {
            guard mask < 64, RemainderKernel.allNatural(numbers) else { return keepEach(numbers) }
            var kept = 0
            for index in numbers.indices {
                let number = numbers[index]
                numbers[kept] = number
                kept &+= Int(truncatingIfNeeded: answers &>> (RemainderKernel.naturalUnchecked(number) & mask)) & 1
            }
            return (kept, numbers.count)
        }
    }
}

extension NumberForms.Then: NumberMapForm where Second: NumberMapForm {
    @inline(__always) func callAsFunction(_ x: Double) -> Double? {
        guard let middle = first(x) else { return nil }
        return second(middle)
    }
}

extension NumberForms.Then: NumberTestForm where Second: NumberTestForm {
    @inline(__always) func callAsFunction(_ x: Double) -> Bool? {
        guard let middle = first(x) else { return nil }
        return second(middle)
    }
}

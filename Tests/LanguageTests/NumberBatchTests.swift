@testable import Language
import Testing

/// A number form over a batch (`NumberCondition.keepAll`, which a fused `range` calls 64
/// numbers at a time) keeps what the form one number at a time keeps, and stops where it
/// stops: the mask form's batch of naturals (a bit set of answers, no check per number)
/// and everything else.
@Suite("Number forms in batches")
struct NumberBatchTests {
    let site = Site(line: 1, column: 1, stage: "filter")

    /// `it % divisor CMP constant`.
    func condition(_ divisor: Double, _ op: BinaryOperator, _ constant: Double) -> CheckedExpression {
        .binary(op, .binary(.remainder, .it, .constant(.number(divisor)), site), .constant(.number(constant)), site)
    }

    /// What one number at a time keeps: the kept numbers, and how many it read before the
    /// first it cannot answer.
    func oneByOne(_ test: NumberCondition, _ numbers: [Double]) -> (kept: [Double], read: Int) {
        var kept: [Double] = []
        for (index, number) in numbers.enumerated() {
            guard let keep = test.apply(number) else { return (kept, index) }
            if keep { kept.append(number) }
        }
        return (kept, numbers.count)
    }

    func batch(_ test: NumberCondition, _ numbers: [Double]) -> (kept: [Double], read: Int) {
        var buffer = numbers
        let (kept, read) = buffer.withUnsafeMutableBufferPointer { test.keepAll($0) }
        return (Array(buffer[..<kept]), read)
    }

    @Test("a batch keeps what one number at a time keeps, and stops where it stops")
    func batchesAgree() throws {
        let naturals = (0..<64).map { Double($0 * 7 + 3) }
        var batches: [[Double]] = [naturals, [], [0], [4_503_599_627_370_495, 4_503_599_627_370_494]]
        // Each kind of number a mask form cannot answer, or that the batch's check refuses,
        // at the start, in the middle and at the end of a batch.
        for odd in [-0.0, -1, 2.5, 4_503_599_627_370_496, 9_007_199_254_740_992, .infinity, -.infinity, .nan] {
            for place in [0, 31, 63] {
                var numbers = naturals
                numbers[place] = odd
                batches.append(numbers)
            }
        }
        let ops: [BinaryOperator] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
        var tested = 0
        for divisor in [1.0, 2, 4, 64, 128, 3] {
            for op in ops {
                for constant in [0.0, 1, 2.5, 63, 100, -1] {
                    let test = try #require(NumberForms.test(condition(divisor, op, constant)))
                    for numbers in batches {
                        let one = oneByOne(test, numbers), all = batch(test, numbers)
                        #expect(all.kept.map(\.bitPattern) == one.kept.map(\.bitPattern) && all.read == one.read,
                                "it % \(divisor) \(op.rawValue) \(constant) of \(numbers)")
                        tested += 1
                    }
                }
            }
        }
        #expect(tested == 6 * 6 * 6 * 28)
    }
}

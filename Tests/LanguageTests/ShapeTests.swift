import Language
import Signals
import TestSupport
import Testing

/// The expression compiler's specialised shapes give what the general operations give.
@Suite("Expression shapes")
struct ShapeTests {
    /// The values `map EXPRESSION` sends for `from [values]`, as text ("#" and the message
    /// for an error).
    func mapped(_ values: [String], _ stages: String, fused: Bool = true) -> [String] {
        let text = "from [\(values.joined(separator: ", "))] | \(stages)"
        let (statements, diagnostics, _) = checked(text, name: "shape.frp")
        guard diagnostics.isEmpty, case .run(let pipeline, _, _)? = statements.last else {
            Issue.record("\(text) did not load: \(diagnostics)")
            return []
        }
        let scheduler = Scheduler.virtual()
        var sent: [String] = []
        let context = RunContext(scheduler: scheduler)
        context.fuses = fused
        Compiler(context: context).signal(pipeline).subscribe { event in
            switch event {
            case .next(let value): sent.append("\(value)")
            case .error(let error): sent.append("# \(error.message)")
            case .completed: break
            }
        }
        scheduler.run()
        return sent
    }

    @Test("`it % D == R` by a power of two (a mask) agrees with the remainder taken alone")
    func maskedRemainder() {
        let values = ["-9", "-4.5", "-4", "0", "1", "3", "6.5", "7", "1000000000000003", "9007199254740993", "1e20", "0.5"]
        for divisor in ["1", "2", "4", "8", "3", "0.5"] {
            for remainder in ["0", "1", "3", "-1", "0.5"] {
                let shaped = mapped(values, "map it % \(divisor) == \(remainder)")
                #expect(shaped.count == values.count)
                #expect(shaped == mapped(values, "map it % \(divisor) | map it == \(remainder)"), "it % \(divisor) == \(remainder)")
            }
        }
    }

    /// The fused chain's number lane (`NumberForms`: expressions of `it` computed on
    /// numbers without values) against the unfused stages, which evaluate every expression
    /// as written: numbers the forms answer for and numbers they leave to the evaluator
    /// (a fraction's remainder, a division by zero, beyond 2^52, infinities), and values
    /// that are not numbers.
    @Test("The number lane of fused map and filter agrees with the stages unfused")
    func numberLane() {
        let values = ["-9", "-4.5", "-0.0", "0", "1", "2", "3", "6.5", "7", "4503599627370496", "9007199254740993",
                      "1e300 * 1e10", "-(1e300 * 1e10)", "0.5", "\"7\"", "null", "true", "[1]"]
        let arithmetic = ["+", "-", "*", "/", "%"], comparisons = ["==", "!=", "<", "<=", ">", ">="]
        let constants = ["0", "1", "2", "3", "0.5", "-2", "8"]
        var expressions = ["it", "4", "true", "false"]
        for op in arithmetic {
            for constant in constants {
                expressions.append("it \(op) \(constant)")
                for second in ["+", "%", "/"] { expressions.append("it \(op) \(constant) \(second) 3") }
            }
        }
        var conditions = ["true", "false"]
        for compare in comparisons {
            for constant in constants {
                conditions.append("it \(compare) \(constant)")
                for op in arithmetic { conditions.append("it \(op) \(constant) \(compare) 1") }
            }
        }
        for expression in expressions {
            let stages = "map \(expression) | take 12 | reduce [], acc + [it]"
            #expect(mapped(values, stages) == mapped(values, stages, fused: false), "map \(expression)")
        }
        for condition in conditions {
            // Each value alone, so an error (a string compared with a number) stops only its own run.
            for value in values {
                let stages = "filter \(condition) | map it * 2"
                #expect(mapped([value], stages) == mapped([value], stages, fused: false), "filter \(condition) of \(value)")
            }
        }
    }
}

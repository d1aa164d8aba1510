import Language
import Signals
import TestSupport
import Testing

/// The expression compiler's specialised shapes give what the general operations give.
@Suite("Expression shapes")
struct ShapeTests {
    /// The values `map EXPRESSION` sends for `from [values]`, as text ("#" and the message
    /// for an error).
    func mapped(_ values: [String], _ stages: String) -> [String] {
        let text = "from [\(values.joined(separator: ", "))] | \(stages)"
        let (statements, diagnostics, _) = checked(text, name: "shape.frp")
        guard diagnostics.isEmpty, case .run(let pipeline, _, _)? = statements.last else {
            Issue.record("\(text) did not load: \(diagnostics)")
            return []
        }
        let scheduler = Scheduler.virtual()
        var sent: [String] = []
        Compiler(context: RunContext(scheduler: scheduler)).signal(pipeline).subscribe { event in
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
}

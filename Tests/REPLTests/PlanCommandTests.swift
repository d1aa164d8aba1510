import Foundation
import TestSupport
import Testing

extension BinaryTests {
    @Test("frp run --plan prints each pipeline's plan and runs nothing; :plan at the prompt plans what follows it",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func planCommand() throws {
        let path = try temporaryScript("""
            range 1, 10 | filter it % 2 == 0 | map it * 3
            range 1, 3 | flatMap (timer 1s | mapTo it | take 1) | count
            """)
        let traced = try run(["run", "--plan", path], input: "")
        #expect(traced.status == 0)
        #expect(traced.output.hasPrefix("plans for a run traced, fused:\nline 1: range 1, 10 | filter it % 2 == 0 | map it * 3\n"))
        #expect(traced.output.contains("`filter it % 2 == 0 | map it * 3`: one fused operator; `range 1, 10` pushes its numbers into it as a loop"))
        #expect(traced.output.contains("      built and subscribed\n"), "traced, each value's pipeline has its rows")
        #expect(!traced.output.contains("next"), "nothing runs")
        let untraced = try run(["run", "--plan", "--no-trace", path], input: "")
        #expect(untraced.output.contains("`take 1`: counted by the flattener's run, no stage built"))
        let unfused = try Self.run(["run", "--plan", path], environment: ["FRP_NO_FUSE": "1"])
        #expect(unfused.output.contains("plans for a run traced, not fused (FRP_NO_FUSE):"))
        #expect(unfused.output.contains("`filter it % 2 == 0`: built alone"))
        let bad = try run(["run", "--plan", try temporaryScript("of 1 | mapp it")], input: "")
        #expect(bad.status == 2 && bad.output.contains("UNKNOWN OPERATOR"))
        let prompt = try run([], input: "let xs = of 1, 2\n:plan xs | map it + 1 | filter it > 1\n:plan\n")
        #expect(prompt.output.contains("line 1: xs | map it + 1 | filter it > 1\n  `map it + 1 | filter it > 1`: one fused operator"))
        #expect(prompt.output.contains(":plan takes a pipeline"))
    }
}

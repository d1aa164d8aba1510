import Foundation
import Language
@testable import REPL
import Testing

/// Every input the fuzzer (Fuzz/fuzz.sh) found a crash, hang or runaway memory with, kept
/// in Tests/Fuzz, runs through the fuzzer's own entry — decode, check, compile, run in
/// virtual time with the trace drawn — and must end by itself, in time: status 0, or 2 for
/// a diagnostic. Its `expect` lines must pass (1 is a failure), and a run stopped by the
/// wall-clock limit is a hang, not an end.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".frp") }.sorted()
    }

    /// The fuzzer's limit for a whole script; a run that ends here was stopped, not hung.
    static let limit = Duration.seconds(5)

    @Test("the kept inputs are there")
    func corpusIsThere() {
        #expect(Self.inputs.count >= 1)
    }

    @Test("a found input ends by itself (status 0 or 2, its expects passing), within the limit", arguments: FuzzRegressionTests.inputs)
    func input(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
        guard case .success(let source) = Source.decode(bytes: bytes, name: name) else {
            return  // not text: the fuzzer stops there too, with a diagnostic
        }
        let captured = Captured()
        let started = ContinuousClock.now
        let status = ScriptRunner(clock: .virtual, trace: true, output: captured.output)
            .run(source, wallClockLimit: Self.limit)
        #expect([0, 2].contains(status), "status \(status): \(captured.text.suffix(500))")
        #expect(!captured.text.contains("of real time"), "stopped by the wall-clock limit: a hang")
        // The limit, plus the time to draw the trace of the run it stopped.
        #expect(ContinuousClock.now - started < Self.limit + .seconds(5))
    }
}

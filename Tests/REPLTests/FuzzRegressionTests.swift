import Foundation
import Language
@testable import REPL
import Testing
import TestSupport

/// Every input the fuzzer (Fuzz/fuzz.sh) found a crash, hang or runaway memory with, kept
/// in Tests/Fuzz, runs through the fuzzer's own entry — decode, check, compile, run in
/// virtual time with the trace drawn — and must end with the status its file states (a
/// line `# Status: N`: 2 for a diagnostic, 0 when it runs and its `expect`s hold), before
/// the wall-clock limit stops it: a stopped run was a hang, and a failed `expect` counts.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".frp") }.sorted()
    }

    /// Far beyond what a kept input takes in a debug build (list-growth, the slowest, takes
    /// 10 s): a run stopped here hung. (Fuzz/fuzz.sh stops a release build's run at 5 s.)
    static let limit = Duration.seconds(60)

    /// The status a kept input states it ends with.
    static func statedStatus(_ text: String) -> Int32? {
        text.split(separator: "\n").lazy.compactMap { line in
            line.hasPrefix("# Status: ") ? Int32(line.dropFirst("# Status: ".count)) : nil
        }.first
    }

    @Test("the kept inputs are there")
    func corpusIsThere() {
        #expect(Self.inputs.count >= 6)
    }

    @Test("a found input ends with the status it states, within the limit", arguments: FuzzRegressionTests.inputs)
    func input(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
        guard case .success(let source) = Source.decode(bytes: bytes, name: name) else {
            Issue.record("\(name) is not text: keep binary inputs out of Tests/Fuzz")
            return
        }
        let stated = try #require(Self.statedStatus(source.text), "\(name) has no line `# Status: N`")
        let captured = Captured()
        let started = ContinuousClock.now
        let status = ScriptRunner(clock: .virtual, trace: true, output: captured.output)
            .run(source, wallClockLimit: Self.limit)
        #expect(status == stated, "\(name): \(captured.text.suffix(2000))")
        #expect(!captured.text.contains("of real time"), "\(name) was stopped by the wall-clock limit")
        // The limit, plus the time to draw the trace of the run it stopped.
        #expect(ContinuousClock.now - started < Self.limit + .seconds(5))
    }
}

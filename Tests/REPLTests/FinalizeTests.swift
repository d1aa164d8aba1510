import Testing
@testable import REPL
import TestSupport

@Suite("finalize")
struct FinalizeTests {
    @Test("finalize prints its line once: after a completion, after an error, at a cancel")
    func oncePerSubscription() throws {
        let completed = try trace(#"cold "-a-b|" | finalize "f""#)
        #expect(completed.components(separatedBy: "f: finalized").count == 2)
        #expect(completed.contains("4ms  completed\n[4ms] f: finalized"), "\(completed)")
        let failed = try trace(#"cold "-a-#" | finalize "f""#)
        #expect(failed.contains("3ms  error \"error\"\n[3ms] f: finalized"), "\(failed)")
        // Cancelled by take: once, when the source is disposed.
        let cancelled = try trace(#"cold "-a-b-c|" | finalize "f" | take 1"#)
        #expect(cancelled.components(separatedBy: "f: finalized").count == 2)
        #expect(cancelled.contains("[1ms] f: finalized"), "\(cancelled)")
    }
}

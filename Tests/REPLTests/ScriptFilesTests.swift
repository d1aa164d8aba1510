import Foundation
@testable import REPL
import Testing
import TestSupport

extension TestCommandTests {
    @Test("frp test DIR visits each directory and file once: links back up (ln -s . a; ln -s . b) are skipped, not followed without end")
    func symlinkLoops() throws {
        let path = try temporaryScript("expect of 1 emits \"(a|)\" {a: 1}\n", name: "one.frp")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: ".")
        }
        #expect(ScriptFiles.find(under: folder) == [path])
        // The same file named twice, or by a link, is one file.
        #expect(ScriptFiles.find(under: [path, folder, folder + "/a/one.frp"]) == [.script(path)])
        let captured = Captured()
        #expect(TestRunner(output: captured.output).run(paths: [folder]) == 0)
        #expect(captured.text == "1 passed, 0 failed")
    }
}

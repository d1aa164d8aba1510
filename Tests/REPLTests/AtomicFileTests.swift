import Foundation
@testable import REPL
import Testing
import TestSupport

/// `:save`, `--svg`, `--events`, the history and the progress replace their file whole, or
/// leave the old one as it was and say why.
@Suite("Files written whole")
struct AtomicFileTests {
    /// A new, empty directory.
    func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func names(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("a write replaces the old text whole, keeps the file's permissions and leaves nothing beside it")
    func replaces() throws {
        let folder = try directory()
        let path = folder + "/saved.frp"
        try "an older and longer text\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        try AtomicFile.replace(path, with: "of 1\n", inPlaceUnlessRegular: true)
        #expect(try text(path) == "of 1\n")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(try names(in: folder) == ["saved.frp"])
    }

    @Test("a path whose directory does not exist fails with the reason")
    func missingDirectory() throws {
        let path = try directory() + "/no/such/saved.frp"
        #expect(throws: AtomicFile.Failure(path: path, reason: "No such file or directory")) {
            try AtomicFile.replace(path, with: "of 1\n", inPlaceUnlessRegular: true)
        }
    }

    @Test("a write into a read-only directory fails with the reason and leaves the old file whole",
          .enabled(if: geteuid() != 0, "root writes into a read-only directory"))
    func readOnlyDirectory() throws {
        let folder = try directory()
        let path = folder + "/saved.frp"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        #expect(throws: AtomicFile.Failure(path: path, reason: "Permission denied")) {
            try AtomicFile.replace(path, with: "new\n", inPlaceUnlessRegular: true)
        }
        #expect(try text(path) == "old\n")
    }

    @Test("a rename that fails (a directory in the way) removes the temporary file and leaves what was there")
    func failedRename() throws {
        let folder = try directory()
        let path = folder + "/out"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try "kept\n".write(toFile: path + "/inside", atomically: false, encoding: .utf8)
        #expect(throws: AtomicFile.Failure(path: path, reason: "Is a directory")) { try AtomicFile.replace(path, with: "new\n") }
        #expect(throws: AtomicFile.Failure(path: path, reason: "Is a directory")) {
            try AtomicFile.replace(path, with: "new\n", inPlaceUnlessRegular: true)
        }
        #expect(try names(in: folder) == ["out"])
        #expect(try text(path + "/inside") == "kept\n")
    }

    @Test("the event log leaves the old file whole until the script ends, and whole when it gives up")
    func eventsFileReplacesAtTheEnd() throws {
        let folder = try directory()
        let path = folder + "/events.ndjson"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let abandoned = try EventsFile(path: path)
        // It was opened with fopen "w", which emptied the old file at once.
        #expect(try text(path) == "old\n")
        abandoned.discard()
        #expect(try text(path) == "old\n")
        #expect(try names(in: folder) == ["events.ndjson"])
        let finished = try EventsFile(path: path)
        try finished.commit()
        #expect(try text(path) == "")
        #expect(try names(in: folder) == ["events.ndjson"])
    }

    @Test("--events and --svg in a directory that does not exist say why; over an old file they replace it")
    func runnerOutputs() throws {
        let script = try temporaryScript("of 1")
        let missing = try directory() + "/no/such/trace"
        let captured = Captured()
        #expect(ScriptRunner(clock: .virtual, trace: false, svgPath: missing + ".svg", output: captured.output).run(path: script) == 1)
        #expect(captured.text.contains("frp: cannot write \(missing).svg: No such file or directory"))
        #expect(ScriptRunner(clock: .virtual, trace: false, eventsPath: missing + ".ndjson", output: captured.output).run(path: script) == 2)
        #expect(captured.text.contains("frp: cannot write \(missing).ndjson: No such file or directory"))
        let folder = try directory()
        for name in ["trace.svg", "trace.ndjson"] { try "old\n".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
        #expect(ScriptRunner(clock: .virtual, trace: false, eventsPath: folder + "/trace.ndjson", svgPath: folder + "/trace.svg",
                             output: Captured().output).run(path: script) == 0)
        #expect(try text(folder + "/trace.svg").contains("<svg"))
        #expect(try text(folder + "/trace.ndjson").hasPrefix(#"{"run":1,"#))
        #expect(try names(in: folder) == ["trace.ndjson", "trace.svg"])
    }
}

extension BinaryTests {
    @Test(":save into a directory that does not exist says why; over an old file it replaces it",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func save() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/session.frp"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let result = try run([], input: "let x = 5\n:save \(folder)/no/such.frp\n:save \(path)\n")
        #expect(result.output.contains("cannot write \(folder)/no/such.frp: No such file or directory"))
        #expect(result.output.contains("saved 1 inputs to \(path)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "let x = 5\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["session.frp"])
    }
}

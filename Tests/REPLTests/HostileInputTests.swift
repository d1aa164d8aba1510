@testable import Export
import Foundation
import JSONText
import Language
@testable import REPL
import Testing
import TestSupport

/// Reliability IV's findings that a unit can hold: each test is a repro that failed before
/// its fix (a control character taken as code, a reply read whole, a pipe that held a
/// command, a file replaced that was not ours).
@Suite("Hostile input")
struct HostileInputTests {
    @Test("a control character is refused in any text, with its place (a file refused it; -e, the prompt and the page did not)")
    func controlCharactersRefused() {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let source = Source(name: "-e", text: "of \"\u{1}parameter:x\"")
        let (_, diagnostics) = frontend.load(source)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.rendered(in: source).contains("I found a control character (0x1) at line 1, column 5.") == true)
        for bad: Unicode.Scalar in ["\u{1B}", "\u{7}", "\u{7F}", "\u{9B}"] {
            let (_, found) = frontend.load(Source(name: "-e", text: "of 1 | map \"a\(bad)b\""))
            #expect(found.first?.code == .notText, "\(bad.value)")
        }
        #expect(frontend.load(Source(name: "-e", text: "of \"a\tb\"\r\n")).1.isEmpty)
    }

    @Test("a definition's placeholder is no text a script or a reply can write: the export writes a string as a string")
    func placeholderIsNotForgeable() {
        let placeholder = DefinitionTemplate.placeholder("x")
        #expect(DefinitionTemplate.parameter(in: placeholder) == "x")
        #expect(DefinitionTemplate.parameter(in: "\u{1}parameter:x") == nil)
        // A reply holding the old placeholder is written as a string.
        #expect((try? Writer.literal(.string("\u{1}parameter:process"))) == "\"\\u0001parameter:process\"")
    }

    @Test("a record's key `__proto__` is a field in the export, and names JavaScript does not read are escaped")
    func javaScriptNames() {
        #expect(JavaScript.key("__proto__") == "[\"__proto__\"]")
        #expect(JavaScript.key("rating") == "rating")
        #expect(!JavaScript.isIdentifier("Ⓐ"))
        #expect(JavaScript.isIdentifier("日本"))
        #expect(JavaScript.identifier("Ⓐ") == "$$x24b6$")
        #expect(JavaScript.identifier("delete") == "$delete")
        #expect(JavaScript.identifier("aⒶ") != JavaScript.identifier("a") && JavaScript.identifier("aⒶ").allSatisfy { $0.isASCII })
    }

    @Test("the service calls recorded are the first 2,000 argument lists, made one at a time (N² took 1.24 GB)")
    func recordedCallsBounded() {
        let values = (0..<5_000).map { Value.number(Double($0)) }
        let pairs = ServiceCalls.tuples(of: values, count: 2, upTo: 2_000)
        #expect(pairs.count == 2_000)
        #expect(pairs[0] == [.number(0), .number(0)] && pairs[1] == [.number(0), .number(1)] && pairs[1_999] == [.number(0), .number(1_999)])
        let small = ServiceCalls.tuples(of: [.number(1), .number(2)], count: 2, upTo: 2_000)
        #expect(small == [[.number(1), .number(1)], [.number(1), .number(2)], [.number(2), .number(1)], [.number(2), .number(2)]])
        #expect(ServiceCalls.tuples(of: [], count: 1, upTo: 10).isEmpty)
        #expect(ServiceCalls.tuples(of: values, count: 0, upTo: 10) == [[]])
    }

    @Test("a reply is read into a value of at most a million items (8,388,599 took 260 MB)")
    func replyItemLimit() {
        let many = "[" + String(repeating: "0,", count: Limits.listItems) + "0]"
        #expect(throws: JSONError.self) { try Value(json: many) }
        let record = "{" + (0...Limits.listItems).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
        #expect(throws: JSONError.self) { try Value(json: record) }
        #expect((try? Value(json: "[" + String(repeating: "0,", count: 999) + "0]")).map { if case .list(let items) = $0 { items.count } else { 0 } } == 1_000)
    }

    @Test("a value's control characters print escaped: a server's ESC, BEL or CR never reaches the terminal")
    func controlCharactersPrinted() {
        let value = Value.string("\u{1B}]0;owned\u{7}\r\n1 passed, 0 failed\u{9B}")
        #expect(value.description == "\"\\u{1b}]0;owned\\u{7}\\r\\n1 passed, 0 failed\\u{9b}\"")
        #expect(!value.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let record = Value.record(Record([("a\u{1B}", .null)]))
        #expect(record.description == "{\"a\\u{1b}\": null}")
    }

    @Test("a named pipe whose writer keeps it open is refused within the wait (it held `--timeout 2s` without end)")
    func fifoHeldOpen() throws {
        let path = try temporaryFIFO()
        defer { unlink(path) }
        let writing = Thread {
            let descriptor = open(path, O_WRONLY)
            _ = "of 1\n".withCString { write(descriptor, $0, 5) }
            Thread.sleep(forTimeInterval: 3)
            close(descriptor)
        }
        writing.start()
        let started = ContinuousClock.now
        let loaded = SourceFile.load(path, fifoWait: .milliseconds(300))
        #expect(ContinuousClock.now - started < .seconds(2))
        guard case .failure(let failure) = loaded else {
            Issue.record("a pipe held open loaded")
            return
        }
        #expect(failure.message.contains("whose writer did not close it within"))
    }

    @Test("frp test names what it cannot test in a folder: a pipe (not waited for), a dangling link, an unreadable folder")
    func untestableFilesNamed() throws {
        let script = try temporaryScript("expect of 1 emits \"(a|)\" {a: 1}\n", name: "one.frp")
        let folder = URL(fileURLWithPath: script).deletingLastPathComponent().path
        #expect(mkfifo(folder + "/pipe.frp", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone.frp", withDestinationPath: folder + "/nowhere.frp")
        let locked = folder + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        let found = ScriptFiles.find(under: [folder])
        #expect(found.contains(.script(script)))
        #expect(found.contains(.untestable(folder + "/pipe.frp", reason: "it is not a regular file (a named pipe or a device); name it to test it")))
        #expect(found.contains(.untestable(folder + "/gone.frp", reason: "No such file or directory")))
        let captured = Captured()
        let started = ContinuousClock.now
        #expect(TestRunner(output: captured.output).run(paths: [folder]) == 2)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(captured.text.contains("frp test: cannot test \(folder)/pipe.frp"))
        #expect(captured.text.contains("frp test: cannot test \(folder)/gone.frp: No such file or directory"))
        #expect(captured.text.hasSuffix("1 passed, 0 failed"))
        // A folder that cannot be read (as root every folder can: then only the others hold).
        chmod(locked, 0)
        defer { chmod(locked, 0o755) }
        if getuid() != 0 {
            #expect(ScriptFiles.find(under: [folder]).contains { if case .untestable(locked, _) = $0 { true } else { false } })
        }
    }

    @Test("progress is read from and saved to a regular file only: a pipe does not hold `frp learn`, a device is not replaced")
    func progressOnlyInARegularFile() throws {
        let pipe = try temporaryFIFO()
        defer { unlink(pipe) }
        let started = ContinuousClock.now
        let (_, problem) = Progress.load(from: pipe)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(problem?.contains("is not a regular file (a named pipe)") == true)
        #expect(throws: AtomicFile.Failure.self) { try Progress().save(to: pipe) }
        var info = stat()
        #expect(lstat(pipe, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        // A regular file is still written.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString)").path
        defer { unlink(path) }
        try Progress().save(to: path)
        #expect(Progress.load(from: path).problem == nil)
    }
}

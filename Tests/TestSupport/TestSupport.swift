import Foundation
import Language
import REPL
import Synchronization

/// What the test targets share: a runner's printed lines collected, a script written to a
/// file of its own, a source loaded through the front end.

/// Collects what a runner prints.
public final class Captured: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public var text: String { lines.withLock { $0.joined(separator: "\n") } }
    public var output: Output {
        Output(line: { line in self.lines.withLock { $0.append(line) } },
               error: { line in self.lines.withLock { $0.append("stderr: " + line) } })
    }
}

/// `text` written as `name` in a new temporary folder; its path.
public func temporaryScript(_ text: String, name: String = "script.frp") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// A new named pipe (FIFO) in the temporary folder, named `*.frp`; its path.
public func temporaryFIFO() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString).frp").path
    guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    return path
}

/// A script checked by a fresh front end (the language's own catalogue): its statements,
/// and its diagnostics as the user sees them.
public func checked(_ text: String, name: String = "test.frp", catalogue: Catalogue = .standard)
    -> (statements: [CheckedStatement], diagnostics: [Diagnostic], rendered: String) {
    var frontend = Frontend(catalogue: catalogue)
    let source = Source(name: name, text: text)
    let (statements, found) = frontend.load(source)
    return (statements, found, found.map { $0.rendered(in: source) }.joined(separator: "\n\n"))
}

import Dispatch
import Foundation
import Synchronization
@testable import REPL
import Testing
import TestSupport

/// Reading a script file that is not a plain file.
@Suite("Script files")
struct SourceFileTests {
    /// Loads `path` on another thread; nil when that did not end within 5 s (a hang).
    func load(_ path: String, fifoWait: Duration) -> Result<String, LoadFailure>? {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<String, LoadFailure>?>(nil)
        Thread.detachNewThread {
            let loaded = SourceFile.load(path, fifoWait: fifoWait).map(\.text)
            result.withLock { $0 = loaded }
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else { return nil }
        return result.withLock { $0 }
    }

    @Test("a named pipe no one writes to is refused after the wait, with a message")
    func fifoWithoutWriter() throws {
        let path = try temporaryFIFO()
        defer { unlink(path) }
        let loaded = load(path, fifoWait: .milliseconds(200))
        guard let loaded else {
            // Let the blocked open go before failing.
            close(open(path, O_WRONLY | O_NONBLOCK))
            Issue.record("loading a FIFO with no writer hung")
            return
        }
        guard case .failure(let failure) = loaded else {
            Issue.record("a FIFO with no writer loaded")
            return
        }
        #expect(failure.message.contains("named pipe (FIFO)"))
        #expect(failure.message.contains("nothing was written to it"))
    }

    @Test("a named pipe is read whole when its writer comes during the wait")
    func fifoWithWriter() throws {
        let path = try temporaryFIFO()
        defer { unlink(path) }
        Thread.detachNewThread {
            // Waits for the reader to open its end.
            let descriptor = open(path, O_WRONLY)
            _ = "of 1\n".withCString { write(descriptor, $0, 5) }
            close(descriptor)
        }
        let loaded = load(path, fifoWait: .seconds(4))
        #expect(try loaded?.get() == "of 1\n")
    }
}

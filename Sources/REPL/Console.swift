import CLineEdit
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The REPL's terminal when several pipelines print at once. Background jobs print from
/// their own threads: while a line is being edited, their lines are queued and the editor
/// is woken to print them above the prompt (then it draws the prompt and the partial line
/// again, as LLDB does); otherwise they are printed at once. Everything is written under
/// one lock, so lines never interleave mid-line.
final class Console: Sendable {
    static let shared = Console()

    private struct State {
        var editing = false
        var queue: [String] = []
    }

    private let state = Mutex(State())
    /// Written to wake the editor (a pipe: the read end is polled beside the terminal).
    private let wakeRead: Int32
    private let wakeWrite: Int32

    private init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    /// Lets the line editor wake for output (call once, after the editor started).
    func attachEditor() {
        frp_edit_set_wake(wakeRead) { Console.shared.printQueuedAbovePrompt() }
    }

    /// The editor is about to wait for a line (true) or has returned one (false). Lines
    /// queued meanwhile are printed when it returns.
    func editing(_ editing: Bool) {
        state.withLock { state in
            state.editing = editing
            if !editing, !state.queue.isEmpty {
                Console.emit(state.queue.joined(separator: "\n") + "\n")
                state.queue = []
            }
        }
    }

    /// A line from any thread.
    func line(_ text: String) {
        state.withLock { state in
            if state.editing {
                state.queue.append(text)
                var byte: UInt8 = 1
                _ = write(wakeWrite, &byte, 1)
            } else {
                Console.emit(text + "\n")
            }
        }
    }

    /// Standard output and error through the console: what the REPL prints at a terminal.
    static let output = Output(line: { Console.shared.line($0) }, error: { Console.shared.line($0) })

    /// On the editing thread, from the editor's read function.
    private func printQueuedAbovePrompt() {
        state.withLock { state in
            guard !state.queue.isEmpty else { return }
            let text = state.queue.joined(separator: "\n") + "\n"
            state.queue = []
            frp_edit_print_above(text)
        }
    }

    private static func emit(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { buffer in
            Glibc.write(1, buffer.baseAddress, buffer.count - 1)
        }
    }
}

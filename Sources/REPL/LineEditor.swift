import CLineEdit
import Language

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Line editing at a terminal, through libedit: emacs keys, Ctrl-R searches the history,
/// and the history persists in `FRP_HISTORY` or `~/.frp_history` (libedit's format).
final class LineEditor {
    private let historyPath: String?

    init?() {
        guard frp_edit_begin("frp") == 0 else { return nil }
        if let path = getenv("FRP_HISTORY").map({ String(cString: $0) }), !path.isEmpty {
            historyPath = LineEditor.usable(path)
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            historyPath = LineEditor.usable(home + "/.frp_history")
        } else {
            historyPath = nil
        }
        if let historyPath { _ = frp_edit_load_history(historyPath) }
    }

    /// The path, if it is a regular file or nothing yet. libedit reads a history file
    /// whole and makes it mode 0600 when it saves: `FRP_HISTORY=/dev/null` (history off)
    /// must not change /dev/null, and `/dev/zero` must not be read without end.
    static func usable(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        return (info.st_mode & S_IFMT) == S_IFREG ? path : nil
    }

    deinit {
        frp_edit_end()
    }

    /// A line, or nil at Ctrl-D (or when Ctrl-C interrupted the read: check `Interrupt`).
    func read(prompt: String) -> String? {
        frp_edit_prompt(prompt)
        guard let line = frp_edit_line() else { return nil }
        return String(cString: line)
    }

    /// Keeps a finished input in the history, and saves it at once (a crash or a kill
    /// loses nothing).
    func remember(_ input: String) {
        frp_edit_remember(input.replacingNewlines)
        if let historyPath { _ = frp_edit_save_history(historyPath) }
    }
}

extension String {
    /// History entries are one line each: a multi-line input is kept joined, without the
    /// comments of its lines but the last (one would hide the lines after it).
    var replacingNewlines: String {
        let lines = split(separator: "\n").map(String.init)
        return lines.enumerated().map { index, line in
            (index == lines.count - 1 ? line : Source(name: "input", text: line).textWithoutComments).trimmingCharacters(of: " \t")
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

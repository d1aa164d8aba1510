import CLineEdit
import Language

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Line editing at a terminal, through libedit: emacs keys, Ctrl-R searches the history,
/// and the history persists in `FRP_HISTORY` or `~/.frp_history` (libedit's format).
final class LineEditor {
    /// Where the history is kept; nil: for this session only.
    private let history: HistoryFile?

    init?() {
        guard frp_edit_begin("frp") == 0 else { return nil }
        if let path = getenv("FRP_HISTORY").map({ String(cString: $0) }), !path.isEmpty {
            history = HistoryFile(path)
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            history = HistoryFile(home + "/.frp_history")
        } else {
            history = nil
        }
        for entry in history?.load() ?? [] { frp_edit_remember(entry) }
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
        let entry = input.replacingNewlines
        frp_edit_remember(entry)
        history?.append(entry)
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

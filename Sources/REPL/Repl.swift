import Language
import Signals

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The REPL. For now it reads lines plainly (what it also does when standard input is not
/// a terminal, so `echo 'of 1, 2' | frp` works); each input is checked against the
/// session's names and run. A mistake prints its diagnostic and the session goes on.
public struct Repl {
    let output: Output

    public init(output: Output = .standard) {
        self.output = output
    }

    public func run() -> Int32 {
        let interactive = isatty(0) == 1
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let session = Session(clock: .live(speed: 1), output: output)
        Interrupt.install()
        session.interrupted = { Interrupt.isSet }
        var pending = ""
        var inputNumber = 0
        if interactive { output.line("frp — type a pipeline, like: of 1, 2, 3 | map it * 10   (:help, Ctrl-D quits)") }
        let editor = interactive ? LineEditor() : nil
        if editor != nil { CompletionHook.install() }
        while true {
            let promptText = pending.isEmpty ? "frp> " : "...> "
            let read: String?
            if let editor {
                CompletionHook.current = Completion(catalogue: frontend.catalogue, names: frontend.environment.names)
                read = editor.read(prompt: promptText)
            } else {
                if interactive { prompt(promptText) }
                read = readLine(strippingNewline: true)
            }
            guard let line = read else {
                // Ctrl-C at the prompt clears the line; Ctrl-D (end of input) quits.
                if Interrupt.take() {
                    pending = ""
                    if interactive { output.line("") }
                    continue
                }
                break
            }
            if pending.isEmpty, line.trimmingCharacters(of: " ").hasPrefix(":") {
                if command(line.trimmingCharacters(of: " "), catalogue: frontend.catalogue) == .quit { break }
                continue
            }
            pending += (pending.isEmpty ? "" : "\n") + line
            if continues(pending) { continue }
            inputNumber += 1
            editor?.remember(pending)
            let source = Source(name: interactive ? "<input \(inputNumber)>" : "<stdin>", text: pending)
            pending = ""
            let (statements, diagnostics) = frontend.load(source)
            for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
            for statement in statements { session.execute(statement) }
            _ = Interrupt.take()
        }
        if !pending.isEmpty {
            let source = Source(name: "<stdin>", text: pending)
            let (statements, diagnostics) = frontend.load(source)
            for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
            for statement in statements { session.execute(statement) }
        }
        return 0
    }

    enum CommandResult { case done, quit }

    /// `:help`, `:help OP`, `:quit`.
    private func command(_ line: String, catalogue: Catalogue) -> CommandResult {
        let words = line.split(separator: " ").map(String.init)
        switch words.first ?? "" {
        case ":quit", ":q":
            return .quit
        case ":help", ":h":
            if words.count > 1 {
                output.line(Help.operator(words[1], in: catalogue))
            } else {
                output.line(Help.overview(catalogue))
            }
        default:
            let known = [":help", ":quit"]
            let hint = suggestion(for: words.first ?? "", among: known).map { " Did you mean \($0)?" } ?? ""
            output.error("I do not know the command \(words.first ?? line).\(hint) The commands are :help, :help OP and :quit.")
        }
        return .done
    }

    /// An input continues while a bracket is open or its last line ends with `|`.
    private func continues(_ text: String) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "\n": inString = false
            default: break
            }
        }
        let trimmed = text.split(separator: "\n").last.map { String($0).trimmingCharacters(of: " \t") } ?? ""
        return depth > 0 || trimmed.hasSuffix("|")
    }

    private func prompt(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
    }
}

extension String {
    func trimmingCharacters(of set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}

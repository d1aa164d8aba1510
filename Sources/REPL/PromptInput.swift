import CLineEdit
import Language

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What is typed at the prompt, line by line: a line continues a statement while a bracket
/// is open or it ends in `|`; a complete statement is checked against the session's names
/// and run; a `:command` goes to its row of `Command.all`. Piped input (or a paste) is read
/// as `frp run` reads a file: a next line that starts with `|` or `emits` continues the
/// statement before it.
final class PromptInput {
    enum Taken { case goOn, quit }

    let interactive: Bool
    let output: Output
    let session: Session
    let editor: LineEditor?
    private var frontend = Frontend.forFiles()
    /// The statement typed so far, not yet complete.
    private var pending = ""
    private var inputNumber = 0
    /// Lines read so far, and the one `pending` starts on: piped input is numbered as the
    /// file it came from.
    private var lineNumber = 0
    private var firstLine = 1
    /// The inputs that checked, for `:save`.
    private var inputs: [String] = []
    /// `let` names and their pipelines' text, for completing their fields.
    private var bindings: [String: String] = [:]
    /// Piped input: a complete statement waits for the next line, which continues it when
    /// it starts with `|` or `emits`, as in a file `frp run` reads.
    private var held = false

    init(interactive: Bool, output: Output, session: Session, editor: LineEditor?) {
        (self.interactive, self.output, self.session, self.editor) = (interactive, output, session, editor)
    }

    /// The next line, nil at the end of input or at Ctrl-C (`endOfInputQuits` tells which).
    func next() -> String? {
        let promptText = pending.isEmpty ? "frp> " : "...> "
        guard let editor else {
            if interactive { Repl.prompt(promptText) }
            return readLine(strippingNewline: true)
        }
        CompletionHook.current = Completion(catalogue: frontend.catalogue, names: frontend.environment.names, bindings: bindings)
        Console.shared.editing(true)
        defer { Console.shared.editing(false) }
        return editor.read(prompt: promptText)
    }

    /// After `next` gave nothing: Ctrl-C at the prompt clears the line; Ctrl-D (end of
    /// input) quits, or at `...>` drops the unfinished input. The terminal echoed `^D`: what
    /// follows starts on a new line.
    func endOfInputQuits() -> Bool {
        if Interrupt.take() {
            pending = ""
            if interactive { output.line("") }
            return false
        }
        guard interactive else { return true }
        output.line("")
        guard pending.isEmpty else {
            output.line("(unfinished input dropped; Ctrl-D at an empty frp> prompt quits)")
            pending = ""
            return false
        }
        return true
    }

    /// One line read.
    func take(_ line: String) -> Taken {
        lineNumber += 1
        if held {
            let start = line.trimmingCharacters(of: " \t")
            if start.isEmpty || start.hasPrefix("#") || start.hasPrefix("|") || start.hasPrefix("emits") {
                pending += "\n" + line
                // The last line of a paste: nothing more waits, so it runs now.
                if interactive, !Repl.inputWaiting() { submit() }
                return .goOn
            }
            submit()
        }
        let typed = habit(line.trimmingCharacters(of: " \t"))
        if pending.isEmpty, typed.hasPrefix(":") { return command(typed) }
        if pending.isEmpty { firstLine = lineNumber }
        // At a terminal an empty line ends a continuation: what was typed runs (or says
        // what is missing). Piped input reads as `frp run` reads a file.
        let endsInput = interactive && !pending.isEmpty && line.trimmingCharacters(of: " \t").isEmpty
        if !endsInput {
            pending += (pending.isEmpty ? "" : "\n") + line
            if Repl.continues(pending) { return .goOn }
            // Piped input, or a paste (more lines already waiting at the terminal): read as
            // `frp run` reads a file, so a next line that starts with `|` continues this
            // statement.
            if !interactive || Repl.inputWaiting() {
                held = true
                return .goOn
            }
        }
        submit()
        return .goOn
    }

    /// At the end of input: what was held runs, and what was left unfinished says what is
    /// missing.
    func finish() {
        if held { submit() }
        guard !pending.isEmpty else { return }
        let source = Repl.stdinSource(pending, from: firstLine)
        let (statements, diagnostics) = frontend.load(source)
        for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
        for statement in statements { session.execute(statement) }
    }

    /// `help`, `exit`, `quit`, `?` (and `help()`...) as the command they mean, as Python,
    /// IPython and node take them, unless the script named something so.
    private func habit(_ typed: String) -> String {
        guard pending.isEmpty, let habit = Command.habits[typed] else { return typed }
        guard !frontend.environment.names.contains(typed.trimmingCharacters(of: "()")) else {
            output.line("(`\(typed)` is a name you defined; \(habit) is the command)")
            return typed
        }
        return habit
    }

    private func command(_ line: String) -> Taken {
        editor?.remember(line)
        var context = CommandContext(frontend: frontend, session: session, inputs: inputs, output: output)
        let result = Command.perform(line, in: &context)
        (frontend, inputs) = (context.frontend, context.inputs)
        if line == ":reset" { bindings = [:] }
        return result == .quit ? .quit : .goOn
    }

    /// Checks and runs the statement typed so far.
    private func submit() {
        inputNumber += 1
        editor?.remember(pending)
        let text = pending
        pending = ""
        held = false
        let source = interactive ? Source(name: "<input \(inputNumber)>", text: text) : Repl.stdinSource(text, from: firstLine)
        let (statements, diagnostics) = frontend.load(source)
        for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
        if diagnostics.isEmpty { inputs.append(text) }
        for statement in statements {
            if case .bind(let name, let pipeline) = statement { bindings[name] = pipeline.text }
            session.execute(statement)
            if case .run(let pipeline, _, _) = statement { bindings["_"] = pipeline.text }
        }
        // A run stopped with Ctrl-C is saved as stopped (commented), not as a run without
        // end; any other input (`text := "dog"` while a job runs) is kept.
        let ranHere = statements.contains { statement in
            guard case .run(let pipeline, let background, _) = statement else { return false }
            return pipeline.plainValue == nil && (!background || session.jobs == nil || session.options.clock == .virtual)
        }
        if Interrupt.take(), ranHere, diagnostics.isEmpty, let last = inputs.last {
            inputs[inputs.count - 1] = "# stopped with Ctrl-C:\n" + last.split(separator: "\n").map { "# " + $0 }.joined(separator: "\n")
        }
    }
}

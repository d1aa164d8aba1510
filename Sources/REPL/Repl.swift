import CLineEdit
import Export
import Language
import Services
import Signals
import Trace

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The REPL. For now it reads lines plainly (what it also does when standard input is not
/// a terminal, so `echo 'of 1, 2' | frp` works); each input is checked against the
/// session's names and run. A mistake prints its diagnostic and the session goes on.
public struct Repl {
    let output: Output
    /// Where the services' answers come from (`--services URL`: over HTTP).
    let transport: any PhotoTransport
    /// How diagrams and event lines look (colour, width) at this terminal.
    let style: DiagramStyle

    public init(output: Output = .standard, transport: any PhotoTransport = InProcessTransport.shared,
                color: ColorChoice = .never) {
        self.output = output
        self.transport = transport
        self.style = .fromEnvironment(ascii: false, color: color)
    }

    public func run() -> Int32 {
        let interactive = isatty(0) == 1
        // At a terminal everything goes through the console, so background pipelines
        // print above the line being edited.
        let output = interactive ? Console.output : self.output
        var frontend = Frontend.forFiles()
        var options = RunOptions()
        options.clock = .live(speed: 1)
        options.transport = transport
        options.diagramStyle = style
        options.prettyValues = interactive && isatty(1) == 1
        Interrupt.install()
        options.interrupted = { Interrupt.isSet }
        let session = Session(options: options, output: output)
        let jobs = Jobs(output: output)
        session.jobs = jobs
        defer { jobs.stopAll(reason: "the REPL quitting") }
        session.interruptEchoes = interactive
        var pending = ""
        var inputNumber = 0
        /// Lines read so far, and the one `pending` starts on: piped input is numbered as
        /// the file it came from.
        var lineNumber = 0
        var firstLine = 1
        /// The inputs that checked, for `:save`.
        var inputs: [String] = []
        /// `let` names and their pipelines' text, for completing their fields.
        var bindings: [String: String] = [:]
        if interactive { output.line("frp — type a pipeline, like: of 1, 2, 3 | map it * 10   (:help, Ctrl-D quits)") }
        let editor = interactive ? LineEditor() : nil
        if editor != nil {
            CompletionHook.install()
            Console.shared.attachEditor()
        }
        /// Piped input: a complete statement waits for the next line, which continues it
        /// when it starts with `|` or `emits`, as in a file `frp run` reads.
        var held = false
        func submit() {
            inputNumber += 1
            editor?.remember(pending)
            let text = pending
            pending = ""
            held = false
            let source = interactive ? Source(name: "<input \(inputNumber)>", text: text)
                : Repl.stdinSource(text, from: firstLine)
            let (statements, diagnostics) = frontend.load(source)
            for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
            if diagnostics.isEmpty { inputs.append(text) }
            for statement in statements {
                if case .bind(let name, let pipeline) = statement { bindings[name] = pipeline.text }
                session.execute(statement)
                if case .run(let pipeline, _, _) = statement { bindings["_"] = pipeline.text }
            }
            // A run stopped with Ctrl-C is saved as stopped (commented), not as a run
            // without end; any other input (`text := "dog"` while a job runs) is kept.
            let ranHere = statements.contains { statement in
                guard case .run(let pipeline, let background, _) = statement else { return false }
                return pipeline.plainValue == nil && (!background || session.jobs == nil || session.options.clock == .virtual)
            }
            if Interrupt.take(), ranHere, diagnostics.isEmpty, let last = inputs.last {
                inputs[inputs.count - 1] = "# stopped with Ctrl-C:\n" + last.split(separator: "\n").map { "# " + $0 }.joined(separator: "\n")
            }
        }
        while true {
            let promptText = pending.isEmpty ? "frp> " : "...> "
            let read: String?
            if let editor {
                CompletionHook.current = Completion(catalogue: frontend.catalogue, names: frontend.environment.names,
                                                    bindings: bindings)
                Console.shared.editing(true)
                read = editor.read(prompt: promptText)
                Console.shared.editing(false)
            } else {
                if interactive { prompt(promptText) }
                read = readLine(strippingNewline: true)
            }
            guard let line = read else {
                // Ctrl-C at the prompt clears the line; Ctrl-D (end of input) quits, or at
                // `...>` drops the unfinished input. The terminal echoed `^D`: what follows
                // starts on a new line.
                if Interrupt.take() {
                    pending = ""
                    if interactive { output.line("") }
                    continue
                }
                if interactive {
                    output.line("")
                    if !pending.isEmpty {
                        output.line("(unfinished input dropped; Ctrl-D at an empty frp> prompt quits)")
                        pending = ""
                        continue
                    }
                }
                break
            }
            lineNumber += 1
            if held {
                let start = line.trimmingCharacters(of: " \t")
                if start.isEmpty || start.hasPrefix("#") || start.hasPrefix("|") || start.hasPrefix("emits") {
                    pending += "\n" + line
                    // The last line of a paste: nothing more waits, so it runs now.
                    if interactive, !Repl.inputWaiting() { submit() }
                    continue
                }
                submit()
            }
            // `help`, `exit`, `quit`, `?` (and `help()`...), as Python, IPython and node take
            // them, unless the script named something so.
            var typed = line.trimmingCharacters(of: " \t")
            if pending.isEmpty, let habit = Command.habits[typed] {
                if frontend.environment.names.contains(typed.trimmingCharacters(of: "()")) {
                    output.line("(`\(typed)` is a name you defined; \(habit) is the command)")
                } else {
                    typed = habit
                }
            }
            if pending.isEmpty, typed.hasPrefix(":") {
                let commandLine = typed
                editor?.remember(commandLine)
                var context = CommandContext(frontend: frontend, session: session, inputs: inputs, output: output)
                let result = Command.perform(commandLine, in: &context)
                (frontend, inputs) = (context.frontend, context.inputs)
                if result == .quit { break }
                if commandLine == ":reset" { bindings = [:] }
                continue
            }
            if pending.isEmpty { firstLine = lineNumber }
            // At a terminal an empty line ends a continuation: what was typed runs (or says
            // what is missing). Piped input reads as `frp run` reads a file.
            let endsInput = interactive && !pending.isEmpty && line.trimmingCharacters(of: " \t").isEmpty
            if !endsInput {
                pending += (pending.isEmpty ? "" : "\n") + line
                if Repl.continues(pending) { continue }
                // Piped input, or a paste (more lines already waiting at the terminal):
                // read as `frp run` reads a file, so a next line that starts with `|`
                // continues this statement.
                if !interactive || Repl.inputWaiting() {
                    held = true
                    continue
                }
            }
            submit()
        }
        if held { submit() }
        if !pending.isEmpty {
            let source = Repl.stdinSource(pending, from: firstLine)
            let (statements, diagnostics) = frontend.load(source)
            for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
            for statement in statements { session.execute(statement) }
        }
        if !interactive {
            jobs.settle()
            if !jobs.jobs.isEmpty { output.line("(end of input: stopping the background pipelines)") }
        }
        return 0
    }

    /// An input continues while a bracket is open or its last token is `|`, as the lexer
    /// reads it (comments, strings that end with their line).
    static func continues(_ text: String) -> Bool {
        Source(name: "input", text: text).continuesOnNextLine
    }

    /// Whether more input is already waiting on standard input: the rest of a paste (typed
    /// lines come one at a time, a paste arrives at once).
    static func inputWaiting() -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// A statement of piped input that starts at line `firstLine`: its diagnostics and
    /// positions give the line of the input.
    static func stdinSource(_ text: String, from firstLine: Int) -> Source {
        Source(name: "<stdin>", text: text, firstLine: max(1, firstLine))
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

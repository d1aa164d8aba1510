import Language
import Services
import Signals

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

    public init(output: Output = .standard, transport: any PhotoTransport = InProcessTransport.shared) {
        self.output = output
        self.transport = transport
    }

    public func run() -> Int32 {
        let interactive = isatty(0) == 1
        // At a terminal everything goes through the console, so background pipelines
        // print above the line being edited.
        let output = interactive ? Console.output : self.output
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let session = Session(clock: .live(speed: 1), output: output)
        session.transport = transport
        let jobs = Jobs(output: output)
        session.jobs = jobs
        defer { jobs.stopAll() }
        Interrupt.install()
        session.interrupted = { Interrupt.isSet }
        var pending = ""
        var inputNumber = 0
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
                // Ctrl-C at the prompt clears the line; Ctrl-D (end of input) quits.
                if Interrupt.take() {
                    pending = ""
                    if interactive { output.line("") }
                    continue
                }
                break
            }
            if pending.isEmpty, line.trimmingCharacters(of: " ").hasPrefix(":") {
                let commandLine = line.trimmingCharacters(of: " ")
                if command(commandLine, frontend: &frontend, session: session, inputs: &inputs, output: output) == .quit { break }
                if commandLine == ":reset" { bindings = [:] }
                continue
            }
            pending += (pending.isEmpty ? "" : "\n") + line
            if Repl.continues(pending) { continue }
            inputNumber += 1
            editor?.remember(pending)
            let source = Source(name: interactive ? "<input \(inputNumber)>" : "<stdin>", text: pending)
            pending = ""
            let (statements, diagnostics) = frontend.load(source)
            for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
            if diagnostics.isEmpty { inputs.append(source.text) }
            for statement in statements {
                if case .bind(let name, let pipeline) = statement { bindings[name] = pipeline.text }
                session.execute(statement)
            }
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

    /// `:help [OP]`, `:explain [OP]` (`:help OP` is `:explain OP`), `:time live|virtual|Nx`, `:trace on|off`, `:load FILE`,
    /// `:save FILE`, `:reset`, `:quit`.
    private func command(_ line: String, frontend: inout Frontend, session: Session, inputs: inout [String],
                         output: Output) -> CommandResult {
        let words = line.split(separator: " ").map(String.init)
        let argument = words.count > 1 ? words[1...].joined(separator: " ") : nil
        switch words.first ?? "" {
        case ":quit", ":q":
            return .quit
        case ":help", ":h", ":explain":
            let explainer = Explainer(catalogue: frontend.catalogue, style: session.diagramStyle, output: output,
                                      invocation: ":explain")
            if let argument {
                explainer.explain(argument)
            } else if words.first == ":explain" {
                explainer.overview()
            } else {
                output.line(Help.overview(frontend.catalogue))
            }
        case ":time":
            switch argument {
            case "live"?: session.clock = .live(speed: 1)
            case "virtual"?: session.clock = .virtual
            case let speed? where speed.hasSuffix("x") && Double(speed.dropLast()).map({ $0 > 0 && $0.isFinite }) == true:
                session.clock = .live(speed: Double(speed.dropLast()) ?? 1)
            default:
                output.error(":time takes live, virtual or a speed like 10x")
                return .done
            }
            output.line("time: \(argument ?? "")")
        case ":trace":
            guard argument == "on" || argument == "off" else {
                output.error(":trace takes on or off")
                return .done
            }
            session.tracing = argument == "on"
            output.line("trace: \(argument ?? "")")
        case ":load":
            guard let path = argument else {
                output.error(":load takes a file: :load Examples/01-first-steps.frp")
                return .done
            }
            switch SourceFile.load(path) {
            case .failure(let failure): output.error(failure.message)
            case .success(let source):
                let (statements, diagnostics) = frontend.load(source)
                for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
                if diagnostics.isEmpty { inputs.append(source.text) }
                for statement in statements { session.execute(statement) }
            }
        case ":save":
            guard let path = argument else {
                output.error(":save takes a file: :save session.frp")
                return .done
            }
            let text = inputs.joined(separator: "\n") + "\n"
            if Session.write(text, to: path) { output.line("saved \(inputs.count) inputs to \(path)") }
            else { output.error("cannot write \(path)") }
        case ":jobs":
            output.line(session.jobs?.list() ?? "")
        case ":stop":
            guard let jobs = session.jobs else { return .done }
            if let argument {
                guard let number = Int(argument.trimmingCharacters(of: "[] ")) else {
                    output.error(":stop takes a job's number (see :jobs), or nothing to stop them all")
                    return .done
                }
                if !jobs.stop(number) { output.error("there is no job \(number) (see :jobs)") }
            } else {
                jobs.stopAll()
            }
        case ":reset":
            frontend = Frontend(catalogue: frontend.catalogue)
            inputs = []
            output.line("names forgotten")
        default:
            let known = Completion.commands
            let hint = suggestion(for: words.first ?? "", among: known).map { " Did you mean \($0)?" } ?? ""
            output.error("I do not know the command \(words.first ?? line).\(hint) The commands are \(known.joined(separator: ", ")).")
        }
        return .done
    }

    /// An input continues while a bracket is open or its last line ends with `|`.
    static func continues(_ text: String) -> Bool {
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

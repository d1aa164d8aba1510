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
        var options = RunOptions()
        options.clock = .live(speed: 1)
        options.transport = transport
        Interrupt.install()
        options.interrupted = { Interrupt.isSet }
        let outputs = RunOutputs(diagramStyle: style, prettyValues: interactive && isatty(1) == 1)
        let session = Session(options: options, outputs: outputs, output: output)
        let jobs = Jobs(output: output)
        session.jobs = jobs
        defer { jobs.stopAll(reason: "the REPL quitting") }
        session.interruptEchoes = interactive
        if interactive { output.line("frp — type a pipeline, like: of 1, 2, 3 | map it * 10   (:help, Ctrl-D quits)") }
        let editor = interactive ? LineEditor() : nil
        if editor != nil {
            CompletionHook.install()
            Console.shared.attachEditor()
        }
        let input = PromptInput(interactive: interactive, output: output, session: session, editor: editor)
        while true {
            guard let line = input.next() else {
                if input.endOfInputQuits() { break }
                continue
            }
            if input.take(line) == .quit { break }
        }
        input.finish()
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

    /// Writes the prompt without a line end (piped input at a terminal, no editor).
    static func prompt(_ text: String) {
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

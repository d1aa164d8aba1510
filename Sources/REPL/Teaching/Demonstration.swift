import Language
import Trace

/// Runs a short program in virtual time and prints what it did — each event with its
/// time, then the marble trace of every stage — as `frp run --virtual` would: an
/// operator's example, a lesson's pipeline. `let` lines bind names for what follows.
final class Demonstration {
    private(set) var frontend: Frontend
    private let session: Session
    private let output: Output
    private var inputs = 0

    init(output: Output, style: DiagramStyle, catalogue: Catalogue = PhotoSources.catalogue) {
        frontend = Frontend(catalogue: catalogue)
        session = Session(options: RunOptions(), outputs: RunOutputs(diagramStyle: style), output: output)
        self.output = output
    }

    /// Checks and runs `text`; when it does not check, prints its diagnostics instead and
    /// returns false (a catalogue or lesson mistake: the tests run every one).
    /// `marks`: records whose letters the trace keeps (an exercise's `{a: "kit"}`).
    @discardableResult
    /// `letters`: values lettered already on the screen (a comparison's), kept by the trace.
    func run(_ text: String, name: String, marks: [CheckedExpression] = [],
             letters: [(mark: Character, full: String)] = []) -> Bool {
        inputs += 1
        let source = Source(name: name, text: text)
        let (statements, diagnostics) = frontend.load(source)
        for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
        // The statements that are not runs (`let`, `service`, ...) are shown as written, so
        // the example can be copied whole; each run shows its own.
        for line in text.split(separator: "\n")
        where Keyword(rawValue: String(line.prefix { $0 != " " }))?.role == .statement || line.contains(" := ") {
            output.line(session.heading(String(line)))
        }
        for statement in statements {
            if case .run(let pipeline, false, _) = statement {
                session.run(pipeline, marking: marks, letters: letters)
            } else {
                session.execute(statement)
            }
        }
        return diagnostics.isEmpty
    }
}

extension String {
    /// The text broken into lines of at most `width` characters at spaces, each line
    /// after `indent`.
    func wrapped(width: Int, indent: String = "") -> [String] {
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines
    }
}

extension String {
    /// The text and spaces up to `width` (at least one space after it).
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

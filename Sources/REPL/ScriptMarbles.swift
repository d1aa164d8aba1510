import Language
import Signals
import Trace

/// The marbles written in a script, by where their stage is: the SVG of a run says, on
/// each mark of a marble's row, which entry of which marble it is (`MarbleRow`), so the
/// playground drags the marks of the run's own diagram. A row is the marble's when its
/// stage is at the marble's source name (`cold`, `hot`) and its label is that source or a
/// `let`'s name (a stage of an imported file at the same line and column is neither, unless a
/// `let` there gives it the same name).
struct ScriptMarbles {
    private let byPlace: [String: (row: MarbleRow, source: String, letName: String?)]

    init(_ source: Source) {
        let valuesByPlace = Playground.marbleReadings(in: source).valuesByPlace
        var byPlace: [String: (row: MarbleRow, source: String, letName: String?)] = [:]
        for (number, literal) in MarbleLiteral.all(in: source, catalogue: PhotoSources.catalogue).enumerated() {
            guard let marble = try? Marble.parse(literal.text, kind: literal.kind) else { continue }
            let at = source.location(of: literal.stageRange.start)
            let place = "\(at.line):\(at.column)"
            let row = MarbleRow(number: number, marble: marble, hot: literal.kind == .hot, values: valuesByPlace[place] ?? [:])
            byPlace[place] = (row, source.text(from: literal.stageRange.start, to: literal.range.end), literal.letName)
        }
        self.byPlace = byPlace
    }

    /// The marble a trace row plays: its key is `input:line:column`, then `@…` for a
    /// definition's stage at a use. Its label is the source as written (`cold "-a|"`, VALUES
    /// after it), or the name its `let` gives it.
    func row(key: String, label: String) -> MarbleRow? {
        let place = key.split(separator: "@", maxSplits: 1)[0].split(separator: ":").dropFirst().joined(separator: ":")
        guard let found = byPlace[place], label.hasPrefix(found.source) || label == found.letName else { return nil }
        return found.row
    }
}

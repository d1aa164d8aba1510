import Language
import Signals
import Trace

/// The marbles written in a script, by where their stage is: the SVG of a run says, on
/// each mark of a marble's row, which entry of which marble it is (`MarbleRow`), so the
/// playground drags the marks of the run's own diagram. A row is the marble's when its
/// stage is at the marble's source name (`cold`, `hot`) and its label is that source or a
/// `let`'s name (a stage of an imported file at the same line and column is neither).
struct ScriptMarbles {
    private let byPlace: [String: (row: MarbleRow, label: String)]

    init(_ source: Source) {
        let uses = Playground.marbleUses(in: source)
        var byPlace: [String: (row: MarbleRow, label: String)] = [:]
        for (number, literal) in MarbleLiteral.all(in: source, catalogue: PhotoSources.catalogue).enumerated() {
            guard let marble = try? Marble.parse(literal.text, kind: literal.kind) else { continue }
            let at = source.location(of: literal.stageRange.start)
            let word = literal.kind == .hot ? "hot" : "cold"
            let values = uses[marble.written]?.values ?? [:]
            byPlace["\(at.line):\(at.column)"] = (MarbleRow(number: number, marble: marble, hot: literal.kind == .hot, values: values),
                                               "\(word) \"\(literal.text)\"")
        }
        self.byPlace = byPlace
    }

    /// The marble a trace row plays: its key is `input:line:column`, then `@…` for a
    /// definition's stage at a use.
    func row(key: String, label: String) -> MarbleRow? {
        let place = key.split(separator: "@", maxSplits: 1)[0].split(separator: ":").dropFirst().joined(separator: ":")
        // Its label is the source, or the name a `let` gave it (`let typed = hot "…"`).
        guard let found = byPlace[place], label.hasPrefix(found.label) || label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return nil
        }
        return found.row
    }
}

import Signals

/// The text under a diagram's rows: what each letter stands for, the marks that stand for
/// several events, what was dropped to bound memory, the first error, who cancelled whom.
extension MarbleDiagram {
    /// The header, the rows, and the legend under them.
    func finish(header: String, body: [String], letters: inout Letters, counts: Counts) -> String {
        var lines = [header + (droppedEvents > 0 ? "   (the oldest \(droppedEvents) events were dropped to bound memory)" : "")]
        lines += body
        var legend = Self.wrapped(letters.legend(), first: "where ", width: style.width)
        if counts.several > 0 { legend.append("* = several values in one column (up to \(counts.several))") }
        if counts.ends > 0 {
            legend.append("| # ! in a group or a column stand for all such ends there (up to \(counts.ends), of as many inner runs)")
        }
        if counts.dropped { legend.append("\(dropMark) = events dropped to bound memory (time that was not silent)") }
        legend += hiddenRuns
        if let first = firstError { legend.append("# = \(ErrorText.shown(first))") }
        legend += cancellations()
        // Free text, where values and labels may have been shortened with `…`.
        lines += style.ascii ? legend.map { $0.replacing("…", with: "...") } : legend
        return lines.joined(separator: "\n")
    }

    /// `where a = 1, b = 2, ...` in lines no wider than the diagram (an entry wider than
    /// that has a line to itself), the later ones indented under the first entry.
    static func wrapped(_ entries: [String], first prefix: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = prefix
        for (index, entry) in entries.enumerated() {
            let piece = entry + (index < entries.count - 1 ? "," : "")
            if line.count > prefix.count, line.count + 1 + piece.count > width {
                lines.append(line)
                line = String(repeating: " ", count: prefix.count)
            }
            line += (line.count > prefix.count ? " " : "") + piece
        }
        if line.count > prefix.count { lines.append(line) }
        return lines
    }

    /// Who cancelled whom: `! search it (2nd) at 15ms: when debounce 3ms sent "kitten"`. Rows
    /// cancelled for the same reason at the same instant are listed once.
    func cancellations() -> [String] {
        var lines: [String] = []
        var listed = Set<String>()
        for drawn in self.lines {
            for subscription in drawn.subscriptions {
                guard let line = drawn.row.cancellation(subscription) else { continue }
                if listed.insert(line).inserted { lines.append("  " + line) }
            }
        }
        guard !lines.isEmpty else { return [] }
        let shown = lines.count > 8 ? Array(lines.prefix(8)) + ["  … and \(lines.count - 8) more"] : lines
        return ["! cancelled:"] + shown
    }
}

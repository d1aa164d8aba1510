import Signals

/// An expected marble as it was written, above the events a run sent drawn in the same
/// style — the marble's own time progressions, `-` runs and groups where they fit — so
/// a learner compares like with like (`expected: 803ms c 350ms d 200ms |` over
/// `actual: 301ms a 501ms c 350ms d 200ms |`). Both lines are true marbles: read back,
/// each gives its events at their frames (spaces are padding, as RxJS's run mode reads
/// them). They are padded so marks of one frame start in one column, and a caret goes
/// under the first difference.
public struct MarbleComparison {
    /// The expected line, the actual line, and the column of the caret.
    public let expected: String
    public let actual: String
    public let caret: Int
    /// Some actual events are drawn later than they came: a group takes its width in
    /// time (RxJS's rule), so events closer than that cannot be written at their frames.
    public let drawnLate: Bool

    /// A cell of a line: a token and the frame it starts at.
    private struct Cell {
        var frame: Int
        var width: Int
        var text: String
        var kind: Marble.Token.Kind
        /// The entries it draws, in order (a group's marks).
        var entries: [Int] = []
    }

    /// `written`: the expected marble's tokens as parsed from its text. `actual`: the
    /// events drawn with their marks (letters). `window`: the frames the comparison looked
    /// at (an actual line that ends earlier is drawn silent to there when the expected
    /// one ends with silence). `difference`: the index of the first differing event.
    public init(written: [Marble.Token], expectedEntries: [Marble.Entry], actual: [Marble.Entry],
                endsWithSilence: Bool, width: Int, difference: Int) {
        var expectedCells: [Cell] = []
        var entryIndex = 0
        for token in written {
            var cell = Cell(frame: token.frame, width: token.width, text: token.text, kind: token.kind)
            if token.kind == .mark || token.kind == .group {
                while entryIndex < expectedEntries.count, expectedEntries[entryIndex].frame == token.frame {
                    cell.entries.append(entryIndex)
                    entryIndex += 1
                }
            }
            expectedCells.append(cell)
        }
        let (actualCells, late) = Self.cells(for: actual, styledAfter: expectedCells,
                                             until: endsWithSilence ? width : nil)
        drawnLate = late
        // Cuts: every frame where a cell of either line starts; `-` runs split at them.
        let starts = Set(expectedCells.map(\.frame) + actualCells.map(\.frame))
        let expectedSplit = Self.split(expectedCells, at: starts)
        let actualSplit = Self.split(actualCells, at: starts)
        let columns = starts.sorted()
        var expectedLine = "", actualLine = ""
        var expectedColumns: [Int: Int] = [:], actualColumns: [Int: Int] = [:]
        for frame in columns {
            let cells = (expectedSplit.filter { $0.frame == frame }, actualSplit.filter { $0.frame == frame })
            let texts = (Self.text(cells.0, after: expectedLine), Self.text(cells.1, after: actualLine))
            let widthHere = max(texts.0.count, texts.1.count)
            for cell in cells.0 { expectedColumns[cell.frame] = expectedLine.count + (texts.0.hasPrefix(" ") ? 1 : 0) }
            for cell in cells.1 { actualColumns[cell.frame] = actualLine.count + (texts.1.hasPrefix(" ") ? 1 : 0) }
            expectedLine += texts.0 + String(repeating: " ", count: widthHere - texts.0.count)
            actualLine += texts.1 + String(repeating: " ", count: widthHere - texts.1.count)
        }
        expected = String(expectedLine.reversed().drop { $0 == " " }.reversed())
        self.actual = String(actualLine.reversed().drop { $0 == " " }.reversed())
        // The caret: under the earlier of the two differing events, at its mark.
        func column(of index: Int, in entries: [Marble.Entry], _ columns: [Int: Int], _ cells: [Cell]) -> (frame: Int, column: Int)? {
            guard index < entries.count, let cell = cells.first(where: { $0.entries.contains(index) }),
                  let start = columns[cell.frame] else { return nil }
            let inGroup = cell.kind == .group ? 1 + (cell.entries.firstIndex(of: index) ?? 0) : 0
            return (entries[index].frame, start + inGroup)
        }
        let sides = [column(of: difference, in: expectedEntries, expectedColumns, expectedSplit),
                     column(of: difference, in: actual, actualColumns, actualSplit)].compactMap { $0 }
        caret = sides.min { $0.frame < $1.frame }?.column ?? max(expected.count, self.actual.count)
    }

    /// A line's text for the cells starting at one frame (one, or none): a time
    /// progression stands between spaces.
    private static func text(_ cells: [Cell], after line: String) -> String {
        guard let cell = cells.first else { return "" }
        guard cell.kind == .progression else { return cell.text }
        return (line.isEmpty || line.hasSuffix(" ") ? "" : " ") + cell.text + " "
    }

    /// `-` runs cut where another cell starts (the same characters, in two columns).
    private static func split(_ cells: [Cell], at starts: Set<Int>) -> [Cell] {
        cells.flatMap { cell -> [Cell] in
            guard cell.kind == .frames, cell.width > 1 else { return [cell] }
            let cuts = [cell.frame] + (cell.frame + 1..<cell.frame + cell.width).filter(starts.contains) + [cell.frame + cell.width]
            return zip(cuts, cuts.dropFirst()).map { from, to in
                Cell(frame: from, width: to - from, text: String(repeating: "-", count: to - from), kind: .frames)
            }
        }
    }

    /// The actual events as cells: silences cut where an expected cell starts and written
    /// as the expected line writes that stretch when it has the same length (`803ms`),
    /// else as `-`s when short, else as a time progression.
    private static func cells(for entries: [Marble.Entry], styledAfter expected: [Cell], until end: Int?) -> ([Cell], late: Bool) {
        var cells: [Cell] = []
        var frame = 0
        var late = false
        func silence(to target: Int) {
            let cuts = [frame] + expected.map(\.frame).filter { $0 > frame && $0 < target }.sorted() + [target]
            for (from, to) in zip(cuts, cuts.dropFirst()) where to > from {
                if let same = expected.first(where: { $0.frame == from && $0.width == to - from && ($0.kind == .frames || $0.kind == .progression) }) {
                    cells.append(Cell(frame: from, width: to - from, text: same.text, kind: same.kind))
                } else if to - from <= 10 {
                    cells.append(Cell(frame: from, width: to - from, text: String(repeating: "-", count: to - from), kind: .frames))
                } else {
                    cells.append(Cell(frame: from, width: to - from, text: "\(to - from)ms", kind: .progression))
                }
            }
            frame = max(frame, target)
        }
        var index = 0
        while index < entries.count {
            let at = entries[index].frame
            var group: [Int] = []
            while index < entries.count, entries[index].frame == at {
                group.append(index)
                index += 1
            }
            if at < frame { late = true } else { silence(to: at) }
            let marks = String(group.map { entries[$0].mark.character })
            let width = group.count == 1 ? 1 : group.count + 2
            cells.append(Cell(frame: frame, width: width, text: group.count == 1 ? marks : "(\(marks))",
                              kind: group.count == 1 ? .mark : .group, entries: group))
            frame += width
        }
        if let end, frame < end { silence(to: end) }
        return (cells, late)
    }
}

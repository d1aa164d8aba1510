import Signals

/// The exact layout: one column is one frame (1 ms), and every row is a true marble in the
/// notation the scripts are written in (RxJS run mode). Read back by frp's marble parser, a
/// row gives its events at their times:
///
///     1 col = 1ms; ` 400ms ` is that long with no event in any row
///     text            -a 400ms b 100ms c|
///     debounce 300ms  -- 400ms -- 100ms --c|
///
/// - Events of one instant are a group `(ab)`, which takes its width in frames, as in a
///   marble; every row pads the instant to the widest group, so a column is the same time
///   in every row, and no mark is ever pushed right of its time.
/// - A stretch in which no row has an event is folded into a time progression (` 400ms `),
///   drawn at the same columns in every row, when the run would not fit otherwise.
/// - A group that would run into the next instant (`(aa)` at 1 ms, `b` at 3 ms) cannot be
///   written there: the row shows its first mark, and the whole group stands on a line
///   under the row, at the same column.
/// nil when a time is not a whole frame (a live run), or the run does not fit the width
/// even folded: the caller then draws to a coarser scale.
struct ExactLayout<Value> {
    typealias Diagram = MarbleDiagram<Value>
    static var frame: Int64 { 1_000_000 }

    /// Per instant (ascending frames): where it is drawn, and how many columns it takes.
    let frames: [Int64]
    let columns: [Int]
    let widths: [Int]
    /// The stretch after each instant: folded into this progression, or drawn as dashes.
    let folds: [String?]
    let total: Int

    init?(_ marks: [[(time: Int64, instant: Diagram.Instant)]], instants: [Int64], available: Int) {
        guard instants.allSatisfy({ $0 % Self.frame == 0 }) else { return nil }
        let frames = instants.map { $0 / Self.frame }
        // The columns each instant takes: the widest row's token that fits before the next
        // instant (one that does not fit takes one column; its group goes under the row).
        var widths = [Int](repeating: 1, count: frames.count)
        let index = Dictionary(uniqueKeysWithValues: instants.enumerated().map { ($1, $0) })
        for rowMarks in marks {
            for (time, instant) in rowMarks {
                guard let at = index[time] else { continue }
                let width = Diagram.width(instant, .every)
                let room = at + 1 < frames.count ? Int(frames[at + 1] - frames[at]) : Int.max
                widths[at] = max(widths[at], width <= room ? width : 1)
            }
        }
        // Fold the longest silences first, as few as make it fit.
        for threshold in [Int.max, 64, 32, 16, 10] {
            var columns: [Int] = []
            var folds: [String?] = []
            var column = 0
            for (at, frame) in frames.enumerated() {
                columns.append(column)
                column += widths[at]
                guard at + 1 < frames.count else { folds.append(nil); break }
                let gap = Int(frames[at + 1] - frame) - widths[at]
                if gap > threshold {
                    let text = " \(Self.progression(gap)) "
                    folds.append(text)
                    column += text.count
                } else {
                    folds.append(nil)
                    column += gap
                }
            }
            if column <= available {
                self.frames = frames
                self.columns = columns
                self.widths = widths
                self.folds = folds
                self.total = column
                return
            }
        }
        return nil
    }

    /// `400ms`, `2s`, `1m`: the largest unit that says it exactly.
    static func progression(_ frames: Int) -> String {
        if frames % 60_000 == 0 { return "\(frames / 60_000)m" }
        if frames % 1_000 == 0 { return "\(frames / 1_000)s" }
        return "\(frames)ms"
    }

    /// The column of a time that is an instant, or of a time inside a stretch (a
    /// subscription's start or end is always an instant).
    func column(_ time: Int64) -> Int {
        let frame = time / Self.frame
        guard let at = frames.lastIndex(where: { $0 <= frame }) else { return 0 }
        return columns[at] + Int(frame - frames[at])
    }

    /// The first column of the stretch after instant `at`, and its width in columns.
    func stretch(after at: Int) -> (start: Int, width: Int) {
        let start = columns[at] + widths[at]
        let end = at + 1 < columns.count ? columns[at + 1] : total
        return (start, end - start)
    }
}

extension MarbleDiagram {
    /// A line (a row's lane) drawn on the exact layout: its text, and the lines under it for
    /// groups that would have run into the next instant.
    func drawExact(_ layout: ExactLayout<Value>, line drawn: Line, _ rowMarks: [(time: Int64, instant: Instant)],
                   dash: Character, letters: inout Letters) -> (line: String, under: [String]) {
        let total = layout.total
        var cells = [Character](repeating: " ", count: total)
        // Cells of folds: part of the axis, not of what the row did.
        var axis = [Bool](repeating: false, count: total)
        for subscription in drawn.subscriptions {
            let from = layout.column(subscription.start.nanoseconds)
            let to = subscription.end.map { layout.column($0.nanoseconds) } ?? (total - 1)
            if from <= to { for index in from...min(to, total - 1) where index >= 0 { cells[index] = dash } }
        }
        for (at, fold) in layout.folds.enumerated() {
            guard let fold else { continue }
            let (start, width) = layout.stretch(after: at)
            for (offset, character) in fold.enumerated() where offset < width {
                cells[start + offset] = character
                axis[start + offset] = true
            }
        }
        var under: [(column: Int, token: [Character])] = []
        let index = Dictionary(uniqueKeysWithValues: layout.frames.enumerated().map { ($1, $0) })
        for (time, instant) in rowMarks {
            guard let at = index[time / ExactLayout<Value>.frame] else { continue }
            let token = Self.token(instant, .every).map { mark -> Character in
                switch mark {
                case .value(let value): return letters.letter(full: detail?(value) ?? describe(value), short: describe(value))
                case .symbol(let symbol): return symbol
                case .several: return "*"
                }
            }
            let column = layout.columns[at]
            if token.count <= layout.widths[at] {
                for (offset, character) in token.enumerated() { cells[column + offset] = character }
            } else {
                // The group does not fit before the next instant: its first mark here,
                // the whole group under the row.
                cells[column] = token.first { $0 != "(" } ?? "?"
                under.append((column, token))
            }
        }
        // Nothing after the row's last mark or dash but the axis: trimmed.
        let last = cells.indices.last { cells[$0] != " " && !axis[$0] } ?? -1
        let line = String(cells[...last])
        var lines: [[Character]] = []
        for (column, token) in under {
            let slot = lines.firstIndex { line in line.count < column } ?? lines.count
            if slot == lines.count { lines.append([]) }
            lines[slot] += [Character](repeating: " ", count: column - lines[slot].count) + token
        }
        return (line, lines.map { String($0) })
    }
}

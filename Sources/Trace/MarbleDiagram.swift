import Signals

/// Draws a traced run: one row per stage, labelled by its source text, on one time axis.
///
///     1 col = 1ms
///     text                         --a-b-c------d------e|
///     filter length(it) > 3        ----b-c------d-------|
///     debounce 3ms                 ---------c------d----|
///     switchMap (of ... )          ------------------------(r|)
///       of "results for " + it              -------!
///       delay 8ms ...
///     where r = "results for kitten"
///
/// Values are letters, the same value the same letter in every row, with a legend below;
/// `|` completed, `#` failed, `!` cancelled (disposed before it ended). Several events at
/// one instant are a group `(ab|)`, which takes its width in time as in a marble, and
/// every row makes room for it alike. When the run is short, one column is one
/// millisecond, and each row is a marble you can paste into an `expect`; where a group is
/// wider than the time to the next event, later marks are drawn late and the header says
/// the scale is not exact.
public struct MarbleDiagram<Value> {
    public typealias Style = DiagramStyle

    /// The lines drawn: each row's lanes (`Lanes`), its first labelled by the stage.
    @usableFromInline let lines: [Line]
    /// The rows whose runs are not all drawn, said under the diagram.
    @usableFromInline let hiddenRuns: [String]
    @usableFromInline let end: Time
    @usableFromInline let droppedEvents: Int
    @usableFromInline let describe: (Value) -> String
    /// A value's full text, which tells values apart (`describe` may shorten it).
    @usableFromInline let detail: ((Value) -> String)?
    @usableFromInline let style: Style
    /// The marks the script gave values (a marble's VALUES, `{b: "w"}`): drawn with them.
    @usableFromInline let named: [(mark: Character, full: String)]
    /// Each row's marks by instant, and the first error's message: read from the rows'
    /// logs here, in the caller's module, where the value type is known (the generic
    /// reading looked up types at every event).
    @usableFromInline let marks: [[(time: Int64, instant: Instant)]]
    @usableFromInline let firstError: String?

    /// One line of the diagram: a row's lane, the runs drawn on it.
    @usableFromInline
    struct Line {
        @usableFromInline let row: Tracer<Value>.Row
        /// The stage's label on a row's first lane, `↳ run N` on the others.
        @usableFromInline let label: String
        @usableFromInline let subscriptions: [TraceSubscription]
        /// Whether it is the row's first lane (where a row's dropped oldest events are).
        @usableFromInline let isFirst: Bool

        @usableFromInline
        init(row: Tracer<Value>.Row, label: String, subscriptions: [TraceSubscription], isFirst: Bool) {
            (self.row, self.label, self.subscriptions, self.isFirst) = (row, label, subscriptions, isFirst)
        }

        var depth: Int { row.depth }
    }

    @inlinable
    public init(tracer: Tracer<Value>, end: Time, style: Style = Style(),
                describe: @escaping (Value) -> String, detail: ((Value) -> String)? = nil,
                named: [(mark: Character, full: String)] = []) {
        self.named = named
        self.end = end
        self.droppedEvents = tracer.droppedEvents
        self.describe = describe
        self.detail = detail
        self.style = style
        // As many marks an instant as a line of any layout can draw (`Instant`).
        var firstError: String?
        var lines: [Line] = [], marks: [[(time: Int64, instant: Instant)]] = [], hiddenRuns: [String] = []
        for row in tracer.orderedRows {
            let lanes = Lanes(row.subscriptions, total: row.subscriptionCount)
            marks += Self.marks(of: row, lanes: lanes, keeping: style.width + 1, firstError: &firstError)
            for lane in 0..<lanes.count {
                let subscriptions = zip(row.subscriptions, lanes.lane).filter { $0.1 == lane }.map(\.0)
                lines.append(Line(row: row, label: lane == 0 ? row.label : lanes.label(of: lane), subscriptions: subscriptions, isFirst: lane == 0))
            }
            if let note = lanes.hiddenNote(Self.shortened(row.label)) { hiddenRuns.append(note) }
        }
        self.lines = lines
        self.marks = marks
        self.hiddenRuns = hiddenRuns
        self.firstError = firstError
    }

    /// A row's label as short as the label column draws it, for the legend.
    @usableFromInline
    static func shortened(_ label: String) -> String { Words.shortened(label, to: 32) }

    static var steps: [Int64] {
        var steps: [Int64] = []
        var decade: Int64 = 1_000_000
        while decade <= 1_000_000_000_000 {
            steps += [decade, decade * 2, decade * 5]
            decade *= 10
        }
        return steps
    }

    /// Whether no stage was traced (a property's values alone): nothing to draw.
    public var isEmpty: Bool { lines.isEmpty }

    public func render() -> String { renderLettered().text }

    /// The diagram, and the letter it gave each value (its full text), for another drawing
    /// of the same run to letter alike (the playground's one diagram).
    public func renderLettered() -> (text: String, letters: [(mark: Character, full: String)]) {
        guard !lines.isEmpty else { return ("", []) }
        let labelWidth = self.labelWidth
        let available = max(20, style.width - labelWidth)
        let instants = self.instants
        var letters = Letters(reserving: Self.values(marks).map { detail?($0) ?? describe($0) }, named: named, legendsNamed: true)
        if let exact = ExactLayout<Value>(marks, instants: instants, available: available) {
            let text = renderExact(exact, labelWidth: labelWidth, letters: &letters)
            return (text, letters.assigned)
        }
        // The finest step at which every mark is drawn, each instant at its own columns;
        // else with many values at one instant as `*`; else time in buckets of a step.
        var layout: Layout?
        for detail in [Detail.every, .condensed, .buckets] where detail == .buckets || instants.count <= available {
            // Instants are the same at every step: their widths are measured once (a long
            // run's trace, 100,000 values at one instant, took a second to draw after Ctrl-C).
            let instantWidths = detail == .buckets ? nil : Layout.widths(marks, detail: detail) { $0 }
            for step in Self.steps where end.nanoseconds / step < Int64(available) {
                let candidate = Layout(marks, instants: instants, step: step, detail: detail, widths: instantWidths)
                if candidate.total <= available { layout = candidate; break }
            }
            if layout != nil { break }
        }
        // A run longer than the coarsest step allows: buckets few enough for any group.
        let chosen = layout ?? Layout(marks, instants: instants, step: end.nanoseconds / Int64(max(1, available / 6 - 1)) + 1, detail: .buckets)
        var counts = Counts()
        let body = draw(chosen, marks, labelWidth: labelWidth, letters: &letters, counts: &counts)
        var header = "1 col = \(TimeSpan(nanoseconds: chosen.step))"
        if chosen.step > ExactLayout<Value>.frame {
            header += ": a mark is drawn in the column of the span its time falls in"
        }
        if chosen.late {
            header += ", not exactly: marks at one instant take a column each and push later marks right"
        }
        let text = finish(header: header, body: body, letters: &letters, counts: counts)
        return (text, letters.assigned)
    }

    /// Each line's text and the lines under it, with its row and the runs it draws (their
    /// subscription numbers), when the diagram is drawn exactly (lines that are true
    /// marbles: `ExactLayout`); nil when drawn to a coarser scale. For tests that read
    /// lines back with the marble parser.
    public func exactRows() -> [(row: Tracer<Value>.Row, runs: Set<Int>, line: String, under: [String])]? {
        let available = max(20, style.width - labelWidth)
        guard let layout = ExactLayout<Value>(marks, instants: instants, available: available) else { return nil }
        var letters = Letters(reserving: Self.values(marks).map { detail?($0) ?? describe($0) }, named: named, legendsNamed: true)
        return zip(lines, marks).map { line, rowMarks in
            let (text, under) = drawExact(layout, line: line, rowMarks, dash: "-", letters: &letters)
            return (line.row, Set(line.subscriptions.map(\.number)), text, under)
        }
    }

    /// Rows that are true marbles (`ExactLayout`).
    private func renderExact(_ layout: ExactLayout<Value>, labelWidth: Int, letters: inout Letters) -> String {
        let dash: Character = style.unicode ? "─" : "-"
        var body: [String] = []
        var groupsUnder = false
        for (drawn, rowMarks) in zip(lines, marks) {
            let (line, under) = drawExact(layout, line: drawn, rowMarks, dash: dash, letters: &letters)
            let label = String(repeating: " ", count: 2 * drawn.depth) + drawn.label
            body.append(pad(label, labelWidth) + paint(line))
            body += under.map { String(repeating: " ", count: labelWidth) + paint($0) }
            groupsUnder = groupsUnder || !under.isEmpty
        }
        var header = "1 col = 1ms"
        if let fold = layout.folds.lazy.compactMap({ $0 }).first {
            header += "; `\(fold)` is that long with no event in any row"
        }
        if groupsUnder { header += "; a group under a row happened at the instant of the mark above its `(`" }
        return finish(header: header, body: body, letters: &letters, counts: Counts())
    }

    private var labelWidth: Int { min(32, max(8, lines.map { $0.label.count + 2 * $0.depth }.max() ?? 8)) + 2 }

    /// Every instant something happened, in order.
    private var instants: [Int64] {
        var instantSet: Set<Int64> = [0, end.nanoseconds]
        for (line, rowMarks) in zip(lines, marks) {
            for (time, _) in rowMarks { instantSet.insert(time) }
            for subscription in line.subscriptions {
                instantSet.insert(subscription.start.nanoseconds)
                if let end = subscription.end { instantSet.insert(end.nanoseconds) }
            }
        }
        return instantSet.sorted()
    }

    /// What a row shows at one instant: values, ends (`|`, `#`, `!`), and when drawn, a
    /// group's brackets and `*` for several values.
    @usableFromInline
    enum Mark {
        case value(Value)
        case symbol(Character)
        case several
    }

    /// What a row did at one instant (or in one bucket of time): its first marks in order
    /// and its first values, at most `kept` of each — more than a line of the diagram
    /// holds, so a layout that draws every mark never needs the others — and how many
    /// values and ends of each kind there were. Ten million values at one instant are
    /// drawn from a few marks and counts, not from a list of ten million.
    @usableFromInline
    struct Instant {
        @usableFromInline let kept: Int
        @usableFromInline private(set) var marks: [Mark] = []
        @usableFromInline private(set) var valueMarks: [Mark] = []
        @usableFromInline private(set) var values = 0
        /// How many ends of each kind, and the kinds in the order they first came.
        @usableFromInline private(set) var ends: [Character: Int] = [:]
        @usableFromInline private(set) var endKinds: [Character] = []

        @inlinable init(keeping kept: Int) { self.kept = kept }

        var total: Int { values + ends.values.reduce(0, +) }

        /// Whether it keeps no more marks or values: the next ones are only counted.
        @inlinable var isFull: Bool { marks.count >= kept && valueMarks.count >= kept }

        @inlinable mutating func countValue() { values += 1 }

        @inlinable mutating func add(_ mark: Mark) {
            switch mark {
            case .value:
                values += 1
                if valueMarks.count < kept { valueMarks.append(mark) }
            case .symbol(let symbol): addEnds(symbol, 1)
            case .several: break
            }
            if marks.count < kept { marks.append(mark) }
        }

        @inlinable mutating func addEnds(_ symbol: Character, _ count: Int) {
            if ends[symbol] == nil { endKinds.append(symbol) }
            ends[symbol, default: 0] += count
        }

        /// This and a later instant, as one bucket of time.
        @inlinable mutating func merge(_ later: Instant) {
            values += later.values
            valueMarks += later.valueMarks.prefix(kept - valueMarks.count)
            marks += later.marks.prefix(kept - marks.count)
            for kind in later.endKinds { addEnds(kind, later.ends[kind] ?? 0) }
        }
    }

    /// How much a layout draws: every mark; a group of many values as `*`; or time in
    /// buckets of one step, where several values read `*`.
    enum Detail { case every, condensed, buckets }

    /// Where each slot of time (an instant, or a bucket of one step) is drawn. A slot takes
    /// as many columns as its widest row needs, so a column is the same time in every row;
    /// a slot starts at its time's column unless the slot before it is still drawing.
    struct Layout {
        let step: Int64
        let detail: Detail
        var column: [Int64: Int] = [:]
        var total = 0
        /// Whether some slot is drawn right of its time (a group wider than the time to
        /// the next event), by more than a column when a column is more than a frame.
        var late = false

        /// `widths`: each slot's columns, when already measured (`Layout.widths`).
        init(_ marks: [[(time: Int64, instant: Instant)]], instants: [Int64], step: Int64, detail: Detail,
             widths: [Int64: Int]? = nil) {
            self.step = step
            self.detail = detail
            let width = widths ?? Self.widths(marks, detail: detail) { detail == .buckets ? $0 / step : $0 }
            for instant in instants where column[slot(instant)] == nil {
                let ideal = Int(instant / step)
                let at = max(ideal, total)
                // At a coarser step a column is a span of time: one column off is within it.
                late = late || at > ideal + (step > 1_000_000 ? 1 : 0)
                column[slot(instant)] = at
                total = at + (width[slot(instant)] ?? 1)
            }
        }

        func slot(_ time: Int64) -> Int64 { detail == .buckets ? time / step : time }

        /// The columns each slot needs: as many as its widest row's token.
        static func widths(_ marks: [[(time: Int64, instant: Instant)]], detail: Detail,
                           slotOf: (Int64) -> Int64) -> [Int64: Int] {
            var width: [Int64: Int] = [:]
            for rowMarks in marks {
                for (slot, instant) in slotted(rowMarks, slotOf: slotOf) {
                    width[slot] = max(width[slot] ?? 1, MarbleDiagram.width(instant, detail))
                }
            }
            return width
        }

        func slotted(_ rowMarks: [(time: Int64, instant: Instant)]) -> [(slot: Int64, instant: Instant)] {
            Self.slotted(rowMarks, slotOf: slot)
        }

        /// A row's instants by slot, in time order.
        static func slotted(_ rowMarks: [(time: Int64, instant: Instant)], slotOf: (Int64) -> Int64) -> [(slot: Int64, instant: Instant)] {
            var slots: [(slot: Int64, instant: Instant)] = []
            for (time, instant) in rowMarks {
                if let last = slots.last, last.slot == slotOf(time) {
                    slots[slots.count - 1].instant.merge(instant)
                } else {
                    slots.append((slotOf(time), instant))
                }
            }
            return slots
        }
    }

    /// A row's marks by instant, in time order, one list per lane (`Lanes`): its events,
    /// then `!` where a subscription was cancelled; each instant keeps at most `kept` marks
    /// (`Instant`). An event of a run not drawn is not read. `firstError`: the message of
    /// the first error of the rows read so far.
    @inlinable
    static func marks(of row: Tracer<Value>.Row, lanes: Lanes, keeping kept: Int,
                      firstError: inout String?) -> [[(time: Int64, instant: Instant)]] {
        var byTime = [[Int64: Instant]](repeating: [:], count: lanes.count)
        // The log is in time order: an instant's events of a lane are gathered in one
        // Instant and stored when the time moves on (no lookup per event).
        var current = [Instant](repeating: Instant(keeping: kept), count: lanes.count)
        var currentTime = [Int64?](repeating: nil, count: lanes.count)
        func flush(_ lane: Int) {
            guard let time = currentTime[lane] else { return }
            byTime[lane][time, default: Instant(keeping: kept)].merge(current[lane])
            current[lane] = Instant(keeping: kept)
        }
        // One lane draws all the row's events, whichever run they came from.
        let single = lanes.count == 1 && lanes.hidden == nil
        row.log.withEntries { older, newer in
            for part in [older, newer] {
                for entry in part {
                    guard let lane = single ? 0 : lanes.lane(of: entry.subscription) else { continue }
                    let time = entry.time.nanoseconds
                    if time != currentTime[lane] {
                        flush(lane)
                        currentTime[lane] = time
                    }
                    switch entry.event {
                    // Past the marks an instant keeps, a value is only counted (its
                    // payload not copied out: generic code copies through its type).
                    case .next where current[lane].isFull: current[lane].countValue()
                    case .next(let value): current[lane].add(.value(value))
                    case .completed: current[lane].add(.symbol("|"))
                    case .error(let error):
                        current[lane].add(.symbol("#"))
                        if firstError == nil { firstError = error.message }
                    }
                }
            }
        }
        for lane in 0..<lanes.count { flush(lane) }
        for (index, subscription) in row.subscriptions.enumerated() where subscription.cancelled {
            guard let lane = lanes.lane[index], let end = subscription.end else { continue }
            byTime[lane][end.nanoseconds, default: Instant(keeping: kept)].add(.symbol("!"))
        }
        return byTime.map { lane in lane.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    /// The values the diagram may draw, row by row in time order (`Letters(reserving:)`).
    static func values(_ marks: [[(time: Int64, instant: Instant)]]) -> [Value] {
        marks.flatMap { rowMarks in rowMarks.flatMap { $0.instant.valueMarks } }.compactMap { mark in
            if case .value(let value) = mark { return value }
            return nil
        }
    }

    /// How an instant's marks are drawn: one mark as itself, several as an RxJS group
    /// `(ab|)` (which in a marble takes its width in frames), with more values than the
    /// detail allows as `*`. Unless every mark is drawn, ends of one kind (many inner runs
    /// ending at once) are drawn once, after the values: `(*|)`, so a group is never wider
    /// than `(` + 8 values + `|#!)`, however much happens at one instant.
    static func token(_ instant: Instant, _ detail: Detail) -> [Mark] {
        switch shape(instant, detail) {
        case .marks(let marks): return marks
        case .tooWide(let width): return Array(repeating: .several, count: width)
        }
    }

    /// How many columns `token` takes, without making the marks of an instant too wide to
    /// draw (one for each of its values, made only to be counted).
    static func width(_ instant: Instant, _ detail: Detail) -> Int {
        switch shape(instant, detail) {
        case .marks(let marks): return marks.count
        case .tooWide(let width): return width
        }
    }

    /// `token`'s marks, or only their width when the line cannot hold them.
    enum Shape {
        case marks([Mark])
        case tooWide(Int)
    }

    static func shape(_ instant: Instant, _ detail: Detail) -> Shape {
        guard instant.total > 1 else { return .marks(instant.marks) }
        let limit = detail == .every ? Int.max : detail == .condensed ? 8 : 1
        let merged = detail != .every && instant.ends.values.contains { $0 > 1 }
        let shown: [Mark]
        if merged {
            shown = (instant.values > limit ? [.several] : instant.valueMarks) + instant.endKinds.map { .symbol($0) }
        } else if instant.values > limit {
            // No kind of end came twice: the kinds in order are the ends in order.
            shown = [.several] + instant.endKinds.map { .symbol($0) }
        } else if instant.marks.count < instant.total {
            // Every mark, more than a line holds: as wide as it would be (never drawn).
            return .tooWide(instant.total + 2)
        } else {
            shown = instant.marks
        }
        return .marks(shown.count > 1 ? [.symbol("(")] + shown + [.symbol(")")] : shown)
    }

    /// What the legend explains: the most values drawn as one `*`, the most ends of one
    /// kind drawn as one mark, and whether some row lost its oldest events.
    struct Counts {
        var several = 0
        var ends = 0
        var dropped = false
    }

    /// Where a row's oldest events were dropped to bound memory.
    var dropMark: Character { style.ascii ? "~" : style.unicode ? "·" : "~" }

    private func draw(_ layout: Layout, _ marks: [[(time: Int64, instant: Instant)]], labelWidth: Int,
                      letters: inout Letters, counts: inout Counts) -> [String] {
        var lines: [String] = []
        let dash: Character = style.unicode ? "─" : "-"
        let total = layout.total
        for (line, rowMarks) in zip(self.lines, marks) {
            var cells = [Character](repeating: " ", count: total)
            func column(_ time: Time) -> Int { layout.column[layout.slot(time.nanoseconds)] ?? 0 }
            for subscription in line.subscriptions {
                let from = column(subscription.start)
                let to = subscription.end.map(column) ?? (total - 1)
                if from <= to { for index in from...to where index >= 0 && index < total { cells[index] = dash } }
            }
            // Before its oldest kept event, a row that lost events was busy, not silent.
            if line.isFirst, line.row.droppedOldest, let first = line.subscriptions.first, let kept = rowMarks.first {
                let from = max(0, column(first.start)), to = min(total, column(Time(nanoseconds: kept.time)))
                if from < to {
                    for index in from..<to { cells[index] = dropMark }
                    counts.dropped = true
                }
            }
            for (slot, instant) in layout.slotted(rowMarks) {
                let start = layout.column[slot] ?? 0
                for (offset, mark) in Self.token(instant, layout.detail).enumerated() where start + offset < total {
                    switch mark {
                    case .value(let value):
                        cells[start + offset] = letters.letter(full: detail?(value) ?? describe(value), short: describe(value))
                    case .symbol(let symbol): cells[start + offset] = symbol
                    case .several:
                        cells[start + offset] = "*"
                        counts.several = max(counts.several, instant.values)
                    }
                }
                if layout.detail != .every {
                    for count in instant.ends.values where count > 1 { counts.ends = max(counts.ends, count) }
                }
            }
            let label = String(repeating: " ", count: 2 * line.depth) + line.label
            lines.append(pad(label, labelWidth) + paint(String(String(cells).trailingSpacesRemoved)))
        }
        return lines
    }

    /// Colours the marks of a row (only when the style asks for it).
    private func paint(_ cells: String) -> String {
        guard style.color else { return cells }
        var painted = ""
        for character in cells {
            switch character {
            case "-", "─": painted += "\u{1B}[2m\(character)\u{1B}[0m"
            case "#", "!": painted += "\u{1B}[31;1m\(character)\u{1B}[0m"
            case "|": painted += "\u{1B}[1m|\u{1B}[0m"
            case " ": painted.append(" ")
            default: painted += "\u{1B}[33;1m\(character)\u{1B}[0m"
            }
        }
        return painted
    }

    private func pad(_ text: String, _ width: Int) -> String {
        let ellipsis = style.ascii ? "..." : "…"
        let shown = text.count > width - 2 ? String(text.prefix(width - 2 - ellipsis.count)) + ellipsis : text
        return shown + String(repeating: " ", count: max(1, width - shown.count))
    }
}

import Signals

/// Draws a traced run: one row per stage, labelled by its source text, on one time axis.
///
///     1 col = 1ms
///     text                         --a-b-c------d-------|
///     filter length(it) > 3        ----b-c------d-------|
///     debounce 3ms                 ---------c------d----|
///     switchMap (of ... )          ------------------------(r|)
///       of "results for " + it              -------!
///       delay 8ms ...
///     where r = "results for kitten"
///
/// Values are letters, the same value the same letter in every row, with a legend below;
/// `|` completed, `#` failed, `!` cancelled (disposed before it ended). When the run is
/// short, one column is one millisecond, and each row is a marble you can paste into an
/// `expect`. Several events at one instant take one column each, in every row alike.
public struct MarbleDiagram<Value> {
    public typealias Style = DiagramStyle

    let rows: [Tracer<Value>.Row]
    let end: Time
    let droppedEvents: Int
    let describe: (Value) -> String
    let style: Style

    public init(tracer: Tracer<Value>, end: Time, style: Style = Style(),
                describe: @escaping (Value) -> String) {
        tracer.resolveCauses()
        self.rows = tracer.orderedRows
        self.end = end
        self.droppedEvents = tracer.droppedEvents
        self.describe = describe
        self.style = style
    }

    static var steps: [Int64] {
        var steps: [Int64] = []
        var decade: Int64 = 1_000_000
        while decade <= 1_000_000_000_000 {
            steps += [decade, decade * 2, decade * 5]
            decade *= 10
        }
        return steps
    }

    public func render() -> String {
        guard !rows.isEmpty else { return "(no stage was traced)" }
        let labelWidth = min(32, max(8, rows.map { $0.label.count + 2 * $0.depth }.max() ?? 8)) + 2
        let available = max(20, style.width - labelWidth)

        // Every instant something happened, and how many marks it needs (the most any row
        // has at that instant).
        var marksAt: [Int64: Int] = [:]
        func note(_ time: Time, count: Int = 1) { marksAt[time.nanoseconds] = max(marksAt[time.nanoseconds] ?? 1, count) }
        note(.zero)
        note(end)
        for row in rows {
            var perInstant: [Int64: Int] = [:]
            for (time, _) in row.events { perInstant[time.nanoseconds, default: 0] += 1 }
            // A cancellation is drawn as `!` after the events of its instant.
            for subscription in row.subscriptions where subscription.cancelled {
                if let end = subscription.end { perInstant[end.nanoseconds, default: 0] += 1 }
            }
            for (time, count) in perInstant { note(Time(nanoseconds: time), count: count) }
            for subscription in row.subscriptions {
                note(subscription.start)
                if let end = subscription.end { note(end) }
            }
        }
        let instants = marksAt.keys.sorted()
        var letters = Letters(reserving: valueDescriptions(rows, describe))
        let body: (step: Int64, lines: [String])
        if let exactStep = Self.steps.first(where: { columns(instants, marksAt, step: $0) <= available }) {
            body = (exactStep, expandedRows(instants, marksAt, step: exactStep, labelWidth: labelWidth, letters: &letters))
        } else {
            let span = max(1, end.nanoseconds)
            let step = Self.steps.first { span / $0 < Int64(available) } ?? Self.steps.last ?? 1_000_000
            body = (step, bucketedRows(step: step, labelWidth: labelWidth, letters: &letters))
        }
        var lines = ["1 col = \(TimeSpan(nanoseconds: body.step))"
            + (droppedEvents > 0 ? "   (the oldest \(droppedEvents) events were dropped to bound memory)" : "")]
        lines += body.lines
        let legend = letters.legend()
        lines += Self.wrapped(legend, first: "where ", width: style.width)
        if letters.crowded { lines.append("* = several events in one column") }
        let errors = rows.flatMap { row in row.events.compactMap { item -> String? in
            if case .error(let error) = item.event { return error.message }
            return nil
        } }
        if let first = errors.first { lines.append("# = \(first)") }
        lines += cancellations()
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

    /// Who cancelled whom: `! search it (2nd) at 15ms: debounce 3ms sent "kitten"`. Rows
    /// cancelled for the same reason at the same instant are listed once.
    private func cancellations() -> [String] {
        var lines: [String] = []
        var listed = Set<String>()
        for row in rows {
            for (number, subscription) in row.subscriptions.enumerated() where subscription.cancelled {
                guard let end = subscription.end else { continue }
                let which = row.subscriptions.count > 1 ? " (\(Self.ordinal(number + 1)))" : ""
                let line = "\(row.label)\(which) at \(Self.time(end))"
                    + (subscription.cause.map { ": \($0)" } ?? "")
                if listed.insert(line).inserted { lines.append("  " + line) }
            }
        }
        guard !lines.isEmpty else { return [] }
        let shown = lines.count > 8 ? Array(lines.prefix(8)) + ["  … and \(lines.count - 8) more"] : lines
        return ["! cancelled:"] + shown
    }

    /// `15ms`, `1.2s`; a live run's `857.467388ms` as `857.5ms`.
    static func time(_ time: Time) -> String {
        let nanoseconds = time.nanoseconds
        guard nanoseconds % 100_000 != 0 else { return "\(TimeSpan(nanoseconds: nanoseconds))" }
        return "\(TimeSpan(nanoseconds: (nanoseconds + 50_000) / 100_000 * 100_000))"
    }

    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// Every instant gets its own columns (as many as its busiest row needs), and the gaps
    /// between instants are drawn to scale: exact, and at 1 ms per column a row reads as a
    /// marble.
    private func expandedRows(_ instants: [Int64], _ marksAt: [Int64: Int], step: Int64, labelWidth: Int,
                              letters: inout Letters) -> [String] {
        var position: [Int64: Int] = [:]
        var column = 0
        for (index, instant) in instants.enumerated() {
            if index > 0 {
                let gap = Double(instant - instants[index - 1]) / Double(step)
                column += max(0, Int(gap.rounded()) - 1)
            }
            position[instant] = column
            column += marksAt[instant] ?? 1
        }
        return draw(columns: column, labelWidth: labelWidth, letters: &letters) { time, offset in
            (position[time.nanoseconds] ?? 0) + offset
        }
    }

    /// A run too long or too busy for that: each column is one step of time, and a column
    /// where a row had several events shows `*`.
    private func bucketedRows(step: Int64, labelWidth: Int, letters: inout Letters) -> [String] {
        let total = Int(end.nanoseconds / step) + 1
        return draw(columns: total, labelWidth: labelWidth, letters: &letters, crowded: true) { time, _ in
            Int(time.nanoseconds / step)
        }
    }

    private func draw(columns total: Int, labelWidth: Int, letters: inout Letters, crowded: Bool = false,
                      column: (Time, Int) -> Int) -> [String] {
        var lines: [String] = []
        let dash: Character = style.unicode ? "─" : "-"
        for row in rows {
            var cells = [Character](repeating: " ", count: total)
            var marked = [Bool](repeating: false, count: total)
            for subscription in row.subscriptions {
                let from = column(subscription.start, 0)
                let to = subscription.end.map { column($0, 0) } ?? (total - 1)
                if from <= to { for index in from...to where index >= 0 && index < total { cells[index] = dash } }
            }
            var used: [Int64: Int] = [:]
            func put(_ mark: Character, at time: Time) {
                let offset = used[time.nanoseconds, default: 0]
                used[time.nanoseconds] = offset + 1
                let index = column(time, offset)
                guard index >= 0, index < total else { return }
                // Bucketed: a second value in the same column becomes `*`; ends win.
                if crowded, marked[index], mark != "|", mark != "#", mark != "!" {
                    if cells[index] != "|", cells[index] != "#", cells[index] != "!" {
                        cells[index] = "*"
                        letters.crowded = true
                    }
                    return
                }
                cells[index] = mark
                marked[index] = true
            }
            for (time, event) in row.events {
                switch event {
                case .next(let value): put(letters.letter(for: describe(value)), at: time)
                case .completed: put("|", at: time)
                case .error: put("#", at: time)
                }
            }
            for subscription in row.subscriptions where subscription.cancelled {
                if let end = subscription.end { put("!", at: end) }
            }
            let label = String(repeating: " ", count: 2 * row.depth) + row.label
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

    /// Columns the diagram needs at a given step.
    private func columns(_ instants: [Int64], _ marksAt: [Int64: Int], step: Int64) -> Int {
        var total = 0
        for (index, instant) in instants.enumerated() {
            if index > 0 { total += max(0, Int((Double(instant - instants[index - 1]) / Double(step)).rounded()) - 1) }
            total += marksAt[instant] ?? 1
        }
        return total
    }

    private func pad(_ text: String, _ width: Int) -> String {
        let shown = text.count > width - 2 ? String(text.prefix(width - 3)) + "…" : text
        return shown + String(repeating: " ", count: max(1, width - shown.count))
    }
}

/// Gives each distinct value a letter. A one-character string keeps its own mark (`"x"`
/// is drawn `x`, as in the marble that made it), so a row can be read against the source
/// and pasted into an `expect`; other values get the first free letter in order of
/// appearance, and only they need the legend.
struct Letters {
    /// Whether some column had to show `*`.
    var crowded = false
    private var assigned: [String: Character] = [:]
    private var taken = Set<Character>()
    private var order: [(Character, String)] = []
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// `descriptions`: every value the drawing will show, so their own marks are kept for
    /// them before any other value takes one.
    init<Descriptions: Sequence<String>>(reserving descriptions: Descriptions) {
        for description in descriptions {
            guard assigned[description] == nil, let mark = Letters.ownMark(description), !taken.contains(mark) else { continue }
            assigned[description] = mark
            taken.insert(mark)
        }
    }

    /// `"x"` → x: a string of one letter or digit (how marble sources make values).
    static func ownMark(_ description: String) -> Character? {
        let characters = Array(description)
        guard characters.count == 3, characters[0] == "\"", characters[2] == "\"",
              alphabet.contains(characters[1]) else { return nil }
        return characters[1]
    }

    mutating func letter(for description: String) -> Character {
        if let letter = assigned[description] { return letter }
        let letter = Letters.alphabet.first { !taken.contains($0) } ?? "*"
        assigned[description] = letter
        taken.insert(letter)
        order.append((letter, description))
        return letter
    }

    /// At most `limit` entries: a busy run has more values than anyone reads.
    func legend(limit: Int = 16) -> [String] {
        var entries = order.prefix(limit).map { "\($0.0) = \($0.1)" }
        if order.count > limit { entries.append("… (\(order.count) values in all)") }
        return entries
    }
}

extension String {
    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// How marble diagrams are drawn in a terminal.
public struct DiagramStyle: Sendable {
    /// `─` for passing time instead of `-`.
    public var unicode: Bool
    public var width: Int
    /// ANSI colours: ends and cancellations red, values bold, time dim.
    public var color: Bool

    public init(unicode: Bool = false, width: Int = 100, color: Bool = false) {
        self.unicode = unicode
        self.width = width
        self.color = color
    }
}

/// What every value of the rows reads as, in order (for `Letters(reserving:)`).
func valueDescriptions<Value>(_ rows: [Tracer<Value>.Row], _ describe: (Value) -> String) -> [String] {
    rows.flatMap { row in row.events.compactMap { item -> String? in
        if case .next(let value) = item.event { return describe(value) }
        return nil
    } }
}

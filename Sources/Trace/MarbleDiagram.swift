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
    public struct Style: Sendable {
        public var unicode: Bool
        public var width: Int

        public init(unicode: Bool = false, width: Int = 100) {
            self.unicode = unicode
            self.width = width
        }
    }

    let rows: [Tracer<Value>.Row]
    let end: Time
    let droppedEvents: Int
    let describe: (Value) -> String
    let style: Style

    public init(tracer: Tracer<Value>, end: Time, style: Style = Style(),
                describe: @escaping (Value) -> String) {
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
        let step = Self.steps.first { columns(instants, marksAt, step: $0) <= available } ?? Self.steps.last ?? 1_000_000
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
        let totalColumns = column

        var letters = Letters()
        var lines = ["1 col = \(TimeSpan(nanoseconds: step))" + (droppedEvents > 0 ? "   (the oldest \(droppedEvents) events were dropped to bound memory)" : "")]
        for row in rows {
            var cells = [Character](repeating: " ", count: totalColumns)
            let dash: Character = style.unicode ? "─" : "-"
            for subscription in row.subscriptions {
                let from = position[subscription.start.nanoseconds] ?? 0
                let to = subscription.end.flatMap { position[$0.nanoseconds] } ?? (totalColumns - 1)
                if from <= to { for index in from...to where index < totalColumns { cells[index] = dash } }
            }
            var used: [Int64: Int] = [:]
            for (time, event) in row.events {
                let base = position[time.nanoseconds] ?? 0
                let offset = used[time.nanoseconds, default: 0]
                used[time.nanoseconds] = offset + 1
                let mark: Character
                switch event {
                case .next(let value): mark = letters.letter(for: describe(value))
                case .completed: mark = "|"
                case .error: mark = "#"
                }
                if base + offset < totalColumns { cells[base + offset] = mark }
            }
            for subscription in row.subscriptions where subscription.cancelled {
                if let end = subscription.end, let at = position[end.nanoseconds] {
                    let offset = used[end.nanoseconds, default: 0]
                    if at + offset < totalColumns { cells[at + offset] = "!" }
                }
            }
            let label = String(repeating: " ", count: 2 * row.depth) + row.label
            lines.append(pad(label, labelWidth) + String(cells).trailingSpacesRemoved)
        }
        let legend = letters.legend
        if !legend.isEmpty { lines.append("where " + legend.joined(separator: ", ")) }
        let errors = rows.flatMap { row in row.events.compactMap { item -> String? in
            if case .error(let error) = item.event { return error.message }
            return nil
        } }
        if let first = errors.first { lines.append("# = \(first)") }
        return lines.joined(separator: "\n")
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

/// Gives each distinct value a letter, in order of appearance.
struct Letters {
    private var assigned: [String: Character] = [:]
    private var order: [(Character, String)] = []
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    mutating func letter(for description: String) -> Character {
        if let letter = assigned[description] { return letter }
        let letter = order.count < Letters.alphabet.count ? Letters.alphabet[order.count] : "*"
        assigned[description] = letter
        order.append((letter, description))
        return letter
    }

    var legend: [String] { order.map { "\($0.0) = \($0.1)" } }
}

extension String {
    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

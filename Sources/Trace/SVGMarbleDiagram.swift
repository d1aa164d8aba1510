import Signals

/// A traced run as an RxMarbles-style SVG picture: one line per stage, values as
/// circles with their letter (and a legend), completion as a bar, an error as a cross,
/// a cancellation as a red slash. Time runs left to right, to scale; events at one
/// instant are set side by side.
public struct SVGMarbleDiagram<Value> {
    let rows: [Tracer<Value>.Row]
    let end: Time
    let describe: (Value) -> String
    /// A value's full text, which tells values apart (`describe` may shorten it).
    let detail: ((Value) -> String)?
    let title: String

    public init(tracer: Tracer<Value>, end: Time, title: String, describe: @escaping (Value) -> String,
                detail: ((Value) -> String)? = nil) {
        tracer.resolveCauses()
        self.rows = tracer.orderedRows
        self.end = end
        self.title = title
        self.describe = describe
        self.detail = detail
    }

    static var labelWidth: Double { 260.0 }
    static var plotWidth: Double { 720.0 }
    static var rowHeight: Double { 56.0 }
    static var top: Double { 48.0 }
    static var radius: Double { 13.0 }

    public func render() -> String {
        let span = Double(max(end.nanoseconds, 1))
        func x(_ time: Time, _ offset: Int = 0) -> Double {
            Self.labelWidth + 20 + Double(time.nanoseconds) / span * Self.plotWidth + Double(offset) * (2 * Self.radius + 2)
        }
        var letters = Letters(reserving: valueDescriptions(rows) { detail?($0) ?? describe($0) })
        var body: [String] = []
        var right = Self.labelWidth + 20 + Self.plotWidth
        for (index, row) in rows.enumerated() {
            let y = Self.top + Double(index) * Self.rowHeight + Self.rowHeight / 2
            let indent = Double(row.depth) * 16
            body.append(#"<text x="\#(format(8 + indent))" y="\#(format(y + 5))" class="label">\#(escape(shorten(row.label)))</text>"#)
            // One line where subscriptions overlap (thousands of inner runs at once are
            // one line, not thousands).
            let spans = row.subscriptions.map { subscription in
                (from: x(subscription.start), to: subscription.end.map { x($0) } ?? (Self.labelWidth + 20 + Self.plotWidth))
            }.sorted { $0.from < $1.from }
            var lines: [(from: Double, to: Double)] = []
            for span in spans {
                if let last = lines.last, span.from <= last.to { lines[lines.count - 1].to = max(last.to, span.to) } else { lines.append(span) }
            }
            for line in lines {
                body.append(#"<line x1="\#(format(line.from))" y1="\#(format(y))" x2="\#(format(max(line.from, line.to)))" y2="\#(format(y))" class="time"/>"#)
            }
            var used: [Int64: Int] = [:]
            func nextOffset(_ time: Time) -> Int {
                let offset = used[time.nanoseconds, default: 0]
                used[time.nanoseconds] = offset + 1
                return offset
            }
            // As in the text diagram, many marks at one instant are one: more than 8
            // values are one `*`, and ends of one kind that repeat are drawn once.
            var counts: [Int64: (values: Int, completed: Int, failed: Int, cancelled: Int)] = [:]
            for (time, event) in row.events {
                switch event {
                case .next: counts[time.nanoseconds, default: (0, 0, 0, 0)].values += 1
                case .completed: counts[time.nanoseconds, default: (0, 0, 0, 0)].completed += 1
                case .error: counts[time.nanoseconds, default: (0, 0, 0, 0)].failed += 1
                }
            }
            for subscription in row.subscriptions where subscription.cancelled {
                if let end = subscription.end { counts[end.nanoseconds, default: (0, 0, 0, 0)].cancelled += 1 }
            }
            var drawn: [Int64: (values: Bool, completed: Bool, failed: Bool, cancelled: Bool)] = [:]
            func once(_ time: Time, _ count: Int, _ kind: WritableKeyPath<(values: Bool, completed: Bool, failed: Bool, cancelled: Bool), Bool>) -> Bool {
                guard count > 1 else { return true }
                if drawn[time.nanoseconds, default: (false, false, false, false)][keyPath: kind] { return false }
                drawn[time.nanoseconds, default: (false, false, false, false)][keyPath: kind] = true
                return true
            }
            for (time, event) in row.events {
                let count = counts[time.nanoseconds] ?? (0, 0, 0, 0)
                switch event {
                case .next where count.values > 8:
                    guard once(time, count.values, \.values) else { continue }
                    let cx = x(time, nextOffset(time))
                    right = max(right, cx + Self.radius)
                    body.append(#"<g class="value"><title>\#(count.values) values at one instant</title><circle cx="\#(format(cx))" cy="\#(format(y))" r="\#(format(Self.radius))"/><text x="\#(format(cx))" y="\#(format(y + 5))">*</text></g>"#)
                    continue
                case .next: break
                case .completed: guard once(time, count.completed, \.completed) else { continue }
                case .error: guard once(time, count.failed, \.failed) else { continue }
                }
                let cx = x(time, nextOffset(time))
                right = max(right, cx + Self.radius)
                switch event {
                case .next(let value):
                    let letter = letters.letter(full: detail?(value) ?? describe(value), short: describe(value))
                    body.append(#"<g class="value"><title>\#(escape(describe(value)))</title><circle cx="\#(format(cx))" cy="\#(format(y))" r="\#(format(Self.radius))"/><text x="\#(format(cx))" y="\#(format(y + 5))">\#(escape(String(letter)))</text></g>"#)
                case .completed:
                    let close = count.completed > 1 ? #"><title>\#(count.completed) inner runs completed</title></line>"# : "/>"
                    body.append(#"<line x1="\#(format(cx))" y1="\#(format(y - 14))" x2="\#(format(cx))" y2="\#(format(y + 14))" class="completed"\#(close)"#)
                case .error(let error):
                    body.append(#"<g class="error"><title>\#(escape(ErrorText.shown(error.message)))</title><line x1="\#(format(cx - 9))" y1="\#(format(y - 9))" x2="\#(format(cx + 9))" y2="\#(format(y + 9))"/><line x1="\#(format(cx - 9))" y1="\#(format(y + 9))" x2="\#(format(cx + 9))" y2="\#(format(y - 9))"/></g>"#)
                }
            }
            for subscription in row.subscriptions where subscription.cancelled {
                guard let end = subscription.end, once(end, counts[end.nanoseconds]?.cancelled ?? 0, \.cancelled) else { continue }
                let cx = x(end, nextOffset(end))
                right = max(right, cx + Self.radius)
                body.append(#"<line x1="\#(format(cx - 7))" y1="\#(format(y + 12))" x2="\#(format(cx + 7))" y2="\#(format(y - 12))" class="cancelled"><title>\#(escape("cancelled" + (subscription.cause.map { ": " + $0 } ?? "")))</title></line>"#)
            }
        }
        let legendY = Self.top + Double(rows.count) * Self.rowHeight + 16
        let legend = letters.legend()
        for (index, entry) in legend.enumerated() {
            body.append(#"<text x="8" y="\#(format(legendY + Double(index) * 18))" class="legend">\#(escape(entry))</text>"#)
        }
        // Room for the marks set side by side at the run's last instant.
        let width = max(Self.labelWidth + Self.plotWidth + 120, right + 20)
        let height = legendY + Double(legend.count) * 18 + 16
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" viewBox="0 0 \(format(width)) \(format(height))">
            <style>
            .label, .legend, .title { font: 14px monospace; fill: #222; }
            .title { font-weight: bold; }
            .time { stroke: #444; stroke-width: 2; }
            .value circle { fill: #ffd24d; stroke: #444; stroke-width: 2; }
            .value text { font: bold 13px sans-serif; text-anchor: middle; fill: #222; }
            .completed { stroke: #222; stroke-width: 3; }
            .error line { stroke: #d22; stroke-width: 3; }
            .cancelled { stroke: #d22; stroke-width: 2; stroke-dasharray: 3 2; }
            </style>
            <text x="8" y="24" class="title">\(escape(shorten(title, to: 110)))</text>
            \(body.joined(separator: "\n"))
            </svg>
            """
    }

    private func format(_ number: Double) -> String {
        let rounded = (number * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func shorten(_ text: String, to limit: Int = 32) -> String {
        text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }

    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

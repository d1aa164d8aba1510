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
        for (index, row) in rows.enumerated() {
            let y = Self.top + Double(index) * Self.rowHeight + Self.rowHeight / 2
            let indent = Double(row.depth) * 16
            body.append(#"<text x="\#(format(8 + indent))" y="\#(format(y + 5))" class="label">\#(escape(shorten(row.label)))</text>"#)
            for subscription in row.subscriptions {
                let from = x(subscription.start)
                let to = subscription.end.map { x($0) } ?? (Self.labelWidth + 20 + Self.plotWidth)
                body.append(#"<line x1="\#(format(from))" y1="\#(format(y))" x2="\#(format(max(from, to)))" y2="\#(format(y))" class="time"/>"#)
            }
            var used: [Int64: Int] = [:]
            func nextOffset(_ time: Time) -> Int {
                let offset = used[time.nanoseconds, default: 0]
                used[time.nanoseconds] = offset + 1
                return offset
            }
            for (time, event) in row.events {
                let cx = x(time, nextOffset(time))
                switch event {
                case .next(let value):
                    let letter = letters.letter(full: detail?(value) ?? describe(value), short: describe(value))
                    body.append(#"<g class="value"><title>\#(escape(describe(value)))</title><circle cx="\#(format(cx))" cy="\#(format(y))" r="\#(format(Self.radius))"/><text x="\#(format(cx))" y="\#(format(y + 5))">\#(escape(String(letter)))</text></g>"#)
                case .completed:
                    body.append(#"<line x1="\#(format(cx))" y1="\#(format(y - 14))" x2="\#(format(cx))" y2="\#(format(y + 14))" class="completed"/>"#)
                case .error(let error):
                    body.append(#"<g class="error"><title>\#(escape(error.message))</title><line x1="\#(format(cx - 9))" y1="\#(format(y - 9))" x2="\#(format(cx + 9))" y2="\#(format(y + 9))"/><line x1="\#(format(cx - 9))" y1="\#(format(y + 9))" x2="\#(format(cx + 9))" y2="\#(format(y - 9))"/></g>"#)
                }
            }
            for subscription in row.subscriptions where subscription.cancelled {
                guard let end = subscription.end else { continue }
                let cx = x(end, nextOffset(end))
                body.append(#"<line x1="\#(format(cx - 7))" y1="\#(format(y + 12))" x2="\#(format(cx + 7))" y2="\#(format(y - 12))" class="cancelled"><title>\#(escape("cancelled" + (subscription.cause.map { ": " + $0 } ?? "")))</title></line>"#)
            }
        }
        let legendY = Self.top + Double(rows.count) * Self.rowHeight + 16
        let legend = letters.legend()
        for (index, entry) in legend.enumerated() {
            body.append(#"<text x="8" y="\#(format(legendY + Double(index) * 18))" class="legend">\#(escape(entry))</text>"#)
        }
        let width = Self.labelWidth + Self.plotWidth + 120
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

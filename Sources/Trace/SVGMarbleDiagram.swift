import Signals

/// A traced run as an RxMarbles-style SVG 1.1 picture: one line per stage, each inner run
/// on its own lane branching from its parent (rxviz), values as circles coloured by value
/// (the same value has the same colour and letter on every row), completion as a bar, an
/// error as a cross, a cancellation as a red cut; the legend below gives the values, the
/// errors' messages and who cancelled whom, as the text trace does.
///
/// Time runs left to right to scale, but a long idle gap is folded (a break mark and its
/// length) and marks at one instant are set side by side, so nothing overlaps: a test
/// reads the geometry of every Example's picture.
public struct SVGMarbleDiagram<Value> {
    let rows: [Tracer<Value>.Row]
    let end: Time
    let describe: (Value) -> String
    /// A value's full text, which tells values apart (`describe` may shorten it).
    let detail: ((Value) -> String)?
    let title: String
    let named: [(mark: Character, full: String)]
    /// The width the time axis is drawn to (the playground's panel, or 720).
    let plotWidth: Double
    /// The marble a row plays, by the row's key and label: its marks say which entry each is.
    let marbleRow: (_ key: String, _ label: String) -> MarbleRow?

    /// `named`: the letters the script gave values and the screen shows already (a
    /// comparison's), which the SVG keeps, as the text diagram does: one labelling.
    /// `marbleRow`: the script's marble a row plays, if any (the playground drags its marks).
    public init(tracer: Tracer<Value>, end: Time, title: String, describe: @escaping (Value) -> String,
                detail: ((Value) -> String)? = nil, named: [(mark: Character, full: String)] = [],
                plotWidth: Double = SVGMarbleDiagram.defaultPlotWidth, marbleRow: @escaping (_ key: String, _ label: String) -> MarbleRow? = { _, _ in nil }) {
        self.named = named
        self.plotWidth = max(SVGMarbleDiagram.narrowestPlot, plotWidth)
        self.marbleRow = marbleRow
        self.rows = tracer.orderedRows
        self.end = end
        self.title = title
        self.describe = describe
        self.detail = detail
    }

    static var radius: Double { 12 }
    /// The room one mark takes along the time axis.
    static var slot: Double { 2 * radius + 4 }
    static var laneHeight: Double { 36 }
    /// A row's label (and each further lane's) is drawn above its line, as RxMarbles names
    /// the operator between input and output: the whole width is the time axis's.
    static var labelHeight: Double { 18 }
    public static var defaultPlotWidth: Double { 720 }
    static var narrowestPlot: Double { 240 }
    /// Monospace at 14px: the width of one character, for laying out text.
    static var characterWidth: Double { 8.4 }
    /// Runs drawn on lanes of their own, at most (`Lanes`).
    static var maximumLanes: Int { Lanes.limit }

    public func render() -> String {
        let marbles = rows.map { row in marbleRow(row.key, row.label).map { (row: $0, played: $0.played(row)) } }
        // The marks a marble's first run did not send take room on the axis too.
        var unsent: [Int64: Int] = [:]
        for marble in marbles.compactMap({ $0 }) {
            for mark in marble.played.unplayed { unsent[mark.time.nanoseconds, default: 0] += 1 }
        }
        let layout = TimeLayout(rows: rows, end: end, plot: plotWidth, extra: unsent)
        let plotLeft = 16.0
        let right = plotLeft + layout.width + 16
        let labelColumns = max(12, Int((right - 16) / Self.characterWidth))
        var canvas = SVGCanvas(layout: layout, labelColumns: labelColumns, plotLeft: plotLeft, right: right,
                               letters: Letters(reserving: valueDescriptions(rows) { detail?($0) ?? describe($0) }, named: named, legendsNamed: true))
        let stages = Self.sendingOrder(rows.map(\.depth))
        for index in rows.indices { drawRow(index, stage: stages[index], marble: marbles[index], on: &canvas) }
        let background = drawAxis(on: &canvas)
        return document(canvas, background: background, legend: legendLines(canvas))
    }

    /// A row: its label and its lanes' labels, a line where each lane's runs are, its
    /// marks, its cancellations.
    private func drawRow(_ index: Int, stage: Int, marble: (row: MarbleRow, played: MarbleRow.Played)?, on canvas: inout SVGCanvas) {
        let row = rows[index]
        let lanes = Lanes(row.subscriptions, total: row.subscriptionCount, limit: Self.maximumLanes)
        if let note = lanes.hiddenNote(row.label) { canvas.notes.append(note) }
        let top = canvas.y
        canvas.rowY[index] = Self.laneMiddle(top: top, lane: 0)
        drawLabels(row, stage, lanes, top: top, on: &canvas)
        // The parent's line, where inner runs branch from.
        let parentY = rows[..<index].indices.last { rows[$0].depth == row.depth - 1 }.flatMap { canvas.rowY[$0] }
        drawLines(row, lanes, top: top, parentY: parentY, on: &canvas)
        // Marks of one lane at one instant are set side by side, touching, from the
        // instant's place (a completion right after the value before it); many values
        // at one instant are one `*` (as in the text diagram), ends of one kind drawn once.
        var placer = MarkPlacer(top: top)
        var endsDrawn = Set<String>()
        drawEvents(row, stage, lanes, marble, &placer, &endsDrawn, on: &canvas)
        if let marble { drawUnsent(marble.row, marble.played, lanes, &placer, on: &canvas) }
        drawCancellations(row, stage, lanes, &placer, &endsDrawn, on: &canvas)
        canvas.y += Double(lanes.count) * (Self.labelHeight + Self.laneHeight) + 4
    }

    /// The middle of a row's lane: under its label.
    static func laneMiddle(top: Double, lane: Int) -> Double {
        top + Double(lane) * (labelHeight + laneHeight) + labelHeight + laneHeight / 2
    }

    private func drawLabels(_ row: Tracer<Value>.Row, _ stage: Int, _ lanes: Lanes, top: Double, on canvas: inout SVGCanvas) {
        let indent = Double(row.depth) * 2 * Self.characterWidth
        let baseline = { (lane: Int) in Self.laneMiddle(top: top, lane: lane) - Self.laneHeight / 2 - 4 }
        canvas.body.append(#"<text x="\#(format(16 + indent))" y="\#(format(baseline(0)))" class="label" data-stage="\#(stage)">\#(escape(Words.shortened(row.label, to: canvas.labelColumns - 2 * row.depth)))</text>"#)
        // Each further lane says which runs it holds (the row's label is on the first).
        for lane in 1..<max(1, lanes.count) {
            let text = Words.shortened(lanes.label(of: lane), to: canvas.labelColumns - 2 * row.depth)
            canvas.body.append(#"<text x="\#(format(16 + indent))" y="\#(format(baseline(lane)))" class="label">\#(escape(text))</text>"#)
        }
    }

    private func drawLines(_ row: Tracer<Value>.Row, _ lanes: Lanes, top: Double, parentY: Double?, on canvas: inout SVGCanvas) {
        // A line per lane where its run is, branching from the parent's line.
        var spans: [Int: [(from: Double, to: Double)]] = [:]
        for (number, subscription) in row.subscriptions.enumerated() {
            guard let lane = lanes.lane[number] else { continue }
            let from = canvas.x(canvas.layout.index(subscription.start)) - Self.radius - 2
            let to = subscription.end.map { canvas.x(canvas.layout.index($0)) + Self.radius + 2 } ?? canvas.right
            spans[lane, default: []].append((from, max(from, to)))
        }
        for (lane, laneSpans) in spans.sorted(by: { $0.key < $1.key }) {
            let laneY = Self.laneMiddle(top: top, lane: lane)
            var merged: [(from: Double, to: Double)] = []
            for span in laneSpans.sorted(by: { $0.from < $1.from }) {
                if let last = merged.last, span.from <= last.to { merged[merged.count - 1].to = max(last.to, span.to) } else { merged.append(span) }
            }
            for span in merged {
                if let parentY, row.depth > 0 {
                    canvas.body.append(#"<line x1="\#(format(span.from))" y1="\#(format(parentY + Self.radius + 2))" x2="\#(format(span.from))" y2="\#(format(laneY))" class="branch"/>"#)
                }
                canvas.body.append(#"<line x1="\#(format(span.from))" y1="\#(format(laneY))" x2="\#(format(span.to))" y2="\#(format(laneY))" class="time"/>"#)
            }
        }
    }

    private func drawEvents(_ row: Tracer<Value>.Row, _ stage: Int, _ lanes: Lanes, _ marble: (row: MarbleRow, played: MarbleRow.Played)?,
                            _ placer: inout MarkPlacer, _ endsDrawn: inout Set<String>, on canvas: inout SVGCanvas) {
        let events = row.events
        var groups: [Int64: (values: Int, completed: Int)] = [:]
        for (time, event, subscription) in events {
            guard let lane = lanes.lane(of: subscription) else { continue }
            let key = Int64(lane) << 48 | Int64(canvas.layout.index(time))
            switch event {
            case .next: groups[key, default: (0, 0)].values += 1
            case .completed: groups[key, default: (0, 0)].completed += 1
            case .error: break
            }
        }
        var starred = Set<Int64>()
        for (index, (time, event, subscription)) in events.enumerated() {
            guard let lane = lanes.lane(of: subscription) else { continue }
            // A mark of a marble written in the script says which of its entries it is.
            let entry = marble.flatMap { marble in
                marble.played.entryOf[index].map { Self.entryData(marble.row, $0) }
            } ?? ""
            let key = Int64(lane) << 48 | Int64(canvas.layout.index(time))
            switch event {
            case .next(let value):
                let count = groups[key]?.values ?? 1
                if count > 8 {
                    guard starred.insert(key).inserted else { continue }
                    let (cx, cy) = placer.place(time, lane: lane, on: canvas)
                    canvas.body.append(#"<g class="many"\#(when(time, stage))><title>\#(count) values at one instant</title><circle cx="\#(format(cx))" cy="\#(format(cy))" r="\#(format(Self.radius))"/><text x="\#(format(cx))" y="\#(format(cy + 5))">*</text></g>"#)
                    continue
                }
                // A short value is drawn in its marble, as RxMarbles draws it; a longer one by
                // its letter, which the legend gives.
                let full = detail?(value) ?? describe(value)
                let mark = Self.inline(describe(value)) ?? String(canvas.letters.letter(full: full, short: describe(value)))
                let (cx, cy) = placer.place(time, lane: lane, on: canvas)
                canvas.body.append(#"<g class="value"\#(when(time, stage))\#(entry)><title>\#(escape(describe(value)))</title><circle cx="\#(format(cx))" cy="\#(format(cy))" r="\#(format(Self.radius))" fill="\#(canvas.colour(of: full))"/><text x="\#(format(cx))" y="\#(format(cy + 5))"\#(mark.count > 2 ? #" class="narrow""# : "")>\#(escape(mark))</text></g>"#)
            case .completed:
                guard endsDrawn.insert("|\(key)").inserted else { continue }
                let (cx, cy) = placer.place(time, lane: lane, half: 3, on: canvas)
                if !entry.isEmpty {
                    // A marble's end: a wider, unseen area around the bar is what a pointer grabs.
                    canvas.body.append(#"<g class="end"\#(when(time, stage))\#(entry)><rect x="\#(format(cx - 8))" y="\#(format(cy - 16))" width="16" height="32" class="grab"/><line x1="\#(format(cx))" y1="\#(format(cy - 14))" x2="\#(format(cx))" y2="\#(format(cy + 14))" class="completed"/></g>"#)
                    continue
                }
                let count = groups[key]?.completed ?? 1
                let close = count > 1 ? #"><title>\#(count) inner runs completed</title></line>"# : "/>"
                canvas.body.append(#"<line x1="\#(format(cx))" y1="\#(format(cy - 14))" x2="\#(format(cx))" y2="\#(format(cy + 14))" class="completed"\#(when(time, stage))\#(close)"#)
            case .error(let error):
                let message = ErrorText.shown(error.message)
                guard endsDrawn.insert("#\(key)").inserted else { continue }
                let (cx, cy) = placer.place(time, lane: lane, half: 10, on: canvas)
                canvas.errors.append("\(row.label) at \(time.reading): \(message)")
                canvas.body.append(#"<g class="error"\#(when(time, stage))\#(entry)><title>\#(escape(message))</title><line x1="\#(format(cx - 9))" y1="\#(format(cy - 9))" x2="\#(format(cx + 9))" y2="\#(format(cy + 9))"/><line x1="\#(format(cx - 9))" y1="\#(format(cy + 9))" x2="\#(format(cx + 9))" y2="\#(format(cy - 9))"/></g>"#)
            }
        }
    }

    /// The marks of a marble its row's first run did not send (before a hot marble's `^`,
    /// after the run was cancelled), faded, on that run's lane at the marble's time: each can
    /// be dragged there as the ones sent can.
    private func drawUnsent(_ marble: MarbleRow, _ played: MarbleRow.Played, _ lanes: Lanes, _ placer: inout MarkPlacer,
                            on canvas: inout SVGCanvas) {
        guard let run = played.firstRun, let lane = lanes.lane(of: run) else { return }
        // A hot marble's `^` under its line at 0 ms, where nothing of the marble can be.
        if marble.hot && marble.marble.hasSubscriptionPoint {
            let y = Self.laneMiddle(top: placer.top, lane: lane) + 17
            canvas.body.append(#"<g class="caret"><title>^ subscription point (0ms): the run subscribes here; marks before it are not seen</title><text x="\#(format(canvas.x(canvas.layout.index(.zero))))" y="\#(format(y))">^</text></g>"#)
        }
        for (index, time) in played.unplayed {
            let mark = marble.marble.entries[index].mark
            let text = marble.text(of: mark)
            let data = #" data-time="\#(time.nanoseconds)""# + Self.entryData(marble, index)
            let title = "\(text) at \(time.reading): not sent by the run (the marble has it; drag it here too)"
            switch mark {
            case .value(let letter):
                let (cx, cy) = placer.place(time, lane: lane, on: canvas)
                let shown = Self.inline(text) ?? String(letter)
                canvas.body.append(#"<g class="unsent"\#(data)><title>\#(escape(title))</title><circle cx="\#(format(cx))" cy="\#(format(cy))" r="\#(format(Self.radius))"/><text x="\#(format(cx))" y="\#(format(cy + 5))"\#(shown.count > 2 ? #" class="narrow""# : "")>\#(escape(shown))</text></g>"#)
            case .completed:
                let (cx, cy) = placer.place(time, lane: lane, half: 3, on: canvas)
                canvas.body.append(#"<g class="unsent end"\#(data)><title>\#(escape(title))</title><rect x="\#(format(cx - 8))" y="\#(format(cy - 16))" width="16" height="32" class="grab"/><line x1="\#(format(cx))" y1="\#(format(cy - 14))" x2="\#(format(cx))" y2="\#(format(cy + 14))"/></g>"#)
            case .error:
                let (cx, cy) = placer.place(time, lane: lane, half: 10, on: canvas)
                canvas.body.append(#"<g class="unsent"\#(data)><title>\#(escape(title))</title><line x1="\#(format(cx - 9))" y1="\#(format(cy - 9))" x2="\#(format(cx + 9))" y2="\#(format(cy + 9))"/><line x1="\#(format(cx - 9))" y1="\#(format(cy + 9))" x2="\#(format(cx + 9))" y2="\#(format(cy - 9))"/></g>"#)
            }
        }
    }

    /// Which entry of which of the script's marbles a mark is, and the entry's frame: what
    /// the playground moves when the mark is dragged.
    private static func entryData(_ marble: MarbleRow, _ entry: Int) -> String {
        #" data-marble="\#(marble.number)" data-entry="\#(entry)" data-frame="\#(marble.marble.entries[entry].frame)""#
    }

    private func drawCancellations(_ row: Tracer<Value>.Row, _ stage: Int, _ lanes: Lanes, _ placer: inout MarkPlacer,
                                   _ endsDrawn: inout Set<String>, on canvas: inout SVGCanvas) {
        for (number, subscription) in row.subscriptions.enumerated() where subscription.cancelled {
            guard let end = subscription.end, let lane = lanes.lane[number] else { continue }
            let key = Int64(lane) << 48 | Int64(canvas.layout.index(end))
            guard endsDrawn.insert("!\(key)").inserted else { continue }
            let (cx, cy) = placer.place(end, lane: lane, half: 7, on: canvas)
            if let line = row.cancellation(subscription) { canvas.cancellations.append(line) }
            let cause = subscription.cause.map { ": " + $0 } ?? ""
            canvas.body.append(#"<g class="cancelled"\#(when(end, stage))><title>\#(escape("cancelled" + cause))</title><line x1="\#(format(cx))" y1="\#(format(cy - 15))" x2="\#(format(cx))" y2="\#(format(cy + 15))"/><line x1="\#(format(cx - 6))" y1="\#(format(cy - 15))" x2="\#(format(cx + 6))" y2="\#(format(cy - 15))"/><line x1="\#(format(cx - 6))" y1="\#(format(cy + 15))" x2="\#(format(cx + 6))" y2="\#(format(cy + 15))"/></g>"#)
        }
    }

    /// The time axis: ticks labelled in ms or s where there is room, folds marked; the folds'
    /// bands, drawn behind the rows, returned.
    private func drawAxis(on canvas: inout SVGCanvas) -> [String] {
        let y = canvas.y
        let axisY = 60.0
        canvas.body.append(#"<line x1="\#(format(canvas.plotLeft))" y1="\#(format(axisY))" x2="\#(format(canvas.right))" y2="\#(format(axisY))" class="axis"/>"#)
        var labelledUpTo = -Double.infinity
        var background: [String] = []
        for fold in canvas.layout.folds {
            let from = canvas.plotLeft + fold.from, to = canvas.plotLeft + fold.to
            let middle = (from + to) / 2
            background.append(#"<g class="fold"><title>\#(Time(nanoseconds: fold.duration).reading) folded</title><polyline points="\#(format(middle - 5)),\#(format(axisY + 6)) \#(format(middle - 1)),\#(format(axisY - 6))"/><polyline points="\#(format(middle + 1)),\#(format(axisY + 6)) \#(format(middle + 5)),\#(format(axisY - 6))"/><rect x="\#(format(middle - 3))" y="\#(format(axisY + 12))" width="6" height="\#(format(y - axisY - 20))"/></g>"#)
        }
        for (instant, time) in canvas.layout.instants.enumerated() {
            let tickX = canvas.x(instant)
            let text = Time(nanoseconds: time).reading
            let half = Double(text.count) * Self.characterWidth / 2
            // Each tick says its time (a tooltip; the geometry test reads the scale from them),
            // and in nanoseconds for the playground's Play, whose cursor goes from tick to tick.
            canvas.body.append(#"<line x1="\#(format(tickX))" y1="\#(format(axisY - 4))" x2="\#(format(tickX))" y2="\#(format(axisY + 4))" class="axis" data-time="\#(time)"><title>\#(escape(text))</title></line>"#)
            guard tickX - half > labelledUpTo + 6 else { continue }
            labelledUpTo = tickX + half
            canvas.body.append(#"<text x="\#(format(tickX))" y="\#(format(axisY - 10))" class="tick">\#(escape(text))</text>"#)
        }
        for fold in canvas.layout.folds {
            let middle = canvas.plotLeft + (fold.from + fold.to) / 2
            let text = "⋯ " + Time(nanoseconds: fold.duration).reading
            let width = Double(text.count) * Self.characterWidth
            // Said below the axis, where the ticks are not.
            canvas.body.append(#"<text x="\#(format(middle - width / 2))" y="\#(format(axisY + 20))" class="foldlabel">\#(escape(text))</text>"#)
        }
        return background
    }

    /// The legend: values, errors and cancellations, each line wrapped at words.
    private func legendLines(_ canvas: SVGCanvas) -> [String] {
        let columns = Self.columns(canvas)
        var legend: [String] = []
        for entry in canvas.letters.legend() { legend += Words.wrapped(entry, width: columns) }
        if !canvas.errors.isEmpty {
            legend.append("# errors:")
            for entry in canvas.errors { legend += Words.wrapped("  " + entry, width: columns, indent: "    ") }
        }
        if !canvas.cancellations.isEmpty {
            legend.append("! cancelled:")
            for entry in canvas.cancellations { legend += Words.wrapped("  " + entry, width: columns, indent: "    ") }
        }
        legend += canvas.notes.flatMap { Words.wrapped($0, width: columns, indent: "    ") }
        if !canvas.layout.toScale {
            legend.append("(not to scale: marks too close together push later ones right)")
        }
        return legend
    }

    private static func columns(_ canvas: SVGCanvas) -> Int { max(30, Int((canvas.right - 16) / characterWidth)) }

    private func document(_ canvas: SVGCanvas, background: [String], legend: [String]) -> String {
        var body = canvas.body
        let (y, right) = (canvas.y, canvas.right)
        let columns = Self.columns(canvas)
        let legendY = y + 16
        for (index, line) in legend.enumerated() {
            body.append(#"<text x="16" y="\#(format(legendY + Double(index) * 18))" class="legend">\#(escape(line))</text>"#)
        }
        let titleText = Words.shortened(title, to: columns)
        let width = max(right + 16, 16 + Double(max(titleText.count, legend.map(\.count).max() ?? 0)) * Self.characterWidth + 16)
        let height = legendY + Double(legend.count) * 18 + 8
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="\(DiagramStylesheet.rootClass)" width="\(format(width))" height="\(format(height))" viewBox="0 0 \(format(width)) \(format(height))">
            <style type="text/css">
            \(DiagramStylesheet.css())
            </style>
            <text x="16" y="24" class="title">\(escape(titleText))</text>
            \((background + body).joined(separator: "\n"))
            </svg>
            """
    }

    /// Each row's stage number: the order stages send in at one instant. Upstream first, as
    /// the rows are, but an inner pipeline's rows before the row that runs them (a flatMap
    /// sends what its inner run sent, after it): each row numbered once the rows nested
    /// under it (deeper, right after it) are.
    static func sendingOrder(_ depths: [Int]) -> [Int] {
        var order = [Int](repeating: 0, count: depths.count)
        var next = 0
        var open: [Int] = []  // rows whose nested rows may still follow, outermost first
        func close() { order[open.removeLast()] = next; next += 1 }
        for (index, depth) in depths.enumerated() {
            while let last = open.last, depths[last] >= depth { close() }
            open.append(index)
        }
        while !open.isEmpty { close() }
        return order
    }

    /// A mark's time (in nanoseconds, as its tick's) and its stage (its row's number in the
    /// order stages send, as its label's): what the playground's Play reads to show the marks
    /// in the order they were sent.
    private func when(_ time: Time, _ stage: Int) -> String {
        #" data-time="\#(time.nanoseconds)" data-stage="\#(stage)""#
    }

    private func format(_ number: Double) -> String {
        let rounded = (number * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func escape(_ text: String) -> String { Markup.escaped(text) }
}

/// Where each instant of a run is drawn: to scale — between two folds, x is proportional
/// to time — at the finest scale that leaves each instant room for its marks side by side
/// (never less than the plot's width); where that would make the picture wider than the
/// plot, the longest idle stretches are folded, one at a time, to a fixed width with a
/// break mark and their length.
struct TimeLayout {
    /// Every instant something happened, in nanoseconds, ascending.
    let instants: [Int64]
    private let position: [Int64: Int]
    /// Where each instant starts, from the plot's left edge.
    private let starts: [Double]
    let width: Double
    let folds: [(from: Double, to: Double, duration: Int64)]
    /// For each instant, the number of folds before it: instants with the same number
    /// are drawn to one scale.
    let segment: [Int]

    /// Whether every instant is at its time's place within its fold (else crowded marks
    /// pushed later ones right: said in the picture).
    let toScale: Bool

    static var foldWidth: Double { 64 }
    /// The widest a picture is drawn to scale.
    static var widest: Double { 6000 }
    static var shortestGap: Double { 6 }

    /// `plot`: the width to draw to; `extra`: marks drawn besides the rows' events (a
    /// marble's marks its run did not send), by instant.
    init<Value>(rows: [Tracer<Value>.Row], end: Time, plot: Double = SVGMarbleDiagram<Int>.defaultPlotWidth, extra: [Int64: Int] = [:]) {
        var times = Set<Int64>([0, end.nanoseconds]).union(extra.keys)
        // Marks a run did not send are each drawn (never one `*`): they take their room.
        var marks: [Int64: Int] = extra
        for row in rows {
            var perLane: [Int64: Int] = [:]
            for (time, _, _) in row.events {
                times.insert(time.nanoseconds)
                perLane[time.nanoseconds, default: 0] += 1
            }
            for subscription in row.subscriptions {
                times.insert(subscription.start.nanoseconds)
                if let end = subscription.end {
                    times.insert(end.nanoseconds)
                    if subscription.cancelled { perLane[end.nanoseconds, default: 0] += 1 }
                }
            }
            // Many values at one instant are one `*`: at most 8 marks and the ends.
            for (time, count) in perLane { marks[time] = max(marks[time] ?? 0, min(count, 11) + (extra[time] ?? 0)) }
        }
        instants = times.sorted()
        position = Dictionary(uniqueKeysWithValues: instants.enumerated().map { ($1, $0) })
        let gaps = zip(instants, instants.dropFirst()).map { Double($1 - $0) }
        // The room each instant's marks take before the next instant may start.
        // (An instant without marks, where a run starts or the picture ends, needs only its tick.)
        let needed = instants.map { marks[$0].map { max(TimeLayout.shortestGap, Double($0) * SVGMarbleDiagram<Int>.slot) } ?? 1 }
        var folded = [Bool](repeating: false, count: gaps.count)
        func foldWidth(_ index: Int) -> Double { max(TimeLayout.foldWidth, needed[index] + 24) }
        // Pixels per nanosecond: enough for the most crowded gap, at least the plot's width.
        func scale() -> Double {
            let open = gaps.indices.filter { !folded[$0] }
            let total = open.map { gaps[$0] }.reduce(0, +)
            let crowded = open.map { needed[$0] / gaps[$0] }.max() ?? 0
            return max(crowded, total > 0 ? plot / total : 0)
        }
        func pictureWidth(_ scale: Double) -> Double {
            gaps.indices.map { folded[$0] ? foldWidth($0) : gaps[$0] * scale }.reduce(0, +)
        }
        var pixels = scale()
        while pictureWidth(pixels) > plot * 1.5 {
            // The longest open gap, when it is an idle stretch (far longer than the gap that
            // sets the scale) and folding it makes the picture narrower.
            let open = gaps.indices.filter { !folded[$0] }
            guard let longest = open.max(by: { gaps[$0] < gaps[$1] }),
                  let crowded = open.max(by: { needed[$0] / gaps[$0] < needed[$1] / gaps[$1] }),
                  gaps[longest] >= 8 * gaps[crowded], gaps[longest] * pixels > 2 * foldWidth(longest) else { break }
            folded[longest] = true
            pixels = scale()
        }
        // Wider than the plot where marks crowd (the picture scrolls), up to a limit; past
        // it, crowded instants push later ones right and the picture says it is not to scale.
        let limit = TimeLayout.widest
        if pictureWidth(pixels) > limit {
            let foldsWidth = gaps.indices.filter { folded[$0] }.map(foldWidth).reduce(0, +)
            let open = gaps.indices.filter { !folded[$0] }.map { gaps[$0] }.reduce(0, +)
            pixels = open > 0 ? max(0, limit - foldsWidth) / open : 0
        }
        let placed = Self.place(instants.count, gaps: gaps, needed: needed, folded: folded, pixels: pixels, foldWidth: foldWidth)
        (starts, folds, segment, toScale, width) = (placed.starts, placed.folds, placed.segment, !placed.pushed, placed.width)
    }

    /// Where each instant starts, given the gaps folded and the scale of the others: a gap
    /// too short for its instant's marks is widened, which pushes the later ones right.
    private static func place(_ count: Int, gaps: [Double], needed: [Double], folded: [Bool], pixels: Double,
                              foldWidth: (Int) -> Double)
        -> (starts: [Double], folds: [(from: Double, to: Double, duration: Int64)], segment: [Int], pushed: Bool, width: Double) {
        var starts: [Double] = []
        var folds: [(from: Double, to: Double, duration: Int64)] = []
        var segment: [Int] = []
        var pushed = false
        var x = 0.0
        for index in 0..<count {
            starts.append(x)
            segment.append(folds.count)
            guard index < gaps.count else { x += needed[index]; break }
            if folded[index] {
                folds.append((x + needed[index], x + foldWidth(index), Int64(gaps[index])))
                x += foldWidth(index)
            } else if gaps[index] * pixels >= needed[index] - 0.05 {
                x += gaps[index] * pixels
            } else {
                x += needed[index]
                pushed = true
            }
        }
        return (starts, folds, segment, pushed, x)
    }

    func index(_ time: Time) -> Int { position[time.nanoseconds] ?? 0 }
    func x(_ index: Int) -> Double { starts[index] }
}

/// The colours of values: given in the order values first appear in a picture, so the
/// same value has the same colour on every row and the first twelve values each their own.
enum Palette {
    static let colours = ["#ffd24d", "#8fd3ff", "#ff9f80", "#a6e3a1", "#d7b8ff", "#ffb3d9",
                          "#9fe0d0", "#f5c26b", "#b5c7ff", "#e6e685", "#ffc2a8", "#c2f0c2"]
}

extension SVGMarbleDiagram {
    /// The text drawn inside a value's marble when the value is short enough to be read
    /// there (`1`, `42`, `"ab"` as `ab`); nil for one drawn by its letter.
    public static func inline(_ shown: String) -> String? {
        var text = shown
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.contains("\\") {
            text = String(text.dropFirst().dropLast())
        }
        // A joiner or another invisible mark would read as something else in a marble (it
        // joins the next character): such a value goes by its letter, its text in the legend.
        guard !text.isEmpty, text.count <= 3, !text.contains(" "), text.unicodeScalars.allSatisfy({ scalar in
            ![.format, .control, .lineSeparator, .paragraphSeparator, .spaceSeparator].contains(scalar.properties.generalCategory)
        }) else { return nil }
        return text
    }
}

/// Text cut or broken only between words.
enum Words {
    /// At most `limit` characters: cut after the last whole word that fits, with `…`
    /// (a single word longer than the limit is cut, as nothing else would fit).
    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let room = text.prefix(max(1, limit - 1))
        if let space = room.lastIndex(of: " "), room.distance(from: room.startIndex, to: space) > limit / 3 {
            return String(room[..<space]) + " …"
        }
        return String(room) + "…"
    }

    /// Lines of at most `width` characters, broken at spaces; the lines after the first
    /// begin with `indent`.
    static func wrapped(_ text: String, width: Int, indent: String = "      ") -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if candidate.count > width, line.contains(where: { $0 != " " }) {
                lines.append(line)
                line = indent + word
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { shortened($0, to: width) }
    }
}

/// One picture being drawn: its scale and columns, the elements so far, the letters given to
/// values, and what the legend will list.
struct SVGCanvas {
    let layout: TimeLayout
    let labelColumns: Int
    let plotLeft: Double
    /// Where the plot ends, right of its last instant.
    let right: Double
    var letters: Letters
    var body: [String] = []
    var errors: [String] = []
    var cancellations: [String] = []
    /// Rows whose runs are not all drawn (`Lanes.hidden`).
    var notes: [String] = []
    /// The top of the next row.
    var y = 88.0
    /// The middle of each row's first lane, by row index: where its inner runs branch from.
    var rowY: [Int: Double] = [:]
    /// Each value's colour (by its full text), given as values first appear.
    private var colours: [String: String] = [:]

    mutating func colour(of value: String) -> String {
        if let given = colours[value] { return given }
        let colour = Palette.colours[colours.count % Palette.colours.count]
        colours[value] = colour
        return colour
    }

    init(layout: TimeLayout, labelColumns: Int, plotLeft: Double, right: Double, letters: Letters) {
        (self.layout, self.labelColumns, self.plotLeft, self.right, self.letters) = (layout, labelColumns, plotLeft, right, letters)
    }

    /// The centre of an instant's first mark: the instant's place on the axis.
    func x(_ instant: Int) -> Double { plotLeft + layout.x(instant) + SVGMarbleDiagram<Int>.radius + 2 }
}

/// Where a row's marks go: marks of one lane at one instant side by side, touching, from
/// the instant's place.
struct MarkPlacer {
    let top: Double
    private var used: [Int64: (offset: Double, half: Double)] = [:]

    init(top: Double) { self.top = top }

    mutating func place(_ time: Time, lane: Int, half: Double = SVGMarbleDiagram<Int>.radius, on canvas: SVGCanvas) -> (x: Double, y: Double) {
        let key = Int64(lane) << 48 | Int64(canvas.layout.index(time))
        let offset = used[key].map { $0.offset + $0.half + 2 + half } ?? 0
        used[key] = (offset, half)
        return (canvas.x(canvas.layout.index(time)) + offset, SVGMarbleDiagram<Int>.laneMiddle(top: top, lane: lane))
    }
}

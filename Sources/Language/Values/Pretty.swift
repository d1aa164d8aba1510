extension Value {
    /// The value laid out for a person at a terminal `width` columns wide, starting at
    /// column `indent`: on one line when it fits; else a record one field per line and a
    /// list one item per line, indented by two, nested values alike, a list cut after
    /// `items` with `… N more`. Lines are never cut inside a word: what does not fit on its
    /// line goes on the next one, and a long text stays whole (the terminal folds it).
    public func pretty(width: Int, indent: Int = 0, items: Int = 3) -> [String] {
        let (flat, complete) = description(upTo: max(8, width - indent))
        if complete, indent + flat.count <= width { return [flat] }
        // Lines are relative to where the value starts; nested ones are indented by two.
        func block(_ open: String, _ close: String, _ entries: [(label: String, value: Value)], more: Int) -> [String] {
            var lines = [open]
            for (index, entry) in entries.enumerated() {
                var nested = entry.value.pretty(width: width, indent: indent + 2 + entry.label.count, items: items)
                nested[0] = entry.label + nested[0]
                if index < entries.count - 1 || more > 0 { nested[nested.count - 1] += "," }
                lines += nested.map { "  " + $0 }
            }
            if more > 0 { lines.append("  … \(more) more") }
            lines.append(close)
            return lines
        }
        switch self {
        case .record(let record):
            return block("{", "}", record.fields.map { (label: "\(Value.fieldName($0.name)): ", value: $0.value) }, more: 0)
        case .list(let list):
            return block("[", "]", list.prefix(items).map { (label: "", value: $0) }, more: max(0, list.count - items))
        default:
            return [printed]
        }
    }

    /// The value in about `limit` characters, its brackets and quotes balanced: what is
    /// left out reads `…` inside them (`{photos: {page: 1, …}, …}`, `["Wa…", …]`), never an
    /// open brace.
    public func shortened(to limit: Int) -> String { shortenedText(limit).text }

    private func shortenedText(_ limit: Int) -> (text: String, complete: Bool) {
        let (text, complete) = description(upTo: limit)
        if complete { return (text, true) }
        func shorten(_ open: String, _ close: String, _ entries: [(label: String, value: Value)]) -> String {
            var text = open
            for (index, entry) in entries.enumerated() {
                let separator = index == 0 ? "" : ", "
                // Room for this entry, leaving ", …" and the closing bracket.
                let room = limit - text.count - separator.count - entry.label.count - 3 - close.count
                guard room >= 4 else { return text + separator + "…" + close }
                let part = entry.value.shortenedText(room)
                text += separator + entry.label + part.text
                if !part.complete { return text + (index < entries.count - 1 ? ", …" : "") + close }
            }
            return text + close
        }
        switch self {
        case .string(let string):
            return (String(Value.quote(String(string.wordPrefix(max(1, limit - 3)))).dropLast()) + "…\"", false)
        case .list(let list):
            return (shorten("[", "]", list.map { (label: "", value: $0) }), false)
        case .record(let record):
            return (shorten("{", "}", record.fields.map { (label: "\(Value.fieldName($0.name)): ", value: $0.value) }), false)
        default:
            return (text, false)
        }
    }

    /// A record's field as the language writes it: bare when it is a name, quoted otherwise.
    static func fieldName(_ name: String) -> String {
        let isName = name.first.map { $0.isLetter || $0 == "_" } == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return isName ? name : Value.string(name).description
    }
}

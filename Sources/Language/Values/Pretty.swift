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

    /// A record's field as the language writes it: bare when it is a name, quoted otherwise.
    static func fieldName(_ name: String) -> String {
        let isName = name.first.map { $0.isLetter || $0 == "_" } == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return isName ? name : Value.string(name).description
    }
}

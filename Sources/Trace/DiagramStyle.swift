/// How marble diagrams are drawn in a terminal.
public struct DiagramStyle: Sendable {
    /// `─` for passing time instead of `-`.
    public var unicode: Bool
    public var width: Int
    /// ANSI colours: ends and cancellations red, values bold, time dim.
    public var color: Bool
    /// Nothing but ASCII in what is printed around the diagrams too (`--ascii`, or a
    /// locale that is not UTF-8): `>>` and `...` for `»` and `…`.
    public var ascii: Bool

    public init(unicode: Bool = false, width: Int = 100, color: Bool = false, ascii: Bool = false) {
        self.unicode = unicode
        self.width = width
        self.color = color
        self.ascii = ascii
    }
}

/// What every value of the rows reads as in full, in order (for `Letters(reserving:)`).
func valueDescriptions<Value>(_ rows: [Tracer<Value>.Row], _ describe: (Value) -> String) -> [String] {
    rows.flatMap { row in row.events.compactMap { item -> String? in
        if case .next(let value) = item.event { return describe(value) }
        return nil
    } }
}

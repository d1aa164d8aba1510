/// Where two texts differ, shown so a reader sees the difference however long they are.
public enum TextDifference {
    /// The offset, in characters, of the first character where `a` and `b` differ; nil
    /// when they are equal.
    public static func first(_ a: String, _ b: String) -> Int? {
        var offset = 0
        var left = a.makeIterator(), right = b.makeIterator()
        while true {
            let x = left.next(), y = right.next()
            if x == nil, y == nil { return nil }
            if x != y { return offset }
            offset += 1
        }
    }

    /// `text` with the middle left out: its beginning, and `radius` characters either side
    /// of `offset` (`"aaaaaaaaaa…aaaaaaaaaa1"`).
    /// `head`: how many characters of the beginning to show (none: only `…`).
    public static func excerpt(_ text: String, around offset: Int, radius: Int = 10, head: Int = 10) -> String {
        let characters = Array(text)
        let from = max(0, offset - radius), to = min(characters.count, offset + radius + 1)
        let head = from > head ? String(characters.prefix(head)) + "…" : String(characters.prefix(from))
        return head + String(characters[from..<to]) + (to < characters.count ? "…" : "")
    }
}

extension String {
    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

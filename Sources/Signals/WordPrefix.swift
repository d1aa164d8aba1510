extension StringProtocol {
    /// At most `limit` characters of the text, cut after a whole word when one ends in the
    /// last third of them (a legend reads "…when it is…", never "…when it is the…" cut
    /// mid-word); the text itself when it is that short.
    public func wordPrefix(_ limit: Int) -> SubSequence {
        let cut = prefix(limit)
        guard cut.endIndex != endIndex, self[cut.endIndex] != " " else { return cut }
        guard let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) >= limit * 2 / 3 else { return cut }
        var end = space
        // No trailing punctuation before the `…` that follows.
        while end > cut.startIndex, ",;:".contains(cut[cut.index(before: end)]) { end = cut.index(before: end) }
        return cut[..<end]
    }
}

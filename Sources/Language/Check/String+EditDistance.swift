extension String {
    /// Damerau–Levenshtein distance (with adjacent transpositions): `swichMap` is one edit
    /// from `switchMap`, `fitler` one from `filter`.
    func editDistance(to other: String) -> Int {
        let a = Array(lowercased()), b = Array(other.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

/// The closest candidate to a misspelled name, if one is close enough to be a likely
/// typo (Elm's `Reporting/Suggest.hs` in spirit).
public func suggestion(for name: String, among candidates: [String]) -> String? {
    let limit = max(1, name.count / 3)
    let scored = candidates.map { ($0, name.editDistance(to: $0)) }.filter { $0.1 <= limit }
    return scored.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
}

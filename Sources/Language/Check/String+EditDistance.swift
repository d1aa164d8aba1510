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
/// typo (Elm's `Reporting/Suggest.hs` in spirit): at most a third of the name's length
/// away. The distance costs the product of the two lengths, so a name longer than
/// `longestSuggestedName` gets none, and a candidate whose length alone differs by more
/// than the accepted distance is not measured.
public func suggestion(for name: String, among candidates: [String]) -> String? {
    let length = name.count
    guard length <= longestSuggestedName else { return nil }
    let limit = max(1, length / 3)
    // Counted no further than could be close, so a long candidate costs no more than a short one.
    let near = candidates.filter { abs($0.prefix(length + limit + 1).count - length) <= limit }
    let scored = near.map { ($0, name.editDistance(to: $0)) }.filter { $0.1 <= limit }
    return scored.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
}

/// Longer names are no typo of a name anyone would type, and get no suggestion.
let longestSuggestedName = 64

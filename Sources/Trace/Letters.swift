/// Gives each distinct value a letter: values are told apart by their full text, not by
/// the shortened one a legend shows. A one-character string keeps its own mark (`"x"` is
/// drawn `x`, as in the marble that made it), so a row can be read against the source and
/// pasted into an `expect`; other values get the first free letter in order of
/// appearance. Every letter drawn has a legend entry (`x = "x"` too: a reader cannot tell
/// a string from a letter chosen for a value). Past `limit` of them, values are drawn `?`.
/// The trace and `frp test`'s failures both name values with it, so a value has the same
/// letter in both.
public struct Letters {
    private var assignedLetters: [String: Character] = [:]
    private var taken = Set<Character>()
    private var order: [(letter: Character, full: String, short: String)] = []
    /// Values drawn `?`: no letter left for them.
    private var unlettered = Set<String>()
    /// The marks the script named, and those of them drawn, for the legend.
    private var namedMarks = Set<Character>()
    private var namedDrawn: [(letter: Character, short: String)] = []
    /// One-character strings drawn as themselves.
    private var ownDrawn: [(letter: Character, short: String)] = []
    private var ownMarks = Set<Character>()
    private let legendsNamed: Bool
    private let limit: Int
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    static let noLetter: Character = "?"

    /// `descriptions`: every value the drawing will show, in full, so their own marks are
    /// kept for them before any other value takes one. `named`: marks a script gave values
    /// (an `expect`'s VALUES, `{a: 1}`), which come first and need no legend.
    /// `legendsNamed`: whether the legend lists the named marks drawn too (a trace, whose
    /// row labels cut the script's VALUES short; a test failure's expect shows them whole).
    public init<Descriptions: Sequence<String>>(reserving descriptions: Descriptions, limit: Int = 26,
                                                named: [(mark: Character, full: String)] = [], legendsNamed: Bool = false) {
        self.limit = limit
        self.legendsNamed = legendsNamed
        for (mark, full) in named where assignedLetters[full] == nil && !taken.contains(mark) {
            assignedLetters[full] = mark
            taken.insert(mark)
            namedMarks.insert(mark)
        }
        for description in descriptions {
            guard assignedLetters[description] == nil, let mark = Letters.ownMark(description), !taken.contains(mark) else { continue }
            assignedLetters[description] = mark
            taken.insert(mark)
            ownMarks.insert(mark)
        }
    }

    /// `"x"` → x: a string of one letter or digit (how marble sources make values).
    static func ownMark(_ description: String) -> Character? {
        // Its marks are ASCII: any other length is no mark (and a long text is not copied).
        guard description.utf8.count == 3 else { return nil }
        let characters = Array(description)
        guard characters.count == 3, characters[0] == "\"", characters[2] == "\"",
              alphabet.contains(characters[1]) else { return nil }
        return characters[1]
    }

    /// The value's letter: `full` tells values apart, `short` is what the legend shows.
    public mutating func letter(full: String, short: String) -> Character {
        if let letter = assignedLetters[full] {
            if legendsNamed, namedMarks.contains(letter), !namedDrawn.contains(where: { $0.letter == letter }) {
                namedDrawn.append((letter, short))
            }
            if ownMarks.contains(letter), !ownDrawn.contains(where: { $0.letter == letter }) {
                ownDrawn.append((letter, short))
            }
            return letter
        }
        guard order.count < limit, let letter = Letters.alphabet.first(where: { !taken.contains($0) }) else {
            unlettered.insert(full)
            return Letters.noLetter
        }
        assignedLetters[full] = letter
        taken.insert(letter)
        order.append((letter, full, short))
        return letter
    }

    /// Every value given a letter so far, and its letter (a trace drawn after a comparison
    /// starts from them, so a letter means one thing on the screen).
    public var assigned: [(mark: Character, full: String)] {
        self.assignedLetters.sorted { $0.value < $1.value }.map { (mark: $0.value, full: $0.key) }
    }

    /// An entry for every letter drawn. Where two values read the same shortened, each
    /// also shows its text around the first character where they differ.
    public func legend() -> [String] {
        var lettered = (namedDrawn + ownDrawn).map { (letter: $0.letter, text: "\($0.letter) = \($0.short)") }
        lettered += order.map { entry -> (letter: Character, text: String) in
            let twins = order.filter { $0.short == entry.short && $0.full != entry.full }
            guard let at = twins.compactMap({ TextDifference.first(entry.full, $0.full) }).max() else {
                return (entry.letter, "\(entry.letter) = \(entry.short)")
            }
            // A shortened text shows its beginning and where it differs; another (a
            // record by one field) is followed by the place where it differs.
            // (a text cut short ends `…` or, quoted, `…"`).
            let cut = entry.short.hasSuffix("…\"") ? 2 : entry.short.hasSuffix("…") ? 1 : 0
            let shown = cut > 0 && entry.full.hasPrefix(entry.short.dropLast(cut))
                ? TextDifference.excerpt(entry.full, around: at)
                : "\(entry.short) (\(TextDifference.excerpt(entry.full, around: at, head: 0)))"
            return (entry.letter, "\(entry.letter) = \(shown)")
        }
        // In the alphabet's order (a–z, A–Z, 0–9), whoever chose the letter.
        let place = Dictionary(uniqueKeysWithValues: Letters.alphabet.enumerated().map { ($1, $0) })
        var entries = lettered.sorted { (place[$0.letter] ?? 99) < (place[$1.letter] ?? 99) }.map(\.text)
        if !unlettered.isEmpty {
            entries.append("\(Letters.noLetter) = one of \(unlettered.count) more values (only \(limit) get letters)")
        }
        return entries
    }
}

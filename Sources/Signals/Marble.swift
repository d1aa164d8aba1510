/// A marble diagram in RxJS TestScheduler run-mode syntax: one character is one frame,
/// one frame is 1 ms of virtual time.
///
///     -   one frame passes            a..z A..Z 0..9   a value (its mark)
///     |   completed                   #   error
///     (ab)  events at one frame; the group takes its full width in time
///     ^   in a hot marble: the subscription point, frame zero
///     10ms, 2s   time progression between spaces; other spaces are ignored
public struct Marble: Equatable, Sendable {
    public enum Mark: Equatable, Sendable {
        case value(Character)
        case completed
        case error
    }

    public struct Entry: Equatable, Sendable {
        /// Frames from the subscription point.
        public var frame: Int
        public var mark: Mark
        /// Where the mark is in the marble text (0-based, in characters), for diagnostics.
        public var offset: Int

        public init(frame: Int, mark: Mark, offset: Int = 0) {
            self.frame = frame
            self.mark = mark
            self.offset = offset
        }
    }

    public var entries: [Entry]
    /// Frames from the subscription point to the end of the marble.
    public var width: Int
    /// Whether the marble has a `^`.
    public var hasSubscriptionPoint: Bool
    /// Whether frames pass after its last mark (`-a--`, `a 5ms`): an expected marble
    /// that ends so looks only within its width; one that ends with a value looks on.
    public var endsWithSilence = false
    /// The text it was read from (`frp export` writes it as it was written); "" for a
    /// marble made otherwise. Not part of what makes two marbles equal.
    public var written = ""

    public init(entries: [Entry], width: Int, hasSubscriptionPoint: Bool = false) {
        self.entries = entries
        self.width = width
        self.hasSubscriptionPoint = hasSubscriptionPoint
    }

    /// Whether the marble ends with `|` or `#`.
    public var terminates: Bool {
        entries.contains { $0.mark.isTerminal }
    }
}

extension Marble.Mark {
    public var isTerminal: Bool {
        if case .value = self { return false }
        return true
    }

    /// The character that draws this mark.
    public var character: Character {
        switch self {
        case .value(let mark): return mark
        case .completed: return "|"
        case .error: return "#"
        }
    }
}

/// A mistake in a marble, at a character offset of its text.
public struct MarbleError: Error, Equatable, Sendable {
    public var message: String
    public var offset: Int
    public var length: Int
    public var hint: String?

    public init(_ message: String, offset: Int, length: Int = 1, hint: String? = nil) {
        self.message = message
        self.offset = offset
        self.length = length
        self.hint = hint
    }
}

extension Marble {
    public enum Kind: Sendable { case cold, hot, expected }

    /// Parses a marble; `kind` decides whether `^` is allowed (hot sources only).
    public static func parse(_ text: String, kind: Kind = .expected) throws(MarbleError) -> Marble {
        var parser = MarbleParser(Array(text), kind: kind)
        var marble = try parser.parse()
        marble.written = text
        return marble
    }

    public static func == (a: Marble, b: Marble) -> Bool {
        a.entries == b.entries && a.width == b.width && a.hasSubscriptionPoint == b.hasSubscriptionPoint
            && a.endsWithSilence == b.endsWithSilence
    }

    /// A piece of a marble as written: a `-` run, a time progression, a mark, a group, the
    /// subscription point; with the frames it covers (from the subscription point).
    public struct Token: Equatable, Sendable {
        public enum Kind: Sendable { case frames, progression, mark, group, subscription }
        public var kind: Kind
        /// As written, without spaces.
        public var text: String
        public var frame: Int
        public var width: Int
    }

    /// The marble's tokens in order, as the parser reads them (a comparison quotes the
    /// marble as written: `MarbleComparison`).
    public static func tokens(_ text: String, kind: Kind = .expected) throws(MarbleError) -> [Token] {
        var parser = MarbleParser(Array(text), kind: kind)
        _ = try parser.parse()
        return parser.tokens
    }
}

struct MarbleParser {
    let characters: [Character]
    let kind: Marble.Kind
    var offset = 0
    var frame = 0
    var groupStart: (frame: Int, offset: Int)?
    var subscriptionFrame: Int?
    var entries: [Marble.Entry] = []
    var terminal: (offset: Int, mark: Marble.Mark)?
    /// Frames have passed since the last mark.
    var silent = false
    /// What was read, piece by piece (`Marble.tokens`).
    var tokens: [Marble.Token] = []

    init(_ characters: [Character], kind: Marble.Kind) {
        self.characters = characters
        self.kind = kind
    }

    mutating func parse() throws(MarbleError) -> Marble {
        while offset < characters.count {
            let character = characters[offset]
            if character == " " {
                offset += 1
                let start = offset
                if let progression = try timeProgression() {
                    record(.progression, from: start, frames: progression)
                    frame += progression
                    silent = true
                }
                continue
            }
            if offset == 0, let progression = try timeProgression() {
                record(.progression, from: 0, frames: progression)
                frame += progression
                silent = true
                continue
            }
            let (before, inGroup) = (frame, groupStart)
            try step(character)
            switch character {
            case "(": break
            case ")": if let inGroup { record(.group, from: inGroup.offset, to: offset + 1, frame: inGroup.frame, frames: frame - inGroup.frame) }
            case _ where inGroup != nil: break
            case "-":
                if let last = tokens.last, last.kind == .frames, last.frame + last.width == before {
                    tokens[tokens.count - 1].width += 1
                    tokens[tokens.count - 1].text += "-"
                } else {
                    record(.frames, from: offset, to: offset + 1, frame: before, frames: 1)
                }
            case "^": record(.subscription, from: offset, to: offset + 1, frame: before, frames: 1)
            default: record(.mark, from: offset, to: offset + 1, frame: before, frames: 1)
            }
            silent = character == "-" || (character == "^" && silent)
            offset += 1
        }
        if let groupStart {
            throw MarbleError("this group is never closed", offset: groupStart.offset,
                              hint: "add `)` after the events that happen together")
        }
        let zero = subscriptionFrame ?? 0
        for index in tokens.indices { tokens[index].frame -= zero }
        let shifted = entries.map { Marble.Entry(frame: $0.frame - zero, mark: $0.mark, offset: $0.offset) }
        var marble = Marble(entries: shifted, width: frame - zero, hasSubscriptionPoint: subscriptionFrame != nil)
        marble.endsWithSilence = silent
        return marble
    }

    /// A token of the text from `start` to `end` (the offset now when not given), spaces
    /// left out, covering `frames` from `frame` (the frame now when not given).
    private mutating func record(_ kind: Marble.Token.Kind, from start: Int, to end: Int? = nil, frame first: Int? = nil, frames: Int) {
        let text = String(characters[start..<(end ?? offset)].filter { $0 != " " })
        tokens.append(Marble.Token(kind: kind, text: text, frame: first ?? frame, width: frames))
    }

    private mutating func step(_ character: Character) throws(MarbleError) {
        switch character {
        case "-":
            if groupStart != nil {
                throw MarbleError("a group cannot contain `-`", offset: offset,
                                  hint: "a group is one frame: put only events inside `(` `)`")
            }
            frame += 1
        case "(":
            if groupStart != nil {
                throw MarbleError("groups cannot be nested", offset: offset)
            }
            groupStart = (frame, offset)
            frame += 1
        case ")":
            guard groupStart != nil else {
                throw MarbleError("this `)` closes no group", offset: offset, hint: "remove it, or open the group with `(`")
            }
            groupStart = nil
            frame += 1
        case "^":
            guard kind == .hot else {
                throw MarbleError("only a hot marble has a subscription point `^`", offset: offset,
                                  hint: kind == .cold ? "use `hot` for a source that runs before it is subscribed" : nil)
            }
            guard subscriptionFrame == nil else {
                throw MarbleError("a marble has one subscription point `^`, this is the second", offset: offset)
            }
            subscriptionFrame = groupStart?.frame ?? frame
            frame += 1
        case "|", "#":
            try add(character == "|" ? .completed : .error)
        default:
            guard character.isASCII, character.isLetter || character.isNumber else {
                throw MarbleError("I do not know the marble mark `\(character)`", offset: offset,
                                  hint: Self.drawnMarks[character] ?? "values are letters or digits; `-` is a frame, `|` completes, `#` fails")
            }
            try add(.value(character))
        }
    }

    /// The marks a drawn diagram uses that a marble writes otherwise: a row pasted back
    /// gets the mark to write instead.
    private static let drawnMarks: [Character: String] = [
        "─": "a drawing's `─` is written `-` in a marble: one frame",
        "━": "a drawing's `━` is written `-` in a marble: one frame",
        "—": "write `-` for a frame (this is a dash, not a hyphen)",
        "–": "write `-` for a frame (this is a dash, not a hyphen)",
        "!": "`!` is a drawing's mark for a cancelled stage; a marble ends with `|` or `#`, or simply stops",
    ]

    private mutating func add(_ mark: Marble.Mark) throws(MarbleError) {
        if let terminal {
            throw MarbleError("nothing can happen after `\(terminal.mark.character)`", offset: offset,
                              hint: "a signal ends at its first `|` or `#`")
        }
        entries.append(Marble.Entry(frame: groupStart?.frame ?? frame, mark: mark, offset: offset))
        if mark.isTerminal { terminal = (offset, mark) }
        frame += 1
    }

    /// `10ms`, `1.5s`, `2m` followed by a space or the end: a number of frames, or nil
    /// (and nothing consumed) when the text here is not a time progression. A part of a
    /// frame (`0.5ms`) is an error, not rounded: frames are whole milliseconds.
    private mutating func timeProgression() throws(MarbleError) -> Int? {
        var index = offset
        var digits = ""
        while index < characters.count, characters[index].isASCII,
              characters[index].isNumber || characters[index] == "." {
            digits.append(characters[index])
            index += 1
        }
        guard !digits.isEmpty else { return nil }
        var unit = ""
        while index < characters.count, characters[index].isASCII, characters[index].isLetter {
            unit.append(characters[index])
            index += 1
        }
        guard index == characters.count || characters[index] == " " else { return nil }
        let millisecondsPerUnit: Double
        switch unit {
        case "ms": millisecondsPerUnit = 1
        case "s": millisecondsPerUnit = 1000
        case "m": millisecondsPerUnit = 60_000
        default: return nil
        }
        guard let amount = Double(digits) else {
            throw MarbleError("`\(digits)\(unit)` is not a time", offset: offset, length: index - offset)
        }
        if groupStart != nil {
            throw MarbleError("time cannot pass inside a group", offset: offset, length: index - offset)
        }
        let milliseconds = amount * millisecondsPerUnit
        guard milliseconds == milliseconds.rounded() else {
            throw MarbleError("`\(digits)\(unit)` is not a whole number of frames (one frame is 1ms)",
                              offset: offset, length: index - offset, hint: "write a whole number of milliseconds, like `1ms` or `2ms`")
        }
        guard milliseconds <= Double(TimeSpan.longestMilliseconds - frame) else {
            throw MarbleError("`\(digits)\(unit)` takes the marble past the longest time I can schedule",
                              offset: offset, length: index - offset, hint: "a marble spans at most about 30 years")
        }
        offset = index
        return Int(milliseconds)
    }
}

// MARK: Drawing

extension Marble {
    /// Draws entries as marble text: events of one frame as a group, gaps as `-` (or as a
    /// time progression like `3800ms` when longer than 20 frames). Frames must be
    /// ascending. `width` pads with `-` to that many frames.
    public static func draw(_ entries: [Entry], width: Int? = nil) -> String {
        drawAligned([entries], width: width)[0]
    }

    /// Draws several marbles one above the other so that their columns line up: a wait
    /// longer than 20 frames in which none of them has an event is folded into the same
    /// time progression on every line (`a 2000ms b` over `a 2000ms c`), never thousands
    /// of `-`. `width` pads each line that has not ended (`|`, `#`) to that many frames,
    /// folding its end the same way.
    public static func drawAligned(_ lines: [[Entry]], width: Int? = nil) -> [String] {
        let folds = commonFolds(lines, width: width)
        return lines.map { entries in
            var text = ""
            var position = 0
            var nextFold = 0
            // Pads to `frame`, folding every common fold on the way.
            func advance(to frame: Int) {
                while nextFold < folds.count, folds[nextFold].end <= frame {
                    let fold = folds[nextFold]
                    nextFold += 1
                    guard fold.start >= position else { continue }
                    text += String(repeating: "-", count: fold.start - position)
                    text += (text.isEmpty ? "" : " ") + "\(fold.end - fold.start)ms "
                    position = fold.end
                }
                if frame > position {
                    text += String(repeating: "-", count: frame - position)
                    position = frame
                }
            }
            for (frame, group) in groups(entries) {
                advance(to: frame)
                if group.count == 1 {
                    text.append(group[0].character)
                } else {
                    text += "(" + String(group.map(\.character)) + ")"
                }
                position += groupWidth(group.count)
            }
            let ended = entries.contains { $0.mark == .completed || $0.mark == .error }
            if let width, !ended { advance(to: width) }
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The waits longer than 20 frames in which no line has an event: from where the
    /// widest line's last group ends to the next event of any line (or `width`).
    private static func commonFolds(_ lines: [[Entry]], width: Int?) -> [(start: Int, end: Int)] {
        var ends: [Int: Int] = [:]  // frame → where the widest group at that frame ends
        for entries in lines {
            for (frame, group) in groups(entries) {
                ends[frame] = max(ends[frame] ?? 0, frame + groupWidth(group.count))
            }
        }
        var folds: [(start: Int, end: Int)] = []
        var cursor = 0
        for frame in ends.keys.sorted() + (width.map { [$0] } ?? []) {
            if frame - cursor > 20 { folds.append((cursor, frame)) }
            cursor = max(cursor, ends[frame] ?? frame)
        }
        return folds
    }

    /// A group of `count` events takes one frame per character: `a`, or `(ab)`.
    private static func groupWidth(_ count: Int) -> Int { count == 1 ? 1 : count + 2 }

    /// Entries of one frame together, in order.
    private static func groups(_ entries: [Entry]) -> [(frame: Int, marks: [Mark])] {
        var result: [(frame: Int, marks: [Mark])] = []
        for entry in entries {
            if let last = result.last, last.frame == entry.frame {
                result[result.count - 1].marks.append(entry.mark)
            } else {
                result.append((entry.frame, [entry.mark]))
            }
        }
        return result
    }
}

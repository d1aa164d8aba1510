/// A whole-string regular expression (`text matches "[a-zA-Z0-9_]{6,16}"`), compiled once
/// into an automaton that is run by keeping the set of states it can be in: the time is
/// the text's length times the pattern's size at most, never exponential. (A backtracking
/// matcher, like Swift's `Regex`, takes minutes on `"aaaaaaaaaaaaaaaaaaaaaa!" matches
/// "(a+)+b"` — found by fuzzing — and cannot be interrupted.)
///
/// The syntax: a character stands for itself; `.` is any character but a newline;
/// `[abc]`, `[a-z]`, `[^...]`; `\d \w \s` and `\D \W \S`; `\` before any other
/// character takes it literally; `( )` and `(?: )` group; `|` separates alternatives;
/// `* + ?`, `{n}`, `{n,}` and `{n,m}` repeat (a `?` after them, lazy, changes nothing
/// for a whole match); `^` and `$` match at the ends. Back-references and look-arounds
/// are not regular, so they are not here.
public struct Pattern: Sendable {
    private let program: [Instruction]

    /// More instructions than this (`(a{100}){100}`) is refused: the pattern's size is a
    /// factor of every match's time.
    static let sizeLimit = 2_000
    /// Groups nested deeper than this are refused (the parser recurses once per level).
    static let nestingLimit = 100

    public init(_ pattern: String) throws(EvaluationFailure) {
        var parser = PatternParser(Array(pattern))
        do throws(PatternError) {
            let tree = try parser.parseWhole()
            var compiler = PatternCompiler()
            try compiler.emit(tree)
            compiler.program.append(.match)
            program = compiler.program
        } catch {
            throw .badPattern(pattern, error.message)
        }
    }

    /// Whether the whole text matches. A long text asks `Interruption` every 4,096
    /// characters: its time is the text's length times the pattern's size.
    public func matches(_ text: String) throws(EvaluationFailure) -> Bool {
        let characters = Array(text)
        var states = StateSet(size: program.count)
        var next = StateSet(size: program.count)
        states.add(0, of: program, at: 0, length: characters.count)
        for (position, character) in characters.enumerated() {
            if position & 4095 == 4095 { try Interruption.check() }
            next.clear()
            for index in states.members {
                if case .character(let matcher) = program[index], matcher.matches(character) {
                    next.add(index + 1, of: program, at: position + 1, length: characters.count)
                }
            }
            swap(&states, &next)
            if states.members.isEmpty { return false }
        }
        return states.members.contains { if case .match = program[$0] { return true } else { return false } }
    }
}

// MARK: The automaton

enum Instruction: Sendable {
    case character(CharacterMatcher)
    /// Go on at both places.
    case split(Int, Int)
    case jump(Int)
    /// `^`, `$`: go on only at the start, or the end, of the text.
    case atStart, atEnd
    case match
}

enum CharacterMatcher: Sendable {
    case literal(Character)
    case anyButNewline
    case set([ClassItem], negated: Bool)

    func matches(_ character: Character) -> Bool {
        switch self {
        case .literal(let literal): return character == literal
        case .anyButNewline: return character != "\n"
        case .set(let items, let negated): return items.contains { $0.matches(character) } != negated
        }
    }
}

enum ClassItem: Sendable {
    case character(Character)
    /// By Unicode scalar value.
    case range(UInt32, UInt32)
    case digit(negated: Bool), word(negated: Bool), space(negated: Bool)

    func matches(_ character: Character) -> Bool {
        switch self {
        case .character(let item): return character == item
        case .range(let low, let high):
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
            return (low...high).contains(scalar.value)
        case .digit(let negated): return (character.unicodeScalars.first?.properties.numericType == .decimal) != negated
        case .word(let negated): return (character.isLetter || character.isNumber || character == "_") != negated
        case .space(let negated): return character.isWhitespace != negated
        }
    }
}

/// The states the automaton can be in after some characters (Thompson's construction,
/// as in Russ Cox's "Regular Expression Matching Can Be Simple And Fast").
private struct StateSet {
    private(set) var members: [Int] = []
    /// Which instructions are in (or were passed through) since the last `clear`.
    private var visited: [Bool]
    private var pending: [Int] = []

    init(size: Int) {
        visited = Array(repeating: false, count: size)
    }

    mutating func clear() {
        for index in members { visited[index] = false }
        members.removeAll(keepingCapacity: true)
        for index in passed { visited[index] = false }
        passed.removeAll(keepingCapacity: true)
    }

    /// Instructions passed through without reading (splits, jumps, anchors).
    private var passed: [Int] = []

    /// Adds a state and every state reachable from it without reading a character.
    mutating func add(_ first: Int, of program: [Instruction], at position: Int, length: Int) {
        pending.append(first)
        while let index = pending.popLast() {
            guard !visited[index] else { continue }
            visited[index] = true
            switch program[index] {
            case .jump(let target): passed.append(index); pending.append(target)
            case .split(let first, let second): passed.append(index); pending.append(second); pending.append(first)
            case .atStart: passed.append(index); if position == 0 { pending.append(index + 1) }
            case .atEnd: passed.append(index); if position == length { pending.append(index + 1) }
            case .character, .match: members.append(index)
            }
        }
    }
}

// MARK: Parsing

struct PatternError: Error {
    let message: String
}

indirect enum PatternNode {
    case character(CharacterMatcher)
    case atStart, atEnd
    case sequence([PatternNode])
    case alternatives([PatternNode])
    /// At least `minimum`, at most `maximum` (nil: no limit) times.
    case repeated(PatternNode, minimum: Int, maximum: Int?)
}

/// alternatives -> sequence { '|' sequence }     sequence -> { atom [quantifier] }
private struct PatternParser {
    let characters: [Character]
    var offset = 0
    var depth = 0

    init(_ characters: [Character]) { self.characters = characters }

    mutating func parseWhole() throws(PatternError) -> PatternNode {
        let node = try parseAlternatives()
        if offset < characters.count {
            throw PatternError(message: "the `)` at character \(offset + 1) closes no group")
        }
        return node
    }

    private var current: Character? { offset < characters.count ? characters[offset] : nil }

    private mutating func parseAlternatives() throws(PatternError) -> PatternNode {
        var alternatives = [try parseSequence()]
        while current == "|" {
            offset += 1
            alternatives.append(try parseSequence())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternatives(alternatives)
    }

    private mutating func parseSequence() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let character = current, character != "|", character != ")" {
            let atom = try parseAtom()
            items.append(try parseQuantifier(atom))
        }
        return .sequence(items)
    }

    private mutating func parseAtom() throws(PatternError) -> PatternNode {
        guard let character = current else { throw PatternError(message: "it ends too early") }
        offset += 1
        switch character {
        case "(":
            depth += 1
            guard depth <= Pattern.nestingLimit else {
                throw PatternError(message: "its groups nest more than \(Pattern.nestingLimit) deep")
            }
            if current == "?" {
                guard offset + 1 < characters.count, characters[offset + 1] == ":" else {
                    throw PatternError(message: "`(?` is only known as `(?:`, a group")
                }
                offset += 2
            }
            let inner = try parseAlternatives()
            guard current == ")" else { throw PatternError(message: "a `(` is never closed") }
            offset += 1
            depth -= 1
            return inner
        case "[": return .character(try parseClass())
        case ".": return .character(.anyButNewline)
        case "^": return .atStart
        case "$": return .atEnd
        case "\\": return .character(try parseEscape(inClass: false))
        case "*", "+", "?":
            throw PatternError(message: "`\(character)` at character \(offset) repeats nothing")
        default: return .character(.literal(character))
        }
    }

    private mutating func parseEscape(inClass: Bool) throws(PatternError) -> CharacterMatcher {
        guard let escaped = current else { throw PatternError(message: "it ends with a lone `\\`") }
        offset += 1
        switch escaped {
        case "d": return .set([.digit(negated: false)], negated: false)
        case "D": return .set([.digit(negated: true)], negated: false)
        case "w": return .set([.word(negated: false)], negated: false)
        case "W": return .set([.word(negated: true)], negated: false)
        case "s": return .set([.space(negated: false)], negated: false)
        case "S": return .set([.space(negated: true)], negated: false)
        case "n": return .literal("\n")
        case "t": return .literal("\t")
        default:
            guard !escaped.isLetter, !escaped.isNumber else {
                throw PatternError(message: "I do not know the escape `\\\(escaped)`")
            }
            return .literal(escaped)
        }
    }

    /// class -> '[' ['^'] item { item } ']'     item -> CHAR ['-' CHAR] | '\' ESCAPE
    private mutating func parseClass() throws(PatternError) -> CharacterMatcher {
        var negated = false
        if current == "^" { negated = true; offset += 1 }
        var items: [ClassItem] = []
        var first = true
        while let character = current, character != "]" || first {
            first = false
            offset += 1
            var item: ClassItem
            if character == "\\" {
                switch try parseEscape(inClass: true) {
                case .literal(let literal): item = .character(literal)
                case .set(let inner, _): items += inner; continue
                case .anyButNewline: continue
                }
            } else {
                item = .character(character)
            }
            if current == "-", offset + 1 < characters.count, characters[offset + 1] != "]",
               case .character(let low) = item {
                offset += 1
                var high = characters[offset]
                offset += 1
                if high == "\\" {
                    guard case .literal(let escaped) = try parseEscape(inClass: true) else {
                        throw PatternError(message: "a range cannot end with a class like `\\d`")
                    }
                    high = escaped
                }
                guard let lowValue = low.unicodeScalars.first?.value, let highValue = high.unicodeScalars.first?.value,
                      lowValue <= highValue else {
                    throw PatternError(message: "the range `\(low)-\(high)` is backwards")
                }
                item = .range(lowValue, highValue)
            }
            items.append(item)
        }
        guard current == "]" else { throw PatternError(message: "a `[` is never closed") }
        offset += 1
        return .set(items, negated: negated)
    }

    private mutating func parseQuantifier(_ atom: PatternNode) throws(PatternError) -> PatternNode {
        var node = atom
        while let character = current {
            let minimum: Int, maximum: Int?
            switch character {
            case "*": minimum = 0; maximum = nil; offset += 1
            case "+": minimum = 1; maximum = nil; offset += 1
            case "?": minimum = 0; maximum = 1; offset += 1
            case "{":
                guard let (low, high) = try parseCount() else { return node }
                minimum = low; maximum = high
            default: return node
            }
            if current == "?" { offset += 1 }  // lazy: the same for a whole match
            node = .repeated(node, minimum: minimum, maximum: maximum)
        }
        return node
    }

    /// `{n}`, `{n,}`, `{n,m}`; nil (and nothing read) when the `{` is not a count.
    private mutating func parseCount() throws(PatternError) -> (Int, Int?)? {
        var index = offset + 1
        func number() -> Int? {
            var digits = ""
            while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                digits.append(characters[index])
                index += 1
            }
            return digits.isEmpty ? nil : Int(digits.prefix(6))
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if index < characters.count, characters[index] == "," {
            index += 1
            high = number()
        }
        guard index < characters.count, characters[index] == "}" else { return nil }
        if let high, high < low { throw PatternError(message: "`{\(low),\(high)}` repeats at most fewer times than at least") }
        if max(low, high ?? 0) > Pattern.sizeLimit {
            throw PatternError(message: "it repeats something more than \(Pattern.sizeLimit) times")
        }
        offset = index + 1
        return (low, high)
    }
}

// MARK: Compiling

private struct PatternCompiler {
    var program: [Instruction] = []
    /// Nodes emitted: repeating a group that matches nothing (`((){2000}){2000}`) adds no
    /// instruction, but takes time.
    private var emitted = 0

    mutating func emit(_ node: PatternNode) throws(PatternError) {
        emitted += 1
        guard program.count <= Pattern.sizeLimit, emitted <= 50 * Pattern.sizeLimit else {
            throw PatternError(message: "it is too big once its repetitions are written out (more than \(Pattern.sizeLimit) steps)")
        }
        switch node {
        case .character(let matcher): program.append(.character(matcher))
        case .atStart: program.append(.atStart)
        case .atEnd: program.append(.atEnd)
        case .sequence(let items):
            for item in items { try emit(item) }
        case .alternatives(let alternatives):
            // split L1, next; L1: first; jump end; next: split L2, ... ; last
            var jumps: [Int] = []
            for (index, alternative) in alternatives.enumerated() {
                if index < alternatives.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    try emit(alternative)
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(alternative)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let inner, let minimum, let maximum):
            for _ in 0..<minimum { try emit(inner) }
            if let maximum {
                // Each optional copy: split into it, or past all of them.
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(program.count)
                    program.append(.split(0, 0))
                    try emit(inner)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                // loop: split body, end; body; jump loop
                let loop = program.count
                program.append(.split(loop + 1, 0))
                try emit(inner)
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }
}

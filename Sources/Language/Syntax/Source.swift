/// A program's text, with the offsets of its lines so a position can be shown.
public struct Source: Sendable, Equatable {
    public static func == (a: Source, b: Source) -> Bool {
        a.name == b.name && a.firstLine == b.firstLine && a.text == b.text
    }

    public let name: String
    public let text: String
    /// The text as Unicode scalars: positions are indices into this.
    let scalars: [Unicode.Scalar]
    /// Where each line starts, in `scalars`.
    let lineStarts: [Int]
    /// The number of the text's first line: a statement of piped input keeps the line
    /// number it has in the input.
    public let firstLine: Int

    public init(name: String, text: String, firstLine: Int = 1) {
        self.name = name
        self.text = text
        self.firstLine = firstLine
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The biggest source the language reads. A script is checked whole before it runs, and
    /// its checked statements cost up to about 180 times their text (a file of `of 1` lines,
    /// the worst case): 4 MB keeps that under 800 MB.
    public static let sizeLimit = 4 * 1024 * 1024

    /// Decodes bytes as UTF-8; invalid UTF-8, NUL bytes and other control characters are
    /// a diagnostic at the first bad byte, not a crash.
    /// A byte-order mark at the start is skipped (some editors write one); a lone `\r`
    /// (classic Mac line ends) ends a line as `\n` does.
    public static func decode(bytes: [UInt8], name: String) -> Result<Source, Diagnostic> {
        guard bytes.count <= sizeLimit else {
            // Only a little more than the limit is read (a stream has no size): say so.
            return .failure(Diagnostic(.fileTooLarge(), location: SourceLocation(file: name, line: 1, column: 1), length: 1))
        }
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        for index in bytes.indices where bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
            bytes[index] = 0x0A
        }
        var line = 1, column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = utf8Length(bytes, at: index)
            if length == 0 {
                return .failure(Diagnostic(.notText(UInt32(byte), .notUTF8, line: line, column: column),
                                           location: SourceLocation(file: name, line: line, column: column), length: 1))
            }
            if length == 1, isRefused(Unicode.Scalar(byte)) {
                return .failure(Diagnostic(.notText(UInt32(byte), .control, line: line, column: column),
                                           location: SourceLocation(file: name, line: line, column: column), length: 1))
            }
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return .success(Source(name: name, text: String(decoding: bytes, as: UTF8.self)))
    }

    /// A character no script holds: the C0 controls but tab and the line ends, DEL and the
    /// C1 controls (a terminal acts on ESC and CSI; an editor shows none of them).
    public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0..<0x20, 0x7F...0x9F: return true
        default: return false
        }
    }

    /// The length of a valid UTF-8 sequence at `index`, or 0 if it is invalid.
    private static func utf8Length(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        let minimum: UInt32
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2; minimum = 0x80
        case 0xE0...0xEF: length = 3; minimum = 0x800
        case 0xF0...0xF4: length = 4; minimum = 0x10000
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        var scalar = UInt32(first) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return 0 }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return 0 }
        return length
    }

    /// 1-based line and column (in Unicode scalars) of an offset.
    public func location(of offset: Int) -> SourceLocation {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(file: name, line: low + firstLine, column: offset - lineStarts[low] + 1)
    }

    /// The text of a line, numbered from `firstLine`, without its newline.
    public func line(_ numbered: Int) -> String {
        let number = numbered - firstLine + 1
        guard number >= 1, number <= lineStarts.count else { return "" }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] - 1 : scalars.count
        if end > start, scalars[end - 1] == "\r" { end -= 1 }
        var line = String.UnicodeScalarView()
        line.append(contentsOf: scalars[start..<max(start, end)])
        return String(line)
    }

    /// The source text between two offsets.
    public func text(from start: Int, to end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[max(0, start)..<min(max(start, end), scalars.count)])
        return String(view)
    }
}

public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A stretch of source: where it starts and how many scalars it covers.
public struct SourceRange: Equatable, Sendable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    public var length: Int { end - start }

    public func to(_ other: SourceRange) -> SourceRange { SourceRange(start: start, end: max(end, other.end)) }
}

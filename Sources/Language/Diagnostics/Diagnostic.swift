import JSONText

/// A problem in a program, as the user sees it:
///
///     -- UNKNOWN OPERATOR [FRP0302] ------------------ search.frp:2:14
///
///     I do not know an operator called `swichMap`:
///
///     2| keystrokes | swichMap (search it)
///                     ^^^^^^^^
///     Hint: did you mean `switchMap`?
///
/// The checker appends and goes on (every error in one run); only the renderer prints. What
/// it says is its `Problem`, declared once in the table (`DiagnosticCode`).
public struct Diagnostic: Equatable, Sendable, Error {
    /// Its row in the table (`frp explain FRP0302` tells more); its title heads it.
    public var code: DiagnosticCode
    public var location: SourceLocation
    /// How many columns the carets cover (at least one).
    public var length: Int
    /// First person, quoting the user's text.
    public var message: String
    public var hint: String?
    /// The source the diagnostic is in when it is not the one being loaded (a file that
    /// `import` read): rendered with its lines.
    public var origin: Source?

    /// Every diagnostic is a `Problem` of the table, placed: there is no other way to make one.
    public init(_ problem: Problem, location: SourceLocation, length: Int) {
        code = problem.code
        self.location = location
        self.length = max(1, length)
        message = problem.message
        hint = problem.hint
    }

    public init(_ problem: Problem, at range: SourceRange, in source: Source) {
        self.init(problem, location: source.location(of: range.start), length: range.length)
    }

    public var title: String { code.title }

    static let width = 80
    /// Lines longer than this are shown as a window around the column.
    static let shownLineLimit = 100

    /// The diagnostic as text; with the source, the line and carets are shown.
    public func rendered(in source: Source?, color: Bool = false) -> String {
        let source = origin ?? source
        let place = location.description
        let heading = "\(title) [\(code.code)]"
        let dashes = max(3, Diagnostic.width - heading.count - place.count - 5)
        var header = "-- \(heading) \(String(repeating: "-", count: dashes)) \(place)"
        if color { header = "\u{1B}[36m\(header)\u{1B}[0m" }
        var lines = [header, "", message]
        if let source {
            let (shown, column) = window(source.line(location.line), column: location.column)
            let gutter = "\(location.line)| "
            lines.append("")
            lines.append(gutter + shown)
            var carets = String(repeating: " ", count: gutter.count + column - 1)
                + String(repeating: "^", count: max(1, min(length, shown.count - column + 1)))
            if color { carets = "\u{1B}[31m\(carets)\u{1B}[0m" }
            lines.append(carets)
        }
        if let hint {
            lines.append(color ? "\u{1B}[1mHint\u{1B}[0m: \(hint)" : "Hint: \(hint)")
        }
        return lines.joined(separator: "\n")
    }

    /// A very long line is cut to a window around the column, marked with `…`.
    /// A control character is shown as its picture (`␛` for ESC), one column wide as it
    /// was: the line of a text that holds one is printed, and must not act on the terminal.
    private func window(_ line: String, column: Int) -> (String, Int) {
        let scalars = line.unicodeScalars.map { scalar -> Unicode.Scalar in
            guard JSONText.isControl(scalar), scalar != "\t" else { return scalar }
            return scalar.value < 0x20 ? Unicode.Scalar(0x2400 + scalar.value)! : scalar.value == 0x7F ? "\u{2421}" : "\u{FFFD}"
        }
        guard scalars.count > Diagnostic.shownLineLimit else { return (String(String.UnicodeScalarView(scalars)), column) }
        let half = Diagnostic.shownLineLimit / 2
        let start = max(0, min(column - 1 - half, scalars.count - Diagnostic.shownLineLimit))
        let end = min(scalars.count, start + Diagnostic.shownLineLimit)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        let prefix = start > 0 ? "…" : ""
        let suffix = end < scalars.count ? "…" : ""
        return (prefix + String(view) + suffix, column - start + prefix.count)
    }
}

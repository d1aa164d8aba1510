import Signals

/// The marbles written in a script (`cold "-a-b|"`, `hot "-a 400ms b|"`), found as the
/// lexer reads them, and a script with one of them written anew: what the playground
/// draws as draggable rows and rewrites when a marble is dragged. The page parses no
/// marble itself; this, `Marble.parse` and `Marble.written` do.
public struct MarbleLiteral: Sendable {
    public let kind: Marble.Kind
    public let text: String
    /// Where the string literal is, quotes included (in the source's scalars).
    public let range: SourceRange
    /// Where its source's name is (`cold`, `hot`): where the stage's trace row is.
    public let stageRange: SourceRange
    /// The name a `let` gives the source alone (`let typed = hot "…"`), which labels its row.
    public let letName: String?

    /// Every marble source's literal in the source (`cold "…"`, `hot "…"`: an entry whose
    /// first parameter is a marble), in order.
    public static func all(in source: Source, catalogue: Catalogue = .standard) -> [MarbleLiteral] {
        let tokens = Lexer.tokens(of: source).0
        return tokens.indices.dropLast().compactMap { index in
            let (name, literal) = (tokens[index], tokens[index + 1])
            guard case .name(let word) = name.kind, case .string(let text) = literal.kind,
                  let parameter = catalogue[word]?.parameters.first, parameter.kind == .marble else { return nil }
            let bound = index >= 3 && tokens[index - 3].name == "let" && tokens[index - 1].kind == .assign ? tokens[index - 2].name : nil
            return MarbleLiteral(kind: parameter.marbleKind, text: text, range: literal.range, stageRange: name.range, letName: bound)
        }
    }

    /// The source's text with this literal's marble replaced by `text`.
    public func replaced(with text: String, in source: Source) -> String {
        source.text(from: 0, to: range.start) + "\"" + text + "\"" + source.text(from: range.end, to: source.scalars.count)
    }
}

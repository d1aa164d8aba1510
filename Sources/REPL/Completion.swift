import CLineEdit
import Language
import Services

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What TAB offers for the word before the cursor: after `|`, operators; at the start,
/// sources, `let` names and `:commands`; after `:explain`, operators and sources; inside
/// a stage's arguments, the fields of the records the pipeline's source sends
/// (`popular | filter ra` → `rating`) and names.
struct Completion {
    let catalogue: Catalogue
    let names: [String]
    /// The text of each `let`-bound pipeline, so `photos | filter ra` completes when
    /// `let photos = popular`.
    var bindings: [String: String] = [:]

    /// The top-level fields of each service's records (PhotoSite keeps them with the
    /// service), for completing inside expressions.
    static let fields: [String: [String]] = Dictionary(uniqueKeysWithValues: PhotoSite.services.map { ($0.name, $0.topLevelFields) })

    /// Fields of nested records, by the field that holds them: after `user.`, `photos.`.
    static let nested: [String: [String]] = {
        var nested: [String: [String]] = [:]
        for path in PhotoSite.services.flatMap(\.fields) {
            let parts = path.split(separator: ".").map(String.init)
            for (owner, field) in zip(parts, parts.dropFirst()) where !(nested[owner] ?? []).contains(field) {
                nested[owner, default: []].append(field)
            }
        }
        return nested
    }()

    /// Stages after which the values are the same records (or some of them, later): the
    /// fields before them still hold. Other stages make new values.
    private static let keepsValues: Set<OperatorSpec.Family> = [.filtering, .timing, .sharing, .debugging]

    /// The fields of the records a pipeline's text sends at its end, when they can be
    /// told from the text: a service's records, a record literal (`of {name: "a"}`), a
    /// `let` name's, and `map {…}` replacing them; nil when unknown.
    func fields(of pipeline: String, depth: Int = 0) -> [String]? {
        let stages = Completion.topLevel(pipeline, splitBy: "|").map { $0.trimmingCharacters(of: " \t\n") }
        guard let head = stages.first, depth < 8 else { return nil }
        let headWord = head.split(separator: " ").first.map(String.init) ?? ""
        var fields: [String]?
        if let known = Completion.fields[headWord] {
            fields = known
        } else if let bound = bindings[headWord] {
            fields = self.fields(of: bound, depth: depth + 1)
        } else if catalogue[headWord]?.family == .creating {
            fields = Completion.recordKeys(in: head)
        }
        for stage in stages.dropFirst() {
            let words = stage.split(separator: " ", maxSplits: 1).map(String.init)
            guard let name = words.first, let spec = catalogue[name], !Completion.keepsValues.contains(spec.family) else { continue }
            // Operators that make new values: a record literal names their fields.
            fields = words.count > 1 ? Completion.recordKeys(in: words[1]) : nil
        }
        return fields
    }

    /// The keys of the first record literal in `text` (`{name: "a", n: 1}` → name, n).
    static func recordKeys(in text: String) -> [String]? {
        guard let open = text.firstIndex(of: "{") else { return nil }
        let body = String(text[text.index(after: open)...])
        let keys = topLevel(body, splitBy: ",").compactMap { entry -> String? in
            let key = entry.split(separator: ":", maxSplits: 1).first.map { String($0).trimmingCharacters(of: " \t\n}") } ?? ""
            return !key.isEmpty && key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? key : nil
        }
        return keys.isEmpty ? nil : keys
    }

    /// Splits at `separator` outside brackets and strings, as the lexer reads the text.
    static func topLevel(_ text: String, splitBy separator: Character) -> [String] {
        Source(name: "input", text: text).topLevelParts(separatedBy: separator)
    }

    func candidates(before line: String) -> [String] {
        let delimiters: Set<Character> = [" ", "|", "(", ",", ".", "[", "{"]
        let word = String(line.reversed().prefix { !delimiters.contains($0) }.reversed())
        let rest = line.dropLast(word.count)
        let trimmed = String(rest).trimmingCharacters(of: " ")
        var pool: [String]
        if line.hasPrefix(":") && !line.contains(" ") {
            pool = Command.names
        } else if Command.named(trimmed)?.completesOperators == true {
            pool = catalogue.names(role: .operator) + catalogue.names(role: .source)
        } else if trimmed.hasPrefix(":") {
            // `:load FILE`, `:stop N`, `:time live`: not the language's names.
            pool = Command.named(trimmed)?.words ?? []
        } else if trimmed.isEmpty {
            pool = catalogue.names(role: .source) + names + ["let", "var", "expect"]
        } else if trimmed.hasSuffix("|") {
            pool = catalogue.names(role: .operator)
        } else if rest.hasSuffix("."), let owner = rest.dropLast().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last {
            // After `user.`: the nested record's fields.
            pool = Completion.nested[String(owner)] ?? []
        } else {
            // Inside a stage's arguments: the fields of the records reaching the stage
            // (what the stages before it send), then names.
            let stages = Completion.topLevel(String(rest), splitBy: "|")
            let upstream = stages.dropLast().joined(separator: "|")
            // `acc` only where the stage has one (scan, reduce).
            let stage = stages.last?.split(separator: " ").first.map(String.init) ?? ""
            let accumulates = catalogue[stage]?.parameters.contains { $0.kind == .accumulator } == true
            pool = (fields(of: upstream) ?? []) + names + (accumulates ? ["it", "acc"] : ["it"])
        }
        return Array(Set(pool.filter { $0.hasPrefix(word) && $0 != word })).sorted()
    }
}

/// The one completion in use at the prompt. The C callback cannot carry context, so the
/// REPL sets this before each read.
enum CompletionHook {
    // nonisolated(unsafe): read and written only on the REPL's thread — set before
    // el_gets, read by the TAB callback that el_gets runs on that same thread.
    nonisolated(unsafe) static var current: Completion?
    nonisolated(unsafe) static var answer: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var candidates: [String] = []
    nonisolated(unsafe) static var listing: UnsafeMutablePointer<CChar>?

    static func install() {
        frp_edit_set_completer({ line in
            guard let line, let completion = CompletionHook.current else { return nil }
            CompletionHook.candidates = completion.candidates(before: String(cString: line))
            free(CompletionHook.answer)
            CompletionHook.answer = strdup(CompletionHook.candidates.joined(separator: "\n"))
            return UnsafePointer(CompletionHook.answer)
        }, { columns in
            free(CompletionHook.listing)
            CompletionHook.listing = strdup(Completion.columns(CompletionHook.candidates, width: Int(columns)).joined(separator: "\n"))
            return UnsafePointer(CompletionHook.listing)
        })
    }
}

extension Completion {
    /// Candidates laid out as `ls` does: in columns down then across, as many as fit in
    /// `width`, each as wide as the longest name plus two spaces; a name never breaks
    /// across lines (one too long for the line gets a line of its own).
    static func columns(_ names: [String], width: Int) -> [String] {
        guard let longest = names.map(\.count).max() else { return [] }
        let columnWidth = longest + 2
        let columns = max(1, min(names.count, (width + 2) / columnWidth))
        let rows = (names.count + columns - 1) / columns
        return (0..<rows).map { row in
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < names.count else { break }
                let name = names[index]
                let isLast = column == columns - 1 || index + rows >= names.count
                line += isLast ? name : name + String(repeating: " ", count: columnWidth - name.count)
            }
            return line
        }
    }
}

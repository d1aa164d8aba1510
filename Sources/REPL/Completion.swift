import CLineEdit
import Language

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

    static let commands = [":help", ":explain", ":time", ":trace", ":jobs", ":stop", ":load", ":save", ":reset", ":quit"]

    /// The fields of each service's records, for completing inside expressions.
    static let fields: [String: [String]] = {
        let photo = ["id", "name", "user", "rating", "votes_count", "category", "times_viewed", "created_at", "tags", "images"]
        return [
            "popular": photo, "popularPage": photo, "photo": photo + ["comments_count"],
            "search": ["photos", "stat"], "login": ["code", "message"],
            "friends": ["name", "uin", "avatar"], "searchFriends": ["name", "uin", "avatar"],
            "checkUsername": ["username", "exists"], "token": ["token"], "profile": ["username", "photos"],
        ]
    }()

    /// Fields of nested records: after `user.`, `photos.`.
    static let nested: [String: [String]] = [
        "user": ["username", "fullname"], "photos": ["page", "total", "photo"],
        "photo": ["id", "title", "url"], "images": ["size", "url"],
    ]

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
        } else if ["of", "just", "hot", "cold"].contains(headWord) {
            fields = Completion.recordKeys(in: head)
        }
        for stage in stages.dropFirst() {
            let words = stage.split(separator: " ", maxSplits: 1).map(String.init)
            guard let name = words.first, ["map", "scan", "reduce", "combineLatest", "zip", "withLatestFrom", "flatMap", "switchMap", "concatMap", "exhaustMap", "mapTo", "pluck"].contains(name) else { continue }
            // Operators that make new values: a record literal names its fields.
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

    /// Splits at `separator` outside brackets and strings; a closing bracket with no
    /// opening one ends the text (the end of a record literal).
    static func topLevel(_ text: String, splitBy separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        for character in text {
            if inString {
                if character == "\"" { inString = false }
                current.append(character)
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth < 0 { return parts + [current] }
            case separator where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        return parts + [current]
    }

    func candidates(before line: String) -> [String] {
        let delimiters: Set<Character> = [" ", "|", "(", ",", ".", "[", "{"]
        let word = String(line.reversed().prefix { !delimiters.contains($0) }.reversed())
        let rest = line.dropLast(word.count)
        let trimmed = String(rest).trimmingCharacters(of: " ")
        var pool: [String]
        if line.hasPrefix(":") && !line.contains(" ") {
            pool = Completion.commands
        } else if [":explain", ":help", ":h"].contains(trimmed) {
            pool = catalogue.names(role: .operator) + catalogue.names(role: .source)
        } else if trimmed.hasPrefix(":") {
            // `:load FILE`, `:stop N`, `:time live`: not the language's names.
            pool = trimmed == ":time" ? ["live", "virtual"] : trimmed == ":trace" ? ["on", "off"] : []
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
            pool = (fields(of: upstream) ?? []) + names + ["it", "acc"]
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

    static func install() {
        frp_edit_set_completer { line in
            guard let line, let completion = CompletionHook.current else { return nil }
            let candidates = completion.candidates(before: String(cString: line))
            free(CompletionHook.answer)
            CompletionHook.answer = strdup(candidates.joined(separator: "\n"))
            return UnsafePointer(CompletionHook.answer)
        }
    }
}

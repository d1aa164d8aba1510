import CLineEdit
import Language

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What TAB offers for the word before the cursor: after `|`, operators; at the start,
/// sources, `let` names and `:commands`; inside a stage's arguments, the fields of the
/// records the pipeline's source sends (`popular | filter ra` → `rating`) and names.
struct Completion {
    let catalogue: Catalogue
    let names: [String]

    static let commands = [":help", ":time", ":trace", ":jobs", ":stop", ":load", ":save", ":reset", ":quit"]

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

    func candidates(before line: String) -> [String] {
        let delimiters: Set<Character> = [" ", "|", "(", ",", ".", "[", "{"]
        let word = String(line.reversed().prefix { !delimiters.contains($0) }.reversed())
        let rest = line.dropLast(word.count)
        let trimmed = String(rest).trimmingCharacters(of: " ")
        var pool: [String]
        if line.hasPrefix(":") && !line.contains(" ") {
            pool = Completion.commands
        } else if trimmed.isEmpty {
            pool = catalogue.names(role: .source) + names + ["let", "var", "expect"]
        } else if trimmed.hasSuffix("|") {
            pool = catalogue.names(role: .operator)
        } else {
            // Inside arguments: fields of the head source's records, then names.
            let head = trimmed.split(separator: " ").first.map(String.init) ?? ""
            pool = (Completion.fields[head] ?? []) + names + ["it", "acc"]
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

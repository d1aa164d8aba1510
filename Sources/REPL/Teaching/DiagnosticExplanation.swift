import Language
import Trace

/// `frp explain FRP0302` (and `:explain FRP0302`): a diagnostic's long form — what it means,
/// a script that raises it, checked there and then so the diagnostic shown is the one frp
/// gives today, and the script fixed. docs/diagnostics.md is every one of them, generated
/// (`markdown`; a test checks the page is current).
struct DiagnosticExplanation {
    let code: DiagnosticCode

    /// The lines `frp explain` prints; nil when the code has no long form yet.
    func lines(width: Int, color: Bool = false) -> [String]? {
        guard let form = code.longForm else { return nil }
        var lines = ["\(code.code) \(code.title)", ""]
        lines += form.meaning.wrapped(width: width, indent: "  ")
        lines += ["", "For example:", ""]
        lines += form.wrong.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        if case .library(let library, let text) = form.reading {
            lines += ["", "where \(library) is:", ""] + text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        }
        let (source, diagnostics) = Self.check(form)
        lines.append("")
        for diagnostic in diagnostics {
            lines += diagnostic.rendered(in: source, color: color).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        lines += ["", "Fixed:", ""]
        lines += form.right.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        return lines
    }

    /// The wrong example read and checked as its long form says, and what that raised.
    static func check(_ form: LongForm) -> (Source?, [Diagnostic]) {
        let name = "example.frp"
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        switch form.reading {
        case .bytes(let bytes):
            switch Source.decode(bytes: bytes(), name: name) {
            case .failure(let diagnostic): return (nil, [diagnostic])
            case .success(let source): return (source, frontend.load(source).1)
            }
        case .withoutFiles:
            break
        case .script, .library:
            // `import` reads the example itself (a cycle), its library, and nothing else.
            var files = [name: form.wrong]
            if case .library(let library, let text) = form.reading { files[library] = text }
            frontend.readFile = { [files] path in
                files[path].map { .success(Source(name: path, text: $0)) } ?? .failure(Frontend.ImportFailure("No such file or directory"))
            }
        }
        let source = Source(name: name, text: form.wrong)
        return (source, frontend.load(source).1)
    }

    /// docs/diagnostics.md: every diagnostic, by code.
    static func markdown() -> String {
        var page = ["# Diagnostics", "",
                    "Every diagnostic frp can raise, by code: what it means, a script that raises it, and the script fixed.",
                    "`frp explain CODE` (or `:explain CODE` at the prompt) prints one. This page is generated from",
                    "`Sources/Language/Diagnostics/` (`DiagnosticCode` and the long forms); `make test` checks it is current",
                    "and runs every example.", ""]
        for code in DiagnosticCode.allCases {
            page.append("## \(code.code) \(code.title)")
            page.append("")
            guard let form = code.longForm else {
                page += ["(no long form yet)", ""]
                continue
            }
            page += [form.meaning, "", "```frp", form.wrong, "```", ""]
            if case .library(let library, let text) = form.reading { page += ["where `\(library)` is:", "", "```frp", text, "```", ""] }
            let (source, diagnostics) = check(form)
            page.append("```")
            page += diagnostics.map { $0.rendered(in: source) }
            page += ["```", "", "Fixed:", "", "```frp", form.right, "```", ""]
        }
        return page.joined(separator: "\n")
    }
}

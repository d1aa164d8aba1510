import Language

/// The REPL's `:help`: how to use the prompt, and the operators by family. One operator
/// in full (`:help OP`) is `:explain OP`.
enum Help {
    /// The help, its lines wrapped at `width` columns (the terminal's).
    static func overview(_ catalogue: Catalogue, width: Int = 80) -> String {
        let lines = ["Type a pipeline: a source, then stages separated by |, like",
                     "  popular | filter rating > 90 | map name | take 10",
                     "A line ending in | or with a bracket open continues at ...>: an empty line there runs what was typed, Ctrl-C drops it.",
                     "`let NAME = ...` binds a name; `expect PIPELINE emits \"-a-b|\"` checks one.",
                     "`var text = \"\"` makes a property and `text := \"cats\"` sets it: every pipeline observing it reacts.",
                     "End a pipeline with `&` to run it in the background: :jobs lists them, :stop N stops one, :stop all of them.",
                     "`service search fails \"offline\"` (or `fails 2 times`, `slow 5`, `ok`) changes a service for what follows.",
                     "Commands: " + Command.all.flatMap(\.help).joined(separator: ", ") + ".", ""]
        return (lines + Explainer.families(catalogue)).flatMap { wrap($0, width: width) }.joined(separator: "\n")
    }

    /// A line cut at spaces to fit `width` columns; the lines after the first are indented
    /// by two spaces (a word longer than the width stays whole).
    static func wrap(_ line: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for (index, word) in line.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let candidate = index == 0 ? String(word) : current + " " + word
            if candidate.count > width, !current.trimmingCharacters(of: " ").isEmpty {
                lines.append(current)
                current = "  " + word
            } else {
                current = candidate
            }
        }
        return lines + [current]
    }
}

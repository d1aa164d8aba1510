import Language

/// The REPL's `:help`: the catalogue by family, and one operator in full.
enum Help {
    static func overview(_ catalogue: Catalogue) -> String {
        var lines = ["Type a pipeline: a source, then stages separated by |, like",
                     "  popular | filter rating > 90 | map name | take 10",
                     "`let NAME = ...` binds a name; `expect PIPELINE emits \"-a-b|\"` checks one.",
                     "`var text = \"\"` makes a property and `text := \"cats\"` sets it: every pipeline observing it reacts.",
                     "End a pipeline with `&` to run it in the background: :jobs lists them, :stop N stops one.",
                     "Commands: :help OP (one operator in full), :time live|virtual|10x, :trace on|off,",
                     "  :load FILE, :save FILE (this session's inputs as a script), :reset, :quit (or Ctrl-D).", ""]
        for family in OperatorSpec.Family.allCases {
            let specs = catalogue.specs.filter { $0.family == family }
            guard !specs.isEmpty else { continue }
            lines.append("\(family.rawValue): " + specs.map(\.name).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    static func `operator`(_ name: String, in catalogue: Catalogue) -> String {
        guard let spec = catalogue[name] else {
            let close = suggestion(for: name, among: catalogue.names).map { " Did you mean `\($0)`?" } ?? ""
            return "I do not know `\(name)`.\(close) `:help` lists everything."
        }
        var lines = [spec.signature, "  " + spec.summary, "  example: \(spec.example)"]
        if !spec.aliases.isEmpty { lines.append("  also called: " + spec.aliases.joined(separator: ", ")) }
        if !spec.elsewhere.isEmpty { lines.append("  elsewhere: " + spec.elsewhere.joined(separator: "; ")) }
        if !spec.confusedWith.isEmpty { lines.append("  compare: " + spec.confusedWith.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}

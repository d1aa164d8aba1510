import Language

/// The REPL's `:help`: how to use the prompt, and the operators by family. One operator
/// in full (`:help OP`) is `:explain OP`.
enum Help {
    static func overview(_ catalogue: Catalogue) -> String {
        let lines = ["Type a pipeline: a source, then stages separated by |, like",
                     "  popular | filter rating > 90 | map name | take 10",
                     "`let NAME = ...` binds a name; `expect PIPELINE emits \"-a-b|\"` checks one.",
                     "`var text = \"\"` makes a property and `text := \"cats\"` sets it: every pipeline observing it reacts.",
                     "End a pipeline with `&` to run it in the background: :jobs lists them, :stop N stops one.",
                     "`service search fails \"offline\"` (or `fails 2 times`, `slow 5`, `ok`) changes a service for what follows.",
                     "Commands: :explain OP (one operator in full, its example run), :explain (which operator do I need?),",
                     "  :time live|virtual|10x, :trace on|off,",
                     "  :load FILE, :save FILE (this session's inputs as a script), :reset, :quit (or Ctrl-D).", ""]
        return (lines + Explainer.families(catalogue)).joined(separator: "\n")
    }
}

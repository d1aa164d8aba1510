/// How a marble diagram's classes look: written into each SVG file (`frp run --svg`), and
/// served to the playground, whose Content-Security-Policy allows no inline style, so the
/// page strips a diagram's own `<style>` and links this, scoped to the diagrams.
public enum DiagramStylesheet {
    /// The class of every diagram's root `<svg>`.
    public static let rootClass = "frp-diagram"

    static let rules: [(selectors: [String], declarations: String)] = [
        ([".label", ".legend", ".title", ".tick", ".foldlabel"], "font-family: monospace; font-size: 14px; fill: #222;"),
        ([".title"], "font-weight: bold;"),
        ([".tick"], "text-anchor: middle; fill: #555; font-size: 12px;"),
        ([".foldlabel"], "fill: #777; font-size: 12px;"),
        ([".axis"], "stroke: #999; stroke-width: 1;"),
        ([".fold polyline"], "stroke: #777; stroke-width: 2; fill: none;"),
        ([".fold rect"], "fill: #f2f2f2;"),
        ([".time"], "stroke: #444; stroke-width: 2;"),
        ([".branch"], "stroke: #999; stroke-width: 1; stroke-dasharray: 3 3;"),
        ([".value circle", ".many circle"], "stroke: #333; stroke-width: 1.5;"),
        ([".many circle"], "fill: #ddd;"),
        ([".value text", ".many text"], "font-family: sans-serif; font-size: 13px; font-weight: bold; text-anchor: middle; fill: #111;"),
        ([".value text.narrow"], "font-size: 10px;"),
        ([".completed"], "stroke: #222; stroke-width: 3;"),
        ([".error line"], "stroke: #d22; stroke-width: 3;"),
        ([".cancelled line"], "stroke: #d22; stroke-width: 3;"),
        // A marble's mark its run did not send (`MarbleRow`), and the unseen area a pointer grabs an end by.
        ([".unsent circle"], "fill: #fff; stroke: #999; stroke-width: 1.5; stroke-dasharray: 3 2;"),
        ([".unsent text"], "font-family: sans-serif; font-size: 13px; font-weight: bold; text-anchor: middle; fill: #888;"),
        ([".unsent text.narrow"], "font-size: 10px;"),
        ([".unsent line"], "stroke: #aaa; stroke-width: 3;"),
        ([".grab"], "fill: #fff; fill-opacity: 0;"),
        ([".caret text"], "font-family: monospace; font-size: 14px; font-weight: bold; text-anchor: middle; fill: #222;"),
    ]

    /// The rules, each selector under `scope` when one is given (`svg.frp-diagram`: the
    /// page's own classes are not touched).
    public static func css(scope: String? = nil) -> String {
        rules.map { rule in
            let selectors = rule.selectors.map { (scope.map { "\($0) " } ?? "") + $0 }
            return "\(selectors.joined(separator: ", ")) { \(rule.declarations) }"
        }.joined(separator: "\n")
    }
}

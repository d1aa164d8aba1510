import Language

/// "Which operator do I need?", in the manner of RxJS's operator decision tree: the reader
/// follows "I want to ..." down to a leaf, and every leaf names an operator that
/// `frp explain` can explain: the entries declare their leaves.
struct Guide: Sendable {
    indirect enum Node: Sendable {
        /// A way to go on: "combine signals", with what follows from it.
        case branch(String, [Node])
        /// The end of the way: "cancel stale requests" → switchMap.
        case leaf(String, String)
    }

    let question: String
    let roots: [Node]

    /// Every operator a leaf names, in order.
    var leaves: [String] {
        func collect(_ node: Node) -> [String] {
            switch node {
            case .branch(_, let children): return children.flatMap(collect)
            case .leaf(_, let name): return [name]
            }
        }
        return roots.flatMap(collect)
    }

    /// The tree indented, each leaf's operator after dots in one column:
    ///
    ///     combine signals
    ///       the latest of two, whenever either changes ........ combineLatest
    func rendered(width: Int) -> [String] {
        var rows: [(text: String, name: String?)] = []
        func walk(_ node: Node, depth: Int) {
            let indent = String(repeating: "  ", count: depth + 1)
            switch node {
            case .branch(let text, let children):
                rows.append((indent + text, nil))
                for child in children { walk(child, depth: depth + 1) }
            case .leaf(let text, let name):
                rows.append((indent + text, name))
            }
        }
        for root in roots { walk(root, depth: 0) }
        // The longest row gets three dots, like the others at least.
        let nameColumn = min(max(40, width - 24), (rows.map(\.text.count).max() ?? 0) + 5)
        return [question] + rows.map { row in
            guard let name = row.name else { return row.text }
            let dots = max(3, nameColumn - row.text.count - 2)
            return row.text + " " + String(repeating: ".", count: dots) + " " + name
        }
    }

    /// The catalogue's entries under their branches, in the catalogue's order: each entry
    /// declares its own leaf (`.guide(.filtering, "the first N, then stop")`).
    static let standard = Guide(catalogue: .standard)

    init(catalogue: Catalogue) {
        question = "Which operator do I need? I want to ..."
        roots = GuideBranch.allCases.map { branch in
            .branch(branch.rawValue, catalogue.specs.compactMap { spec in
                spec.guide.flatMap { $0.branch == branch ? .leaf($0.want, spec.name) : nil }
            })
        }
    }
}

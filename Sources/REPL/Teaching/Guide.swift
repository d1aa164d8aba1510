/// "Which operator do I need?", in the manner of RxJS's operator decision tree: the reader
/// follows "I want to ..." down to a leaf, and every leaf names an operator that
/// `frp explain` can explain (a test checks each against the catalogue).
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

    static let standard = Guide(question: "Which operator do I need? I want to ...", roots: [
        .branch("make a signal", [
            .leaf("of values I have now", "of"),
            .leaf("of the items of a list (a page of photos, one by one)", "from"),
            .leaf("of whole numbers counting up", "range"),
            .leaf("drawn as a marble, afresh for each subscriber (a request)", "cold"),
            .leaf("drawn as a marble on one timeline (a text field)", "hot"),
            .leaf("that ticks every so often", "interval"),
            .leaf("that sends once, after a while", "timer"),
            .leaf("that fails", "fail"),
            .leaf("that ends at once", "empty"),
            .leaf("that never ends", "never"),
        ]),
        .branch("change each value", [
            .leaf("into something computed from it", "map"),
            .leaf("into the same constant (clicks into true)", "mapTo"),
            .leaf("into one of its fields, null when it has none", "pluck"),
            .leaf("from true to false and back", "not"),
            .leaf("into a running total or state, at every step", "scan"),
            .leaf("together with the value before it", "pairwise"),
            .leaf("into lists of N values", "buffer"),
        ]),
        .branch("get one value out of all of them, at the end", [
            .leaf("folded with my own expression", "reduce"),
            .leaf("how many there were", "count"),
            .leaf("the last one, which must come (else an error, as with first)", "last"),
            .leaf("the last N of them", "takeLast"),
            .leaf("all of them, as one list", "toArray"),
            .leaf("the smallest (by a key)", "min"),
            .leaf("the largest (by a key)", "max"),
            .leaf("whether every one meets a condition", "every"),
            .leaf("whether there were none at all", "isEmpty"),
            .leaf("the first that meets a condition, or null", "find"),
            .leaf("where the first that meets a condition was, or -1", "findIndex"),
            .leaf("the one at a place (the third: 2)", "elementAt"),
        ]),
        .branch("let only some values through", [
            .leaf("those that meet a condition", "filter"),
            .leaf("the first N, then stop", "take"),
            .leaf("the first one, which must come", "first"),
            .leaf("until another signal says stop (a reused cell)", "takeUntil"),
            .leaf("while a condition holds, then stop", "takeWhile"),
            .leaf("all but the first N", "skip"),
            .leaf("from the first that fails a condition on", "skipWhile"),
            .leaf("but not the same value twice in a row", "distinctUntilChanged"),
            .leaf("but never a value seen before", "distinct"),
            .leaf("all but the last N", "skipLast"),
            .leaf("from when another signal first sends on", "skipUntil"),
            .leaf("none: only the end, completed or failed", "ignoreElements"),
        ]),
        .branch("do something with time", [
            .leaf("wait for a pause in typing (RAC2's throttle:)", "debounce"),
            .leaf("let one through, then ignore the rest for a while", "throttle"),
            .leaf("shift everything later", "delay"),
            .leaf("fail when nothing comes for too long", "timeout"),
            .leaf("take the latest value when another signal ticks, if not sent yet", "sample"),
            .leaf("take the latest value every so often, if not sent yet", "sampleTime"),
            .leaf("wait a while after a value, then send the latest", "auditTime"),
        ]),
        .branch("combine signals", [
            .leaf("pass on whatever either sends, as it comes", "merge"),
            .leaf("one after the other", "concat"),
            .leaf("the latest of two, whenever either changes (a form)", "combineLatest"),
            .leaf("in pairs: the first with the first, the second with the second", "zip"),
            .leaf("when this one sends, with the latest of the other", "withLatestFrom"),
            .leaf("a value before everything else (\"loading\")", "startWith"),
            .leaf("values after everything else", "endWith"),
            .leaf("follow whichever speaks first", "race"),
            .leaf("the last value of each, once all have ended (Promise.all)", "forkJoin"),
            .leaf("a value in place of nothing (\"no results\")", "defaultIfEmpty"),
            .leaf("ignore this one's values, then go on with another", "then"),
            .leaf("with itself again when it completes (poll, refresh)", "repeat"),
        ]),
        .branch("start a request (a pipeline) for each value", [
            .leaf("and keep every one of them running", "flatMap"),
            .leaf("and cancel stale requests (search as you type)", "switchMap"),
            .leaf("one at a time, in order, the others waiting", "concatMap"),
            .leaf("and ignore clicks while a request runs", "exhaustMap"),
            .leaf("when my values already are signals: the latest", "switchToLatest"),
        ]),
        .branch("handle an error", [
            .leaf("by going on with something else (a value, a new token)", "catch"),
            .leaf("by trying again", "retry"),
        ]),
        .branch("share work between subscribers", [
            .leaf("one request for everyone subscribed", "share"),
            .leaf("and hand late subscribers the last values", "replay"),
        ]),
        .branch("run a command per button press (an action)", [
            .leaf("one input at a time, dropping presses while busy", "action"),
            .leaf("and show that it is running (a spinner)", "executing"),
            .leaf("and react once to each press it accepts (with its input)", "executions"),
            .leaf("and enable the button only when a press would run", "enabled"),
            .leaf("and get the failures of its runs as values", "errors"),
        ]),
        .branch("see what flows", [
            .leaf("print every event with its time", "log"),
        ]),
    ])
}

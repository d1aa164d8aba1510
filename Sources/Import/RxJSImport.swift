import Export
import Language

/// `frp import`: RxJS code as people write it (Learn RxJS's examples, an answer on Stack
/// Overflow) written as the frp script that does the same: a `let` for each constant, a
/// run for each subscription, arrow functions as frp expressions (`it` for their value),
/// RxJS's names as frp's operators through the catalogue (each entry's "RxJS:" names are
/// the one list of them). What frp cannot do the same is left out with its line and why,
/// never guessed: a statement is imported whole or not at all.
public struct RxJSImport {
    public struct Result {
        /// The frp script: the imported statements, and a comment for each one left out.
        public let script: String
        /// The statements left out: their line in the RxJS code, and why.
        public let leftOut: [(line: Int, reason: String)]
        /// How many statements were imported (imports of names not counted).
        public let imported: Int
    }

    struct Unsupported: Error { let reason: String }

    private let catalogue: Catalogue
    /// The catalogue's RxJS spellings read backwards, by their first call's name.
    private let patterns: [String: [SpellingPattern]]
    /// The constants bound to signals, and to values, so far, each by its frp name.
    var signals: [String: String] = [:]
    var values: [String: String] = [:]
    /// The constants left out, by the line they were on.
    private var leftOutNames: [String: Int] = [:]
    /// Whether the code is a file `frp export` wrote (`ExportedFile.swift`).
    var exported = false
    /// The subjects the code pushes into, and their pushes (`Subjects.swift`); the
    /// statement being read (a subscriber sees the pushes after it).
    var subjectPushes: [String: [Push]] = [:]
    var subjectMemories: [String: Memory] = [:]
    var statementIndex = 0
    /// What a file `frp export` wrote defines (`ExportedFile.swift`): its recorded photo
    /// services (the JavaScript name's frp service), its definitions and its properties
    /// (`BehaviorSubject`s), each by JavaScript name.
    var services: [String: String] = [:]
    var definitions: [String: String] = [:]
    var properties: [String: String] = [:]

    /// The name a constant gets in frp: its own, unless frp cannot take it (`timer$`, or
    /// `search`, a service's name), then one that can (`timer_`, `search_`).
    func frpName(_ name: String) -> String {
        var written = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        while catalogue[written] != nil || Keyword(rawValue: written) != nil || Function.named[written] != nil
                || ["it", "acc", "error", "true", "false", "null"].contains(written) {
            written += "_"
        }
        return written
    }

    public init(catalogue: Catalogue = .standard) {
        self.catalogue = catalogue
        patterns = SpellingPattern.index(catalogue)
    }

    public static func script(from code: String, catalogue: Catalogue = .standard) -> Result {
        var importer = RxJSImport(catalogue: catalogue)
        return importer.run(code)
    }

    private mutating func run(_ code: String) -> Result {
        // A file `frp export --to rxjs` wrote is read without its prelude, its lines counted
        // from the file's first.
        let exported = RxJSExport.withoutPrelude(code)
        self.exported = exported != nil
        var parser = JSParser(exported.map(String.init) ?? code)
        let lineOffset = exported.map { code[..<$0.startIndex].count { $0 == "\n" } } ?? 0
        var lines: [String] = ["# Imported from RxJS by `frp import`."]
        var leftOut: [(line: Int, reason: String)] = []
        var imported = 0
        let statements = parser.statements().map { ($0.line + lineOffset, $0.statement) }
        let (pushes, memories, pushing) = Self.subjects(in: statements.map(\.1))
        (subjectPushes, subjectMemories) = (pushes, memories)
        for (index, (line, statement)) in statements.enumerated() {
            statementIndex = index
            do throws(Unsupported) {
                // A subject, and a push into one: read where it is subscribed to.
                if pushing.contains(index) { imported += 1; continue }
                if case .declaration(let name, _) = statement, subjectPushes[name] != nil { imported += 1; continue }
                if exported != nil, let written = try exportedStatement(statement) {
                    guard !written.isEmpty else { continue }
                    lines += written
                    imported += 1
                    continue
                }
                switch statement {
                case .imports: continue
                case .unreadable(let reason, _): throw Unsupported(reason: reason)
                case .function(let name): throw Unsupported(reason: "`function \(name)`: a function's statements are not read (only arrow functions of one expression)")
                case .declaration(let name, let expression):
                    lines.append(try declaration(name, expression))
                case .destructuring(let names, let expression):
                    // `const [evens, odds] = partition(source, predicate)`: frp's `let` pair.
                    guard names.count == 2, case .call(.name("partition"), let arguments) = expression, arguments.count == 2,
                          case .arrow(let parameters, let body) = arguments[1] else {
                        throw Unsupported(reason: "a list taken apart into names, other than `const [a, b] = partition(source, predicate)`")
                    }
                    let condition = try function(parameters, body, accumulates: false, [:])
                    lines.append("let \(frpName(names[0])), \(frpName(names[1])) = " + (try pipeline(arguments[0], [:])) + " | partition " + condition)
                    for name in names { signals[name] = frpName(name) }
                case .expression(let expression):
                    guard let subscribed = try subscription(expression) else {
                        throw Unsupported(reason: "a statement that subscribes to nothing")
                    }
                    lines.append(subscribed)
                }
                imported += 1
            } catch {
                if case .declaration(let name, _) = statement { leftOutNames[name] = line }
                leftOut.append((line, error.reason))
                lines.append("# line \(line): left out: \(error.reason)")
            }
        }
        return Result(script: lines.joined(separator: "\n") + "\n", leftOut: leftOut, imported: imported)
    }

    /// `const NAME = EXPRESSION` as a run (`const s = x.subscribe(…)`), or a `let` of a
    /// signal or a value.
    mutating func declaration(_ name: String, _ expression: JSExpression) throws(Unsupported) -> String {
        if let subscribed = try subscription(expression) { return subscribed }
        if isSignal(expression) {
            let written = "let \(frpName(name)) = " + (try pipeline(expression, [:]))
            signals[name] = frpName(name)
            values[name] = nil
            return written
        }
        let written = "let \(frpName(name)) = " + (try value(expression, [:]))
        values[name] = frpName(name)
        signals[name] = nil
        return written
    }

    // MARK: Subscriptions

    /// `SIGNAL.subscribe(val => console.log(val))` as a run of the signal (what is logged,
    /// when it is not the value itself, mapped first); nil for anything that is not a
    /// subscription.
    private func subscription(_ expression: JSExpression) throws(Unsupported) -> String? {
        guard case .call(.member(let signal, "subscribe"), let arguments) = expression else { return nil }
        let run = try pipeline(signal, [:])
        guard let observer = arguments.first else { return run }
        if case .object(let fields) = observer {
            guard let next = fields.first(where: { $0.key == "next" })?.value else { return run }
            return try logged(next, run)
        }
        guard arguments.count == 1 else { throw Unsupported(reason: "a subscription with an error or completion callback") }
        return try logged(observer, run)
    }

    private func logged(_ observer: JSExpression, _ run: String) throws(Unsupported) -> String {
        if case .member(.name("console"), "log") = observer { return run }
        guard case .arrow(let names, let body) = observer, names.count == 1,
              case .call(.member(.name("console"), "log"), let logged) = body, logged.count == 1 else {
            throw Unsupported(reason: "a subscriber that does something else than `console.log` (frp's runs print what they send)")
        }
        if logged[0] == .name(names[0]) { return run }
        return run + " | map " + (try value(logged[0], [names[0]: "it"]))
    }

    // MARK: Signals

    private static let creations: Set<String> = [
        "of", "from", "interval", "timer", "range", "merge", "concat", "combineLatest", "zip", "forkJoin", "race", "throwError",
    ]

    func isSignal(_ expression: JSExpression) -> Bool {
        if isExportedSignal(expression) { return true }
        if case .name(let name) = expression, subjectPushes[name] != nil { return true }
        switch expression {
        case .name(let name): return signals[name] != nil || name == "EMPTY" || name == "NEVER"
        case .call(.name(let name), _): return Self.creations.contains(name)
        case .call(.member(_, "pipe"), _): return true
        default: return false
        }
    }

    /// A signal's expression as an frp pipeline; `names`: the arrow functions' parameters
    /// in scope, as frp reads them (`it`, `acc`, `error`).
    func pipeline(_ expression: JSExpression, _ names: [String: String]) throws(Unsupported) -> String {
        if let written = try exportedSource(expression, names) { return written }
        switch expression {
        case .name(let name):
            if let bound = names[name] { return bound }
            if subjectPushes[name] != nil { return try subjectSource(name, subscribed: statementIndex) }
            if let signal = signals[name] { return signal }
            if name == "EMPTY" { return "empty" }
            if name == "NEVER" { return "never" }
            if let line = leftOutNames[name] { throw Unsupported(reason: "`\(name)` was left out (line \(line))") }
            throw Unsupported(reason: "`\(name)` is not a signal the code made")
        case .call(.member(let source, "pipe"), let operators):
            return try pipeline(source, names) + " | " + (try stages(operators, names))
        case .call(.name(let name), let arguments):
            return try creation(name, arguments, names)
        case .conditional(let condition, let then, let otherwise):
            // A signal chosen by a value (`it > 2 ? timer(4) : timer(1)`).
            return "if \(Self.unparenthesised(try value(condition, names))) then (\(try pipeline(then, names))) else (\(try pipeline(otherwise, names)))"
        default:
            throw Unsupported(reason: "`\(Self.shown(expression))` is not read as a signal")
        }
    }

    private func creation(_ name: String, _ arguments: [JSExpression], _ names: [String: String]) throws(Unsupported) -> String {
        switch name {
        case "of":
            return arguments.isEmpty ? "empty" : "of " + (try arguments.map { argument throws(Unsupported) in try value(argument, names) }).joined(separator: ", ")
        case "from":
            // A list, or a value that is one (`from(it)`); not a text, a Promise, an iterable.
            guard arguments.count == 1, Self.mayBeList(arguments[0]) else { throw Unsupported(reason: "`from` of something else than an array (a Promise, an iterable)") }
            return "from " + (try value(arguments[0], names))
        case "interval":
            guard arguments.count == 1 else { throw Unsupported(reason: "`interval` with a scheduler") }
            return "interval " + (try duration(arguments[0], names))
        case "timer":
            guard (1...2).contains(arguments.count) else { throw Unsupported(reason: "`timer` with a scheduler") }
            return "timer " + (try arguments.map { argument throws(Unsupported) in try duration(argument, names) }).joined(separator: ", ")
        case "range":
            return "range " + (try arguments.map { argument throws(Unsupported) in try value(argument, names) }).joined(separator: ", ")
        case "throwError":
            guard arguments.count == 1, case .arrow([], let message) = arguments[0] else {
                throw Unsupported(reason: "`throwError` without `() => message`")
            }
            return "fail " + (try value(message, names))
        default:
            // merge, concat, combineLatest, zip, forkJoin, race: the first signal, then the
            // operator of the same name with the others.
            var signals = arguments
            if signals.count == 1, case .array(let listed) = signals[0] { signals = listed }
            guard let first = signals.first else { throw Unsupported(reason: "`\(name)` of no signal") }
            let rest = try signals.dropFirst().map { signal throws(Unsupported) in "(" + (try pipeline(signal, names)) + ")" }
            let head = try pipeline(first, names)
            guard !rest.isEmpty else { return head }
            return "\(head) | \(name) " + rest.joined(separator: ", ")
        }
    }

    // MARK: Operators

    /// RxJS's operators whose frp spelling is not found by name alone.
    private static let renamed: [String: String] = ["mergeWith": "merge", "concatWith": "concat", "raceWith": "race",
                                                    "zipWith": "zip", "combineLatestWith": "combineLatest", "catchError": "catch"]

    /// The operators of a `pipe(…)` as frp's stages: a call (or a few) whose shape is an
    /// operator's RxJS spelling (`SpellingPattern`) is that operator; another is read by
    /// its RxJS name.
    func stages(_ operators: [JSExpression], _ names: [String: String]) throws(Unsupported) -> String {
        var written: [String] = []
        var at = 0
        while at < operators.count {
            let call = operators[at]
            at += 1
            if let use = try definitionStage(call, names) {
                written.append(use)
                continue
            }
            if case .arrow = call, let (pattern, bound) = patterns[SpellingPattern.arrowKey]?.lazy.compactMap({ pattern in pattern.match(operators[(at - 1)...]).map { (pattern, $0) } }).first {
                written.append(try stage(pattern, bound, names))
                at += pattern.calls.count - 1
                continue
            }
            guard case .call(.name(let rxjsName), let arguments) = call else {
                throw Unsupported(reason: "`\(Self.shown(call))` is not an operator call")
            }
            // A function of nothing sends the same for every value: frp's `mapTo`, whose
            // argument is read once (so an enclosing function's value may be read there).
            if rxjsName == "map", arguments.count == 1, case .arrow([], let body) = arguments[0] {
                // One that reads a property reads it for each value (`map cell.size`).
                let readsProperty = properties.keys.contains { Self.mentions(body, $0) }
                written.append((readsProperty ? "map " : "mapTo ") + (try value(body, names)))
                continue
            }
            if let (pattern, bound) = patterns[rxjsName]?.lazy.compactMap({ pattern in pattern.match(operators[(at - 1)...]).map { (pattern, $0) } }).first {
                written.append(try stage(pattern, bound, names))
                at += pattern.calls.count - 1
                continue
            }
            if rxjsName == "tap" { throw Unsupported(reason: "`tap` runs a side effect, which frp's pipelines have not (`log` prints each event)") }
            written.append(try stage(rxjsName, arguments, names))
        }
        return written.joined(separator: " | ")
    }

    /// A stage of the shape of an operator's spelling, each hole read as its parameter's
    /// kind of argument.
    private func stage(_ pattern: SpellingPattern, _ bound: [String: SpellingPattern.Bound], _ names: [String: String]) throws(Unsupported) -> String {
        var positional: [String] = [], keywords: [String] = []
        for parameter in pattern.spec.positionalParameters + pattern.spec.keywordParameters {
            var given: [String] = []
            // The holes in the order they were made (a variadic parameter's values in order).
            for (hole, taken) in bound.sorted(by: { $0.key.count == $1.key.count ? $0.key < $1.key : $0.key.count < $1.key.count }) {
                guard let (hole, body) = pattern.holes[hole], hole.name == parameter.name else { continue }
                given.append(try argument(taken, hole, body: body, names))
            }
            given += pattern.flags.filter { $0.parameter.name == parameter.name }.map(\.value)
            guard !given.isEmpty else { continue }
            if let keyword = parameter.keyword { keywords.append(keyword + " " + given.joined(separator: ", ")) } else { positional.append(given.joined(separator: ", ")) }
        }
        return ([pattern.spec.name] + [positional.joined(separator: ", ")].filter { !$0.isEmpty } + keywords).joined(separator: " ")
    }

    /// What a spelling's hole took, as an argument of `parameter`'s kind.
    private func argument(_ bound: SpellingPattern.Bound, _ parameter: Parameter, body: Bool, _ names: [String: String]) throws(Unsupported) -> String {
        let code = bound.code
        if body {
            // A pipeline's body, in the scope of the spelling's arrows (`(error, it) => …`).
            var inner = Self.run(of: nil, as: "it", in: names)
            inner.merge(bound.scope) { $1 }
            return "(" + (try pipeline(code, inner)) + ")"
        }
        switch parameter.kind {
        case .perValue, .condition, .accumulator:
            guard case .arrow(let parameters, let body) = code else { throw Unsupported(reason: "`\(Self.shown(code))` where a function goes") }
            return try function(parameters, body, accumulates: parameter.kind == .accumulator, names)
        case .perValuePipeline, .errorPipeline, .durationOrPipeline:
            if case .arrow(let parameters, let body) = code {
                return "(" + (try pipeline(body, Self.run(of: parameters.first, as: parameter.kind == .errorPipeline ? "error" : "it", in: names))) + ")"
            }
            guard parameter.kind == .durationOrPipeline else { throw Unsupported(reason: "`\(Self.shown(code))` where a function goes") }
            return try duration(code, names)
        case .duration:
            return try duration(code, names)
        case .signal, .countOrSignal:
            if case .arrow([], let body) = code { return "(" + (try pipeline(body, names)) + ")" }
            return isSignal(code) || parameter.kind == .signal ? "(" + (try pipeline(code, names)) + ")" : try value(code, names)
        default:
            return try value(code, names)
        }
    }

    /// A call read by its RxJS name: the catalogue's operator of that name (or that says
    /// RxJS calls it so), its arguments placed by their kinds.
    private func stage(_ rxjsName: String, _ arguments: [JSExpression], _ names: [String: String]) throws(Unsupported) -> String {
        let name = Self.renamed[rxjsName] ?? rxjsName
        guard let spec = catalogue[name] ?? catalogue.elsewhere(name).map({ $0.spec }), spec.role == .operator else {
            throw Unsupported(reason: "frp has no operator for RxJS's `\(rxjsName)`")
        }
        // `undefined` is an argument not given (`first(undefined, d)`); the export's `eq` is
        // frp's own equality (`distinctUntilChanged(eq)`).
        let given = arguments.filter { $0 != .name("undefined") && !(exported && $0 == .name("eq")) }
        var functions = given.filter { if case .arrow = $0 { true } else { false } }
        var others = given.filter { if case .arrow = $0 { false } else { true } }
        // RxJS's options (`{leading: true, trailing: true}`) as frp's keyword arguments.
        var keywords: [String] = []
        if let options = others.last, case .object(let fields) = options, !fields.isEmpty,
           fields.allSatisfy({ field in spec.keywordParameters.contains { $0.keyword == field.key } }) {
            others.removeLast()
            for field in fields { keywords.append(field.key + " " + (try value(field.value, names))) }
        }
        var written: [String] = []
        for parameter in spec.positionalParameters {
            switch parameter.kind {
            case .perValue, .condition, .accumulator:
                guard !functions.isEmpty, case .arrow(let parameters, let body) = functions.removeFirst() else { continue }
                written.append(try function(parameters, body, accumulates: parameter.kind == .accumulator, names))
            case .perValuePipeline, .errorPipeline:
                guard !functions.isEmpty, case .arrow(let parameters, let body) = functions.removeFirst() else { continue }
                written.append("(" + (try pipeline(body, Self.run(of: parameters.first, as: parameter.kind == .errorPipeline ? "error" : "it", in: names))) + ")")
            case .durationOrPipeline:
                if !functions.isEmpty, case .arrow(let parameters, let body) = functions.removeFirst() {
                    written.append("(" + (try pipeline(body, Self.run(of: parameters.first, as: "it", in: names))) + ")")
                } else if !others.isEmpty {
                    written.append(try duration(others.removeFirst(), names))
                }
            case .duration:
                if !others.isEmpty { written.append(try duration(others.removeFirst(), names)) }
            case .signal where others.isEmpty && !functions.isEmpty:
                // RxJS's `bufferWhen(() => timer(1000))`: a function of nothing that makes the
                // signal, which frp runs anew as its signal argument is.
                guard case .arrow([], let body) = functions.removeFirst() else { throw Unsupported(reason: "`\(rxjsName)` is given a function of a value where frp takes a signal") }
                written.append("(" + (try pipeline(body, names)) + ")")
            case .signal:
                while !others.isEmpty, parameter.isVariadic || written.count < 1 {
                    written.append("(" + (try pipeline(others.removeFirst(), names)) + ")")
                    if !parameter.isVariadic { break }
                }
            case .countOrSignal:
                guard !others.isEmpty else { continue }
                let argument = others.removeFirst()
                written.append(isSignal(argument) ? "(" + (try pipeline(argument, names)) + ")" : try value(argument, names))
            case .value, .count, .text, .flag:
                if parameter.isVariadic {
                    while !others.isEmpty { written.append(try value(others.removeFirst(), names)) }
                } else if !others.isEmpty {
                    written.append(try value(others.removeFirst(), names))
                }
            case .marble, .marbleValues, .action:
                continue
            }
        }
        // What is left goes to the keyword parameters of values, in order (`first(p, d)`:
        // `first p default d`).
        for parameter in spec.keywordParameters where !others.isEmpty && [.value, .count, .text].contains(parameter.kind) {
            if let keyword = parameter.keyword { keywords.append(keyword + " " + (try value(others.removeFirst(), names))) }
        }
        guard functions.isEmpty, others.isEmpty else {
            throw Unsupported(reason: "`\(rxjsName)` is given arguments frp's `\(spec.name)` does not take (\(arguments.count) here)")
        }
        return ([spec.name] + [written.joined(separator: ", ")].filter { !$0.isEmpty } + keywords).joined(separator: " ")
    }

    /// The names in scope inside a run's pipeline made for each value: its parameter is the
    /// run's value (`it`, `error`), and an enclosing run's `it` is out of reach there.
    static func run(of parameter: String?, as name: String, in names: [String: String]) -> [String: String] {
        var inner = names.mapValues { $0 == "it" || $0 == "error" ? outer : $0 }
        if let parameter { inner[parameter] = name }
        return inner
    }

    /// What an enclosing function's parameter is inside a function read for each value: not
    /// to be read there.
    private static let outer = "\u{0}outer"

    /// An arrow function's body as an frp expression of `it` (and `acc`, for an
    /// accumulator's two parameters); the enclosing functions' parameters are out of reach.
    func function(_ parameters: [String], _ body: JSExpression, accumulates: Bool,
                          _ names: [String: String]) throws(Unsupported) -> String {
        var bound = names.mapValues { _ in Self.outer }
        if accumulates {
            guard parameters.count >= 2 else { throw Unsupported(reason: "an accumulator function without `(acc, value)`") }
            bound[parameters[0]] = "acc"
            bound[parameters[1]] = "it"
            if parameters.count > 2 { bound[parameters[2]] = nil }
        } else if parameters.first?.contains("#") == true {
            // `([a, b]) => …`: the items of the value, a list.
            for item in parameters {
                guard let mark = item.firstIndex(of: "#") else { break }
                let part = item[item.index(after: mark)...]
                bound[String(item[..<mark])] = part.hasPrefix(".") ? "it\(part)" : "it[\(part)]"
            }
        } else if let first = parameters.first {
            bound[first] = "it"
        }
        for index in parameters.dropFirst(accumulates ? 2 : 1) where !index.contains("#") && Self.mentions(body, index) {
            throw Unsupported(reason: "a function that reads the value's index (`\(index)`): frp's expressions see the value, not its place")
        }
        let written = try value(body, bound)
        // A signal stays in its parentheses: that is how frp reads one as a value.
        if isSignal(body) { return written }
        if case .conditional(_, let then, let otherwise) = body, isSignal(then) || isSignal(otherwise) { return written }
        return Self.unparenthesised(written)
    }

    // MARK: Values

    private func duration(_ expression: JSExpression, _ names: [String: String]) throws(Unsupported) -> String {
        switch expression {
        case .number(let milliseconds): return Self.number(milliseconds) + "ms"
        case .binary("*", let factor, .number(let milliseconds)): return (try value(factor, names)) + " * " + Self.number(milliseconds) + "ms"
        default: return Self.parenthesised(try value(expression, names)) + " * 1ms"
        }
    }

    private static let operators = ["===": "==", "==": "==", "!==": "!=", "!=": "!=", "&&": "and", "||": "or", "??": "??",
                                    "<": "<", "<=": "<=", ">": ">", ">=": ">=", "+": "+", "-": "-", "*": "*", "/": "/", "%": "%"]

    /// An expression as frp writes it; `names`: the arrow functions' parameters in scope.
    func value(_ expression: JSExpression, _ names: [String: String]) throws(Unsupported) -> String {
        if let written = try exportedValue(expression, names) { return written }
        // A signal as a value (`map((it) => cold("-x|"))`, `of(a$, b$)`): a pipeline.
        if case .call = expression, isSignal(expression) { return "(" + (try pipeline(expression, names)) + ")" }
        if case .conditional(_, let then, let otherwise) = expression, isSignal(then) || isSignal(otherwise) {
            return "(" + (try pipeline(expression, names)) + ")"
        }
        if case .name(let name) = expression, names[name] == nil, values[name] == nil, isSignal(expression) {
            return "(" + (try pipeline(expression, names)) + ")"
        }
        switch expression {
        case .number(let number): return Self.number(number)
        case .string(let text): return Self.quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .name("undefined"): return "null"
        case .name(let name):
            if let bound = names[name] {
                guard bound != Self.outer else {
                    throw Unsupported(reason: "`\(name)`, a value from outside the function, read for each value of an inner signal "
                                      + "(frp's `it` there is the inner value; the outer one is read only where an argument is read once, `mapTo`)")
                }
                return bound
            }
            if let constant = values[name] { return constant }
            throw Unsupported(reason: "`\(name)` is not a value frp knows here (a variable outside the pipeline?)")
        case .member(let base, "length"): return "length(\(try value(base, names)))"
        case .member(let base, let field): return Self.parenthesised(try value(base, names)) + "." + field
        case .index(let base, let index): return Self.parenthesised(try value(base, names)) + "[\(try value(index, names))]"
        case .unary("!", .unary("!", _)): throw Unsupported(reason: "truthiness (`!!`): frp's conditions are true or false, never a value read as one")
        case .unary("!", let operand): return "not " + Self.parenthesised(try value(operand, names))
        case .unary(_, let operand): return "-" + Self.parenthesised(try value(operand, names))
        case .binary(let op, let left, let right):
            guard let written = Self.operators[op] else { throw Unsupported(reason: "the operator `\(op)`") }
            return "(\(try value(left, names)) \(written) \(try value(right, names)))"
        case .conditional(let condition, let then, let otherwise):
            return "(if \(try value(condition, names)) then \(try value(then, names)) else \(try value(otherwise, names)))"
        case .template(let pieces):
            guard !pieces.isEmpty else { return "\"\"" }
            return "(" + (try pieces.map { piece throws(Unsupported) -> String in
                switch piece {
                case .text(let text): return Self.quoted(text)
                case .expression(let inner): return "string(\(try value(inner, names)))"
                }
            }).joined(separator: " + ") + ")"
        case .array(let items):
            return "[" + (try items.map { item throws(Unsupported) in try value(item, names) }).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + (try fields.map { field throws(Unsupported) in
                (Self.isPlainKey(field.key) ? field.key : Self.quoted(field.key)) + ": " + (try value(field.value, names))
            }).joined(separator: ", ") + "}"
        case .call(.name("String"), let arguments) where arguments.count == 1: return "string(\(try value(arguments[0], names)))"
        case .call(.member(.name("Object"), "keys"), let arguments) where arguments.count == 1: return "keys(\(try value(arguments[0], names)))"
        case .call(.member(let base, let method), let arguments) where Self.methods[method] != nil:
            return try self.method(method, of: base, arguments, names)
        case .call(.name("Number"), let arguments) where arguments.count == 1: return "number(\(try value(arguments[0], names)))"
        case .call(let function, _):
            throw Unsupported(reason: "`\(Self.shown(function))(…)` has no frp function")
        case .arrow, .block:
            throw Unsupported(reason: "a function where a value goes")
        case .construct(let type, _):
            throw Unsupported(reason: "`new \(type)(…)`: frp makes no objects")
        }
    }

    /// JavaScript's methods of lists and texts that frp has a function for, and how many
    /// arguments each takes there.
    private static let methods: [String: ClosedRange<Int>] = ["join": 0...1, "slice": 1...2, "includes": 1...1, "map": 1...1,
                                                              "filter": 1...1, "toString": 0...0]

    /// `list.join(", ")` as `join(list, ", ")`; `list.map(x => …)` as `each(list, …)`,
    /// `filter` as `keep`, `includes` as `contains`: the same result in both.
    private func method(_ method: String, of base: JSExpression, _ arguments: [JSExpression],
                        _ names: [String: String]) throws(Unsupported) -> String {
        guard Self.methods[method]?.contains(arguments.count) == true else {
            throw Unsupported(reason: "`.\(method)(…)` with \(arguments.count) arguments")
        }
        let target = try value(base, names)
        switch method {
        case "map", "filter":
            guard case .arrow(let parameters, let body) = arguments[0] else { throw Unsupported(reason: "`.\(method)(…)` of something else than an arrow function") }
            return "\(method == "map" ? "each" : "keep")(\(target), \(try function(parameters, body, accumulates: false, names)))"
        case "join":
            // JavaScript joins with "," when given no separator; frp with nothing.
            return "join(\(target), \(arguments.isEmpty ? "\",\"" : try value(arguments[0], names)))"
        case "toString":
            return "string(\(target))"
        default:
            let rest = try arguments.map { argument throws(Unsupported) in try value(argument, names) }
            return "\(method == "includes" ? "contains" : method)(" + ([target] + rest).joined(separator: ", ") + ")"
        }
    }

    // MARK: Writing

    private static func number(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    }

    static func quoted(_ text: String) -> String {
        var written = "\""
        for character in text {
            switch character {
            case "\"": written += "\\\""
            case "\\": written += "\\\\"
            case "\n": written += "\\n"
            default: written.append(character)
            }
        }
        return written + "\""
    }

    private static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.first, first.isLetter || first == "_" else { return false }
        return key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// An expression that a `.`, `[` or `not` would otherwise take part of (`not x`,
    /// `-x`), in parentheses; binary operations and conditionals are written in theirs.
    static func parenthesised(_ text: String) -> String {
        text.hasPrefix("not ") || text.hasPrefix("-") ? "(\(text))" : text
    }

    /// An argument without the parentheses around all of it: after an operator's name,
    /// `(…)` is a pipeline (`map (it[0] and it[1])` would not read `it`).
    static func unparenthesised(_ text: String) -> String {
        guard text.hasPrefix("("), text.hasSuffix(")") else { return text }
        var depth = 0, quoted = false, escaped = false
        for (offset, character) in text.enumerated() {
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                continue
            }
            switch character {
            case "\"": quoted = true
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 && offset < text.count - 1 { return text }
            default: break
            }
        }
        return String(text.dropFirst().dropLast())
    }

    private static func mayBeList(_ expression: JSExpression) -> Bool {
        switch expression {
        case .array, .name, .member, .index: true
        default: false
        }
    }

    static func mentions(_ expression: JSExpression, _ name: String) -> Bool {
        "\(expression)".contains("name(\"\(name)\")")
    }

    private static func shown(_ expression: JSExpression) -> String {
        switch expression {
        case .name(let name): name
        case .member(let base, let field): shown(base) + "." + field
        case .call(let function, _): shown(function) + "(…)"
        default: "…"
        }
    }
}

import Export
import Language

/// A file `frp export --to rxjs` wrote, read back: the round trip. Its prelude is known word
/// for word (`RxJSExport.withoutPrelude`), so what follows it is read with the prelude's
/// names as what they stand for: each `expectMarble` an `expect`, each `showRun` a run, the
/// recorded services frp's own, each definition made with `pipe` a `def`, a
/// `BehaviorSubject` a `var`, and the helpers that keep frp's meaning in JavaScript (`eq`,
/// `add`, `fn.length`) frp's operators and functions again. Tests/Import exports every
/// script of Tests/Scripts and Examples, imports it and checks the events are the same.
extension RxJSImport {
    /// One statement of an exported file, as frp statements (empty for one that is part
    /// of the export's machinery); nil for a statement to read as any RxJS code.
    mutating func exportedStatement(_ statement: JSStatement) throws(Unsupported) -> [String]? {
        switch statement {
        case .unreadable(_, let name?) where name == RxJSExport.recordingTable || name == RxJSExport.recordingFunction:
            return []
        case .declaration(let name, _) where name == RxJSExport.recordingTable || name == RxJSExport.recordingFunction:
            return []
        case .declaration(let name, .call(.name(RxJSExport.recordingFunction), let arguments)):
            // `const search = service("search")`: frp's service of that name.
            guard arguments.count == 1, case .string(let service) = arguments[0] else { return nil }
            services[name] = service
            return []
        case .declaration(let name, .arrow(let parameters, .call(.name("pipe"), let stages))):
            return [try definition(name, parameters, stages)]
        case .expression(.call(.name("expectMarble"), let arguments)):
            guard arguments.count == 7, case .arrow(_, let make) = arguments[2], case .string(let marble) = arguments[3] else {
                throw Unsupported(reason: "an `expectMarble` not as `frp export` writes it")
            }
            var written = try made(make)
            var expect = "expect " + written.removeLast() + " emits " + Self.quoted(marble)
            if arguments[4] != .name("undefined") { expect += " " + (try value(arguments[4], [:])) }
            if case .string(let message) = arguments[5] { expect += " error " + Self.quoted(message) }
            return written + [expect]
        case .expression(.call(.name("showRun"), let arguments)):
            guard arguments.count == 3, case .arrow(_, let make) = arguments[2] else {
                throw Unsupported(reason: "a `showRun` not as `frp export` writes it")
            }
            return try made(make)
        default:
            return nil
        }
    }

    /// A test's function (`({ cold, hot }) => { const …; return P; }`): its constants as
    /// `let`s and `var`s, then P's pipeline last.
    private mutating func made(_ make: JSExpression) throws(Unsupported) -> [String] {
        guard case .block(let statements, let result) = make else { return [try pipeline(make, [:])] }
        var written: [String] = []
        // A property waits for the pipeline bound to it, which comes after the constants.
        var unbound: [(name: String, initial: String)] = []
        var settingsAfter: [String: [String]] = [:]
        for statement in statements {
            switch statement {
            case .declaration(let name, .construct("BehaviorSubject", let initial)) where initial.count == 1:
                properties[name] = frpName(name)
                // `setIn(setIn(R, ["a", "b"], 3), ["c"], 4)`: R, then `NAME.a.b := 3`, `NAME.c := 4`.
                var record = initial[0], settings: [String] = []
                while case .call(.name("setIn"), let parts) = record, parts.count == 3, case .array(let path) = parts[1] {
                    let fields = try path.map { field throws(Unsupported) -> String in
                        guard case .string(let text) = field else { throw Unsupported(reason: "a property's field named by a computed path") }
                        return text
                    }
                    settings.insert("\(frpName(name)).\(fields.joined(separator: ".")) := " + (try value(parts[2], [:])), at: 0)
                    record = parts[0]
                }
                unbound.append((name, try value(record, [:])))
                settingsAfter[name] = settings
            case .declaration(let name, let expression):
                written.append(try declaration(name, expression))
            case .expression(.call(.member(let source, "subscribe"), let observer)):
                // `P.subscribe({ next: (value) => NAME.next(value), error: () => {} })`: NAME <- P.
                guard observer.count == 1, case .object(let fields) = observer[0],
                      case .arrow(_, .call(.member(.name(let name), "next"), _))? = fields.first(where: { $0.key == "next" })?.value,
                      let index = unbound.firstIndex(where: { $0.name == name }) else {
                    throw Unsupported(reason: "a subscription inside a test other than a property's binding")
                }
                let initial = unbound.remove(at: index).initial
                written.append("var \(frpName(name))" + (initial == "null" ? "" : " = " + initial) + " <- " + (try pipeline(source, [:])))
            default:
                throw Unsupported(reason: "a statement in a test that is not a constant or a property's binding")
            }
        }
        let properties = unbound.flatMap { ["var \(frpName($0.name)) = \($0.initial)"] + (settingsAfter[$0.name] ?? []) }
        return properties + written + [try pipeline(result, [:])]
    }

    /// `const above = (n) => pipe(filter(…))`: `def above(n) = filter …`.
    private mutating func definition(_ name: String, _ parameters: [String], _ stages: [JSExpression]) throws(Unsupported) -> String {
        let saved = values
        defer { values = saved }
        for parameter in parameters { values[parameter] = frpName(parameter) }
        let written = try self.stages(stages, [:])
        definitions[name] = frpName(name)
        let listed = parameters.isEmpty ? "" : "(" + parameters.map(frpName).joined(separator: ", ") + ")"
        return "def \(frpName(name))\(listed) = " + written
    }

    // MARK: The prelude's names

    /// A source the export writes with its own names: a marble (`cold`, `hot`), a recorded
    /// service, a property, a value that may be a signal (`signalOf`); nil for another.
    func exportedSource(_ expression: JSExpression, _ names: [String: String]) throws(Unsupported) -> String? {
        switch expression {
        case .name(let name):
            return names[name] == nil ? properties[name] : nil
        case .call(.name(let kind), let arguments) where (kind == "cold" || kind == "hot") && names[kind] == nil:
            guard (1...3).contains(arguments.count), case .string(let marble) = arguments[0] else {
                throw Unsupported(reason: "`\(kind)` without a marble")
            }
            var written = kind + " " + Self.quoted(marble)
            if arguments.count > 1, arguments[1] != .name("undefined") { written += " " + (try value(arguments[1], names)) }
            if arguments.count > 2, case .string(let message) = arguments[2] { written += " error " + Self.quoted(message) }
            return written
        case .call(.name(let function), let arguments) where services[function] != nil:
            let service = services[function] ?? function
            let given = try arguments.map { argument throws(Unsupported) in try value(argument, names) }
            return ([service] + [given.joined(separator: ", ")].filter { !$0.isEmpty }).joined(separator: " ")
        case .call(.name("signalOf"), let arguments) where arguments.count == 1:
            return Self.parenthesised(try value(arguments[0], names))
        case .member(.member(let action, "run"), let view) where Self.actionViews.contains(view):
            // An action's view (`like.run.errors`): `errors like`.
            let written = try pipeline(action, names)
            return view + " " + (written.contains(" ") ? "(\(written))" : written)
        default:
            return nil
        }
    }

    /// Whether the export's names make `expression` a signal.
    func isExportedSignal(_ expression: JSExpression) -> Bool {
        switch expression {
        case .name(let name): return properties[name] != nil
        case .call(.name(let name), _): return name == "cold" || name == "hot" || name == "signalOf" || services[name] != nil
        case .member(.member(_, "run"), let view): return Self.actionViews.contains(view)
        default: return false
        }
    }

    /// The views of an action the actions' prelude gives (`action.run.executing`), each
    /// frp's source of that name.
    static let actionViews: Set<String> = ["executions", "executing", "errors", "enabled"]

    /// A definition used as a stage (`above(90)`): `above 90`; an action (`actionOf(…)`).
    func definitionStage(_ call: JSExpression, _ names: [String: String]) throws(Unsupported) -> String? {
        if exported, case .call(.name("actionOf"), let arguments) = call, (1...2).contains(arguments.count),
           case .arrow(let parameters, let body) = arguments[0] {
            var written = "action (" + (try pipeline(body, Self.run(of: parameters.first, as: "it", in: names))) + ")"
            if arguments.count == 2 { written += " enabledBy (" + (try pipeline(arguments[1], names)) + ")" }
            return written
        }
        guard case .call(.name(let name), let arguments) = call, let defined = definitions[name] else { return nil }
        let given = try arguments.map { argument throws(Unsupported) in try value(argument, names) }
        return ([defined] + [given.joined(separator: ", ")].filter { !$0.isEmpty }).joined(separator: " ")
    }

    /// The helpers that keep frp's meaning in JavaScript (`eq(a, b)`, `add`, `fn.length(x)`)
    /// as frp's operators and functions; a property's `.value` as the property; nil for
    /// another expression.
    func exportedValue(_ expression: JSExpression, _ names: [String: String]) throws(Unsupported) -> String? {
        switch expression {
        case .member(.name(let name), "value") where properties[name] != nil && names[name] == nil:
            return properties[name]
        case .unary("!", .call(.name("eq"), let operands)) where operands.count == 2:
            return "(\(try value(operands[0], names)) != \(try value(operands[1], names)))"
        case .call(.name(let helper), let operands) where operands.count == 2 && names[helper] == nil:
            guard let written = Self.helpers[helper] else { return nil }
            return "(\(try value(operands[0], names)) \(written) \(try value(operands[1], names)))"
        case .call(.member(.name("fn"), "own"), let arguments) where arguments.count == 2:
            guard case .string(let field) = arguments[1] else { return nil }
            return Self.parenthesised(try value(arguments[0], names)) + "." + field
        case .call(.member(.name("fn"), let name), let arguments) where Function.named[name] != nil:
            var written: [String] = []
            for argument in arguments {
                if case .arrow(let parameters, let body) = argument {
                    // A per-item function's expression (`each(list, it * 2)`): `it` the item.
                    written.append(try function(parameters, body, accumulates: false, names))
                } else {
                    written.append(try value(argument, names))
                }
            }
            return "\(name)(\(written.joined(separator: ", ")))"
        default:
            return nil
        }
    }

    /// The prelude's functions for frp's binary operators.
    private static let helpers = ["eq": "==", "add": "+", "div": "/", "rem": "%", "matches": "matches"]
}

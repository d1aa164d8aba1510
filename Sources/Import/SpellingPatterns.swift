import Language

/// The catalogue's RxJS spellings read backwards: each operator's `.rxjs { … }` is written
/// once with holes for its arguments (`throttleTime(⟨0⟩, undefined, {leading: true,
/// trailing: ⟨1⟩})`), for each way its optional parameters may be given, and parsed; an
/// RxJS stage that has the same shape is that operator, each hole its argument. So what
/// `frp export` writes comes back as the operator it came from, and nothing is said twice:
/// a new operator's spelling is its import too. The holes are names no code writes.
struct SpellingPattern {
    /// The calls the spelling writes (one, or a few: `ignoreElements(), concatWith(⟨0⟩)`).
    let calls: [JSExpression]
    let spec: OperatorSpec
    /// Each hole's parameter, and whether it stands for a pipeline's body alone.
    let holes: [String: (parameter: Parameter, body: Bool)]
    /// The flags written as a literal (`true`/`false`), by parameter.
    let flags: [(parameter: Parameter, value: String)]

    /// What a hole has taken: the code, and the names the arrows around it bind there
    /// (the spelling's `(error, it) => ⟨body⟩` binds the code's own parameter names).
    struct Bound {
        let code: JSExpression
        let scope: [String: String]
    }

    /// The key of the spellings that are a function of the source (`(source) => …`).
    static let arrowKey = "=>"

    static func hole(_ index: Int) -> String { "__frp_hole_\(index)__" }

    /// How much the spelling writes besides its holes: its syntax tree's nodes.
    var size: Int { calls.reduce(0) { $0 + Self.size($1) } }

    /// Whether the operator is the spelling's own first call (`filter` for `filter(…)`).
    var isNamed: Bool {
        if case .call(.name(let name), _)? = calls.first { name == spec.name } else { false }
    }

    private static func size(_ expression: JSExpression) -> Int {
        switch expression {
        case .member(let base, _): 1 + size(base)
        case .index(let a, let b), .binary(_, let a, let b): 1 + size(a) + size(b)
        case .call(let function, let arguments): 1 + size(function) + arguments.reduce(0) { $0 + size($1) }
        case .construct(_, let arguments), .array(let arguments): 1 + arguments.reduce(0) { $0 + size($1) }
        case .arrow(_, let body), .unary(_, let body): 1 + size(body)
        case .conditional(let a, let b, let c): 1 + size(a) + size(b) + size(c)
        case .object(let fields): 1 + fields.reduce(0) { $0 + 1 + size($1.value) }
        case .name(let name) where name.hasPrefix("__frp_hole_"): 0
        default: 1
        }
    }

    /// The patterns of every operator with an RxJS spelling, by the name of their first
    /// call, most calls first (a longer spelling is tried before a shorter one inside it).
    static func index(_ catalogue: Catalogue) -> [String: [SpellingPattern]] {
        var found: [String: [SpellingPattern]] = [:]
        for spec in catalogue.specs where spec.role == .operator && spec.name != Parser.pairOperator {
            guard let spelling = spec.rxjs?.writing else { continue }
            for pattern in patterns(spec, spelling) {
                switch pattern.calls.first {
                case .call(.name(let first), _)?: found[first, default: []].append(pattern)
                case .arrow?: found[arrowKey, default: []].append(pattern)
                default: continue
                }
            }
        }
        // Where two match, the one with more calls, then more written around its holes
        // (`repeat({count: ⟨0⟩, delay: ⟨1⟩})` before `repeat(⟨0⟩)`), then the operator of
        // the call's own name (`filter` before `partition`, which frp writes with `filter`).
        return found.mapValues { patterns in
            patterns.sorted { a, b in
                if a.calls.count != b.calls.count { return a.calls.count > b.calls.count }
                if a.size != b.size { return a.size > b.size }
                return a.isNamed && !b.isNamed
            }
        }
    }

    /// The most optional parameters whose ways are all tried.
    private static let optionalLimit = 5

    private static func patterns(_ spec: OperatorSpec, _ spelling: RxJSSpelling) -> [SpellingPattern] {
        let parameters = spec.positionalParameters + spec.keywordParameters
        guard !parameters.contains(where: { [.marble, .marbleValues, .action].contains($0.kind) }) else { return [] }
        // Each parameter's ways: absent (when optional), and each way it is written.
        var choices: [[Way]] = [[]]
        for parameter in parameters {
            var ways: [Way] = parameter.isOptional ? [.absent] : []
            switch parameter.kind {
            case .flag: ways += [.flag("true"), .flag("false")]
            case .durationOrPipeline, .countOrSignal: ways += [.given, .pipeline]
            default: ways += parameter.isVariadic ? [.given, .several(2), .several(3)] : [.given]
            }
            choices = choices.flatMap { chosen in ways.map { chosen + [$0] } }
        }
        guard parameters.filter(\.isOptional).count <= optionalLimit else { return [] }
        return choices.compactMap { ways in pattern(spec, spelling, parameters, ways) }
    }

    private enum Way: Equatable {
        case absent, given, pipeline, flag(String), several(Int)
    }

    private static func pattern(_ spec: OperatorSpec, _ spelling: RxJSSpelling, _ parameters: [Parameter], _ ways: [Way]) -> SpellingPattern? {
        var written: [String: String] = [:], bodies: [String: String] = [:], pipelines: Set<String> = [], counts: [String: Int] = [:]
        var holes: [String: (parameter: Parameter, body: Bool)] = [:], flags: [(parameter: Parameter, value: String)] = []
        func hole(_ parameter: Parameter, body: Bool = false) -> String {
            let name = Self.hole(holes.count)
            holes[name] = (parameter, body)
            return name
        }
        for (parameter, way) in zip(parameters, ways) {
            switch way {
            case .absent: continue
            case .flag(let value):
                written[parameter.name] = value
                flags.append((parameter, value))
            case .several(let count):
                written[parameter.name] = (0..<count).map { _ in hole(parameter) }.joined(separator: ", ")
                counts[parameter.name] = count
            case .pipeline:
                pipelines.insert(parameter.name)
                bodies[parameter.name] = hole(parameter, body: true)
                written[parameter.name] = parameter.kind == .countOrSignal ? bodies[parameter.name]! : hole(parameter)
            case .given:
                if [.perValuePipeline, .errorPipeline].contains(parameter.kind) {
                    bodies[parameter.name] = hole(parameter, body: true)
                    pipelines.insert(parameter.name)
                }
                written[parameter.name] = hole(parameter)
            }
        }
        guard let text = spelling(WrittenArguments(written: written, bodies: bodies, pipelines: pipelines, counts: counts)) else { return nil }
        var parser = JSParser("[" + text + "]")
        guard case .array(let calls)? = try? parser.expression(), !calls.isEmpty else { return nil }
        return SpellingPattern(calls: calls, spec: spec, holes: holes, flags: flags)
    }

    /// Whether `code` has this pattern's shape; what each hole took.
    func match(_ code: ArraySlice<JSExpression>) -> [String: Bound]? {
        guard code.count >= calls.count else { return nil }
        var bound: [String: Bound] = [:]
        for (template, actual) in zip(calls, code) {
            guard match(template, actual, [:], &bound) else { return nil }
        }
        return bound
    }

    private func match(_ template: JSExpression, _ actual: JSExpression, _ scope: [String: String], _ bound: inout [String: Bound]) -> Bool {
        if case .name(let name) = template, holes[name] != nil {
            if let earlier = bound[name] { return earlier.code == actual }
            bound[name] = Bound(code: actual, scope: scope)
            return true
        }
        switch (template, actual) {
        case (.arrow(let names, let body), .arrow(let given, let code)):
            // The code's parameters are what the spelling's stand for (`it`, `error`).
            guard names.count == given.count else { return false }
            var inner = scope
            for (name, parameter) in zip(names, given) { inner[parameter] = name }
            return match(body, code, inner, &bound)
        case (.name(let a), .name(let b)): return scope[b].map { $0 == a } ?? (a == b)
        case (.member(let a, let x), .member(let b, let y)): return x == y && match(a, b, scope, &bound)
        case (.index(let a, let x), .index(let b, let y)): return match(a, b, scope, &bound) && match(x, y, scope, &bound)
        case (.call(let f, let xs), .call(let g, let ys)):
            guard xs.count == ys.count, match(f, g, scope, &bound) else { return false }
            return zip(xs, ys).allSatisfy { match($0, $1, scope, &bound) }
        case (.construct(let a, let xs), .construct(let b, let ys)):
            return a == b && xs.count == ys.count && zip(xs, ys).allSatisfy { match($0, $1, scope, &bound) }
        case (.array(let xs), .array(let ys)):
            return xs.count == ys.count && zip(xs, ys).allSatisfy { match($0, $1, scope, &bound) }
        case (.object(let xs), .object(let ys)):
            return xs.count == ys.count && zip(xs, ys).allSatisfy { $0.key == $1.key && match($0.value, $1.value, scope, &bound) }
        case (.unary(let a, let x), .unary(let b, let y)): return a == b && match(x, y, scope, &bound)
        case (.binary(let a, let x1, let x2), .binary(let b, let y1, let y2)):
            return a == b && match(x1, y1, scope, &bound) && match(x2, y2, scope, &bound)
        case (.conditional(let a, let b, let c), .conditional(let x, let y, let z)):
            return match(a, x, scope, &bound) && match(b, y, scope, &bound) && match(c, z, scope, &bound)
        default:
            return template == actual
        }
    }
}

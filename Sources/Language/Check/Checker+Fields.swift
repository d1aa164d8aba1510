/// The checker's knowledge of record fields: where the records flowing through a pipeline
/// have fields it knows (a photo service's replies, a record literal, `map {…}`), a field
/// of `it` not among them is reported before anything runs, with the closest name — the
/// run would only fail when the first value came (`popular | map nmae`, 500 ms later).
/// Where it does not know, it says nothing: a field may be missing on purpose (`it.x ?? 0`).
extension Checker {
    /// The fields of every value the head sends, when each is a record the checker knows.
    func recordFields(of head: CheckedHead) -> [String]? {
        switch head {
        case .source(let stage):
            if let fields = stage.spec.recordFields { return fields }
            // `of {name: "a"}, {name: "b", n: 1}`: a creating source's record arguments.
            guard stage.spec.family == .creating else { return nil }
            let values = stage.arguments.compactMap { argument -> CheckedExpression? in
                if case .expression(let expression) = argument { return expression }
                return nil
            }
            let fields = values.map(Self.recordFields(of:))
            guard !fields.isEmpty, fields.allSatisfy({ $0 != nil }) else { return nil }
            return Self.union(fields.compactMap { $0 })
        case .binding(_, let pipeline):
            return recordFields(of: pipeline)
        case .value(let expression):
            return Self.recordFields(of: expression)
        case .property, .propertyField:
            return nil
        }
    }

    /// The fields of what a checked pipeline sends at its end, when known.
    func recordFields(of pipeline: CheckedPipeline) -> [String]? {
        pipeline.stages.reduce(recordFields(of: pipeline.head)) { fields, stage in recordFields(after: stage, given: fields) }
    }

    /// The fields of what a stage sends, given those of what it receives: the same when it
    /// passes its values on; a record literal's when it makes each value into one (`map {…}`).
    func recordFields(after stage: CheckedStage, given fields: [String]?) -> [String]? {
        if stage.spec.passesValues { return fields }
        guard case .transform(let parameter)? = stage.spec.fusion,
              let index = stage.spec.argumentOrder.firstIndex(of: parameter), index < stage.arguments.count,
              case .expression(let expression) = stage.arguments[index] else { return nil }
        return Self.recordFields(of: expression)
    }

    /// A record literal's fields (`{name: it.name, n: 1}`), nil for any other expression.
    static func recordFields(of expression: CheckedExpression) -> [String]? {
        switch expression {
        case .record(let fields, _): return fields.map(\.0)
        case .constant(.record(let record)): return record.fields.map(\.name)
        default: return nil
        }
    }

    private static func union(_ lists: [[String]]) -> [String] {
        var seen = Set<String>()
        return lists.joined().filter { seen.insert($0).inserted }
    }

    /// Whether `it` may have the field `name` here; reports it (with the closest field) when
    /// the fields of `it` are known and it is not among them.
    mutating func knownField(_ name: String, _ range: SourceRange, _ scope: Scope) -> Bool {
        guard let fields = scope.itFields, !fields.contains(name) else { return true }
        report(.unknownField(name, close: suggestion(for: name, among: fields), fields: fields), range)
        return false
    }
}

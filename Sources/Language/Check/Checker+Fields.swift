/// The checker's knowledge of record fields: where the records flowing through a pipeline
/// have fields it knows (a photo service's replies, a record literal, `map {…}`), a field
/// of `it` not among them is reported before anything runs, with the closest name — the
/// run would only fail when the first value came (`popular | map nmae`, 500 ms later).
/// Where it does not know, it says nothing: a field may be missing on purpose (`it.x ?? 0`).
/// A service's nested fields are known too: `user.usrname`, `images[0].ur`.
extension Checker {
    /// The fields of every value the head sends, when each is a record the checker knows.
    func recordFields(of head: CheckedHead) -> RecordFields? {
        switch head {
        case .source(let stage):
            if let paths = stage.spec.recordFields { return RecordFields(paths: paths) }
            // `of {name: "a"}, {name: "b", n: 1}`: a creating source's record arguments.
            guard stage.spec.family == .creating else { return nil }
            let values = stage.arguments.compactMap { argument -> CheckedExpression? in
                if case .expression(let expression) = argument { return expression }
                return nil
            }
            let fields = values.map(Self.recordFields(of:))
            guard !fields.isEmpty, fields.allSatisfy({ $0 != nil }) else { return nil }
            return RecordFields(paths: fields.compactMap { $0?.paths }.joined())
        case .binding(_, let pipeline):
            return recordFields(of: pipeline)
        case .value(let expression):
            return Self.recordFields(of: expression)
        case .property, .propertyField:
            return nil
        }
    }

    /// The fields of what a checked pipeline sends at its end, when known.
    func recordFields(of pipeline: CheckedPipeline) -> RecordFields? {
        pipeline.stages.reduce(recordFields(of: pipeline.head)) { fields, stage in recordFields(after: stage, given: fields) }
    }

    /// The fields of what a stage sends, given those of what it receives: the same when it
    /// passes its values on; a record literal's when it makes each value into one (`map {…}`).
    func recordFields(after stage: CheckedStage, given fields: RecordFields?) -> RecordFields? {
        if stage.spec.passesValues { return fields }
        guard case .transform(let parameter)? = stage.spec.shape,
              let index = stage.spec.argumentOrder.firstIndex(of: parameter.name), index < stage.arguments.count,
              case .expression(let expression) = stage.arguments[index] else { return nil }
        return Self.recordFields(of: expression)
    }

    /// A record literal's fields (`{name: it.name, n: 1}`), nil for any other expression.
    static func recordFields(of expression: CheckedExpression) -> RecordFields? {
        switch expression {
        case .record(let fields, _): return RecordFields(paths: fields.map(\.0))
        case .constant(.record(let record)): return RecordFields(paths: record.fields.map(\.name))
        default: return nil
        }
    }

    /// Whether `it` may have the field `name` here; reports it (with the closest field) when
    /// the fields of `it` are known and it is not among them.
    mutating func knownField(_ name: String, _ range: SourceRange, _ scope: Scope) -> Bool {
        guard let fields = scope.itFields?.names, !fields.contains(name) else { return true }
        report(.unknownField(name, close: suggestion(for: name, among: fields), fields: fields), range)
        return false
    }

    /// Whether the records in a field of `it` (`user`, or the items of `images` read as
    /// `images[0]`) may have the field `name`; reports it when the checker knows theirs.
    mutating func knownField(_ name: String, of base: CheckedExpression, _ range: SourceRange, _ scope: Scope) -> Bool {
        guard let owner = Self.fieldPath(base), let fields = scope.itFields?.fields(in: owner), !fields.contains(name) else { return true }
        report(.unknownField(name, close: suggestion(for: name, among: fields), fields: fields, in: owner), range)
        return false
    }

    /// The path of a field of `it` an expression reads (`user`, `photos.photo`), an item of
    /// a list standing for the list (`images[0]` is `images`); nil for anything else.
    static func fieldPath(_ expression: CheckedExpression) -> String? {
        switch expression {
        case .field(.it, let name, _): return name
        case .field(let base, let name, _): return fieldPath(base).map { "\($0).\(name)" }
        case .index(let base, _, _): return fieldPath(base)
        default: return nil
        }
    }
}

/// The fields the checker knows records to have, nested ones as paths (`user.username`;
/// a list of records holds its items' fields: `images.url`).
struct RecordFields {
    let paths: [String]

    init(paths: some Sequence<String>) {
        var seen = Set<String>()
        self.paths = paths.filter { seen.insert($0).inserted }
    }

    /// The fields of the records themselves (`user`, not `user.username`).
    var names: [String] { fields(in: nil) ?? [] }

    /// The fields of the records in `owner` (`user`: `username`, `fullname`), nil when it
    /// holds none the checker knows.
    func fields(in owner: String?) -> [String]? {
        let prefix = owner.map { $0 + "." } ?? ""
        var seen = Set<String>()
        let found = paths.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count).prefix { $0 != "." }) }
            .filter { seen.insert($0).inserted }
        return found.isEmpty ? nil : found
    }
}

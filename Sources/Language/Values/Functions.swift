/// The functions an expression may call (`length(x)`, `contains(tags, "sea")`): each with
/// how many arguments it takes and what it does, in one table the checker and the compiler
/// both read.
public struct Function: Sendable {
    public let name: String
    /// `contains(LIST, ITEM)`: how it is written, for hints and `:help`.
    public let signature: String
    public let arity: ClosedRange<Int>
    let apply: @Sendable ([Value]) throws(EvaluationFailure) -> Value
    /// For a function over a list whose second argument is evaluated for each item, with
    /// `it` the item (`each(photos, it.name)`): what it makes of the items, given that
    /// argument as a function of the item. The checker binds `it` there, the compiler
    /// evaluates it per item; `apply` is then never called.
    let perItem: (@Sendable ([Value], (Value) throws(EvaluationFailure) -> Value) throws(EvaluationFailure) -> Value)?

    public static let all: [Function] = [
        Function("length", "length(X)", 1...1) { arguments throws(EvaluationFailure) in
            switch arguments[0] {
            case .string(let text): return .number(Double(text.count))
            case .list(let list): return .number(Double(list.count))
            case .bytes(let bytes): return .number(Double(bytes.count))
            case .record(let record): return .number(Double(record.fields.count))
            default: throw .wrongArgument("length", needs: "a string, list, record or bytes", found: arguments[0].kindDescription)
            }
        },
        Function("number", "number(X)", 1...1) { arguments throws(EvaluationFailure) in
            let argument = arguments[0]
            switch argument {
            case .number: return argument
            case .bool(let bool): return .number(bool ? 1 : 0)
            case .string(let text):
                guard let number = Double(text.trimmingSpaces) else { throw .notANumber(argument) }
                return .number(number)
            default: throw .wrongArgument("number", needs: "a number, a text or a boolean", found: argument.kindDescription)
            }
        },
        Function("string", "string(X)", 1...1) { arguments throws(EvaluationFailure) in
            if case .string = arguments[0] { return arguments[0] }
            let (text, complete) = arguments[0].description(upTo: Limits.stringBytes)
            guard complete else { throw .tooLong("text", Limits.stringBytes, "characters") }
            return .string(text)
        },
        Function("contains", "contains(LIST_OR_TEXT, ITEM)", 2...2) { arguments throws(EvaluationFailure) in
            switch (arguments[0], arguments[1]) {
            case (.list(let items), let item): return .bool(items.contains(item))
            case (.string(let text), .string(let part)): return .bool(part.isEmpty || text.contains(part))
            case (.record(let record), .string(let name)): return .bool(record[name] != nil)
            default:
                throw .wrongArgument("contains", needs: "a list, a text or a record to look in, and a text to look for in a text or a record",
                                     found: "\(arguments[0].kindDescription) and \(arguments[1].kindDescription)")
            }
        },
        Function("has", "has(RECORD, FIELD)", 2...2) { arguments throws(EvaluationFailure) in
            guard case .string(let name) = arguments[1] else {
                throw .wrongArgument("has", needs: "a field name as text, like has(it, \"username\")", found: arguments[1].kindDescription)
            }
            if case .record(let record) = arguments[0] { return .bool(record[name] != nil && record[name] != .null) }
            return .bool(false)
        },
        Function("first", "first(LIST)", 1...1) { arguments throws(EvaluationFailure) in
            try list(arguments[0], "first").first ?? .null
        },
        Function("last", "last(LIST)", 1...1) { arguments throws(EvaluationFailure) in
            try list(arguments[0], "last").last ?? .null
        },
        // A list of records looked up by a field (the tutorials pick an image by its size,
        // not by its place: `find(images, "size", 3).url`).
        Function("where", "where(LIST, FIELD, VALUE)", 3...3) { arguments throws(EvaluationFailure) in
            let name = try fieldName(arguments[1], "where")
            return .list(try list(arguments[0], "where").filter { matches($0, name, arguments[2]) })
        },
        Function("find", "find(LIST, FIELD, VALUE)", 3...3) { arguments throws(EvaluationFailure) in
            let name = try fieldName(arguments[1], "find")
            guard let found = try list(arguments[0], "find").first(where: { matches($0, name, arguments[2]) }) else {
                throw .notFound(name, arguments[2])
            }
            return found
        },
        Function("slice", "slice(LIST_OR_TEXT, FROM, [TO])", 2...3) { arguments throws(EvaluationFailure) in
            func bound(_ value: Value, _ count: Int) throws(EvaluationFailure) -> Int {
                guard case .number(let number) = value, number == number.rounded(), abs(number) < 1e15 else {
                    throw .wrongArgument("slice", needs: "whole numbers", found: value.abbreviated)
                }
                // Negative counts from the end, as in Python and JavaScript's slice.
                let index = Int(number)
                return Swift.max(0, Swift.min(count, index < 0 ? count + index : index))
            }
            switch arguments[0] {
            case .list(let items):
                let from = try bound(arguments[1], items.count)
                let to = arguments.count > 2 ? try bound(arguments[2], items.count) : items.count
                return .list(from < to ? Array(items[from..<to]) : [])
            case .string(let text):
                let characters = Array(text)
                let from = try bound(arguments[1], characters.count)
                let to = arguments.count > 2 ? try bound(arguments[2], characters.count) : characters.count
                return .string(from < to ? String(characters[from..<to]) : "")
            default:
                throw .wrongArgument("slice", needs: "a list or a text", found: arguments[0].kindDescription)
            }
        },
        Function("sum", "sum(LIST)", 1...1) { arguments throws(EvaluationFailure) in
            var total = 0.0
            for item in try list(arguments[0], "sum") {
                guard case .number(let number) = item else {
                    throw .wrongArgument("sum", needs: "a list of numbers", found: "a list holding \(item.kindDescription)")
                }
                total += number
            }
            return .number(total)
        },
        Function("join", "join(LIST, [SEPARATOR])", 1...2) { arguments throws(EvaluationFailure) in
            var separator = ""
            if arguments.count > 1 {
                guard case .string(let text) = arguments[1] else {
                    throw .wrongArgument("join", needs: "its separator as text", found: arguments[1].kindDescription)
                }
                separator = text
            }
            let parts = try list(arguments[0], "join").map { item -> String in
                if case .string(let text) = item { return text }
                return item.description
            }
            let joined = parts.joined(separator: separator)
            guard joined.utf8.count <= Limits.stringBytes else { throw .tooLong("text", Limits.stringBytes, "characters") }
            return .string(joined)
        },
        Function("keys", "keys(RECORD)", 1...1) { arguments throws(EvaluationFailure) in
            guard case .record(let record) = arguments[0] else {
                throw .wrongArgument("keys", needs: "a record", found: arguments[0].kindDescription)
            }
            return .list(record.names.map { .string($0) })
        },
        // The tutorials' `rac_sequence map:` and `linq_select`/`linq_where` over a reply's list.
        Function("each", "each(LIST, EXPRESSION)", perItem: { items, expression throws(EvaluationFailure) in
            var made: [Value] = []
            made.reserveCapacity(items.count)
            for item in items { made.append(try expression(item)) }
            try Value.checkSize(ofContainerWith: made)
            return .list(made)
        }),
        Function("keep", "keep(LIST, CONDITION)", perItem: { items, condition throws(EvaluationFailure) in
            var kept: [Value] = []
            for item in items {
                switch try condition(item) {
                case .bool(true): kept.append(item)
                case .bool(false): break
                case let other: throw .wrongArgument("keep", needs: "a condition that is true or false for each item", found: other.kindDescription)
                }
            }
            return .list(kept)
        }),
        Function("raise", "raise(MESSAGE)", 1...1) { arguments throws(EvaluationFailure) in
            // The stage fails with exactly this message, as a mapper that throws does.
            let message: String
            if case .string(let text) = arguments[0] { message = text } else { message = arguments[0].description }
            throw EvaluationFailure(raised: message)
        },
    ]

    public static let named: [String: Function] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    init(_ name: String, _ signature: String, _ arity: ClosedRange<Int>,
         _ apply: @escaping @Sendable ([Value]) throws(EvaluationFailure) -> Value) {
        self.name = name
        self.signature = signature
        self.arity = arity
        self.apply = apply
        perItem = nil
    }

    /// A function of a list and an expression evaluated per item (`each`, `keep`).
    init(_ name: String, _ signature: String,
         perItem: @escaping @Sendable ([Value], (Value) throws(EvaluationFailure) -> Value) throws(EvaluationFailure) -> Value) {
        self.name = name
        self.signature = signature
        arity = 2...2
        apply = { _ throws(EvaluationFailure) in .null }
        self.perItem = perItem
    }

    /// Whether its second argument is evaluated per item, with `it` the item.
    public var isPerItem: Bool { perItem != nil }

    /// A per-item function's run over `list` (its first argument's value), with `expression`
    /// evaluated for each item.
    func overItems(_ list: Value, _ expression: (Value) throws(EvaluationFailure) -> Value) throws(EvaluationFailure) -> Value {
        guard let perItem else { return .null }
        guard case .list(let items) = list else { throw .wrongArgument(name, needs: "a list", found: list.kindDescription) }
        if list.isCostly { try Interruption.check() }
        return try perItem(items, expression)
    }

    private static func list(_ value: Value, _ function: String) throws(EvaluationFailure) -> [Value] {
        guard case .list(let items) = value else { throw .wrongArgument(function, needs: "a list", found: value.kindDescription) }
        return items
    }

    private static func fieldName(_ value: Value, _ function: String) throws(EvaluationFailure) -> String {
        guard case .string(let name) = value else {
            throw .wrongArgument(function, needs: "the field's name as text, like \(function)(images, \"size\", 3)",
                                 found: value.kindDescription)
        }
        return name
    }

    /// Whether an item is a record whose field equals the value.
    private static func matches(_ item: Value, _ field: String, _ value: Value) -> Bool {
        guard case .record(let record) = item else { return false }
        return record[field] == value
    }
}

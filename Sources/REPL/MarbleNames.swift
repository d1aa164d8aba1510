import Language
import Signals

/// The marks a script gives values (`{a: "kit"}` after a marble), which every drawing of a
/// run letters those values by: the comparison of an `expect`, the trace, the page.
enum MarbleNames {
    /// The one-character fields of `records` (a marble's VALUES), each with its value's text.
    static func of(_ records: [CheckedExpression], properties: PropertyStore) -> [(mark: Character, full: String)] {
        let context = RunContext(scheduler: .virtual(), properties: properties)
        defer { context.finish() }
        let compiler = Compiler(context: context)
        return records.flatMap { expression -> [(mark: Character, full: String)] in
            guard case .record(let record)? = try? compiler.evaluate(expression) else { return [] }
            return record.fields.compactMap { field in
                field.name.count == 1 ? (field.name.first ?? "?", field.value.description) : nil
            }
        }
    }
}

import Signals

/// An event as a record and back (`materialize`, `dematerialize`): `{kind: "next", value}`,
/// `{kind: "error", error: MESSAGE}`, `{kind: "completed"}`, in the words frp prints events in.
extension Value {
    init(event: Event<Value>) {
        switch event {
        case .next(let value): self = .record(Record([("kind", .string("next")), ("value", value)]))
        case .error(let error): self = .record(Record([("kind", .string("error")), ("error", .string(error.message))]))
        case .completed: self = .record(Record([("kind", .string("completed"))]))
        }
    }

    /// The event this record describes; nil for a value that is not one. A `next` without
    /// `value` sends null, an `error` without `error` the message "error" (a marble's `#`).
    var event: Event<Value>? {
        guard case .record(let record) = self, case .string(let kind)? = record["kind"] else { return nil }
        switch kind {
        case "next": return .next(record["value"] ?? .null)
        case "error":
            guard let error = record["error"] else { return .error(SignalError("error")) }
            if case .string(let message) = error { return .error(SignalError(message)) }
            return .error(SignalError(error.description))
        case "completed": return .completed
        default: return nil
        }
    }
}

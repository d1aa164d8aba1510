import Language
import Services
import Signals

extension [String: PhotoServices.Failure] {
    /// What a `service` statement says, from then on.
    mutating func apply(_ setting: ServiceSetting, to service: String) {
        switch setting {
        case .fails(let message, let times?): self[service] = .failFirst(times, message ?? "failed on demand")
        case .fails(let message, nil): self[service] = .fail(message ?? "failed on demand")
        case .slow(let factor): self[service] = .slow(factor)
        case .normal: self[service] = nil
        }
    }
}

extension PropertyStore {
    /// Declares (`var NAME = EXPRESSION`) or sets (`NAME := EXPRESSION`) a property, the
    /// expression evaluated in `context`; the name and value set, nil for other statements.
    func apply(_ statement: CheckedStatement, in context: RunContext) -> Result<(String, Value)?, SignalError> {
        do throws(EvaluationFailure) {
            switch statement {
            case .declareProperty(let name, let expression):
                let value = try Compiler(context: context).evaluate(expression)
                declare(name, value)
                return .success((name, value))
            case .bindProperty(let binding):
                // Its initial value (or null) until the pipeline sends one, in a run that reads it.
                let initial = try binding.initial.map { expression throws(EvaluationFailure) in
                    try Compiler(context: context).evaluate(expression)
                } ?? .null
                if property(binding.name) == nil || binding.initial != nil { declare(binding.name, initial) }
                return .success(nil)
            case .assign(let name, let path, let expression, _):
                var value = try Compiler(context: context).evaluate(expression)
                if let property = property(name), !path.isEmpty {
                    value = try Operations.setting(path, of: property.value, to: value)
                }
                do throws(SignalError) {
                    try property(name)?.set(value)
                } catch {
                    return .failure(error)
                }
                return .success((name, value))
            default:
                return .success(nil)
            }
        } catch {
            return .failure(SignalError(error.message))
        }
    }
}

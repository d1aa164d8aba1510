/// What checking a script can find: the long forms of groups 03 (names, NameProblems.swift),
/// 04 (arguments, ArgumentProblems.swift) and 05 (sizes and imports, ImportProblems.swift)
/// in one dictionary, which `DiagnosticCode.longForm` reads. Each group's problems and long
/// forms are in its own file.
extension DiagnosticCode {
    static let checkingLongForms: [DiagnosticCode: LongForm] =
        [nameLongForms, argumentLongForms, importLongForms].reduce(into: [:]) { all, group in
            // A code is in one group: in two, it would be a key twice in one literal.
            all.merge(group) { _, _ in preconditionFailure("a code with a long form in two groups") }
        }
}

extension RxJSExport {
    /// The head of every export (`Preludes/prelude.js`): RxJS's names, the few helpers that
    /// keep frp's meaning where JavaScript's operators differ (deep equality, `+` of lists,
    /// division by zero, a whole `matches`), frp's functions, and the test harness (one
    /// TestScheduler run per expect, frp test's horizon, exit 1 on a failure). It is a file
    /// of JavaScript, checked as such (`node --check`, Tests/RxJS): only the names it
    /// imports and, for a script with an action, frp's action (`Preludes/actions.js`) are
    /// put in.
    static func prelude(imports: [String], actions: Bool = false) -> String {
        let imports = actions ? Array(Set(imports).union(["BehaviorSubject", "Observable", "Subject", "Subscription", "map"])).sorted() : imports
        // The code after it starts after a blank line.
        return file
            .replacing("/* the rxjs names the file calls */", with: imports.joined(separator: ", "))
            .replacing("// frp actions, when the script has one", with: actions ? action : "") + "\n"
    }

    private static let file = String(decoding: PackageResources.prelude_js, as: UTF8.self)

    /// An exported file without its prelude (what `frp import` reads back: the recorded
    /// services, the definitions, the tests and runs); nil when `code` does not begin with
    /// this version's prelude, word for word, whatever names it imports.
    public static func withoutPrelude(_ code: String) -> Substring? {
        let names = "/* the rxjs names the file calls */", actions = "// frp actions, when the script has one"
        guard let namesAt = file.firstRange(of: names), let actionsAt = file.firstRange(of: actions) else { return nil }
        let head = file[..<namesAt.lowerBound], middle = file[namesAt.upperBound..<actionsAt.lowerBound]
        let tail = file[actionsAt.upperBound...]
        guard code.hasPrefix(head) else { return nil }
        var rest = code.dropFirst(head.count)
        // The imported names, then the same text to where an action would be put in.
        guard let imported = rest.firstRange(of: middle), !rest[..<imported.lowerBound].contains("\n") else { return nil }
        rest = rest[imported.upperBound...]
        if rest.hasPrefix(action) { rest = rest.dropFirst(action.count) }
        guard rest.hasPrefix(tail) else { return nil }
        return rest.dropFirst(tail.count)
    }

    /// frp's action (RAC 2's RACCommand; `ActionRun` and `Action` in Swift), for an export
    /// that uses one: the same rules, in the same order (the file without its last line end).
    static let action = String(String(decoding: PackageResources.actions_js, as: UTF8.self).dropLast())
}

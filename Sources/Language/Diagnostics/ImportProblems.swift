/// What checking a script can find about sizes and imports (group 05): a statement too deep
/// or too big to run, definitions that put too many stages in place, an `import` that cannot
/// be read or would run something — each a `Problem` made from typed parameters, and each
/// code's long form.
extension Problem {
    /// Deeper than `Limits.statementDepth`.
    static var statementTooDeep: Problem {
        Problem(.statementTooDeep,
                "This statement goes more than \(Limits.statementDepth) levels deep, counting its stages, those of the `let` names it uses, and its inner pipelines; running it would overflow the stack.",
                hint: "split it into shorter pipelines")
    }

    /// More than `Limits.statementParts` parts.
    static var statementTooBig: Problem {
        Problem(.statementTooBig,
                "This statement has more than \(Limits.statementParts) parts once the `let` values it uses are filled in.",
                hint: "a `let` value is copied wherever it is used: bind a signal instead, or use it less")
    }

    /// Putting the definition `name` in place passes `Limits.expandedStages`.
    static func definitionsTooBig(_ name: String) -> Problem {
        Problem(.definitionsTooBig,
                "Putting `\(name)` in place gives this statement more than \(Limits.expandedStages) stages: each use of a definition is copied whole, so definitions that use the one before twice double at every step.",
                hint: "use fewer definitions inside each other, or bind the shared part once with `let NAME = PIPELINE | share`")
    }

    /// `import` where files cannot be read (the playground, a lesson's answer).
    static var importUnavailable: Problem {
        Problem(.importUnavailable, "Nothing can be imported here:", hint: "use `frp run`, `frp test` or the prompt")
    }

    /// `import "lib.frp"` that cannot be read: `resolved`, its path; `reason`, why.
    static func cannotImport(_ path: String, resolved: String, reason: String) -> Problem {
        Problem(.cannotImport, "I cannot read `\(path)` (\(resolved)): \(reason)", hint: "the path is relative to the importing file's folder")
    }

    /// `import` of a file being imported: `cycle`, the files from it back to it.
    static func importCycle(_ path: String, cycle: [String]) -> Problem {
        Problem(.importCycle, "`\(path)` is already being imported: \(cycle.joined(separator: " → "))",
                hint: "move what both files need into a third one that neither imports back")
    }

    /// A line of an imported file that would run.
    static var notADefinition: Problem {
        Problem(.notADefinition, "An imported file brings definitions, and this line would run:",
                hint: "keep `let`, `def`, `var` and `import` in a library; run and `expect` in the file that imports it")
    }
}

extension DiagnosticCode {
    /// The long forms of group 05 (`checkingLongForms` holds them with 03 and 04).
    static let importLongForms: [DiagnosticCode: LongForm] = [
        .statementTooDeep: LongForm(
            "A statement goes too deep to run: its stages one after the other, with those of the `let` signals and definitions it uses, and its inner pipelines. Running it would overflow the stack.",
            wrong: "def a = map it | map it | map it | map it | map it\ndef b = a | a | a | a | a\ndef c = b | b | b | b | b\nof 1 | c | c | c | c | c",
            right: "def a = map it | map it | map it | map it | map it\ndef b = a | a | a | a | a\ndef c = b | b | b | b | b\nof 1 | c"),
        .statementTooBig: LongForm(
            "A statement has too many parts once the `let` values it uses are filled in: a `let` value is copied wherever it is used, so values made of values double (or more) at every line.",
            wrong: "var p = 1\nlet a = [p, p, p, p, p, p, p, p, p, p]\nlet b = [a, a, a, a, a, a, a, a, a, a]\nlet c = [b, b, b, b, b, b, b, b, b, b]\nlet d = [c, c, c, c, c, c, c, c, c, c]\nlet e = [d, d, d, d, d, d, d, d, d, d]",
            right: "var p = 1\nlet a = [p, p, p, p, p, p, p, p, p, p]\nlet b = [a, a, a, a, a, a, a, a, a, a]\nlet c = [b, b, b, b, b, b, b, b, b, b]\nlet d = [c, c, c, c, c, c, c, c, c, c]\nlet e = [d, d]\nof length(e)"),
        .definitionsTooBig: LongForm(
            "Putting definitions in place gives a statement too many stages: each use of a definition is copied whole, so definitions that each use the one before several times multiply at every line.",
            wrong: "def a = map it | map it | map it | map it | map it | map it | map it | map it | map it | map it\ndef b = a | a | a | a | a | a | a | a | a | a\ndef c = b | b | b | b | b | b | b | b | b | b\ndef d = c | c | c | c | c | c | c | c | c | c\nof 1 | d",
            right: "def a = map it | map it | map it | map it | map it | map it | map it | map it | map it | map it\ndef b = a | a | a | a | a | a | a | a | a | a\nof 1 | b"),
        .importUnavailable: LongForm(
            "`import` reads another file, and here no file can be read: the playground, a lesson's answer. Write what the file would define in place.",
            wrong: "import \"double.frp\"",
            right: "def double = map it * 2\nof 1, 2 | double",
            reading: .withoutFiles),
        .cannotImport: LongForm(
            "The file `import` names cannot be read: it does not exist, or is not readable. The path is relative to the folder of the file that imports it.",
            wrong: "import \"missing.frp\"",
            right: "def double = map it * 2\nof 1, 2 | double"),
        .importCycle: LongForm(
            "A file imports a file that is already being imported: itself, or one that imports it back. What both need goes in a third file that neither imports back.",
            wrong: "import \"example.frp\"",
            right: "def double = map it * 2\nof 1, 2 | double"),
        .notADefinition: LongForm(
            "An imported file is a library: it brings definitions (`let`, `def`, `var`, `import`), and a line of it would run something (a pipeline, `expect`, `:=`, `service`). Run things in the file that imports it.",
            wrong: "import \"library.frp\"",
            right: "def double = map it * 2\nof 1, 2 | double",
            reading: .library(name: "library.frp", text: "def double = map it * 2\nof 1, 2 | double")),
    ]
}

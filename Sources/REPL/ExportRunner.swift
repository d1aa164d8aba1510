import Export
import Language

/// `frp export --to rxjs|combine FILE` (or `-e PIPELINE`): the script checked as `frp run`
/// checks it, written as RxJS (`RxJSExport`) or Swift Combine (`CombineExport`) to the
/// output, and what could not be carried said on standard error, one line each with its
/// line number.
public struct ExportRunner {
    public enum Target: String, CaseIterable, Sendable {
        case rxjs, combine
    }

    private let output: Output
    private let target: Target

    public init(output: Output = .standard, to target: Target = .rxjs) {
        self.output = output
        self.target = target
    }

    /// Exit status: 0 written, 2 a file that cannot be read or checked.
    public func run(path: String?, expression: String?) -> Int32 {
        let source: Source
        if let expression {
            source = Source(name: "<-e>", text: expression)
        } else {
            switch SourceFile.load(path ?? "") {
            case .success(let loaded): source = loaded
            case .failure(let failure):
                output.error(failure.message)
                return 2
            }
        }
        var frontend = Frontend.forFiles()
        let (statements, diagnostics) = frontend.load(source)
        guard diagnostics.isEmpty else {
            for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source)) }
            return 2
        }
        let export = Exported(statements, source: source, to: target)
        output.line(String(export.file.dropLast()))
        for skipped in export.skipped {
            output.error(skipped.line > 0 ? "line \(skipped.line): \(skipped.reason)" : skipped.reason)
        }
        output.error(export.summary)
        return 0
    }

    /// A script exported to either library: the whole file, the tests alone, what was left
    /// out and the summary line.
    struct Exported {
        let file: String
        let body: String
        let skipped: [RxJSExport.Skipped]
        let summary: String

        init(_ statements: [CheckedStatement], source: Source, to target: Target) {
            switch target {
            case .rxjs:
                let export = RxJSExport(statements, source: source, services: ServiceAnswers.answer)
                (file, body, skipped, summary) = (export.javascript, export.body, export.skipped, ExportRunner.summary(export))
            case .combine:
                let export = CombineExport(statements, source: source, services: ServiceAnswers.answer)
                (file, body, skipped) = (export.swift, export.body, export.skipped)
                summary = ExportRunner.summary(exported: export.exported, runs: export.runs, skipped: export.skipped.count)
            }
        }
    }

    /// `N expects and N runs exported, N statements not`.
    static func summary(_ export: RxJSExport) -> String {
        summary(exported: export.exported, runs: export.runs, skipped: export.skipped.count)
    }

    static func summary(exported: Int, runs: Int, skipped: Int) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return "\(count(exported, "expect")) and \(count(runs, "run")) exported, \(count(skipped, "statement")) not"
    }
}

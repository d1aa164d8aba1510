import Export
import Language

/// `frp export --to rxjs FILE` (or `-e PIPELINE`): the script checked as `frp run` checks
/// it, written as RxJS (`RxJSExport`) to the output, and what could not be carried said on
/// standard error, one line each with its line number.
public struct ExportRunner {
    private let output: Output

    public init(output: Output = .standard) {
        self.output = output
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
        let export = RxJSExport(statements, source: source, services: ServiceAnswers.answer)
        output.line(String(export.javascript.dropLast()))
        for skipped in export.skipped {
            output.error(skipped.line > 0 ? "line \(skipped.line): \(skipped.reason)" : skipped.reason)
        }
        output.error(Self.summary(export))
        return 0
    }

    /// `N expects and N runs exported, N statements not`.
    static func summary(_ export: RxJSExport) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return "\(count(export.exported, "expect")) and \(count(export.runs, "run")) exported, \(count(export.skipped.count, "statement")) not"
    }
}

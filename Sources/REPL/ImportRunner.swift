import Import
import JSONText
import Language

/// `frp import FILE.js` and `frp import -e CODE`: RxJS code written as an frp script
/// (`RxJSImport`), which goes to standard output; each statement left out is said on
/// standard error with its line, then how many were imported. The script is checked
/// before it is written: an import frp could not read back is a fault of the importer's,
/// said as such.
public struct ImportRunner {
    private let output: Output

    public init(output: Output = .standard) {
        self.output = output
    }

    /// Exit status: 0 written (all or part), 1 nothing could be imported, 2 a file that
    /// cannot be read.
    public func run(path: String?, code: String?) -> Int32 {
        let text: String
        if let code {
            text = code
        } else {
            switch SourceFile.load(path ?? "") {
            case .success(let loaded): text = loaded.text
            case .failure(let failure):
                output.error(failure.message)
                return 2
            }
        }
        let imported = RxJSImport.script(from: text, catalogue: PhotoSources.catalogue)
        var frontend = Frontend.forFiles()
        let source = Source(name: "<imported>", text: imported.script)
        let (_, diagnostics) = frontend.load(source)
        output.line(String(imported.script.dropLast()))
        for diagnostic in diagnostics {
            output.error("frp import wrote a script that does not check (a fault of the importer's):\n" + diagnostic.rendered(in: source))
        }
        for left in imported.leftOut { output.error("line \(left.line): left out: \(left.reason)") }
        output.error("\(imported.imported) statement\(imported.imported == 1 ? "" : "s") imported, \(imported.leftOut.count) left out")
        return imported.imported == 0 && !imported.leftOut.isEmpty ? 1 : 0
    }
}

extension Playground {
    /// The reply to `POST /import`: the RxJS code written as an frp script, as JSON
    /// (`script`, `leftOut`: each `line` and `reason`, `imported`).
    public static func importCode(_ code: String) -> String {
        let imported = RxJSImport.script(from: code, catalogue: PhotoSources.catalogue)
        return JSON.object([
            "script": .string(imported.script), "imported": .number(Double(imported.imported)),
            "leftOut": .array(imported.leftOut.map { .object(["line": .number(Double($0.line)), "reason": .string($0.reason)]) }),
        ]).text
    }
}

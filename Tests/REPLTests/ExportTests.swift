import Export
import Language
@testable import REPL
import Testing

@Suite("frp export --to rxjs")
struct ExportTests {
    private func exported(_ text: String) -> RxJSExport {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let source = Source(name: "export.frp", text: text)
        let (statements, diagnostics) = frontend.load(source)
        #expect(diagnostics.isEmpty)
        return RxJSExport(statements, source: source)
    }

    @Test("every entry of the catalogue has an RxJS spelling or says why it has none, and names only what the export imports")
    func everyEntry() {
        for name in Catalogue.standard.names {
            let spec = Catalogue.standard[name]!
            #expect((spec.rxjs != nil) != (spec.rxjsMissing != nil), "\(name)")
        }
        // Each spelling's calls are among the names the export imports from rxjs.
        let sample = RxJSArguments(written: [:].merging(["MARBLE", "VALUES", "MESSAGE", "VALUE", "LIST", "FROM", "COUNT", "PERIOD",
            "DELAY", "EXPRESSION", "SEED", "N", "SKIP", "CONDITION", "NOTIFIER", "KEY", "SIGNAL", "PIPELINE", "D", "DURATION",
            "FALLBACK", "LABEL", "DEFAULT", "INCLUSIVE"].map { ($0, "x") }) { a, _ in a }, bodies: ["D": "x"], pipelines: [])
        for name in Catalogue.standard.names {
            guard let written = Catalogue.standard[name]?.rxjs?(sample) else { continue }
            let calls = written.matches(of: /([A-Za-z]+)\(/).map { String($0.output.1) }
            for call in calls where !["cold", "hot", "logged", "eq"].contains(call) {
                #expect(RxJSExport.rxjsExports.contains(call), "\(name) writes \(call)")
            }
        }
    }

    @Test("a pipeline reads as a person would write it: pipe, arrow functions, the real names and options")
    func readable() {
        let export = exported("""
            let clicks = cold "-a-b|" | share
            expect clicks | map it + "!" | filter it != "b!" | throttle 3ms trailing true | switchMap (of it, it) emits "-a-|"
            """)
        #expect(export.exported == 1)
        #expect(export.javascript.contains(#"const clicks = cold("-a-b|").pipe(share());"#))
        #expect(export.javascript.contains(#"return clicks.pipe(map((it) => add(it, "!")), filter((it) => !eq(it, "b!")), "#
            + #"throttleTime(3, undefined, {leading: true, trailing: true}), switchMap((it) => of(it, it)));"#))
        #expect(export.javascript.contains("const { TestScheduler } = require('rxjs/testing');"))
        let imports = export.javascript.split(separator: "\n").first { $0.hasSuffix("= require('rxjs');") } ?? ""
        for name in ["filter", "map", "of", "share", "switchMap", "throttleTime"] { #expect(imports.contains(" \(name),") || imports.contains(" \(name) }"), "\(imports)") }
    }

    @Test("what has no counterpart is left out with its line, never written otherwise")
    func honestLimits() {
        let export = exported("""
            var text = "a"
            expect text | take 1 emits "(a|)"
            expect of 1 | share eager true emits "(a|)" {a: 1}
            expect of 1 emits "(a|)" {a: 1}
            """)
        #expect(export.exported == 1)
        #expect(export.skipped == [
            .init(line: 2, reason: "the property `text` has no counterpart in the export yet (a BehaviorSubject)"),
            .init(line: 3, reason: "`share eager true` has no counterpart in RxJS's operators (it connects before anyone subscribes)"),
        ])
    }
}

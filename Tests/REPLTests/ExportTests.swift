import Foundation
import Export
import Language
@testable import REPL
import Testing

@Suite("frp export")
struct ExportTests {
    private func exported(_ text: String) -> RxJSExport {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let source = Source(name: "export.frp", text: text)
        let (statements, diagnostics) = frontend.load(source)
        #expect(diagnostics.isEmpty)
        return RxJSExport(statements, source: source)
    }

    /// The helpers the export's preludes define at their top level (`const logged = …`),
    /// read from the files themselves: a spelling may call them.
    private var preludeNames: Set<String> {
        let folder = BuildMapTests.root.appendingPathComponent("Sources/Export/Preludes")
        let text = ["prelude.js", "actions.js"].compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
        return Set(text.split(separator: "\n").compactMap { line in line.wholeMatch(of: /const (\w+) = .*/).map { String($0.output.1) } })
    }

    @Test("every entry of the catalogue has an RxJS spelling or says why it has none, and names only what the export imports")
    func everyEntry() {
        #expect(preludeNames.isSuperset(of: ["logged", "finalized", "eq", "actionOf", "text", "eventRecord"]))
        for name in Catalogue.standard.names {
            let spec = Catalogue.standard[name]!
            #expect(spec.rxjs != nil, "\(name) says neither how RxJS writes it nor why it cannot")
        }
        // Each spelling's calls are among the names the export imports from rxjs.
        // Every parameter of every entry given (read from the catalogue, so a new one is in).
        let parameters = Catalogue.standard.names.flatMap { Catalogue.standard[$0]?.parameters.map(\.name) ?? [] }
        let sample = WrittenArguments(written: Dictionary(parameters.map { ($0, "x") }) { a, _ in a }, bodies: ["D": "x"], pipelines: [])
        for name in Catalogue.standard.names {
            guard let written = Catalogue.standard[name]?.rxjs?.writing?(sample) else { continue }
            let calls = written.matches(of: /([A-Za-z]+)\(/).map { String($0.output.1) }
            for call in calls where !["cold", "hot"].contains(call) && !preludeNames.contains(call) {
                #expect(RxJSExport.rxjsExports.contains(call), "\(name) writes \(call)")
            }
        }
    }

    @Test("a def is a function returning its stages made one operator with pipe; each use calls it; one whose parameter is a count is written in place")
    func definitionsAsFunctions() {
        let export = exported("""
            def above(n) = filter it > n
            def twice = map it * 2
            def quad = twice | twice
            def clip(n) = take n
            expect of 1, 5, 9 | above 4 | quad | clip 1 emits "(a|)" {a: 20}
            """)
        #expect(export.body.contains("const above = (n) => pipe(filter((it) => (it > n)));"), "\(export.body)")
        #expect(export.body.contains("const quad = () => pipe(twice(), twice());"), "\(export.body)")
        #expect(export.body.contains("return of(1, 5, 9).pipe(above(4), quad(), take(1));"), "\(export.body)")
        #expect(export.body.contains("`clip` is written where it is used"), "\(export.body)")
        #expect(export.javascript.contains(" pipe,") || export.javascript.contains(" pipe }"), "pipe is imported")
    }

    @Test("in Combine a def is a function making its stages one operator, each use `.through(…)`")
    func combineDefinitions() {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let source = Source(name: "export.frp", text: """
            def above(n) = filter it > n
            expect of 1, 5, 9 | above 4 emits "(ab|)" {a: 5, b: 9}
            """)
        let (statements, _) = frontend.load(source)
        let export = CombineExport(statements, source: source)
        #expect(export.body.contains("func above(_ scheduler: VirtualScheduler, _ n: V) -> (Signal) -> Signal {"), "\(export.body)")
        #expect(export.body.contains(".tryFilter { it in try holds(gt(it, n)) }.mapError(SignalError.of)"), "\(export.body)")
        #expect(export.body.contains(".through(above(scheduler, 4))"), "\(export.body)")
    }

    @Test("every entry of the catalogue has a Combine spelling or says why it has none")
    func everyEntryInCombine() {
        for name in Catalogue.standard.names {
            let spec = Catalogue.standard[name]!
            #expect(spec.combine != nil, "\(name) says neither how Combine writes it nor why it cannot")
        }
    }

    @Test("in Combine a count is a whole-number literal; one computed at run time is left out with its line, not written as Swift that does not build")
    func combineCounts() {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let source = Source(name: "export.frp", text: """
            expect of 1, 2, 3 | take 2 | retry 2 emits "(ab|)" {a: 1, b: 2}
            expect of 1, 2 | flatMap (of 5, 6 | take it) emits "(abc|)" {a: 5, b: 5, c: 6}
            expect of 1, 2 | flatMap (of 7 | retry it) emits "(ab|)" {a: 7, b: 7}
            """)
        let (statements, diagnostics) = frontend.load(source)
        #expect(diagnostics.isEmpty)
        let export = CombineExport(statements, source: source)
        #expect(export.body.contains(".take(2)") && export.body.contains(".retry(2)"), "\(export.body)")
        #expect(!export.body.contains("Optional("), "\(export.body)")
        #expect(export.exported == 1)
        #expect(export.skipped.map(\.line) == [2, 3])
        #expect(export.skipped.first?.reason == "`take it` counts with a value computed at run time: Combine's operators take a whole number written in the code")
    }

    @Test("the Combine export: closures of `it` over V, Combine's names, `try` only where an expression can fail, and what it leaves out with its line")
    func combine() {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let source = Source(name: "export.frp", text: """
            let typed = hot "-a-b|" {a: "kit", b: "kitten"}
            expect typed | filter length(it) > 3 | map it + "!" emits "---(b|)" {b: "kitten!"}
            expect typed | map it == "kit" | switchMap (of 1, 2) | take 1 emits "-(a|)" {a: 1}
            expect typed | withLatestFrom (of 1) emits "-|"
            """)
        let (statements, diagnostics) = frontend.load(source)
        #expect(diagnostics.isEmpty)
        let export = CombineExport(statements, source: source)
        #expect(export.body.contains(#"let typed = hot(scheduler, [(1, .next("kit")), (3, .next("kitten")), (4, .completed)]).eraseToAnyPublisher()"#),
                "\(export.body)")
        // One operator a line, as a Combine chain is written.
        #expect(export.body.contains(#"""
                return typed
                    .tryFilter { it in try holds(gt(length(it), 3)) }.mapError(SignalError.of)
                    .tryMap { (it) -> V in try add(it, "!") }.mapError(SignalError.of)
                    .eraseToAnyPublisher()
            """#), "\(export.body)")
        // `==` cannot fail: no `try`, Combine's own map.
        #expect(export.body.contains(#"""
                    .map { (it) -> V in eq(it, "kit") }
                    .map { (it) -> Signal in of(1, 2).eraseToAnyPublisher() }.switchToLatest()
                    .take(1)
            """#), "\(export.body)")
        #expect(export.exported == 2)
        #expect(export.skipped == [RxJSExport.Skipped(line: 4, reason: "`withLatestFrom`: Combine has no withLatestFrom operator")])
        #expect(export.swift.hasPrefix("// Exported by `frp export --to combine`."))
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
            let presses = cold "-s|" | action (of it)
            expect popular | count emits "500ms (n|)" {n: 100}
            expect of 1 | share eager true emits "(a|)" {a: 1}
            expect of 1 emits "(a|)" {a: 1}
            expect of 0 | map 1 / it emits "#" error "4:15 map: division by zero"
            """)
        #expect(export.exported == 1)
        #expect(export.skipped == [
            .init(line: 2, reason: "`popular`: a photo service (frp export records them)"),
            .init(line: 3, reason: "`share eager true` has no counterpart in RxJS's operators (it connects before anyone subscribes)"),
            .init(line: 5, reason: "the expected error is frp's own message (RxJS words its errors otherwise): 4:15 map: division by zero"),
        ])
    }

    @Test("an action is the export's actionOf helper, and its views read the run its let name holds")
    func actions() {
        let export = exported("""
            let save = cold "-p-----p|" | action (timer 2ms | mapTo "saved")
            expect save | merge (executing save) emits "ft-(sf)t-(sf|)" {t: true, f: false, s: "saved"}
            """)
        #expect(export.exported == 1)
        #expect(export.javascript.contains(#"const save = cold("-p-----p|").pipe(actionOf((it) => timer(2).pipe(map(() => "saved"))));"#))
        #expect(export.javascript.contains("return save.pipe(mergeWith(save.run.executing));"))
        #expect(export.javascript.contains("const actionOf = (execute, enabledBy) => (inputs) => {"))
        // Without an action, the helper is not written.
        #expect(!exported("expect of 1 emits \"(a|)\" {a: 1}").javascript.contains("actionOf"))
    }

    @Test("a property is a BehaviorSubject holding its value when the expect runs; a bound one follows its pipeline")
    func properties() {
        let export = exported("""
            var text = "a"
            text := "ab"
            var model = {thumbnail: null}
            model.thumbnail := "png"
            var shown = "none" <- cold "-x|"
            expect text | map length(it) | take 1 emits "(n|)" {n: 2}
            expect model.thumbnail | take 1 emits "(p|)" {p: "png"}
            expect shown | take 2 emits "n(x|)" {n: "none"}
            """)
        #expect(export.exported == 3)
        #expect(export.javascript.contains(#"const text = new BehaviorSubject("ab");"#))
        #expect(export.javascript.contains(#"const model = new BehaviorSubject(setIn({thumbnail: null}, ["thumbnail"], "png"));"#))
        #expect(export.javascript.contains(#"return model.pipe(map(() => model.value.thumbnail), take(1));"#))
        #expect(export.javascript.contains(#"cold("-x|").subscribe({ next: (value) => shown.next(value), error: () => {} });"#))
    }
}

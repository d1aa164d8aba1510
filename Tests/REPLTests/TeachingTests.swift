import Foundation
import Language
@testable import REPL
import Testing
import TestSupport
import Trace

/// Explains through a captured output, with plain ASCII diagrams.
func explained(_ name: String) -> (found: Bool, text: String) {
    let captured = Captured()
    let found = Explainer(catalogue: PhotoSources.catalogue, style: DiagramStyle(), output: captured.output,
                          invocation: "frp explain").explain(name)
    return (found, captured.text)
}

@Suite("The catalogue")
struct CatalogueTests {
    static let everything = PhotoSources.catalogue.specs

    @Test("every operator's example checks, runs in virtual time, ends by itself, and draws its diagram",
          arguments: CatalogueTests.everything.map(\.name))
    func examplesRun(name: String) throws {
        let (found, text) = explained(name)
        #expect(found)
        #expect(!text.contains("stderr:"))
        #expect(!text.contains("stopped after") && !text.contains("still open"))
        #expect(text.contains("Example, run now in virtual time:\n» "))
        #expect(text.contains("\n1 col = "))
        // The diagram has a row for the operator itself (a stage's row is labelled by its
        // text, or, when it ends a `let`, by the name: `clicks = … | share`).
        let rows = text.components(separatedBy: "\n").drop { !$0.hasPrefix("1 col = ") }.dropFirst()
        #expect(rows.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name) || $0.contains("= … | \(name)") }, "no row for \(name)")
        // An error event (`   9ms  error "..."`) only where the entry says its example fails.
        let events = text.components(separatedBy: "\n").drop { !$0.hasPrefix("» ") }.prefix { !$0.hasPrefix("1 col = ") }
        let errs = events.contains { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first == "error" }
        #expect(errs == (PhotoSources.catalogue[name]?.exampleFails == true), "\(name)'s example errs: \(errs)")
    }

    @Test("every operator is explained: a summary and more, its names in RxJS, ReactiveSwift and RAC2")
    func explanations() {
        for spec in Catalogue.standard.specs {
            #expect(!spec.explanation.isEmpty, "\(spec.name) has no explanation")
            #expect(spec.summary.hasSuffix(".") && spec.explanation.hasSuffix("."), "\(spec.name): whole sentences")
            for library in ["RxJS", "ReactiveSwift", "RAC2"] {
                #expect(spec.elsewhere.contains { $0.hasPrefix(library) }, "\(spec.name) has no \(library) name")
            }
        }
    }

    @Test("every operator it is confused with exists, is another one, and is confused with it in turn")
    func contrasts() {
        let catalogue = Catalogue.standard
        for spec in catalogue.specs {
            for contrast in spec.contrasts {
                #expect(contrast.name != spec.name)
                #expect(!contrast.difference.isEmpty)
                guard let other = catalogue[contrast.name] else {
                    Issue.record("\(spec.name) is confused with `\(contrast.name)`, which does not exist")
                    continue
                }
                #expect(other.confusedWith.contains(spec.name), "\(other.name) does not say it is confused with \(spec.name)")
            }
        }
    }

    @Test("the classic confusions are spelled out")
    func classicConfusions() {
        let catalogue = Catalogue.standard
        let pairs = [("debounce", "throttle"), ("flatMap", "switchMap"), ("flatMap", "concatMap"), ("flatMap", "exhaustMap"),
                     ("switchMap", "exhaustMap"), ("scan", "reduce"), ("combineLatest", "zip"),
                     ("combineLatest", "withLatestFrom"), ("share", "hot"), ("share", "cold"), ("hot", "cold")]
        for (one, other) in pairs {
            #expect(catalogue[one]?.confusedWith.contains(other) == true, "\(one) vs \(other)")
        }
        #expect(catalogue["debounce"]?.reactiveCocoa.contains("RAC 2's throttle: is this operator") == true)
    }

    @Test("an operator said to pass its values on (the checker keeps the fields it knows across it) sends only values it received, in its example",
          arguments: CatalogueTests.everything.filter(\.passesValues).map(\.name))
    func passesValues(name: String) throws {
        let spec = try #require(PhotoSources.catalogue[name])
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        let (statements, diagnostics) = frontend.load(Source(name: "example.frp", text: spec.example))
        #expect(diagnostics.isEmpty)
        guard case .run(let pipeline, _, _)? = statements.last else {
            Issue.record("\(name)'s example runs nothing")
            return
        }
        var run = Run(pipeline: pipeline, options: RunOptions(), properties: PropertyStore())
        run.traced = true
        let tracer = try #require(run.perform { _, _ in }.tracer)
        let sent = { (row: Tracer<Value>.Row) in row.events.compactMap { entry -> Value? in
            if case .next(let value) = entry.event { return value } else { return nil }
        } }
        let own = try #require(tracer.rows.last { $0.label.hasPrefix(name) || $0.label.contains("| \(name)") }, "no row for \(name)")
        let received = tracer.rows.filter { $0 !== own }.flatMap(sent)
        #expect(!sent(own).isEmpty, "\(name)'s example sends no value to check")
        for value in sent(own) {
            #expect(received.contains(value), "\(name) sent \(value), which no other stage sent")
        }
    }

    @Test("a page says each thing once: no sentence twice, RAC 2's throttle: named where the names elsewhere and the ReactiveCocoa note are",
          arguments: CatalogueTests.everything.map(\.name))
    func saidOnce(name: String) {
        let text = explained(name).text
        let prose = text.components(separatedBy: "\n").prefix { !$0.hasPrefix("Example") }.joined(separator: " ")
            + " " + text.components(separatedBy: "\n").drop { !$0.hasPrefix("In ReactiveCocoa") && !$0.hasPrefix("Often confused") }.joined(separator: " ")
        let sentences = prose.split(separator: ".").map { $0.split(separator: " ").joined(separator: " ") }.filter { $0.count > 20 }
        #expect(Set(sentences).count == sentences.count, "\(name) repeats a sentence")
        #expect(text.components(separatedBy: "throttle:").count <= 4, "\(name) names RAC 2's throttle: beyond the names elsewhere, the note and its tutorial line")
    }

    @Test("an example is shown whole: its let lines before the run, so it can be copied")
    func examplesWhole() {
        let text = explained("share").text
        #expect(text.contains("» let clicks = cold \"-a-b-c|\" | share\n» clicks | merge"), "\(text)")
    }

    @Test("every photo service's example uses it")
    func serviceExamples() {
        for spec in PhotoSources.specs {
            #expect(spec.example.contains(spec.name), "\(spec.name)'s example does not use it")
        }
    }
}

@Suite("frp explain")
struct ExplainTests {
    @Test("frp explain switchMap: signature, explanation, the example's events and diagram rows, names elsewhere, confusions")
    func switchMap() {
        let (found, text) = explained("switchMap")
        #expect(found)
        #expect(text.hasPrefix("switchMap PIPELINE    (flattening)\n  Runs the pipeline for each value; a new value cancels the previous run."))
        #expect(text.contains("""
            » cold "-a-b------|" | switchMap (cold "-x--y|" | mapTo it)
                  2ms  next "a"
                  4ms  next "b"
                  7ms  next "b"
                 10ms  completed
            1 col = 1ms
            cold "-a-b------|"                -a-b------|
            switchMap (cold "-x--y|" | mapT…  --a-b--b--|
              cold "-x--y|"                    -x!
              ↳ run 2                            -x--y|
              mapTo it                         -a!
              ↳ run 2                            -b--b|
            where a = "a", b = "b", x = "x", y = "y"
            ! cancelled:
              cold "-x--y|" (1st) at 3ms: when cold "-a-b------|" sent "b"
            """))
        #expect(text.contains("Elsewhere:\n  RxJS: switchMap\n  ReactiveSwift: flatMap(.latest)\n  RAC2: flattenMap: + switchToLatest"))
        #expect(text.contains("Often confused with `flatMap`, `concatMap`, `exhaustMap`, `switchToLatest`:"))
        #expect(text.contains("  - flatMap keeps every run going: stale answers arrive too"))
        #expect(text.hasSuffix("(frp explain flatMap, concatMap, exhaustMap, switchToLatest for theirs)"))
    }

    @Test("the four flattening operators, on the same input, draw four different outputs")
    func flatteningFamily() {
        func outputRow(_ name: String) -> String? {
            explained(name).text.components(separatedBy: "\n").first { $0.hasPrefix("\(name) (") }
        }
        let rows = ["flatMap", "switchMap", "concatMap", "exhaustMap"].compactMap(outputRow)
        #expect(rows.count == 4)
        #expect(Set(rows.map { $0.split(separator: " ").last ?? "" }).count == 4)
    }

    @Test("where ReactiveCocoa differs, explain says so, and RAC 2's selectors answer with their meaning")
    func reactiveCocoa() {
        let (found, throttle) = explained("throttle:")
        #expect(found)
        #expect(throttle.hasPrefix("`throttle:` is RAC2's name; here it is `debounce`:\n\ndebounce DURATION"))
        #expect(explained("takeUntil:").text.hasPrefix("`takeUntil:` is RAC2's name; here it is `takeUntil`:"))
        for name in ["takeUntil", "delay", "share", "throttle", "debounce"] {
            #expect(explained(name).text.contains("\nIn ReactiveCocoa:\n  RAC 2's"), "\(name)")
        }
        #expect(explained("takeUntil").text.contains("`takeUntil (T | concat (of 0))`"))
    }

    @Test("frp explain var: the property's three forms and RAC's spellings, its examples run clean", arguments: StatementTopic.all.map(\.name))
    func statementTopics(_ name: String) {
        let (found, text) = explained(name)
        #expect(found)
        #expect(!text.contains("error \"") && !text.contains("-- "), "\(text)")
        let topic = StatementTopic.named(name)!
        #expect(text.components(separatedBy: "ms  completed").count - 1 == topic.examples.count, "every example ran to its end:\n\(text)")
    }

    @Test("frp explain var names RAC's RACObserve and RAC(self, …) and shows the bound property's value before its first")
    func explainVar() {
        let text = explained("var").text
        #expect(text.hasPrefix("var NAME = VALUE    var NAME <- PIPELINE    var NAME = VALUE <- PIPELINE    (statement)"))
        let unwrapped = text.replacingOccurrences(of: "\n  ", with: " ")
        #expect(unwrapped.contains("`RAC(self, NAME) = signal` is `var NAME <- PIPELINE`"))
        #expect(unwrapped.contains("`NAME.FIELD` follows that field (a key path)"))
        // Every statement of an example is shown, so it can be copied whole.
        #expect(text.contains("» total := 5"), "\(text)")
        // The text field's example: 0 (the empty text) at once, then 2 and 3.
        #expect(text.contains("0ms  next 0") && text.contains("1ms  next 2") && text.contains("4ms  next 3"), "\(text)")
    }

    @Test("an alias explains its operator; an unknown name says what is close")
    func aliasesAndMistakes() {
        #expect(explained("skipRepeats").text.hasPrefix("distinctUntilChanged [KEY]    (filtering)"))
        let (foundElsewhere, mergeMap) = explained("mergeMap")
        #expect(foundElsewhere)
        #expect(mergeMap.hasPrefix("`mergeMap` is RxJS's name; here it is `flatMap`:\n\nflatMap PIPELINE, [N]    (flattening)\n"))
        let (found, text) = explained("swichMap")
        #expect(!found)
        #expect(text == "stderr: I do not know an operator called `swichMap`. Did you mean `switchMap`? `frp explain` lists them all.")
    }

    @Test("frp explain alone: every operator by family, then the guide")
    func overview() {
        let captured = Captured()
        Explainer(catalogue: PhotoSources.catalogue, style: DiagramStyle(), output: captured.output, invocation: "frp explain").overview()
        #expect(captured.text.contains("  Flattening: flatMap, switchMap, concatMap, exhaustMap, switchToLatest, mergeAll, concatAll,\n"))
        #expect(captured.text.contains("Which operator do I need? I want to ...\n  make a signal\n"))
        #expect(captured.text.contains("    and cancel stale requests (search as you type) "))
        #expect(captured.text.contains(". switchMap\n"))
    }
}

@Suite("Which operator do I need?")
struct GuideTests {
    @Test("every leaf names an operator that exists and can be explained")
    func leavesExist() {
        let leaves = Guide.standard.leaves
        #expect(leaves.count >= 40)
        for leaf in leaves {
            #expect(Catalogue.standard[leaf] != nil, "the guide names `\(leaf)`, which does not exist")
        }
    }

    @Test("every built-in operator is reached by some leaf")
    func everyOperatorReached() {
        let leaves = Set(Guide.standard.leaves)
        for spec in Catalogue.standard.specs {
            #expect(leaves.contains(spec.name), "no way to `\(spec.name)` in the guide")
        }
    }

    @Test("a leaf reads as the question's answer, its operator after dots")
    func rendering() {
        let lines = Guide.standard.rendered(width: 100)
        let leaf = lines.first { $0.contains("wait for a pause in typing") }
        #expect(leaf?.hasPrefix("    wait for a pause in typing (RAC2's throttle:) ...") == true)
        #expect(leaf?.hasSuffix(". debounce") == true)
        // The operators line up in one column.
        let leaves = lines.dropFirst().filter { $0.contains(" ...") }
        #expect(leaves.count > 40)
        let columns = Set(leaves.map { line in line.count - (line.split(separator: " ").last?.count ?? 0) })
        #expect(columns.count == 1)
    }
}

extension BinaryTests {
    @Test("frp explain OP runs its example; :help OP at the prompt is :explain OP",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func explainCommand() throws {
        let explain = try run(["explain", "debounce", "--ascii"], input: "")
        #expect(explain.status == 0)
        #expect(explain.output.contains("debounce 3ms           ------b-----c|"))
        #expect(try run(["explain", "debounc"], input: "").status == 1)
        let repl = try run([], input: ":help scan\n:explain scan\n")
        let halves = repl.output.components(separatedBy: "scan [SEED], EXPRESSION    (transforming)")
        #expect(halves.count == 3)
        #expect(halves[1] == halves[2])
    }
}

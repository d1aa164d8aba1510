@testable import Language
@testable import REPL
import Testing
import TestSupport

/// The REPL's reading of its input: when a statement goes on, where piped lines are, what
/// TAB offers after `:explain`, and `:help` at the terminal's width.
@Suite("REPL input")
struct ReplInputTests {
    @Test("a statement continues as the lexer reads it: comments, strings to the line's end, escapes",
          arguments: [
              ("of 1, 2 | map it * 2  # doubled (see notes", false),
              ("of 1, 2 |   # the numbers", true),
              ("of 1 | map (it +\n\"abc\n)", false),
              ("of 1 | map (it +\n\"abc", true),
              ("of \"(\" | map it", false),
              ("of \"a\\\"(\" |", true),
              ("of \"#\" |", true),
              ("of 1 | map [it,", true),
              ("of 1 | map it) |", true),
              ("of 1 | map (it", true),
              ("of 1 | map it", false),
              ("of \"|", false),
              ("of 1 |\n# a comment", true),
              ("of 1 # | (", false),
              ("", false),
          ])
    func continuesLikeTheLexer(text: String, continues: Bool) {
        #expect(Repl.continues(text) == continues)
    }

    @Test("a multi-line input is kept in the history as one line, without the comments that would hide the rest")
    func historyJoinsWithoutComments() {
        #expect("of 1, 2 |   # the numbers\n  map it * 3  # tripled".replacingNewlines == "of 1, 2 | map it * 3  # tripled")
        #expect("of \"#\" |  # a hash\nmap it".replacingNewlines == "of \"#\" | map it")
    }

    @Test("a statement of piped input keeps its line's number in diagnostics")
    func pipedLineNumbers() {
        var frontend = Frontend()
        let source = Repl.stdinSource("of 1 | mapp it", from: 2)
        let (_, diagnostics) = frontend.load(source)
        #expect(diagnostics.first?.location.description == "<stdin>:2:8")
        #expect(diagnostics.first?.rendered(in: source).contains("2| of 1 | mapp it") == true)
    }

    @Test("TAB after `:explain` offers operators and sources; after `:` the commands")
    func completesExplain() {
        let completion = Completion(catalogue: PhotoSources.catalogue, names: [])
        #expect(completion.candidates(before: ":explain swi") == ["switchAll", "switchMap", "switchMapTo", "switchToLatest"])
        #expect(completion.candidates(before: ":help popu").contains("popular"))
        #expect(completion.candidates(before: ":ex") == [":explain", ":export"])
        #expect(completion.candidates(before: ":export r") == ["rxjs"])
        #expect(completion.candidates(before: ":export c") == ["combine"])
        // After other commands, not the language's names.
        #expect(completion.candidates(before: ":stop ").isEmpty)
        #expect(completion.candidates(before: ":load a").isEmpty)
        #expect(completion.candidates(before: ":time v") == ["virtual"])
    }

    @Test(":help fits the terminal's width and says what :stop alone does")
    func helpWraps() {
        let help = Help.overview(PhotoSources.catalogue, width: 60)
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 60 })
        #expect(help.contains("Photo services"))
        #expect(help.contains(":stop all of them"))
        #expect(help.contains("an empty line there runs what was typed"))
    }

    @Test("frp run stops at its limit with the events printed and traced alike, and --max-events moves it")
    func runLimitCounts() {
        let captured = Captured()
        _ = ScriptRunner(clock: .virtual, trace: true, output: captured.output).run(Source(name: "r.frp", text: "range 1, 2000"))
        #expect(captured.text.contains("stopped after 1000 events, frp run's limit (`--max-events N` to see more"))
        #expect(captured.text.contains("* = several values in one column (up to 1000)"))
        #expect(captured.text.contains("range 1, 2000 at 0ms: when the run reached frp run's limit of 1000 events"))
        let more = Captured()
        _ = ScriptRunner(clock: .virtual, trace: false, maxEvents: 1500, output: more.output)
            .run(Source(name: "r.frp", text: "range 1, 2000"))
        #expect(more.text.contains("next 1500\n") && !more.text.contains("next 1501"))
        #expect(more.text.contains("stopped after 1500 events"))
    }
}

import Foundation
import Language
@testable import REPL
import Signals
import Testing
import TestSupport

/// The playground draws and rewrites marbles through frp's own parser and writer: every
/// marble of the corpus is found in its script, written anew from its events, and read
/// back as the same events.
@Suite("Marbles found and written anew")
struct MarbleLiteralTests {
    @Test("every cold and hot marble of Tests/Scripts and Examples, written from its events, reads back the same")
    func corpusRoundTrip() throws {
        var checked = 0
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let paths = ["Tests/Scripts", "Examples"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".frp") }.map { root.appendingPathComponent(folder + "/" + $0).path }
        }
        for path in paths {
            let source = Source(name: path, text: try String(contentsOfFile: path, encoding: .utf8))
            for literal in MarbleLiteral.all(in: source, catalogue: PhotoSources.catalogue) {
                guard let marble = try? Marble.parse(literal.text, kind: literal.kind) else { continue }
                let written = try Marble.written(marble.entries, width: marble.endsWithSilence ? marble.width : 0,
                                                 subscriptionPoint: marble.hasSubscriptionPoint)
                let again = try Marble.parse(written, kind: literal.kind)
                #expect(again.entries.map { $0.frame } == marble.entries.map { $0.frame }, "\(path): \(literal.text) → \(written)")
                #expect(again.entries.map { $0.mark } == marble.entries.map { $0.mark }, "\(path): \(literal.text) → \(written)")
                #expect(literal.replaced(with: literal.text, in: source) == source.text)
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    @Test("the playground moves a mark of a timed marble and answers the script with it written anew")
    func playgroundMove() {
        let script = #"hot "-a 400ms b 100ms c 350ms d 500ms |" | map it + "!""#
        let reply = Playground.move(script, marble: 0, entry: 1, frame: 403)
        #expect(reply.contains(#"hot \"-a 401ms b 99ms c 350ms d 500ms |\" | map it + \"!\""#), "\(reply)")
        let drawn = Playground.marbles(script)
        #expect(drawn.contains(#""entries":[{"frame":1,"mark":"a","value":"\"a\"","shown":"a"},{"frame":402,"mark":"b","value":"\"b\"","shown":"b"}"#), "\(drawn)")
        // A marble's VALUES are what its marks stand for, and a short one is drawn in its marble.
        let named = Playground.marbles(#"cold "-a-b|" {a: "Ann", b: "kitten"} | take 1"#)
        #expect(named.contains(#"{"frame":1,"mark":"a","value":"\"Ann\"","shown":"Ann"},{"frame":3,"mark":"b","value":"\"kitten\"","shown":"b"}"#), "\(named)")
        #expect(Playground.move(script, marble: 3, entry: 0, frame: 1).contains("there is no such marble"))
    }

    @Test("the playground says which marbles a run reads, which only an expect, and which start anew at each inner run")
    func marbleUses() {
        let drawn = Playground.marbles(#"let a = cold "-a|"\nexpect cold "-x-y|" emits "-x-y|"\nof 1, 2 | flatMap (cold "-z|") | merge a"#.replacing("\\n", with: "\n"))
        #expect(drawn.contains(#""text":"-a|","width":3,"readByRun":true,"perRun":false"#), "\(drawn)")
        #expect(drawn.contains(#""text":"-x-y|","width":5,"readByRun":false,"perRun":false"#), "\(drawn)")
        #expect(drawn.contains(#""text":"-z|","width":3,"readByRun":true,"perRun":true"#), "\(drawn)")
    }

    @Test("the playground moves a hot marble's mark before its ^, and refuses a group reaching it")
    func playgroundMoveBeforeSubscription() {
        let script = #"hot "-a-^-b-c-|" | map it + "!""#
        let drawn = Playground.marbles(script)
        #expect(drawn.contains(#""subscriptionPoint":true,"draggable":true"#), "\(drawn)")
        #expect(drawn.contains(#"{"frame":-2,"mark":"a","#), "\(drawn)")
        let reply = Playground.move(script, marble: 0, entry: 1, frame: -4)
        #expect(reply.contains(#"hot \"b-a-^---c-|\" | map it + \"!\""#), "\(reply)")
        // `a` onto the end's frame makes the group `(a|)`, which would reach the `^`.
        let grouped = #"hot "-a|^""#
        let refused = Playground.move(grouped, marble: 0, entry: 0, frame: -1)
        #expect(refused.contains("subscription point"), "\(refused)")
        // Without a `^`, no mark goes before 0.
        let cold = Playground.move(#"cold "-a|""#, marble: 0, entry: 0, frame: -1)
        #expect(cold.contains("only in a hot marble with ^"), "\(cold)")
    }
}

import Foundation
import Testing
import TestSupport

/// What a newcomer types in the first minutes: a script by name, a mistyped command,
/// `help` and `quit` at the prompt.
extension BinaryTests {
    @Test("frp FILE.frp runs the file as frp run does; frp --help lists every command, repl too",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func scriptByName() throws {
        let path = TraceSnapshotTests.root.appendingPathComponent("Examples/01-first-steps.frp").path
        let byName = try Self.run([path])
        let byRun = try Self.run(["run", path])
        #expect(byName.status == byRun.status)
        #expect(byName.output == byRun.output)
        #expect(byName.output.hasPrefix("» of 1, 2, 3"))
        let help = try Self.run(["--help"])
        for command in ["run", "test", "explain", "learn", "serve", "play", "repl"] {
            #expect(help.output.contains("\n  \(command) "), "--help does not list \(command)")
        }
    }

    @Test("a mistyped command gets did-you-mean and exit 64, not a usage line naming another command",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func mistypedCommand() throws {
        let result = try Self.run(["rnu", "x.frp"])
        #expect(result.status == 64)
        #expect(result.output.contains("frp: `rnu` is neither a command nor a script; did you mean `frp run`?"))
        let missing = try Self.run(["nothere.frp"])
        #expect(missing.status == 2, "a .frp name is a script, even when it is missing: \(missing.output)")
    }

    @Test("help, ?, exit and quit at the prompt are commands, unless the script named something so",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func promptHabits() throws {
        let help = try Self.run([], input: "help\n?\nhelp()\n")
        #expect(help.output.components(separatedBy: "Type a pipeline: a source").count == 4)
        #expect(!help.output.contains("UNKNOWN NAME"))
        for word in ["exit", "quit", "exit()", "quit()"] {
            let quit = try Self.run([], input: "of 1\n\(word)\nof 2\n")
            #expect(quit.output.contains("» of 1") && !quit.output.contains("» of 2"), "\(word): \(quit.output)")
        }
        let named = try Self.run([], input: "let help = of 9\nhelp\n")
        #expect(named.output.contains("(`help` is a name you defined; :help is the command)"))
        #expect(named.output.contains("next 9"))
    }

    @Test("a value prints as a value: an expression without a source, a property by name; a stream stays a stream",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func valuesPrintAsValues() throws {
        let result = try Self.run([], input: "1 + 2\n{a: 1}.a\nvar x = 5\nx\nx + 1\nx | map it * 10\n")
        #expect(result.output.contains("» 1 + 2\n3\n» {a: 1}.a\n1\n"), "\(result.output)")
        #expect(result.output.contains("» x\n5\n» x + 1\n6\n"), "\(result.output)")
        // A property's values are still a stream where a stage reads them.
        #expect(result.output.contains("» x | map it * 10\n      0ms  next 50"), "\(result.output)")
        #expect(!result.output.contains("(no stage was traced)"))
        #expect(result.output.components(separatedBy: "completed").count == 1, "a value has no completed event: \(result.output)")
    }

    @Test("hints fit the mistake: := on a let, := on a name never declared, = where := or == was meant",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func propertyHints() throws {
        let result = try Self.run([], input: "var x = 1\nlet z = 5\nz := 6\ny := 3\nx = 5\ntotl := 2\nvar total = 0\ntotl := 2\n")
        #expect(result.output.contains("`z` is bound with `let`, and `:=` sets only a property"))
        #expect(result.output.contains("write `var z = VALUE` instead of `let`"))
        #expect(result.output.contains("Hint: a property is declared first: `var y = 3`"), "no `x` for `y`: \(result.output)")
        #expect(result.output.contains("Hint: compare with `==`; to set the property `x`, write `x := VALUE`"))
        #expect(result.output.contains("Hint: a property is declared first: `var totl = 2`"))
        #expect(result.output.contains("Hint: did you mean `total`? Otherwise, a property is declared first: `var totl = 2`"))
    }

    @Test("a misspelled field of a service's records is found before the run, with did-you-mean; `??` asks for a missing one on purpose",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func misspelledField() throws {
        let result = try Self.run([], input: "popular | filter rating > 90 | map nmae\npopular | take 1 | map it.nick ?? name\n")
        #expect(result.output.contains("-- UNKNOWN FIELD [FRP0321]"))
        #expect(result.output.contains("Hint: did you mean `name`? They have `id`, `name`, `user`"))
        #expect(!result.output.contains("» popular | filter"), "it did not run: \(result.output)")
        #expect(result.output.contains("next \"Crimson River\""), "\(result.output)")
    }

    @Test("a cancellation and its cause read one way, and the cause is true: a disposal at the run's end says so; :stop with nothing to stop says so",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func cancellationWording() throws {
        let result = try Self.run([], input: "photo 1 | catch never\ncold \"-a-b-c-|\" | take 2\n:stop\n")
        #expect(result.output.contains("catch never at 200ms: when the run ended: nothing more could happen"), "\(result.output)")
        #expect(result.output.contains("cold \"-a-b-c-|\" at 3ms: when take 2 completed"), "\(result.output)")
        #expect(result.output.contains("nothing to stop: no pipeline runs in the background"))
        let script = try temporaryScript("cold \"-a-b-c-|\" | take 2\n")
        let svgPath = script + ".svg"
        _ = try Self.run(["run", "--svg", svgPath, script])
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        #expect(svg.contains("cold &quot;-a-b-c-|&quot; at 3ms: when take 2 completed"), "the SVG words it as the text does: \(svg)")
    }
}

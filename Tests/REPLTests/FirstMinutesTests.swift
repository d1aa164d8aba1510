import Foundation
import Testing

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
}

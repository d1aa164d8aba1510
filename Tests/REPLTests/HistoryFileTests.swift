import Foundation
@testable import REPL
import Testing

/// The history file is written only when it is one, appended to, and cut when read.
@Suite("History file")
struct HistoryFileTests {
    func temporary() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)").path
    }

    @Test("entries round-trip through libedit's encoding, special characters and all")
    func roundTrip() throws {
        let path = temporary()
        let history = try #require(HistoryFile(path))
        let entries = [#"of 1 | map it + "é日""#, "a\\b\tc", "popular | take 2"]
        for entry in entries { #expect(history.append(entry)) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("_HiStOrY_V2_\nof\\0401\\040|"))
        #expect(HistoryFile(path)?.load() == entries)
    }

    @Test("a file that is not a history, or a symlink, is never written")
    func notAHistory() throws {
        let path = temporary()
        try "precious data\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(HistoryFile(path) == nil)
        let link = temporary()
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(HistoryFile(link) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious data\n")
        #expect(HistoryFile("/dev/null") == nil)
    }

    @Test("two sessions sharing one history keep each other's lines")
    func twoSessions() throws {
        let path = temporary()
        let first = try #require(HistoryFile(path)), second = try #require(HistoryFile(path))
        first.append("one")
        second.append("two")
        first.append("three")
        #expect(HistoryFile(path)?.load() == ["one", "two", "three"])
    }

    @Test("a long history is cut to the kept entries when read; an entry past the line limit is dropped")
    func cut() throws {
        let path = temporary()
        let history = try #require(HistoryFile(path))
        for number in 1...(HistoryFile.kept + 500) { history.append("of \(number)") }
        history.append(String(repeating: "x", count: HistoryFile.entryLimit + 1))
        let entries = history.load()
        #expect(entries.count == HistoryFile.kept)
        #expect(entries.first == "of 501" && entries.last == "of \(HistoryFile.kept + 500)")
        // The file was written anew with just those.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == HistoryFile.kept + 1)
    }
}

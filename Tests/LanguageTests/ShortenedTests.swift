import Language
import Signals
import Testing

@Suite("Values shortened for a legend")
struct ShortenedTests {
    /// Brackets and quotes outside quoted text, which must close in the order they open.
    private func balanced(_ text: String) -> Bool {
        var open: [Character] = []
        var quoted = false
        var escaped = false
        for character in text {
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                continue
            }
            switch character {
            case "\"": quoted = true
            case "{", "[": open.append(character)
            case "}": if open.popLast() != "{" { return false }
            case "]": if open.popLast() != "[" { return false }
            default: break
            }
        }
        return open.isEmpty && !quoted
    }

    @Test("a value cut short keeps its braces and quotes closed, and says what is left out with …")
    func balancedCuts() throws {
        let page = try Value(json: #"{"photos":{"page":1,"total":445,"photo":[{"id":1,"name":"Crimson River"},{"id":2,"name":"Dune"}]},"stat":"ok"}"#)
        for limit in [4, 10, 20, 30, 40, 60, 80] {
            let text = page.shortened(to: limit)
            #expect(balanced(text), "\(limit): \(text)")
            #expect(text.count <= limit + 6, "\(limit): \(text)")
            #expect(text.contains("…"), "\(limit): \(text)")
        }
        #expect(page.shortened(to: 40) == #"{photos: {page: 1, total: 445, …}, …}"#)
        #expect(Value.string("kitten and more").shortened(to: 8) == #""kitte…""#)
        #expect(Value.list([.number(1), .number(2)]).shortened(to: 40) == "[1, 2]")
    }

    @Test("text is cut after a whole word when one ends near the cut, never mid-word; short text is whole")
    func wordEnds() {
        let message = "map: the record has no field `nmae`: it has `id`, `name`; it is there when it is the one"
        for limit in [20, 30, 45, 60, 80] {
            let cut = String(message.wordPrefix(limit))
            #expect(cut.count <= limit)
            #expect(message.hasPrefix(cut))
            let next = message.dropFirst(cut.count).first
            #expect(next.map { " ,:;".contains($0) } == true, "\(limit): `\(cut)` ends mid-word")
            #expect(!cut.hasSuffix(",") && !cut.hasSuffix(":") && !cut.hasSuffix(";"), "\(limit): `\(cut)`")
        }
        #expect("short".wordPrefix(10) == "short")
        // One long word: cut where the limit falls.
        #expect("abcdefghij".wordPrefix(4) == "abcd")
        #expect(Value.string("Crimson River at dawn").shortened(to: 14) == "\"Crimson…\"")
    }
}

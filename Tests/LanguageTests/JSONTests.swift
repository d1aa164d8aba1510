import JSONText
import Language
import Testing

@Suite("JSON")
struct JSONTests {
    @Test("a reply parses to values with the field order kept, and prints back the same")
    func roundTrip() throws {
        let text = #"{"id":42,"name":"Dune \"at\" dusk","user":{"username":"ann"},"rating":91.5,"tags":["sky","sea"],"nsfw":false,"camera":null}"#
        let value = try Value(json: text)
        #expect(value.json == text)
        guard case .record(let record) = value else {
            Issue.record("not a record")
            return
        }
        #expect(record.names == ["id", "name", "user", "rating", "tags", "nsfw", "camera"])
        #expect(record["rating"] == .number(91.5))
    }

    @Test("escapes and surrogate pairs decode")
    func escapes() throws {
        #expect(try Value(json: #""a\nb\u00e9\ud83d\ude00""#) == .string("a\nbé😀"))
    }

    @Test("bad JSON is an error with its byte offset, never a crash")
    func errors() {
        for (text, offset) in [("{\"a\" 1}", 5), ("[1, 2", 5), ("tru", 0), ("\"open", 5), ("1 2", 2)] {
            #expect(throws: JSONError.self) { try Value(json: text) }
            do { _ = try Value(json: text) } catch { #expect(error.offset == offset, "\(text)") }
        }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONError.self) { try Value(json: deep) }
    }
}

@Suite("JSON documents")
struct JSONDocumentTests {
    @Test("a document written by JSON reads back the same, numbers whole where they are whole")
    func roundTrip() throws {
        let document = JSON.object([
            "name": .string("Dune \"at\" dusk\n"), "rating": .number(91), "share": .number(0.25),
            "tags": .array([.string("sky"), .null, .bool(false)]), "infinite": .number(Double.infinity),
        ])
        #expect(document.text == #"{"name":"Dune \"at\" dusk\n","rating":91,"share":0.25,"tags":["sky",null,false],"infinite":null}"#)
        var expected = document
        if case .object(var fields) = expected {
            fields[4].value = .null
            expected = .object(fields)
        }
        #expect(try JSON(parsing: document.text) == expected)
        #expect(try JSON(parsing: document.text)["name"]?.stringValue == "Dune \"at\" dusk\n")
    }

    @Test("values and documents agree: a value's JSON read by the document reader and back")
    func valuesAgree() throws {
        let text = #"{"id":42,"name":"Crimson River","tags":["a","b"],"user":{"username":"ann"},"rating":91.5,"nsfw":false,"camera":null}"#
        #expect(try Value(json: text).json == JSON(parsing: text).text)
        #expect(try Value(json: text).jsonDocument == JSON(parsing: text))
    }
}

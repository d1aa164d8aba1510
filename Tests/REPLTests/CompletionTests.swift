import Language
@testable import REPL
import Services
import Signals
import Testing

/// TAB offers only what the language and the prompt know: names from the catalogue and the
/// session, the prompt's commands, and the fields the services really send.
@Suite("Completion")
struct CompletionTests {
    static let catalogue = PhotoSources.catalogue
    let completion = Completion(catalogue: CompletionTests.catalogue, names: ["photos"], bindings: ["photos": "popular"])
    let keystrokes = Completion(catalogue: CompletionTests.catalogue, names: ["keystrokes"])

    /// A call of each service that answers with records (download sends bytes).
    static let calls: [String: String] = [
        "popular": "popular", "popularPage": "popularPage", "photo": "photo 108523", "search": #"search "kitten""#,
        "login": #"login "Jiuchabaikaishui", "123456""#, "friends": "friends", "searchFriends": #"searchFriends "Wa""#,
        "checkUsername": #"checkUsername "newcomer""#, "token": "token", "profile": "token | then profile",
    ]

    /// The first value a pipeline sends, in virtual time.
    static func firstValue(_ text: String) -> Value? {
        var frontend = Frontend(catalogue: catalogue)
        let (statements, diagnostics) = frontend.load(Source(name: "call.frp", text: text + " | take 1"))
        guard diagnostics.isEmpty, case .run(let pipeline, _, _)? = statements.first else { return nil }
        var value: Value?
        _ = Run(pipeline: pipeline, options: RunOptions(), properties: PropertyStore()).perform { event, _ in
            if case .next(let sent) = event { value = sent }
        }
        return value
    }

    /// `user.username` for every field of a record, the fields of a list's first item (a
    /// list of records is the field that holds them: `images.url`).
    static func paths(of value: Value, under owner: String? = nil) -> Set<String> {
        switch value {
        case .record(let record):
            var found = Set<String>()
            for field in record.fields {
                let path = owner.map { "\($0).\(field.name)" } ?? field.name
                let inner = Self.paths(of: field.value, under: path)
                if inner.isEmpty { found.insert(path) } else { found.formUnion(inner) }
            }
            return found
        case .list(let items):
            guard let first = items.first, case .record = first else { return [] }
            return Self.paths(of: first, under: owner)
        default:
            return []
        }
    }

    @Test("a listing is laid out in columns down then across, within the width, never breaking a name")
    func columns() {
        let names = CompletionTests.catalogue.names.sorted()
        for width in [20, 40, 80, 140] {
            let lines = Completion.columns(names, width: width)
            // A name longer than the width (`distinctUntilKeyChanged` at 20) has a line to itself.
            let longest = names.map(\.count).max() ?? 0
            #expect(lines.allSatisfy { $0.count <= max(width, longest) }, "\(width)")
            // Every name is whole on one line, each once.
            let listed = lines.flatMap { $0.split(separator: " ").map(String.init) }
            #expect(listed.sorted() == names, "\(width)")
            #expect(lines.count < names.count || width < 80, "\(width): one name per line")
        }
        #expect(Completion.columns(["map", "mapTo", "merge", "min", "max"], width: 20) == ["map    merge  max", "mapTo  min"])
        #expect(Completion.columns(["aVeryLongOperatorName", "b"], width: 10) == ["aVeryLongOperatorName", "b"])
    }

    @Test("each service's fields are the fields of its real replies", arguments: PhotoSite.services.filter { $0.name != "download" }.map(\.name))
    func fieldsMatchReplies(service name: String) throws {
        let service = try #require(PhotoSite.services.first { $0.name == name })
        let call = try #require(Self.calls[name], "no call for \(name)")
        let value = try #require(Self.firstValue(call), "\(call) sent nothing")
        #expect(Self.paths(of: value) == Set(service.fields))
    }

    @Test("completion offers only names the catalogue, the session, the prompt or the services have")
    func onlyKnownNames() {
        let known = Set(Self.catalogue.names + Command.names + Command.all.flatMap(\.words)
            + PhotoSite.services.flatMap { $0.fields.flatMap { $0.split(separator: ".").map(String.init) } }
            + ["photos", "let", "var", "expect", "it", "acc"])
        let lines = ["", "p", ":", ":t", ":time ", ":trace ", ":explain s", "popular | ", "popular | f", "popular | map ",
                     "popular | filter ra", "popular | map user.", "search \"cats\" | map photos.", "photos | filter ",
                     "popular | scan 0, a", "of {title: 1} | map t", "popular | take 2 | map "]
        for line in lines {
            for candidate in completion.candidates(before: line) {
                #expect(known.contains(candidate), "`\(line)` offers `\(candidate)`")
            }
        }
        #expect(!completion.candidates(before: "popular | ").contains("flatMapLatest"))
        #expect(!completion.candidates(before: "").contains("just"))
    }

    @Test("fields come from the records reaching the stage, and acc only where there is one")
    func fieldsWhereTheyMeanSomething() {
        #expect(completion.candidates(before: "popular | filter ra") == ["rating"])
        #expect(completion.candidates(before: "photos | take 2 | map vo") == ["votes_count"])
        #expect(completion.candidates(before: "popular | map user.") == ["fullname", "username"])
        #expect(completion.candidates(before: "popular | map {n: name} | filter na").isEmpty)
        #expect(completion.candidates(before: "popular | map {n: name} | filter ").contains("n"))
        #expect(!completion.candidates(before: "popular | map a").contains("acc"))
        #expect(completion.candidates(before: "popular | scan 0, a").contains("acc"))
        #expect(completion.candidates(before: ":time ") == ["live", "virtual"])
    }

    @Test("after | it offers operators; at the start sources and names; in arguments fields")
    func contexts() {
        #expect(completion.candidates(before: "popular | swi") == ["switchAll", "switchMap", "switchMapTo", "switchToLatest"])
        #expect(keystrokes.candidates(before: "key") == ["keystrokes"])
        #expect(completion.candidates(before: "pop") == ["popular", "popularPage"])
        #expect(completion.candidates(before: "popular | filter ra") == ["rating"])
        #expect(completion.candidates(before: "friends | map ui") == ["uin"])
        #expect(completion.candidates(before: ":he") == [":help"])
    }

    @Test("fields come from what reaches the stage: records in literals, let names, map {…}, nested records")
    func inferredFields() {
        var completion = completion
        completion.bindings = ["photos": "popular | filter rating > 50", "people": #"of {name: "Ann", age: 31}, {name: "Bo", age: 4}"#]
        #expect(completion.candidates(before: "photos | filter ra") == ["rating"])
        #expect(completion.candidates(before: "people | filter ag") == ["age"])
        #expect(completion.candidates(before: #"of {title: "x", score: 3} | map sc"#) == ["score"])
        #expect(completion.candidates(before: "popular | map {title: name, stars: rating} | filter st") == ["stars"])
        #expect(completion.candidates(before: "popular | map {title: name} | filter ra") == [], "map replaced the fields")
        #expect(completion.candidates(before: "popular | map user.us") == ["username"])
        #expect(completion.candidates(before: "search \"cats\" | map photos.to") == ["total"])
    }
}

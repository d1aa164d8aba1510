import Language
@testable import REPL
import TestSupport
import Testing

/// A misspelled field of a service's records is found before the run, nested ones too
/// (`user.usrname`, `images[0].ur`), with the closest name; where the checker does not know
/// the records (a list of texts, a record made in the pipeline, after `??`), it says nothing.
@Suite("Fields of a service's records")
struct ServiceFieldTests {
    /// The diagnostics of `text` as the terminal prints them, one string.
    static func diagnostics(_ text: String) -> String {
        checked(text, name: "fields.frp", catalogue: PhotoSources.catalogue).rendered
    }

    @Test("a nested field not among the service's is reported where it is written, with did-you-mean",
          arguments: [
            ("popular | map user.usrname", "fields.frp:1:20", "`user`", "did you mean `username`? They have `username`, `fullname`"),
            ("popular | map it.user.fulname", "fields.frp:1:23", "`user`", "did you mean `fullname`?"),
            ("popular | map images[0].ur", "fields.frp:1:25", "`images`", "did you mean `url`? They have `size`, `url`"),
            (#"search "kitten" | map photos.photo[0].titel"#, "fields.frp:1:39", "`photos.photo`", "did you mean `title`?"),
            (#"search "kitten" | map photos.totl"#, "fields.frp:1:30", "`photos`", "did you mean `total`?"),
          ])
    func reported(text: String, at position: String, owner: String, hint: String) {
        let found = Self.diagnostics(text)
        #expect(found.contains("-- UNKNOWN FIELD [FRP0321]") && found.contains(position), "\(found)")
        #expect(found.contains("The records in \(owner) have no field"), "\(found)")
        #expect(found.contains(hint), "\(found)")
    }

    @Test("fields the records have, or that the checker cannot know, are not reported",
          arguments: ["popular | map user.username", "popular | map images[0].url", "popular | map tags[0]",
                      #"popular | map user.usrname ?? "?""#, "popular | map {u: user} | map u.x",
                      #"search "kitten" | map photos.photo[0].title"#, "profile | map photos"])
    func quiet(text: String) {
        #expect(Self.diagnostics(text).isEmpty, "\(Self.diagnostics(text))")
    }
}

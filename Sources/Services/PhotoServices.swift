import Signals

/// The photo services of the tutorials, in process: each request is a cold signal that
/// answers after the service's latency on the run's scheduler (virtual, live or scaled),
/// is cancelled by disposal, and is counted. Replies are JSON (or image bytes), exactly
/// what the HTTP transport carries, so both give the same events.
public final class PhotoServices {
    public enum Reply: Equatable, Sendable {
        case json([UInt8])
        case bytes([UInt8])
    }

    public enum Argument: Equatable, Sendable {
        case number(Double)
        case text(String)
    }

    /// Failures on demand, for teaching catch, retry and timeout.
    public enum Failure: Equatable, Sendable {
        /// Every request fails with this message.
        case fail(String)
        /// Every request takes this many times longer.
        case slow(Double)
    }

    public let catalog: PhotoCatalog
    let scheduler: Scheduler
    /// Requests made, by service, this run.
    public private(set) var requests: [String: Int] = [:]
    /// Requests cancelled before they answered, by service.
    public private(set) var cancelled: [String: Int] = [:]
    /// Requests that have neither answered nor been cancelled: 0 once a run is disposed,
    /// or a subscription leaked.
    public private(set) var openRequests = 0
    public var failures: [String: Failure] = [:]
    /// The access token is fresh once `token` has answered (stateful, per run).
    private var tokenIsFresh = false

    public init(catalog: PhotoCatalog = PhotoCatalog(), scheduler: Scheduler) {
        self.catalog = catalog
        self.scheduler = scheduler
    }

    /// The services and what they take, for the language's catalogue.
    public static let services: [(name: String, parameters: [String], summary: String)] = [
        ("popular", [], "The 500px popular feed: one photo per value, best rated first, then completes (500ms)."),
        ("popularPage", [], "The popular feed the classic way: the whole page as one list value (500ms)."),
        ("photo", ["ID"], "The details of one photo, with comments_count and the full-size image (200ms)."),
        ("download", ["URL"], "The bytes of an image: a thumbnail (100ms) or a full-size picture (300ms)."),
        ("search", ["TEXT"], "Flickr search by text, most interesting first; the text must be longer than 3 characters (400ms)."),
        ("login", ["USER", "PASSWORD"], "Signs in: one {code, message} after 4s."),
        ("friends", [], "The friend list, as one list value, after 3s."),
        ("searchFriends", ["TEXT"], "The friends whose name or uin contains the text, as one list (100ms)."),
        ("checkUsername", ["NAME"], "Whether a username exists: {exists}; a name starting with \"fail\" fails (300ms)."),
        ("token", [], "A new access token after 1s; requests made with it succeed."),
        ("profile", [], "Your profile; fails with \"token expired\" until a token was fetched (100ms)."),
    ]

    /// One request: a cold signal (each subscription is one request).
    public func request(_ name: String, _ arguments: [Argument]) -> Signal<Reply> {
        Signal(unchecked: { [self] observer, lifetime in
            requests[name, default: 0] += 1
            openRequests += 1
            let answer = respond(name, arguments)
            var latency = answer.latency
            if case .slow(let factor)? = failures[name] {
                latency = TimeSpan(nanoseconds: Int64(Double(latency.nanoseconds) * factor))
            }
            var answered = false
            let timer = scheduler.schedule(after: latency) { [self] in
                answered = true
                openRequests -= 1
                if case .fail(let message)? = failures[name] {
                    return observer.terminate(.error(SignalError("\(name): \(message)")))
                }
                switch answer.result {
                case .success(let replies):
                    if name == "token" { tokenIsFresh = true }
                    for reply in replies {
                        if lifetime.isDisposed { return }
                        observer.next(reply)
                    }
                    if !lifetime.isDisposed { observer.terminate(.completed) }
                case .failure(let error):
                    observer.terminate(.error(error))
                }
            }
            lifetime.onDispose { [self] in
                if !answered {
                    answered = true
                    openRequests -= 1
                    timer.cancel()
                    cancelled[name, default: 0] += 1
                }
            }
        })
    }

    private struct Answer {
        var latency: TimeSpan
        var result: Result<[Reply], SignalError>
    }

    private func respond(_ name: String, _ arguments: [Argument]) -> Answer {
        func fail(_ message: String, after ms: Int = 0) -> Answer {
            Answer(latency: .milliseconds(ms), result: .failure(SignalError("\(name): \(message)")))
        }
        func answer(_ ms: Int, _ replies: [Reply]) -> Answer { Answer(latency: .milliseconds(ms), result: .success(replies)) }
        func text(_ index: Int) -> String? {
            guard index < arguments.count else { return nil }
            switch arguments[index] {
            case .text(let text): return text
            case .number(let number): return number == number.rounded() ? String(Int64(number)) : String(number)
            }
        }

        switch name {
        case "popular":
            return answer(500, catalog.popular().map { .json(JSON.photo($0, details: false)) })
        case "popularPage":
            return answer(500, [.json(JSON.list(catalog.popular().map { JSON.photo($0, details: false) }))])
        case "photo":
            guard let idText = text(0), let id = Int(idText) else { return fail("a photo id is a number", after: 200) }
            guard let photo = catalog.photo(id: id) else { return fail("no photo with id \(id)", after: 200) }
            return answer(200, [.json(JSON.photo(photo, details: true))])
        case "download":
            guard let url = text(0), url.hasPrefix("http://") || url.hasPrefix("https://") else {
                return fail("malformed URL \(JSON.quoted(text(0) ?? ""))", after: 100)
            }
            guard let bytes = catalog.image(at: url) else { return fail("no image at \(url)", after: 100) }
            return answer(url.hasSuffix("/4.png") ? 300 : 100, [.bytes(bytes)])
        case "search":
            let query = text(0) ?? ""
            guard query.count > 3 else {
                return fail("the text must be longer than 3 characters, got \(JSON.quoted(query))", after: 400)
            }
            let (total, photos) = catalog.search(query)
            return answer(400, [.json(JSON.searchResults(total: total, photos: photos))])
        case "login":
            return login(user: text(0) ?? "", password: text(1) ?? "")
        case "friends":
            return answer(3000, [.json(JSON.list(catalog.friends.map(JSON.friend)))])
        case "searchFriends":
            let query = (text(0) ?? "").lowercased()
            let found = catalog.friends.filter { $0.name.lowercased().contains(query) || $0.uin.contains(query) }
            return answer(100, [.json(JSON.list(found.map(JSON.friend)))])
        case "checkUsername":
            let username = text(0) ?? ""
            if username.hasPrefix("fail") { return fail("the server could not be reached", after: 300) }
            let exists = catalog.photos.contains { $0.username.lowercased() == username.lowercased() }
                || username == "Jiuchabaikaishui"
            return answer(300, [.json(Array("{\"username\":\(JSON.quoted(username)),\"exists\":\(exists)}".utf8))])
        case "token":
            return answer(1000, [.json(Array("{\"token\":\"fresh-\(requests["token", default: 0])\"}".utf8))])
        case "profile":
            guard tokenIsFresh else { return fail("token expired", after: 100) }
            return answer(100, [.json(Array("{\"username\":\"Jiuchabaikaishui\",\"photos\":12}".utf8))])
        default:
            return fail("there is no such service")
        }
    }

    /// The seed tutorial's login: one user and password succeed, a wrong password is
    /// code 1, one user simulates a network failure, anyone else does not exist.
    private func login(user: String, password: String) -> Answer {
        func reply(_ code: Int, _ message: String) -> Answer {
            Answer(latency: .seconds(4), result: .success([.json(Array("{\"code\":\(code),\"message\":\(JSON.quoted(message))}".utf8))]))
        }
        switch (user, password) {
        case ("Jiuchabaikaishui", "123456"): return reply(0, "welcome")
        case ("Jiuchabaikaishui", _): return reply(1, "wrong password")
        case ("Jiuchabaikaishu", _):
            return Answer(latency: .seconds(4), result: .failure(SignalError("login: the network is unreachable")))
        default: return reply(2, "account does not exist")
        }
    }
}

/// The JSON of the services' replies, shaped like 500px's and Flickr's.
enum JSON {
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 { out += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16) }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    static func list(_ items: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += item
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    static func photo(_ photo: PhotoCatalog.Photo, details: Bool) -> [UInt8] {
        var images = "{\"size\":3,\"url\":\(quoted(PhotoCatalog.imageURL(photo: photo.id, size: 3)))}"
        if details { images += ",{\"size\":4,\"url\":\(quoted(PhotoCatalog.imageURL(photo: photo.id, size: 4)))}" }
        var text = "{\"id\":\(photo.id),\"name\":\(quoted(photo.name))"
        text += ",\"user\":{\"username\":\(quoted(photo.username)),\"fullname\":\(quoted(photo.fullname))}"
        text += ",\"rating\":\(photo.rating),\"votes_count\":\(photo.votes),\"category\":\(quoted(photo.category))"
        text += ",\"times_viewed\":\(photo.timesViewed),\"created_at\":\(quoted(photo.createdAt))"
        text += ",\"tags\":[\(photo.tags.map(quoted).joined(separator: ","))]"
        if details { text += ",\"comments_count\":\(photo.commentsCount)" }
        text += ",\"images\":[\(images)]}"
        return Array(text.utf8)
    }

    static func friend(_ friend: PhotoCatalog.Friend) -> [UInt8] {
        Array("{\"name\":\(quoted(friend.name)),\"uin\":\(quoted(friend.uin)),\"avatar\":\(quoted(PhotoCatalog.avatarURL(uin: friend.uin)))}".utf8)
    }

    static func searchResults(total: Int, photos: [(id: String, title: String)]) -> [UInt8] {
        let items = photos.map { photo in
            "{\"id\":\(quoted(photo.id)),\"title\":\(quoted(photo.title)),\"url\":\(quoted("\(PhotoCatalog.imageBase)/flickr/\(photo.id).png"))}"
        }
        return Array("{\"photos\":{\"page\":1,\"total\":\(total),\"photo\":[\(items.joined(separator: ","))]},\"stat\":\"ok\"}".utf8)
    }
}

import JSONText
import Signals
import Synchronization

/// One request to the photo site, as every transport carries it: the in-process one hands
/// it over as it is, the HTTP one writes it as a URL, a form and headers.
public struct ServiceRequest: Sendable, Equatable {
    public var service: String
    /// The language's arguments as text, in the service's parameter order.
    public var arguments: [String]
    /// The run's access token (`Authorization: Bearer …`); nil before `token` answered.
    public var token: String?
    /// Live time: the run's speed (`X-Speed`), so a server answers after the service's
    /// latency as the run sees it; nil in virtual time (answer at once).
    public var speed: Double?

    public init(service: String, arguments: [String] = [], token: String? = nil, speed: Double? = nil) {
        self.service = service
        self.arguments = arguments
        self.token = token
        self.speed = speed
    }
}

/// Why a request failed: an HTTP status and the reason (`{"error": "…"}` over HTTP). The
/// language sees `service: reason`.
public struct ServiceFailure: Error, Equatable, Sendable {
    public var status: Int
    public var message: String

    public init(status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}

public typealias ServiceAnswer = Result<PhotoServices.Reply, ServiceFailure>

/// How a reply becomes values of the language.
public enum ReplyShape: Sendable, Equatable {
    /// The whole reply is one value (a JSON document, or an image's bytes).
    case document
    /// One value: this field of the reply (500px wraps a photo as `{"photo": …}`).
    case field(String)
    /// One value per element of this list field (the popular feed, photo by photo).
    case each(String)
}

/// What each value a service sends is: one record (a photo, a reply), a list of them, or
/// an image's bytes. A test checks it against real replies.
public enum SentValue: Sendable, Equatable {
    case record, list, bytes
}

/// A service of the photo site: everything about it in one place — its name and
/// parameters in the language, its HTTP shape, how long it takes, and what it answers.
public struct PhotoService: Sendable {
    public let name: String
    public let parameters: [String]
    public let summary: String
    /// A pipeline that shows it at work (`frp explain search` runs it; a test runs each).
    public let example: String
    /// The fields of the records it sends (of each item, when it sends a list), nested
    /// ones as paths (`user.username`): what completion offers; a test checks them against
    /// real replies.
    public let fields: [String]
    public let sends: SentValue
    public let route: Route
    public let shape: ReplyShape
    /// How long it takes, from the arguments alone: the client arms its timer when it asks,
    /// whichever transport brings the answer.
    public let latency: @Sendable ([String]) -> TimeSpan
    /// Whether its answer depends on what the run asked before (the token a run holds):
    /// then no one answer stands for its calls (`frp export` cannot record it).
    public let dependsOnTheRun: Bool
    let answer: @Sendable (PhotoSite, ServiceRequest) -> ServiceAnswer

    init(_ name: String, _ parameters: [String], _ summary: String, example: String, fields: [String], sends: SentValue = .record,
         route: Route, shape: ReplyShape = .document,
         latency: @escaping @Sendable ([String]) -> TimeSpan, dependsOnTheRun: Bool = false,
         answer: @escaping @Sendable (PhotoSite, ServiceRequest) -> ServiceAnswer) {
        self.name = name
        self.dependsOnTheRun = dependsOnTheRun
        self.parameters = parameters
        self.summary = summary
        self.example = example
        self.fields = fields
        self.sends = sends
        self.route = route
        self.shape = shape
        self.latency = latency
        self.answer = answer
    }

    init(_ name: String, _ parameters: [String], _ summary: String, example: String, fields: [String], sends: SentValue = .record,
         route: Route, shape: ReplyShape = .document,
         milliseconds: Int, dependsOnTheRun: Bool = false, answer: @escaping @Sendable (PhotoSite, ServiceRequest) -> ServiceAnswer) {
        self.init(name, parameters, summary, example: example, fields: fields, sends: sends, route: route, shape: shape,
                  latency: { _ in .milliseconds(milliseconds) }, dependsOnTheRun: dependsOnTheRun, answer: answer)
    }
}

extension PhotoService {
    /// The fields of each value it sends, when each is one record (`popular`'s photos),
    /// nested ones as paths (`user.username`): the checker reports a field not among them
    /// before a run, `user.usrname` as `nmae`.
    public var recordFields: [String]? { sends == .record ? fields : nil }

    /// The fields of each value, or of each item of a list it sends, without nested paths
    /// (`user`, not `user.username`): what completion offers inside a stage.
    public var topLevelFields: [String] {
        var seen = Set<String>()
        return fields.map { String($0.prefix { $0 != "." }) }.filter { seen.insert($0).inserted }
    }
}

/// The photo site: what every request answers, from the embedded catalog. One
/// implementation for both transports — `frp serve` answers HTTP requests with it, and the
/// in-process transport calls it directly. Per-run state (the token a run holds) is the
/// client's; the site only remembers which tokens it issued.
public final class PhotoSite: Sendable {
    public let catalog: PhotoCatalog
    private let issuedTokens = Mutex<Set<String>>([])

    public init(catalog: PhotoCatalog = PhotoCatalog()) {
        self.catalog = catalog
    }

    /// The services, in the order `:help` lists them. Adding a service is adding an entry.
    public static let services: [PhotoService] = [
        PhotoService("popular", [], "The 500px popular feed: one photo per value, best rated first, then completes (500ms).",
                example: "popular | take 3 | map name", fields: photoFields,
                route: popularRoute, shape: .each("photos"), milliseconds: 500) { site, _ in site.popularPage() },
        PhotoService("popularPage", [], "The popular feed the classic way: the whole page as one list value (500ms).",
                example: "popularPage | map length(it)", fields: photoFields, sends: .list,
                route: popularRoute, shape: .field("photos"), milliseconds: 500) { site, _ in site.popularPage() },
        PhotoService("photo", ["ID"], "The details of one photo, with comments_count and the full-size image (200ms).",
                example: "popular | take 1 | switchMap (photo id) | map comments_count", fields: photoFields + ["comments_count"],
                route: Route(.get, "/v1/photos/:id", places: [.path("id")]), shape: .field("photo"), milliseconds: 200) { site, request in
            site.photo(id: request.argument(0))
        },
        PhotoService("download", ["URL"], "The bytes of an image: a thumbnail (100ms) or a full-size picture (300ms).",
                example: "popular | take 2 | flatMap (download images[0].url) | map length(it)", fields: [], sends: .bytes,
                route: Route(.get, "/v1/download", places: [.resource]),
                latency: { arguments in .milliseconds((arguments.first ?? "").hasSuffix("/4.png") ? 300 : 100) }) { site, request in
            site.download(request.argument(0))
        },
        PhotoService("search", ["TEXT"], "Flickr search by text, most interesting first; the text must be longer than 3 characters (400ms).",
                example: #"search "kitten" | map photos.total"#, fields: ["photos.page", "photos.total", "photos.photo.id", "photos.photo.title", "photos.photo.url", "stat"],
                route: Route(.get, "/services/rest/", fixed: [("method", "flickr.photos.search"), ("sort", "interestingness-desc"),
                                                             ("per_page", "20"), ("format", "json"), ("nojsoncallback", "1")],
                             places: [.query("text")]),
                milliseconds: 400) { site, request in site.search(request.argument(0)) },
        PhotoService("login", ["USER", "PASSWORD"], "Signs in: one {code, message} after 4s.",
                example: #"login "Jiuchabaikaishui", "123456" | map message"#, fields: ["code", "message"],
                route: Route(.post, "/v1/login", places: [.form("username"), .form("password")]),
                milliseconds: 4000) { _, request in PhotoSite.login(user: request.argument(0), password: request.argument(1)) },
        PhotoService("friends", [], "The friend list, as one list value, after 3s.",
                example: "friends | map length(it)", fields: friendFields, sends: .list,
                route: Route(.get, "/v1/friends"), milliseconds: 3000) { site, _ in
            .success(.json(JSON.array(site.catalog.friends.map(PhotoReplies.friend)).bytes))
        },
        PhotoService("searchFriends", ["TEXT"], "The friends whose name or uin contains the text, as one list (100ms).",
                example: #"searchFriends "Wa" | map length(it)"#, fields: friendFields, sends: .list,
                route: Route(.get, "/v1/friends/search", places: [.query("q")]), milliseconds: 100) { site, request in
            let query = request.argument(0).lowercased()
            let found = site.catalog.friends.filter { $0.name.lowercased().contains(query) || $0.uin.contains(query) }
            return .success(.json(JSON.array(found.map(PhotoReplies.friend)).bytes))
        },
        PhotoService("checkUsername", ["NAME"], "Whether a username exists: {exists}; a name starting with \"fail\" fails (300ms).",
                example: #"checkUsername "newcomer" | map exists"#, fields: ["username", "exists"],
                route: Route(.get, "/v1/users/check", places: [.query("username")]), milliseconds: 300) { site, request in
            site.checkUsername(request.argument(0))
        },
        PhotoService("token", [], "A new access token after 1s; requests made with it succeed.",
                example: "token | then profile | map username", fields: ["token"],
                route: Route(.post, "/v1/oauth/token"), milliseconds: 1000, dependsOnTheRun: true) { site, request in site.issueToken(after: request.token) },
        PhotoService("profile", [], "Your profile; fails with \"token expired\" until a token was fetched (100ms).",
                example: "profile | catch (token | then profile) | map username", fields: ["username", "photos"],
                route: Route(.get, "/v1/users/me"), milliseconds: 100, dependsOnTheRun: true) { site, request in site.profile(token: request.token) },
    ]

    private static let photoFields = ["id", "name", "user.username", "user.fullname", "rating", "votes_count", "category",
                                      "times_viewed", "created_at", "tags", "images.size", "images.url"]
    private static let friendFields = ["name", "uin", "avatar"]

    private static let popularRoute = Route(.get, "/v1/photos", fixed: [("feature", "popular"), ("rpp", "100"), ("page", "1"),
                                                                         ("exclude", "Nude")])

    private static let byName: [String: PhotoService] = Dictionary(services.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    public static func service(named name: String) -> PhotoService? { byName[name] }

    /// The answer to one request: what both transports say.
    public func answer(_ request: ServiceRequest) -> ServiceAnswer {
        guard let service = Self.service(named: request.service) else {
            return .failure(ServiceFailure(status: 404, "there is no such service"))
        }
        return service.answer(self, request)
    }

    // MARK: The answers

    /// 500px's page: `{"feature": "popular", "current_page": 1, …, "photos": [...]}`.
    func popularPage() -> ServiceAnswer {
        let photos = catalog.popular()
        let total = catalog.photos.filter { $0.category != "Nude" }.count
        let page = JSON.object([
            "feature": .string("popular"), "filters": .object(["exclude": .string("Nude")]), "current_page": .number(1),
            "total_pages": .number((total + 99) / 100), "total_items": .number(total),
            "photos": .array(photos.map { PhotoReplies.photo($0, details: false) }),
        ])
        return .success(.json(page.bytes))
    }

    func photo(id text: String) -> ServiceAnswer {
        guard let id = Int(text) else { return .failure(ServiceFailure(status: 400, "a photo id is a number")) }
        guard let photo = catalog.photo(id: id) else { return .failure(ServiceFailure(status: 404, "no photo with id \(id)")) }
        return .success(.json(JSON.object(["photo": PhotoReplies.photo(photo, details: true)]).bytes))
    }

    func download(_ url: String) -> ServiceAnswer {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            return .failure(ServiceFailure(status: 400, "malformed URL \(JSONText.quoted(url))"))
        }
        guard let bytes = catalog.image(at: url) else { return .failure(ServiceFailure(status: 404, "no image at \(url)")) }
        return .success(.bytes(bytes))
    }

    func search(_ query: String) -> ServiceAnswer {
        guard query.count > 3 else {
            return .failure(ServiceFailure(status: 400, "the text must be longer than 3 characters, got \(JSONText.quoted(query))"))
        }
        let (total, photos) = catalog.search(query)
        return .success(.json(PhotoReplies.searchResults(total: total, photos: photos).bytes))
    }

    /// The seed tutorial's login: one user and password succeed, a wrong password is
    /// code 1, one user simulates a network failure, anyone else does not exist.
    static func login(user: String, password: String) -> ServiceAnswer {
        func reply(_ code: Int, _ message: String) -> ServiceAnswer {
            .success(.json(JSON.object(["code": .number(code), "message": .string(message)]).bytes))
        }
        switch (user, password) {
        case ("Jiuchabaikaishui", "123456"): return reply(0, "welcome")
        case ("Jiuchabaikaishui", _): return reply(1, "wrong password")
        case ("Jiuchabaikaishu", _): return .failure(ServiceFailure(status: 503, "the network is unreachable"))
        default: return reply(2, "account does not exist")
        }
    }

    func checkUsername(_ username: String) -> ServiceAnswer {
        if username.hasPrefix("fail") { return .failure(ServiceFailure(status: 503, "the server could not be reached")) }
        let exists = catalog.photos.contains { $0.username.lowercased() == username.lowercased() } || username == "Jiuchabaikaishui"
        return .success(.json(JSON.object(["username": .string(username), "exists": .bool(exists)]).bytes))
    }

    /// `fresh-1`, then `fresh-2` when a run that holds `fresh-1` asks again: the same in
    /// every transport and every run, so runs are reproducible.
    func issueToken(after previous: String?) -> ServiceAnswer {
        var number = 1
        if let previous, previous.hasPrefix("fresh-"), let last = Int(previous.dropFirst(6)), last > 0, last < 1_000_000 {
            number = last + 1
        }
        let token = "fresh-\(number)"
        issuedTokens.withLock { _ = $0.insert(token) }
        return .success(.json(JSON.object(["token": .string(token)]).bytes))
    }

    /// A request without a token this site issued is refused: its token "expired".
    func profile(token: String?) -> ServiceAnswer {
        guard let token, issuedTokens.withLock({ $0.contains(token) }) else {
            return .failure(ServiceFailure(status: 401, "token expired"))
        }
        return .success(.json(JSON.object(["username": .string("Jiuchabaikaishui"), "photos": .number(12)]).bytes))
    }
}

extension ServiceRequest {
    /// The argument at `index`, or "" when the call had fewer.
    func argument(_ index: Int) -> String { index < arguments.count ? arguments[index] : "" }
}

/// The JSON of the services' replies, shaped like 500px's and Flickr's.
public enum PhotoReplies {
    static func photo(_ photo: PhotoCatalog.Photo, details: Bool) -> JSON {
        var images: [JSON] = [.object(["size": .number(3), "url": .string(PhotoCatalog.imageURL(photo: photo.id, size: 3))])]
        if details { images.append(.object(["size": .number(4), "url": .string(PhotoCatalog.imageURL(photo: photo.id, size: 4))])) }
        var fields: [JSON.Field] = [
            .init("id", .number(photo.id)), .init("name", .string(photo.name)),
            .init("user", .object(["username": .string(photo.username), "fullname": .string(photo.fullname)])),
            .init("rating", .number(photo.rating)), .init("votes_count", .number(photo.votes)),
            .init("category", .string(photo.category)), .init("times_viewed", .number(photo.timesViewed)),
            .init("created_at", .string(photo.createdAt)), .init("tags", .array(photo.tags.map(JSON.string))),
        ]
        if details { fields.append(.init("comments_count", .number(photo.commentsCount))) }
        fields.append(.init("images", .array(images)))
        return .object(fields)
    }

    static func friend(_ friend: PhotoCatalog.Friend) -> JSON {
        .object(["name": .string(friend.name), "uin": .string(friend.uin), "avatar": .string(PhotoCatalog.avatarURL(uin: friend.uin))])
    }

    static func searchResults(total: Int, photos: [(id: String, title: String)]) -> JSON {
        let items = photos.map { photo in
            JSON.object(["id": .string(photo.id), "title": .string(photo.title),
                         "url": .string("\(PhotoCatalog.imageBase)/flickr/\(photo.id).png")])
        }
        return .object(["photos": .object(["page": .number(1), "total": .number(total), "photo": .array(items)]), "stat": .string("ok")])
    }

    /// `{"error": "…"}`: how the server says why a request failed.
    public static func error(_ message: String) -> [UInt8] {
        JSON.object(["error": .string(message)]).bytes
    }

    /// The text of a top-level string field of a JSON object (`token` of `{"token":
    /// "fresh-1"}`, `error` of an error reply); nil when the reply has none or is not JSON.
    public static func stringField(_ name: String, in bytes: [UInt8]) -> String? {
        (try? JSON(parsing: bytes))?[name]?.stringValue
    }
}

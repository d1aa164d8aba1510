/// The embedded photo site: a 500px-style catalog, Flickr-style search results, a friend
/// list and the login users of the classic ReactiveCocoa tutorials — generated from a
/// fixed seed, so it is the same everywhere, offline, out of the box.
public struct PhotoCatalog: Sendable {
    public struct Photo: Equatable, Sendable {
        public var id: Int
        public var name: String
        public var username: String
        public var fullname: String
        /// 0–100, one decimal.
        public var rating: Double
        public var votes: Int
        public var category: String
        public var timesViewed: Int
        public var createdAt: String
        public var tags: [String]
        public var commentsCount: Int
    }

    public struct Friend: Equatable, Sendable {
        public var name: String
        public var uin: String
    }

    public let photos: [Photo]
    public let friends: [Friend]
    /// Where image URLs point. `.invalid` never resolves: nothing leaves the machine by
    /// accident; the HTTP transport serves the same paths from its own address.
    public static let imageBase = "http://photos.invalid"

    public static let categories = [
        "Abstract", "Animals", "Black and White", "City and Architecture", "Concert", "Family", "Fashion",
        "Film", "Fine Art", "Food", "Journalism", "Landscapes", "Macro", "Nature", "Nude", "People",
        "Performing Arts", "Sport", "Still Life", "Street", "Transportation", "Travel", "Underwater",
        "Urban Exploration", "Wedding",
    ]

    public init(seed: UInt64 = 500, photoCount: Int = 400, friendCount: Int = 60) {
        var random = SeededGenerator(seed: seed)
        let adjectives = ["Morning", "Silent", "Golden", "Blue", "Last", "Wild", "Quiet", "Frozen", "Distant",
                          "Hidden", "Little", "Bright", "Northern", "Empty", "Broken", "Endless", "Misty",
                          "Summer", "Winter", "Crimson", "Velvet", "Lonely", "Electric", "Ancient"]
        let nouns = ["Fog", "Harbour", "Dunes", "Forest", "Bridge", "Lantern", "Tide", "Meadow", "Alley",
                     "Skyline", "Glacier", "Market", "Orchard", "Canyon", "Station", "Reef", "Window",
                     "Horizon", "Lighthouse", "Garden", "River", "Storm", "Portrait", "Rooftops"]
        let people = [("ann_lens", "Ann Varga"), ("kenji", "Kenji Mori"), ("lucia.f", "Lucía Ferrer"),
                      ("omar_k", "Omar Khalil"), ("wei_zhang", "Zhang Wei"), ("nadia", "Nadia Petrova"),
                      ("tom_h", "Tom Hughes"), ("priya", "Priya Nair"), ("sven", "Sven Lund"),
                      ("amara", "Amara Obi"), ("li_na", "Li Na"), ("jonas", "Jonas Berg")]
        var photos: [Photo] = []
        for index in 0..<photoCount {
            let (username, fullname) = random.pick(people)
            let category = random.number(in: 0...19) == 0 ? "Nude" : random.pick(Self.categories.filter { $0 != "Nude" })
            let name = "\(random.pick(adjectives)) \(random.pick(nouns))"
            let tagCount = random.number(in: 1...4)
            var tags: [String] = []
            for _ in 0..<tagCount {
                let tag = random.pick(nouns).lowercased()
                if !tags.contains(tag) { tags.append(tag) }
            }
            photos.append(Photo(
                id: 100_000 + index * 37 + random.number(in: 0...30),
                name: name, username: username, fullname: fullname,
                rating: Double(random.number(in: 0...1000)) / 10,
                votes: random.number(in: 0...2500), category: category,
                timesViewed: random.number(in: 10...250_000),
                createdAt: "2013-\(Self.twoDigits(random.number(in: 1...12)))-\(Self.twoDigits(random.number(in: 1...28)))T\(Self.twoDigits(random.number(in: 0...23))):\(Self.twoDigits(random.number(in: 0...59))):00-05:00",
                tags: tags, commentsCount: random.number(in: 0...300)))
        }
        self.photos = photos
        let family = ["Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun"]
        let given = ["Wei", "Fang", "Na", "Min", "Jing", "Lei", "Yan", "Jun", "Tao", "Ming", "Hui", "Xin", "Yu"]
        var friends: [Friend] = []
        var uins = Set<String>()
        while friends.count < friendCount {
            let uin = String(random.number(in: 10_000...999_999_999))
            guard uins.insert(uin).inserted else { continue }
            friends.append(Friend(name: "\(random.pick(family)) \(random.pick(given))", uin: uin))
        }
        self.friends = friends
    }

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    public func photo(id: Int) -> Photo? { photos.first { $0.id == id } }

    /// The popular feed: sorted by rating, best first, without the "Nude" category (as the
    /// classic client asked), `pageSize` per page from page 1.
    public func popular(page: Int = 1, pageSize: Int = 100) -> [Photo] {
        let feed = photos.filter { $0.category != "Nude" }.sorted { ($0.rating, $1.id) > ($1.rating, $0.id) }
        let start = max(0, (page - 1) * pageSize)
        guard start < feed.count else { return [] }
        return Array(feed[start..<min(feed.count, start + pageSize)])
    }

    public static func imageURL(photo id: Int, size: Int) -> String { "\(imageBase)/images/\(id)/\(size).png" }
    public static func avatarURL(uin: String) -> String { "\(imageBase)/avatars/\(uin).png" }

    /// The bytes of an image URL: a thumbnail (size 3) or a full-size picture (size 4) of a
    /// photo, or an avatar; nil for a URL the site does not have.
    public func image(at url: String) -> [UInt8]? {
        guard url.hasPrefix(Self.imageBase + "/") else { return nil }
        let parts = url.dropFirst(Self.imageBase.count + 1).split(separator: "/")
        if parts.count == 3, parts[0] == "images", let id = Int(parts[1]), photo(id: id) != nil,
           parts[2] == "3.png" || parts[2] == "4.png" {
            let side = parts[2] == "3.png" ? 16 : 64
            return PNG.image(width: side, height: side, color: Self.color(for: UInt64(id)))
        }
        if parts.count == 2, parts[0] == "avatars", parts[1].hasSuffix(".png") {
            let uin = String(parts[1].dropLast(4))
            guard friends.contains(where: { $0.uin == uin }) else { return nil }
            return PNG.image(width: 8, height: 8, color: Self.color(for: stableHash(uin)))
        }
        return nil
    }

    private static func color(for seed: UInt64) -> (UInt8, UInt8, UInt8) {
        var random = SeededGenerator(seed: seed)
        return (UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()),
                UInt8(truncatingIfNeeded: random.next()))
    }

    /// Flickr-style search results for any text: the same text always gives the same
    /// photos, ordered by "interestingness".
    public func search(_ text: String, perPage: Int = 20) -> (total: Int, photos: [(id: String, title: String)]) {
        var random = SeededGenerator(seed: stableHash(text.lowercased()))
        let total = random.number(in: 3...480)
        var results: [(id: String, title: String)] = []
        for _ in 0..<min(total, perPage) {
            let base = random.pick(photos)
            results.append((String(random.number(in: 1_000_000_000...9_999_999_999)), "\(text) — \(base.name)"))
        }
        return (total, results)
    }
}

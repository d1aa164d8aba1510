@testable import Services
import Testing

@Suite("The embedded photo catalog")
struct CatalogTests {
    let catalog = PhotoCatalog()

    @Test("it is the same every time (a fixed seed)")
    func deterministic() {
        let again = PhotoCatalog()
        #expect(catalog.photos == again.photos)
        #expect(catalog.friends == again.friends)
        #expect(catalog.search("cats").photos.map(\.id) == again.search("cats").photos.map(\.id))
    }

    @Test("it has at least 300 photos with distinct ids, ratings across 0-100, and some Nude")
    func photos() {
        #expect(catalog.photos.count >= 300)
        #expect(Set(catalog.photos.map(\.id)).count == catalog.photos.count)
        let ratings = catalog.photos.map(\.rating)
        #expect((ratings.min() ?? 100) < 5 && (ratings.max() ?? 0) > 95)
        #expect(catalog.photos.contains { $0.category == "Nude" })
        #expect(catalog.photos.allSatisfy { !$0.tags.isEmpty && !$0.name.isEmpty })
    }

    @Test("the popular feed is sorted by rating, pages by 100, and excludes Nude")
    func popular() {
        let page = catalog.popular()
        #expect(page.count == 100)
        #expect(page.allSatisfy { $0.category != "Nude" })
        #expect(zip(page, page.dropFirst()).allSatisfy { $0.rating >= $1.rating })
        let second = catalog.popular(page: 2)
        #expect(Set(page.map(\.id)).isDisjoint(with: second.map(\.id)))
    }

    @Test("images are real PNG files with valid checksums; unknown URLs have none")
    func images() throws {
        let photo = try #require(catalog.photos.first)
        let thumbnail = try #require(catalog.image(at: PhotoCatalog.imageURL(photo: photo.id, size: 3)))
        let full = try #require(catalog.image(at: PhotoCatalog.imageURL(photo: photo.id, size: 4)))
        #expect(Array(thumbnail.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(full.count > thumbnail.count)
        // The IHDR chunk's CRC covers its type and data.
        let ihdr = Array(thumbnail[12..<29])
        let stored = thumbnail[29..<33].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(PNG.crc32(ihdr) == stored)
        // The file ends with IEND, whose CRC every PNG shares (zlib's crc32 of "IEND").
        #expect(Array(thumbnail.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(catalog.image(at: "http://photos.invalid/images/1/3.png") == nil)
        #expect(catalog.image(at: "https://elsewhere.example/x.png") == nil)
        let friend = try #require(catalog.friends.first)
        #expect(catalog.image(at: PhotoCatalog.avatarURL(uin: friend.uin)) != nil)
    }

    /// Checked against published values, not against the functions that wrote the PNGs.
    @Test("the PNG checksums are zlib's: CRC-32 and Adler-32 of known vectors")
    func checksumVectors() {
        #expect(PNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNG.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNG.crc32([]) == 0)
        #expect(PNG.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(PNG.adler32([]) == 1)
    }

    @Test("search results depend only on the text")
    func search() {
        let cats = catalog.search("cats")
        #expect(cats.total >= 3 && !cats.photos.isEmpty)
        #expect(cats.photos.allSatisfy { $0.title.hasPrefix("cats") })
        #expect(catalog.search("dogs").photos.map(\.id) != cats.photos.map(\.id))
    }

    @Test("there are at least 50 friends with distinct uins")
    func friends() {
        #expect(catalog.friends.count >= 50)
        #expect(Set(catalog.friends.map(\.uin)).count == catalog.friends.count)
    }
}

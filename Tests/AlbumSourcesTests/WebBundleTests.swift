import AlbumModel
import AlbumNet
import AlbumSources
import Foundation
import Testing
import TestSupport

/// `--source bundle:http(s)://…`: the `/photos` JSON fetched over libcurl from a loopback server
/// that serves `fixtures/bundle`, read with the same checks as the local bundle.
@Suite struct WebBundleTests {
    static let paris = try! Coordinate(latitude: 48.856613, longitude: 2.352222)

    @Test func theServedFixturesOfferWhatTheLocalBundleOffers() async throws {
        let server = try LoopbackServer.serving(folder: Fixtures.bundle)
        let web = try await BundleSource.fetch(server.baseURL + "/photos", client: HTTPClient())
        let local = try BundleSource(folder: Fixtures.bundle)
        #expect(web.name == "bundle:\(server.baseURL)/photos")
        #expect(web.photoCount == local.photoCount)
        #expect(web.skipped.map(\.reason) == local.skipped.map(\.reason))
        let query = SearchQuery(center: Self.paris, radiusKm: 5, page: 1, perPage: 50)
        let webPage = try web.search(query), localPage = try local.search(query)
        #expect(webPage.photos.map(\.sourceId) == localPage.photos.map(\.sourceId))
        #expect(!webPage.photos.isEmpty)
        // Relative image URLs resolve against the list's URL.
        #expect(webPage.photos.allSatisfy { $0.url.hasPrefix(server.baseURL + "/photos/") && $0.url.hasSuffix(".jpg") })
        #expect(throws: AlbumError.self) { try web.resolveLocalFile("file:///etc/passwd") }
    }

    @Test func recordsAreCheckedAndSkippedWithTheirReasons() async throws {
        let folder = TemporaryFolder("webbundle")
        let records = """
            [{"id": 1, "title": "ok", "url": "img/a.jpg", "latitude": 1, "longitude": 2},
             {"id": 2, "url": "https://cdn.example.org/b.jpg", "latitude": 1, "longitude": 2},
             {"id": 3, "url": "file:///etc/passwd", "latitude": 1, "longitude": 2},
             {"id": 4, "url": "ftp://example.org/c.jpg", "latitude": 1, "longitude": 2},
             {"id": 1, "url": "img/d.jpg", "latitude": 1, "longitude": 2},
             {"id": 5, "url": "img/e.jpg", "latitude": 100, "longitude": 2}]
            """
        try Data(records.utf8).write(to: folder.child("list.json"))
        let server = try LoopbackServer.serving(folder: folder.url)
        let web = try await BundleSource.fetch(server.baseURL + "/list.json", client: HTTPClient())
        let page = try web.search(SearchQuery(center: try Coordinate(latitude: 1, longitude: 2), radiusKm: 1, page: 1, perPage: 10))
        #expect(page.photos.map(\.url) == [server.baseURL + "/img/a.jpg", "https://cdn.example.org/b.jpg"])
        #expect(web.skipped.map(\.position) == [3, 4, 5, 6])
        #expect(web.skipped[0].reason.contains("scheme 'file:'"))
        #expect(web.skipped[1].reason.contains("scheme 'ftp:'"))
        #expect(web.skipped[2].reason == "repeats the id of record 1")
        #expect(web.skipped[3].reason.contains("latitude"))
    }

    @Test func aListThatCannotBeFetchedOrReadIsAnErrorNamingTheURL() async throws {
        let folder = TemporaryFolder("webbundle")
        try Data("[{\"id\": 1,".utf8).write(to: folder.child("broken.json"))
        let server = try LoopbackServer.serving(folder: folder.url)
        let missing = await #expect(throws: AlbumError.self) {
            try await BundleSource.fetch(server.baseURL + "/none.json", client: HTTPClient())
        }
        #expect(missing?.description.contains("HTTP 404") == true, "\(String(describing: missing))")
        let broken = await #expect(throws: AlbumError.self) {
            try await BundleSource.fetch(server.baseURL + "/broken.json", client: HTTPClient())
        }
        #expect(broken?.description.contains("\(server.baseURL)/broken.json: malformed JSON") == true, "\(String(describing: broken))")
        let refused = await #expect(throws: AlbumError.self) {
            try await BundleSource.fetch("http://127.0.0.1:9/photos", client: HTTPClient())
        }
        #expect(refused?.description.contains("cannot fetch the bundle list") == true)
    }
}

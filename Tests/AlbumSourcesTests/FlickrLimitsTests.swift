import AlbumModel
import AlbumNet
import AlbumSources
import Foundation
import TestSupport
import Testing

/// Flickr's limits (4,000 results, 250 per page, 32 km) and the API key's secrecy.
@Suite struct FlickrLimitsTests {
    @Test(arguments: [(250, 16), (100, 40), (30, 133), (1, 4000)])
    func maxUsefulPageIs4000Results(perPage: Int, last: Int) {
        #expect(FlickrSource.maxUsefulPage(perPage: perPage) == last)
        #expect(FlickrSource.maxUsefulPage(pages: 3, perPage: perPage) == min(3, last))
    }

    @Test func neverAsksPastThe4000ResultWindow() async throws {
        let server = try LoopbackServer { request in
            .json(FlickrJSON.page(Int(request.query["page"] ?? "") ?? 1, pages: 100, total: 25_000, perPage: 250))
        }
        let source = try FlickrTest.source(server)
        let error = await #expect(throws: AlbumError.self) { try await source.search(FlickrTest.paris(page: 17, perPage: 250)) }
        #expect(error?.description.contains("4000") == true)
        #expect(server.requests.isEmpty)
        let last = try await source.search(FlickrTest.paris(page: 16, perPage: 250))
        #expect(last.total == 25_000)
        #expect(last.pages == 16, "pages is capped at the last useful page")
        #expect(last.photos.count == 1)
    }

    @Test func pagePastTheLastOffersNoRepeats() async throws {
        // Flickr answers a page past the end with photos from an earlier page.
        let server = try LoopbackServer { _ in .json(FlickrJSON.page(5, pages: 3, total: 6, perPage: 2, count: 2)) }
        let page = try await FlickrTest.source(server).search(FlickrTest.paris(page: 5))
        #expect(page.pages == 3 && page.total == 6)
        #expect(page.photos.isEmpty)
    }

    @Test(arguments: [(33.0, 30), (0.0, 30), (5.0, 251), (5.0, 0)])
    func refusesWhatFlickrRefuses(radius: Double, perPage: Int) async throws {
        let server = try LoopbackServer { _ in .json(FlickrJSON.empty) }
        await #expect(throws: AlbumError.self) {
            try await FlickrTest.source(server).search(FlickrTest.paris(perPage: perPage, radiusKm: radius))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func missingKeyIsAClearError() throws {
        let client = try HTTPClient()
        #expect(throws: AlbumError.invalidInput("FLICKR_API_KEY is not set: export your Flickr API key to use --source flickr")) {
            try FlickrSource(environment: [:], client: client)
        }
        #expect(throws: AlbumError.self) { try FlickrSource(environment: ["FLICKR_API_KEY": ""], client: client) }
    }

    @Test func keyIsRedactedFromTransportErrors() async throws {
        let server = try LoopbackServer { _ in .drop }
        let error = await #expect(throws: AlbumError.self) {
            try await FlickrTest.source(server, attempts: 2).search(FlickrTest.paris())
        }
        let message = try #require(error?.description)
        #expect(message.contains(server.baseURL + "/services/rest/: "), "names the endpoint: \(message)")
        #expect(message.contains("Empty reply from server"))
        #expect(!message.contains(FlickrTest.key))
    }

    @Test func keyIsRedactedFromFlickrsMessages() async throws {
        let server = try LoopbackServer { request in
            .json(FlickrJSON.fail(100, "Invalid API Key (\(request.query["api_key"] ?? ""))"))
        }
        let error = await #expect(throws: AlbumError.self) { try await FlickrTest.source(server).search(FlickrTest.paris()) }
        let message = try #require(error?.description)
        #expect(message.contains("Invalid API Key (<redacted>)"))
        #expect(!message.contains(FlickrTest.key))
    }
}

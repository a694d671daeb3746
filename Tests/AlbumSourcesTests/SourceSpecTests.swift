import AlbumModel
import AlbumNet
import AlbumSources
import Foundation
import Testing

@Suite struct SourceSpecTests {
    @Test func parsesBundleAndFlickr() throws {
        #expect(try SourceSpec.parse("bundle:fixtures/bundle") == .bundle(path: "fixtures/bundle"))
        #expect(try SourceSpec.parse("flickr") == .flickr(endpoint: FlickrSource.defaultEndpoint))
        #expect(try SourceSpec.parse("flickr", endpoint: "http://127.0.0.1:9/services/rest/") == .flickr(endpoint: "http://127.0.0.1:9/services/rest/"))
        #expect(SourceSpec.defaultBundleFolder == "fixtures/bundle")
        #expect(SourceSpec.flickr(endpoint: "http://x/").description == "flickr")
        #expect(try SourceSpec.parse("bundle:https://example.org/photos") == .webBundle(url: "https://example.org/photos"))
        #expect(try SourceSpec.parse("bundle:HTTP://127.0.0.1:8/a/photos.json").description == "bundle:HTTP://127.0.0.1:8/a/photos.json")
        #expect(SourceSpec.flickr(endpoint: "http://x/").maxRadiusKm == 32)
        #expect(SourceSpec.webBundle(url: "http://x/").maxRadiusKm == nil)
        #expect(SourceSpec.bundle(path: "b").maxRadiusKm == nil)
    }

    @Test(arguments: [
        ("picasa", nil, "unknown source 'picasa'"), ("bundle:", nil, "needs a folder"),
        ("flickr", "ftp://example.org/", "not an http(s) URL"), ("bundle:x", "http://example.org/", "only to --source flickr"),
        ("bundle:ftp://example.org/photos", nil, "only http and https URLs are fetched"),
        ("bundle:https://", nil, "is not a valid https URL"),
    ] as [(String, String?, String)])
    func refusesWithAClearError(text: String, endpoint: String?, message: String) {
        let error = #expect(throws: AlbumError.self) { try SourceSpec.parse(text, endpoint: endpoint) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func makesAFlickrSourceNamedFlickr() async throws {
        let source = try await SourceSpec.flickr(endpoint: "http://127.0.0.1:9/").makeSource(environment: ["FLICKR_API_KEY": "k"], client: HTTPClient())
        #expect(source.name == "flickr")
        #expect((source as? FlickrSource)?.endpoint == "http://127.0.0.1:9/")
        await #expect(throws: AlbumError.self) { try await SourceSpec.flickr(endpoint: "http://127.0.0.1:9/").makeSource(environment: [:], client: HTTPClient()) }
    }
}

import AlbumModel
import AlbumNet
import Foundation
import Testing
import TestSupport

@testable import AlbumSources

/// Issue 10, item 11: JSONP answers are unwrapped; image URLs on Flickr's host are built only
/// for the public endpoint.
@Suite struct FlickrURLBuildingTests {
    static let records = #"""
        {"photos":{"page":1,"pages":1,"perpage":3,"total":3,"photo":[
          {"id":"77","secret":"f00d","server":"4321","title":"built"},
          {"id":"78","secret":"","server":"4321","title":"no secret: skipped"},
          {"id":"79","server":"1","secret":"x","url_z":"ftp://example.org/z.jpg","title":"not http: built"}
        ]},"stat":"ok"}
        """#

    @Test func thePublicEndpointsRecordsGetURLsBuiltFromServerIdAndSecret() throws {
        let response = try JSONDecoder().decode(FlickrResponse.self, from: Data(Self.records.utf8))
        let photos = (response.photos?.photo ?? []).compactMap { $0.sourcePhoto(buildingURLs: true) }
        #expect(photos.map(\.url) == ["https://live.staticflickr.com/4321/77_f00d_b.jpg", "https://live.staticflickr.com/1/79_x_b.jpg"])
        let unbuilt = (response.photos?.photo ?? []).compactMap { $0.sourcePhoto(buildingURLs: false) }
        #expect(unbuilt.isEmpty)
    }

    @Test(arguments: ["jsonFlickrApi(%@)", "jsonFlickrApi( %@ );\n", "  jsonFlickrApi(%@)  "])
    func jsonpAnswersAreUnwrapped(wrapper: String) async throws {
        let body = wrapper.replacingOccurrences(of: "%@", with: FlickrJSON.stringNumbers)
        let server = try LoopbackServer { _ in .respond(status: 200, headers: ["Content-Type": "application/javascript"], body: Data(body.utf8)) }
        let page = try await FlickrTest.source(server).search(FlickrTest.paris())
        #expect(page.total == 19 && page.photos.count == 2)
    }

    @Test func aJSONPFailureCarriesFlickrsMessage() async throws {
        let server = try LoopbackServer { _ in
            .text(#"jsonFlickrApi({"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"})"#)
        }
        await #expect {
            _ = try await FlickrTest.source(server).search(FlickrTest.paris())
        } throws: { error in
            "\(error)".contains("Invalid API Key")
        }
    }
}

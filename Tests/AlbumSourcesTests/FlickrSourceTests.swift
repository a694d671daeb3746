import AlbumModel
import AlbumNet
import AlbumSources
import Foundation
import TestSupport
import Testing

/// Each response variant of `flickr.photos.search`, served by a loopback server.
@Suite struct FlickrSourceTests {
    @Test func sendsEveryParameterFlickrNeeds() async throws {
        let server = try LoopbackServer { _ in .json(FlickrJSON.empty) }
        _ = try await FlickrTest.source(server).search(FlickrTest.paris(page: 3, perPage: 40, radiusKm: 2.5))
        let request = try #require(server.requests.first)
        #expect(request.path == "/services/rest/")
        let q = request.query
        #expect(q["method"] == "flickr.photos.search")
        #expect(q["api_key"] == FlickrTest.key)
        #expect(q["lat"] == "48.858400" && q["lon"] == "2.294500")
        #expect(q["radius"] == "2.5" && q["radius_units"] == "km")
        #expect(q["per_page"] == "40" && q["page"] == "3")
        #expect(q["format"] == "json" && q["nojsoncallback"] == "1")
        #expect(q["min_upload_date"] == String(FlickrSource.defaultMinUploadDate))
        let extras = Set((q["extras"] ?? "").split(separator: ",").map(String.init))
        #expect(extras.isSuperset(of: ["url_q", "url_m", "url_z", "url_b", "geo", "date_taken", "owner_name", "license"]))
    }

    @Test(arguments: [FlickrJSON.stringNumbers, FlickrJSON.numberNumbers])
    func numbersArriveAsNumbersOrStrings(body: String) async throws {
        let server = try LoopbackServer { _ in .json(body) }
        let page = try await FlickrTest.source(server).search(FlickrTest.paris())
        #expect(page.total == 19 && page.pages == 10 && page.page == 1 && page.perPage == 2)
        try #require(page.photos.count == 2)
        let first = page.photos[0], second = page.photos[1]
        #expect(first.sourceId == "5001")
        #expect(first.title == "Eiffel at dusk")
        #expect(first.coordinate == (try Coordinate(latitude: 48.858222, longitude: 2.2945)))
        #expect(first.takenAt == "2019-05-01T21:30:05")
        #expect(first.owner == "Ann" && first.license == "Attribution License" && first.accuracy == 16)
        // Provenance (issue 30): owner id and name, licence id and URL, the photo's page.
        #expect(first.provenance.ownerId == "11@N01" && first.provenance.ownerName == "Ann")
        #expect(first.provenance.licenseId == "4" && first.provenance.licenseURL == "https://creativecommons.org/licenses/by/2.0/")
        #expect(first.provenance.pageURL == "https://www.flickr.com/photos/11@N01/5001")
        #expect(second.sourceId == "5002")
        #expect(second.title == nil)
        #expect(second.takenAt == nil, "datetakenunknown=1: Flickr's date is a guess")
        #expect(second.owner == "22@N01" && second.license == "All Rights Reserved" && second.provenance.licenseId == "0")
        #expect(second.provenance.ownerName == nil && second.provenance.licenseURL == nil)
        #expect(second.coordinate?.latitude == 48.86)
    }

    @Test func noResults() async throws {
        let server = try LoopbackServer { _ in .json(FlickrJSON.empty) }
        let page = try await FlickrTest.source(server).search(FlickrTest.paris())
        #expect(page.total == 0 && page.pages == 0 && page.photos.isEmpty)
    }

    @Test func imageURLPrefersTheLargestSizeUpTo1024() async throws {
        let server = try LoopbackServer { _ in .json(FlickrJSON.stringNumbers) }
        let photos = try await FlickrTest.source(server).search(FlickrTest.paris()).photos
        #expect(photos.map(\.url) == [
            "https://live.staticflickr.com/65535/5001_aa11_b.jpg", "https://live.staticflickr.com/65535/5002_bb22.jpg",
        ])
    }

    @Test func noImageURLIsBuiltForFlickrsHostFromACustomEndpoint() async throws {
        let body = #"""
            {"photos":{"page":1,"pages":1,"perpage":3,"total":3,"photo":[
              {"id":"77","secret":"f00d","server":"4321","title":"built"},
              {"id":"78","secret":"","server":"4321","title":"no secret: skipped"},
              {"id":"79","server":"1","secret":"x","url_z":"ftp://example.org/z.jpg","title":"not http: built"}
            ]},"stat":"ok"}
            """#
        let server = try LoopbackServer { _ in .json(body) }
        // Issue 10: a mirror or test server never makes the client contact live.staticflickr.com;
        // records without a url_* are left out (FlickrURLBuildingTests covers the public endpoint).
        let photos = try await FlickrTest.source(server).search(FlickrTest.paris(perPage: 3)).photos
        #expect(photos.isEmpty, "\(photos.map(\.url))")
    }

    @Test func badKeyFailsAtOnceWithFlickrsMessage() async throws {
        let server = try LoopbackServer { _ in .json(FlickrJSON.fail(100, "Invalid API Key (Key has invalid format)")) }
        let clock = RecordingClock()
        let error = await #expect(throws: AlbumError.self) { try await FlickrTest.source(server, clock: clock).search(FlickrTest.paris()) }
        #expect(error?.description.contains("Invalid API Key (Key has invalid format)") == true)
        #expect(server.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test(arguments: [0, 105, 201])
    func serviceUnavailableCodesAreRetried(code: Int) async throws {
        let server = try LoopbackServer(FlickrTest.script([.json(FlickrJSON.fail(code, "Service currently unavailable"))], then: .json(FlickrJSON.stringNumbers)))
        let clock = RecordingClock()
        let page = try await FlickrTest.source(server, clock: clock).search(FlickrTest.paris())
        #expect(page.photos.count == 2)
        #expect(server.requests.count == 2)
        #expect(clock.sleeps.count == 1)
    }

    @Test func otherErrorCodesAreNotRetried() async throws {
        let server = try LoopbackServer { _ in .json(FlickrJSON.fail(3, "Parameterless searches have been disabled")) }
        let error = await #expect(throws: AlbumError.self) { try await FlickrTest.source(server).search(FlickrTest.paris()) }
        #expect(error?.description.contains("Parameterless searches") == true)
        #expect(server.requests.count == 1)
    }

    @Test func tooManyRequestsHonoursRetryAfter() async throws {
        let server = try LoopbackServer(FlickrTest.script([.text("slow down", status: 429, headers: ["Retry-After": "7"])], then: .json(FlickrJSON.empty)))
        let clock = RecordingClock()
        _ = try await FlickrTest.source(server, clock: clock).search(FlickrTest.paris())
        #expect(server.requests.count == 2)
        // Without Retry-After the first back-off is 0.5…1 s.
        #expect(clock.sleeps == [.seconds(7)])
    }

    @Test func serverErrorsAreRetriedWithinABound() async throws {
        let server = try LoopbackServer { _ in .text("oops", status: 503) }
        let clock = RecordingClock()
        let error = await #expect(throws: AlbumError.self) {
            try await FlickrTest.source(server, clock: clock, attempts: 4).search(FlickrTest.paris())
        }
        #expect(error?.description.contains("HTTP 503") == true)
        #expect(server.requests.count == 4)
        #expect(clock.sleeps.count == 3)
        #expect(zip(clock.sleeps, clock.sleeps.dropFirst()).allSatisfy { $0 < $1 }, "back-off grows: \(clock.sleeps)")
    }

    @Test func htmlInsteadOfJSONFails() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>".utf8)) }
        let error = await #expect(throws: AlbumError.self) { try await FlickrTest.source(server).search(FlickrTest.paris()) }
        #expect(error?.description.contains("text/html") == true)
        #expect(server.requests.count == 1)
    }
}

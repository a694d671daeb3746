import Foundation
import TestSupport
import Testing

/// `album search` run as a process against a Flickr-compatible loopback server.
@Suite struct SearchCommandTests {
    let key = "e2e0123456789abcdefKEY"

    @Test func flickrSearchPrintsJSON() throws {
        let server = try LoopbackServer { request in
            request.query["api_key"] == "e2e0123456789abcdefKEY" ? .json(FlickrJSON.stringNumbers) : .json(FlickrJSON.fail(100, "Invalid API Key"))
        }
        let run = try AlbumProcess.run(
            ["search", "--source", "flickr", "--endpoint", server.baseURL + "/services/rest/", "--lat", "48.8584", "--lon", "2.2945", "--per-page", "2", "--json"],
            environment: ["FLICKR_API_KEY": key])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try run.json() as? [String: Any])
        #expect(json["total"] as? Int == 19 && json["pages"] as? Int == 10)
        let photos = try #require(json["photos"] as? [[String: Any]])
        try #require(photos.count == 2)
        #expect(photos[0]["id"] as? String == "5001")
        #expect(photos[0]["url"] as? String == "https://live.staticflickr.com/65535/5001_aa11_b.jpg")
        #expect(photos[0]["latitude"] as? Double == 48.858222)
        #expect(photos[0]["takenAt"] as? String == "2019-05-01T21:30:05")
        #expect(photos[1]["title"] is NSNull && photos[1]["takenAt"] is NSNull)
        // Every key is present, absent values null (accuracy: YFCC rows carry it, Flickr's search does not ask).
        #expect(Set(photos[1].keys) == ["id", "title", "url", "latitude", "longitude", "takenAt", "accuracy", "license"])
        #expect(server.requests.first?.query["per_page"] == "2")
        #expect(!run.stdout.contains(key) && !run.stderr.contains(key))
    }

    @Test func badKeyEndsWithFlickrsMessage() throws {
        let server = try LoopbackServer { _ in .json(FlickrJSON.fail(100, "Invalid API Key (Key has invalid format)")) }
        let run = try AlbumProcess.run(
            ["search", "--source", "flickr", "--endpoint", server.baseURL + "/services/rest/", "--lat", "1", "--lon", "2"],
            environment: ["FLICKR_API_KEY": key])
        #expect(run.status != 0)
        #expect(run.stderr.contains("Invalid API Key (Key has invalid format)"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stderr.contains(key) && !run.stdout.contains(key))
        #expect(server.requests.count == 1)
    }

    @Test func missingKeyIsAnError() throws {
        let run = try AlbumProcess.run(["search", "--source", "flickr", "--endpoint", "http://127.0.0.1:9/", "--lat", "1", "--lon", "2"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("FLICKR_API_KEY"))
    }

    @Test(arguments: [["--source", "picasa"], ["--lat", "91"], ["--radius-km", "0"], ["--source", "bundle:x", "--endpoint", "http://a/"]])
    func usageErrorsFail(extra: [String]) throws {
        let run = try AlbumProcess.run(["search", "--lat", "1", "--lon", "2"] + extra)
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("album: error:") || run.stderr.contains("Error"), "\(run.stderr)")
    }

    @Test func bundleSearchWorksOffline() throws {
        let run = try AlbumProcess.run([
            "search", "--source", "bundle:\(Fixtures.bundle.path)", "--lat", "48.856613", "--lon", "2.352222",
            "--radius-km", "2", "--json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try run.json() as? [String: Any])
        #expect(json["total"] as? Int == 8)
        let photos = try #require(json["photos"] as? [[String: Any]])
        #expect(photos.allSatisfy { ($0["title"] as? String)?.hasPrefix("Paris") == true })
    }
}

import AlbumCore
import AlbumModel
import Foundation
import Testing

/// GET answers are kept while the library has not changed (`AnswerCache`): these check that a
/// kept answer never outlives a change, made through the server, through the same `Library`, or
/// by another process's connection to the same file.
@Suite struct ServerCacheTests {
    func titles(_ h: ServerHarness) async throws -> [String] {
        let pins = try #require(try await h.request("GET", "/api/pins").json() as? [[String: Any]])
        return pins.compactMap { $0["title"] as? String }
    }

    @Test func keptAnswersFollowChangesFromAnyConnection() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        _ = try await h.json("POST", "/api/pins", ["latitude": 10, "longitude": 10, "title": "one", "fetch": false])
        #expect(try await titles(h) == ["one"])
        #expect(try await titles(h) == ["one"], "the kept answer")

        // The same Library the server uses, as a CLI command in this process would.
        _ = try await h.library.addPin(at: Coordinate(latitude: 20, longitude: 20), title: "two", note: nil)
        #expect(try await titles(h) == ["one", "two"])

        // A second connection to the same file, as another `album` process has.
        let other = try await Library.openForWriting(at: h.folder.child("lib"))
        _ = try await other.addPin(at: Coordinate(latitude: 30, longitude: 30), title: "three", note: nil)
        #expect(try await titles(h) == ["one", "two", "three"])
        try await other.setRegion(try Region(center: Coordinate(latitude: 1, longitude: 2), spanLatitude: 3, spanLongitude: 4))
        _ = try await other.removePin(id: 1)
        #expect(try await titles(h) == ["two", "three"])

        // Album answers too: a photo removed by the other connection is gone from the next answer.
        let album = try #require(try await h.request("GET", "/api/pins/2/photos").json() as? [String: Any])
        #expect((album["photos"] as? [Any])?.isEmpty == true)
        _ = try await other.movePin(id: 2, to: Coordinate(latitude: 21, longitude: 21))
        let moved = try #require(try await h.request("GET", "/api/pins/2").json() as? [String: Any])
        #expect(moved["latitude"] as? Double == 21)
    }

    @Test func entriesShowThumbnailsByMediaURL() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let created = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        await h.server.waitForFetches()
        let entries = try #require(try await h.request("GET", "/api/entries?pin=\(id)").json() as? [String: Any])
        let groups = try #require(entries["groups"] as? [[String: Any]])
        let photos = groups.flatMap { ($0["photos"] as? [[String: Any]]) ?? [] }
        #expect(photos.count == 8)
        for photo in photos {
            let photoId = try #require(photo["id"] as? Int)
            #expect(photo["thumbnail"] as? String == "/api/media/\(photoId)?size=thumb", "never a path in the library")
        }
        let first = try #require(photos.first?["thumbnail"] as? String)
        let thumb = try await h.request("GET", first)
        #expect(thumb.status == 200 && thumb.body.starts(with: [0xFF, 0xD8]))

        let found = try #require(try await h.request("GET", "/api/search?q=paris").json() as? [String: Any])
        for photo in (found["photos"] as? [[String: Any]]) ?? [] {
            #expect((photo["thumbnail"] as? String)?.hasPrefix("/api/media/") == true, "\(photo)")
        }
        let june = try #require(try await h.request("GET", "/api/summaries/monthly?year=2024&month=6").json() as? [String: Any])
        let firstPhoto = try #require(june["first"] as? [String: Any])
        #expect((firstPhoto["thumbnail"] as? String)?.hasPrefix("/api/media/") == true, "\(firstPhoto)")
    }
}

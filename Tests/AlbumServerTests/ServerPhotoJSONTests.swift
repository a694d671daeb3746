import AlbumCore
import AlbumModel
import AlbumServer
import Foundation
import Testing
import TestSupport

/// Decision 0021-i9: the API's photo is AlbumKit's one `PhotoJSON`, the CLI's keys, with media
/// URLs for its files and no path on disk anywhere.
@Suite struct ServerPhotoJSONTests {
    @Test func theAPIPhotoHasEveryKeyOfTheCLIPhotoWithMediaURLs() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let created = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        await h.server.waitForFetches()
        let album = try #require(try await h.request("GET", "/api/pins/\(id)/photos").json() as? [String: Any])
        let served = try #require(album["photos"] as? [[String: Any]])
        let stored = try await h.library.photos(pinId: Int64(id))
        #expect(served.count == stored.count && !stored.isEmpty)
        for (api, photo) in zip(served, stored) {
            let cli = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(PhotoJSON(photo: photo, library: h.library))) as? [String: Any])
            #expect(Set(api.keys) == Set(cli.keys), "the same keys as `album photos --json`")
            #expect(api["file"] as? String == "/api/media/\(photo.id)")
            #expect(api["thumbnail"] as? String == "/api/media/\(photo.id)?size=thumb")
            #expect((cli["file"] as? String)?.hasPrefix(h.library.folder.path) == true, "the CLI shows the path")
            for key in cli.keys where !["file", "thumbnail"].contains(key) {
                #expect(api[key] as? NSObject == cli[key] as? NSObject, "\(key): \(api[key] ?? "absent") against \(cli[key] ?? "absent")")
            }
        }
    }

    @Test func anImportedPhotoShowsNoPathOnDiskThroughTheAPI() throws {
        var photo = Photo(
            id: 5, pinId: Photo.unplacedPinId, source: PhotoOrigin.imported.stored, sourceId: "abc", url: "file:///home/me/trip/a.jpg",
            state: .downloaded, file: "/home/me/trip/a.jpg", thumbnail: "thumbs/ab/abc.jpg", takenAt: "2024-06-14T09:43:19")
        photo.local.offset = "+02:00"
        let api = try Self.object(PhotoJSON(photo: photo, media: .served))
        #expect(api["url"] is NSNull && api["pinId"] is NSNull)
        #expect(api["file"] as? String == "/api/media/5")
        #expect(api["takenAt"] as? String == "2024-06-14T09:43:19+02:00", "the offset, as the CLI shows it")
        #expect(!String(decoding: try JSONEncoder().encode(PhotoJSON(photo: photo, media: .served)), as: UTF8.self).contains("/home/me"))

        let cli = try Self.object(PhotoJSON(photo: photo, folder: URL(fileURLWithPath: "/lib")))
        #expect(cli["url"] as? String == "file:///home/me/trip/a.jpg")
        #expect(cli["file"] as? String == "/home/me/trip/a.jpg")
        #expect(cli["thumbnail"] as? String == "/lib/thumbs/ab/abc.jpg")
    }

    static func object(_ value: PhotoJSON) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
    }
}

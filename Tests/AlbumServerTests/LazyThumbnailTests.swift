import AlbumCore
import AlbumModel
import AlbumServer
import AlbumSources
import Foundation
import Testing
import TestSupport

/// Thumbnails made on first use (issue 28, decision 0072): a lazy fetch stores originals and
/// rows only; the server makes a thumbnail when it is first asked for, once however many ask at
/// the same moment, and the same for the library's own callers.
@Suite struct LazyThumbnailTests {
    /// The harness's library with the Paris bundle album fetched with `--thumbnails lazy`.
    func lazyAlbum() async throws -> (ServerHarness, [Photo]) {
        let h = try await ServerHarness().start()
        var environment = try await FetchEnvironment.make(source: try SourceSpec.parse("bundle:\(Fixtures.bundle.path)", endpoint: nil))
        environment.thumbnails = .lazy
        let report = try await h.library.fetch(
            at: try Coordinate(latitude: 48.856613, longitude: 2.352222), options: FetchOptions(radiusKm: 3, perPage: 30, concurrency: 4),
            environment: environment)
        let photos = try await h.library.photos(pinId: report.pin.id)
        #expect(photos.count == 8 && photos.allSatisfy { $0.state == .downloaded }, "\(photos.map(\.state))")
        return (h, photos)
    }

    func exists(_ h: ServerHarness, _ photo: Photo) -> Bool {
        photo.thumbnail.map { FileManager.default.fileExists(atPath: h.library.url(forStoredPath: $0).path) } ?? false
    }

    @Test func concurrentRequestsForOneThumbnailMakeItOnce() async throws {
        let (h, photos) = try await lazyAlbum()
        defer { Task { await h.stop() } }
        #expect(photos.allSatisfy { !exists(h, $0) }, "a lazy fetch writes no thumbnail")
        #expect(photos.allSatisfy { $0.thumbnail != nil && $0.width != nil }, "the row has its path and size")
        let first = try #require(photos.first)

        // Twelve requests for the same thumbnail at once: every one gets it, it is made once.
        let answers = try await withThrowingTaskGroup(of: RawHTTP.Response.self) { group in
            for _ in 0..<12 { group.addTask { try await h.request("GET", "/api/media/\(first.id)?size=thumb") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.allSatisfy { $0.status == 200 && $0.headers["content-type"] == "image/jpeg" }, "\(answers.map(\.status))")
        #expect(Set(answers.map(\.body)).count == 1 && answers[0].body.starts(with: [0xFF, 0xD8]))
        #expect(h.library.thumbnailsMadeOnUse == 1, "made \(h.library.thumbnailsMadeOnUse) times")
        #expect(exists(h, first))
        #expect(try await h.request("GET", "/api/media/\(first.id)?size=thumb").body == answers[0].body)
        #expect(h.library.thumbnailsMadeOnUse == 1, "a made thumbnail is served, not made again")

        // The library's callers (export html, the card) share the same once: all eight, each
        // asked for three times at once, are made eight times in all.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for photo in photos + photos + photos {
                group.addTask { _ = try await h.library.thumbnailFile(of: photo) }
            }
            try await group.waitForAll()
        }
        #expect(h.library.thumbnailsMadeOnUse == 8, "made \(h.library.thumbnailsMadeOnUse) times")
        #expect(photos.allSatisfy { exists(h, $0) })
    }

    @Test func aThumbnailThatCannotBeMadeIsAnErrorAndNothingIsWritten() async throws {
        let (h, photos) = try await lazyAlbum()
        defer { Task { await h.stop() } }
        let photo = try #require(photos.first)
        // The original replaced by bytes that do not decode: the request fails, names the
        // problem, and no thumbnail file is left; the next request tries again.
        let original = h.library.url(forStoredPath: try #require(photo.file))
        let kept = try Data(contentsOf: original)
        try Data("not a jpeg".utf8).write(to: original)
        let failed = try await h.request("GET", "/api/media/\(photo.id)?size=thumb")
        #expect(failed.status >= 400, "\(failed.status) \(failed.text)")
        #expect(!exists(h, photo))
        try kept.write(to: original)
        let served = try await h.request("GET", "/api/media/\(photo.id)?size=thumb")
        #expect(served.status == 200 && served.body.starts(with: [0xFF, 0xD8]))
        #expect(exists(h, photo) && h.library.thumbnailsMadeOnUse == 1)
    }
}

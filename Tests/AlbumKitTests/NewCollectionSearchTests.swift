import AlbumDownload
import AlbumModel
import AlbumNet
import AlbumSources
import Foundation
import Testing
import TestSupport

@testable import AlbumCore

/// Issue 10, item 8: a new collection searches every reachable page before it says there is no
/// photo the pin has not shown.
@Suite struct NewCollectionSearchTests {
    static let place = try! Coordinate(latitude: 51.5007, longitude: -0.1246)

    @Test func newCollectionsShowEveryPhotoBeforeGivingUp() async throws {
        let bodies = try JPEGBodies()
        let server = try LoopbackServer { request in
            .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0))
        }
        let ids = (1...64).map { "n\($0)" }
        let bundle = try HTTPBundle(server: server, ids: ids, place: Self.place)
        let library = try await Library.openForWriting(at: TemporaryFolder("lib").url)
        let source = try BundleSource(folder: bundle.folder.url)
        let environment = FetchEnvironment(
            source: source, sourceName: source.name, endpoint: nil,
            downloader: Downloader(client: try HTTPClient(), clock: RecordingClock()), processor: ImagingProcessor())
        // 16 pages of 4: a first collection, then 15 new ones, each of 4 photos never shown.
        let first = try await library.fetch(at: Self.place, options: FetchOptions(radiusKm: 1, perPage: 4), environment: environment)
        var shown = Set(try await library.photos(pinId: first.pin.id).map(\.sourceId))
        for round in 1...15 {
            _ = try await library.newCollection(pinId: first.pin.id, concurrency: 4, environment: environment)
            let album = Set(try await library.photos(pinId: first.pin.id).map(\.sourceId))
            #expect(album.isDisjoint(with: shown), "round \(round) showed a photo again")
            shown.formUnion(album)
        }
        #expect(shown == Set(ids))
        // Now every photo has been shown: it says so, having searched every page.
        await #expect(throws: AlbumError.self) {
            _ = try await library.newCollection(pinId: first.pin.id, concurrency: 4, environment: environment)
        }
        do {
            _ = try await library.newCollection(pinId: first.pin.id, concurrency: 4, environment: environment)
        } catch {
            #expect(error.description.contains("searched all 16 reachable pages"), "\(error)")
        }
    }
}

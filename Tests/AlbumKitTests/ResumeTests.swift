import AlbumDownload
import AlbumModel
import AlbumNet
import AlbumSources
import AlbumStore
import Foundation
import Synchronization
import Testing
import TestSupport

@testable import AlbumKit

/// Issue 10, item 11: a resume downloads the pins left side by side, so the last photo of one
/// pin never goes alone while the others wait.
@Suite struct ResumeTests {
    @Test func pinsLeftAreResumedSideBySide() async throws {
        let bodies = try JPEGBodies()
        // The first answer comes at once (libcurl waits for it before opening more connections to
        // the host: PIPEWAIT); each later one waits (up to 5 s) for the third request to arrive:
        // side by side the last two overlap, one after another they never do, however loaded the
        // machine is.
        let arrived = Mutex(0)
        let server = try LoopbackServer { request in
            let n = arrived.withLock { $0 += 1; return $0 }
            let deadline = Date().addingTimeInterval(5)
            while n > 1 && arrived.withLock({ $0 }) < 3 && Date() < deadline { usleep(10_000) }
            return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0))
        }
        let library = try Library.openForWriting(at: TemporaryFolder("lib").url)
        // Three pins, each with one photo left (as a killed batch leaves them).
        for n in 1...3 {
            let pin = try library.database.findOrCreatePin(
                at: Coordinate(latitude: Double(n), longitude: Double(n)), toleranceKm: 0.001, title: nil).pin
            let info = AlbumInfo(pinId: pin.id, source: "bundle:/nowhere", endpoint: nil, radiusKm: 1, perPage: 1, page: 1, total: 1, pages: 1)
            #expect(try library.database.storeFirstCollection(
                info, photos: [SourcePhoto(sourceId: "s\(n)", url: server.baseURL + "/photos/p\(n).jpg")]))
        }
        let bundle = TemporaryFolder("bundle")
        try Data("[]".utf8).write(to: bundle.child("photos.json"))
        let source = try BundleSource(folder: bundle.url)
        let client = try HTTPClient()
        let reports = try await library.resume(concurrency: 4) { _, _ in
            FetchEnvironment(
                source: source, sourceName: source.name, endpoint: nil,
                downloader: Downloader(client: client, clock: RecordingClock()), processor: ImagingProcessor())
        }
        #expect(reports.map(\.downloaded) == [1, 1, 1])
        #expect(server.requests.count == 3)
        #expect(server.maxConcurrentRequests >= 2, "one image request went alone while the others waited")
    }
}

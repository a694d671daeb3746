import AlbumDownload
import AlbumModel
import AlbumNet
import AlbumSources
import AlbumStore
import Foundation
import Synchronization
import Testing
import TestSupport

@testable import AlbumCore

/// Issue 10, item 11: a resume downloads the pins left side by side, so the last photo of one
/// pin never goes alone while the others wait.
@Suite struct ResumeTests {
    @Test func pinsLeftAreResumedSideBySide() async throws {
        let bodies = try JPEGBodies()
        // The first answer comes at once (libcurl waits for it before opening more connections to
        // the host: PIPEWAIT); each later one waits (up to 20 s) for the third request to arrive:
        // side by side the last two overlap, one after another they never do, however loaded the
        // machine is. The wait is long because what comes before the third request (a pin's
        // claim, other tests holding the process's few threads) takes seconds on a busy machine;
        // it only ever costs time when the pins do run one after another.
        // Only this test's requests count (a stray connection to a reused port is not a pin).
        struct Counts { var arrived = 0, inFlight = 0, maxInFlight = 0 }
        let counts = Mutex(Counts())
        let server = try LoopbackServer { request in
            guard request.path.hasPrefix("/photos/p") else { return .status(404) }
            let n = counts.withLock { c in
                c.arrived += 1
                c.inFlight += 1
                c.maxInFlight = max(c.maxInFlight, c.inFlight)
                return c.arrived
            }
            defer { counts.withLock { $0.inFlight -= 1 } }
            let deadline = Date().addingTimeInterval(20)
            while n > 1 && counts.withLock({ $0.arrived }) < 3 && Date() < deadline { usleep(10_000) }
            return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0))
        }
        let library = try await Library.openForWriting(at: TemporaryFolder("lib").url)
        // Three pins, each with one photo left (as a killed batch leaves them).
        for n in 1...3 {
            let pin = try await library.store.findOrCreatePin(
                at: Coordinate(latitude: Double(n), longitude: Double(n)), toleranceKm: 0.001, title: nil, pendingSearch: nil).pin
            let info = AlbumInfo(pinId: pin.id, source: "bundle:/nowhere", endpoint: nil, radiusKm: 1, perPage: 1, page: 1, total: 1, pages: 1)
            #expect(try await library.store.storeFirstCollection(
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
        #expect(server.requests.filter { $0.path.hasPrefix("/photos/p") }.count == 3)
        #expect(counts.withLock { $0.maxInFlight } >= 2, "one image request went alone while the others waited")
    }
}

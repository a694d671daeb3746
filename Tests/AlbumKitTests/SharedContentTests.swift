import AlbumDownload
import AlbumModel
import AlbumNet
import AlbumSources
import Foundation
import Synchronization
import Testing
import TestSupport

@testable import AlbumCore

/// The real imaging step, counting how often it thumbnails.
final class CountingProcessor: PhotoProcessing {
    let real = ImagingProcessor()
    let prepared = Mutex(0)
    func prepare(_ data: Data) throws(AlbumError) -> PreparedPhoto {
        prepared.withLock { $0 += 1 }
        return try real.prepare(data)
    }
    func inspect(_ data: Data) throws(AlbumError) -> (width: Int, height: Int) { try real.inspect(data) }
}

@Suite struct SharedContentTests {
    @Test func twoAlbumsSharingAPhotoShareItsFilesAndItIsThumbnailedOnce() async throws {
        let bodies = try JPEGBodies()
        // Every photo id serves one of two bodies.
        let server = try LoopbackServer { request in
            .respond(status: 200, body: bodies.body(request.path.hasSuffix("a.jpg") ? 0 : 1))
        }
        let places = try [Coordinate(latitude: 10, longitude: 10), Coordinate(latitude: -10, longitude: -10)]
        let bundle = try HTTPBundle(server: server, ids: ["1a", "2a", "1b", "2b"], places: places)
        let library = try await Library.openForWriting(at: TemporaryFolder("lib").url)
        let processor = CountingProcessor()
        let source = try BundleSource(folder: bundle.folder.url)
        let environment = FetchEnvironment(
            source: source, sourceName: source.name, endpoint: nil,
            downloader: Downloader(client: try HTTPClient()), processor: processor)

        for place in places {
            let report = try await library.fetch(at: place, options: FetchOptions(radiusKm: 1, concurrency: 1), environment: environment)
            #expect(report.downloaded == 2)
        }
        #expect(processor.prepared.withLock { $0 } == 2, "each content thumbnailed once")
        let originals = try FileManager.default.subpathsOfDirectory(atPath: library.folder.path + "/originals").filter { $0.hasSuffix(".jpg") }
        let thumbs = try FileManager.default.subpathsOfDirectory(atPath: library.folder.path + "/thumbs").filter { $0.hasSuffix(".jpg") }
        #expect(originals.count == 2)
        #expect(thumbs.count == 2)

        // Removing one album keeps the files the other still uses.
        let pins = try await library.pins()
        try await library.removePin(id: pins[0].id)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: library.folder.path + "/originals").filter { $0.hasSuffix(".jpg") }.count == 2)
        try await library.removePin(id: pins[1].id)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: library.folder.path + "/originals").filter { $0.hasSuffix(".jpg") }.isEmpty)
    }
}

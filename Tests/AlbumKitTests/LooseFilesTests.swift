import AlbumDownload
import AlbumFiles
import AlbumModel
import AlbumNet
import AlbumSeam
import AlbumSources
import AlbumStore
import Foundation
import Testing
import TestSupport

@testable import AlbumCore

/// Issue 22, item 4: files a claim wrote and never committed — its process killed, or its photo
/// replaced by a new collection while it downloaded (`fetch --pin N` beside `new-collection N`)
/// — are no orphans: the worker that lost its photo removes them, and the next fetch, resume,
/// worker or import removes those of dead claims (`loose_files`).
@Suite struct LooseFilesTests {
    let folder = TemporaryFolder("loose")

    func makePin(_ library: Library, photos: [String], server: String) async throws -> (Int64, AlbumInfo) {
        let pin = try await library.store.findOrCreatePin(
            at: Coordinate(latitude: 48.85, longitude: 2.35), toleranceKm: 0.001, title: nil, pendingSearch: nil).pin
        let info = AlbumInfo(pinId: pin.id, source: "bundle:/nowhere", endpoint: nil, radiusKm: 1, perPage: photos.count,
                             page: 1, total: photos.count, pages: 1)
        #expect(try await library.store.storeFirstCollection(
            info, photos: photos.map { SourcePhoto(sourceId: $0, url: server + "/photos/\($0).jpg") }))
        return (pin.id, info)
    }

    func environment(_ client: HTTPClient) throws -> FetchEnvironment {
        let bundle = folder.child("bundle")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: bundle.appendingPathComponent("photos.json"))
        let source = try BundleSource(folder: bundle)
        return FetchEnvironment(
            source: source, sourceName: source.name, endpoint: nil,
            downloader: Downloader(client: client, clock: RecordingClock()), processor: ImagingProcessor())
    }

    /// Content hashes of the files under originals/ and thumbs/ that no photo names.
    func orphans(_ library: Library) async throws -> Set<String> {
        var onDisk = Set<String>()
        for top in ["originals", "thumbs"] {
            let root = library.folder.appendingPathComponent(top)
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".jpg") {
                onDisk.insert(String((path as NSString).lastPathComponent.dropLast(4)))
            }
        }
        return onDisk.subtracting(try await library.store.allContentHashes())
    }

    @Test func aPhotoReplacedByANewCollectionWhileItDownloadsLeavesNoFile() async throws {
        let bodies = try JPEGBodies()
        let library = try await Library.openForWriting(at: folder.child("lib"))
        let replaced = LockedBox<AlbumInfo?>(nil)
        let server = try LoopbackServer { request in
            let name = (request.path as NSString).lastPathComponent
            // While the first photo's body is on its way, a new collection replaces the album.
            if name == "old.jpg", let info = replaced.value {
                // The server's own thread waits for the store (async) before it answers.
                let done = DispatchSemaphore(value: 0)
                Task {
                    _ = try? await library.store.replaceCollection(info, photos: [SourcePhoto(sourceId: "new", url: "")])
                    done.signal()
                }
                done.wait()
            }
            return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(name == "old.jpg" ? 1 : 2))
        }
        let (pinId, info) = try await makePin(library, photos: ["old"], server: server.baseURL)
        replaced.value = info
        let report = try await library.downloadAlbum(pinId: pinId, concurrency: 1, environment: try environment(HTTPClient()))
        #expect(report.downloaded == 0)
        #expect(try await library.store.photos(pinId: pinId).map(\.sourceId) == ["new"])
        #expect(try await orphans(library).isEmpty, "the replaced photo's files stayed")
    }

    @Test func theNextRunRemovesWhatADeadClaimWroteAndKeepsALiveOnes() async throws {
        let bodies = try JPEGBodies()
        let library = try await Library.openForWriting(at: folder.child("lib"))
        let (pinId, _) = try await makePin(library, photos: ["a", "b"], server: "http://127.0.0.1:9")
        // A process that is gone claimed a, wrote its files and was killed before its commit;
        // this process claims b and is writing.
        let dead = ClaimOwner(token: "999999999:1")
        let live = ClaimOwner(token: ProcessToken.current)
        for (owner, n) in [(dead, 1), (live, 2)] {
            let claim = try #require(try await library.store.claimNextPhoto(pinId: pinId, by: owner))
            let hash = ContentHash(of: bodies.body(n))
            try await library.store.recordClaimedContent(claim, contentHash: hash.hex)
            try library.storeFile(bodies.body(n), at: Library.originalPath(hash))
            try library.storeFile(bodies.body(n), at: Library.thumbnailPath(hash))
        }
        #expect(try await orphans(library).count == 2)
        let recovered = try await library.recoverFromCrash()
        #expect(recovered.requeued == 1)
        #expect(try await orphans(library) == [ContentHash(of: bodies.body(2)).hex], "the dead claim's files stay, or the live one's went")
        #expect(try await library.store.looseFiles(isAlive: { ProcessToken.isAlive($0) }) == LooseFiles())
    }

    @Test func filesOfDeletedPhotosAreRemovedByTheNextRunWhenTheDeleterDied() async throws {
        let bodies = try JPEGBodies()
        let library = try await Library.openForWriting(at: folder.child("lib"))
        let server = try LoopbackServer { request in
            .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(request.path.hasSuffix("a.jpg") ? 1 : 2))
        }
        let (pinId, info) = try await makePin(library, photos: ["a", "b"], server: server.baseURL)
        let client = try HTTPClient()
        #expect(try await library.downloadAlbum(pinId: pinId, concurrency: 1, environment: try environment(client)).downloaded == 2)
        // A new collection replaced the album and was killed before it removed the old files.
        _ = try await library.store.replaceCollection(info, photos: [SourcePhoto(sourceId: "c", url: server.baseURL + "/photos/a.jpg")])
        #expect(try await orphans(library).count == 2)
        _ = try await library.recoverFromCrash()
        #expect(try await orphans(library).isEmpty)
    }
}

/// A value shared with a server's handler thread.
final class LockedBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

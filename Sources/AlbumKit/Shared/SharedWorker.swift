import AlbumDownload
import AlbumFiles
import AlbumModel
import AlbumPostgres
import AlbumSources
import Foundation

#if PostgreSQL
/// What a worker did.
public struct WorkerReport: Sendable {
    public var downloaded = 0
    public var failed = 0
    /// Photos dropped as duplicates of bytes the album holds or the user removed.
    public var dropped = 0
    public var bytes: Int64 = 0
}

/// Downloads photos of a shared library: `concurrency` tasks, each claiming one photo at a time
/// (a lease in a short transaction), downloading, thumbnailing, writing the files by content into
/// the shared folder (temporary name, rename), then recording it. One more task renews this
/// worker's leases every third of the lease. Runs until no photo is left to download (none
/// waiting, none held by another worker, whose lease could still run out), or with `follow`
/// until cancelled.
struct SharedWorker: Sendable {
    let library: SharedLibrary
    let environment: FetchEnvironment
    var store: PostgresStore { library.store }

    /// How long an idle worker waits before looking again at the queue (at most half a lease).
    static let followInterval: Duration = .seconds(2)

    func run(concurrency: Int, pinId: Int64? = nil, follow: Bool) async throws(AlbumError) -> WorkerReport {
        let tally = Tally()
        let idleWait = min(Self.followInterval, .milliseconds(Int(store.leaseSeconds * 500)))
        let renewal = Task { [store] in
            let every = Duration.milliseconds(max(100, Int(store.leaseSeconds * 1000 / 3)))
            while !Task.isCancelled {
                try? await Task.sleep(for: every)
                if Task.isCancelled { break }
                _ = try? await store.renewLeases()
            }
        }
        defer { renewal.cancel() }
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<max(1, concurrency) {
                    group.addTask {
                        while !Task.isCancelled {
                            guard let photo = try await store.claimPhotos(limit: 1, pinId: pinId).first else {
                                // Photos other workers hold are not done yet: their lease may run
                                // out (a dead worker), so wait while any is downloading.
                                if !follow, try await store.stateCounts(pinId: pinId).downloading == 0 { return }
                                try await Task.sleep(for: idleWait)
                                continue
                            }
                            tally.add(try await process(photo))
                        }
                    }
                }
                try await group.waitForAll()
            }
        } catch let error as AlbumError {
            // Photos this worker holds go back to the queue now rather than when their lease runs out.
            _ = try? await store.releaseAllClaims()
            throw error
        } catch is CancellationError {
            _ = try? await store.releaseAllClaims()
        } catch {
            _ = try? await store.releaseAllClaims()
            throw .io("worker stopped", cause: .of(error))
        }
        return tally.report
    }

    /// One claimed photo to `downloaded`, `failed` or dropped; a full disk stops the worker.
    private func process(_ photo: Photo) async throws(AlbumError) -> Outcome {
        guard let url = photo.url, url.hasPrefix("http://") || url.hasPrefix("https://") else {
            try await store.markFailed(photoId: photo.id, reason: "\(photo.url ?? "no URL"): a shared library downloads http(s) URLs only")
            return .failed
        }
        let outcome = await environment.downloader.download(url) { [store] in
            try? await store.recordAttempt(photoId: photo.id)
        }
        let body: Data
        switch outcome {
        case .failed(let reason):
            try await store.markFailed(photoId: photo.id, reason: reason)
            return .failed
        case .body(let image):
            body = image.data
        }
        let stored: StoredFiles
        do {
            stored = try await environment.pool.run { () throws(AlbumError) in try storeFiles(body) }
        } catch .storage(let detail) {
            try? await store.releaseClaim(photoId: photo.id)
            throw AlbumError.storage(detail).wrapped("worker stopped (the photos not downloaded stay queued)")
        } catch {
            try await store.markFailed(photoId: photo.id, reason: error.description)
            return .failed
        }
        let kept = try await store.markDownloaded(
            photoId: photo.id, file: stored.file, thumbnail: stored.thumbnail, contentHash: stored.hash, bytes: Int64(body.count),
            width: stored.width, height: stored.height, takenAt: stored.takenAt, camera: stored.camera)
        return kept ? .downloaded(Int64(body.count)) : .dropped
    }

    private struct StoredFiles {
        var file: String, thumbnail: String, hash: String
        var width: Int, height: Int
        var takenAt: String?, camera: Camera?
    }

    /// Checks and thumbnails the image, then writes the original and the thumbnail by content
    /// hash (a file already there is the same bytes: left alone).
    private func storeFiles(_ body: Data) throws(AlbumError) -> StoredFiles {
        let hash = ContentHash(of: body)
        let file = Library.originalPath(hash), thumbnail = Library.thumbnailPath(hash)
        let fileURL = library.url(forStoredPath: file), thumbURL = library.url(forStoredPath: thumbnail)
        let size: (width: Int, height: Int)
        if FileManager.default.fileExists(atPath: fileURL.path) && FileManager.default.fileExists(atPath: thumbURL.path) {
            size = try environment.processor.inspect(body)
        } else {
            let prepared = try environment.processor.prepare(body)
            size = (prepared.width, prepared.height)
            if !FileManager.default.fileExists(atPath: fileURL.path) { try AtomicFile.write(body, to: fileURL) }
            if !FileManager.default.fileExists(atPath: thumbURL.path) { try AtomicFile.write(prepared.thumbnail, to: thumbURL) }
        }
        let metadata = environment.processor.metadata(body)
        return StoredFiles(
            file: file, thumbnail: thumbnail, hash: hash.hex, width: size.width, height: size.height,
            takenAt: metadata.takenAt, camera: metadata.camera)
    }

    enum Outcome {
        case downloaded(Int64), failed, dropped
    }

    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var value = WorkerReport()
        var report: WorkerReport { lock.withLock { value } }
        func add(_ outcome: Outcome) {
            lock.withLock {
                switch outcome {
                case .downloaded(let bytes): value.downloaded += 1; value.bytes += bytes
                case .failed: value.failed += 1
                case .dropped: value.dropped += 1
                }
            }
        }
    }
}

extension SharedLibrary {
    /// `album worker`: downloads queued photos of every pin with `concurrency` downloads at once
    /// until none is left (or, with `follow`, until cancelled). Several workers, on one machine or
    /// many, share the queue through leases.
    public func work(concurrency: Int, follow: Bool, environment: FetchEnvironment) async throws(AlbumError) -> WorkerReport {
        try await SharedWorker(library: self, environment: environment).run(concurrency: concurrency, follow: follow)
    }
}
#endif

#if PostgreSQL
extension SharedLibrary {
    /// What `album worker` downloads with: no source to search (the photos are queued with their
    /// URLs), one HTTP client, the imaging step.
    public static func workerEnvironment(maxConnectionsPerHost: Int) throws(AlbumError) -> FetchEnvironment {
        let client = try FetchEnvironment.makeClient(maxConnectionsPerHost: maxConnectionsPerHost)
        return FetchEnvironment(
            source: QueuedPhotos(), sourceName: "queue", endpoint: nil,
            downloader: Downloader(client: client, policy: DownloadPolicy()), processor: ImagingProcessor())
    }
}

/// The worker's stand-in source: it downloads queued photos and searches nothing.
struct QueuedPhotos: PhotoSource {
    var name: String { "the queue" }
    func search(_ query: SearchQuery) async throws -> SearchPage {
        throw AlbumError.source("album worker downloads queued photos and searches nothing")
    }
}
#endif

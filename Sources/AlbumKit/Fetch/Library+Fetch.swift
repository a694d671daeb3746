import AlbumDownload
import AlbumFiles
import AlbumModel
import AlbumSources
import AlbumStore
import Foundation

extension Library {
    /// Two places closer than this are the same pin (about a metre).
    public static let samePlaceKm = 0.001

    /// Finds or creates the pin at `coordinate`, gives it its first collection if it has none,
    /// and downloads what is left to download.
    public func fetch(at coordinate: Coordinate, options: FetchOptions, environment: FetchEnvironment) async throws(AlbumError) -> FetchReport {
        let pending = Self.pendingSearch(pinId: 0, options: options, environment: environment)
        let found = try await store.findOrCreatePin(
            at: coordinate, toleranceKm: Self.samePlaceKm, title: options.title, pendingSearch: pending)
        var report = try await fetch(pin: found.pin, options: options, environment: environment)
        report.createdPin = found.created
        return report
    }

    /// Gives the pin `pinId` its first collection if it has none (or `options.refresh`), and
    /// downloads what is left to download.
    public func fetch(pinId: Int64, options: FetchOptions, environment: FetchEnvironment) async throws(AlbumError) -> FetchReport {
        let pin = try await store.requirePin(id: pinId)
        return try await fetch(pin: pin, options: options, environment: environment)
    }

    private func fetch(pin: Pin, options: FetchOptions, environment: FetchEnvironment) async throws(AlbumError) -> FetchReport {
        let existing = try await store.album(pinId: pin.id)
        if existing == nil {
            // Seen by `album resume` and `album status` until the first collection is stored.
            let pending = Self.pendingSearch(pinId: pin.id, options: options, environment: environment)
            try await store.recordPendingSearch(pending)
        }
        if existing == nil || options.refresh {
            let page = try await search(environment.source, near: pin.coordinate, page: 1, options: options)
            let info = AlbumInfo(
                pinId: pin.id, source: environment.sourceName, endpoint: environment.endpoint,
                radiusKm: options.radiusKm, perPage: options.perPage, page: 1, total: page.total, pages: page.pages)
            let photos = Array(page.photos.prefix(options.perPage))
            if existing == nil {
                _ = try await store.storeFirstCollection(info, photos: photos)
            } else {
                try await removeUnusedFiles(try await store.replaceCollection(info, photos: photos), on: environment.pool)
            }
        }
        if options.retryFailed {
            try await store.requeueFailed(pinId: pin.id)
        }
        return try await downloadAlbum(pinId: pin.id, concurrency: options.concurrency, environment: environment)
    }

    /// The first collection a fetch asks for, as `pending_searches` records it.
    static func pendingSearch(pinId: Int64, options: FetchOptions, environment: FetchEnvironment) -> AlbumInfo {
        AlbumInfo(
            pinId: pinId, source: environment.sourceName, endpoint: environment.endpoint, radiusKm: options.radiusKm,
            perPage: options.perPage, page: 0, total: 0, pages: 0)
    }

    /// Downloads every `placeholder` photo of a pin's album with `concurrency` workers, then
    /// reports the album. Photos of dead processes are requeued first.
    public func downloadAlbum(pinId: Int64, concurrency: Int, environment: FetchEnvironment) async throws(AlbumError) -> FetchReport {
        try await recoverFromCrash(pool: environment.pool)
        let counts = try await store.stateCounts(pinId: pinId)
        let owner = ClaimOwner(token: ProcessToken.current)
        let tracker = ProgressTracker(
            pinId: pinId, total: counts.total, alreadyDone: counts.total - counts.remaining, report: environment.progress)
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<max(1, concurrency) {
                    group.addTask {
                        let worker = PhotoWorker(library: self, environment: environment)
                        // Take a transfer slot, then a photo: a claimed photo never waits for a slot.
                        @Sendable func next() async throws -> Int64? {
                            guard let claim = try await self.store.claimNextPhoto(pinId: pinId, by: owner) else { return nil }
                            return try await worker.process(claim)
                        }
                        while true {
                            let bytes: Int64?
                            if let limit = environment.transferLimit {
                                bytes = try await limit.run(next)
                            } else {
                                bytes = try await next()
                            }
                            guard let bytes else { break }
                            tracker.finished(bytes: bytes)
                        }
                    }
                }
                try await group.waitForAll()
            }
        } catch AlbumError.storage(let message) {
            throw .storage(
                "\(message): download of pin \(pinId) stopped; the photos not downloaded stay queued "
                    + "(run `album resume` once the library's disk can be written again)")
        } catch let error as AlbumError {
            throw error
        } catch {
            throw .io("download of pin \(pinId) stopped: \(error)")
        }
        return try await report(pinId: pinId)
    }

    /// The album of a pin as a fetch reports it.
    public func report(pinId: Int64) async throws(AlbumError) -> FetchReport {
        try await database.read { db throws(AlbumError) in try self.nameNewPlaces() }
        let pin = try await store.requirePin(id: pinId)
        let counts = try await store.stateCounts(pinId: pinId)
        let album = try await store.album(pinId: pinId)
        return FetchReport(
            pin: pin, total: counts.total, downloaded: counts.downloaded, failed: counts.failed,
            noImages: album != nil && counts.total == 0, createdPin: false)
    }

    func search(_ source: any PhotoSource, near center: Coordinate, page: Int, options: FetchOptions) async throws(AlbumError) -> SearchPage {
        do {
            return try await source.search(SearchQuery(center: center, radiusKm: options.radiusKm, page: page, perPage: options.perPage))
        } catch let error as AlbumError {
            throw error
        } catch {
            throw .source("\(source.name): \(error)")
        }
    }
}

/// Counts finished photos for the progress callback.
final class ProgressTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: FetchProgress
    private let report: @Sendable (FetchProgress) -> Void

    init(pinId: Int64, total: Int, alreadyDone: Int, report: @escaping @Sendable (FetchProgress) -> Void) {
        progress = FetchProgress(pinId: pinId, done: alreadyDone, total: total, bytes: 0)
        self.report = report
        report(progress)
    }

    func finished(bytes: Int64) {
        lock.lock()
        progress.done += 1
        progress.bytes += bytes
        let snapshot = progress
        lock.unlock()
        report(snapshot)
    }
}

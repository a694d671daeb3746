import AlbumFiles
import AlbumImaging
import AlbumModel
import AlbumSeam
import Foundation
import Synchronization

/// When a fetch, `album worker` or an import makes a photo's thumbnail (issue 28, decision 0072).
public enum ThumbnailMode: String, Sendable, CaseIterable {
    /// With the photo, before its row is committed (the default).
    case eager
    /// Later: the original and its row are stored, the thumbnail is made on its first use
    /// (`album serve`, `export html`, the card) or by `album thumbs`.
    case lazy
}

/// The thumbnails one library makes on first use, each once in this process: a request for a
/// thumbnail being made waits for that making instead of starting another (decision 0072).
/// Across processes the write is atomic (temporary name, rename) and content-addressed, so two
/// processes making the same one at once write the same bytes and a reader sees either none or all.
final class LazyThumbnails: Sendable {
    /// Absolute thumbnail path → the making in progress.
    let inFlight = Mutex<[String: Task<Result<Void, AlbumError>, Never>]>([:])
    /// Thumbnails this process made on first use (tests read it: two requests, one making).
    let made = Atomic<Int>(0)
}

extension Library {
    /// How many thumbnails this `Library` made on first use (`--thumbnails lazy`).
    public var thumbnailsMadeOnUse: Int { lazyThumbnails.made.load(ordering: .relaxed) }

    /// The file of a downloaded photo's thumbnail, made now from its original when a lazy fetch
    /// or import left it for later; nil when the photo has no thumbnail (not downloaded).
    /// - Throws: `AlbumError` naming the original when it cannot be read or decoded.
    public func thumbnailFile(of photo: Photo, pool: BlockingPool = .shared) async throws(AlbumError) -> URL? {
        guard let path = photo.thumbnail else { return nil }
        let target = url(forStoredPath: path)
        if FileManager.default.fileExists(atPath: target.path) { return target }
        guard photo.state == .downloaded, let file = photo.file else { return nil }
        try await makeThumbnail(at: target, from: url(forStoredPath: file), pool: pool)
        return target
    }

    /// `thumbnailFile(of:)` for many photos (`export html`), `pool`'s threads side by side.
    public func makeMissingThumbnails(of photos: [Photo], pool: BlockingPool = .shared) async throws(AlbumError) {
        let missing = photos.filter { photo in
            photo.state == .downloaded && photo.file != nil
                && photo.thumbnail.map { !FileManager.default.fileExists(atPath: url(forStoredPath: $0).path) } == true
        }
        let failures = await mapSideBySide(missing, width: pool.threadCount) { (photo: Photo) -> AlbumError? in
            do throws(AlbumError) {
                _ = try await self.thumbnailFile(of: photo, pool: pool)
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }

    /// Makes the thumbnails that lazy fetches and imports left (`album thumbs`), `pool`'s threads
    /// side by side, and clears their flag in the store. A photo whose original cannot be read or
    /// decoded is reported and keeps its flag; the others go on.
    /// - Returns: how many were made, how many were there already, and the failures.
    public func makePendingThumbnails(
        pool: BlockingPool = .shared, progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws(AlbumError) -> PendingThumbnailReport {
        var report = PendingThumbnailReport()
        var after: Int64 = 0
        while true {
            let batch = try await store.pendingThumbnails(afterId: after, limit: 500)
            guard let last = batch.last else { break }
            after = last.photoId
            let results = await mapSideBySide(batch, width: pool.threadCount) {
                (pending: PendingThumbnail) -> (PendingThumbnail, Result<Bool, AlbumError>) in
                let target = self.url(forStoredPath: pending.thumbnail)
                if FileManager.default.fileExists(atPath: target.path) { return (pending, .success(false)) }
                do throws(AlbumError) {
                    try await self.makeThumbnail(at: target, from: self.url(forStoredPath: pending.file), pool: pool)
                    return (pending, .success(true))
                } catch {
                    return (pending, .failure(error))
                }
            }
            var done: [Int64] = []
            for (pending, outcome) in results {
                switch outcome {
                case .success(let made):
                    if made { report.made += 1 } else { report.present += 1 }
                    done.append(pending.photoId)
                case .failure(let error):
                    report.failures.append((pending.photoId, error))
                }
            }
            try await store.thumbnailsMade(photoIds: done.sorted())
            progress(report.made + report.present + report.failures.count)
        }
        return report
    }

    /// Makes the thumbnail at `target` from the original at `source`, once: a making of the same
    /// thumbnail already in progress in this process is waited for, not repeated.
    func makeThumbnail(at target: URL, from source: URL, pool: BlockingPool) async throws(AlbumError) {
        let key = target.path
        let flights = lazyThumbnails
        let task: Task<Result<Void, AlbumError>, Never>? = flights.inFlight.withLock { running in
            if let task = running[key] { return task }
            // Made, and its flight gone, since the caller looked: nothing to do.
            if FileManager.default.fileExists(atPath: key) { return nil }
            let task = Task {
                let result = await pool.run { () -> Result<Void, AlbumError> in
                    Result { () throws(AlbumError) in
                        let thumbnail = try Thumbnailer().thumbnail(fileAt: source)
                        try AtomicFile.write(thumbnail.data, to: target)
                    }
                }
                if case .success = result { flights.made.add(1, ordering: .relaxed) }
                flights.inFlight.withLock { _ = $0.removeValue(forKey: key) }
                return result
            }
            running[key] = task
            return task
        }
        guard let task else { return }
        try await task.value.get()
    }

    /// `body` of each element, at most `width` at once, in the elements' order.
    private func mapSideBySide<T: Sendable, R: Sendable>(
        _ items: [T], width: Int, _ body: @escaping @Sendable (T) async -> R
    ) async -> [R] {
        await withTaskGroup(of: (Int, R).self) { group in
            var results = [R?](repeating: nil, count: items.count)
            var next = 0
            while next < min(max(1, width), items.count) {
                let (index, item) = (next, items[next])
                group.addTask { (index, await body(item)) }
                next += 1
            }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < items.count {
                    let (index, item) = (next, items[next])
                    group.addTask { (index, await body(item)) }
                    next += 1
                }
            }
            return results.compactMap { $0 }
        }
    }
}

/// What `album thumbs` did.
public struct PendingThumbnailReport: Sendable {
    /// Thumbnails made now.
    public var made = 0
    /// Thumbnails already there (made on first use since): their flag is cleared.
    public var present = 0
    /// Photos whose thumbnail could not be made (their original gone or not decodable).
    public var failures: [(photoId: Int64, error: AlbumError)] = []
}

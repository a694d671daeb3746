import AlbumDownload
import AlbumFiles
import AlbumModel
import AlbumSeam
import AlbumStore
import Foundation

/// Takes one claimed photo from `downloading` to `downloaded` or `failed`:
/// fetch → check and thumbnail → write files (temporary name, rename) → commit the row.
struct PhotoWorker: Sendable {
    let library: Library
    let environment: FetchEnvironment

    var store: any LibraryStore { library.store }

    /// How one claimed photo ended.
    enum Outcome: Sendable {
        case downloaded(bytes: Int64), failed
        /// Bytes the user removed, or that the pin's album holds already.
        case dropped
        /// The server throttled past the budget: the photo is queued again, for a later run.
        case deferred

        /// The bytes downloaded and kept.
        var bytes: Int64 {
            switch self {
            case .downloaded(let bytes): bytes
            case .failed, .dropped, .deferred: 0
            }
        }
    }

    /// - Returns: how it ended (the bytes downloaded when kept).
    /// - Throws: only when the store itself fails; a bad photo is recorded as `failed`.
    func process(_ claim: PhotoClaim) async throws(AlbumError) -> Outcome {
        let pool = environment.pool
        let photo = claim.photo
        let body: Data
        switch await fetch(claim) {
        case .failure(let error):
            // The batch stopped (another photo met a full disk): not this photo's fault either.
            if Task.isCancelled { throw await requeue(claim, because: .io("download of photo \(photo.id) cancelled", subject: .photo(photo.id))) }
            if error.isThrottled {
                try await store.record(.released, of: claim)
                return .deferred
            }
            try await store.record(.failed(reason: error.description), of: claim)
            return .failed
        case .success(let data):
            body = data
        }
        // The content is recorded with the claim before any file is written: if this process
        // dies, or the photo leaves the queue, before the commit, the next run removes the files.
        // (Hashed here: ~0.1 ms of CPU, no I/O, cheaper than a hop to the pool and back.)
        let hash = ContentHash(of: body)
        try await store.recordClaimedContent(claim, contentHash: hash.hex)
        let stored: StoredFile
        do {
            stored = try await pool.run { () throws(AlbumError) in try store(body, hash: hash) }
        } catch .storage(let message) {
            // A full, over-quota or read-only disk is no photo's fault: stop, and keep it queued.
            throw await requeue(claim, because: .storage(message))
        } catch {
            // Not a usable image, or its files could not be written: this photo failed.
            try await store.record(.failed(reason: error.description), of: claim)
            return .failed
        }
        guard try await store.record(.downloaded(stored), of: claim) else {
            // Bytes the user removed, or the album holds already, or a photo no longer this
            // claim's (a new collection replaced it): dropped, its files removed if unused.
            try await library.removeUnusedFiles([stored.contentHash], on: pool)
            return .dropped
        }
        try await pool.run { () throws(AlbumError) in try restoreFiles(of: stored, body: body) }
        return .downloaded(bytes: Int64(body.count))
    }

    /// Puts a claimed photo back in the queue and returns `error` for the caller to throw. When
    /// even that write fails (the database is on the full disk too), the claim stays and the next
    /// run's crash recovery requeues it: a dead process's claims are released.
    private func requeue(_ claim: PhotoClaim, because error: AlbumError) async -> AlbumError {
        _ = try? await store.record(.released, of: claim)
        return error
    }

    /// The photo's bytes, from the network or from inside a bundle folder (`PhotoFetcher`).
    private func fetch(_ claim: PhotoClaim) async -> Result<Data, AlbumError> {
        guard let url = claim.photo.url else { return .failure(.invalidInput("no URL", subject: .photo(claim.photo.id))) }
        let store = self.store
        return await environment.fetcher(for: url).fetch(url) {
            try? await store.recordAttempt(claim)
        }
    }

    /// Checks and thumbnails the image, then writes the original and the thumbnail by content
    /// hash. Content another album already holds is only checked (from its header), not
    /// thumbnailed again; with `--thumbnails lazy` no thumbnail is made: the header is checked,
    /// the original written, and the row says its thumbnail is pending (made on first use).
    private func store(_ body: Data, hash: ContentHash) throws(AlbumError) -> StoredFile {
        let file = Library.originalPath(hash)
        let thumbnail = Library.thumbnailPath(hash)
        let size: (width: Int, height: Int)
        let metadata: PhotoMetadata
        var pending = false
        var perceptualHash: PerceptualHash?
        let hasThumbnail = library.fileExists(atStoredPath: thumbnail)
        if environment.thumbnails == .lazy || (hasThumbnail && library.fileExists(atStoredPath: file)) {
            let described = try environment.processor.describe(body)
            (size, metadata) = ((described.width, described.height), described.metadata)
            try library.storeFile(body, at: file)
            pending = !hasThumbnail
        } else {
            // One parse of the header and of the EXIF for the size, the thumbnail and the metadata.
            let (prepared, read) = try environment.processor.process(body)
            (size, metadata, perceptualHash) = ((prepared.width, prepared.height), read, prepared.perceptualHash)
            try library.storeFile(body, at: file)
            try library.storeFile(prepared.thumbnail, at: thumbnail)
        }
        var stored = StoredFile(
            file: file, thumbnail: thumbnail, contentHash: hash.hex, bytes: Int64(body.count),
            width: size.width, height: size.height, takenAt: metadata.takenAt, camera: metadata.camera)
        stored.thumbnailPending = pending
        stored.perceptualHash = perceptualHash
        return stored
    }

    /// Writes the files of a committed photo again if a concurrent clean-up removed them between
    /// the write and the commit (it saw them unused); a no-op when they are there.
    private func restoreFiles(of stored: StoredFile, body: Data) throws(AlbumError) {
        try library.storeFile(body, at: stored.file)
        if let thumbnail = stored.thumbnail, !stored.thumbnailPending, !library.fileExists(atStoredPath: thumbnail) {
            try library.storeFile(try environment.processor.prepare(body).thumbnail, at: thumbnail)
        }
    }
}

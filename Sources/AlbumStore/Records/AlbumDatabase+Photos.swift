import AlbumModel
import AlbumSeam

extension AlbumDatabase {
    /// Every column of `photos` (rows are read by name: `PhotoRecord`).
    static let photoColumns = PhotoRecord.columns

    /// The photos of a pin's album, in album order.
    public func photos(pinId: Int64) throws(AlbumError) -> [Photo] {
        try read { db throws(AlbumError) in
            try db.query("SELECT \(Self.photoColumns) FROM photos WHERE pin_id = ? ORDER BY position, id", [pinId])
                .map(RowDecoder.photo)
        }
    }

    /// The photo with this id, or nil.
    public func photo(id: Int64) throws(AlbumError) -> Photo? {
        try read { db throws(AlbumError) in
            try db.queryOne("SELECT \(Self.photoColumns) FROM photos WHERE id = ?", [id]).map(RowDecoder.photo)
        }
    }

    /// The photo with this id. - Throws: `AlbumError.notFound` naming the id.
    public func requirePhoto(id: Int64) throws(AlbumError) -> Photo {
        guard let photo = try photo(id: id) else { throw .noPhoto(id, in: name) }
        return photo
    }

    /// Puts `downloading` photos whose process is gone back in the queue.
    /// - Parameter isAlive: whether the process named by a claim token still runs.
    /// - Returns: how many photos went back to `placeholder`.
    @discardableResult
    public func releaseStaleClaims(isAlive: (String) -> Bool) throws(AlbumError) -> Int {
        try write { db throws(AlbumError) in
            let owners = try db.query(
                "SELECT DISTINCT claimed_by FROM photos WHERE state = ?", [PhotoState.downloading.name]
            ).map { $0.string("claimed_by") }
            var released = 0
            for owner in owners where owner.map(isAlive) != true {
                released += try db.move(.release, set: Self.unclaimed, where: "claimed_by IS ?", [owner])
            }
            return released
        }
    }

    /// Atomically takes the next `placeholder` photo of `pinId` (album order), or of any pin
    /// (nil: oldest first), for `owner`, marks it `downloading` and counts its first attempt; nil
    /// when none is left. Two processes never take the same photo.
    public func claimNextPhoto(pinId: Int64?, owner: String) throws(AlbumError) -> Photo? {
        try write { db throws(AlbumError) in
            var claim = Columns()
            claim.set("claimed_by", owner)
            claim.set("attempts", expression: "attempts + 1")
            let next = pinId == nil
                ? "SELECT id FROM photos WHERE state = ? ORDER BY id LIMIT 1"
                : "SELECT id FROM photos WHERE state = ? AND pin_id = ? ORDER BY position, id LIMIT 1"
            var arguments: [any SQLBindable] = [PhotoState.placeholder.name]
            if let pinId { arguments.append(pinId) }
            return try db.moveReturning(.claim, set: claim, where: "id = (\(next))", arguments).first.map(RowDecoder.photo)
        }
    }

    /// Gives back every photo `owner` holds (`downloading → placeholder`): a worker stopping.
    /// - Returns: how many.
    @discardableResult
    public func releaseClaims(owner: String) throws(AlbumError) -> Int {
        try write { db throws(AlbumError) in
            try db.run("UPDATE loose_files SET claim = NULL WHERE claim = ?", [owner])
            return try db.move(.release, set: Self.unclaimed, where: "claimed_by = ?", [owner])
        }
    }

    /// No process holds the photo.
    static var unclaimed: Columns {
        var c = Columns()
        c.set("claimed_by", SQLValue.null)
        return c
    }

    /// `id = ?`, and when `claim` names one, held by that claim.
    private static func claimed(_ id: Int64, by claim: String?) -> (String, [any SQLBindable]) {
        claim.map { ("id = ? AND claimed_by = ?", [id, $0]) } ?? ("id = ?", [id])
    }

    /// Puts a pin's `failed` photos back in the queue (a retry the user asked for).
    /// - Returns: how many were requeued.
    @discardableResult
    public func requeueFailed(pinId: Int64) throws(AlbumError) -> Int {
        try write { db throws(AlbumError) in
            var retry = Columns()
            retry.set("failure", SQLValue.null)
            return try db.move(.retry, set: retry, where: "pin_id = ?", [pinId])
        }
    }

    /// Counts one more download attempt of a claimed photo (a retry).
    public func recordAttempt(photoId: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("UPDATE photos SET attempts = attempts + 1 WHERE id = ?", [photoId])
        }
    }

    /// `downloading` → `downloaded`, with its files. Call after the files are in place. A photo
    /// no longer `downloading` (removed, or replaced by a new collection meanwhile) is left alone.
    ///
    /// Identity is content (decision 0006): when the bytes turn out to be a photo the user removed,
    /// or a photo the pin's album already holds (imported, or under another source id), the row is
    /// dropped instead (its source id stays shown, so it is not offered again).
    /// - Returns: false when the row was dropped as such a duplicate.
    /// - Parameter claim: when given, the photo changes only while that claim holds it.
    @discardableResult
    public func markDownloaded(photoId: Int64, _ stored: StoredFile, claim: String? = nil) throws(AlbumError) -> Bool {
        try write { db throws(AlbumError) in
            let duplicate = try db.queryOne("""
                SELECT 1 FROM photos p WHERE p.id = ?1 AND p.state = ?3 AND (
                    EXISTS (SELECT 1 FROM removed_contents r WHERE r.content_hash = ?2)
                    OR EXISTS (SELECT 1 FROM photos o WHERE o.pin_id = p.pin_id AND o.content_hash = ?2 AND o.id <> p.id))
                """, [photoId, stored.contentHash, PhotoState.downloading.name])
            if duplicate != nil {
                try db.run("DELETE FROM photos WHERE id = ?", [photoId])
                try Self.endClaimedContent(db, claim: claim, photoId: photoId, stored: false)
                return false
            }
            var done = PhotoRecord.file(stored).merging(Self.unclaimed)
            done.set("failure", SQLValue.null)
            let (condition, arguments) = Self.claimed(photoId, by: claim)
            // No row moved: the photo left the queue meanwhile (a new collection replaced it, the
            // user removed it): its files are the caller's to remove when no photo uses them.
            let stored = try db.move(.download, set: done, where: condition, arguments) > 0
            try Self.endClaimedContent(db, claim: claim, photoId: photoId, stored: stored)
            return stored
        }
    }

    /// `downloading` → `placeholder`, unclaimed: the download stopped for a reason that is not the
    /// photo's (a full disk, a stopped batch); it is downloaded by the next run.
    public func releaseClaim(photoId: Int64, claim: String? = nil) throws(AlbumError) {
        try write { db throws(AlbumError) in
            let (condition, arguments) = Self.claimed(photoId, by: claim)
            try db.move(.release, set: Self.unclaimed, where: condition, arguments)
            try Self.endClaimedContent(db, claim: claim, photoId: photoId, stored: false)
        }
    }

    /// `downloading` → `failed` with the reason.
    public func markFailed(photoId: Int64, reason: String, claim: String? = nil) throws(AlbumError) {
        try write { db throws(AlbumError) in
            var failed = Self.unclaimed
            failed.set("failure", reason)
            let (condition, arguments) = Self.claimed(photoId, by: claim)
            try db.move(.fail, set: failed, where: condition, arguments)
            try Self.endClaimedContent(db, claim: claim, photoId: photoId, stored: false)
        }
    }

    /// Removes a photo from its album for good: a new collection never brings it back.
    /// - Returns: the removed photo (its content hash tells the caller which files may be unused).
    public func removePhoto(id: Int64) throws(AlbumError) -> Photo {
        try write { db throws(AlbumError) in
            guard let photo = try db.queryOne("SELECT \(Self.photoColumns) FROM photos WHERE id = ?", [id])
                .map(RowDecoder.photo)
            else { throw .noPhoto(id, in: name) }
            try db.run("DELETE FROM photos WHERE id = ?", [id])
            if !photo.isUnplaced {
                try db.run("""
                    INSERT INTO shown_photos (pin_id, source, source_id, removed, shown_at) VALUES (?, ?, ?, 1, ?)
                    ON CONFLICT (pin_id, source, source_id) DO UPDATE SET removed = 1
                    """, [photo.pinId, photo.source, photo.sourceId, Timestamp.now()])
            }
            // Remembered by content too, so an import of the same bytes never brings it back.
            if let hash = photo.contentHash {
                try db.run(
                    "INSERT INTO removed_contents (content_hash, photo_id, pin_id, removed_at) VALUES (?, ?, ?, ?)",
                    [hash, photo.id, photo.isUnplaced ? nil : photo.pinId, Timestamp.now()])
            }
            return photo
        }
    }

    /// Content hashes among `hashes` that no photo uses any more.
    public func unreferencedHashes(_ hashes: Set<String>) throws(AlbumError) -> Set<String> {
        try read { db throws(AlbumError) in
            var unused = Set<String>()
            for hash in hashes where try db.queryOne("SELECT 1 FROM photos WHERE content_hash = ? LIMIT 1", [hash]) == nil {
                unused.insert(hash)
            }
            return unused
        }
    }

    /// Photo counts per state, for one pin or the whole library.
    public func stateCounts(pinId: Int64? = nil) throws(AlbumError) -> StateCounts {
        try read { db throws(AlbumError) in
            let rows = try db.query("""
                SELECT state, count(*) AS photos, sum(source = ?2) AS imported FROM photos
                WHERE ?1 IS NULL OR pin_id = ?1 GROUP BY state
                """, [pinId, PhotoOrigin.imported.stored])
            var counts = StateCounts()
            for row in rows {
                let n = row.int("photos") ?? 0
                switch try PhotoState(name: row.string("state") ?? "", failure: nil) {
                case .placeholder: counts.placeholder = n
                case .downloading: counts.downloading = n
                case .downloaded: (counts.downloaded, counts.imported) = (n, row.int("imported") ?? 0)
                case .failed: counts.failed = n
                }
            }
            return counts
        }
    }

    /// Ids of pins that still have photos to download, oldest first.
    public func pinsWithWorkLeft() throws(AlbumError) -> [Int64] {
        try read { db throws(AlbumError) in
            try db.query(
                "SELECT DISTINCT pin_id FROM photos WHERE state IN (?, ?) ORDER BY pin_id",
                [PhotoState.placeholder.name, PhotoState.downloading.name]
            ).compactMap { $0.int64("pin_id") }
        }
    }
}

extension SQLiteLibraryStore {
    public func contentHashes(pinId: Int64) async throws(AlbumError) -> Set<String> {
        try await read { db throws(AlbumError) in
            Set(try db.query("SELECT content_hash FROM photos WHERE pin_id = ? AND content_hash IS NOT NULL", [pinId])
                .compactMap { $0.string(0) })
        }
    }
}

extension AlbumDatabase {
    /// Every `downloaded` photo of the library, by id (for `album verify`).
    public func downloadedPhotos() throws(AlbumError) -> [Photo] {
        try read { db throws(AlbumError) in
            try db.query("SELECT \(Self.photoColumns) FROM photos WHERE state = ? ORDER BY id", [PhotoState.downloaded.name])
                .map(RowDecoder.photo)
        }
    }

    /// Every content hash a photo row names.
    public func allContentHashes() throws(AlbumError) -> Set<String> {
        try read { db throws(AlbumError) in
            Set(try db.query("SELECT DISTINCT content_hash FROM photos WHERE content_hash IS NOT NULL").compactMap { $0.string(0) })
        }
    }

    /// A `downloaded` photo whose original is gone goes back to `placeholder`, to be fetched again.
    public func requeueLostDownload(photoId: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.move(.requeueLost, set: PhotoRecord.noFile, where: "id = ? AND source <> ?", [photoId, PhotoOrigin.imported.stored])
        }
    }
}

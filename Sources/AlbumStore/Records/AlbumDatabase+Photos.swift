import AlbumModel
import AlbumSeam

/// Photos of an album (`CollectionStore`'s photo reads and removal on SQLite): one body per
/// method (decision 0075-store).
extension SQLiteLibraryStore {
    public func photos(pinId: Int64) async throws(AlbumError) -> [Photo] {
        try await read { db throws(AlbumError) in
            try db.query("SELECT \(AlbumDatabase.photoColumns) FROM photos WHERE pin_id = ? ORDER BY position, id", [pinId])
                .map(RowDecoder.photo)
        }
    }

    public func photo(id: Int64) async throws(AlbumError) -> Photo? {
        try await read { db throws(AlbumError) in try AlbumDatabase.fetchPhoto(db, id: id) }
    }

    /// Removes a photo from its album for good: a new collection never brings it back.
    /// - Returns: the removed photo (its content hash tells the caller which files may be unused).
    public func removePhoto(id: Int64) async throws(AlbumError) -> Photo {
        try await write { [name] db throws(AlbumError) in
            guard let photo = try AlbumDatabase.fetchPhoto(db, id: id) else { throw .noPhoto(id, in: name) }
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
    public func unreferencedHashes(_ hashes: Set<String>) async throws(AlbumError) -> Set<String> {
        try await read { db throws(AlbumError) in
            var unused = Set<String>()
            for hash in hashes where try db.queryOne("SELECT 1 FROM photos WHERE content_hash = ? LIMIT 1", [hash]) == nil {
                unused.insert(hash)
            }
            return unused
        }
    }

    public func contentHashes(pinId: Int64) async throws(AlbumError) -> Set<String> {
        try await read { db throws(AlbumError) in
            Set(try db.query("SELECT content_hash FROM photos WHERE pin_id = ? AND content_hash IS NOT NULL", [pinId])
                .compactMap { $0.string(0) })
        }
    }
}

/// The download queue (`DownloadStore` on SQLite): claims by process token (`claimed_by`), held
/// for as long as the process lives (`ClaimOwner.lease` is not used). One body per method.
extension SQLiteLibraryStore {
    /// Atomically takes the next `placeholder` photo of `pinId` (album order), or of any pin
    /// (nil: oldest first), marks it `downloading` and counts its first attempt; nil when none is
    /// left. Two processes never take the same photo.
    public func claimNextPhoto(pinId: Int64?, by owner: ClaimOwner) async throws(AlbumError) -> PhotoClaim? {
        let token = owner.token
        return try await write { db throws(AlbumError) in
            var claim = Columns()
            claim.set("claimed_by", token)
            claim.set("attempts", expression: "attempts + 1")
            let next = pinId == nil
                ? "SELECT id FROM photos WHERE state = ? ORDER BY id LIMIT 1"
                : "SELECT id FROM photos WHERE state = ? AND pin_id = ? ORDER BY position, id LIMIT 1"
            var arguments: [any SQLBindable] = [PhotoState.placeholder.name]
            if let pinId { arguments.append(pinId) }
            guard let row = try db.moveReturning(.claim, set: claim, where: "id = (\(next))", arguments).first else { return nil }
            return PhotoClaim(photo: try RowDecoder.photo(row), token: token)
        }
    }

    /// Gives back every photo `owner` holds (`downloading → placeholder`): a worker stopping.
    @discardableResult
    public func releaseClaims(of owner: ClaimOwner) async throws(AlbumError) -> Int {
        let token = owner.token
        return try await write { db throws(AlbumError) in
            try db.run("UPDATE loose_files SET claim = NULL WHERE claim = ?", [token])
            return try db.move(.release, set: AlbumDatabase.unclaimed, where: "claimed_by = ?", [token])
        }
    }

    /// Counts one more download attempt of a claimed photo (a retry).
    public func recordAttempt(_ claim: PhotoClaim) async throws(AlbumError) {
        let id = claim.photo.id
        try await write { db throws(AlbumError) in
            try db.run("UPDATE photos SET attempts = attempts + 1 WHERE id = ?", [id])
        }
    }

    /// The end of a claim: `downloading` → `downloaded` with its files (call after the files are
    /// in place), → `failed` with the reason, or back to `placeholder` (a download stopped for a
    /// reason that is not the photo's: a full disk, a stopped batch). A photo the claim no longer
    /// holds (removed, or replaced by a new collection meanwhile) is left alone.
    ///
    /// Identity is content (decision 0006): when the downloaded bytes turn out to be a photo the
    /// user removed, or a photo the pin's album already holds (imported, or under another source
    /// id), the row is dropped instead (its source id stays shown, so it is not offered again).
    /// - Returns: false when a download was not stored (dropped as such a duplicate, or the photo
    ///   left the queue: its files are the caller's to remove when no photo uses them).
    @discardableResult
    public func record(_ outcome: PhotoOutcome, of claim: PhotoClaim) async throws(AlbumError) -> Bool {
        let (photoId, token) = (claim.photo.id, claim.token)
        return try await write { db throws(AlbumError) in
            let (condition, arguments) = AlbumDatabase.claimed(photoId, by: token)
            switch outcome {
            case .downloaded(let stored):
                let duplicate = try db.queryOne("""
                    SELECT 1 FROM photos p WHERE p.id = ?1 AND p.state = ?3 AND (
                        EXISTS (SELECT 1 FROM removed_contents r WHERE r.content_hash = ?2)
                        OR EXISTS (SELECT 1 FROM photos o WHERE o.pin_id = p.pin_id AND o.content_hash = ?2 AND o.id <> p.id))
                    """, [photoId, stored.contentHash, PhotoState.downloading.name])
                if duplicate != nil {
                    try db.run("DELETE FROM photos WHERE id = ?", [photoId])
                    try AlbumDatabase.endClaimedContent(db, claim: token, photoId: photoId, stored: false)
                    return false
                }
                var done = PhotoRecord.file(stored).merging(AlbumDatabase.unclaimed)
                done.set("failure", SQLValue.null)
                let moved = try db.move(.download, set: done, where: condition, arguments) > 0
                try AlbumDatabase.endClaimedContent(db, claim: token, photoId: photoId, stored: moved)
                return moved
            case .failed(let reason):
                var failed = AlbumDatabase.unclaimed
                failed.set("failure", reason)
                try db.move(.fail, set: failed, where: condition, arguments)
            case .released:
                try db.move(.release, set: AlbumDatabase.unclaimed, where: condition, arguments)
            }
            try AlbumDatabase.endClaimedContent(db, claim: token, photoId: photoId, stored: false)
            return true
        }
    }

    /// Puts `downloading` photos whose process is gone (`isAlive` of the claim token) back in
    /// the queue. - Returns: how many went back to `placeholder`.
    @discardableResult
    public func releaseStaleClaims(isAlive: @escaping @Sendable (String) -> Bool) async throws(AlbumError) -> Int {
        try await write { db throws(AlbumError) in
            let owners = try db.query(
                "SELECT DISTINCT claimed_by FROM photos WHERE state = ?", [PhotoState.downloading.name]
            ).map { $0.string("claimed_by") }
            var released = 0
            for owner in owners where owner.map(isAlive) != true {
                released += try db.move(.release, set: AlbumDatabase.unclaimed, where: "claimed_by IS ?", [owner])
            }
            return released
        }
    }

    /// Puts a pin's `failed` photos back in the queue (a retry the user asked for).
    @discardableResult
    public func requeueFailed(pinId: Int64) async throws(AlbumError) -> Int {
        try await write { db throws(AlbumError) in
            var retry = Columns()
            retry.set("failure", SQLValue.null)
            return try db.move(.retry, set: retry, where: "pin_id = ?", [pinId])
        }
    }

    /// Photo counts per state, for one pin (its rows through `photos_by_pin`) or the whole
    /// library (`photos_by_state_pin`, covering). One text per case: `?1 IS NULL OR pin_id = ?1`
    /// made SQLite read every photo for one pin (1,000 pins: 318 s for `album status`).
    public func stateCounts(pinId: Int64?) async throws(AlbumError) -> StateCounts {
        try await read { db throws(AlbumError) in
            let imported = PhotoOrigin.imported.stored
            let rows = if let pinId {
                try db.query("""
                    SELECT state, count(*) AS photos, sum(source = ?) AS imported FROM photos WHERE pin_id = ? GROUP BY state
                    """, [imported, pinId])
            } else {
                try db.query("SELECT state, count(*) AS photos, sum(source = ?) AS imported FROM photos GROUP BY state", [imported])
            }
            var counts = StateCounts()
            for row in rows { counts.add(state: row.string("state"), photos: row.int("photos") ?? 0, imported: row.int("imported") ?? 0) }
            return counts
        }
    }

    /// Photo counts per state of every pin with photos: one pass over `photos_by_state_pin`.
    public func stateCountsByPin() async throws(AlbumError) -> [Int64: StateCounts] {
        try await read { db throws(AlbumError) in
            var counts: [Int64: StateCounts] = [:]
            for row in try db.query("""
                SELECT pin_id, state, count(*) AS photos, sum(source = ?) AS imported FROM photos
                WHERE pin_id IS NOT NULL GROUP BY state, pin_id
                """, [PhotoOrigin.imported.stored]) {
                counts[row.int64("pin_id") ?? 0, default: StateCounts()]
                    .add(state: row.string("state"), photos: row.int("photos") ?? 0, imported: row.int("imported") ?? 0)
            }
            return counts
        }
    }

    /// Ids of pins that still have photos to download, oldest first.
    public func pinsWithWorkLeft() async throws(AlbumError) -> [Int64] {
        try await read { db throws(AlbumError) in
            try db.query(
                "SELECT DISTINCT pin_id FROM photos WHERE state IN (?, ?) ORDER BY pin_id",
                [PhotoState.placeholder.name, PhotoState.downloading.name]
            ).compactMap { $0.int64("pin_id") }
        }
    }
}

/// `album verify` (`VerifyStore` on SQLite): one body per method.
extension SQLiteLibraryStore {
    /// `PRAGMA integrity_check`: "ok" for a sound file.
    public func integrityCheck() async throws(AlbumError) -> String {
        try await read { db throws(AlbumError) in try AlbumDatabase.integrityCheck(db) }
    }

    /// Every `downloaded` photo of the library, by id.
    public func downloadedPhotos() async throws(AlbumError) -> [Photo] {
        try await read { db throws(AlbumError) in
            try db.query("SELECT \(AlbumDatabase.photoColumns) FROM photos WHERE state = ? ORDER BY id", [PhotoState.downloaded.name])
                .map(RowDecoder.photo)
        }
    }

    /// Every content hash a photo row names.
    public func allContentHashes() async throws(AlbumError) -> Set<String> {
        try await read { db throws(AlbumError) in
            Set(try db.query("SELECT DISTINCT content_hash FROM photos WHERE content_hash IS NOT NULL").compactMap { $0.string(0) })
        }
    }

    /// A `downloaded` photo whose original is gone goes back to `placeholder`, to be fetched again.
    public func requeueLostDownload(photoId: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try db.move(.requeueLost, set: PhotoRecord.noFile, where: "id = ? AND source <> ?", [photoId, PhotoOrigin.imported.stored])
        }
    }
}

/// The connection-level photo helpers several store bodies share.
extension AlbumDatabase {
    /// Every column of `photos` (rows are read by name: `PhotoRecord`).
    static let photoColumns = PhotoRecord.columns

    static func fetchPhoto(_ db: SQL, id: Int64) throws(AlbumError) -> Photo? {
        try db.queryOne("SELECT \(photoColumns) FROM photos WHERE id = ?", [id]).map(RowDecoder.photo)
    }

    /// No process holds the photo.
    static var unclaimed: Columns {
        var c = Columns()
        c.set("claimed_by", SQLValue.null)
        // The claim's content record ends with it (migration speed-claimedContent: its trigger
        // makes it a loose file unless this is the commit of that content).
        c.set("claimed_content", SQLValue.null)
        return c
    }

    /// `id = ?`, and when `claim` names one, held by that claim.
    static func claimed(_ id: Int64, by claim: String?) -> (String, [any SQLBindable]) {
        claim.map { ("id = ? AND claimed_by = ?", [id, $0]) } ?? ("id = ?", [id])
    }
}

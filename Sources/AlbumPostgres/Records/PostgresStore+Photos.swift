#if PostgreSQL
import AlbumModel
import AlbumSeam

extension PostgresStore {
    /// Every column of `photos`: `RowDecoder.photo` reads the ones it needs by name, as on SQLite,
    /// so a new column needs no list here.
    static let photoColumns = "*"

    /// The photos of a pin's album, in album order.
    public func photos(pinId: Int64) async throws(AlbumError) -> [Photo] {
        try await read { db throws(AlbumError) in
            try await Self.decodePhotos(db.query("SELECT \(Self.photoColumns) FROM photos WHERE pin_id = $1 ORDER BY position, id", [pinId]))
        }
    }

    /// The photo with this id. - Throws: `AlbumError.notFound` naming the id.
    public func requirePhoto(id: Int64) async throws(AlbumError) -> Photo {
        let rows = try await read { db throws(AlbumError) in
            try await Self.decodePhotos(db.query("SELECT \(Self.photoColumns) FROM photos WHERE id = $1", [id]))
        }
        guard let photo = rows.first else { throw .noPhoto(id) }
        return photo
    }

    // MARK: Claims and leases

    /// Claims up to `limit` photos to download, from any pin, oldest first, for this worker:
    /// each becomes `downloading`, leased to `workerID` for `leaseSeconds`, its attempt counted.
    /// `placeholder` photos and photos whose lease ran out (a dead or stuck worker's) are taken;
    /// rows another transaction is claiming are skipped (`FOR UPDATE SKIP LOCKED`), so workers
    /// never wait for each other and never take the same photo. One short transaction.
    public func claimPhotos(limit: Int, pinId: Int64? = nil) async throws(AlbumError) -> [Photo] {
        try await write { db throws(AlbumError) in
            try await Self.decodePhotos(db.query("""
                UPDATE photos SET state = 'downloading', lease_owner = $1,
                    lease_until = now() + make_interval(secs => $2), attempts = attempts + 1, updated_at = $3
                WHERE id IN (
                    SELECT id FROM photos
                    WHERE state IN ('placeholder', 'downloading')
                        AND (state = 'placeholder' OR lease_until IS NULL OR lease_until < now())
                        AND ($5::bigint IS NULL OR pin_id = $5::bigint)
                    ORDER BY id LIMIT $4
                    FOR UPDATE SKIP LOCKED)
                RETURNING \(Self.photoColumns)
                """, [workerID, leaseSeconds, Timestamp.now(), max(1, limit), pinId]))
                .sorted { $0.id < $1.id }
        }
    }

    /// Extends every lease this worker holds by `leaseSeconds` from now; run well within the
    /// lease while downloads go on. - Returns: how many photos it holds.
    @discardableResult
    public func renewLeases() async throws(AlbumError) -> Int {
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE photos SET lease_until = now() + make_interval(secs => $2)
                WHERE lease_owner = $1 AND state = 'downloading' RETURNING 1
                """, [workerID, leaseSeconds])
        }
    }

    /// Counts one more download attempt of a photo this worker holds.
    public func recordAttempt(photoId: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("UPDATE photos SET attempts = attempts + 1 WHERE id = $1 AND lease_owner = $2", [photoId, workerID])
        }
    }

    /// `downloading` → `downloaded`, with its files, if this worker still holds the lease (a
    /// worker whose lease ran out and was taken over changes nothing: the files are named by
    /// content, so both wrote the same ones). Bytes the user removed, or that the pin's album
    /// already holds, drop the row instead (decision 0006), as on SQLite.
    /// - Returns: false when the row was dropped as a duplicate or the lease was lost.
    @discardableResult
    public func markDownloaded(photoId: Int64, file: String, thumbnail: String?, contentHash: String, bytes: Int64,
                               width: Int?, height: Int?, takenAt: String?, camera: Camera?,
                               thumbnailPending: Bool = false, perceptualHash: PerceptualHash? = nil) async throws(AlbumError) -> Bool {
        try await write { db throws(AlbumError) in
            guard let row = try await db.queryOne(
                "SELECT pin_id FROM photos WHERE id = $1 AND state = 'downloading' AND lease_owner = $2 FOR UPDATE",
                [photoId, workerID])
            else {
                try await Self.endClaimedContent(db, claim: workerID, photoId: photoId, stored: false)
                return false
            }
            let duplicate = try await db.queryOne("""
                SELECT 1 WHERE EXISTS (SELECT 1 FROM removed_contents r WHERE r.content_hash = $2)
                    OR EXISTS (SELECT 1 FROM photos o WHERE o.pin_id = $3 AND o.content_hash = $2 AND o.id <> $1)
                """, [photoId, contentHash, row.int64("pin_id")])
            if duplicate != nil {
                try await db.run("DELETE FROM photos WHERE id = $1", [photoId])
                try await Self.endClaimedContent(db, claim: workerID, photoId: photoId, stored: false)
                return false
            }
            try await db.run("""
                UPDATE photos SET state = 'downloaded', failure = NULL, lease_owner = NULL, lease_until = NULL,
                    file = $2, thumbnail = $3, content_hash = $4, bytes = $5, width = $6, height = $7, updated_at = $8,
                    taken_at = coalesce($9, taken_at), camera_make = coalesce($10, camera_make),
                    camera_model = coalesce($11, camera_model), orientation = coalesce($12, orientation),
                    altitude = coalesce($13, altitude), thumbnail_pending = $14, phash = coalesce($15, phash)
                WHERE id = $1
                """,
                [photoId, file, thumbnail, contentHash, bytes, width, height, Timestamp.now(), takenAt,
                 camera?.make, camera?.model, camera?.orientation, camera?.altitude, thumbnailPending ? 1 : 0,
                 perceptualHash?.stored])
            try await Self.endClaimedContent(db, claim: workerID, photoId: photoId, stored: true)
            return true
        }
    }

    /// `downloading` → `placeholder`, unleased: the download stopped for a reason that is not the
    /// photo's; the next claim takes it.
    public func releaseClaim(photoId: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE photos SET state = 'placeholder', lease_owner = NULL, lease_until = NULL, updated_at = $3
                WHERE id = $1 AND state = 'downloading' AND lease_owner = $2
                """, [photoId, workerID, Timestamp.now()])
            try await Self.endClaimedContent(db, claim: workerID, photoId: photoId, stored: false)
        }
    }

    /// Gives back every photo this worker holds (a worker stopping cleanly).
    @discardableResult
    public func releaseAllClaims() async throws(AlbumError) -> Int {
        try await write { db throws(AlbumError) in
            try await db.run("UPDATE loose_files SET claim = NULL WHERE claim = $1", [workerID])
            return try await db.run("""
                UPDATE photos SET state = 'placeholder', lease_owner = NULL, lease_until = NULL
                WHERE state = 'downloading' AND lease_owner = $1 RETURNING 1
                """, [workerID])
        }
    }

    /// `downloading` → `failed` with the reason, if this worker holds the lease.
    public func markFailed(photoId: Int64, reason: String) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE photos SET state = 'failed', failure = $3, lease_owner = NULL, lease_until = NULL, updated_at = $4
                WHERE id = $1 AND state = 'downloading' AND lease_owner = $2
                """, [photoId, workerID, reason, Timestamp.now()])
            try await Self.endClaimedContent(db, claim: workerID, photoId: photoId, stored: false)
        }
    }

    /// Puts a pin's `failed` photos back in the queue. - Returns: how many.
    @discardableResult
    public func requeueFailed(pinId: Int64) async throws(AlbumError) -> Int {
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE photos SET state = 'placeholder', failure = NULL, updated_at = $2
                WHERE pin_id = $1 AND state = 'failed' RETURNING 1
                """, [pinId, Timestamp.now()])
        }
    }

    // MARK: Counts

    /// Content hashes among `hashes` that no photo uses any more.
    public func unreferencedHashes(_ hashes: Set<String>) async throws(AlbumError) -> Set<String> {
        guard !hashes.isEmpty else { return [] }
        let used = try await read { db throws(AlbumError) in
            Set(try await db.query(
                "SELECT DISTINCT content_hash FROM photos WHERE content_hash = ANY(string_to_array($1, ','))",
                [hashes.sorted().joined(separator: ",")]).compactMap { $0.string(0) })
        }
        return hashes.subtracting(used)
    }

    /// Photo counts per state, for one pin (through `photos_by_pin`) or the whole library; one
    /// text per case, as on SQLite (a generic plan of `$1 IS NULL OR pin_id = $1` scans).
    public func stateCounts(pinId: Int64? = nil) async throws(AlbumError) -> StateCounts {
        try await read { db throws(AlbumError) in
            let select = "SELECT state, count(*) AS photos, count(*) FILTER (WHERE source = 'import') AS imported FROM photos"
            let rows = if let pinId {
                try await db.query("\(select) WHERE pin_id = $1 GROUP BY state", [pinId])
            } else {
                try await db.query("\(select) GROUP BY state")
            }
            var counts = StateCounts()
            for row in rows { counts.add(state: row.string("state"), photos: row.int("photos") ?? 0, imported: row.int("imported") ?? 0) }
            return counts
        }
    }

    /// Photo counts per state of every pin with photos, in one pass.
    public func stateCountsByPin() async throws(AlbumError) -> [Int64: StateCounts] {
        try await read { db throws(AlbumError) in
            var counts: [Int64: StateCounts] = [:]
            for row in try await db.query("""
                SELECT pin_id, state, count(*) AS photos, count(*) FILTER (WHERE source = 'import') AS imported FROM photos
                WHERE pin_id IS NOT NULL GROUP BY pin_id, state
                """) {
                counts[row.int64("pin_id") ?? 0, default: StateCounts()]
                    .add(state: row.string("state"), photos: row.int("photos") ?? 0, imported: row.int("imported") ?? 0)
            }
            return counts
        }
    }

    /// Ids of pins that still have photos to download, oldest first.
    public func pinsWithWorkLeft() async throws(AlbumError) -> [Int64] {
        try await read { db throws(AlbumError) in
            try await db.query("SELECT DISTINCT pin_id FROM photos WHERE state IN ('placeholder', 'downloading') ORDER BY pin_id")
                .compactMap { $0.int64(0) }
        }
    }

    static func decodePhotos(_ rows: [Row]) throws(AlbumError) -> [Photo] {
        var photos: [Photo] = []
        photos.reserveCapacity(rows.count)
        for row in rows { photos.append(try RowDecoder.photo(row)) }
        return photos
    }
}
#endif

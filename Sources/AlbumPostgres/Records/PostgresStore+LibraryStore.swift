#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation

/// The store seam (issue 9's `LibraryStore`) on PostgreSQL. Claims are leases (this store's
/// `workerID`, `leaseSeconds`): `releaseStaleClaims` frees expired leases instead of asking about
/// processes, and a claim's outcome is recorded only while its lease is held.
extension PostgresStore: LibraryStore {
    public func movePin(id: Int64, to coordinate: Coordinate) async throws(AlbumError) -> (pin: Pin, droppedPhotos: Int) {
        try await write { db throws(AlbumError) in
            let changed = try await db.run(
                "UPDATE pins SET latitude = $1, longitude = $2, updated_at = $3, named_at = NULL WHERE id = $4 RETURNING 1",
                [coordinate.latitude, coordinate.longitude, Timestamp.now(), id])
            guard changed == 1 else { throw .noPin(id) }
            let dropped = try await db.run("DELETE FROM photos WHERE pin_id = $1 AND source <> 'import' RETURNING 1", [id])
            try await db.run("DELETE FROM albums WHERE pin_id = $1", [id])
            guard let pin = try await Self.fetchPin(db, id: id) else { throw .noPin(id) }
            return (pin, dropped)
        }
    }

    public func contentHashes(pinId: Int64) async throws(AlbumError) -> Set<String> {
        try await read { db throws(AlbumError) in
            Set(try await db.query("SELECT content_hash FROM photos WHERE pin_id = $1 AND content_hash IS NOT NULL", [pinId])
                .compactMap { $0.string(0) })
        }
    }

    public func setRegion(_ region: Region) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("""
                INSERT INTO region (id, latitude, longitude, span_latitude, span_longitude, updated_at)
                VALUES (1, $1, $2, $3, $4, $5)
                ON CONFLICT (id) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                    span_latitude = excluded.span_latitude, span_longitude = excluded.span_longitude, updated_at = excluded.updated_at
                """, [region.center.latitude, region.center.longitude, region.spanLatitude, region.spanLongitude, Timestamp.now()])
        }
    }

    public func region() async throws(AlbumError) -> Region? {
        guard let row = try await read({ db throws(AlbumError) in
            try await db.queryOne("SELECT latitude, longitude, span_latitude, span_longitude FROM region WHERE id = 1")
                .map { [$0.double("latitude"), $0.double("longitude"), $0.double("span_latitude"), $0.double("span_longitude")] }
        }) else { return nil }
        return try Region(
            center: Coordinate(latitude: row[0] ?? .nan, longitude: row[1] ?? .nan),
            spanLatitude: row[2] ?? 0, spanLongitude: row[3] ?? 0)
    }

    public func photo(id: Int64) async throws(AlbumError) -> Photo? {
        try await read { db throws(AlbumError) in
            try await Self.decodePhotos(db.query("SELECT \(Self.photoColumns) FROM photos WHERE id = $1", [id])).first
        }
    }

    public func removePhoto(id: Int64) async throws(AlbumError) -> Photo {
        try await write { db throws(AlbumError) in
            guard let photo = try await Self.decodePhotos(
                db.query("SELECT \(Self.photoColumns) FROM photos WHERE id = $1 FOR UPDATE", [id])).first
            else { throw .noPhoto(id) }
            try await db.run("DELETE FROM photos WHERE id = $1", [id])
            let now = Timestamp.now()
            if !photo.isUnplaced {
                try await db.run("""
                    INSERT INTO shown_photos (pin_id, source, source_id, removed, shown_at) VALUES ($1, $2, $3, true, $4)
                    ON CONFLICT (pin_id, source, source_id) DO UPDATE SET removed = true
                    """, [photo.pinId, photo.source, photo.sourceId, now])
            }
            if let hash = photo.contentHash {
                try await db.run(
                    "INSERT INTO removed_contents (content_hash, photo_id, pin_id, removed_at) VALUES ($1, $2, $3, $4)",
                    [hash, photo.id, photo.isUnplaced ? nil : photo.pinId, now])
            }
            return photo
        }
    }

    public func replaceCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Set<String> {
        try await write { db throws(AlbumError) in
            try await db.run("SELECT id FROM pins WHERE id = $1 FOR UPDATE", [info.pinId])
            let kept = Set(photos.map(\.sourceId))
            var hashes = Set<String>()
            for row in try await db.query(
                "SELECT id, source, source_id, content_hash FROM photos WHERE pin_id = $1 AND source <> 'import'", [info.pinId])
            {
                if row.string("source") == info.source, let sourceId = row.string("source_id"), kept.contains(sourceId) { continue }
                if let hash = row.string("content_hash") { hashes.insert(hash) }
                try await db.run("DELETE FROM photos WHERE id = $1", [row.int64("id")])
            }
            try await Self.insertCollection(db, info, photos)
            return hashes
        }
    }

    public func claimNextPhoto(pinId: Int64?, by owner: ClaimOwner) async throws(AlbumError) -> PhotoClaim? {
        try await claimPhotos(limit: 1, pinId: pinId).first.map { PhotoClaim(photo: $0, token: workerID) }
    }

    /// A third of the lease: a worker renews its leases well before they run out.
    public var claimRenewal: Duration? { .milliseconds(max(100, Int(leaseSeconds * 1000 / 3))) }

    public func renewClaims() async throws(AlbumError) { try await renewLeases() }

    /// Every lease this process holds (its `workerID`; `owner` names the process on SQLite only).
    @discardableResult
    public func releaseClaims(of owner: ClaimOwner) async throws(AlbumError) -> Int { try await releaseAllClaims() }

    /// Counts the attempt and extends the lease: a worker still trying is alive.
    public func recordAttempt(_ claim: PhotoClaim) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE photos SET attempts = attempts + 1, lease_until = now() + make_interval(secs => $3)
                WHERE id = $1 AND lease_owner = $2 AND state = 'downloading'
                """, [claim.photo.id, workerID, leaseSeconds])
        }
    }

    @discardableResult
    public func record(_ outcome: PhotoOutcome, of claim: PhotoClaim) async throws(AlbumError) -> Bool {
        let id = claim.photo.id
        switch outcome {
        case .downloaded(let stored):
            return try await markDownloaded(
                photoId: id, file: stored.file, thumbnail: stored.thumbnail, contentHash: stored.contentHash,
                bytes: stored.bytes, width: stored.width, height: stored.height, takenAt: stored.takenAt, camera: stored.camera,
                thumbnailPending: stored.thumbnailPending, perceptualHash: stored.perceptualHash)
        case .failed(let reason):
            try await markFailed(photoId: id, reason: reason)
        case .released:
            try await releaseClaim(photoId: id)
        }
        return true
    }

    /// Leases that ran out go back to `placeholder` (nobody asks whether a process lives).
    @discardableResult
    public func releaseStaleClaims(isAlive: @escaping @Sendable (String) -> Bool) async throws(AlbumError) -> Int {
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE photos SET state = 'placeholder', lease_owner = NULL, lease_until = NULL
                WHERE state = 'downloading' AND (lease_until IS NULL OR lease_until < now()) RETURNING 1
                """)
        }
    }

    /// PostgreSQL checks its own pages; here: every photo's state agrees with its files and lease.
    public func integrityCheck() async throws(AlbumError) -> String {
        try await read { db throws(AlbumError) in
            let bad = try await db.queryOne("""
                SELECT count(*) FILTER (WHERE state = 'downloaded' AND file IS NULL) AS no_file,
                       count(*) FILTER (WHERE state = 'downloading' AND lease_owner IS NULL) AS no_lease
                FROM photos
                """)
            let (noFile, noLease) = (bad?.int("no_file") ?? 0, bad?.int("no_lease") ?? 0)
            if noFile == 0 && noLease == 0 { return "ok" }
            return "\(noFile) downloaded photos without a file; \(noLease) downloading photos without a lease"
        }
    }

    public func downloadedPhotos() async throws(AlbumError) -> [Photo] {
        try await read { db throws(AlbumError) in
            try await Self.decodePhotos(db.query("SELECT \(Self.photoColumns) FROM photos WHERE state = 'downloaded' ORDER BY id"))
        }
    }

    public func allContentHashes() async throws(AlbumError) -> Set<String> {
        try await read { db throws(AlbumError) in
            Set(try await db.query("SELECT DISTINCT content_hash FROM photos WHERE content_hash IS NOT NULL").compactMap { $0.string(0) })
        }
    }

    public func requeueLostDownload(photoId: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE photos SET state = 'placeholder', file = NULL, thumbnail = NULL, content_hash = NULL, bytes = NULL, updated_at = $2
                WHERE id = $1 AND state = 'downloaded' AND source <> 'import'
                """, [photoId, Timestamp.now()])
        }
    }
}
#endif

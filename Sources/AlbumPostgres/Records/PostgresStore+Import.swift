#if PostgreSQL
import AlbumModel
import AlbumSeam

/// `album import` on PostgreSQL: the same content identity and one-transaction commit as SQLite's
/// (`AlbumDatabase+Import`). The photos' files are in the shared files folder (decision 0042-seam).
extension PostgresStore {
    public func knownImport(contentHash: String) async throws(AlbumError) -> KnownImport? {
        try await read { db throws(AlbumError) in try await Self.known(db, contentHash: contentHash) }
    }

    static func known(_ db: Session, contentHash: String) async throws(AlbumError) -> KnownImport? {
        if let row = try await db.queryOne(
            "SELECT id, pin_id, coalesce(url, file) AS original FROM photos WHERE content_hash = $1 ORDER BY id LIMIT 1", [contentHash])
        {
            return .stored(photoId: row.int64("id") ?? 0, pinId: row.int64("pin_id") ?? 0, originalPath: row.string("original"))
        }
        return try await db.queryOne(
            "SELECT photo_id, pin_id FROM removed_contents WHERE content_hash = $1 ORDER BY removed_at, photo_id LIMIT 1",
            [contentHash]
        ).map { .removed(photoId: $0.int64("photo_id"), pinId: $0.int64("pin_id")) }
    }

    /// Stores every group in one transaction (see `AlbumDatabase.commitImport`).
    public func commitImport(_ groups: [ImportGroup]) async throws(AlbumError) -> [ImportGroupOutcome] {
        try await write { db throws(AlbumError) in
            // One import at a time: content decides what is stored, so two must not interleave.
            try await db.run("SELECT pg_advisory_xact_lock(7226216002)")
            var outcomes: [ImportGroupOutcome] = []
            for group in groups {
                outcomes.append(try await Self.insertGroup(db, group))
            }
            for group in groups where group.destination == .unplaced {
                for photo in group.photos {
                    guard let index = photo.suggestedGroup, outcomes.indices.contains(index), let pin = outcomes[index].pin
                    else { continue }
                    try await db.run(
                        "UPDATE photos SET suggested_pin_id = $1 WHERE content_hash = $2 AND source = 'import' AND pin_id IS NULL",
                        [pin.id, photo.contentHash])
                }
            }
            return outcomes
        }
    }

    private static func insertGroup(_ db: Session, _ group: ImportGroup) async throws(AlbumError) -> ImportGroupOutcome {
        var pinId: Int64?
        if case .pin(let id) = group.destination {
            guard try await db.queryOne("SELECT id FROM pins WHERE id = $1 FOR UPDATE", [id]) != nil else {
                throw .notFound("pin \(id) was removed while the import ran; run the import again", subject: .pin(id))
            }
            pinId = id
        }
        var position = 0
        if let pinId {
            position = try await db.queryOne("SELECT coalesce(max(position) + 1, 0) FROM photos WHERE pin_id = $1", [pinId])?.int(0) ?? 0
        }
        var created = false
        var inserted = 0
        let now = Timestamp.now()
        for photo in group.photos {
            // Stored (or removed) meanwhile by another process: content decides, not origin.
            if try await known(db, contentHash: photo.contentHash) != nil { continue }
            if pinId == nil, case .newPin(let coordinate, let note) = group.destination {
                pinId = try await insertPin(db, coordinate, nil, note).id
                created = true
            }
            guard let photoId = try await db.queryOne("""
                INSERT INTO photos (pin_id, source, source_id, url, title, latitude, longitude, state, position,
                    file, thumbnail, content_hash, bytes, width, height, taken_at, camera_make, camera_model,
                    orientation, altitude, position_source, gps_time, clock_offset, created_at, updated_at, thumbnail_pending,
                    owner_name, copyright, phash)
                VALUES ($1, 'import', $2, $3, $4, $5, $6, 'downloaded', $7, $8, $9, $2, $10, $11, $12, $13, $14, $15,
                    $16, $17, $18, $19, $20, $21, $21, $22, $23, $24, $25)
                RETURNING id
                """,
                [pinId, photo.contentHash, photo.originalPath, photo.title, photo.coordinate?.latitude,
                 photo.coordinate?.longitude, position, photo.file, photo.thumbnail, photo.bytes, photo.width,
                 photo.height, photo.takenAt, photo.make, photo.model, photo.orientation, photo.altitude,
                 photo.positionSource?.rawValue, photo.gpsTime, photo.clockOffset, now,
                 photo.stored.thumbnailPending ? 1 : 0, photo.artist, photo.copyright, photo.stored.perceptualHash?.stored])?.int64(0)
            else { throw .database("\(db.store.name): an imported photo vanished after insert") }
            for tag in photo.tags {
                try await db.run("INSERT INTO photo_tags (photo_id, tag) VALUES ($1, $2) ON CONFLICT DO NOTHING", [photoId, tag.value])
            }
            position += 1
            inserted += 1
        }
        var pin: Pin?
        if let pinId { pin = try await fetchPin(db, id: pinId) }
        return ImportGroupOutcome(pin: pin, created: created, inserted: inserted)
    }
}
#endif

#if PostgreSQL
import AlbumModel
import AlbumSeam

extension PostgresStore {
    /// The album of a pin, or nil when it was never searched.
    public func album(pinId: Int64) async throws(AlbumError) -> AlbumInfo? {
        try await read { db throws(AlbumError) in try await Self.fetchAlbum(db, pinId: pinId) }
    }

    /// Marks a pin without an album as waiting for its first collection.
    public func recordPendingSearch(_ search: AlbumInfo) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            if try await Self.fetchAlbum(db, pinId: search.pinId) == nil { try await Self.insertPendingSearch(db, search) }
        }
    }

    /// First collections asked for and never stored, oldest pin first.
    public func pendingSearches() async throws(AlbumError) -> [AlbumInfo] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT \(RowDecoder.pendingSearchColumns) FROM pending_searches s
                WHERE NOT EXISTS (SELECT 1 FROM albums a WHERE a.pin_id = s.pin_id) ORDER BY s.pin_id
                """
            ).map(RowDecoder.album)
        }
    }

    static func insertPendingSearch(_ db: Session, _ search: AlbumInfo) async throws(AlbumError) {
        try await db.run("""
            INSERT INTO pending_searches (pin_id, source, endpoint, radius_km, per_page, requested_at) VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (pin_id) DO UPDATE SET source = excluded.source, endpoint = excluded.endpoint,
                radius_km = excluded.radius_km, per_page = excluded.per_page, requested_at = excluded.requested_at
            """, [search.pinId, search.source, search.endpoint, search.radiusKm, search.perPage, Timestamp.now()])
    }

    /// Stores a pin's first collection: one placeholder per photo, in order, in one transaction.
    /// Does nothing and returns false when the pin already has an album (another worker was first).
    public func storeFirstCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Bool {
        try await write { db throws(AlbumError) in
            // The album row decides who was first: a second writer waits here, then sees it.
            try await db.run("SELECT id FROM pins WHERE id = $1 FOR UPDATE", [info.pinId])
            guard try await Self.fetchAlbum(db, pinId: info.pinId) == nil else { return false }
            try await Self.insertCollection(db, info, photos)
            try await db.run("DELETE FROM pending_searches WHERE pin_id = $1", [info.pinId])
            return true
        }
    }

    /// Source ids a pin has shown from `source` (including the ones the user removed).
    public func shownSourceIds(pinId: Int64, source: String) async throws(AlbumError) -> Set<String> {
        try await read { db throws(AlbumError) in
            Set(try await db.query("SELECT source_id FROM shown_photos WHERE pin_id = $1 AND source = $2", [pinId, source])
                .compactMap { $0.string(0) })
        }
    }

    static func insertCollection(_ db: Session, _ info: AlbumInfo, _ photos: [SourcePhoto]) async throws(AlbumError) {
        let now = Timestamp.now()
        try await db.run("""
            INSERT INTO albums (pin_id, source, endpoint, radius_km, per_page, page, total, pages, searched_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            ON CONFLICT (pin_id) DO UPDATE SET source = excluded.source, endpoint = excluded.endpoint,
                radius_km = excluded.radius_km, per_page = excluded.per_page, page = excluded.page,
                total = excluded.total, pages = excluded.pages, searched_at = excluded.searched_at
            """,
            [info.pinId, info.source, info.endpoint, info.radiusKm, info.perPage, info.page, info.total, info.pages, now])
        let removed = Set(try await db.query(
            "SELECT source_id FROM shown_photos WHERE pin_id = $1 AND source = $2 AND removed",
            [info.pinId, info.source]).compactMap { $0.string(0) })
        var position = 0
        var seen = Set<String>()
        for photo in photos where !removed.contains(photo.sourceId) && seen.insert(photo.sourceId).inserted {
            try await db.run("""
                INSERT INTO photos (pin_id, source, source_id, url, title, taken_at, latitude, longitude,
                    accuracy, license, state, position, created_at, updated_at,
                    owner_id, owner_name, license_id, license_url, page_url, uploaded_at, source_taken_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'placeholder', $11, $12, $12, $13, $14, $15, $16, $17, $18, $6)
                ON CONFLICT (pin_id, source, source_id) DO UPDATE SET position = excluded.position
                """,
                [info.pinId, info.source, photo.sourceId, photo.url, photo.title, photo.takenAt,
                 photo.coordinate?.latitude, photo.coordinate?.longitude, photo.accuracy, photo.license, position, now,
                 photo.provenance.ownerId, photo.provenance.ownerName ?? photo.owner, photo.provenance.licenseId,
                 photo.provenance.licenseURL, photo.provenance.pageURL, photo.provenance.uploadedAt])
            position += 1
            try await db.run("""
                INSERT INTO shown_photos (pin_id, source, source_id, shown_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT DO NOTHING
                """, [info.pinId, info.source, photo.sourceId, now])
        }
    }

    static func fetchAlbum(_ db: Session, pinId: Int64) async throws(AlbumError) -> AlbumInfo? {
        try await db.queryOne(
            "SELECT \(RowDecoder.albumColumns) FROM albums WHERE pin_id = $1",
            [pinId]
        ).map(RowDecoder.album)
    }
}
#endif

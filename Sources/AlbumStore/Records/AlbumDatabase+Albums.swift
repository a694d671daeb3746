import AlbumModel

extension AlbumDatabase {
    /// The album of a pin, or nil when it was never searched.
    public func album(pinId: Int64) throws(AlbumError) -> AlbumInfo? {
        try read { db throws(AlbumError) in try Self.fetchAlbum(db, pinId: pinId) }
    }

    /// Finds the pin within `toleranceKm` of `coordinate` (the nearest) or creates it, atomically,
    /// so two processes fetching the same place end up with one pin.
    public func findOrCreatePin(at coordinate: Coordinate, toleranceKm: Double, title: String?) throws(AlbumError) -> (pin: Pin, created: Bool) {
        try write { db throws(AlbumError) in
            if let pin = try Self.pinsNear(db, coordinate, toleranceKm).first { return (pin, false) }
            return (try Self.insertPin(db, coordinate, title, nil), true)
        }
    }

    /// Stores a pin's first collection: one placeholder per photo, in order, before any download.
    /// Does nothing and returns false when the pin already has an album (another process was
    /// first); photos the user removed from this pin are never stored again.
    public func storeFirstCollection(_ info: AlbumInfo, photos: [SourcePhoto]) throws(AlbumError) -> Bool {
        try write { db throws(AlbumError) in
            guard try Self.fetchAlbum(db, pinId: info.pinId) == nil else { return false }
            try Self.insertCollection(db, info, photos)
            return true
        }
    }

    /// Replaces a pin's album with a new collection in one transaction. The user's own photos
    /// (source `import`) stay.
    /// - Returns: the content hashes the old photos used, for the caller to remove unused files.
    public func replaceCollection(_ info: AlbumInfo, photos: [SourcePhoto]) throws(AlbumError) -> Set<String> {
        try write { db throws(AlbumError) in
            let hashes = try db.query(
                "SELECT content_hash FROM photos WHERE pin_id = ? AND source <> 'import' AND content_hash IS NOT NULL",
                [info.pinId]
            ).compactMap { $0.string(0) }
            try db.run("DELETE FROM photos WHERE pin_id = ? AND source <> 'import'", [info.pinId])
            try Self.insertCollection(db, info, photos)
            return Set(hashes)
        }
    }

    /// Source ids a pin has shown from `source` (including the ones the user removed).
    public func shownSourceIds(pinId: Int64, source: String) throws(AlbumError) -> Set<String> {
        try read { db throws(AlbumError) in
            Set(try db.query("SELECT source_id FROM shown_photos WHERE pin_id = ? AND source = ?", [pinId, source])
                .compactMap { $0.string(0) })
        }
    }

    private static func insertCollection(_ db: SQL, _ info: AlbumInfo, _ photos: [SourcePhoto]) throws(AlbumError) {
        let now = Timestamp.now()
        try db.run("""
            INSERT INTO albums (pin_id, source, endpoint, radius_km, per_page, page, total, pages, searched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (pin_id) DO UPDATE SET source = excluded.source, endpoint = excluded.endpoint,
                radius_km = excluded.radius_km, per_page = excluded.per_page, page = excluded.page,
                total = excluded.total, pages = excluded.pages, searched_at = excluded.searched_at
            """,
            [info.pinId, info.source, info.endpoint, info.radiusKm, info.perPage, info.page, info.total, info.pages, now])
        let removed = Set(try db.query(
            "SELECT source_id FROM shown_photos WHERE pin_id = ? AND source = ? AND removed = 1",
            [info.pinId, info.source]).compactMap { $0.string(0) })
        var position = 0
        for photo in photos where !removed.contains(photo.sourceId) {
            let inserted = try db.run("""
                INSERT OR IGNORE INTO photos (pin_id, source, source_id, url, title, taken_at, latitude, longitude,
                    state, position, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'placeholder', ?, ?, ?)
                """,
                [info.pinId, info.source, photo.sourceId, photo.url, photo.title, photo.takenAt,
                 photo.coordinate?.latitude, photo.coordinate?.longitude, position, now, now])
            position += inserted
            try db.run("""
                INSERT INTO shown_photos (pin_id, source, source_id, shown_at) VALUES (?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """, [info.pinId, info.source, photo.sourceId, now])
        }
    }

    static func fetchAlbum(_ db: SQL, pinId: Int64) throws(AlbumError) -> AlbumInfo? {
        try db.queryOne(
            "SELECT pin_id, source, endpoint, radius_km, per_page, page, total, pages FROM albums WHERE pin_id = ?",
            [pinId]
        ).map { row in
            AlbumInfo(
                pinId: row.int64(0) ?? 0, source: row.string(1) ?? "", endpoint: row.string(2),
                radiusKm: row.double(3) ?? 0, perPage: row.int(4) ?? 0, page: row.int(5) ?? 1,
                total: row.int(6) ?? 0, pages: row.int(7) ?? 0)
        }
    }
}

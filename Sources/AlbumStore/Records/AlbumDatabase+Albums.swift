import AlbumModel
import AlbumSeam

/// Albums, searches and collections (`CollectionStore` on SQLite): one body per method
/// (decision 0075-store).
extension SQLiteLibraryStore {
    /// The album of a pin, or nil when it was never searched.
    public func album(pinId: Int64) async throws(AlbumError) -> AlbumInfo? {
        try await read { db throws(AlbumError) in try AlbumDatabase.fetchAlbum(db, pinId: pinId) }
    }

    /// Marks a pin without an album as waiting for its first collection (see `pendingSearches`).
    public func recordPendingSearch(_ search: AlbumInfo) async throws(AlbumError) {
        try await write { db throws(AlbumError) in try AlbumDatabase.insertPendingSearchIfNoAlbum(db, search) }
    }

    /// First collections asked for and never stored (a killed or failed search), oldest pin
    /// first: source, endpoint, radius and per page as the fetch asked (page, total, pages 0).
    public func pendingSearches() async throws(AlbumError) -> [AlbumInfo] {
        try await read { db throws(AlbumError) in
            try db.query("""
                SELECT \(RowDecoder.pendingSearchColumns) FROM pending_searches s
                WHERE NOT EXISTS (SELECT 1 FROM albums a WHERE a.pin_id = s.pin_id) ORDER BY s.pin_id
                """
            ).map(RowDecoder.album)
        }
    }

    /// Stores a pin's first collection: one placeholder per photo, in order, before any download.
    /// Does nothing and returns false when the pin already has an album (another process was
    /// first); photos the user removed from this pin are never stored again.
    public func storeFirstCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Bool {
        try await write { db throws(AlbumError) in
            guard try AlbumDatabase.fetchAlbum(db, pinId: info.pinId) == nil else { return false }
            try AlbumDatabase.insertCollection(db, info, photos)
            try db.run("DELETE FROM pending_searches WHERE pin_id = ?", [info.pinId])
            return true
        }
    }

    /// Replaces a pin's album with a new collection in one transaction. The user's own photos
    /// (source `import`) stay, and so does every photo of the new collection the album already
    /// holds (same source and id): it keeps its id, state and files, and only moves to its new
    /// place in the album (a refresh downloads nothing twice).
    /// - Returns: the content hashes the photos that left the album used, for the caller to
    ///   remove unused files.
    public func replaceCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Set<String> {
        try await write { db throws(AlbumError) in
            let kept = Set(photos.map(\.sourceId))
            var hashes = Set<String>()
            for row in try db.query(
                "SELECT id, source, source_id, content_hash FROM photos WHERE pin_id = ? AND source <> ?",
                [info.pinId, PhotoOrigin.imported.stored])
            {
                if row.string("source") == info.source, let id = row.string("source_id"), kept.contains(id) { continue }
                if let hash = row.string("content_hash") { hashes.insert(hash) }
                try db.run("DELETE FROM photos WHERE id = ?", [row.int64("id")])
            }
            try AlbumDatabase.insertCollection(db, info, photos)
            return hashes
        }
    }

    /// Source ids a pin has shown from `source` (including the ones the user removed).
    public func shownSourceIds(pinId: Int64, source: String) async throws(AlbumError) -> Set<String> {
        try await read { db throws(AlbumError) in
            Set(try db.query("SELECT source_id FROM shown_photos WHERE pin_id = ? AND source = ?", [pinId, source])
                .compactMap { $0.string(0) })
        }
    }

}

/// The connection-level album helpers several store bodies share.
extension AlbumDatabase {
    static func insertPendingSearchIfNoAlbum(_ db: SQL, _ search: AlbumInfo) throws(AlbumError) {
        if try fetchAlbum(db, pinId: search.pinId) == nil { try insertPendingSearch(db, search) }
    }

    private static func insertPendingSearch(_ db: SQL, _ search: AlbumInfo) throws(AlbumError) {
        try db.run("""
            INSERT INTO pending_searches (pin_id, source, endpoint, radius_km, per_page, requested_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (pin_id) DO UPDATE SET source = excluded.source, endpoint = excluded.endpoint,
                radius_km = excluded.radius_km, per_page = excluded.per_page, requested_at = excluded.requested_at
            """, [search.pinId, search.source, search.endpoint, search.radiusKm, search.perPage, Timestamp.now()])
    }

    fileprivate static func insertCollection(_ db: SQL, _ info: AlbumInfo, _ photos: [SourcePhoto]) throws(AlbumError) {
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
        var seen = Set<String>()
        for photo in photos where !removed.contains(photo.sourceId) && seen.insert(photo.sourceId).inserted {
            // A photo the album holds already keeps its row (id, state, files): only its place moves.
            try db.insert(
                into: "photos", PhotoRecord.placeholder(photo, album: info, position: position, now: now),
                onConflict: "(pin_id, source, source_id) DO UPDATE SET position = excluded.position")
            position += 1
            try db.run("""
                INSERT INTO shown_photos (pin_id, source, source_id, shown_at) VALUES (?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """, [info.pinId, info.source, photo.sourceId, now])
        }
    }

    static func fetchAlbum(_ db: SQL, pinId: Int64) throws(AlbumError) -> AlbumInfo? {
        try db.queryOne(
            "SELECT \(RowDecoder.albumColumns) FROM albums WHERE pin_id = ?",
            [pinId]
        ).map(RowDecoder.album)
    }
}

extension SQLiteLibraryStore {
    /// Finds the pin within `toleranceKm` of `coordinate` (the nearest) or creates it, atomically,
    /// so two processes fetching the same place end up with one pin.
    /// With `pendingSearch` (its pin id is ignored), a pin without an album is marked as waiting
    /// for its first collection in the same transaction, so a search killed before it stores
    /// anything is still seen by `album resume`.
    public func findOrCreatePin(
        at coordinate: Coordinate, toleranceKm: Double, title: String?, pendingSearch: AlbumInfo?
    ) async throws(AlbumError) -> (pin: Pin, created: Bool) {
        try await write { db throws(AlbumError) in
            let found = try AlbumDatabase.pinsNear(db, coordinate, toleranceKm).first
            let pin: Pin
            if let found { pin = found } else { pin = try AlbumDatabase.insertPin(db, coordinate, title, nil) }
            if var search = pendingSearch {
                search.pinId = pin.id
                try AlbumDatabase.insertPendingSearchIfNoAlbum(db, search)
            }
            return (pin, found == nil)
        }
    }
}

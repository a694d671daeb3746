import AlbumModel
import AlbumSeam

/// Place naming (`PlaceNamingStore` on SQLite): one body per method (decision 0075-store).
extension SQLiteLibraryStore {
    /// Whether some pin or photo waits for a place name. Run on every open: `INDEXED BY` keeps
    /// it on the partial indexes of unnamed rows whatever the statistics say (an `ANALYZE` taken
    /// before naming made SQLite scan a million photos instead).
    public func hasUnnamedPlaces() async throws(AlbumError) -> Bool {
        try await read { db throws(AlbumError) in
            try db.queryOne("""
                SELECT EXISTS (SELECT 1 FROM pins INDEXED BY pins_unnamed WHERE named_at IS NULL)
                    OR EXISTS (SELECT 1 FROM photos INDEXED BY photos_unnamed WHERE named_at IS NULL)
                """)?.int(0) == 1
        }
    }

    /// The key of the place data that named the rows (`PlaceDataKey.value`); nil when not known.
    public func placeDataKey() async throws(AlbumError) -> String? {
        try await read { db throws(AlbumError) in try db.queryOne("SELECT key FROM place_data WHERE id = 1")?.string(0) }
    }

    /// Whether some pin or photo has been named (with whatever data named it).
    public func hasNamedPlaces() async throws(AlbumError) -> Bool {
        try await read { db throws(AlbumError) in
            try db.queryOne("""
                SELECT EXISTS (SELECT 1 FROM pins WHERE named_at IS NOT NULL)
                    OR EXISTS (SELECT 1 FROM photos WHERE named_at IS NOT NULL)
                """)?.int(0) == 1
        }
    }

    /// Records `key` as the place data of the library. With `renaming`, every pin and photo
    /// waits to be named again, in the same transaction (their names, zones and offsets stay
    /// until they are: an offset the camera, GPS or user gave is decided again the same way).
    public func setPlaceDataKey(_ key: String, description: String, renaming: Bool) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            if renaming {
                try db.run("UPDATE pins SET named_at = NULL WHERE named_at IS NOT NULL")
                try db.run("UPDATE photos SET named_at = NULL WHERE named_at IS NOT NULL")
            }
            try db.run("UPDATE place_data SET key = ?, description = ? WHERE id = 1", [key, description])
        }
    }

    /// Up to `limit` pins waiting for a place name.
    public func unnamedPins(limit: Int) async throws(AlbumError) -> [UnnamedPin] {
        try await read { db throws(AlbumError) in
            try db.query("SELECT id, latitude, longitude FROM pins INDEXED BY pins_unnamed WHERE named_at IS NULL ORDER BY id LIMIT ?", [limit])
                .map { row throws(AlbumError) in
                    UnnamedPin(id: row.int64(0) ?? 0, coordinate: try Coordinate(latitude: row.double(1) ?? .nan, longitude: row.double(2) ?? .nan))
                }
        }
    }

    /// Up to `limit` photos waiting for a place name (their pins are named first).
    public func unnamedPhotos(limit: Int) async throws(AlbumError) -> [UnnamedPhoto] {
        try await read { db throws(AlbumError) in
            try db.query("""
                SELECT f.id, f.latitude, f.longitude, p.time_zone, f.taken_at, f.gps_time, f.position_source, f.source,
                    f.clock_offset
                FROM photos f INDEXED BY photos_unnamed LEFT JOIN pins p ON p.id = f.pin_id
                WHERE f.named_at IS NULL ORDER BY f.id LIMIT ?
                """, [limit]
            ).map { row in
                UnnamedPhoto(
                    id: row.int64(0), latitude: row.double(1), longitude: row.double(2), pinTimeZone: row.string(3),
                    takenAt: row.string(4), gpsTime: row.string(5), positionSource: row.string(6), source: row.string(7),
                    clockOffset: row.string(8))
            }
        }
    }

    /// Stores the places and zones of pins, in one transaction.
    public func setPinPlaces(_ named: [(id: Int64, place: Place?, timeZone: String?)]) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            let now = Timestamp.now()
            for (id, place, zone) in named {
                try db.run("""
                    UPDATE pins SET place_name = ?, place_region = ?, place_country = ?, place_country_code = ?,
                        place_distance_km = ?, time_zone = ?, named_at = ? WHERE id = ?
                    """, [place?.name, place?.region, place?.country, place?.countryCode, place?.distanceKm, zone, now, id])
            }
        }
    }

    /// Stores the places, zones and offsets of photos, in one transaction.
    public func setPhotoPlaces(_ named: [(id: Int64, local: PhotoPlace)]) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            let now = Timestamp.now()
            for (id, local) in named {
                let place = local.place
                try db.run("""
                    UPDATE photos SET place_name = ?, place_region = ?, place_country = ?, place_country_code = ?,
                        place_distance_km = ?, time_zone = ?, utc_offset = ?, offset_source = ?, position_source = ?,
                        named_at = ? WHERE id = ?
                    """, [place?.name, place?.region, place?.country, place?.countryCode, place?.distanceKm, local.timeZone,
                          local.offset, AlbumDatabase.storedOffsetSource(local.offsetSource), local.positionSource?.rawValue, now, id])
            }
        }
    }

    /// The places of the library's photos (each photo's own place, else its pin's) and pins,
    /// most photos first, optionally of one country.
    public func placeCounts(countryCode: String?) async throws(AlbumError) -> [LibraryPlace] {
        try await read { db throws(AlbumError) in
            try db.query("""
                SELECT name, region, country, cc, count(DISTINCT pin), count(photo) FROM (\(LibraryPlace.rows))
                WHERE name IS NOT NULL AND (?1 IS NULL OR cc = ?1)
                GROUP BY name, region, cc ORDER BY count(photo) DESC, name
                """, [countryCode]
            ).map { row in
                LibraryPlace(
                    name: row.string(0) ?? "", region: row.string(1), country: row.string(2), countryCode: row.string(3) ?? "",
                    pins: row.int(4) ?? 0, photos: row.int(5) ?? 0)
            }
        }
    }
}

extension AlbumDatabase {
    /// `offset_source` as stored: `user` is NULL (see the migration addPhotoClockOffset).
    static func storedOffsetSource(_ source: OffsetSource?) -> String? {
        source == .user ? nil : source?.rawValue
    }
}

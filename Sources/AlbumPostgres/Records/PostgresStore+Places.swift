#if PostgreSQL
import AlbumModel
import AlbumSeam

/// Place naming on PostgreSQL (issue 16): the rows `Library.nameNewPlaces` names, as SQLite's
/// `AlbumDatabase+Places`. The place data is read by the process that names them: any `album`
/// that opens the library names what is waiting.
extension PostgresStore {
    public func hasUnnamedPlaces() async throws(AlbumError) -> Bool {
        try await read { db throws(AlbumError) in
            try await db.queryOne("""
                SELECT EXISTS (SELECT 1 FROM pins WHERE named_at IS NULL) OR EXISTS (SELECT 1 FROM photos WHERE named_at IS NULL)
                """)?.bool(0) == true
        }
    }

    public func unnamedPins(limit: Int) async throws(AlbumError) -> [UnnamedPin] {
        try await read { db throws(AlbumError) in
            var pins: [UnnamedPin] = []
            for row in try await db.query("SELECT id, latitude, longitude FROM pins WHERE named_at IS NULL ORDER BY id LIMIT $1", [limit]) {
                pins.append(UnnamedPin(
                    id: row.int64(0) ?? 0, coordinate: try Coordinate(latitude: row.double(1) ?? .nan, longitude: row.double(2) ?? .nan)))
            }
            return pins
        }
    }

    public func unnamedPhotos(limit: Int) async throws(AlbumError) -> [UnnamedPhoto] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT f.id, f.latitude, f.longitude, p.time_zone, f.taken_at, f.gps_time, f.position_source, f.source,
                    f.clock_offset
                FROM photos f LEFT JOIN pins p ON p.id = f.pin_id
                WHERE f.named_at IS NULL ORDER BY f.id LIMIT $1
                """, [limit]
            ).map { row in
                UnnamedPhoto(
                    id: row.int64(0), latitude: row.double(1), longitude: row.double(2), pinTimeZone: row.string(3),
                    takenAt: row.string(4), gpsTime: row.string(5), positionSource: row.string(6), source: row.string(7),
                    clockOffset: row.string(8))
            }
        }
    }

    /// `album places`, as SQLite's `AlbumDatabase.placeCounts` (names ordered bytewise, as there).
    public func placeCounts(countryCode: String?) async throws(AlbumError) -> [LibraryPlace] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT name, region, min(country), cc, count(DISTINCT pin), count(photo) FROM (\(LibraryPlace.rows)) named
                WHERE name IS NOT NULL AND ($1::text IS NULL OR cc = $1::text)
                GROUP BY name, region, cc ORDER BY count(photo) DESC, name COLLATE "C"
                """, [countryCode]
            ).map { row in
                LibraryPlace(
                    name: row.string(0) ?? "", region: row.string(1), country: row.string(2), countryCode: row.string(3) ?? "",
                    pins: row.int(4) ?? 0, photos: row.int(5) ?? 0)
            }
        }
    }

    public func setPinPlaces(_ named: [(id: Int64, place: Place?, timeZone: String?)]) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            let now = Timestamp.now()
            for (id, place, zone) in named {
                try await db.run("""
                    UPDATE pins SET place_name = $1, place_region = $2, place_country = $3, place_country_code = $4,
                        place_distance_km = $5, time_zone = $6, named_at = $7 WHERE id = $8
                    """, [place?.name, place?.region, place?.country, place?.countryCode, place?.distanceKm, zone, now, id])
            }
        }
    }

    public func setPhotoPlaces(_ named: [(id: Int64, local: PhotoPlace)]) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            let now = Timestamp.now()
            for (id, local) in named {
                let place = local.place
                // `user` is stored as NULL beside an offset, as on SQLite (its CHECK does not name it).
                let source = local.offsetSource == .user ? nil : local.offsetSource?.rawValue
                try await db.run("""
                    UPDATE photos SET place_name = $1, place_region = $2, place_country = $3, place_country_code = $4,
                        place_distance_km = $5, time_zone = $6, utc_offset = $7, offset_source = $8, position_source = $9,
                        named_at = $10 WHERE id = $11
                    """, [place?.name, place?.region, place?.country, place?.countryCode, place?.distanceKm, local.timeZone,
                          local.offset, source, local.positionSource?.rawValue, now, id])
            }
        }
    }

    // MARK: The place data key (decision 0008, third section; 0045-places), as on SQLite

    public func placeDataKey() async throws(AlbumError) -> String? {
        try await read { db throws(AlbumError) in try await db.queryOne("SELECT key FROM place_data WHERE id = 1")?.string(0) }
    }

    public func hasNamedPlaces() async throws(AlbumError) -> Bool {
        try await read { db throws(AlbumError) in
            try await db.queryOne("""
                SELECT EXISTS (SELECT 1 FROM pins WHERE named_at IS NOT NULL) OR EXISTS (SELECT 1 FROM photos WHERE named_at IS NOT NULL)
                """)?.bool(0) == true
        }
    }

    public func setPlaceDataKey(_ key: String, description: String, renaming: Bool) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            if renaming {
                try await db.run("UPDATE pins SET named_at = NULL WHERE named_at IS NOT NULL")
                try await db.run("UPDATE photos SET named_at = NULL WHERE named_at IS NOT NULL")
            }
            try await db.run("UPDATE place_data SET key = $1, description = $2 WHERE id = 1", [key, description])
        }
    }
}
#endif

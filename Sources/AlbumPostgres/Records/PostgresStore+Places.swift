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
                    id: row.int64("id") ?? 0, coordinate: try Coordinate(latitude: row.double("latitude") ?? .nan, longitude: row.double("longitude") ?? .nan)))
            }
            return pins
        }
    }

    public func unnamedPhotos(limit: Int) async throws(AlbumError) -> [UnnamedPhoto] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT f.id AS id, f.latitude AS latitude, f.longitude AS longitude, p.time_zone AS pin_time_zone, f.taken_at AS taken_at,
                    f.gps_time AS gps_time, f.position_source AS position_source, f.source AS source, f.clock_offset AS clock_offset
                FROM photos f LEFT JOIN pins p ON p.id = f.pin_id
                WHERE f.named_at IS NULL ORDER BY f.id LIMIT $1
                """, [limit]
            ).map { row in
                UnnamedPhoto(
                    id: row.int64("id"), latitude: row.double("latitude"), longitude: row.double("longitude"),
                    pinTimeZone: row.string("pin_time_zone"), takenAt: row.string("taken_at"), gpsTime: row.string("gps_time"),
                    positionSource: row.string("position_source"), source: row.string("source"), clockOffset: row.string("clock_offset"))
            }
        }
    }

    /// `album places`, as SQLite's `AlbumDatabase.placeCounts` (names ordered bytewise, as there).
    public func placeCounts(countryCode: String?) async throws(AlbumError) -> [LibraryPlace] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT name, region, min(country) AS country, cc, count(DISTINCT pin) AS pins, count(photo) AS photos FROM (\(LibraryPlace.rows)) named
                WHERE name IS NOT NULL AND ($1::text IS NULL OR cc = $1::text)
                GROUP BY name, region, cc ORDER BY count(photo) DESC, name COLLATE "C"
                """, [countryCode]
            ).map { row in
                LibraryPlace(
                    name: row.string("name") ?? "", region: row.string("region"), country: row.string("country"),
                    countryCode: row.string("cc") ?? "", pins: row.int("pins") ?? 0, photos: row.int("photos") ?? 0)
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

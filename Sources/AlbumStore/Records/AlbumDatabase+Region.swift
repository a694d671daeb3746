import AlbumModel
import AlbumSeam

extension AlbumDatabase {
    /// Stores the map region (one per library), replacing the previous one.
    public func setRegion(_ region: Region) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("""
                INSERT INTO region (id, latitude, longitude, span_latitude, span_longitude, updated_at)
                VALUES (1, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                    span_latitude = excluded.span_latitude, span_longitude = excluded.span_longitude,
                    updated_at = excluded.updated_at
                """,
                [region.center.latitude, region.center.longitude, region.spanLatitude, region.spanLongitude,
                 Timestamp.now()])
        }
    }

    /// The stored map region, or nil when none was set.
    public func region() throws(AlbumError) -> Region? {
        try read { db throws(AlbumError) in
            guard let row = try db.queryOne(
                "SELECT latitude, longitude, span_latitude, span_longitude FROM region WHERE id = 1")
            else { return nil }
            return try Region(
                center: Coordinate(latitude: row.double(0) ?? .nan, longitude: row.double(1) ?? .nan),
                spanLatitude: row.double(2) ?? 0, spanLongitude: row.double(3) ?? 0)
        }
    }
}

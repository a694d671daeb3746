import AlbumModel
import AlbumSeam

/// The map region (`PinStore` on SQLite): one body per method (decision 0075-store).
extension SQLiteLibraryStore {
    public func setRegion(_ region: Region) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
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

    public func region() async throws(AlbumError) -> Region? {
        try await read { db throws(AlbumError) in
            guard let row = try db.queryOne(
                "SELECT latitude, longitude, span_latitude, span_longitude FROM region WHERE id = 1")
            else { return nil }
            return try Region(
                center: Coordinate(latitude: row.double(0) ?? .nan, longitude: row.double(1) ?? .nan),
                spanLatitude: row.double(2) ?? 0, spanLongitude: row.double(3) ?? 0)
        }
    }
}

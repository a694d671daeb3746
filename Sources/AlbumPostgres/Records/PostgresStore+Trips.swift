#if PostgreSQL
import AlbumModel
import AlbumSeam

/// Trips and homes on PostgreSQL (`TripStore`, issue 29), as SQLite's `AlbumDatabase+Trips`.
extension PostgresStore {
    public func dayPlaces() async throws(AlbumError) -> [DayPlace] {
        try await read { db throws(AlbumError) in
            var places: [DayPlace] = []
            // The day_cells roll-up the triggers keep (decision 0102-entries), as SQLite's.
            for row in try await db.query("""
                SELECT local_date AS day,
                    CASE WHEN cell < 0 THEN NULL ELSE latitude_sum / (photos + entries) END AS lat,
                    CASE WHEN cell < 0 THEN NULL ELSE longitude_sum / (photos + entries) END AS lon,
                    photos, entries, first_at AS first, last_at AS last
                FROM day_cells
                ORDER BY day, first
                """) {
                guard let day = row.string("day").flatMap({ LocalDate($0) }) else { continue }
                var coordinate: Coordinate?
                if let lat = row.double("lat"), let lon = row.double("lon") {
                    coordinate = try? Coordinate(latitude: min(90, max(-90, lat)), longitude: min(180, max(-180, lon)))
                }
                places.append(DayPlace(
                    date: day, coordinate: coordinate, photos: row.int("photos") ?? 0, entries: row.int("entries") ?? 0,
                    first: row.string("first") ?? "", last: row.string("last") ?? ""))
            }
            return places
        }
    }

    public func homes() async throws(AlbumError) -> [Home] {
        try await read { db throws(AlbumError) in
            var homes: [Home] = []
            for row in try await db.query("SELECT id, latitude, longitude, place_name, since FROM homes ORDER BY coalesce(since, ''), id") {
                homes.append(Home(
                    id: row.int64("id") ?? 0,
                    coordinate: try Coordinate(latitude: row.double("latitude") ?? 0, longitude: row.double("longitude") ?? 0),
                    placeName: row.string("place_name"), since: row.string("since").flatMap { LocalDate($0) }))
            }
            return homes
        }
    }

    public func setHome(_ coordinate: Coordinate, placeName: String?, since: LocalDate?) async throws(AlbumError) -> Home {
        try await write { db throws(AlbumError) in
            try await db.run("DELETE FROM homes WHERE coalesce(since, '') = $1", [since?.description ?? ""])
            guard let id = try await db.queryOne(
                "INSERT INTO homes (latitude, longitude, place_name, since, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                [coordinate.latitude, coordinate.longitude, placeName, since?.description, Timestamp.now()])?.int64(0)
            else { throw .database("\(name): a new home vanished after insert") }
            return Home(id: id, coordinate: coordinate, placeName: placeName, since: since)
        }
    }

    public func removeHome(id: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            guard try await db.run("DELETE FROM homes WHERE id = $1", [id]) == 1 else { throw .notFound("no home with id \(id)") }
        }
    }
}
#endif

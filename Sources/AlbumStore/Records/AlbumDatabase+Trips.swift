import AlbumModel
import AlbumSeam

/// Trips and homes (`TripStore` on SQLite, issue 29): each method is the one body of its query
/// (decision 0075-store).
extension SQLiteLibraryStore {
    public func dayPlaces() async throws(AlbumError) -> [DayPlace] {
        try await read { db throws(AlbumError) in
            var places: [DayPlace] = []
            try db.forEachRow(AlbumDatabase.dayPlacesSQL, []) { row throws(AlbumError) in
                guard let day = row.string("day").flatMap({ LocalDate($0) }) else { return }
                var coordinate: Coordinate?
                if let lat = row.double("lat"), let lon = row.double("lon") {
                    // A mean of sums: clamped against the last bit of rounding at the poles and ±180.
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
            try db.query("SELECT id, latitude, longitude, place_name, since FROM homes ORDER BY coalesce(since, ''), id").map(AlbumDatabase.home)
        }
    }

    public func setHome(_ coordinate: Coordinate, placeName: String?, since: LocalDate?) async throws(AlbumError) -> Home {
        try await write { db throws(AlbumError) in
            try db.run("DELETE FROM homes WHERE coalesce(since, '') = ?", [since?.description ?? ""])
            var values = Columns()
            values.set("latitude", coordinate.latitude)
            values.set("longitude", coordinate.longitude)
            values.set("place_name", placeName)
            values.set("since", since?.description)
            values.set("created_at", Timestamp.now())
            let id = try db.insert(into: "homes", values)
            return Home(id: id, coordinate: coordinate, placeName: placeName, since: since)
        }
    }

    public func removeHome(id: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            guard try db.run("DELETE FROM homes WHERE id = ?", [id]) == 1 else { throw .notFound("no home with id \(id)") }
        }
    }
}

extension AlbumDatabase {
    /// Photos and entries with a local date, by day and 0.1° cell (the `day_cells` roll-up the
    /// triggers keep, decision 0102-entries): the cell's mean position, counts, first and last
    /// local time.
    static let dayPlacesSQL = """
        SELECT local_date AS day,
            CASE WHEN cell < 0 THEN NULL ELSE latitude_sum / (photos + entries) END AS lat,
            CASE WHEN cell < 0 THEN NULL ELSE longitude_sum / (photos + entries) END AS lon,
            photos, entries, first_at AS first, last_at AS last
        FROM day_cells
        ORDER BY day, first
        """

    static func home(_ row: Row) throws(AlbumError) -> Home {
        let coordinate = try Coordinate(latitude: row.double("latitude") ?? 0, longitude: row.double("longitude") ?? 0)
        return Home(id: row.int64("id") ?? 0, coordinate: coordinate, placeName: row.string("place_name"),
                    since: row.string("since").flatMap { LocalDate($0) })
    }
}

import AlbumModel
import AlbumSeam

/// Summaries (`MemoryStore` on SQLite): each method is the one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    /// The roll-up rows of a period, in date order (cheap: no photo row is read).
    public func dayPlaceCounts(from: LocalDate, to: LocalDate) async throws(AlbumError) -> [DayPlaceCount] {
        try await read { db throws(AlbumError) in try AlbumDatabase.dayRows(db, from, to) }
    }

    /// The pins with these ids as summaries name them.
    public func places(_ ids: Set<Int64>) async throws(AlbumError) -> [Int64: PlaceInfo] {
        try await read { db throws(AlbumError) in
            try AlbumDatabase.placeInfos(db, ids)
        }
    }

    /// Everything a summary of `from…to` needs, read in one transaction (a read is one).
    public func periodFacts(from: LocalDate, to: LocalDate) async throws(AlbumError) -> PeriodFacts {
        try await read { db throws(AlbumError) in
            let days = try AlbumDatabase.dayRows(db, from, to)
            let places = try AlbumDatabase.placeInfos(db, Set(days.compactMap(\.pinId)))
            // Places with a photo before the period, at any pin (a town visited before from
            // another pin is not new).
            var placesSeenBefore = Set<PlaceKey>()
            for row in try db.query("""
                SELECT id, place_name, place_region, place_country, place_country_code, place_distance_km FROM pins n
                WHERE EXISTS (SELECT 1 FROM photo_days d WHERE d.pin_id = n.id AND d.local_date < ?)
                """, [from.description])
            {
                guard let id = row.int64("id") else { continue }
                placesSeenBefore.insert(RowDecoder.place(row).map { PlaceKey.named($0) } ?? .pin(id))
            }
            let range: [any SQLBindable] = [from.description, to.description]
            var tags: [TagName: Int] = [:]
            // Photos' own tags, less those whose pin has the tag too (counted next, with the pin's).
            for row in try db.query("""
                SELECT d.tag AS tag, sum(d.photos) AS photos,
                    sum(CASE WHEN EXISTS (SELECT 1 FROM pin_tags t WHERE t.pin_id = d.pin_id AND t.tag = d.tag) THEN d.photos ELSE 0 END)
                        AS pin_tagged
                FROM photo_tag_days d WHERE d.local_date BETWEEN ? AND ? GROUP BY d.tag
                """, range)
            {
                tags[TagName(stored: row.string("tag") ?? ""), default: 0] += (row.int("photos") ?? 0) - (row.int("pin_tagged") ?? 0)
            }
            for row in try db.query("""
                SELECT pt.tag AS tag, sum(d.photos) AS photos FROM photo_days d JOIN pin_tags pt ON pt.pin_id = d.pin_id
                WHERE d.local_date BETWEEN ? AND ? GROUP BY pt.tag
                """, range)
            {
                tags[TagName(stored: row.string("tag") ?? ""), default: 0] += row.int("photos") ?? 0
            }
            let edge = """
                SELECT \(AlbumDatabase.entryColumns) FROM \(AlbumDatabase.entryFrom) WHERE p.local_date BETWEEN ? AND ?
                ORDER BY p.local_date DIR, p.taken_at DIR, p.id DIR LIMIT 1
                """
            let first = try db.queryOne(edge.replacingOccurrences(of: "DIR", with: "ASC"), range).map(RowDecoder.entry)
            let last = try db.queryOne(edge.replacingOccurrences(of: "DIR", with: "DESC"), range).map(RowDecoder.entry)
            return PeriodFacts(
                from: from, to: to, days: days, places: places, placesSeenBefore: placesSeenBefore, tags: tags, first: first,
                last: last)
        }
    }

    /// Thumbnails to choose a collage from: for each local day and pin of the period, about
    /// `perGroup` downloaded photos with a thumbnail, evenly spaced over the day's photos there
    /// (by capture time), in time order.
    public func collageCandidates(from: LocalDate, to: LocalDate, perGroup: Int) async throws(AlbumError) -> [PhotoEntry] {
        try await read { db throws(AlbumError) in
            try db.query("""
                SELECT \(AlbumDatabase.entryColumns) FROM (
                    SELECT id, row_number() OVER w AS n, count(*) OVER (PARTITION BY local_date, coalesce(pin_id, 0)) AS c
                    FROM photos WHERE local_date BETWEEN ?1 AND ?2 AND state = 'downloaded' AND thumbnail IS NOT NULL
                    WINDOW w AS (PARTITION BY local_date, coalesce(pin_id, 0) ORDER BY taken_at, id)
                ) c JOIN photos p ON p.id = c.id LEFT JOIN pins n ON n.id = p.pin_id
                WHERE c.n = 1 OR ((c.n - 1) * ?3) / c.c <> ((c.n - 2) * ?3) / c.c
                ORDER BY p.local_date, p.taken_at, p.id
                """, [from.description, to.description, perGroup]).map(RowDecoder.entry)
        }
    }
}

extension AlbumDatabase {

    static func dayRows(_ db: SQL, _ from: LocalDate, _ to: LocalDate) throws(AlbumError) -> [DayPlaceCount] {
        var days: [DayPlaceCount] = []
        try db.forEachRow("""
            SELECT local_date, pin_id, make, model, photos, first_taken FROM photo_days
            WHERE local_date BETWEEN ? AND ? ORDER BY local_date, first_taken, pin_id
            """, [from.description, to.description]) { row in
            if let day = RowDecoder.dayPlaceCount(row) { days.append(day) }
        }
        return days
    }

    static func placeInfos(_ db: SQL, _ ids: Set<Int64>) throws(AlbumError) -> [Int64: PlaceInfo] {
        var places: [Int64: PlaceInfo] = [:]
        for id in ids {
            guard let row = try db.queryOne("""
                SELECT title, latitude, longitude, place_name, place_region, place_country, place_country_code,
                    place_distance_km FROM pins WHERE id = ?
                """, [id]),
                let coordinate = try? Coordinate(latitude: row.double("latitude") ?? 0, longitude: row.double("longitude") ?? 0)
            else { continue }
            places[id] = PlaceInfo(pinId: id, title: row.string("title"), coordinate: coordinate, place: RowDecoder.place(row))
        }
        return places
    }

}

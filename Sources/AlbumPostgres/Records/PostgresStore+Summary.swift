#if PostgreSQL
import AlbumModel
import AlbumSeam

/// Summaries, the card's collage and photo placing on PostgreSQL (`MemoryStore`), as SQLite's
/// `AlbumDatabase+Summary` and `+Placing`. SQLite reads its `photo_days` roll-up tables; here the
/// same rows are a `GROUP BY` over `photos_by_local_date`: no photo row comes to Swift.
extension PostgresStore {
    static func dayRows(_ db: Session, _ from: LocalDate, _ to: LocalDate) async throws(AlbumError) -> [DayPlaceCount] {
        try await db.query("""
            SELECT local_date, coalesce(pin_id, 0) AS pin_id, coalesce(camera_make, '') AS make,
                coalesce(camera_model, '') AS model, count(*) AS photos, min(taken_at COLLATE "C") AS first_taken
            FROM photos WHERE local_date BETWEEN $1 AND $2 GROUP BY 1, 2, 3, 4 ORDER BY 1, first_taken, 2
            """, [from.description, to.description]
        ).compactMap(RowDecoder.dayPlaceCount)
    }

    static func placeInfos(_ db: Session, _ ids: Set<Int64>) async throws(AlbumError) -> [Int64: PlaceInfo] {
        var places: [Int64: PlaceInfo] = [:]
        for row in try await db.query("""
            SELECT id, title, latitude, longitude, place_name, place_region, place_country, place_country_code, place_distance_km
            FROM pins WHERE id = ANY($1::bigint[])
            """, [Array(ids)])
        {
            guard let id = row.int64("id"),
                  let coordinate = try? Coordinate(latitude: row.double("latitude") ?? 0, longitude: row.double("longitude") ?? 0)
            else { continue }
            places[id] = PlaceInfo(pinId: id, title: row.string("title"), coordinate: coordinate, place: RowDecoder.place(row))
        }
        return places
    }

    public func dayPlaceCounts(from: LocalDate, to: LocalDate) async throws(AlbumError) -> [DayPlaceCount] {
        try await read { db throws(AlbumError) in try await Self.dayRows(db, from, to) }
    }

    public func places(_ ids: Set<Int64>) async throws(AlbumError) -> [Int64: PlaceInfo] {
        try await read { db throws(AlbumError) in try await Self.placeInfos(db, ids) }
    }

    /// Everything a summary of `from…to` needs, in one transaction (one snapshot).
    public func periodFacts(from: LocalDate, to: LocalDate) async throws(AlbumError) -> PeriodFacts {
        try await write { db throws(AlbumError) in
            try await db.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let days = try await Self.dayRows(db, from, to)
            let places = try await Self.placeInfos(db, Set(days.compactMap(\.pinId)))
            // Places with a photo before the period, at any pin (a town visited before from
            // another pin is not new).
            var placesSeenBefore = Set<PlaceKey>()
            for row in try await db.query("""
                SELECT id, place_name, place_region, place_country, place_country_code, place_distance_km FROM pins n
                WHERE EXISTS (SELECT 1 FROM photos p WHERE p.pin_id = n.id AND p.local_date < $1)
                """, [from.description])
            {
                guard let id = row.int64("id") else { continue }
                placesSeenBefore.insert(RowDecoder.place(row).map { PlaceKey.named($0) } ?? .pin(id))
            }
            let range: [any PostgresArgument] = [from.description, to.description]
            var tags: [TagName: Int] = [:]
            // Photos' own tags, less those whose pin has the tag too (counted next, with the pin's).
            for row in try await db.query("""
                SELECT t.tag AS tag, count(*) AS photos FROM photo_tags t JOIN photos p ON p.id = t.photo_id
                WHERE p.local_date BETWEEN $1 AND $2
                    AND NOT EXISTS (SELECT 1 FROM pin_tags pt WHERE pt.pin_id = p.pin_id AND pt.tag = t.tag)
                GROUP BY t.tag
                """, range)
            {
                tags[TagName(stored: row.string("tag") ?? ""), default: 0] += row.int("photos") ?? 0
            }
            for row in try await db.query("""
                SELECT pt.tag AS tag, count(*) AS photos FROM photos p JOIN pin_tags pt ON pt.pin_id = p.pin_id
                WHERE p.local_date BETWEEN $1 AND $2 GROUP BY pt.tag
                """, range)
            {
                tags[TagName(stored: row.string("tag") ?? ""), default: 0] += row.int("photos") ?? 0
            }
            let edge = """
                SELECT \(Self.entryColumns) FROM \(Self.entryFrom) WHERE p.local_date BETWEEN $1 AND $2
                ORDER BY p.local_date DIR, p.taken_at COLLATE "C" DIR, p.id DIR LIMIT 1
                """
            let first = try await db.queryOne(edge.replacingOccurrences(of: "DIR", with: "ASC"), range).map(RowDecoder.entry)
            let last = try await db.queryOne(edge.replacingOccurrences(of: "DIR", with: "DESC"), range).map(RowDecoder.entry)
            return PeriodFacts(
                from: from, to: to, days: days, places: places, placesSeenBefore: placesSeenBefore, tags: tags, first: first,
                last: last)
        }
    }

    public func collageCandidates(from: LocalDate, to: LocalDate, perGroup: Int) async throws(AlbumError) -> [PhotoEntry] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT \(Self.entryColumns) FROM (
                    SELECT id, row_number() OVER w AS n, count(*) OVER (PARTITION BY local_date, coalesce(pin_id, 0)) AS c
                    FROM photos WHERE local_date BETWEEN $1 AND $2 AND state = 'downloaded' AND thumbnail IS NOT NULL
                    WINDOW w AS (PARTITION BY local_date, coalesce(pin_id, 0) ORDER BY taken_at COLLATE "C", id)
                ) c JOIN photos p ON p.id = c.id LEFT JOIN pins n ON n.id = p.pin_id
                WHERE c.n = 1 OR ((c.n - 1) * $3) / c.c <> ((c.n - 2) * $3) / c.c
                ORDER BY p.local_date, p.taken_at COLLATE "C", p.id
                """, [from.description, to.description, perGroup]).map(RowDecoder.entry)
        }
    }

    public func placePhoto(id: Int64, _ placement: PhotoPlacement) async throws(AlbumError) -> (photo: Photo, pin: Pin, created: Bool) {
        try await write { db throws(AlbumError) in
            guard let row = try await db.queryOne(
                "SELECT pin_id, suggested_pin_id, source, source_id FROM photos WHERE id = $1 FOR UPDATE", [id])
            else { throw .noPhoto(id, in: name) }
            var created = false
            let pin: Pin
            switch placement {
            case .pin(let pinId):
                guard let found = try await Self.fetchPin(db, id: pinId) else { throw .noPin(pinId, in: name) }
                pin = found
            case .coordinate(let coordinate, let radiusKm):
                // Pins are found then created one at a time across the library (as findOrCreatePin).
                try await db.run("SELECT pg_advisory_xact_lock(7226216002)")
                if let near = try await Self.pinsNear(db, coordinate, radiusKm).first {
                    pin = near
                } else {
                    pin = try await Self.insertPin(db, coordinate, nil, nil)
                    created = true
                }
            case .suggestion:
                guard let suggested = row.int64("suggested_pin_id"), let found = try await Self.fetchPin(db, id: suggested) else {
                    throw .invalidInput("photo \(id) has no suggested place; give --pin ID or --lat and --lon")
                }
                pin = found
            }
            if row.int64("pin_id") != pin.id {
                if let other = try await db.queryOne(
                    "SELECT id FROM photos WHERE pin_id = $1 AND source = $2 AND source_id = $3", [pin.id, row.string("source"), row.string("source_id")])
                {
                    throw .invalidInput("pin \(pin.id) already holds this photo as photo \(other.int64("id") ?? 0)")
                }
                // A photo that moves is named again for its new pin (SQLite's photos_place_moved trigger).
                try await db.run("""
                    UPDATE photos SET pin_id = $1, suggested_pin_id = NULL, updated_at = $2, named_at = NULL,
                        position = (SELECT coalesce(max(position) + 1, 0) FROM photos WHERE pin_id = $1)
                    WHERE id = $3
                    """, [pin.id, Timestamp.now(), id])
            }
            guard let photo = try await Self.decodePhotos(
                db.query("SELECT \(Self.photoColumns) FROM photos WHERE id = $1", [id])).first,
                let after = try await Self.fetchPin(db, id: pin.id)
            else { throw .database("photo \(id) vanished while it was placed") }
            return (photo, after, created)
        }
    }
}
#endif

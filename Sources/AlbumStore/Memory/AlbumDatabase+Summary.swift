import AlbumModel

/// Photos of one local day at one pin with one camera, from the `photo_days` roll-up.
public struct DayPlaceCount: Sendable, Hashable {
    public var date: LocalDate
    /// nil for unplaced photos.
    public var pinId: Int64?
    public var make: String?
    public var model: String?
    public var photos: Int
    /// The earliest `takenAt` among them.
    public var firstTaken: String?
}

/// A pin as summaries name it.
public struct PlaceInfo: Sendable, Hashable {
    public var pinId: Int64
    public var name: String?
    public var coordinate: Coordinate
}

/// What the database knows of a period, for `SummaryPlanner`.
public struct PeriodFacts: Sendable {
    public var from: LocalDate
    public var to: LocalDate
    public var days: [DayPlaceCount]
    /// Every pin in `days`.
    public var places: [Int64: PlaceInfo]
    /// Pins in `days` with no photo dated before `from`.
    public var newPlaces: Set<Int64>
    /// Photos per tag (a pin's tag counts its photos once; a photo with the tag on itself and
    /// on its pin once).
    public var tags: [TagName: Int]
    public var first: PhotoEntry?
    public var last: PhotoEntry?
}

extension AlbumDatabase {
    /// The roll-up rows of a period, in date order (cheap: no photo row is read).
    public func dayPlaceCounts(from: LocalDate, to: LocalDate) throws(AlbumError) -> [DayPlaceCount] {
        try read { db throws(AlbumError) in try Self.dayRows(db, from, to) }
    }

    static func dayRows(_ db: SQL, _ from: LocalDate, _ to: LocalDate) throws(AlbumError) -> [DayPlaceCount] {
        try db.query("""
            SELECT local_date, pin_id, make, model, photos, first_taken FROM photo_days
            WHERE local_date BETWEEN ? AND ? ORDER BY local_date, first_taken, pin_id
            """, [from.description, to.description]).compactMap { row in
            guard let date = row.string(0).flatMap({ LocalDate($0) }) else { return nil }
            let pin = row.int64(1) ?? 0
            return DayPlaceCount(
                date: date, pinId: pin == 0 ? nil : pin, make: row.string(2).flatMap { $0.isEmpty ? nil : $0 },
                model: row.string(3).flatMap { $0.isEmpty ? nil : $0 }, photos: row.int(4) ?? 0, firstTaken: row.string(5))
        }
    }

    /// The pins with these ids as summaries name them.
    public func places(_ ids: Set<Int64>) throws(AlbumError) -> [Int64: PlaceInfo] {
        try read { db throws(AlbumError) in
            var places: [Int64: PlaceInfo] = [:]
            for id in ids {
                guard let row = try db.queryOne("SELECT title, latitude, longitude FROM pins WHERE id = ?", [id]),
                      let coordinate = try? Coordinate(latitude: row.double(1) ?? 0, longitude: row.double(2) ?? 0)
                else { continue }
                places[id] = PlaceInfo(pinId: id, name: row.string(0), coordinate: coordinate)
            }
            return places
        }
    }

    /// Everything a summary of `from…to` needs, read in one transaction.
    public func periodFacts(from: LocalDate, to: LocalDate) throws(AlbumError) -> PeriodFacts {
        try read { db throws(AlbumError) in
            try db.execute("BEGIN")
            defer { try? db.execute("COMMIT") }
            let days = try Self.dayRows(db, from, to)
            let pinIds = Set(days.compactMap(\.pinId))
            var places: [Int64: PlaceInfo] = [:]
            var newPlaces = Set<Int64>()
            for id in pinIds {
                guard let row = try db.queryOne("SELECT title, latitude, longitude FROM pins WHERE id = ?", [id]),
                      let coordinate = try? Coordinate(latitude: row.double(1) ?? 0, longitude: row.double(2) ?? 0)
                else { continue }
                places[id] = PlaceInfo(pinId: id, name: row.string(0), coordinate: coordinate)
                if try db.queryOne(
                    "SELECT 1 FROM photo_days WHERE pin_id = ? AND local_date < ? LIMIT 1", [id, from.description]) == nil
                {
                    newPlaces.insert(id)
                }
            }
            let range: [any SQLBindable] = [from.description, to.description]
            var tags: [TagName: Int] = [:]
            for row in try db.query("""
                SELECT t.tag, count(*), sum(EXISTS (SELECT 1 FROM pin_tags pt WHERE pt.pin_id = p.pin_id AND pt.tag = t.tag))
                FROM photo_tags t JOIN photos p ON p.id = t.photo_id
                WHERE p.local_date BETWEEN ? AND ? GROUP BY t.tag
                """, range)
            {
                tags[TagName(stored: row.string(0) ?? ""), default: 0] += (row.int(1) ?? 0) - (row.int(2) ?? 0)
            }
            for row in try db.query("""
                SELECT pt.tag, sum(d.photos) FROM photo_days d JOIN pin_tags pt ON pt.pin_id = d.pin_id
                WHERE d.local_date BETWEEN ? AND ? GROUP BY pt.tag
                """, range)
            {
                tags[TagName(stored: row.string(0) ?? ""), default: 0] += row.int(1) ?? 0
            }
            let edge = """
                SELECT \(Self.entryColumns) FROM \(Self.entryFrom) WHERE p.local_date BETWEEN ? AND ?
                ORDER BY p.local_date DIR, p.taken_at DIR, p.id DIR LIMIT 1
                """
            let first = try db.queryOne(edge.replacingOccurrences(of: "DIR", with: "ASC"), range).map(Self.decodeEntry)
            let last = try db.queryOne(edge.replacingOccurrences(of: "DIR", with: "DESC"), range).map(Self.decodeEntry)
            return PeriodFacts(
                from: from, to: to, days: days, places: places, newPlaces: newPlaces, tags: tags, first: first, last: last)
        }
    }

    /// Thumbnails to choose a collage from: for each local day and pin of the period, about
    /// `perGroup` downloaded photos with a thumbnail, evenly spaced over the day's photos there
    /// (by capture time), in time order.
    public func collageCandidates(from: LocalDate, to: LocalDate, perGroup: Int) throws(AlbumError) -> [PhotoEntry] {
        try read { db throws(AlbumError) in
            try db.query("""
                SELECT \(Self.entryColumns) FROM (
                    SELECT id, row_number() OVER w AS n, count(*) OVER (PARTITION BY local_date, coalesce(pin_id, 0)) AS c
                    FROM photos WHERE local_date BETWEEN ?1 AND ?2 AND state = 'downloaded' AND thumbnail IS NOT NULL
                    WINDOW w AS (PARTITION BY local_date, coalesce(pin_id, 0) ORDER BY taken_at, id)
                ) c JOIN photos p ON p.id = c.id LEFT JOIN pins n ON n.id = p.pin_id
                WHERE c.n = 1 OR ((c.n - 1) * ?3) / c.c <> ((c.n - 2) * ?3) / c.c
                ORDER BY p.local_date, p.taken_at, p.id
                """, [from.description, to.description, perGroup]).map(Self.decodeEntry)
        }
    }
}

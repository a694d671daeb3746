#if PostgreSQL
import AlbumModel
import AlbumSeam

/// The timeline on PostgreSQL (`MemoryStore`), as SQLite's `AlbumDatabase+Timeline` and
/// `+Entries`: photos by `local_date` (the date part of `taken_at`), counts by `GROUP BY`.
extension PostgresStore {
    /// `p` is the photo, `n` its pin (LEFT JOINed: unplaced photos have none), read by name by
    /// `RowDecoder.entry`, as SQLite's. The place is the photo's own, else its pin's, else the pin's title.
    static let entryColumns = """
        p.id AS id, p.pin_id AS pin_id, p.title AS title, p.state AS state, p.taken_at AS taken_at,
        p.local_date AS local_date, coalesce(p.place_name, n.place_name, n.title) AS place,
        coalesce(p.latitude, n.latitude) AS latitude, coalesce(p.longitude, n.longitude) AS longitude,
        p.thumbnail AS thumbnail, p.source AS source
        """
    static let entryFrom = "photos p LEFT JOIN pins n ON n.id = p.pin_id"
    /// Text orders bytewise, as SQLite's: the database's own collation may differ.
    static let timeOrder = "p.local_date DESC, p.taken_at COLLATE \"C\" DESC, p.id DESC"

    /// The conditions a filter puts on `p` (`PhotoFilterSQL`, as SQLite's), with `?` for its
    /// arguments (`Session.numbered` makes them `$n`).
    static func conditions(_ filter: PhotoFilter) -> (sql: String, arguments: [any PostgresArgument]) {
        let conditions = PhotoFilterSQL(filter)
        return (conditions.sql, Self.bound(conditions.arguments))
    }

    /// The filters' values (`PhotoFilterSQL`, `EntryFilterSQL`) as PostgreSQL binds them.
    static func bound(_ values: [PhotoFilterSQL.Value]) -> [any PostgresArgument] {
        values.map { value -> any PostgresArgument in
            switch value {
            case .text(let text): text
            case .integer(let number): number
            }
        }
    }

    public func lastPhotoId() async throws(AlbumError) -> Int64 {
        try await read { db throws(AlbumError) in try await db.queryOne("SELECT coalesce(max(id), 0) AS last FROM photos")?.int64("last") ?? 0 }
    }

    public func timelineSlice(_ filter: PhotoFilter, offset: Int, limit: Int) async throws(AlbumError) -> TimelineSlice {
        let (whereSQL, arguments) = Self.conditions(filter)
        return try await read { db throws(AlbumError) in
            let total: Int, dated: Int
            if let totals = try await Self.photoTotals(db, filter) {
                (total, dated) = totals
            } else {
                let counts = try await db.queryOne(
                    Session.numbered("SELECT count(*) AS total, count(p.local_date) AS dated FROM photos p WHERE \(whereSQL)"), arguments)
                total = counts?.int("total") ?? 0
                dated = counts?.int("dated") ?? 0
            }
            var photos: [PhotoEntry] = []
            if offset < dated {
                photos = try await db.query(Session.numbered("""
                    SELECT \(Self.entryColumns) FROM \(Self.entryFrom)
                    WHERE p.local_date IS NOT NULL AND \(whereSQL)
                    ORDER BY \(Self.timeOrder) LIMIT ? OFFSET ?
                    """), arguments + [limit, offset]).map(RowDecoder.entry)
            }
            if photos.count < limit {
                photos += try await db.query(Session.numbered("""
                    SELECT \(Self.entryColumns) FROM \(Self.entryFrom)
                    WHERE p.local_date IS NULL AND \(whereSQL)
                    ORDER BY p.id DESC LIMIT ? OFFSET ?
                    """), arguments + [limit - photos.count, max(0, offset - dated)]).map(RowDecoder.entry)
            }
            return TimelineSlice(total: total, dated: dated, photos: photos)
        }
    }

    /// (all photos, dated photos) from `photo_totals` (decision 0058), or nil when the filter
    /// narrows the photos by more than `asOf` or photos newer than `asOf` exist: one statement,
    /// so the totals and that check see the same snapshot.
    static func photoTotals(_ db: Session, _ filter: PhotoFilter) async throws(AlbumError) -> (Int, Int)? {
        guard filter.pinId == nil, filter.tag == nil, filter.source == nil, filter.from == nil, filter.to == nil else { return nil }
        let row = try await db.queryOne("""
            SELECT coalesce(sum(dated), 0)::bigint AS dated, coalesce(sum(undated), 0)::bigint AS undated,
                EXISTS (SELECT 1 FROM photos WHERE id > $1) AS newer FROM photo_totals
            """, [filter.asOf ?? Int64.max])
        guard let row, row.bool("newer") == false else { return nil }
        let dated = row.int("dated") ?? 0
        return (dated + (row.int("undated") ?? 0), dated)
    }

    public func photosPerDay(_ filter: PhotoFilter, from: LocalDate, to: LocalDate) async throws(AlbumError) -> [LocalDate: Int] {
        var narrowed = filter
        narrowed.from = max(from, filter.from ?? from)
        narrowed.to = min(to, filter.to ?? to)
        let (whereSQL, arguments) = Self.conditions(narrowed)
        return try await read { db throws(AlbumError) in
            var counts: [LocalDate: Int] = [:]
            for row in try await db.query(
                Session.numbered("SELECT p.local_date AS local_date, count(*) AS photos FROM photos p WHERE \(whereSQL) GROUP BY p.local_date"), arguments)
            {
                if let day = row.string("local_date").flatMap({ LocalDate($0) }) { counts[day] = row.int("photos") ?? 0 }
            }
            return counts
        }
    }
}

extension Session {
    /// `sql` with each `?` numbered `$1`, `$2`, … in order (the filters' conditions are written
    /// with `?`, like SQLite's, and joined into larger statements).
    static func numbered(_ sql: String) -> String {
        var out = ""
        var n = 0
        for c in sql {
            if c == "?" {
                n += 1
                out += "$\(n)"
            } else {
                out.append(c)
            }
        }
        return out
    }
}
#endif

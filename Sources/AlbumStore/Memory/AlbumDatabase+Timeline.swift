import AlbumModel
import AlbumSeam

/// The timeline (`MemoryStore` on SQLite): each method is the one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    /// `limit` photos of the timeline after skipping `offset`, in timeline order.
    public func timelineSlice(_ filter: PhotoFilter, offset: Int, limit: Int) async throws(AlbumError) -> TimelineSlice {
        let (whereSQL, arguments) = AlbumDatabase.conditions(filter)
        return try await read { db throws(AlbumError) in
            let total: Int, dated: Int
            if let rolledUp = try AlbumDatabase.rolledUpCounts(db, filter) {
                (total, dated) = rolledUp
            } else {
                let counts = try db.queryOne(
                    "SELECT count(*) AS total, count(p.local_date) AS dated FROM photos p WHERE \(whereSQL)", arguments)
                total = counts?.int("total") ?? 0
                dated = counts?.int("dated") ?? 0
            }
            var photos: [PhotoEntry] = []
            if offset < dated {
                photos = try db.query("""
                    SELECT \(AlbumDatabase.entryColumns) FROM \(AlbumDatabase.entryFrom)
                    WHERE p.local_date IS NOT NULL AND \(whereSQL)
                    ORDER BY p.local_date DESC, p.taken_at DESC, p.id DESC LIMIT ? OFFSET ?
                    """, arguments + [limit, offset]).map(RowDecoder.entry)
            }
            if photos.count < limit {
                let undatedOffset = max(0, offset - dated)
                photos += try db.query("""
                    SELECT \(AlbumDatabase.entryColumns) FROM \(AlbumDatabase.entryFrom)
                    WHERE p.local_date IS NULL AND \(whereSQL)
                    ORDER BY p.id DESC LIMIT ? OFFSET ?
                    """, arguments + [limit - photos.count, undatedOffset]).map(RowDecoder.entry)
            }
            return TimelineSlice(total: total, dated: dated, photos: photos)
        }
    }

    /// Photos per local day between two days (inclusive) that the filter selects.
    public func photosPerDay(_ filter: PhotoFilter, from: LocalDate, to: LocalDate) async throws(AlbumError) -> [LocalDate: Int] {
        var narrowed = filter
        narrowed.from = max(from, filter.from ?? from)
        narrowed.to = min(to, filter.to ?? to)
        let (whereSQL, arguments) = AlbumDatabase.conditions(narrowed)
        return try await read { [narrowed] db throws(AlbumError) in
            var counts: [LocalDate: Int] = [:]
            if try AlbumDatabase.rollUpAnswers(db, narrowed) {
                for row in try db.query(
                    "SELECT local_date, sum(photos) AS photos FROM photo_days WHERE local_date BETWEEN ? AND ? GROUP BY local_date",
                    [narrowed.from?.description ?? "", narrowed.to?.description ?? ""])
                {
                    if let day = row.string("local_date").flatMap({ LocalDate($0) }) { counts[day] = row.int("photos") ?? 0 }
                }
                return counts
            }
            for row in try db.query(
                "SELECT p.local_date AS local_date, count(*) AS photos FROM photos p WHERE \(whereSQL) GROUP BY p.local_date", arguments)
            {
                if let day = row.string("local_date").flatMap({ LocalDate($0) }) { counts[day] = row.int("photos") ?? 0 }
            }
            return counts
        }
    }
}

extension AlbumDatabase {

    /// Whether the `photo_days` roll-up answers for this filter: only dates narrow it, and its
    /// snapshot (`asOf`) holds every photo there is.
    static func rollUpAnswers(_ db: SQL, _ filter: PhotoFilter) throws(AlbumError) -> Bool {
        guard filter.pinId == nil, filter.tag == nil, filter.source == nil else { return false }
        guard let asOf = filter.asOf else { return true }
        return try db.queryOne("SELECT 1 FROM photos WHERE id > ? LIMIT 1", [asOf]) == nil
    }

    /// (all photos, dated photos) from the roll-ups, or nil when they do not answer for the
    /// filter: without date bounds the one-row `photo_totals` (decision 0058), with them the
    /// `photo_days` of those days.
    static func rolledUpCounts(_ db: SQL, _ filter: PhotoFilter) throws(AlbumError) -> (Int, Int)? {
        guard try rollUpAnswers(db, filter) else { return nil }
        if filter.from == nil && filter.to == nil {
            let totals = try db.queryOne("SELECT dated, undated FROM photo_totals")
            let dated = totals?.int("dated") ?? 0
            return (dated + (totals?.int("undated") ?? 0), dated)
        }
        // Undated photos are only in a listing without date bounds.
        let dated = try db.queryOne(
            "SELECT coalesce(sum(photos), 0) AS dated FROM photo_days WHERE local_date BETWEEN ? AND ?",
            [filter.from?.description ?? "0000-00-00", filter.to?.description ?? "9999-99-99"])?.int("dated") ?? 0
        return (dated, dated)
    }

}

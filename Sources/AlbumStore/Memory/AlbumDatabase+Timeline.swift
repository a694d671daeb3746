import AlbumModel

/// A slice of the timeline in its order (newest local day first, then newest time, then
/// highest id; photos without a date after every dated one), with counts per local day.
public struct TimelineSlice: Sendable {
    /// Photos the filter selects in all.
    public var total: Int
    /// Of `total`, photos with a local date.
    public var dated: Int
    public var photos: [PhotoEntry]
}

extension AlbumDatabase {
    /// `limit` photos of the timeline after skipping `offset`, in timeline order.
    public func timelineSlice(_ filter: PhotoFilter, offset: Int, limit: Int) throws(AlbumError) -> TimelineSlice {
        let (whereSQL, arguments) = Self.conditions(filter)
        return try read { db throws(AlbumError) in
            let counts = try db.queryOne(
                "SELECT count(*), count(p.local_date) FROM photos p WHERE \(whereSQL)", arguments)
            let total = counts?.int(0) ?? 0
            let dated = counts?.int(1) ?? 0
            var photos: [PhotoEntry] = []
            if offset < dated {
                photos = try db.query("""
                    SELECT \(Self.entryColumns) FROM \(Self.entryFrom)
                    WHERE p.local_date IS NOT NULL AND \(whereSQL)
                    ORDER BY p.local_date DESC, p.taken_at DESC, p.id DESC LIMIT ? OFFSET ?
                    """, arguments + [limit, offset]).map(Self.decodeEntry)
            }
            if photos.count < limit {
                let undatedOffset = max(0, offset - dated)
                photos += try db.query("""
                    SELECT \(Self.entryColumns) FROM \(Self.entryFrom)
                    WHERE p.local_date IS NULL AND \(whereSQL)
                    ORDER BY p.id DESC LIMIT ? OFFSET ?
                    """, arguments + [limit - photos.count, undatedOffset]).map(Self.decodeEntry)
            }
            return TimelineSlice(total: total, dated: dated, photos: photos)
        }
    }

    /// Photos per local day between two days (inclusive) that the filter selects.
    public func photosPerDay(_ filter: PhotoFilter, from: LocalDate, to: LocalDate) throws(AlbumError) -> [LocalDate: Int] {
        var narrowed = filter
        narrowed.from = max(from, filter.from ?? from)
        narrowed.to = min(to, filter.to ?? to)
        let (whereSQL, arguments) = Self.conditions(narrowed)
        return try read { db throws(AlbumError) in
            var counts: [LocalDate: Int] = [:]
            for row in try db.query(
                "SELECT p.local_date, count(*) FROM photos p WHERE \(whereSQL) GROUP BY p.local_date", arguments)
            {
                if let day = row.string(0).flatMap({ LocalDate($0) }) { counts[day] = row.int(1) ?? 0 }
            }
            return counts
        }
    }
}

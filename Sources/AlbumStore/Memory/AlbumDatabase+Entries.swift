import AlbumModel
import AlbumSeam

/// The last photo (`MemoryStore` on SQLite): each method is the one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    /// The highest photo id, 0 for an empty library.
    public func lastPhotoId() async throws(AlbumError) -> Int64 {
        try await read { db throws(AlbumError) in try db.queryOne("SELECT coalesce(max(id), 0) AS last FROM photos")?.int64("last") ?? 0 }
    }
}

/// The SQL shared by the timeline, search and summaries: which photos a filter selects, and
/// how a photo row becomes a `PhotoEntry`.
extension AlbumDatabase {
    /// `p` is the photo, `n` its pin (LEFT JOINed: unplaced photos have none). The place is the
    /// photo's own place name, else its pin's, else the pin's title. Read by name by `RowDecoder.entry` (AlbumSeam), as PostgreSQL's.
    static let entryColumns = """
        p.id AS id, p.pin_id AS pin_id, p.title AS title, p.state AS state, p.taken_at AS taken_at,
        p.local_date AS local_date, coalesce(p.place_name, n.place_name, n.title) AS place,
        coalesce(p.latitude, n.latitude) AS latitude, coalesce(p.longitude, n.longitude) AS longitude,
        p.thumbnail AS thumbnail, p.source AS source
        """
    static let entryFrom = "photos p LEFT JOIN pins n ON n.id = p.pin_id"

    /// The conditions a filter puts on `p` (`PhotoFilterSQL`), and their arguments in order.
    static func conditions(_ filter: PhotoFilter) -> (sql: String, arguments: [any SQLBindable]) {
        let conditions = PhotoFilterSQL(filter)
        return (conditions.sql, Self.bound(conditions.arguments))
    }

    /// The filters' values (`PhotoFilterSQL`, `EntryFilterSQL`) as SQLite binds them.
    static func bound(_ values: [PhotoFilterSQL.Value]) -> [any SQLBindable] {
        values.map { value -> any SQLBindable in
            switch value {
            case .text(let text): text
            case .integer(let number): number
            }
        }
    }
}

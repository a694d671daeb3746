import AlbumModel

extension AlbumDatabase {
    /// Searches matching more photos than this list the newest first, not the best ranked.
    public static let rankedMatches = 10_000

    /// Photos whose title, pin title or note, tags, camera, file name or place match `text`
    /// (FTS5, diacritics folded), that the filter selects, ranked by BM25 (titles and tags
    /// weigh most), then newest first; past `rankedMatches` matches, newest first only.
    public func find(_ text: SearchText, filter: PhotoFilter, limit: Int) throws(AlbumError) -> SearchResults {
        let (whereSQL, arguments) = Self.conditions(filter)
        let match = text.ftsQuery
        let unfiltered = filter == PhotoFilter()
        return try read { db throws(AlbumError) in
            let total = try db.queryOne(
                unfiltered
                    ? "SELECT count(*) AS matches FROM photo_search WHERE photo_search MATCH ?"
                    : "SELECT count(*) AS matches FROM photo_search s JOIN photos p ON p.id = s.rowid WHERE photo_search MATCH ? AND \(whereSQL)",
                unfiltered ? [match] : [match] + arguments)?.int("matches") ?? 0
            // Ranking scores every match; past `rankedMatches` the newest come first instead
            // (FTS5 walks its index backwards and stops at the limit).
            let order = total <= Self.rankedMatches
                ? "bm25(photo_search, 10.0, 4.0, 8.0, 2.0, 3.0, 4.0), p.taken_at DESC, p.id DESC" : "s.rowid DESC"
            let photos = try db.query("""
                SELECT \(Self.entryColumns) FROM photo_search s JOIN photos p ON p.id = s.rowid
                LEFT JOIN pins n ON n.id = p.pin_id
                WHERE photo_search MATCH ? AND \(whereSQL)
                ORDER BY \(order) LIMIT ?
                """, [match] + arguments + [limit]).map(Self.decodeEntry)
            return SearchResults(query: text.text, total: total, photos: photos)
        }
    }
}

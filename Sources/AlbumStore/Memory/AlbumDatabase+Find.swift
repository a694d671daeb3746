import AlbumModel

extension AlbumDatabase {
    /// Photos whose title, pin title or note, tags, camera, file name or place match `text`
    /// (FTS5, diacritics folded), that the filter selects, ranked by BM25 (titles and tags
    /// weigh most), then newest first.
    public func find(_ text: SearchText, filter: PhotoFilter, limit: Int) throws(AlbumError) -> SearchResults {
        let (whereSQL, arguments) = Self.conditions(filter)
        let match = text.ftsQuery
        return try read { db throws(AlbumError) in
            let total = try db.queryOne("""
                SELECT count(*) FROM photo_search s JOIN photos p ON p.id = s.rowid
                WHERE photo_search MATCH ? AND \(whereSQL)
                """, [match] + arguments)?.int(0) ?? 0
            let photos = try db.query("""
                SELECT \(Self.entryColumns) FROM photo_search s JOIN photos p ON p.id = s.rowid
                LEFT JOIN pins n ON n.id = p.pin_id
                WHERE photo_search MATCH ? AND \(whereSQL)
                ORDER BY bm25(photo_search, 10.0, 4.0, 8.0, 2.0, 3.0, 4.0), p.taken_at DESC, p.id DESC LIMIT ?
                """, [match] + arguments + [limit]).map(Self.decodeEntry)
            return SearchResults(query: text.text, total: total, photos: photos)
        }
    }
}

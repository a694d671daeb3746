import AlbumModel
import AlbumSeam

/// Search (`MemoryStore` on SQLite): each method is the one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    /// Photos whose title, pin title or note, tags, camera, file name or place match `text`
    /// (FTS5, diacritics folded), that the filter selects, ranked by BM25 (titles and tags
    /// weigh most), then newest first; past `rankedMatches` matches, newest first only.
    public func find(_ text: SearchText, filter: PhotoFilter, limit: Int) async throws(AlbumError) -> SearchResults {
        let (whereSQL, arguments) = AlbumDatabase.conditions(filter)
        let match = text.ftsQuery
        let unfiltered = filter == PhotoFilter()
        return try await read { db throws(AlbumError) in
            let total = try db.queryOne(
                unfiltered
                    ? "SELECT count(*) AS matches FROM photo_search WHERE photo_search MATCH ?"
                    : "SELECT count(*) AS matches FROM photo_search s JOIN photos p ON p.id = s.rowid WHERE photo_search MATCH ? AND \(whereSQL)",
                unfiltered ? [match] : [match] + arguments)?.int("matches") ?? 0
            // Ranking scores every match; past `rankedMatches` the newest come first instead
            // (FTS5 walks its index backwards and stops at the limit).
            let order = total <= AlbumDatabase.rankedMatches
                ? "bm25(photo_search, 10.0, 4.0, 8.0, 2.0, 3.0, 4.0), p.taken_at DESC, p.id DESC" : "s.rowid DESC"
            let photos = try db.query("""
                SELECT \(AlbumDatabase.entryColumns) FROM photo_search s JOIN photos p ON p.id = s.rowid
                LEFT JOIN pins n ON n.id = p.pin_id
                WHERE photo_search MATCH ? AND \(whereSQL)
                ORDER BY \(order) LIMIT ?
                """, [match] + arguments + [limit]).map(RowDecoder.entry)
            return SearchResults(query: text.text, total: total, photos: photos)
        }
    }
}

/// Upkeep of the search index (SQLite only; not part of the seam).
extension SQLiteLibraryStore {
    /// Merges the search index's segments, about `pages` pages of work in one write transaction
    /// (FTS5 `merge` with a negative count: every segment may be merged). Re-indexing many photos
    /// (naming a library's places re-indexes each once) leaves the index in many segments full of
    /// delete markers, which a `find` of a common word reads through; merged, it is half the size.
    /// - Returns: whether there was work to do (call again until false).
    public func mergeSearchIndex(pages: Int) async throws(AlbumError) -> Bool {
        try await write { db throws(AlbumError) in
            let before = try db.queryOne("SELECT total_changes() AS changes")?.int64("changes") ?? 0
            try db.run("INSERT INTO photo_search (photo_search, rank) VALUES ('merge', ?)", [-max(1, pages)])
            let after = try db.queryOne("SELECT total_changes() AS changes")?.int64("changes") ?? 0
            // FTS5: a difference below 2 means the merge found nothing to do.
            return after - before >= 2
        }
    }
}

extension AlbumDatabase {
    /// Searches matching more photos than this list the newest first, not the best ranked.
    public static let rankedMatches = SearchRanking.rankedMatches
}

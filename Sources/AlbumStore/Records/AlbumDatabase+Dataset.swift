import AlbumModel
import AlbumSeam

/// `DatasetStore` on SQLite (issue 30): what credits and datasets read, a page at a time, one
/// body per method (decision 0075-store). One SQL text with a pin and one without (decision
/// 0135): `?1 IS NULL OR pin_id = ?1` cannot use an index, and a pin's export reads that pin's
/// rows only.
extension SQLiteLibraryStore {
    /// A page of every downloaded photo (state, after, limit): the rows after `after` in rowid
    /// order. NOT INDEXED: without statistics the planner would take `photos_by_state_pin` and
    /// sort every downloaded row, a page at a time.
    static let pageSQL = "SELECT \(AlbumDatabase.photoColumns) FROM photos NOT INDEXED WHERE state = ? AND id > ? ORDER BY id LIMIT ?"
    /// A page of one pin's (state, pin, after, limit): the pin's ids from the covering
    /// `photos_by_state_pin`, then their rows. Each page walks the pin's index entries:
    /// `ResearchPhotoPages` makes the pages grow.
    static let pinPageSQL = """
        SELECT \(AlbumDatabase.photoColumns) FROM photos WHERE id IN
            (SELECT id FROM photos WHERE state = ? AND pin_id = ? AND id > ? ORDER BY id LIMIT ?)
        ORDER BY id
        """

    public func downloadedPhotos(pinId: Int64?, after afterId: Int64?, limit: Int) async throws(AlbumError) -> DatasetPage {
        try await read { db throws(AlbumError) in
            let downloaded = PhotoState.downloaded.name, after = afterId ?? Int64.min
            // Rows read in place (`StatementRow`): a `Row` a photo cost more than its tar member.
            let photos = if let pinId {
                try db.decodeEach(Self.pinPageSQL, [downloaded, pinId, after, limit]) { row throws(AlbumError) in try RowDecoder.photo(row) }
            } else {
                try db.decodeEach(Self.pageSQL, [downloaded, after, limit]) { row throws(AlbumError) in try RowDecoder.photo(row) }
            }
            let page = DatasetPage(photos: photos, tags: [:])
            guard let ids = page.idRange else { return page }
            // The page's tags, by its id range (`+p.state`: without statistics the planner would
            // walk `photos_by_state_pin` for each page). UNION drops a tag a photo has twice (its
            // own and its pin's).
            let rows = if let pinId {
                try db.query("""
                    SELECT t.photo_id AS id, t.tag FROM photo_tags t JOIN photos p ON p.id = t.photo_id
                        WHERE p.pin_id = ?1 AND p.id BETWEEN ?2 AND ?3 AND +p.state = ?4
                    UNION SELECT p.id, t.tag FROM pin_tags t JOIN photos p ON p.pin_id = t.pin_id
                        WHERE t.pin_id = ?1 AND p.id BETWEEN ?2 AND ?3 AND +p.state = ?4
                    """, [pinId, ids.lowerBound, ids.upperBound, downloaded])
            } else {
                try db.query("""
                    SELECT t.photo_id AS id, t.tag FROM photo_tags t JOIN photos p ON p.id = t.photo_id
                        WHERE p.id BETWEEN ?1 AND ?2 AND +p.state = ?3
                    UNION SELECT p.id, t.tag FROM pin_tags t JOIN photos p ON p.pin_id = t.pin_id
                        WHERE p.id BETWEEN ?1 AND ?2 AND +p.state = ?3
                    """, [ids.lowerBound, ids.upperBound, downloaded])
            }
            let tags = rows.compactMap { row -> (Int64, String)? in
                guard let id = row.int64(0), let tag = row.string(1) else { return nil }
                return (id, tag)
            }
            return DatasetPage(photos: photos, tags: SQLiteLibraryStore.groupTags(tags))
        }
    }
}

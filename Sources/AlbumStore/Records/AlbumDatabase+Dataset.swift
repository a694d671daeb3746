import AlbumModel
import AlbumSeam

/// `DatasetStore` on SQLite (issue 30): what credits and datasets read, one body per method
/// (decision 0075-store).
extension SQLiteLibraryStore {
    public func downloadedPhotos(pinId: Int64?) async throws(AlbumError) -> [Photo] {
        try await read { db throws(AlbumError) in
            let pinned = pinId == nil ? "" : " AND pin_id = ?"
            // Rows read in place (`StatementRow`): a `Row` a photo cost more than its tar member.
            return try db.decodeEach(
                "SELECT \(AlbumDatabase.photoColumns) FROM photos WHERE state = ?\(pinned) ORDER BY id",
                [PhotoState.downloaded.name] + (pinId.map { [$0] } ?? [])
            ) { row throws(AlbumError) in try RowDecoder.photo(row) }
        }
    }

    public func photoTags(pinId: Int64?) async throws(AlbumError) -> [Int64: [TagName]] {
        try await read { db throws(AlbumError) in
            // ?1 NULL: every photo. UNION drops a tag a photo has twice (its own and its pin's).
            let rows = try db.query("""
                SELECT t.photo_id AS id, t.tag FROM photo_tags t JOIN photos p ON p.id = t.photo_id
                    WHERE ?1 IS NULL OR p.pin_id = ?1
                UNION SELECT p.id, t.tag FROM pin_tags t JOIN photos p ON p.pin_id = t.pin_id
                    WHERE ?1 IS NULL OR p.pin_id = ?1
                """, [pinId]).compactMap { row -> (Int64, String)? in
                guard let id = row.int64(0), let tag = row.string(1) else { return nil }
                return (id, tag)
            }
            return SQLiteLibraryStore.groupTags(rows)
        }
    }
}
